//! What a program can ask about a device (`device::get_info`, `has(aspect)`):
//! read from the wgpu adapter (plus the Vulkan memory heaps through wgpu-hal)
//! or from the host machine, without opening the device.

use crate::selector::{Backend, DeviceType};

/// `sycl::aspect` values (SYCL 2020 4.6.4.3); bit `1 << a` in `DeviceInfo::aspects`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aspect {
    Cpu = 0,
    Gpu = 1,
    Accelerator = 2,
    Custom = 3,
    Emulated = 4,
    HostDebuggable = 5,
    Fp16 = 6,
    Fp64 = 7,
    Atomic64 = 8,
    Image = 9,
    OnlineCompiler = 10,
    OnlineLinker = 11,
    QueueProfiling = 12,
    UsmDeviceAllocations = 13,
    UsmHostAllocations = 14,
    UsmAtomicHostAllocations = 15,
    UsmSharedAllocations = 16,
    UsmAtomicSharedAllocations = 17,
    UsmSystemAllocations = 18,
    ExtIntelLegacyImage = 19,
    ExtIntelFreeMemory = 20,
    ExtOneapiClockSubGroup = 21,
    ExtOneapiClockWorkGroup = 22,
    ExtOneapiClockDevice = 23,
    /// `sycl::ext::intel::pipe` (`fpga_extensions.hpp`): the host device's
    /// alone, which plays the FPGA emulator.
    ExtSycloneFpgaPipes = 24,
    /// `sycl_ext_oneapi_graph`: command graphs, updatable and limited.
    ExtOneapiGraph = 25,
    ExtOneapiLimitedGraph = 26,
}

/// The descriptors of one device.
#[derive(Clone, Debug)]
pub struct DeviceInfo {
    pub name: String,
    pub vendor: String,
    pub vendor_id: u32,
    pub driver_version: String,
    pub backend: Backend,
    pub device_type: DeviceType,
    pub max_compute_units: u32,
    pub max_work_group_size: usize,
    /// SYCL order: dimension 2 is the fastest varying (Vulkan's x).
    pub max_work_item_sizes: [usize; 3],
    pub local_mem_size: u64,
    pub global_mem_size: u64,
    pub max_mem_alloc_size: u64,
    pub sub_group_sizes: Vec<u32>,
    /// Device timestamps for profiling (else the host clock is used).
    pub timestamps: bool,
    /// Loop iterations a work-item may take, over all the loops of a
    /// kernel, before the driver leaves them early (see `loop_audit`).
    pub loop_iteration_limit: Option<u32>,
    /// The driver runs a fence (`OpMemoryBarrier`) as a work-group barrier,
    /// so kernels go to it without fences (see `memory_barriers`).
    pub fences_are_group_barriers: bool,
    /// The driver runs lanes past a work-group's x extent through loops,
    /// reading zero from work-group memory: kernels return first thing there
    /// (see `padding_lanes`).
    pub runs_padding_lanes: bool,
    /// The most private memory (arrays kept per work-item) a kernel may use
    /// before the driver fails (None: no known limit).
    pub max_private_bytes: Option<u32>,
    /// The driver may serve a work-item's load of an element it has just
    /// stored with the element's old value when other bindings of the
    /// kernel are `NonWritable` (NVIDIA 5xx: `s[i] = ...; x = s[i] * k`
    /// with `k` read from the parameter block and another pointer only
    /// read); launches then declare every binding writable.
    pub stale_loads_with_read_only_bindings: bool,
    pub aspects: u64,
}

impl DeviceInfo {
    pub fn has(&self, aspect: Aspect) -> bool {
        self.aspects & (1 << aspect as u32) != 0
    }
}

fn aspects(list: &[Aspect]) -> u64 {
    list.iter().fold(0, |acc, a| acc | (1 << *a as u32))
}

/// What every device supports: the USM kinds (see `memory`), images of
/// both APIs, a library over buffers (`sycl/detail/image.hpp`), and the
/// free memory query (`device::free_memory`).
const EVERY_DEVICE: [Aspect; 8] = [
    Aspect::UsmDeviceAllocations,
    Aspect::UsmHostAllocations,
    Aspect::UsmSharedAllocations,
    Aspect::Image,
    Aspect::ExtIntelLegacyImage,
    Aspect::ExtIntelFreeMemory,
    Aspect::ExtOneapiGraph,
    Aspect::ExtOneapiLimitedGraph,
];

/// Physical memory of the host, from `/proc/meminfo` (0 when unknown).
fn host_memory_bytes() -> u64 {
    meminfo_bytes("MemTotal:")
}

/// Memory the host can still give programs without swapping, from
/// `/proc/meminfo` (0 when unknown).
pub fn host_available_bytes() -> u64 {
    meminfo_bytes("MemAvailable:")
}

/// A `/proc/meminfo` field given in KiB, in bytes (0 when unknown).
fn meminfo_bytes(field: &str) -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with(field))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib * 1024)
        })
        .unwrap_or(0)
}

/// The host CPU device.
pub fn host_info() -> DeviceInfo {
    let threads = super::host::thread_count();
    let memory = host_memory_bytes();
    let mut list = vec![
        Aspect::Cpu,
        Aspect::HostDebuggable,
        Aspect::Fp16,
        Aspect::Fp64,
        Aspect::Atomic64,
        Aspect::QueueProfiling,
        // Host-device kernels are host code: any host pointer works.
        Aspect::UsmSystemAllocations,
        // One steady clock serves every scope.
        Aspect::ExtOneapiClockSubGroup,
        Aspect::ExtOneapiClockWorkGroup,
        Aspect::ExtOneapiClockDevice,
        // Pipes are queues in host memory between kernels run by threads.
        Aspect::ExtSycloneFpgaPipes,
    ];
    list.extend(EVERY_DEVICE);
    DeviceInfo {
        name: super::host::device_name(),
        vendor: "Syclone".into(),
        vendor_id: 0,
        driver_version: env!("CARGO_PKG_VERSION").into(),
        backend: Backend::Host,
        device_type: DeviceType::Cpu,
        max_compute_units: threads as u32,
        max_work_group_size: 1024,
        max_work_item_sizes: [1024, 1024, 1024],
        // Work-group memory would be host memory; report what a GPU-sized kernel can count on.
        local_mem_size: super::host::LOCAL_MEMORY_BYTES as u64,
        global_mem_size: memory,
        max_mem_alloc_size: memory,
        // Work-items run as coroutines exchange values through memory:
        // any power of two (`host::DEFAULT_SUB_GROUP_SIZE` unless the
        // kernel requires another).
        sub_group_sizes: vec![1, 2, 4, 8, 16, 32, 64],
        timestamps: false,
        loop_iteration_limit: None,
        fences_are_group_barriers: false,
        runs_padding_lanes: false,
        max_private_bytes: None,
        stale_loads_with_read_only_bindings: false,
        aspects: aspects(&list),
    }
}

/// A readable vendor name for a Vulkan vendor id.
fn vendor_name(info: &wgpu::AdapterInfo) -> String {
    match info.vendor {
        0x10de => "NVIDIA".into(),
        0x1002 | 0x1022 => "AMD".into(),
        0x8086 => "Intel".into(),
        0x10005 => "Mesa".into(),
        0x13b5 => "ARM".into(),
        0x5143 => "Qualcomm".into(),
        0x106b => "Apple".into(),
        v if !info.driver.is_empty() => format!("{} ({v:#x})", info.driver),
        v => format!("{v:#x}"),
    }
}

fn device_type_of(info: &wgpu::AdapterInfo) -> DeviceType {
    match info.device_type {
        wgpu::DeviceType::Cpu => DeviceType::Cpu,
        _ => DeviceType::Gpu,
    }
}

/// The size of the adapter's device-local memory heaps, read through wgpu-hal.
fn vulkan_device_memory(adapter: &wgpu::Adapter) -> Option<u64> {
    // SAFETY: the hal adapter is only read (one query of memory properties);
    // nothing is created or destroyed through it.
    let hal = unsafe { adapter.as_hal::<wgpu::hal::api::Vulkan>() }?;
    let instance = hal.shared_instance().raw_instance();
    // SAFETY: the physical device belongs to this instance, which outlives the call.
    let props =
        unsafe { instance.get_physical_device_memory_properties(hal.raw_physical_device()) };
    let heaps = &props.memory_heaps[..props.memory_heap_count as usize];
    let local: u64 = heaps
        .iter()
        .filter(|h| h.flags.contains(ash::vk::MemoryHeapFlags::DEVICE_LOCAL))
        .map(|h| h.size)
        .sum();
    Some(local)
}

/// Mesa's llvmpipe (lavapipe) stops the loops of a work-item after 65535
/// back edges in all (`LP_MAX_TGSI_LOOP_ITERATIONS`, Mesa's gallivm).
fn loop_iteration_limit(info: &wgpu::AdapterInfo) -> Option<u32> {
    is_llvmpipe(info).then_some(65535)
}

/// Mesa's llvmpipe, the CPU driver behind lavapipe.
fn is_llvmpipe(info: &wgpu::AdapterInfo) -> bool {
    info.name.starts_with("llvmpipe")
}

/// NVIDIA's PCI vendor id, as adapters report it.
const NVIDIA: u32 = 0x10de;

/// NVIDIA's Vulkan driver loses the device when a kernel keeps about 16 KiB
/// or more per work-item in private memory (measured on the H100, driver
/// of 2026-11: arrays of 14 KiB run, of 15.6 KiB and more the device is
/// lost); CUDA allows far more.
fn max_private_bytes(info: &wgpu::AdapterInfo) -> Option<u32> {
    (info.vendor == NVIDIA).then_some(14 * 1024)
}

/// A Vulkan adapter.
pub fn vulkan_info(adapter: &wgpu::Adapter) -> DeviceInfo {
    let info = adapter.get_info();
    let limits = adapter.limits();
    let features = adapter.features();
    let device_type = device_type_of(&info);
    let mut list = vec![Aspect::QueueProfiling];
    list.extend(EVERY_DEVICE);
    list.push(match device_type {
        DeviceType::Cpu => Aspect::Cpu,
        DeviceType::Gpu => Aspect::Gpu,
    });
    // sycl::half computes in float and converts with integer code, so
    // every device runs it, with or without native fp16.
    list.push(Aspect::Fp16);
    if features.contains(wgpu::Features::SHADER_F64) {
        list.push(Aspect::Fp64);
    }
    if features.contains(wgpu::Features::SHADER_INT64_ATOMIC_ALL_OPS) {
        list.push(Aspect::Atomic64);
    }
    // Clock reads reach the driver only passed through; a work-group runs
    // on one compute unit, whose clock its sub-groups read.
    if super::vulkan::passes_spirv_through(features)
        && features.contains(wgpu::Features::SHADER_INT64)
    {
        let clocks = super::extra_features::supported(adapter).clocks;
        if clocks.sub_group {
            list.extend([
                Aspect::ExtOneapiClockSubGroup,
                Aspect::ExtOneapiClockWorkGroup,
            ]);
        }
        if clocks.device {
            list.push(Aspect::ExtOneapiClockDevice);
        }
    }
    let memory = vulkan_device_memory(adapter).unwrap_or(limits.max_buffer_size);
    // Sub-groups the runtime can use: none without subgroup operations.
    let sub_groups: Vec<u32> = (0..=7)
        .map(|p| 1u32 << p)
        .filter(|s| (info.subgroup_min_size..=info.subgroup_max_size).contains(s))
        .filter(|_| features.contains(wgpu::Features::SUBGROUP))
        .collect();
    // A CPU adapter (lavapipe) runs on the host's threads; a GPU says
    // through a vendor extension, if at all.
    let compute_units = match device_type {
        DeviceType::Cpu => super::host::thread_count() as u32,
        DeviceType::Gpu => super::compute_units::reported(adapter).unwrap_or(1),
    };
    let driver_version = if info.driver_info.is_empty() {
        info.driver.clone()
    } else {
        info.driver_info.clone()
    };
    DeviceInfo {
        name: info.name.clone(),
        vendor: vendor_name(&info),
        vendor_id: info.vendor,
        driver_version,
        backend: Backend::Vulkan,
        device_type,
        max_compute_units: compute_units,
        max_work_group_size: limits.max_compute_invocations_per_workgroup as usize,
        max_work_item_sizes: [
            limits.max_compute_workgroup_size_z as usize,
            limits.max_compute_workgroup_size_y as usize,
            limits.max_compute_workgroup_size_x as usize,
        ],
        local_mem_size: u64::from(limits.max_compute_workgroup_storage_size),
        global_mem_size: memory,
        // An allocation larger than the largest buffer takes several
        // (`VulkanDevice::create_storage`), and kernels bind one larger than
        // a binding in windows: one allocation may take the whole memory.
        max_mem_alloc_size: memory,
        sub_group_sizes: sub_groups,
        timestamps: features.contains(wgpu::Features::TIMESTAMP_QUERY),
        loop_iteration_limit: loop_iteration_limit(&info),
        fences_are_group_barriers: is_llvmpipe(&info),
        runs_padding_lanes: is_llvmpipe(&info),
        max_private_bytes: max_private_bytes(&info),
        stale_loads_with_read_only_bindings: info.vendor == NVIDIA,
        aspects: aspects(&list),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_device_descriptors() {
        let info = host_info();
        assert!(info.has(Aspect::Cpu) && !info.has(Aspect::Gpu));
        assert!(info.has(Aspect::UsmSharedAllocations) && info.has(Aspect::Fp64));
        assert!(info.has(Aspect::Image) && info.has(Aspect::ExtIntelLegacyImage));
        assert!(info.max_compute_units >= 1);
        assert!(
            info.global_mem_size > 0,
            "/proc/meminfo is readable on Linux"
        );
        assert_eq!(info.backend, Backend::Host);
    }
}
