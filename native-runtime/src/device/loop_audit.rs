//! Loop audit: makes a kernel report, on a device that cuts loops short,
//! that it was cut.
//!
//! Mesa's llvmpipe (lavapipe) counts the back edges a work-item takes, over
//! all the loops of a kernel, and past 65535 (`LP_MAX_TGSI_LOOP_ITERATIONS`)
//! leaves every loop at its next back edge: a long kernel finishes early
//! with wrong results and no error. The audit rewrites a copy of the module
//! so that such a cut is seen:
//!
//! - every edge to the merge block of an outermost loop (a `break`, or the
//!   header's exit test) sets the work-item's audit word to 1;
//! - the merge block clears it again, and a word that was not set means
//!   the loop was left from its back edge, which only the driver does: the
//!   work-item's private `cut` flag is raised;
//! - every return of the entry point ORs a raised flag into the kernel's
//!   word of the audit buffer.
//!
//! Only outermost loops are audited (of the entry point, and of functions
//! not called inside a loop): once the driver cuts an inner loop, the outer
//! loop's next back edge is cut too. The audit thus costs a few memory
//! operations per run of a loop nest, not per run of its inner loops, and
//! the audited loops of a work-item never run inside one another: one word
//! serves them all. It misses a cut after which the outer loop leaves by
//! `break` or `return`.
//!
//! The audit words live in work-group memory (one per work-item): the
//! shader compiler cannot see the driver's exit, so a flag it could keep in
//! registers would be proven set at every merge block and folded away. A
//! kernel whose work-group memory has no room for the words is unaudited.

use rspirv::binary::Assemble;
use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{
    BuiltIn, Decoration, ExecutionMode, MemorySemantics, Op, Scope, SelectionControl, StorageClass,
    Word,
};
use std::collections::{HashMap, HashSet};

/// Where an audited kernel reports: its binding in descriptor set 0, its
/// 32-bit word of the audit buffer, and the work-group memory the device has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoopAudit {
    pub binding: u32,
    pub slot: u32,
    pub local_memory: u32,
}

/// Whether the module `words` has a loop (an `OpLoopMerge`); a malformed
/// module is taken to have one (its audit then says what is wrong).
pub fn has_loops(words: &[u32]) -> bool {
    let mut found = false;
    let scanned = compiler_core::back::specialize::each_instruction(words, |opcode, _| {
        found |= opcode == Op::LoopMerge as u32;
    });
    found || scanned.is_err()
}

/// `words` with the loops of every function audited and entry point
/// `entry` reporting cuts as `audit` says; unchanged when the work-group
/// memory has no room for the audit words. The error says what is malformed.
pub fn instrument(words: &[u32], entry: &str, audit: LoopAudit) -> Result<Vec<u32>, String> {
    let mut module = dr::load_words(words).map_err(|e| format!("unreadable SPIR-V: {e}"))?;
    let (entry_point, entry_fn) = entry_point(&module, entry)?;
    let work_items = work_group_size(&module, entry_fn)?.iter().product();
    let used = workgroup_bytes(&module, entry_fn).unwrap_or(u64::MAX);
    if used.saturating_add(4 * u64::from(work_items)) > u64::from(audit.local_memory) {
        return Ok(words.to_vec());
    }
    let mut ids = Ids::new(&module)?;
    let g = Globals::declare(&mut module, &mut ids, audit, work_items, entry_point);
    let nested = functions_called_in_loops(&module);
    for function in &mut module.functions {
        let id = function.def.as_ref().and_then(|d| d.result_id);
        let is_entry = id == Some(entry_fn);
        let audited = id.is_some_and(|id| !nested.contains(&id));
        audit_function(function, &mut ids, &g, is_entry, audited)?;
    }
    ids.close(&mut module);
    Ok(module.assemble())
}

/// The position of entry point `entry` among the module's, and its function.
pub(super) fn entry_point(module: &dr::Module, entry: &str) -> Result<(usize, Word), String> {
    let position = module
        .entry_points
        .iter()
        .position(|ep| matches!(ep.operands.get(2), Some(Operand::LiteralString(n)) if n == entry))
        .ok_or_else(|| format!("no entry point `{entry}`"))?;
    let function = module.entry_points[position]
        .operands
        .get(1)
        .and_then(Operand::id_ref_any)
        .ok_or("an entry point without its function")?;
    Ok((position, function))
}

/// `function`'s `LocalSize`: the work-group's extent in x, y and z.
pub(super) fn work_group_size(module: &dr::Module, function: Word) -> Result<[u32; 3], String> {
    module
        .execution_modes
        .iter()
        .find(|m| {
            m.operands.first() == Some(&Operand::IdRef(function))
                && m.operands.get(1) == Some(&Operand::ExecutionMode(ExecutionMode::LocalSize))
        })
        .map(|m| {
            let extent = |k: usize| match m.operands.get(2 + k) {
                Some(Operand::LiteralBit32(v)) => *v,
                _ => 1,
            };
            [extent(0), extent(1), extent(2)]
        })
        .ok_or_else(|| "an entry point without a LocalSize".to_string())
}

/// The successors of a block: the targets of its terminator.
fn successors(block: &dr::Block) -> Vec<Word> {
    let Some(term) = block.instructions.last() else {
        return vec![];
    };
    let ids = term.operands.iter().filter_map(Operand::id_ref_any);
    match term.class.opcode {
        Op::Branch => ids.collect(),
        Op::BranchConditional => ids.skip(1).collect(),
        Op::Switch => ids.skip(1).collect(),
        _ => vec![],
    }
}

/// The loops of `function`: (header, merge block, the blocks of the loop:
/// those the header reaches without passing its merge block, itself
/// included). A construct whose continue target the header does not reach
/// runs once (the compiler wraps inlined bodies that `return` early in
/// one, their returns being breaks) and is no loop: loops inside it are
/// audited as outermost ones, else a cut inner loop followed by the
/// wrapper's break would go unseen.
fn loops(function: &dr::Function) -> Vec<(Word, Word, HashSet<Word>)> {
    let by_label: HashMap<Word, &dr::Block> = function
        .blocks
        .iter()
        .filter_map(|b| Some((b.label_id()?, b)))
        .collect();
    let mut out = vec![];
    for block in &function.blocks {
        let loop_merge = block
            .instructions
            .iter()
            .find(|i| i.class.opcode == Op::LoopMerge);
        let target = |k: usize| loop_merge.and_then(|i| i.operands.get(k)?.id_ref_any());
        let (Some(header), Some(merge), Some(continue_target)) =
            (block.label_id(), target(0), target(1))
        else {
            continue;
        };
        let mut body = HashSet::from([header]);
        let mut stack = vec![header];
        while let Some(label) = stack.pop() {
            let next = by_label
                .get(&label)
                .map(|b| successors(b))
                .unwrap_or_default();
            for n in next {
                if n != merge && body.insert(n) {
                    stack.push(n);
                }
            }
        }
        if body.contains(&continue_target) {
            out.push((header, merge, body));
        }
    }
    out
}

/// The functions called inside a loop (of the caller, or of a function
/// itself so called): their loops run nested.
fn functions_called_in_loops(module: &dr::Module) -> HashSet<Word> {
    let mut calls: Vec<(Word, Word, bool)> = vec![]; // (caller, callee, in a loop)
    for function in &module.functions {
        let Some(caller) = function.def.as_ref().and_then(|d| d.result_id) else {
            continue;
        };
        let in_loops: HashSet<Word> = loops(function)
            .into_iter()
            .flat_map(|(_, _, b)| b)
            .collect();
        for block in &function.blocks {
            let in_loop = block.label_id().is_some_and(|l| in_loops.contains(&l));
            for i in block
                .instructions
                .iter()
                .filter(|i| i.class.opcode == Op::FunctionCall)
            {
                if let Some(callee) = i.operands.first().and_then(Operand::id_ref_any) {
                    calls.push((caller, callee, in_loop));
                }
            }
        }
    }
    let mut nested: HashSet<Word> = HashSet::new();
    loop {
        let before = nested.len();
        for &(caller, callee, in_loop) in &calls {
            if in_loop || nested.contains(&caller) {
                nested.insert(callee);
            }
        }
        if nested.len() == before {
            return nested;
        }
    }
}

/// The ids the functions that `entry` calls, itself included, refer to.
pub(super) fn ids_used_from(module: &dr::Module, entry: Word) -> HashSet<Word> {
    let functions: HashMap<Word, &dr::Function> = module
        .functions
        .iter()
        .filter_map(|f| Some((f.def.as_ref()?.result_id?, f)))
        .collect();
    let mut used = HashSet::new();
    let (mut seen, mut stack) = (HashSet::from([entry]), vec![entry]);
    while let Some(id) = stack.pop() {
        let Some(function) = functions.get(&id) else {
            continue;
        };
        for i in function.blocks.iter().flat_map(|b| &b.instructions) {
            let refs = i.operands.iter().filter_map(Operand::id_ref_any);
            used.extend(refs);
            if i.class.opcode == Op::FunctionCall {
                let callee = i.operands.first().and_then(Operand::id_ref_any);
                if let Some(callee) = callee.filter(|c| seen.insert(*c)) {
                    stack.push(callee);
                }
            }
        }
    }
    used
}

/// Bytes of the work-group variables the entry point `entry` uses (None:
/// a type this cannot size).
fn workgroup_bytes(module: &dr::Module, entry: Word) -> Option<u64> {
    let used = ids_used_from(module, entry);
    let by_id: HashMap<Word, &Instruction> = module
        .types_global_values
        .iter()
        .filter_map(|i| Some((i.result_id?, i)))
        .collect();
    let literal = |id: Word| match by_id.get(&id)?.operands.first()? {
        Operand::LiteralBit32(v) => Some(u64::from(*v)),
        Operand::LiteralBit64(v) => Some(*v),
        _ => None,
    };
    fn size(
        id: Word,
        by_id: &HashMap<Word, &Instruction>,
        literal: &dyn Fn(Word) -> Option<u64>,
    ) -> Option<u64> {
        let t = by_id.get(&id)?;
        let operand = |k: usize| t.operands.get(k).and_then(Operand::id_ref_any);
        match t.class.opcode {
            Op::TypeBool => Some(4),
            Op::TypeInt | Op::TypeFloat => match t.operands.first()? {
                Operand::LiteralBit32(bits) => Some(u64::from(*bits).div_ceil(8)),
                _ => None,
            },
            Op::TypeVector => {
                let n = u64::from(t.operands.get(1)?.unwrap_literal_bit32());
                Some(size(operand(0)?, by_id, literal)? * n)
            }
            Op::TypeArray => Some(size(operand(0)?, by_id, literal)? * literal(operand(1)?)?),
            Op::TypeStruct => t
                .operands
                .iter()
                .map(|m| size(m.id_ref_any()?, by_id, literal))
                .sum(),
            _ => None,
        }
    }
    module
        .types_global_values
        .iter()
        .filter(|i| {
            i.class.opcode == Op::Variable
                && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Workgroup))
                && i.result_id.is_some_and(|id| used.contains(&id))
        })
        .map(|v| {
            let pointer = by_id.get(&v.result_type?)?;
            size(pointer.operands.get(1)?.id_ref_any()?, &by_id, &literal)
        })
        .sum()
}

/// Fresh result ids.
pub(super) struct Ids {
    next: Word,
}

impl Ids {
    pub(super) fn new(module: &dr::Module) -> Result<Self, String> {
        let next = module
            .header
            .as_ref()
            .map(|h| h.bound)
            .ok_or("a module without a header")?;
        Ok(Ids { next })
    }
    pub(super) fn fresh(&mut self) -> Word {
        self.next += 1;
        self.next - 1
    }
    /// Records the ids handed out in the module's header.
    pub(super) fn close(self, module: &mut dr::Module) {
        if let Some(header) = module.header.as_mut() {
            header.bound = self.next;
        }
    }
}

/// The types, constants and variables the audit adds to a module.
struct Globals {
    bool_ty: Word,
    u32_ty: Word,
    zero: Word,
    one: Word,
    /// Pointer types to a `u32` in storage and in work-group memory.
    u32_storage_ptr: Word,
    u32_workgroup_ptr: Word,
    /// The work-items' audit words (work-group memory) and the index of
    /// the work-item's own (`LocalInvocationIndex`).
    audit_words: Word,
    local_index: Word,
    /// The private flag: some loop of this work-item was cut.
    cut: Word,
    audit_buffer: Word,
    slot: Word,
    device_scope: Word,
    relaxed: Word,
}

impl Globals {
    fn declare(
        module: &mut dr::Module,
        ids: &mut Ids,
        audit: LoopAudit,
        work_items: u32,
        entry_point: usize,
    ) -> Globals {
        // A module declares each scalar type, and each built-in, once.
        let existing = existing_global;
        let u32_operands = vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)];
        let (old_bool, old_u32) = (
            existing(module, Op::TypeBool, &[]),
            existing(module, Op::TypeInt, &u32_operands),
        );
        let old_local_index = built_in_variable(module, BuiltIn::LocalInvocationIndex);
        let mut add = |op: Op, ty: Option<Word>, operands: Vec<Operand>| {
            let id = ids.fresh();
            module
                .types_global_values
                .push(Instruction::new(op, ty, Some(id), operands));
            id
        };
        let bool_ty = old_bool.unwrap_or_else(|| add(Op::TypeBool, None, vec![]));
        let u32_ty = old_u32.unwrap_or_else(|| add(Op::TypeInt, None, u32_operands));
        let false_ = add(Op::ConstantFalse, Some(bool_ty), vec![]);
        let mut constant = |v: u32| add(Op::Constant, Some(u32_ty), vec![Operand::LiteralBit32(v)]);
        let zero = constant(0);
        let one = constant(1);
        let slot = constant(audit.slot);
        let device_scope = constant(Scope::Device as u32);
        let relaxed = constant(MemorySemantics::RELAXED.bits());
        let work_items = constant(work_items);
        let words = add(Op::TypeRuntimeArray, None, vec![Operand::IdRef(u32_ty)]);
        let block = add(Op::TypeStruct, None, vec![Operand::IdRef(words)]);
        let local_words = add(
            Op::TypeArray,
            None,
            vec![Operand::IdRef(u32_ty), Operand::IdRef(work_items)],
        );
        let mut pointer = |class, to| {
            add(
                Op::TypePointer,
                None,
                vec![Operand::StorageClass(class), Operand::IdRef(to)],
            )
        };
        let block_ptr = pointer(StorageClass::StorageBuffer, block);
        let u32_storage_ptr = pointer(StorageClass::StorageBuffer, u32_ty);
        let local_words_ptr = pointer(StorageClass::Workgroup, local_words);
        let u32_workgroup_ptr = pointer(StorageClass::Workgroup, u32_ty);
        let u32_input_ptr = pointer(StorageClass::Input, u32_ty);
        let bool_private_ptr = pointer(StorageClass::Private, bool_ty);
        let mut variable = |ptr, class, init: Option<Word>| {
            let mut operands = vec![Operand::StorageClass(class)];
            operands.extend(init.map(Operand::IdRef));
            add(Op::Variable, Some(ptr), operands)
        };
        let audit_buffer = variable(block_ptr, StorageClass::StorageBuffer, None);
        let audit_words = variable(local_words_ptr, StorageClass::Workgroup, None);
        let cut = variable(bool_private_ptr, StorageClass::Private, Some(false_));
        let new_local_index = old_local_index
            .is_none()
            .then(|| variable(u32_input_ptr, StorageClass::Input, None));
        let local_index = old_local_index.or(new_local_index).expect("one of the two");
        let decorate = |target: Word, decoration: Decoration, value: Option<Operand>| {
            let mut operands = vec![Operand::IdRef(target), Operand::Decoration(decoration)];
            operands.extend(value);
            Instruction::new(Op::Decorate, None, None, operands)
        };
        let literal = |v: u32| Some(Operand::LiteralBit32(v));
        module.annotations.extend([
            decorate(words, Decoration::ArrayStride, literal(4)),
            decorate(block, Decoration::Block, None),
            Instruction::new(
                Op::MemberDecorate,
                None,
                None,
                vec![
                    Operand::IdRef(block),
                    Operand::LiteralBit32(0),
                    Operand::Decoration(Decoration::Offset),
                    Operand::LiteralBit32(0),
                ],
            ),
            decorate(audit_buffer, Decoration::DescriptorSet, literal(0)),
            decorate(audit_buffer, Decoration::Binding, literal(audit.binding)),
        ]);
        if let Some(id) = new_local_index {
            module.annotations.push(decorate(
                id,
                Decoration::BuiltIn,
                Some(Operand::BuiltIn(BuiltIn::LocalInvocationIndex)),
            ));
        }
        // The built-in must be in this entry point's interface, also when
        // another entry point of the module declared it (an input outside
        // the interface reads nothing: every work-item shared word 0).
        let interface = &mut module.entry_points[entry_point].operands;
        if !interface[3..].contains(&Operand::IdRef(local_index)) {
            interface.push(Operand::IdRef(local_index));
        }
        Globals {
            bool_ty,
            u32_ty,
            zero,
            one,
            u32_storage_ptr,
            u32_workgroup_ptr,
            audit_words,
            local_index,
            cut,
            audit_buffer,
            slot,
            device_scope,
            relaxed,
        }
    }
}

/// The type, constant or variable `op` of `operands` the module already
/// declares, if any.
pub(super) fn existing_global(module: &dr::Module, op: Op, operands: &[Operand]) -> Option<Word> {
    module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == op && i.operands == operands)
        .and_then(|i| i.result_id)
}

/// The variable decorated as built-in `which`, if the module has one.
pub(super) fn built_in_variable(module: &dr::Module, which: BuiltIn) -> Option<Word> {
    module.annotations.iter().find_map(|a| {
        (a.class.opcode == Op::Decorate && a.operands.get(2) == Some(&Operand::BuiltIn(which)))
            .then(|| a.operands.first().and_then(Operand::id_ref_any))
            .flatten()
    })
}

/// The end of a block that branches to `then` where `cond` holds, else to
/// `merge`, where the selection ends.
pub(super) fn selection(cond: Word, then: Word, merge: Word) -> [Instruction; 2] {
    [
        inst(
            Op::SelectionMerge,
            None,
            None,
            vec![
                Operand::IdRef(merge),
                Operand::SelectionControl(SelectionControl::NONE),
            ],
        ),
        inst(Op::BranchConditional, None, None, ids(&[cond, then, merge])),
    ]
}

fn inst(op: Op, ty: Option<Word>, id: Option<Word>, operands: Vec<Operand>) -> Instruction {
    Instruction::new(op, ty, id, operands)
}

fn ids(list: &[Word]) -> Vec<Operand> {
    list.iter().map(|&id| Operand::IdRef(id)).collect()
}

/// Code that computes the pointer to the work-item's audit word (the id returned).
fn own_word(out: &mut Vec<Instruction>, ids_: &mut Ids, g: &Globals) -> Word {
    let (index, ptr) = (ids_.fresh(), ids_.fresh());
    out.push(inst(
        Op::Load,
        Some(g.u32_ty),
        Some(index),
        ids(&[g.local_index]),
    ));
    out.push(inst(
        Op::AccessChain,
        Some(g.u32_workgroup_ptr),
        Some(ptr),
        ids(&[g.audit_words, index]),
    ));
    ptr
}

/// The index in `block` after its `OpPhi`s (and, in a function's first
/// block, its variables), where code may start.
fn code_start(block: &dr::Block) -> usize {
    block
        .instructions
        .iter()
        .position(|i| {
            !matches!(
                i.class.opcode,
                Op::Phi | Op::Variable | Op::Line | Op::NoLine
            )
        })
        .unwrap_or(block.instructions.len())
}

/// The index of `block`'s merge instruction, else of its terminator: where
/// code that must run before the block branches goes.
fn before_branch(block: &dr::Block) -> usize {
    let n = block.instructions.len();
    match block.instructions.get(n.wrapping_sub(2)) {
        Some(i) if matches!(i.class.opcode, Op::LoopMerge | Op::SelectionMerge) => n - 2,
        _ => n.saturating_sub(1),
    }
}

fn audit_function(
    function: &mut dr::Function,
    ids_: &mut Ids,
    g: &Globals,
    is_entry: bool,
    audited: bool,
) -> Result<(), String> {
    // The merge blocks of the outermost loops: a loop nested in another is
    // cut only with it (the driver's exit from an inner loop leads to the
    // outer one's back edge, which it takes no more), so auditing the outer
    // loop sees the cut, once per run of the nest instead of once per run of
    // the inner loop.
    let mut audited_merges: HashSet<Word> = HashSet::new();
    if audited {
        let loops = loops(function);
        for (header, merge, _) in &loops {
            let nested = loops
                .iter()
                .any(|(other, _, body)| other != header && body.contains(header));
            if !nested {
                audited_merges.insert(*merge);
            }
        }
    }
    if audited_merges.is_empty() && !is_entry {
        return Ok(());
    }
    let mut blocks = Vec::with_capacity(function.blocks.len());
    let mut moved_edges = vec![];
    for (index, mut block) in std::mem::take(&mut function.blocks).into_iter().enumerate() {
        let label = block.label_id().ok_or("a block without a label")?;
        let exits = mark_exits(&mut block, &audited_merges, ids_, g)?;
        if !exits.edges.is_empty() {
            moved_edges.push((label, exits.edges));
        }
        let mut start = vec![];
        if is_entry && index == 0 {
            // The work-item's audit word starts clear.
            let ptr = own_word(&mut start, ids_, g);
            start.push(inst(Op::Store, None, None, ids(&[ptr, g.zero])));
        }
        if audited_merges.contains(&label) {
            // Clear the word again; clear already, the loop was left from its back edge.
            let ptr = own_word(&mut start, ids_, g);
            let [word, cut_here, was_cut, now_cut] = [(); 4].map(|_| ids_.fresh());
            let (u, b) = (Some(g.u32_ty), Some(g.bool_ty));
            start.extend([
                inst(Op::Load, u, Some(word), ids(&[ptr])),
                inst(Op::IEqual, b, Some(cut_here), ids(&[word, g.zero])),
                inst(Op::Load, b, Some(was_cut), ids(&[g.cut])),
                inst(Op::LogicalOr, b, Some(now_cut), ids(&[was_cut, cut_here])),
                inst(Op::Store, None, None, ids(&[g.cut, now_cut])),
                inst(Op::Store, None, None, ids(&[ptr, g.zero])),
            ]);
        }
        let at = code_start(&block);
        block.instructions.splice(at..at, start);
        let returns = block
            .instructions
            .last()
            .is_some_and(|i| i.class.opcode == Op::Return);
        if is_entry && returns {
            blocks.extend(report_before_return(block, ids_, g));
        } else {
            blocks.push(block);
        }
        blocks.extend(exits.blocks);
    }
    for (old, edges) in moved_edges {
        repoint_phis(&mut blocks, old, &edges);
    }
    function.blocks = blocks;
    Ok(())
}

/// Code that sets the work-item's audit word: a loop is left on purpose.
fn set_word(out: &mut Vec<Instruction>, ids_: &mut Ids, g: &Globals) {
    let ptr = own_word(out, ids_, g);
    out.push(inst(Op::Store, None, None, ids(&[ptr, g.one])));
}

/// The blocks that took over a block's exit edges (to follow it), and the
/// (merge block, new predecessor) of each, for the merge blocks' `OpPhi`s.
#[derive(Default)]
struct ExitBlocks {
    blocks: Vec<dr::Block>,
    edges: Vec<(Word, Word)>,
}

/// Marks the edges from `block` to audited loops' merge blocks: an
/// unconditional branch sets the audit word before it; a conditional one
/// goes through a new block that sets it (so that a loop's exit test costs
/// nothing while it keeps looping).
fn mark_exits(
    block: &mut dr::Block,
    audited_merges: &HashSet<Word>,
    ids_: &mut Ids,
    g: &Globals,
) -> Result<ExitBlocks, String> {
    let Some(term) = block.instructions.last() else {
        return Ok(ExitBlocks::default());
    };
    let target = |k: usize| term.operands.get(k).and_then(Operand::id_ref_any);
    let (mut blocks, mut edges) = (vec![], vec![]);
    match term.class.opcode {
        Op::Branch if target(0).is_some_and(|t| audited_merges.contains(&t)) => {
            let mut code = vec![];
            set_word(&mut code, ids_, g);
            let at = before_branch(block);
            block.instructions.splice(at..at, code);
        }
        Op::BranchConditional => {
            for k in [1, 2] {
                let term = block.instructions.last_mut().expect("a terminator");
                let Some(merge) = term.operands.get(k).and_then(Operand::id_ref_any) else {
                    continue;
                };
                if !audited_merges.contains(&merge) {
                    continue;
                }
                let exit = ids_.fresh();
                term.operands[k] = Operand::IdRef(exit);
                let mut code = vec![];
                set_word(&mut code, ids_, g);
                code.push(inst(Op::Branch, None, None, ids(&[merge])));
                blocks.push(dr::Block {
                    label: Some(inst(Op::Label, None, Some(exit), vec![])),
                    instructions: code,
                });
                edges.push((merge, exit));
            }
        }
        Op::Switch => {
            let mut targets = term.operands.iter().skip(1).filter_map(Operand::id_ref_any);
            if targets.any(|t| audited_merges.contains(&t)) {
                return Err("a switch that leaves a loop".into());
            }
        }
        _ => {}
    }
    Ok(ExitBlocks { blocks, edges })
}

/// Points the `OpPhi`s of the blocks in `edges` (merge block, new
/// predecessor) at the new predecessors, which took over the edges from `old`.
fn repoint_phis(blocks: &mut [dr::Block], old: Word, edges: &[(Word, Word)]) {
    for &(merge, exit) in edges {
        let Some(block) = blocks.iter_mut().find(|b| b.label_id() == Some(merge)) else {
            continue;
        };
        for phi in block
            .instructions
            .iter_mut()
            .filter(|i| i.class.opcode == Op::Phi)
        {
            for pair in phi.operands.chunks_mut(2) {
                if pair.get(1) == Some(&Operand::IdRef(old)) {
                    pair[1] = Operand::IdRef(exit);
                }
            }
        }
    }
}

/// `block` (ending in `OpReturn`) split so that it first reports a cut:
/// `if (cut) atomic_or(audit[slot], 1); return;`.
fn report_before_return(mut block: dr::Block, ids_: &mut Ids, g: &Globals) -> [dr::Block; 3] {
    let [cut, report, done, word, old] = [(); 5].map(|_| ids_.fresh());
    let ret = block.instructions.pop().expect("ends in OpReturn");
    block
        .instructions
        .extend([inst(Op::Load, Some(g.bool_ty), Some(cut), ids(&[g.cut]))]);
    block.instructions.extend(selection(cut, report, done));
    let label = |id| Some(inst(Op::Label, None, Some(id), vec![]));
    let report_block = dr::Block {
        label: label(report),
        instructions: vec![
            inst(
                Op::AccessChain,
                Some(g.u32_storage_ptr),
                Some(word),
                ids(&[g.audit_buffer, g.zero, g.slot]),
            ),
            inst(
                Op::AtomicOr,
                Some(g.u32_ty),
                Some(old),
                vec![
                    Operand::IdRef(word),
                    Operand::IdScope(g.device_scope),
                    Operand::IdMemorySemantics(g.relaxed),
                    Operand::IdRef(g.one),
                ],
            ),
            inst(Op::Branch, None, None, ids(&[done])),
        ],
    };
    let done_block = dr::Block {
        label: label(done),
        instructions: vec![ret],
    };
    [block, report_block, done_block]
}

#[cfg(test)]
mod tests {
    use super::super::test_spirv::{from_wgsl as spirv, validated};
    use super::*;

    const LOOPS: &str = r#"
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64)
fn k(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    var acc = 0u;
    for (var i = 0u; i < id.x; i++) {
        if (i == 7u) { break; }
        for (var j = 0u; j < 3u; j++) { acc += j; }
    }
    loop {
        acc += 1u;
        if (acc > 100u) { break; }
    }
    tile[lid] = acc;
    out[id.x] = tile[lid];
}
"#;

    fn audit(local_memory: u32) -> LoopAudit {
        LoopAudit {
            binding: 2,
            slot: 5,
            local_memory,
        }
    }

    #[test]
    fn audited_module_is_valid_and_reports_through_its_binding() {
        let words = instrument(&spirv(LOOPS), "k", audit(32768)).unwrap();
        let module = validated(&words);
        let bindings: Vec<_> = module
            .global_variables
            .iter()
            .filter_map(|(_, v)| v.binding.as_ref().map(|b| b.binding))
            .collect();
        assert!(
            bindings.contains(&1) && bindings.contains(&2),
            "{bindings:?}"
        );
        // The audit words: the shader's 64 words of work-group memory and 64 more.
        let workgroup: Vec<_> = module
            .global_variables
            .iter()
            .filter(|(_, v)| v.space == naga::AddressSpace::WorkGroup)
            .collect();
        assert_eq!(workgroup.len(), 2);
    }

    #[test]
    fn the_local_index_is_in_the_audited_entry_points_interface() {
        // Entry `a` declares no local_invocation_index; `b` does, and the
        // audit of `a` reuses b's variable: it must join a's interface.
        let wgsl = "@group(0) @binding(1) var<storage, read_write> out: array<u32>;
             @compute @workgroup_size(8) fn a(@builtin(global_invocation_id) id: vec3<u32>) {
                 var n = 0u; loop { n += 1u; if (n > id.x) { break; } } out[id.x] = n; }
             @compute @workgroup_size(8) fn b(@builtin(local_invocation_index) lid: u32) { out[lid] = lid; }";
        let words = instrument(&spirv(wgsl), "a", audit(32768)).unwrap();
        let module = dr::load_words(&words).unwrap();
        let local_index = module
            .annotations
            .iter()
            .find(|d| d.operands.get(2) == Some(&Operand::BuiltIn(BuiltIn::LocalInvocationIndex)))
            .and_then(|d| d.operands.first().cloned())
            .expect("a local index");
        for ep in &module.entry_points {
            assert!(ep.operands[3..].contains(&local_index), "{ep:?}");
        }
    }

    #[test]
    fn module_without_room_for_the_audit_words_is_unchanged() {
        let words = spirv(LOOPS);
        // 256 bytes of the shader's own, 256 of audit words: 511 is too little.
        assert_eq!(instrument(&words, "k", audit(511)).unwrap(), words);
        assert_ne!(instrument(&words, "k", audit(512)).unwrap(), words);
    }

    #[test]
    fn a_construct_run_once_is_no_loop() {
        // The outer `loop` always breaks: the `for` inside it is outermost.
        let wgsl = "@group(0) @binding(1) var<storage, read_write> out: array<u32>;
             @compute @workgroup_size(8) fn k(@builtin(global_invocation_id) id: vec3<u32>) {
                 var acc = 0u;
                 loop {
                     if (id.x > 1000u) { break; }
                     for (var i = 0u; i < id.x; i++) { acc += i; }
                     break;
                 }
                 out[id.x] = acc;
             }";
        let module = dr::load_words(spirv(wgsl)).unwrap();
        let found = loops(&module.functions[0]);
        assert_eq!(found.len(), 1);
        // The `for`: its body does not hold the run-once construct's break.
        assert!(found[0].2.len() < module.functions[0].blocks.len() / 2);
    }

    #[test]
    fn finds_loops() {
        assert!(has_loops(&spirv(LOOPS)));
        let straight = "@group(0) @binding(1) var<storage, read_write> out: array<u32>;\n\
                        @compute @workgroup_size(1) fn k() { out[0] = 1u; }";
        assert!(!has_loops(&spirv(straight)));
    }

    #[test]
    fn counts_only_the_work_group_memory_of_its_entry_point() {
        let two = format!(
            "{LOOPS}\nvar<workgroup> big: array<u32, 4096>;\n\
             @compute @workgroup_size(64) fn other() {{ big[0] = 1u; out[0] = big[1]; }}"
        );
        let words = spirv(&two);
        // k's 256 bytes and 256 of audit words fit 512 bytes; other's 16 KiB does not count.
        assert_ne!(instrument(&words, "k", audit(512)).unwrap(), words);
        assert_eq!(instrument(&words, "other", audit(16384)).unwrap(), words);
    }

    #[test]
    fn unknown_entry_point_is_an_error() {
        let err = instrument(&spirv(LOOPS), "main", audit(32768)).unwrap_err();
        assert!(err.contains("main"), "{err}");
    }
}
