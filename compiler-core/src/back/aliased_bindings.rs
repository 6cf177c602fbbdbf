//! Merges storage-buffer bindings that one launch binds to the same memory.
//! Vulkan lets two bindings of a dispatch overlap; WebGPU refuses a
//! writable binding that overlaps another. Two pointers into one allocation
//! (two reductions into adjacent elements, an input and an output view of
//! one buffer) are two bindings of the kernel, each with its own element
//! offset in the parameter block, so the browser's runtime binds the
//! allocation once: every use of the other binding's variable becomes a use
//! of the first's. Bindings of different types cannot share a variable.
//! An image holds many entry points, each numbering its bindings from 0, so
//! only the entry point's own functions are rewritten.

use rspirv::binary::Assemble;
use rspirv::dr::{Module, Operand};
use rspirv::spirv::{Decoration, Op, Word};
use std::collections::{HashMap, HashSet};

/// `words` in which, in entry point `entry` and the functions it calls,
/// every use of the variable of binding `from` is a use of the variable of
/// binding `to`, for each `(from, to)` of `aliases` (the other variable is
/// left unused: naga drops it with the rest of what the entry point does
/// not use); the error says which bindings could not be merged.
pub fn merge_aliased_bindings(
    words: &[u32],
    entry: &str,
    aliases: &[(u32, u32)],
) -> Result<Vec<u32>, String> {
    let mut module =
        rspirv::dr::load_words(words).map_err(|e| format!("its SPIR-V is malformed: {e}"))?;
    let functions = reachable_functions(&module, entry)?;
    let used: HashSet<Word> = module
        .functions
        .iter()
        .filter(|f| f.def_id().is_some_and(|id| functions.contains(&id)))
        .flat_map(|f| f.all_inst_iter())
        .flat_map(|inst| inst.operands.iter())
        .filter_map(|o| match o {
            Operand::IdRef(id) => Some(*id),
            _ => None,
        })
        .collect();
    let mut replaced = HashMap::new();
    for &(from, to) in aliases {
        // A binding the entry point never reads aliases nothing.
        let (Some(from_var), Some(to_var)) = (
            variable_of(&module, &used, from),
            variable_of(&module, &used, to),
        ) else {
            continue;
        };
        if variable_type(&module, from_var) != variable_type(&module, to_var) {
            return Err(format!(
                "bindings {to} and {from} point into one allocation with different element types, which one WebGPU dispatch cannot bind"
            ));
        }
        replaced.insert(from_var, to_var);
    }
    for function in &mut module.functions {
        if !function.def_id().is_some_and(|id| functions.contains(&id)) {
            continue;
        }
        for inst in function.all_inst_iter_mut() {
            for operand in &mut inst.operands {
                if let Operand::IdRef(id) = operand {
                    if let Some(&to) = replaced.get(id) {
                        *id = to;
                    }
                }
            }
        }
    }
    Ok(module.assemble())
}

/// The functions entry point `entry` runs: its own and those it calls.
fn reachable_functions(module: &Module, entry: &str) -> Result<HashSet<Word>, String> {
    let start = module
        .entry_points
        .iter()
        .find(
            |ep| matches!(ep.operands.get(2), Some(Operand::LiteralString(name)) if name == entry),
        )
        .and_then(|ep| match ep.operands.get(1) {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        })
        .ok_or_else(|| format!("it has no entry point '{entry}'"))?;
    let mut reached = HashSet::from([start]);
    let mut pending = vec![start];
    while let Some(id) = pending.pop() {
        let Some(function) = module.functions.iter().find(|f| f.def_id() == Some(id)) else {
            continue;
        };
        for inst in function.all_inst_iter() {
            if inst.class.opcode == Op::FunctionCall {
                if let Some(Operand::IdRef(callee)) = inst.operands.first() {
                    if reached.insert(*callee) {
                        pending.push(*callee);
                    }
                }
            }
        }
    }
    Ok(reached)
}

/// The result id of the variable decorated `Binding binding` among `used`.
fn variable_of(module: &Module, used: &HashSet<Word>, binding: u32) -> Option<Word> {
    module
        .annotations
        .iter()
        .find_map(|inst| match inst.operands.as_slice() {
            [Operand::IdRef(var), Operand::Decoration(Decoration::Binding), Operand::LiteralBit32(b)]
                if inst.class.opcode == Op::Decorate && *b == binding && used.contains(var) =>
            {
                Some(*var)
            }
            _ => None,
        })
}

/// The pointer type of variable `var`.
fn variable_type(module: &Module, var: Word) -> Option<Word> {
    module
        .types_global_values
        .iter()
        .find(|i| i.result_id == Some(var))
        .and_then(|i| i.result_type)
}
