//! The program's own kernels, for kernel bundles (SYCL 2020 4.11): the keys
//! registered, whether a device can run one, and the specialization
//! constants one uses.

use super::{c_str, guard};
use crate::device;
use crate::error::RtError;
use crate::registry;
use crate::requirements;
use compiler_core::bundle::is_device_feature_spec;
use std::ffi::{c_char, c_int};

/// Writes the keys of every registered kernel into `buf`, each ended by a
/// NUL, as far as `capacity` bytes allow; returns the bytes they all take.
#[no_mangle]
pub extern "C" fn syclone_kernel_keys(buf: *mut c_char, capacity: usize) -> usize {
    let mut bytes = Vec::new();
    for key in registry::keys() {
        bytes.extend_from_slice(key.as_bytes());
        bytes.push(0);
    }
    if !buf.is_null() && capacity > 0 {
        let n = bytes.len().min(capacity);
        // SAFETY: the caller passes room for `capacity` bytes.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr().cast(), buf, n) };
    }
    bytes.len()
}

/// 1 if device `index` can run the kernel registered under `key`, 0 if
/// not, -1 (with the last error set) when no kernel has that key.
#[no_mangle]
pub extern "C" fn syclone_kernel_supported(index: usize, key: *const c_char) -> c_int {
    guard(-1, || {
        let key = c_str(key, "kernel key")?;
        let entry =
            registry::lookup(key).ok_or_else(|| RtError::KernelNotRegistered(key.to_string()))?;
        let info = device::info(index)?;
        Ok(c_int::from(requirements::supports(&entry, info).is_ok()))
    })
}

/// 1 if the device image of the kernel registered under `key` uses the
/// program's specialization constant `symbol` (its mangled name; any of
/// the program's: a null `symbol`), 0 if not, -1 (with the last error set)
/// when no kernel has that key. The runtime's own constants (whether the
/// device has float atomic adds) are not the program's.
#[no_mangle]
pub extern "C" fn syclone_kernel_uses_spec_constant(
    key: *const c_char,
    symbol: *const c_char,
) -> c_int {
    guard(-1, || {
        let key = c_str(key, "kernel key")?;
        let symbol = if symbol.is_null() {
            None
        } else {
            Some(c_str(symbol, "specialization constant")?)
        };
        let entry =
            registry::lookup(key).ok_or_else(|| RtError::KernelNotRegistered(key.to_string()))?;
        let uses = entry
            .image
            .image
            .properties
            .spec_constants
            .iter()
            .filter(|s| !is_device_feature_spec(&s.symbol))
            .any(|s| symbol.is_none_or(|wanted| s.symbol == wanted));
        Ok(c_int::from(uses))
    })
}
