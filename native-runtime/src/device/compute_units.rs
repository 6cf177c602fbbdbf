//! How many compute units (NVIDIA SMs, AMD compute units, Arm shader cores)
//! a Vulkan GPU has. Core Vulkan does not say; the vendors' property
//! extensions do, and programs size their grids by
//! `info::device::max_compute_units` (a grid of one work-group per unit is
//! a common idiom), so a wrong 1 starves the GPU.

use ash::vk;

/// The compute units `adapter` reports through a vendor extension; none
/// for a non-Vulkan adapter or one without such an extension.
pub fn reported(adapter: &wgpu::Adapter) -> Option<u32> {
    // SAFETY: the hal adapter is only read (property queries); nothing is
    // created or destroyed through it.
    let hal = unsafe { adapter.as_hal::<wgpu::hal::api::Vulkan>() }?;
    let capabilities = hal.physical_device_capabilities();
    let instance = hal.shared_instance().raw_instance();
    let device = hal.raw_physical_device();
    let units = if capabilities.supports_extension(ash::nv::shader_sm_builtins::NAME) {
        let mut sm = vk::PhysicalDeviceShaderSMBuiltinsPropertiesNV::default();
        let mut props = vk::PhysicalDeviceProperties2::default().push_next(&mut sm);
        // SAFETY: the physical device belongs to this instance, which
        // outlives the call; the chain is one structure the extension defines.
        unsafe { instance.get_physical_device_properties2(device, &mut props) };
        sm.shader_sm_count
    } else if capabilities.supports_extension(ash::amd::shader_core_properties::NAME) {
        let mut core = vk::PhysicalDeviceShaderCorePropertiesAMD::default();
        let mut props = vk::PhysicalDeviceProperties2::default().push_next(&mut core);
        // SAFETY: as above.
        unsafe { instance.get_physical_device_properties2(device, &mut props) };
        core.shader_engine_count
            * core.shader_arrays_per_engine_count
            * core.compute_units_per_shader_array
    } else if capabilities.supports_extension(ash::arm::shader_core_builtins::NAME) {
        let mut core = vk::PhysicalDeviceShaderCoreBuiltinsPropertiesARM::default();
        let mut props = vk::PhysicalDeviceProperties2::default().push_next(&mut core);
        // SAFETY: as above.
        unsafe { instance.get_physical_device_properties2(device, &mut props) };
        core.shader_core_count
    } else {
        return None;
    };
    (units > 0).then_some(units)
}
