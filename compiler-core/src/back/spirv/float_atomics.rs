//! Images for devices without float atomic adds on global memory.
//!
//! Kernels add floats and doubles atomically both ways (see
//! `lower/atomic.rs`): with `OpAtomicFAddEXT` when the width's
//! specialization constant ([`crate::bundle::FLOAT_ATOMIC_ADD_SPEC`],
//! [`crate::bundle::DOUBLE_ATOMIC_ADD_SPEC`]) is true, with a
//! compare-exchange loop otherwise. A device without the feature must not
//! even see the instruction's capability, so its copy of the image has
//! neither that capability nor (when no width is left) the extension, and
//! each `OpAtomicFAddEXT` of that width (in the branch it never takes)
//! becomes a plain load of the same element. naga (WGSL for WebGPU) reads
//! images without any.

use super::words::{instructions, literal_string, opcode};

const OP_EXTENSION: u32 = 10;
const OP_CAPABILITY: u32 = 17;
const OP_TYPE_FLOAT: u32 = 22;
const OP_LOAD: u32 = 61;
const OP_ATOMIC_F_ADD_EXT: u32 = 6035;
const EXTENSION: &str = "SPV_EXT_shader_atomic_float_add";

/// The capability of float atomic adds of `width` bits.
fn capability(width: u32) -> Option<u32> {
    match width {
        32 => Some(6033), // AtomicFloat32AddEXT
        64 => Some(6034), // AtomicFloat64AddEXT
        _ => None,
    }
}

/// The widths (32, 64) of the float atomic adds the module declares.
pub fn float_atomic_add_widths(words: &[u32]) -> Vec<u32> {
    [32, 64]
        .into_iter()
        .filter(|&w| {
            instructions(words)
                .any(|ins| opcode(ins) == OP_CAPABILITY && ins.get(1).copied() == capability(w))
        })
        .collect()
}

/// `words` without the float atomic adds of `widths` (see the module
/// comment); None when the module has none of them.
pub fn without_float_atomic_adds(words: &[u32], widths: &[u32]) -> Option<Vec<u32>> {
    let used = float_atomic_add_widths(words);
    let dropped: Vec<u32> = used
        .iter()
        .copied()
        .filter(|w| widths.contains(w))
        .collect();
    if words.len() < 5 || dropped.is_empty() {
        return None;
    }
    let dropped_caps: Vec<u32> = dropped.iter().filter_map(|&w| capability(w)).collect();
    let keeps_extension = dropped.len() < used.len();
    // Float types by result id, for the width of each add.
    let float_widths: Vec<(u32, u32)> = instructions(words)
        .filter(|ins| opcode(ins) == OP_TYPE_FLOAT && ins.len() >= 3)
        .map(|ins| (ins[1], ins[2]))
        .collect();
    let width_of = |ty: u32| {
        float_widths
            .iter()
            .find(|(id, _)| *id == ty)
            .map(|(_, w)| *w)
    };
    let mut out = Vec::with_capacity(words.len());
    out.extend_from_slice(&words[..5]);
    for ins in instructions(words) {
        match opcode(ins) {
            OP_CAPABILITY if ins.len() >= 2 && dropped_caps.contains(&ins[1]) => {}
            OP_EXTENSION if !keeps_extension && literal_string(&ins[1..]) == EXTENSION => {}
            // Result type, result, pointer (then scope, semantics, value).
            OP_ATOMIC_F_ADD_EXT
                if ins.len() >= 4 && width_of(ins[1]).is_some_and(|w| dropped.contains(&w)) =>
            {
                out.extend_from_slice(&[4 << 16 | OP_LOAD, ins[1], ins[2], ins[3]]);
            }
            _ => out.extend_from_slice(ins),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::binary::Assemble;
    use rspirv::spirv::{AddressingModel, Capability, MemoryModel, Op, StorageClass};

    /// A module with one float and one double atomic add on storage buffers.
    fn both_widths() -> Vec<u32> {
        let mut b = rspirv::dr::Builder::new();
        b.capability(Capability::Shader);
        b.capability(Capability::Float64);
        b.capability(Capability::AtomicFloat32AddEXT);
        b.capability(Capability::AtomicFloat64AddEXT);
        b.extension(EXTENSION);
        b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
        let void = b.type_void();
        let f32_t = b.type_float(32, None);
        let f64_t = b.type_float(64, None);
        let u32_t = b.type_int(32, 0);
        let p32 = b.type_pointer(None, StorageClass::StorageBuffer, f32_t);
        let p64 = b.type_pointer(None, StorageClass::StorageBuffer, f64_t);
        let v32 = b.variable(p32, None, StorageClass::StorageBuffer, None);
        let v64 = b.variable(p64, None, StorageClass::StorageBuffer, None);
        let scope = b.constant_bit32(u32_t, 1);
        let relaxed = b.constant_bit32(u32_t, 0);
        let one32 = b.constant_bit32(f32_t, 1.0f32.to_bits());
        let one64 = b.constant_bit64(f64_t, 1.0f64.to_bits());
        let fn_t = b.type_function(void, []);
        b.begin_function(void, None, rspirv::spirv::FunctionControl::NONE, fn_t)
            .unwrap();
        b.begin_block(None).unwrap();
        b.atomic_f_add_ext(f32_t, None, v32, scope, relaxed, one32)
            .unwrap();
        b.atomic_f_add_ext(f64_t, None, v64, scope, relaxed, one64)
            .unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        b.module().assemble()
    }

    fn ops(words: &[u32]) -> Vec<Op> {
        let m = rspirv::dr::load_words(words).expect("SPIR-V");
        m.functions[0].blocks[0]
            .instructions
            .iter()
            .map(|i| i.class.opcode)
            .collect()
    }

    #[test]
    fn drops_only_the_widths_asked_for() {
        let words = both_widths();
        assert_eq!(float_atomic_add_widths(&words), [32, 64]);
        let no_doubles = without_float_atomic_adds(&words, &[64]).unwrap();
        assert_eq!(float_atomic_add_widths(&no_doubles), [32]);
        assert_eq!(ops(&no_doubles), [Op::AtomicFAddEXT, Op::Load, Op::Return]);
        let m = rspirv::dr::load_words(&no_doubles).unwrap();
        assert_eq!(
            m.extensions.len(),
            1,
            "the float adds still need the extension"
        );
        let none = without_float_atomic_adds(&words, &[32, 64]).unwrap();
        assert!(float_atomic_add_widths(&none).is_empty());
        assert_eq!(ops(&none), [Op::Load, Op::Load, Op::Return]);
        assert!(rspirv::dr::load_words(&none).unwrap().extensions.is_empty());
        assert_eq!(without_float_atomic_adds(&none, &[32, 64]), None);
    }
}
