//! A module of one kernel cut out of its image: the entry point, the
//! functions it calls and the global variables they use. A driver given an
//! image of many kernels unchanged would count every kernel's work-group
//! variables against each pipeline's shared memory, and compile them all
//! (naga's SPIR-V writer keeps only the entry point's code, so a module
//! passed through is cut the same way).

use super::loop_audit::{entry_point, ids_used_from};
use rspirv::binary::Assemble;
use rspirv::dr::{self, Operand};
use rspirv::spirv::{Op, StorageClass};
use std::collections::HashSet;

/// `words` with entry point `entry` alone. The error says what is malformed.
pub fn single_entry_point(words: &[u32], entry: &str) -> Result<Vec<u32>, String> {
    let mut module = dr::load_words(words).map_err(|e| format!("unreadable SPIR-V: {e}"))?;
    let (position, entry_fn) = entry_point(&module, entry)?;
    let mut used = ids_used_from(&module, entry_fn);
    used.insert(entry_fn);
    let entry_inst = module.entry_points.swap_remove(position);
    used.extend(entry_inst.operands.iter().filter_map(Operand::id_ref_any));
    module.entry_points = vec![entry_inst];
    module
        .execution_modes
        .retain(|m| m.operands.first() == Some(&Operand::IdRef(entry_fn)));
    module.functions.retain(|f| {
        f.def
            .as_ref()
            .and_then(|d| d.result_id)
            .is_some_and(|id| used.contains(&id))
    });
    module.types_global_values.retain(|i| {
        let global_variable = i.class.opcode == Op::Variable
            && i.operands.first() != Some(&Operand::StorageClass(StorageClass::Function));
        !global_variable || i.result_id.is_some_and(|id| used.contains(&id))
    });
    // Names and decorations of what was cut go with it.
    let defined = defined_ids(&module);
    let targets_defined = |i: &dr::Instruction| {
        i.operands
            .first()
            .and_then(Operand::id_ref_any)
            .is_none_or(|id| defined.contains(&id))
    };
    module.debug_names.retain(targets_defined);
    module.annotations.retain(targets_defined);
    Ok(module.assemble())
}

/// Every id the module defines: globals, functions, their parameters,
/// blocks and results.
fn defined_ids(module: &dr::Module) -> HashSet<u32> {
    let globals = module
        .types_global_values
        .iter()
        .chain(&module.ext_inst_imports)
        .filter_map(|i| i.result_id);
    let functions = module.functions.iter().flat_map(|f| {
        let def = f.def.iter().filter_map(|d| d.result_id);
        let params = f.parameters.iter().filter_map(|p| p.result_id);
        let blocks = f.blocks.iter().flat_map(|b| {
            let label = b.label.iter().filter_map(|l| l.result_id);
            label.chain(b.instructions.iter().filter_map(|i| i.result_id))
        });
        def.chain(params).chain(blocks)
    });
    globals.chain(functions).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::test_spirv;

    const TWO_KERNELS: &str = "
        @group(0) @binding(1) var<storage, read_write> out: array<u32>;
        var<workgroup> tile_a: array<u32, 4096>;
        var<workgroup> tile_b: array<u32, 8>;
        fn twice(x: u32) -> u32 { return 2u * x; }
        @compute @workgroup_size(64) fn a(@builtin(local_invocation_index) i: u32) {
            tile_a[i] = i;
            out[i] = twice(tile_a[i]);
        }
        @compute @workgroup_size(8) fn b(@builtin(local_invocation_index) i: u32) {
            tile_b[i] = i;
            out[i] = tile_b[i];
        }";

    fn workgroup_variables(words: &[u32]) -> usize {
        let module = dr::load_words(words).unwrap();
        module
            .types_global_values
            .iter()
            .filter(|i| {
                i.class.opcode == Op::Variable
                    && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Workgroup))
            })
            .count()
    }

    #[test]
    fn other_kernels_and_their_work_group_memory_are_cut() {
        let words = test_spirv::from_wgsl(TWO_KERNELS);
        assert_eq!(workgroup_variables(&words), 2);
        let b = single_entry_point(&words, "b").unwrap();
        let module = test_spirv::validated(&b);
        let names: Vec<&str> = module
            .entry_points
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(names, ["b"]);
        assert_eq!(workgroup_variables(&b), 1);
        assert_eq!(module.entry_points[0].workgroup_size, [8, 1, 1]);
        // `a` keeps the function it calls, which `b` did not.
        let a = test_spirv::validated(&single_entry_point(&words, "a").unwrap());
        assert_eq!(a.functions.len(), module.functions.len() + 1);
    }

    #[test]
    fn a_missing_entry_point_is_an_error() {
        let words = test_spirv::from_wgsl(TWO_KERNELS);
        assert!(single_entry_point(&words, "c").is_err());
        assert!(single_entry_point(&[1, 2, 3], "a").is_err());
    }
}
