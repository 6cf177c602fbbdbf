//! Devices: the Vulkan adapters wgpu finds (opened lazily, once per process)
//! and the host CPU device, which is always there; the device list in
//! preference order (GPU, then any Vulkan adapter such as lavapipe, then the
//! host), filtered by `ONEAPI_DEVICE_SELECTOR`.

mod bindings;
pub mod clock;
mod compute_units;
mod dense_bindings;
mod entry_module;
pub mod extra_features;
mod float_controls;
pub mod host;
pub mod info;
mod loop_audit;
mod memory_barriers;
mod padding_lanes;
mod pipeline_cache;
mod prewarm;
pub mod specialize;
#[cfg(test)]
mod test_spirv;
mod upload_staging;
pub mod vulkan;
pub mod windows;
mod work_items;

use crate::error::{RtError, RtResult};
use crate::selector::{Backend, DeviceKey, DeviceType, Selector};
use std::sync::{Arc, OnceLock};
use vulkan::VulkanDevice;

/// The device a queue submits to.
#[derive(Clone)]
pub enum Device {
    Host,
    Vulkan(Arc<VulkanDevice>),
}

impl Device {
    pub fn name(&self) -> String {
        match self {
            Device::Host => host::device_name(),
            Device::Vulkan(d) => d.info.name.clone(),
        }
    }
    pub fn vendor(&self) -> String {
        match self {
            Device::Host => "Syclone".into(),
            Device::Vulkan(d) => d.info.vendor.clone(),
        }
    }
    /// Its descriptors (aspects, sub-group sizes...).
    pub fn info(&self) -> &info::DeviceInfo {
        match self {
            Device::Host => &devices().host,
            Device::Vulkan(d) => &d.info,
        }
    }
    pub fn is_gpu(&self) -> bool {
        match self {
            Device::Host => false,
            Device::Vulkan(d) => d.info.device_type == DeviceType::Gpu,
        }
    }
}

struct VulkanSlot {
    adapter: wgpu::Adapter,
    key: DeviceKey,
    info: info::DeviceInfo,
    opened: OnceLock<Result<Arc<VulkanDevice>, String>>,
}

struct Devices {
    _instance: wgpu::Instance,
    vulkan: Vec<VulkanSlot>,
    host: info::DeviceInfo,
}

static DEVICES: OnceLock<Devices> = OnceLock::new();

/// Preference among adapters: discrete, integrated, virtual, other, CPU.
fn rank(t: wgpu::DeviceType) -> u8 {
    match t {
        wgpu::DeviceType::DiscreteGpu => 0,
        wgpu::DeviceType::IntegratedGpu => 1,
        wgpu::DeviceType::VirtualGpu => 2,
        wgpu::DeviceType::Other => 3,
        wgpu::DeviceType::Cpu => 4,
    }
}

fn devices() -> &'static Devices {
    DEVICES.get_or_init(|| {
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
        desc.backends = wgpu::Backends::VULKAN;
        desc.flags = wgpu::InstanceFlags::empty();
        let desc = desc.with_env();
        let instance = wgpu::Instance::new(desc);
        let mut adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::VULKAN));
        adapters.sort_by_key(|a| rank(a.get_info().device_type));
        let vulkan = adapters
            .into_iter()
            .enumerate()
            .map(|(index, adapter)| {
                let info = info::vulkan_info(&adapter);
                VulkanSlot {
                    adapter,
                    key: DeviceKey {
                        backend: Backend::Vulkan,
                        device_type: info.device_type,
                        index,
                    },
                    info,
                    opened: OnceLock::new(),
                }
            })
            .collect();
        Devices {
            _instance: instance,
            vulkan,
            host: info::host_info(),
        }
    })
}

/// Names of the Vulkan adapters found, in preference order.
pub fn vulkan_adapter_names() -> Vec<String> {
    devices()
        .vulkan
        .iter()
        .map(|s| s.adapter.get_info().name)
        .collect()
}

const HOST_KEY: DeviceKey = DeviceKey {
    backend: Backend::Host,
    device_type: DeviceType::Cpu,
    index: 0,
};

/// Every device, in preference order: index `i < vulkan count` is Vulkan
/// adapter `i`, the last one is the host device. These indices are the
/// device handles of the C ABI.
pub fn count_all() -> usize {
    devices().vulkan.len() + 1
}

fn key_of(index: usize) -> DeviceKey {
    devices()
        .vulkan
        .get(index)
        .map(|s| s.key)
        .unwrap_or(HOST_KEY)
}

/// The descriptors of device `index` (see `count_all`).
pub fn info(index: usize) -> RtResult<&'static info::DeviceInfo> {
    let all = devices();
    match all.vulkan.get(index) {
        Some(slot) => Ok(&slot.info),
        None if index == all.vulkan.len() => Ok(&all.host),
        None => Err(RtError::Invalid(format!("no device with index {index}"))),
    }
}

/// Free memory of device `index` in bytes
/// (`ext::intel::info::device::free_memory`): for a Vulkan device, its
/// memory less what this process's allocations hold on it (all of it when
/// it was not opened yet); for the host device, the host's available memory.
pub fn free_memory(index: usize) -> RtResult<u64> {
    let all = devices();
    match all.vulkan.get(index) {
        Some(slot) => Ok(match slot.opened.get() {
            Some(Ok(dev)) => dev.free_memory(),
            _ => slot.info.global_mem_size,
        }),
        None if index == all.vulkan.len() => Ok(info::host_available_bytes()),
        None => Err(RtError::Invalid(format!("no device with index {index}"))),
    }
}

/// `ONEAPI_DEVICE_SELECTOR` as set now (None: unset or empty).
pub fn env_selector() -> Option<String> {
    std::env::var("ONEAPI_DEVICE_SELECTOR")
        .ok()
        .filter(|s| !s.trim().is_empty())
}

/// The devices a selector allows, in preference order.
pub fn visible(selector: &Selector) -> Vec<usize> {
    (0..count_all())
        .filter(|&i| selector.matches(&key_of(i)))
        .collect()
}

/// The devices `ONEAPI_DEVICE_SELECTOR` allows (all when it is unset).
pub fn visible_from_env() -> RtResult<Vec<usize>> {
    let selector = match env_selector() {
        Some(text) => Selector::parse(&text)?,
        None => Selector::any(),
    };
    Ok(visible(&selector))
}

/// Opens device `index` (once per process for a Vulkan adapter).
pub fn open(index: usize) -> RtResult<Device> {
    let all = devices();
    match all.vulkan.get(index) {
        Some(slot) => slot
            .opened
            .get_or_init(|| {
                let dev =
                    VulkanDevice::open(&slot.adapter, &slot.info).map_err(|e| e.to_string())?;
                prewarm::start(&dev);
                Ok(dev)
            })
            .clone()
            .map(Device::Vulkan)
            .map_err(RtError::Device),
        None if index == all.vulkan.len() => Ok(Device::Host),
        None => Err(RtError::Invalid(format!("no device with index {index}"))),
    }
}

/// The most preferred device the selector allows that opens, with its index.
/// `selector_text` is the selector's source, for messages (None: no selector).
pub fn select(selector: &Selector, selector_text: Option<&str>) -> RtResult<(usize, Device)> {
    let mut open_errors = Vec::new();
    for index in visible(selector) {
        match open(index) {
            Ok(d) => return Ok((index, d)),
            Err(e) => open_errors.push(e.to_string()),
        }
    }
    let mut text = selector_text.unwrap_or("").to_string();
    if !open_errors.is_empty() {
        text.push_str(&format!(" ({})", open_errors.join("; ")));
    }
    Err(RtError::NoDevice(text))
}
