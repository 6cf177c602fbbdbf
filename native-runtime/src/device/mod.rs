//! Devices: the Vulkan adapters wgpu finds (opened lazily, once per process)
//! and the host CPU device, which is always there; selection by
//! `ONEAPI_DEVICE_SELECTOR` and preference (GPU, then any Vulkan adapter such
//! as lavapipe, then the host).

pub mod host;
pub mod vulkan;

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
            Device::Vulkan(d) => d.name.clone(),
        }
    }
    pub fn vendor(&self) -> String {
        match self {
            Device::Host => "Syclone".into(),
            Device::Vulkan(d) => d.vendor.clone(),
        }
    }
    pub fn is_gpu(&self) -> bool {
        match self {
            Device::Host => false,
            Device::Vulkan(d) => d.device_type == DeviceType::Gpu,
        }
    }
}

struct VulkanSlot {
    adapter: wgpu::Adapter,
    key: DeviceKey,
    opened: OnceLock<Result<Arc<VulkanDevice>, String>>,
}

struct Devices {
    _instance: wgpu::Instance,
    vulkan: Vec<VulkanSlot>,
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
                let device_type = vulkan::device_type_of(&adapter.get_info());
                VulkanSlot {
                    adapter,
                    key: DeviceKey {
                        backend: Backend::Vulkan,
                        device_type,
                        index,
                    },
                    opened: OnceLock::new(),
                }
            })
            .collect();
        Devices {
            _instance: instance,
            vulkan,
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

/// The most preferred device the selector allows. `selector_text` is the
/// selector's source, for messages (None: no selector was given).
pub fn select(selector: &Selector, selector_text: Option<&str>) -> RtResult<Device> {
    let mut open_errors = Vec::new();
    for slot in devices().vulkan.iter().filter(|s| selector.matches(&s.key)) {
        match slot
            .opened
            .get_or_init(|| VulkanDevice::open(&slot.adapter).map_err(|e| e.to_string()))
        {
            Ok(d) => return Ok(Device::Vulkan(d.clone())),
            Err(e) => open_errors.push(e.clone()),
        }
    }
    if selector.matches(&HOST_KEY) {
        return Ok(Device::Host);
    }
    let mut text = selector_text.unwrap_or("").to_string();
    if !open_errors.is_empty() {
        text.push_str(&format!(" ({})", open_errors.join("; ")));
    }
    Err(RtError::NoDevice(text))
}
