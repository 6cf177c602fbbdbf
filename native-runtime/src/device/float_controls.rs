//! IEEE 754 infinities, NaNs and signed zeros in kernels passed through to
//! a Vulkan driver. Without the `SignedZeroInfNanPreserve` execution mode
//! (`SPV_KHR_float_controls`) a driver may assume that no float is an
//! infinity or a NaN: lavapipe folds `x / 0.0f` to 0. C++ keeps IEEE
//! values, so where the device can preserve them for a float width the
//! kernel uses, its module asks for that.

use ash::vk;
use rspirv::binary::Assemble;
use rspirv::dr::{self, Operand};
use rspirv::spirv::{Capability, ExecutionMode, Op};

/// The float widths whose infinities, NaNs and signed zeros a device can
/// preserve (`shaderSignedZeroInfNanPreserveFloat32/64`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InfNanPreserve {
    pub f32: bool,
    pub f64: bool,
}

/// What `adapter` can preserve: nothing unless it is a Vulkan 1.2 device
/// (float controls are core there).
pub fn supported(adapter: &wgpu::Adapter) -> InfNanPreserve {
    // SAFETY: the hal adapter is only read (property queries); nothing is
    // created or destroyed through it.
    let Some(hal) = (unsafe { adapter.as_hal::<wgpu::hal::api::Vulkan>() }) else {
        return InfNanPreserve::default();
    };
    let instance = hal.shared_instance().raw_instance();
    let physical = hal.raw_physical_device();
    // SAFETY: the physical device belongs to this instance, which outlives
    // the calls; the chain holds a core 1.2 structure, read only when the
    // device reports 1.2 or later.
    let api = unsafe { instance.get_physical_device_properties(physical) }.api_version;
    if vk::api_version_major(api) == 1 && vk::api_version_minor(api) < 2 {
        return InfNanPreserve::default();
    }
    let mut controls = vk::PhysicalDeviceFloatControlsProperties::default();
    let mut properties = vk::PhysicalDeviceProperties2::default().push_next(&mut controls);
    unsafe { instance.get_physical_device_properties2(physical, &mut properties) };
    InfNanPreserve {
        f32: controls.shader_signed_zero_inf_nan_preserve_float32 != 0,
        f64: controls.shader_signed_zero_inf_nan_preserve_float64 != 0,
    }
}

/// `words` with every entry point asking the driver to preserve the
/// infinities, NaNs and signed zeros of the float widths the module uses
/// and `preserve` allows; None when there is nothing to ask. The error says
/// what is malformed.
pub fn preserving_inf_nan(
    words: &[u32],
    preserve: InfNanPreserve,
) -> Result<Option<Vec<u32>>, String> {
    let mut module = dr::load_words(words).map_err(|e| format!("unreadable SPIR-V: {e}"))?;
    let declares = |module: &dr::Module, c: Capability| {
        module
            .capabilities
            .iter()
            .any(|i| i.operands.first() == Some(&Operand::Capability(c)))
    };
    let mut widths = vec![];
    if preserve.f32 {
        widths.push(32);
    }
    if preserve.f64 && declares(&module, Capability::Float64) {
        widths.push(64);
    }
    if widths.is_empty() || declares(&module, Capability::SignedZeroInfNanPreserve) {
        return Ok(None);
    }
    module.capabilities.push(dr::Instruction::new(
        Op::Capability,
        None,
        None,
        vec![Operand::Capability(Capability::SignedZeroInfNanPreserve)],
    ));
    module.extensions.push(dr::Instruction::new(
        Op::Extension,
        None,
        None,
        vec![Operand::LiteralString("SPV_KHR_float_controls".into())],
    ));
    let entries: Vec<u32> = module
        .entry_points
        .iter()
        .filter_map(|e| e.operands.get(1).and_then(Operand::id_ref_any))
        .collect();
    for entry in entries {
        for &width in &widths {
            module.execution_modes.push(dr::Instruction::new(
                Op::ExecutionMode,
                None,
                None,
                vec![
                    Operand::IdRef(entry),
                    Operand::ExecutionMode(ExecutionMode::SignedZeroInfNanPreserve),
                    Operand::LiteralBit32(width),
                ],
            ));
        }
    }
    Ok(Some(module.assemble()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::binary::Disassemble;

    /// A compute module with one entry point, using doubles when asked.
    fn module(doubles: bool) -> Vec<u32> {
        let mut b = rspirv::dr::Builder::new();
        b.set_version(1, 3);
        b.capability(Capability::Shader);
        if doubles {
            b.capability(Capability::Float64);
        }
        b.memory_model(
            rspirv::spirv::AddressingModel::Logical,
            rspirv::spirv::MemoryModel::GLSL450,
        );
        let void = b.type_void();
        let fn_ty = b.type_function(void, vec![]);
        let f = b
            .begin_function(void, None, rspirv::spirv::FunctionControl::NONE, fn_ty)
            .unwrap();
        b.begin_block(None).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        b.entry_point(rspirv::spirv::ExecutionModel::GLCompute, f, "k", vec![]);
        b.execution_mode(f, ExecutionMode::LocalSize, vec![1, 1, 1]);
        b.module().assemble()
    }

    fn text(words: &[u32]) -> String {
        dr::load_words(words).unwrap().disassemble()
    }

    #[test]
    fn entry_points_ask_for_the_widths_the_module_uses() {
        let both = InfNanPreserve {
            f32: true,
            f64: true,
        };
        let floats = preserving_inf_nan(&module(false), both).unwrap().unwrap();
        let t = text(&floats);
        assert!(t.contains("OpCapability SignedZeroInfNanPreserve"), "{t}");
        assert!(t.contains("OpExtension \"SPV_KHR_float_controls\""), "{t}");
        assert!(t.contains("SignedZeroInfNanPreserve 32"), "{t}");
        assert!(!t.contains("SignedZeroInfNanPreserve 64"), "{t}");
        let doubles = preserving_inf_nan(&module(true), both).unwrap().unwrap();
        assert!(text(&doubles).contains("SignedZeroInfNanPreserve 64"));
        // Asked once only.
        assert!(preserving_inf_nan(&floats, both).unwrap().is_none());
    }

    #[test]
    fn a_device_that_preserves_nothing_leaves_the_module_alone() {
        let none = InfNanPreserve::default();
        assert!(preserving_inf_nan(&module(true), none).unwrap().is_none());
        let only_doubles = InfNanPreserve {
            f32: false,
            f64: true,
        };
        assert!(preserving_inf_nan(&module(false), only_doubles)
            .unwrap()
            .is_none());
    }
}
