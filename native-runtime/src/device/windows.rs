//! Allocations larger than one storage binding.
//!
//! A device binds at most `max_storage_buffer_binding_size` bytes of a
//! buffer to one binding (lavapipe: 128 MiB; NVIDIA through wgpu: 2 GiB),
//! far less than it can allocate. A launch that passes a larger allocation
//! binds it as consecutive *windows* of 2^k bytes (the largest power of two
//! the device binds), and a copy of the kernel's module declares one
//! storage variable per window: the kernel's own binding is window 0, the
//! others get new binding numbers. Every load, store and atomic through the
//! original variable then picks its window at run time: element `i` lies in
//! window `i >> s` at index `i & (2^s - 1)`, 2^s being a window's element
//! count. Elements are 4 or 8 bytes and divide a window, so none straddles
//! two. The choice is an `OpSwitch` whose cases access one window each, so
//! only the chosen window is touched.
//!
//! (An array of storage buffers indexed at run time would be shorter, but
//! naga's SPIR-V front end rejects runtime descriptor arrays and lavapipe
//! lacks non-uniform indexing of storage buffer arrays.)

use super::loop_audit::{self, Ids};
use rspirv::binary::Assemble;
use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{Decoration, Op, SelectionControl, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// One allocation a launch binds in windows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WindowedBinding {
    /// The kernel's binding: window 0.
    pub binding: u32,
    /// The binding of window 1; the others follow it.
    pub first_extra: u32,
    /// How many windows (at least 2).
    pub windows: u32,
}

/// The windows of a launch.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Windows {
    /// log2 of a window's bytes.
    pub window_log2: u32,
    pub bindings: Vec<WindowedBinding>,
}

impl Windows {
    /// The windows of an allocation of `bytes` bound at `binding` (None:
    /// it fits one window); extra windows are numbered from `first_extra`.
    pub fn plan(
        window_log2: u32,
        binding: u32,
        bytes: u64,
        first_extra: u32,
    ) -> Option<WindowedBinding> {
        let windows = bytes.div_ceil(1u64 << window_log2);
        (windows > 1).then(|| WindowedBinding {
            binding,
            first_extra,
            windows: u32::try_from(windows).unwrap_or(u32::MAX),
        })
    }

    /// The (binding, byte offset, byte length) of every window of `b` in an
    /// allocation of `bytes`.
    pub fn ranges(&self, b: &WindowedBinding, bytes: u64) -> Vec<(u32, u64, u64)> {
        let size = 1u64 << self.window_log2;
        (0..b.windows)
            .map(|k| {
                let offset = u64::from(k) * size;
                let binding = if k == 0 {
                    b.binding
                } else {
                    b.first_extra + k - 1
                };
                (binding, offset, size.min(bytes - offset))
            })
            .collect()
    }
}

/// A storage variable split into windows.
struct Split {
    /// The variables of the windows (the original first).
    variables: Vec<Word>,
    /// log2 of a window's element count, and the `u32` constants of that
    /// shift and of its mask.
    shift: Word,
    mask: Word,
}

/// A pointer into a split variable: `OpAccessChain %ty %var %zero %index`.
struct Chain {
    pointer_ty: Word,
    zero: Word,
    index: Word,
    split: usize,
}

/// `words` with the variables that entry point `entry` binds at
/// `windows.bindings` split into windows; the error says what the module
/// does that cannot be split.
pub fn split(words: &[u32], entry: &str, windows: &Windows) -> Result<Vec<u32>, String> {
    let mut module = dr::load_words(words).map_err(|e| format!("unreadable SPIR-V: {e}"))?;
    let (_, entry_fn) = loop_audit::entry_point(&module, entry)?;
    let used = loop_audit::ids_used_from(&module, entry_fn);
    let mut ids = Ids::new(&module)?;
    let u32_ty = find_or_add(
        &mut module,
        &mut ids,
        Op::TypeInt,
        None,
        vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
    );
    let mut splits = Vec::new();
    let mut split_of = HashMap::new();
    for wb in &windows.bindings {
        let var = variable_at(&module, wb.binding, &used)
            .ok_or_else(|| format!("it declares no storage buffer at binding {}", wb.binding))?;
        let stride = element_stride(&module, var)?;
        if !stride.is_power_of_two() || stride.trailing_zeros() > windows.window_log2 {
            return Err(format!(
                "binding {} has {stride}-byte elements, which do not divide a window",
                wb.binding
            ));
        }
        let elements_log2 = windows.window_log2 - stride.trailing_zeros();
        let mut variables = vec![var];
        for k in 1..wb.windows {
            variables.push(declare_copy(
                &mut module,
                &mut ids,
                var,
                wb.first_extra + k - 1,
            ));
        }
        let mut constant = |v: u32| {
            let id = ids.fresh();
            module.types_global_values.push(Instruction::new(
                Op::Constant,
                Some(u32_ty),
                Some(id),
                vec![Operand::LiteralBit32(v)],
            ));
            id
        };
        let shift = constant(elements_log2);
        let mask = constant(((1u64 << elements_log2) - 1) as u32);
        split_of.insert(var, splits.len());
        splits.push(Split {
            variables,
            shift,
            mask,
        });
    }
    let mut functions = std::mem::take(&mut module.functions);
    for function in &mut functions {
        split_accesses(&mut module, &mut ids, function, &splits, &split_of, u32_ty)?;
    }
    module.functions = functions;
    ids.close(&mut module);
    Ok(module.assemble())
}

/// The variable of `used` decorated with `Binding binding` (each kernel
/// of a module declares its own).
fn variable_at(module: &dr::Module, binding: u32, used: &HashSet<Word>) -> Option<Word> {
    module.annotations.iter().find_map(|a| {
        let is_it = a.class.opcode == Op::Decorate
            && a.operands.get(1) == Some(&Operand::Decoration(Decoration::Binding))
            && a.operands.get(2) == Some(&Operand::LiteralBit32(binding));
        let var = a.operands[0].id_ref_any()?;
        (is_it && used.contains(&var)).then_some(var)
    })
}

/// The `ArrayStride` of the runtime array in the block `var` points to.
fn element_stride(module: &dr::Module, var: Word) -> Result<u32, String> {
    let def = |id: Word| {
        module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(id))
    };
    let array = def(var)
        .and_then(|v| v.result_type)
        .and_then(def)
        .filter(|p| p.class.opcode == Op::TypePointer)
        .and_then(|p| p.operands.get(1)?.id_ref_any())
        .and_then(def)
        .filter(|s| s.class.opcode == Op::TypeStruct)
        .and_then(|s| s.operands.first()?.id_ref_any())
        .ok_or_else(|| format!("variable %{var} is not a block holding an array"))?;
    module
        .annotations
        .iter()
        .find_map(|a| {
            let is_it = a.class.opcode == Op::Decorate
                && a.operands.first() == Some(&Operand::IdRef(array))
                && a.operands.get(1) == Some(&Operand::Decoration(Decoration::ArrayStride));
            match (is_it, a.operands.get(2)) {
                (true, Some(Operand::LiteralBit32(stride))) => Some(*stride),
                _ => None,
            }
        })
        .ok_or_else(|| format!("the array of variable %{var} has no ArrayStride"))
}

/// A new variable like `var`, with its decorations, bound at `binding`.
fn declare_copy(module: &mut dr::Module, ids: &mut Ids, var: Word, binding: u32) -> Word {
    let id = ids.fresh();
    let def = module
        .types_global_values
        .iter()
        .find(|i| i.result_id == Some(var))
        .expect("found by element_stride")
        .clone();
    module.types_global_values.push(Instruction {
        result_id: Some(id),
        ..def
    });
    let decorations: Vec<Instruction> = module
        .annotations
        .iter()
        .filter(|a| a.class.opcode == Op::Decorate && a.operands[0] == Operand::IdRef(var))
        .map(|a| {
            let mut copy = a.clone();
            copy.operands[0] = Operand::IdRef(id);
            if copy.operands.get(1) == Some(&Operand::Decoration(Decoration::Binding)) {
                copy.operands[2] = Operand::LiteralBit32(binding);
            }
            copy
        })
        .collect();
    module.annotations.extend(decorations);
    // From SPIR-V 1.4 an entry point lists every global it uses.
    if module
        .header
        .as_ref()
        .is_some_and(|h| h.version() >= (1, 4))
    {
        for ep in &mut module.entry_points {
            if ep.operands[3..].contains(&Operand::IdRef(var)) {
                ep.operands.push(Operand::IdRef(id));
            }
        }
    }
    id
}

/// The id of a type or constant `op` with `operands`, declared if missing.
fn find_or_add(
    module: &mut dr::Module,
    ids: &mut Ids,
    op: Op,
    ty: Option<Word>,
    operands: Vec<Operand>,
) -> Word {
    let found = module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == op && i.result_type == ty && i.operands == operands);
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = ids.fresh();
    module
        .types_global_values
        .push(Instruction::new(op, ty, Some(id), operands));
    id
}

/// Whether `op` accesses memory through a pointer operand that windows can
/// take: the pointer is its first operand.
fn is_memory_access(op: Op) -> bool {
    matches!(
        op,
        Op::Load
            | Op::Store
            | Op::AtomicLoad
            | Op::AtomicStore
            | Op::AtomicExchange
            | Op::AtomicCompareExchange
            | Op::AtomicIIncrement
            | Op::AtomicIDecrement
            | Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicSMin
            | Op::AtomicUMin
            | Op::AtomicSMax
            | Op::AtomicUMax
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor
            | Op::AtomicFAddEXT
    )
}

/// Rewrites every access through a pointer into a split variable in
/// `function`: the block is cut before the access, which moves into one
/// case per window of a switch on the window number; the value it produced
/// (through a function variable) and the rest of the block follow the
/// switch's merge block.
fn split_accesses(
    module: &mut dr::Module,
    ids: &mut Ids,
    function: &mut dr::Function,
    splits: &[Split],
    split_of: &HashMap<Word, usize>,
    u32_ty: Word,
) -> Result<(), String> {
    // Element pointers, and pointers to a split variable's array (the first
    // step of a two-step chain): (split, the array's index in the block).
    let mut chains = HashMap::new();
    let mut arrays = HashMap::new();
    for inst in function.blocks.iter().flat_map(|b| &b.instructions) {
        let base = inst.operands.first().and_then(Operand::id_ref_any);
        let from_variable = base.and_then(|b| split_of.get(&b)).map(|&s| (s, None));
        let Some((split, array)) = from_variable.or_else(|| {
            base.and_then(|b| arrays.get(&b))
                .map(|&(s, zero)| (s, Some(zero)))
        }) else {
            continue;
        };
        let is_chain = matches!(inst.class.opcode, Op::AccessChain | Op::InBoundsAccessChain);
        let (id, ty) = (inst.result_id, inst.result_type);
        let element = match (is_chain, array, &inst.operands[1..]) {
            (true, None, [Operand::IdRef(zero), Operand::IdRef(index)]) => Some((*zero, *index)),
            (true, Some(zero), [Operand::IdRef(index)]) => Some((zero, *index)),
            (true, None, [Operand::IdRef(zero)]) => {
                arrays.insert(id.expect("an access chain has a result"), (split, *zero));
                None
            }
            _ => {
                return Err(format!(
                    "a split storage buffer is used by Op{:?}",
                    inst.class.opcode
                ))
            }
        };
        if let Some((zero, index)) = element {
            chains.insert(
                id.expect("an access chain has a result"),
                Chain {
                    pointer_ty: ty.expect("an access chain has a type"),
                    zero,
                    index,
                    split,
                },
            );
        }
    }
    if chains.is_empty() {
        return Ok(());
    }
    let mut temporaries = Vec::new();
    let mut blocks = Vec::new();
    // (label of a block that was cut, label of its last part).
    let mut moved_edges = Vec::new();
    for block in std::mem::take(&mut function.blocks) {
        let label = block.label.as_ref().and_then(|l| l.result_id);
        let is_loop_header = block
            .instructions
            .iter()
            .any(|i| i.class.opcode == Op::LoopMerge);
        let mut current = dr::Block {
            label: block.label,
            instructions: Vec::new(),
        };
        for inst in block.instructions {
            let chain = inst
                .operands
                .iter()
                .find_map(|o| o.id_ref_any().and_then(|id| chains.get(&id)));
            let Some(chain) = chain else {
                current.instructions.push(inst);
                continue;
            };
            let pointer = inst.operands.first().and_then(Operand::id_ref_any);
            if !is_memory_access(inst.class.opcode)
                || !pointer.is_some_and(|p| chains.contains_key(&p))
            {
                return Err(format!(
                    "a pointer into a split storage buffer is used by Op{:?}",
                    inst.class.opcode
                ));
            }
            if is_loop_header {
                return Err("a loop header accesses a split storage buffer".into());
            }
            let split = &splits[chain.split];
            let temporary = inst.result_type.map(|ty| {
                let pointer_ty = find_or_add(
                    module,
                    ids,
                    Op::TypePointer,
                    None,
                    vec![
                        Operand::StorageClass(StorageClass::Function),
                        Operand::IdRef(ty),
                    ],
                );
                let var = ids.fresh();
                temporaries.push(Instruction::new(
                    Op::Variable,
                    Some(pointer_ty),
                    Some(var),
                    vec![Operand::StorageClass(StorageClass::Function)],
                ));
                var
            });
            let (window, local) = (ids.fresh(), ids.fresh());
            let merge = ids.fresh();
            let cases: Vec<Word> = split.variables.iter().map(|_| ids.fresh()).collect();
            let mut switch = vec![
                Operand::IdRef(window),
                Operand::IdRef(*cases.last().expect("two windows at least")),
            ];
            for (k, case) in cases[..cases.len() - 1].iter().enumerate() {
                switch.extend([Operand::LiteralBit32(k as u32), Operand::IdRef(*case)]);
            }
            current.instructions.extend([
                Instruction::new(
                    Op::ShiftRightLogical,
                    Some(u32_ty),
                    Some(window),
                    vec![Operand::IdRef(chain.index), Operand::IdRef(split.shift)],
                ),
                Instruction::new(
                    Op::BitwiseAnd,
                    Some(u32_ty),
                    Some(local),
                    vec![Operand::IdRef(chain.index), Operand::IdRef(split.mask)],
                ),
                Instruction::new(
                    Op::SelectionMerge,
                    None,
                    None,
                    vec![
                        Operand::IdRef(merge),
                        Operand::SelectionControl(SelectionControl::NONE),
                    ],
                ),
                Instruction::new(Op::Switch, None, None, switch),
            ]);
            blocks.push(current);
            for (case, &variable) in cases.iter().zip(&split.variables) {
                let element = ids.fresh();
                let mut access = inst.clone();
                access.operands[0] = Operand::IdRef(element);
                access.result_id = access.result_id.map(|_| ids.fresh());
                let mut code = vec![
                    Instruction::new(
                        Op::AccessChain,
                        Some(chain.pointer_ty),
                        Some(element),
                        vec![
                            Operand::IdRef(variable),
                            Operand::IdRef(chain.zero),
                            Operand::IdRef(local),
                        ],
                    ),
                    access.clone(),
                ];
                if let (Some(var), Some(value)) = (temporary, access.result_id) {
                    code.push(Instruction::new(
                        Op::Store,
                        None,
                        None,
                        vec![Operand::IdRef(var), Operand::IdRef(value)],
                    ));
                }
                code.push(Instruction::new(
                    Op::Branch,
                    None,
                    None,
                    vec![Operand::IdRef(merge)],
                ));
                blocks.push(dr::Block {
                    label: Some(Instruction::new(Op::Label, None, Some(*case), vec![])),
                    instructions: code,
                });
            }
            current = dr::Block {
                label: Some(Instruction::new(Op::Label, None, Some(merge), vec![])),
                instructions: Vec::new(),
            };
            if let (Some(var), Some(ty), Some(id)) = (temporary, inst.result_type, inst.result_id) {
                current.instructions.push(Instruction::new(
                    Op::Load,
                    Some(ty),
                    Some(id),
                    vec![Operand::IdRef(var)],
                ));
            }
        }
        let last = current.label.as_ref().and_then(|l| l.result_id);
        if last != label {
            moved_edges.push((label, last));
        }
        blocks.push(current);
    }
    // The successors of a cut block are now reached from its last part.
    for inst in blocks
        .iter_mut()
        .flat_map(|b| &mut b.instructions)
        .filter(|i| i.class.opcode == Op::Phi)
    {
        for parent in inst.operands.iter_mut().skip(1).step_by(2) {
            if let Some((_, last)) = moved_edges
                .iter()
                .find(|(from, _)| *from == parent.id_ref_any())
            {
                *parent = Operand::IdRef(last.expect("a cut block has a label"));
            }
        }
    }
    let first = blocks.first_mut().ok_or("a function without blocks")?;
    first.instructions.splice(0..0, temporaries);
    function.blocks = blocks;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_spirv::{from_wgsl as spirv, validated};
    use super::*;

    /// Reads, writes and an atomic through binding 1, in a loop, in a
    /// branch and straight-line; binding 2 is left alone.
    const KERNEL: &str = r#"
@group(0) @binding(1) var<storage, read_write> data: array<u32>;
@group(0) @binding(2) var<storage, read_write> other: array<atomic<u32>>;
@compute @workgroup_size(64)
fn k(@builtin(global_invocation_id) id: vec3<u32>) {
    var acc = 0u;
    for (var i = 0u; i < 4u; i++) {
        acc += data[id.x * 4u + i];
    }
    if (acc > 10u) {
        data[id.x] = acc;
    }
    atomicAdd(&other[0], data[id.x + 1u]);
}
@compute @workgroup_size(1)
fn unrelated() { atomicStore(&other[1], 5u); }
"#;

    /// The bindings of the storage variables of `words`, which naga
    /// parses and validates.
    fn validated_bindings(words: &[u32]) -> Vec<u32> {
        let module = validated(words);
        let mut bindings: Vec<u32> = module
            .global_variables
            .iter()
            .filter_map(|(_, v)| v.binding.as_ref().map(|b| b.binding))
            .collect();
        bindings.sort_unstable();
        bindings
    }

    fn three_windows(window_log2: u32) -> Windows {
        Windows {
            window_log2,
            bindings: vec![WindowedBinding {
                binding: 1,
                first_extra: 7,
                windows: 3,
            }],
        }
    }

    #[test]
    fn every_access_picks_its_window() {
        let words = split(&spirv(KERNEL), "k", &three_windows(8)).unwrap();
        assert_eq!(validated_bindings(&words), [1, 2, 7, 8]);
        let module = dr::load_words(&words).unwrap();
        let count = |op: Op| {
            module
                .functions
                .iter()
                .flat_map(|f| &f.blocks)
                .flat_map(|b| &b.instructions)
                .filter(|i| i.class.opcode == op)
                .count()
        };
        // Two loads and a store through binding 1, each a switch over three windows.
        assert_eq!(count(Op::Switch), 3);
        // 64 elements of 4 bytes a window.
        let shifts: Vec<_> = module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Constant && i.operands == [Operand::LiteralBit32(63)])
            .collect();
        assert_eq!(shifts.len(), 1);
    }

    #[test]
    fn windows_ranges_cover_the_allocation() {
        let w = three_windows(8);
        let plan = Windows::plan(8, 1, 600, 7).unwrap();
        assert_eq!(plan, w.bindings[0]);
        assert_eq!(
            w.ranges(&plan, 600),
            [(1, 0, 256), (7, 256, 256), (8, 512, 88)]
        );
        assert_eq!(Windows::plan(8, 1, 256, 7), None);
    }

    #[test]
    fn a_binding_the_entry_point_lacks_is_an_error() {
        let words = spirv(KERNEL);
        let out = split(&words, "unrelated", &three_windows(8)).unwrap_err();
        assert!(out.contains("binding 1"), "{out}");
    }

    #[test]
    fn elements_wider_than_a_window_are_an_error() {
        let err = split(&spirv(KERNEL), "k", &three_windows(1)).unwrap_err();
        assert!(err.contains("4-byte elements"), "{err}");
    }
}
