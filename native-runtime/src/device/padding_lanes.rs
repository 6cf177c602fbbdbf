//! Padding lanes for Mesa's llvmpipe (lavapipe). llvmpipe runs a
//! work-group's invocations in vectors of 8 lanes (on 256-bit machines) along
//! x: where the work-group's x extent is not a multiple of the width, the
//! last vector of each row has lanes past the extent. Their stores are
//! masked, but they take part in control flow, and their loads of
//! work-group memory read zero: a loop whose exit depends on work-group
//! memory (`while (shared_step < n)`, as hierarchical kernels and
//! hand-written group loops have) never ends for them, until the driver's
//! loop limit cuts every loop of the vector short, real work-items' loops
//! after it included, and the results are silently wrong. The entry point
//! therefore returns at once on any invocation outside the work-group's
//! extent, which only padding lanes are.

use super::loop_audit::{
    built_in_variable, entry_point, existing_global, selection, work_group_size, Ids,
};
use rspirv::binary::Assemble;
use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{BuiltIn, Decoration, Op, StorageClass, Word};

/// `words` whose entry point `entry` returns first thing on invocations
/// past its `LocalSize`. The error says what is malformed.
pub fn padding_lanes_return(words: &[u32], entry: &str) -> Result<Vec<u32>, String> {
    let mut module = dr::load_words(words).map_err(|e| format!("unreadable SPIR-V: {e}"))?;
    let (position, function) = entry_point(&module, entry)?;
    let extent = work_group_size(&module, function)?;
    let mut ids = Ids::new(&module)?;
    let types = Types::declare(&mut module, &mut ids, extent);
    let interface = &mut module.entry_points[position].operands;
    if !interface[3..].contains(&Operand::IdRef(types.local_id)) {
        interface.push(Operand::IdRef(types.local_id));
    }
    let body = module
        .functions
        .iter_mut()
        .find(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(function))
        .ok_or("an entry point without its function")?;
    let first = body
        .blocks
        .first_mut()
        .ok_or("an entry point without code")?;
    let old_label = first.label_id().ok_or("a block without a label")?;
    let variables = first
        .instructions
        .iter()
        .take_while(|i| i.class.opcode == Op::Variable)
        .count();
    let rest = first.instructions.split_off(variables);
    let [outside, leave, stay] = [(); 3].map(|_| ids.fresh());
    outside_extent(&mut first.instructions, outside, &types, &mut ids);
    first.instructions.extend(selection(outside, leave, stay));
    let label = |id| Some(Instruction::new(Op::Label, None, Some(id), vec![]));
    let returning = dr::Block {
        label: label(leave),
        instructions: vec![Instruction::new(Op::Return, None, None, vec![])],
    };
    let continuing = dr::Block {
        label: label(stay),
        instructions: rest,
    };
    body.blocks.splice(1..1, [returning, continuing]);
    // The first block's successors now follow the new one.
    for phi in body
        .blocks
        .iter_mut()
        .flat_map(|b| b.instructions.iter_mut())
        .filter(|i| i.class.opcode == Op::Phi)
    {
        for pair in phi.operands.chunks_mut(2) {
            if pair.get(1) == Some(&Operand::IdRef(old_label)) {
                pair[1] = Operand::IdRef(stay);
            }
        }
    }
    ids.close(&mut module);
    Ok(module.assemble())
}

/// The types, constants and built-in the check uses.
struct Types {
    bool_ty: Word,
    u32_ty: Word,
    v3u32_ty: Word,
    local_id: Word,
    extent: [Word; 3],
}

impl Types {
    fn declare(module: &mut dr::Module, ids: &mut Ids, extent: [u32; 3]) -> Types {
        let existing = existing_global;
        let u32_operands = [Operand::LiteralBit32(32), Operand::LiteralBit32(0)];
        let bool_ty = existing(module, Op::TypeBool, &[]);
        let u32_ty = existing(module, Op::TypeInt, &u32_operands);
        let local_id = built_in_variable(module, BuiltIn::LocalInvocationId);
        let mut add =
            |module: &mut dr::Module, op: Op, ty: Option<Word>, operands: Vec<Operand>| {
                let id = ids.fresh();
                module
                    .types_global_values
                    .push(Instruction::new(op, ty, Some(id), operands));
                id
            };
        let bool_ty = bool_ty.unwrap_or_else(|| add(module, Op::TypeBool, None, vec![]));
        let u32_ty =
            u32_ty.unwrap_or_else(|| add(module, Op::TypeInt, None, u32_operands.to_vec()));
        let v3_operands = [Operand::IdRef(u32_ty), Operand::LiteralBit32(3)];
        let v3u32_ty = existing(module, Op::TypeVector, &v3_operands)
            .unwrap_or_else(|| add(module, Op::TypeVector, None, v3_operands.to_vec()));
        let extent = extent.map(|e| {
            add(
                module,
                Op::Constant,
                Some(u32_ty),
                vec![Operand::LiteralBit32(e)],
            )
        });
        let local_id = local_id.unwrap_or_else(|| {
            let input = vec![
                Operand::StorageClass(StorageClass::Input),
                Operand::IdRef(v3u32_ty),
            ];
            let pointer = existing(module, Op::TypePointer, &input)
                .unwrap_or_else(|| add(module, Op::TypePointer, None, input));
            let variable = add(
                module,
                Op::Variable,
                Some(pointer),
                vec![Operand::StorageClass(StorageClass::Input)],
            );
            module.annotations.push(Instruction::new(
                Op::Decorate,
                None,
                None,
                vec![
                    Operand::IdRef(variable),
                    Operand::Decoration(Decoration::BuiltIn),
                    Operand::BuiltIn(BuiltIn::LocalInvocationId),
                ],
            ));
            variable
        });
        Types {
            bool_ty,
            u32_ty,
            v3u32_ty,
            local_id,
            extent,
        }
    }
}

/// Code that computes into `outside` whether the invocation's local id is
/// past the work-group's extent in some dimension.
fn outside_extent(out: &mut Vec<Instruction>, outside: Word, t: &Types, ids: &mut Ids) {
    let (u, b) = (Some(t.u32_ty), Some(t.bool_ty));
    let id = ids.fresh();
    out.push(Instruction::new(
        Op::Load,
        Some(t.v3u32_ty),
        Some(id),
        vec![Operand::IdRef(t.local_id)],
    ));
    let mut past = vec![];
    for (k, extent) in t.extent.iter().enumerate() {
        let [component, beyond] = [(); 2].map(|_| ids.fresh());
        out.push(Instruction::new(
            Op::CompositeExtract,
            u,
            Some(component),
            vec![Operand::IdRef(id), Operand::LiteralBit32(k as u32)],
        ));
        out.push(Instruction::new(
            Op::UGreaterThanEqual,
            b,
            Some(beyond),
            vec![Operand::IdRef(component), Operand::IdRef(*extent)],
        ));
        past.push(beyond);
    }
    let xy = ids.fresh();
    out.push(Instruction::new(
        Op::LogicalOr,
        b,
        Some(xy),
        vec![Operand::IdRef(past[0]), Operand::IdRef(past[1])],
    ));
    out.push(Instruction::new(
        Op::LogicalOr,
        b,
        Some(outside),
        vec![Operand::IdRef(xy), Operand::IdRef(past[2])],
    ));
}

#[cfg(test)]
mod tests {
    use super::super::test_spirv::{from_wgsl as spirv, validated};
    use super::*;

    const GROUP_LOOP: &str = r#"
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
var<workgroup> step: u32;
@compute @workgroup_size(4, 4)
fn k(@builtin(local_invocation_index) lid: u32, @builtin(global_invocation_id) id: vec3<u32>) {
    if (lid == 0u) { step = 0u; }
    workgroupBarrier();
    loop {
        if (step >= 3u) { break; }
        workgroupBarrier();
        out[id.x + id.y * 8u] += 1u;
        if (lid == 0u) { step += 1u; }
        workgroupBarrier();
    }
}
"#;

    #[test]
    fn entry_point_returns_first_past_the_work_group_extent() {
        let words = padding_lanes_return(&spirv(GROUP_LOOP), "k").unwrap();
        validated(&words);
        let module = dr::load_words(&words).unwrap();
        let (position, function) = entry_point(&module, "k").unwrap();
        // The local id joined the interface.
        let local_id = module
            .annotations
            .iter()
            .find(|a| a.operands.get(2) == Some(&Operand::BuiltIn(BuiltIn::LocalInvocationId)))
            .and_then(|a| a.operands.first().cloned())
            .unwrap();
        assert!(module.entry_points[position].operands[3..].contains(&local_id));
        // The first block branches to a block that only returns.
        let body = module
            .functions
            .iter()
            .find(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(function))
            .unwrap();
        let branch = body.blocks[0].instructions.last().unwrap();
        assert_eq!(branch.class.opcode, Op::BranchConditional);
        let leave = branch.operands[1].unwrap_id_ref();
        let target = body
            .blocks
            .iter()
            .find(|b| b.label_id() == Some(leave))
            .unwrap();
        assert_eq!(target.instructions.len(), 1);
        assert_eq!(target.instructions[0].class.opcode, Op::Return);
    }

    #[test]
    fn rewrite_keeps_the_module_valid_when_it_declares_the_local_id() {
        let wgsl = GROUP_LOOP.replace(
            "@builtin(global_invocation_id) id: vec3<u32>",
            "@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_id) l: vec3<u32>",
        );
        let words = padding_lanes_return(&spirv(&wgsl), "k").unwrap();
        validated(&words);
    }
}
