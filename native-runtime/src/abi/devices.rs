//! Device list, device descriptors and platforms.

use super::status;
use crate::device::{self, info::DeviceInfo};
use crate::error::{RtError, RtResult};
use crate::selector::{Backend, DeviceType};
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_uint, c_ulonglong, CString};
use std::sync::{Mutex, OnceLock};

/// `syclone_device_info`.
#[repr(C)]
pub struct SycloneDeviceInfo {
    pub name: *const c_char,
    pub vendor: *const c_char,
    pub driver_version: *const c_char,
    pub vendor_id: c_uint,
    pub backend: c_int,
    pub device_type: c_int,
    pub max_compute_units: c_uint,
    pub max_work_group_size: usize,
    pub max_work_item_sizes: [usize; 3],
    pub local_mem_size: c_ulonglong,
    pub global_mem_size: c_ulonglong,
    pub max_mem_alloc_size: c_ulonglong,
    pub num_sub_group_sizes: c_uint,
    pub sub_group_sizes: [usize; 8],
    pub aspects: c_ulonglong,
    pub timestamps: c_int,
}

/// C strings that live as long as the process (device and platform names).
fn interned(s: &str) -> *const c_char {
    static STRINGS: OnceLock<Mutex<HashMap<String, CString>>> = OnceLock::new();
    let mut map = STRINGS
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    map.entry(s.to_string())
        .or_insert_with(|| CString::new(s.replace('\0', " ")).unwrap_or_default())
        .as_ptr()
}

fn c_info(info: &DeviceInfo) -> SycloneDeviceInfo {
    let mut sub_group_sizes = [0usize; 8];
    for (slot, &s) in sub_group_sizes.iter_mut().zip(&info.sub_group_sizes) {
        *slot = s as usize;
    }
    SycloneDeviceInfo {
        name: interned(&info.name),
        vendor: interned(&info.vendor),
        driver_version: interned(&info.driver_version),
        vendor_id: info.vendor_id,
        backend: match info.backend {
            Backend::Vulkan => 0,
            Backend::Host => 1,
        },
        device_type: match info.device_type {
            DeviceType::Cpu => 0,
            DeviceType::Gpu => 1,
        },
        max_compute_units: info.max_compute_units,
        max_work_group_size: info.max_work_group_size,
        max_work_item_sizes: info.max_work_item_sizes,
        local_mem_size: info.local_mem_size,
        global_mem_size: info.global_mem_size,
        max_mem_alloc_size: info.max_mem_alloc_size,
        num_sub_group_sizes: info.sub_group_sizes.len().min(8) as c_uint,
        sub_group_sizes,
        aspects: info.aspects,
        timestamps: c_int::from(info.timestamps),
    }
}

#[no_mangle]
pub extern "C" fn syclone_devices(
    indices: *mut usize,
    capacity: usize,
    count: *mut usize,
) -> c_int {
    status(|| {
        let visible = device::visible_from_env()?;
        if !indices.is_null() && capacity > 0 {
            // SAFETY: the caller passes room for `capacity` indices.
            let out = unsafe { std::slice::from_raw_parts_mut(indices, capacity) };
            for (slot, &i) in out.iter_mut().zip(&visible) {
                *slot = i;
            }
        }
        if count.is_null() {
            return Err(RtError::Invalid("syclone_devices: null count".into()));
        }
        // SAFETY: non-null and writable.
        unsafe { count.write(visible.len()) };
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_device_get_info(index: usize, out: *mut SycloneDeviceInfo) -> c_int {
    status(|| {
        let info = c_info(device::info(index)?);
        if out.is_null() {
            return Err(RtError::Invalid(
                "syclone_device_get_info: null output".into(),
            ));
        }
        // SAFETY: non-null and writable.
        unsafe { out.write(info) };
        Ok(())
    })
}

/// `ext::intel::info::device::free_memory` of device `index`.
#[no_mangle]
pub extern "C" fn syclone_device_free_memory(index: usize, out: *mut c_ulonglong) -> c_int {
    status(|| {
        let bytes = device::free_memory(index)?;
        if out.is_null() {
            return Err(RtError::Invalid(
                "syclone_device_free_memory: null output".into(),
            ));
        }
        // SAFETY: non-null and writable.
        unsafe { out.write(bytes) };
        Ok(())
    })
}

/// Name, vendor and version of the platform of a back end.
pub fn platform_strings(backend: Backend) -> [&'static str; 3] {
    match backend {
        Backend::Vulkan => ["Syclone Vulkan (wgpu)", "Syclone", "Vulkan 1.1 (wgpu 30)"],
        Backend::Host => ["Syclone host", "Syclone", env!("CARGO_PKG_VERSION")],
    }
}

#[no_mangle]
pub extern "C" fn syclone_platform_get_info(
    backend: c_int,
    name: *mut *const c_char,
    vendor: *mut *const c_char,
    version: *mut *const c_char,
) -> c_int {
    status(|| {
        let backend = match backend {
            0 => Backend::Vulkan,
            1 => Backend::Host,
            other => return Err(RtError::Invalid(format!("no platform {other}"))),
        };
        let strings = platform_strings(backend);
        for (out, s) in [name, vendor, version].into_iter().zip(strings) {
            if !out.is_null() {
                // SAFETY: non-null and writable.
                unsafe { out.write(interned(s)) };
            }
        }
        Ok(())
    })
}

/// The visible devices, for Rust callers (sycl-ls, tests).
pub fn visible_devices() -> RtResult<Vec<usize>> {
    device::visible_from_env()
}
