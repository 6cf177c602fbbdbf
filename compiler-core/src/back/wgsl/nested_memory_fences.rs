//! Drops the memory fences WGSL cannot express. SPIR-V's `OpMemoryBarrier`
//! (an atomic's acquire or release order, `atomic_fence`) orders memory
//! without synchronizing work-items; WGSL has no such fence, only barriers
//! that every work-item of the group must reach, so naga writes the fence
//! as `storageBarrier()`/`workgroupBarrier()`, which WebGPU refuses in
//! control flow it cannot prove uniform (an ordered compare-exchange loop
//! of one work-item, a reduction's last group). A fence at the top level of
//! a function stays (a barrier there is as uniform as the call); one
//! inside an `if`, `switch` or loop is removed: WebGPU's atomics are
//! relaxed, and such a fence has nothing to order them with there.

use naga::{Block, Module, Statement};

/// Removes the nested memory fences of every function of `module`;
/// returns whether any was removed.
pub fn drop_nested_memory_fences(module: &mut Module) -> bool {
    let mut changed = false;
    for (_, function) in module.functions.iter_mut() {
        changed |= drop_in_nested_blocks(&mut function.body);
    }
    for entry in &mut module.entry_points {
        changed |= drop_in_nested_blocks(&mut entry.function.body);
    }
    changed
}

/// Drops the fences of the blocks nested in `block`'s statements.
fn drop_in_nested_blocks(block: &mut Block) -> bool {
    let mut changed = false;
    for statement in block.iter_mut() {
        for nested in nested_blocks(statement) {
            changed |= drop_fences(nested);
        }
    }
    changed
}

/// Drops every fence of `block`, at any depth.
fn drop_fences(block: &mut Block) -> bool {
    let before = block.len();
    let kept: Vec<_> = std::mem::take(block)
        .span_into_iter()
        .filter(|(s, _)| !matches!(s, Statement::MemoryBarrier(_)))
        .collect();
    let mut changed = kept.len() != before;
    for (statement, span) in kept {
        block.push(statement, span);
    }
    for statement in block.iter_mut() {
        for nested in nested_blocks(statement) {
            changed |= drop_fences(nested);
        }
    }
    changed
}

fn nested_blocks(statement: &mut Statement) -> Vec<&mut Block> {
    match statement {
        Statement::Block(b) => vec![b],
        Statement::If { accept, reject, .. } => vec![accept, reject],
        Statement::Switch { cases, .. } => cases.iter_mut().map(|c| &mut c.body).collect(),
        Statement::Loop {
            body, continuing, ..
        } => vec![body, continuing],
        _ => vec![],
    }
}
