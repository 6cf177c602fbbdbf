//! Opening a Vulkan device with the float atomic adds of
//! `VK_EXT_shader_atomic_float` on storage buffers, which kernels use for
//! `atomic_ref<float>`/`<double>` adds where the device has them (see
//! `compiler-core/src/lower/atomic.rs`). wgpu enables only the `f32` ones
//! (`Features::SHADER_FLOAT32_ATOMIC`) and has no feature for `f64`, so the
//! device is opened through wgpu-hal with a callback that adds the
//! extension and its feature structure to the device's creation.

use ash::vk;

/// The float atomic adds on storage buffers a device has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FloatAtomicAdds {
    pub f32: bool,
    pub f64: bool,
}

impl FloatAtomicAdds {
    /// The SPIR-V widths of the adds the device lacks.
    pub fn missing_widths(self) -> Vec<u32> {
        [(32, self.f32), (64, self.f64)]
            .into_iter()
            .filter(|(_, has)| !has)
            .map(|(w, _)| w)
            .collect()
    }
}

/// What `adapter` supports (none when it is not a Vulkan adapter or lacks
/// the extension).
pub fn supported(adapter: &wgpu::Adapter) -> FloatAtomicAdds {
    // SAFETY: the hal adapter is only read (one feature query); nothing is
    // created or destroyed through it.
    let Some(hal) = (unsafe { adapter.as_hal::<wgpu::hal::api::Vulkan>() }) else {
        return FloatAtomicAdds::default();
    };
    if !hal
        .physical_device_capabilities()
        .supports_extension(ash::ext::shader_atomic_float::NAME)
    {
        return FloatAtomicAdds::default();
    }
    let mut atomics = vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT::default();
    let mut features = vk::PhysicalDeviceFeatures2::default().push_next(&mut atomics);
    let instance = hal.shared_instance().raw_instance();
    // SAFETY: the physical device belongs to this instance, which outlives
    // the call; the chain is one structure the extension defines.
    unsafe { instance.get_physical_device_features2(hal.raw_physical_device(), &mut features) };
    FloatAtomicAdds {
        f32: atomics.shader_buffer_float32_atomics != 0
            && atomics.shader_buffer_float32_atomic_add != 0,
        f64: atomics.shader_buffer_float64_atomics != 0
            && atomics.shader_buffer_float64_atomic_add != 0,
    }
}

/// Opens `adapter` as `request_device(desc)` does, with the float atomic
/// adds `adds` enabled too. `desc` must not ask for
/// `Features::SHADER_FLOAT32_ATOMIC` (wgpu would chain the same structure).
pub fn open(
    adapter: &wgpu::Adapter,
    desc: &wgpu::DeviceDescriptor<'_>,
    adds: FloatAtomicAdds,
) -> Result<(wgpu::Device, wgpu::Queue), String> {
    let opened = {
        // SAFETY: the hal adapter opens a device wgpu then adopts
        // (`create_device_from_hal`), as `request_device` does.
        let hal =
            unsafe { adapter.as_hal::<wgpu::hal::api::Vulkan>() }.ok_or("not a Vulkan adapter")?;
        let mut atomics = vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT::default()
            .shader_buffer_float32_atomics(adds.f32)
            .shader_buffer_float32_atomic_add(adds.f32)
            .shader_buffer_float64_atomics(adds.f64)
            .shader_buffer_float64_atomic_add(adds.f64);
        let callback = enabling(&mut atomics);
        // SAFETY: the callback only adds an extension the adapter has and
        // enables features it reports (`supported`); it removes nothing.
        unsafe {
            hal.open_with_callback(
                desc.required_features,
                &desc.required_limits,
                &desc.memory_hints,
                Some(callback),
            )
        }
        .map_err(|e| e.to_string())?
    };
    // SAFETY: `opened` was opened on this adapter with `desc`'s features
    // and limits.
    unsafe { adapter.create_device_from_hal(opened, desc) }.map_err(|e| e.to_string())
}

/// The device-creation callback that adds the extension and chains `atomics`.
fn enabling<'a>(
    atomics: &'a mut vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT<'static>,
) -> Box<wgpu::hal::vulkan::CreateDeviceCallback<'a>> {
    Box::new(
        move |args: wgpu::hal::vulkan::CreateDeviceCallbackArgs<'_, '_, 'a>| {
            let name = ash::ext::shader_atomic_float::NAME;
            if !args.extensions.contains(&name) {
                args.extensions.push(name);
            }
            let info = std::mem::take(args.create_info);
            *args.create_info = info.push_next(atomics);
        },
    )
}
