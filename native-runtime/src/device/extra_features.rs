//! Opening a Vulkan device with the features kernels use that wgpu does not
//! enable itself: the float atomic adds of `VK_EXT_shader_atomic_float` on
//! storage buffers, which kernels use for `atomic_ref<float>`/`<double>`
//! adds where the device has them (see `compiler-core/src/lower/atomic.rs`;
//! wgpu enables only the `f32` ones, `Features::SHADER_FLOAT32_ATOMIC`, and
//! has no feature for `f64`), the sub-group and device clocks of
//! `VK_KHR_shader_clock` (`sycl_ext_oneapi_clock`), and the byte stores to
//! storage buffers of `VK_KHR_8bit_storage` (`storageBuffer8BitAccess`),
//! which kernels use for `char` stores where the device has them (see
//! `compiler-core/src/lower/byte_memory.rs`; wgpu enables 16-bit storage
//! itself, with `Features::SHADER_F16`). The device is opened
//! through wgpu-hal with a callback that adds the extensions and their
//! feature structures to the device's creation.

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
        lacking([(32, self.f32), (64, self.f64)])
    }
}

/// The 8- and 16-bit stores to storage buffers a device has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NarrowStorage {
    pub bytes: bool,
    pub shorts: bool,
}

impl NarrowStorage {
    /// The widths (8, 16) the device lacks.
    pub fn missing_widths(self) -> Vec<u32> {
        lacking([(8, self.bytes), (16, self.shorts)])
    }
}

/// The widths of (width, present) pairs that are not present.
fn lacking(widths: [(u32, bool); 2]) -> Vec<u32> {
    widths
        .into_iter()
        .filter(|(_, has)| !has)
        .map(|(w, _)| w)
        .collect()
}

/// The shader clocks a device has (`OpReadClockKHR` of sub-group and of
/// device scope).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShaderClocks {
    pub sub_group: bool,
    pub device: bool,
}

/// The extra features a device has, or is opened with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtraFeatures {
    pub float_adds: FloatAtomicAdds,
    pub clocks: ShaderClocks,
    /// `storageBuffer8BitAccess`.
    pub byte_storage: bool,
}

/// What `adapter` supports (none when it is not a Vulkan adapter or lacks
/// the extensions).
pub fn supported(adapter: &wgpu::Adapter) -> ExtraFeatures {
    // SAFETY: the hal adapter is only read (feature queries); nothing is
    // created or destroyed through it.
    let Some(hal) = (unsafe { adapter.as_hal::<wgpu::hal::api::Vulkan>() }) else {
        return ExtraFeatures::default();
    };
    let capabilities = hal.physical_device_capabilities();
    let has_atomics = capabilities.supports_extension(ash::ext::shader_atomic_float::NAME);
    let has_clock = capabilities.supports_extension(ash::khr::shader_clock::NAME);
    let has_8bit = capabilities.supports_extension(ash::khr::_8bit_storage::NAME);
    let mut atomics = vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT::default();
    let mut clock = vk::PhysicalDeviceShaderClockFeaturesKHR::default();
    let mut bytes = vk::PhysicalDevice8BitStorageFeatures::default();
    let mut features = vk::PhysicalDeviceFeatures2::default();
    if has_atomics {
        features = features.push_next(&mut atomics);
    }
    if has_clock {
        features = features.push_next(&mut clock);
    }
    if has_8bit {
        features = features.push_next(&mut bytes);
    }
    let instance = hal.shared_instance().raw_instance();
    // SAFETY: the physical device belongs to this instance, which outlives
    // the call; the chain holds structures of extensions the device has.
    unsafe { instance.get_physical_device_features2(hal.raw_physical_device(), &mut features) };
    ExtraFeatures {
        float_adds: FloatAtomicAdds {
            f32: atomics.shader_buffer_float32_atomics != 0
                && atomics.shader_buffer_float32_atomic_add != 0,
            f64: atomics.shader_buffer_float64_atomics != 0
                && atomics.shader_buffer_float64_atomic_add != 0,
        },
        clocks: ShaderClocks {
            sub_group: clock.shader_subgroup_clock != 0,
            device: clock.shader_device_clock != 0,
        },
        byte_storage: bytes.storage_buffer8_bit_access != 0,
    }
}

/// Opens `adapter` as `request_device(desc)` does, with the features in
/// `extra` enabled too. `desc` must not ask for
/// `Features::SHADER_FLOAT32_ATOMIC` (wgpu would chain the same structure).
pub fn open(
    adapter: &wgpu::Adapter,
    desc: &wgpu::DeviceDescriptor<'_>,
    extra: ExtraFeatures,
) -> Result<(wgpu::Device, wgpu::Queue), String> {
    let opened = {
        // SAFETY: the hal adapter opens a device wgpu then adopts
        // (`create_device_from_hal`), as `request_device` does.
        let hal =
            unsafe { adapter.as_hal::<wgpu::hal::api::Vulkan>() }.ok_or("not a Vulkan adapter")?;
        let adds = extra.float_adds;
        let atomics = (adds != FloatAtomicAdds::default()).then(|| {
            vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT::default()
                .shader_buffer_float32_atomics(adds.f32)
                .shader_buffer_float32_atomic_add(adds.f32)
                .shader_buffer_float64_atomics(adds.f64)
                .shader_buffer_float64_atomic_add(adds.f64)
        });
        let clocks = extra.clocks;
        let clock = (clocks != ShaderClocks::default()).then(|| {
            vk::PhysicalDeviceShaderClockFeaturesKHR::default()
                .shader_subgroup_clock(clocks.sub_group)
                .shader_device_clock(clocks.device)
        });
        let bytes = extra.byte_storage.then(|| {
            vk::PhysicalDevice8BitStorageFeatures::default().storage_buffer8_bit_access(true)
        });
        let mut enabled = Enabled {
            atomics,
            clock,
            bytes,
        };
        let callback = enabling(&mut enabled);
        // SAFETY: the callback only adds extensions the adapter has and
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

/// The feature structures a device is opened with (those present).
struct Enabled {
    atomics: Option<vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT<'static>>,
    clock: Option<vk::PhysicalDeviceShaderClockFeaturesKHR<'static>>,
    bytes: Option<vk::PhysicalDevice8BitStorageFeatures<'static>>,
}

/// The device-creation callback that adds the extensions and chains the
/// feature structures of `enabled`.
fn enabling(enabled: &mut Enabled) -> Box<wgpu::hal::vulkan::CreateDeviceCallback<'_>> {
    Box::new(
        move |args: wgpu::hal::vulkan::CreateDeviceCallbackArgs<'_, '_, '_>| {
            let mut info = std::mem::take(args.create_info);
            if let Some(atomics) = enabled.atomics.as_mut() {
                let name = ash::ext::shader_atomic_float::NAME;
                if !args.extensions.contains(&name) {
                    args.extensions.push(name);
                }
                info = info.push_next(atomics);
            }
            if let Some(clock) = enabled.clock.as_mut() {
                let name = ash::khr::shader_clock::NAME;
                if !args.extensions.contains(&name) {
                    args.extensions.push(name);
                }
                info = info.push_next(clock);
            }
            if let Some(bytes) = enabled.bytes.as_mut() {
                let name = ash::khr::_8bit_storage::NAME;
                if !args.extensions.contains(&name) {
                    args.extensions.push(name);
                }
                info = info.push_next(bytes);
            }
            *args.create_info = info;
        },
    )
}

/// The environment variable naming (comma-separated) the optional
/// features kernels must do without on every device, as on devices that
/// lack them: to work around a driver's bug in one, or to measure what one
/// brings.
pub const DISABLE_ENV: &str = "SYCLONE_DISABLE_DEVICE_FEATURES";

/// The names [`DISABLE_ENV`] knows.
const DISABLEABLE: [&str; 4] = [
    "float_atomic_add",
    "double_atomic_add",
    "8bit_storage",
    "16bit_storage",
];

/// The features [`DISABLE_ENV`] turns off; an unknown name is reported on
/// stderr.
pub fn disabled_by_env() -> Vec<&'static str> {
    let Ok(list) = std::env::var(DISABLE_ENV) else {
        return vec![];
    };
    let mut off = vec![];
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match DISABLEABLE.iter().find(|&&known| known == name) {
            Some(known) => off.push(*known),
            None => eprintln!(
                "syclone: {DISABLE_ENV}: unknown feature `{name}` (known: {})",
                DISABLEABLE.join(", ")
            ),
        }
    }
    off
}
