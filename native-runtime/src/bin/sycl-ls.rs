//! `sycl-ls`: lists the platforms and devices the runtime sees, in the
//! shape of DPC++'s sycl-ls (`[backend:type][backend:index] platform, device
//! version [driver]`), honouring ONEAPI_DEVICE_SELECTOR; `--verbose` adds
//! every descriptor a program can query.

use std::process::ExitCode;
use syclone_rt::abi::{platform_strings, visible_devices};
use syclone_rt::device::info::{Aspect, DeviceInfo};
use syclone_rt::device::{self, count_all};
use syclone_rt::selector::{Backend, DeviceType};

const ASPECTS: [(Aspect, &str); 27] = [
    (Aspect::Cpu, "cpu"),
    (Aspect::Gpu, "gpu"),
    (Aspect::Accelerator, "accelerator"),
    (Aspect::Custom, "custom"),
    (Aspect::Emulated, "emulated"),
    (Aspect::HostDebuggable, "host_debuggable"),
    (Aspect::Fp16, "fp16"),
    (Aspect::Fp64, "fp64"),
    (Aspect::Atomic64, "atomic64"),
    (Aspect::Image, "image"),
    (Aspect::OnlineCompiler, "online_compiler"),
    (Aspect::OnlineLinker, "online_linker"),
    (Aspect::QueueProfiling, "queue_profiling"),
    (Aspect::UsmDeviceAllocations, "usm_device_allocations"),
    (Aspect::UsmHostAllocations, "usm_host_allocations"),
    (
        Aspect::UsmAtomicHostAllocations,
        "usm_atomic_host_allocations",
    ),
    (Aspect::UsmSharedAllocations, "usm_shared_allocations"),
    (
        Aspect::UsmAtomicSharedAllocations,
        "usm_atomic_shared_allocations",
    ),
    (Aspect::UsmSystemAllocations, "usm_system_allocations"),
    (Aspect::ExtIntelLegacyImage, "ext_intel_legacy_image"),
    (Aspect::ExtIntelFreeMemory, "ext_intel_free_memory"),
    (Aspect::ExtOneapiClockSubGroup, "ext_oneapi_clock_sub_group"),
    (
        Aspect::ExtOneapiClockWorkGroup,
        "ext_oneapi_clock_work_group",
    ),
    (Aspect::ExtOneapiClockDevice, "ext_oneapi_clock_device"),
    (Aspect::ExtSycloneFpgaPipes, "ext_syclone_fpga_pipes"),
    (Aspect::ExtOneapiGraph, "ext_oneapi_graph"),
    (Aspect::ExtOneapiLimitedGraph, "ext_oneapi_limited_graph"),
];

fn backend_name(b: Backend) -> &'static str {
    match b {
        Backend::Vulkan => "vulkan",
        Backend::Host => "host",
    }
}

fn type_name(t: DeviceType) -> &'static str {
    match t {
        DeviceType::Gpu => "gpu",
        DeviceType::Cpu => "cpu",
    }
}

fn verbose_device(number: usize, info: &DeviceInfo) {
    let [_, _, version] = platform_strings(info.backend);
    println!("        Device [#{number}]:");
    println!(
        "        Type              : {}",
        type_name(info.device_type)
    );
    println!("        Version           : {version}");
    println!("        Name              : {}", info.name);
    println!(
        "        Vendor            : {} ({:#x})",
        info.vendor, info.vendor_id
    );
    println!("        Driver            : {}", info.driver_version);
    println!("        Num SubDevices    : 0");
    println!("        MaxComputeUnits   : {}", info.max_compute_units);
    println!("        MaxWorkGroupSize  : {}", info.max_work_group_size);
    println!("        MaxWorkItemSizes  : {:?}", info.max_work_item_sizes);
    println!("        LocalMemSize      : {}", info.local_mem_size);
    println!("        GlobalMemSize     : {}", info.global_mem_size);
    println!("        MaxMemAllocSize   : {}", info.max_mem_alloc_size);
    println!("        SubGroupSizes     : {:?}", info.sub_group_sizes);
    println!(
        "        Profiling         : {}",
        if info.timestamps {
            "device timestamps"
        } else {
            "host clock"
        }
    );
    let aspects: Vec<&str> = ASPECTS
        .iter()
        .filter(|(a, _)| info.has(*a))
        .map(|(_, n)| *n)
        .collect();
    println!("        Aspects           : {}", aspects.join(" "));
}

fn main() -> ExitCode {
    let verbose = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--verbose" | "-v") => true,
        Some("--help" | "-h") => {
            println!("usage: sycl-ls [--verbose]");
            return ExitCode::SUCCESS;
        }
        Some(other) => {
            eprintln!("sycl-ls: unknown option {other} (usage: sycl-ls [--verbose])");
            return ExitCode::FAILURE;
        }
    };
    let visible = match visible_devices() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("sycl-ls: {e}");
            return ExitCode::FAILURE;
        }
    };
    let infos: Vec<&DeviceInfo> = (0..count_all())
        .filter(|i| visible.contains(i))
        .filter_map(|i| device::info(i).ok())
        .collect();
    let mut per_backend = [0usize; 2];
    for info in &infos {
        let slot = &mut per_backend[info.backend as usize];
        let [platform, _, version] = platform_strings(info.backend);
        println!(
            "[{b}:{t}][{b}:{slot}] {platform}, {name} {version} [{driver}]",
            b = backend_name(info.backend),
            t = type_name(info.device_type),
            name = info.name,
            driver = info.driver_version
        );
        *slot += 1;
    }
    if verbose {
        println!("\nPlatforms: {}", {
            let mut backends: Vec<Backend> = infos.iter().map(|i| i.backend).collect();
            backends.dedup();
            backends.len()
        });
        for backend in [Backend::Vulkan, Backend::Host] {
            let devices: Vec<&&DeviceInfo> =
                infos.iter().filter(|i| i.backend == backend).collect();
            if devices.is_empty() {
                continue;
            }
            let [name, vendor, version] = platform_strings(backend);
            println!("Platform [#{}]:", backend as usize + 1);
            println!("    Version  : {version}");
            println!("    Name     : {name}");
            println!("    Vendor   : {vendor}");
            println!("    Devices  : {}", devices.len());
            for (number, info) in devices.into_iter().enumerate() {
                verbose_device(number, info);
            }
        }
    }
    ExitCode::SUCCESS
}
