//! Fences in kernels for Mesa's llvmpipe (lavapipe). llvmpipe runs an
//! `OpMemoryBarrier` as a barrier of the whole work-group: the work-items
//! that reach one in divergent control flow (the fence of an ordered
//! compare-exchange in a retry loop that other work-items have left) never
//! finish, and nothing reports it. Every atomic operation llvmpipe runs is
//! sequentially consistent (gallivm builds them all with seq_cst ordering),
//! so a fence there orders nothing the atomics beside it do not already:
//! its kernels go without them.

use rspirv::binary::Assemble;
use rspirv::dr;
use rspirv::spirv::Op;

/// `words` without its `OpMemoryBarrier` instructions; None when it has
/// none. The error says what is malformed.
pub fn without_memory_barriers(words: &[u32]) -> Result<Option<Vec<u32>>, String> {
    let mut module = dr::load_words(words).map_err(|e| format!("unreadable SPIR-V: {e}"))?;
    let mut dropped = false;
    for block in module
        .functions
        .iter_mut()
        .flat_map(|f| f.blocks.iter_mut())
    {
        let before = block.instructions.len();
        block
            .instructions
            .retain(|i| i.class.opcode != Op::MemoryBarrier);
        dropped |= block.instructions.len() != before;
    }
    Ok(dropped.then(|| module.assemble()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::binary::Disassemble;
    use rspirv::spirv::{AddressingModel, Capability, FunctionControl, MemoryModel};

    /// A function with a fence and a work-group barrier.
    fn module() -> Vec<u32> {
        let mut b = dr::Builder::new();
        b.capability(Capability::Shader);
        b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
        let void = b.type_void();
        let uint = b.type_int(32, 0);
        let scope = b.constant_bit32(uint, 2);
        let semantics = b.constant_bit32(uint, 0x108);
        let fn_ty = b.type_function(void, vec![]);
        b.begin_function(void, None, FunctionControl::NONE, fn_ty)
            .unwrap();
        b.begin_block(None).unwrap();
        b.memory_barrier(scope, semantics).unwrap();
        b.control_barrier(scope, scope, semantics).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        b.module().assemble()
    }

    #[test]
    fn fences_go_and_work_group_barriers_stay() {
        let stripped = without_memory_barriers(&module()).unwrap().unwrap();
        let text = dr::load_words(&stripped).unwrap().disassemble();
        assert!(!text.contains("OpMemoryBarrier"), "{text}");
        assert!(text.contains("OpControlBarrier"), "{text}");
        assert!(without_memory_barriers(&stripped).unwrap().is_none());
    }
}
