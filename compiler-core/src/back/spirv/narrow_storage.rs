//! Images for devices without 8- or 16-bit storage.
//!
//! Kernels store `char`s and `short`s to global memory both ways (see
//! `lower/byte_memory.rs`): through a view of the memory as 8- or 16-bit
//! integers when the width's specialization constant
//! ([`crate::bundle::BYTE_STORE_SPEC`], [`crate::bundle::SHORT_STORE_SPEC`])
//! is true, with atomic operations on the word otherwise. A device without
//! the feature must not see the capability, nor any 8- or 16-bit type, so
//! its copy of the image has none: everything made of such a type goes (the
//! integer types themselves, the views' arrays, structs, pointers and
//! variables, their decorations and names) along with every instruction
//! that produces such a value or stores through such a pointer, which are
//! all in the branches the device never takes. The emitter makes 8- and 16-bit integers for those views only (`Int8`
//! and `Int16` are never declared), so a value of one reaches nothing else;
//! an image where one does is refused. naga (WGSL for WebGPU) reads images
//! without any.

use std::collections::HashSet;

use rspirv::binary::Assemble;
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, Op, Word};

use super::words::{instructions, opcode};

const EXTENSION_8BIT: &str = "SPV_KHR_8bit_storage";

/// The storage capabilities of integers of `width` bits.
fn capabilities(width: u32) -> &'static [Capability] {
    match width {
        8 => &[
            Capability::StorageBuffer8BitAccess,
            Capability::UniformAndStorageBuffer8BitAccess,
        ],
        16 => &[
            Capability::StorageBuffer16BitAccess,
            Capability::UniformAndStorageBuffer16BitAccess,
        ],
        _ => &[],
    }
}

/// Why an image's narrow storage could not be taken out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NarrowStorageError {
    #[error("the SPIR-V image does not parse: {0}")]
    Parse(String),
    #[error(
        "the SPIR-V image computes with {0}-bit integers, which only its storage views may hold"
    )]
    ArithmeticType(u32),
    #[error("a narrow integer reaches `Op{op:?}` (result %{id}), outside the narrow stores")]
    Escapes { op: Op, id: Word },
}

/// The widths (8, 16) of the narrow storage the module declares, read from
/// its capabilities (without parsing the module).
pub fn narrow_storage_widths(words: &[u32]) -> Vec<u32> {
    const OP_CAPABILITY: u32 = Op::Capability as u32;
    let declared: Vec<u32> = instructions(words)
        .take_while(|ins| opcode(ins) == OP_CAPABILITY)
        .filter_map(|ins| ins.get(1).copied())
        .collect();
    [8, 16]
        .into_iter()
        .filter(|&w| {
            capabilities(w)
                .iter()
                .any(|&c| declared.contains(&(c as u32)))
        })
        .collect()
}

/// `words` without the narrow storage of `widths` (see the module comment);
/// None when the module has none of it.
pub fn without_narrow_storage(
    words: &[u32],
    widths: &[u32],
) -> Result<Option<Vec<u32>>, NarrowStorageError> {
    let dropped: Vec<u32> = narrow_storage_widths(words)
        .into_iter()
        .filter(|w| widths.contains(w))
        .collect();
    if dropped.is_empty() {
        return Ok(None);
    }
    let mut module =
        rspirv::dr::load_words(words).map_err(|e| NarrowStorageError::Parse(e.to_string()))?;
    for &width in &dropped {
        let arithmetic = if width == 8 {
            Capability::Int8
        } else {
            Capability::Int16
        };
        if module
            .capabilities
            .iter()
            .any(|c| capability(c) == Some(arithmetic))
        {
            return Err(NarrowStorageError::ArithmeticType(width));
        }
    }
    let dropped_capabilities: Vec<Capability> = dropped
        .iter()
        .flat_map(|&w| capabilities(w))
        .copied()
        .collect();
    module
        .capabilities
        .retain(|c| capability(c).is_none_or(|c| !dropped_capabilities.contains(&c)));
    if dropped.contains(&8) {
        module
            .extensions
            .retain(|e| !matches!(e.operands.first(), Some(Operand::LiteralString(s)) if s == EXTENSION_8BIT));
    }
    remove_narrow_types(&mut module, &dropped)?;
    Ok(Some(module.assemble()))
}

/// Takes every 8- or 16-bit integer type (of `widths`), and everything
/// built on one, out of `module`.
fn remove_narrow_types(module: &mut Module, widths: &[u32]) -> Result<(), NarrowStorageError> {
    let mut narrow: HashSet<Word> = HashSet::new();
    let is_narrow_int = |i: &Instruction| {
        i.class.opcode == Op::TypeInt
            && matches!(i.operands.first(), Some(Operand::LiteralBit32(w)) if widths.contains(w))
    };
    // Types, constants and variables come before their uses.
    module.types_global_values.retain(|i| {
        let built_on_narrow = is_narrow_int(i)
            || i.result_type.is_some_and(|t| narrow.contains(&t))
            || ids(i).any(|id| narrow.contains(&id));
        if built_on_narrow {
            narrow.extend(i.result_id);
        }
        !built_on_narrow
    });
    if narrow.is_empty() {
        return Ok(());
    }
    for function in &mut module.functions {
        for block in &mut function.blocks {
            let mut kept = Vec::with_capacity(block.instructions.len());
            for i in block.instructions.drain(..) {
                let narrow_result = i.result_type.is_some_and(|t| narrow.contains(&t));
                let narrow_operand = ids(&i).any(|id| narrow.contains(&id));
                if narrow_result {
                    narrow.extend(i.result_id);
                } else if narrow_operand && i.class.opcode != Op::Store {
                    return Err(NarrowStorageError::Escapes {
                        op: i.class.opcode,
                        id: i.result_id.unwrap_or(0),
                    });
                }
                if !narrow_result && !narrow_operand {
                    kept.push(i);
                }
            }
            block.instructions = kept;
        }
    }
    module
        .annotations
        .retain(|i| !ids(i).any(|id| narrow.contains(&id)));
    module
        .debug_names
        .retain(|i| !ids(i).any(|id| narrow.contains(&id)));
    for entry in &mut module.entry_points {
        entry
            .operands
            .retain(|o| !matches!(o, Operand::IdRef(id) if narrow.contains(id)));
    }
    Ok(())
}

/// The ids an instruction's operands refer to.
fn ids(i: &Instruction) -> impl Iterator<Item = Word> + '_ {
    i.operands.iter().filter_map(|o| match o {
        Operand::IdRef(id) => Some(*id),
        _ => None,
    })
}

/// The capability an `OpCapability` declares.
fn capability(i: &Instruction) -> Option<Capability> {
    match i.operands.first() {
        Some(Operand::Capability(c)) => Some(*c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::dr::Builder;
    use rspirv::spirv::{AddressingModel, FunctionControl, MemoryModel, StorageClass};

    /// A module storing `value` to element 0 of a byte view, and, with
    /// `widened_load`, loading the byte back as a `u32` (which the emitter
    /// never does).
    fn byte_view(widened_load: bool) -> Vec<u32> {
        let mut b = Builder::new();
        b.set_version(1, 3);
        b.capability(Capability::Shader);
        b.capability(Capability::StorageBuffer8BitAccess);
        b.extension(EXTENSION_8BIT);
        b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
        let void = b.type_void();
        let u32_t = b.type_int(32, 0);
        let u8_t = b.type_int(8, 0);
        let ptr = b.type_pointer(None, StorageClass::StorageBuffer, u8_t);
        let var = b.variable(ptr, None, StorageClass::StorageBuffer, None);
        b.name(var, "bytes");
        let value = b.constant_bit32(u32_t, 7);
        let fn_t = b.type_function(void, []);
        let f = b
            .begin_function(void, None, FunctionControl::NONE, fn_t)
            .unwrap();
        b.begin_block(None).unwrap();
        let narrow = b.u_convert(u8_t, None, value).unwrap();
        b.store(var, narrow, None, []).unwrap();
        if widened_load {
            let loaded = b.load(u8_t, None, var, None, []).unwrap();
            b.u_convert(u32_t, None, loaded).unwrap();
        }
        b.ret().unwrap();
        b.end_function().unwrap();
        b.entry_point(rspirv::spirv::ExecutionModel::GLCompute, f, "k", [var]);
        b.module().assemble()
    }

    #[test]
    fn stores_through_byte_views_go() {
        let words = byte_view(false);
        assert_eq!(narrow_storage_widths(&words), [8]);
        assert_eq!(without_narrow_storage(&words, &[16]), Ok(None));
        let portable = without_narrow_storage(&words, &[8]).unwrap().unwrap();
        assert!(narrow_storage_widths(&portable).is_empty());
        let m = rspirv::dr::load_words(&portable).unwrap();
        assert!(m.extensions.is_empty());
        assert!(m.debug_names.is_empty());
        assert_eq!(m.entry_points[0].operands.len(), 3, "no interface left");
        let ops: Vec<Op> = m.functions[0].blocks[0]
            .instructions
            .iter()
            .map(|i| i.class.opcode)
            .collect();
        assert_eq!(ops, [Op::Return]);
    }

    #[test]
    fn a_narrow_value_used_otherwise_is_refused() {
        let words = byte_view(true);
        assert!(matches!(
            without_narrow_storage(&words, &[8]),
            Err(NarrowStorageError::Escapes {
                op: Op::UConvert,
                ..
            })
        ));
    }
}
