//! WGSL for WebGPU (feature `wgsl`): each kernel of a SPIR-V image on its
//! own, through naga (SPIR-V in, only that entry point kept, validation at
//! WebGPU's level, WGSL out). The browser package and `syclcc --emit=wgsl`
//! both use it.

mod ballot_predicates;
mod nested_memory_fences;
mod uniform_builtins;
mod uniform_workgroup_loads;

use naga::valid::{Capabilities, ValidationFlags, Validator};

/// Reads a SPIR-V module (little-endian bytes) for [`kernel_wgsl`]; float
/// atomic adds, which WebGPU does not have, keep their compare-exchange
/// loops ([`super::spirv::without_float_atomic_adds`]), byte and 16-bit
/// stores their atomic operations on words
/// ([`super::spirv::without_narrow_storage`]), and `Coherent` bindings are
/// plain ones.
pub fn parse_spirv(spirv: &[u8]) -> Result<naga::Module, String> {
    let words: Vec<u32> = spirv
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    let words = super::spirv::without_float_atomic_adds(&words, &[32, 64]).unwrap_or(words);
    let words = super::spirv::without_narrow_storage(&words, &[8, 16])
        .map_err(|e| e.to_string())?
        .unwrap_or(words);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut module = naga::front::spv::parse_u8_slice(&bytes, &Default::default())
        .map_err(|e| format!("naga could not read the SPIR-V: {e}"))?;
    // A Vulkan image's `Coherent` bindings: WebGPU's storage memory has no
    // such decoration (nor the caches it is about).
    for (_, var) in module.global_variables.iter_mut() {
        var.memory_decorations
            .remove(naga::MemoryDecorations::COHERENT);
    }
    Ok(module)
}

/// The WGSL of entry point `entry_point` of `module`, with only what that
/// entry point uses; the error says why there is none.
pub fn kernel_wgsl(
    module: &naga::Module,
    entry_point: &str,
    uses_subgroups: bool,
) -> Result<String, String> {
    let mut module = module.clone();
    module.entry_points.retain(|ep| ep.name == entry_point);
    if module.entry_points.is_empty() {
        return Err(format!("no entry point '{entry_point}' in the image"));
    }
    naga::compact::compact(&mut module, naga::compact::KeepUnused::No);
    if uniform_builtins::pass_uniform_builtins(&mut module) {
        // The private copies of the built-ins are gone with their last use.
        naga::compact::compact(&mut module, naga::compact::KeepUnused::No);
    }
    ballot_predicates::give_ballots_a_predicate(&mut module);
    nested_memory_fences::drop_nested_memory_fences(&mut module);
    uniform_workgroup_loads::pass_uniform_workgroup_loads(&mut module);
    let capabilities = if uses_subgroups {
        Capabilities::default() | Capabilities::SUBGROUP
    } else {
        Capabilities::default()
    };
    let info = Validator::new(ValidationFlags::all(), capabilities)
        .validate(&module)
        .map_err(|e| format!("not valid for WebGPU: {}", e.as_inner()))?;
    let wgsl =
        naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
            .map_err(|e| format!("naga could not write WGSL: {e}"))?;
    // WebGPU wants the extension enabled in the shader too; naga does not
    // write it. SYCL runs sub-group operations where the sub-group is
    // converged, which WGSL's analysis cannot see through the private copy
    // of `subgroup_size` naga's reader makes: its check is off, as for
    // SPIR-V.
    Ok(if uses_subgroups {
        format!("enable subgroups;\ndiagnostic(off, subgroup_uniformity);\n\n{wgsl}")
    } else {
        wgsl
    })
}
