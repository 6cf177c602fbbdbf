//! SPIR-V for Vulkan/WebGPU from the device IR (stub).

use crate::ir::Module;
use crate::target::TargetProperties;

/// Emit one SPIR-V module holding every kernel of `module` as a GLCompute entry point.
pub fn emit_module(_module: &Module, _target: &TargetProperties) -> Vec<u32> {
    unimplemented!("spirv back end")
}
