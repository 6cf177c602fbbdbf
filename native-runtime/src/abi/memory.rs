//! USM allocation and commands, pointer queries, buffers.

use super::{c_str, events, give_event, guard, queue_ref, status, SycloneEvent, SycloneQueue};
use crate::error::{self, RtError};
use crate::memory::AllocKind;
use crate::{device_global, sync, usm};
use std::ffi::{c_char, c_int, c_void};

#[no_mangle]
pub extern "C" fn syclone_malloc(
    q: SycloneQueue,
    bytes: usize,
    alignment: usize,
    kind: c_int,
) -> *mut c_void {
    guard(std::ptr::null_mut(), || {
        let queue = queue_ref(q)?;
        let kind = AllocKind::from_usm(kind)
            .ok_or_else(|| RtError::Invalid(format!("syclone_malloc: unknown USM kind {kind}")))?;
        Ok(sync::malloc(
            &queue.device,
            Some(queue.device_index),
            bytes,
            alignment,
            kind,
        )? as *mut c_void)
    })
}

/// `malloc_*(bytes, device, context)`: an allocation on device `device`.
#[no_mangle]
pub extern "C" fn syclone_malloc_on(
    device: usize,
    bytes: usize,
    alignment: usize,
    kind: c_int,
) -> *mut c_void {
    guard(std::ptr::null_mut(), || {
        let kind = AllocKind::from_usm(kind).ok_or_else(|| {
            RtError::Invalid(format!("syclone_malloc_on: unknown USM kind {kind}"))
        })?;
        let opened = crate::device::open(device)?;
        Ok(sync::malloc(&opened, Some(device), bytes, alignment, kind)? as *mut c_void)
    })
}

/// `sycl::free(ptr, context)`: waits for the allocation's device, then frees.
#[no_mangle]
pub extern "C" fn syclone_free_on_its_device(ptr: *mut c_void) -> c_int {
    status(|| {
        if ptr.is_null() {
            return Ok(());
        }
        let device = usm::pointer_device(ptr as usize).ok_or_else(|| {
            RtError::Invalid(format!(
                "sycl::free: {:#x} is not the start of a USM allocation",
                ptr as usize
            ))
        })?;
        sync::free(&crate::device::open(device)?, ptr as usize)
    })
}

/// The index of the device the USM allocation holding `ptr` was made on;
/// `usize::MAX` for memory that is not USM.
#[no_mangle]
pub extern "C" fn syclone_pointer_device(ptr: *const c_void) -> usize {
    guard(usize::MAX, || {
        Ok(usm::pointer_device(ptr as usize).unwrap_or(usize::MAX))
    })
}

#[no_mangle]
pub extern "C" fn syclone_free(q: SycloneQueue, ptr: *mut c_void) -> c_int {
    status(|| {
        let queue = queue_ref(q)?;
        if ptr.is_null() {
            return Ok(());
        }
        sync::free(&queue.device, ptr as usize)
    })
}

#[no_mangle]
pub extern "C" fn syclone_pointer_type(ptr: *const c_void) -> c_int {
    guard(3, || Ok(usm::pointer_type(ptr as usize)))
}

#[no_mangle]
pub extern "C" fn syclone_memcpy(
    q: SycloneQueue,
    dst: *mut c_void,
    src: *const c_void,
    bytes: usize,
    deps: *const SycloneEvent,
    num_deps: usize,
    out_event: *mut SycloneEvent,
) -> c_int {
    status(|| {
        let queue = queue_ref(q)?;
        let deps = events(deps, num_deps)?;
        let e = usm::memcpy(queue, dst as usize, src as usize, bytes, &deps)?;
        give_event(e, out_event);
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_host_access_begin(
    ptr: *const c_void,
    bytes: usize,
    write: c_int,
) -> c_int {
    status(|| usm::host_access_begin(ptr as usize, bytes, write != 0))
}

#[no_mangle]
pub extern "C" fn syclone_host_access_wrote(ptr: *const c_void) -> c_int {
    status(|| {
        usm::host_access_wrote(ptr as usize);
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_fill(
    q: SycloneQueue,
    dst: *mut c_void,
    pattern: *const c_void,
    pattern_size: usize,
    count: usize,
    deps: *const SycloneEvent,
    num_deps: usize,
    out_event: *mut SycloneEvent,
) -> c_int {
    status(|| {
        let queue = queue_ref(q)?;
        let deps = events(deps, num_deps)?;
        if pattern.is_null() || pattern_size == 0 {
            return Err(RtError::Invalid("queue::fill: empty pattern".into()));
        }
        // SAFETY: the caller passes `pattern_size` readable bytes.
        let pattern = unsafe { std::slice::from_raw_parts(pattern.cast::<u8>(), pattern_size) };
        let e = usm::fill(queue, dst as usize, pattern, count, &deps)?;
        give_event(e, out_event);
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_prefetch(
    q: SycloneQueue,
    ptr: *const c_void,
    _bytes: usize,
    deps: *const SycloneEvent,
    num_deps: usize,
    out_event: *mut SycloneEvent,
) -> c_int {
    status(|| {
        let queue = queue_ref(q)?;
        let deps = events(deps, num_deps)?;
        let e = usm::prefetch(queue, ptr as usize, &deps)?;
        give_event(e, out_event);
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_buffer_create(host_ptr: *mut c_void, bytes: usize) -> *mut c_void {
    guard(std::ptr::null_mut(), || {
        Ok(sync::buffer_create(host_ptr as usize, bytes)? as *mut c_void)
    })
}

#[no_mangle]
pub extern "C" fn syclone_buffer_host_access(storage: *mut c_void, write: c_int) -> c_int {
    status(|| sync::buffer_host_access(storage as usize, write != 0))
}

#[no_mangle]
pub extern "C" fn syclone_buffer_host_release(storage: *mut c_void) -> c_int {
    status(|| sync::buffer_host_release(storage as usize))
}

#[no_mangle]
pub extern "C" fn syclone_buffer_release(
    storage: *mut c_void,
    final_ptr: *mut c_void,
    bytes: usize,
) -> c_int {
    let rc = status(|| sync::buffer_release(storage as usize, final_ptr as usize, bytes));
    if rc != 0 {
        // The C++ buffer destructor cannot throw: say it here.
        eprintln!(
            "syclone: buffer write-back failed: {}",
            error::last_error_message()
        );
    }
    rc
}

#[no_mangle]
pub extern "C" fn syclone_register_device_global(
    host_object: *const c_void,
    symbol: *const c_char,
    size: usize,
) {
    // Load-time registration has no caller to report to: a bad call shows
    // at the first use of the variable.
    let _ = status(|| {
        let symbol = c_str(symbol, "device_global name")?;
        if host_object.is_null() {
            return Err(RtError::Invalid(format!(
                "device_global '{symbol}': null host object"
            )));
        }
        // SAFETY: the footer passes the variable's address and its size.
        let initial = unsafe { std::slice::from_raw_parts(host_object as *const u8, size) };
        device_global::register(host_object as usize, symbol, initial);
        Ok(())
    });
}

#[no_mangle]
pub extern "C" fn syclone_device_global_storage(
    q: SycloneQueue,
    host_object: *const c_void,
) -> *mut c_void {
    guard(std::ptr::null_mut(), || {
        let queue = queue_ref(q)?;
        Ok(device_global::storage(&queue.device, host_object as usize)? as *mut c_void)
    })
}
