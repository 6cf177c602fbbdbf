//! The C ABI of `runtime_abi.h`. Every entry point catches panics and turns
//! errors into the thread's last error; `unsafe` lives only here, at the edge.
//!
//! The entry points are safe `extern "C" fn`s that take raw pointers: their
//! contract (valid handles, arrays of the stated lengths) is the C header's,
//! which is why clippy's `not_unsafe_ptr_arg_deref` is allowed here.
//!
//! - `devices`: device list, device and platform descriptors;
//! - `queues`: queues, kernel launches, host tasks, barriers, events;
//! - `memory`: USM allocation and commands, buffers;
//! - `programs`: SYCL source compiled at run time (the kernel compiler);
//! - `kernels`: the program's own kernels, for kernel bundles.

#![allow(clippy::not_unsafe_ptr_arg_deref)]

mod devices;
mod kernels;
mod memory;
mod programs;
mod queues;

pub use devices::*;
pub use kernels::*;
pub use memory::*;
pub use programs::*;
pub use queues::*;

use crate::error::{self, Errc, RtError, RtResult};
use crate::event::Event;
use crate::queue::QueueImpl;
use crate::registry;
use std::ffi::{c_char, c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

pub type SycloneQueue = *mut QueueImpl;
/// An `Arc<Event>` turned into a raw pointer (`Arc::into_raw`).
pub type SycloneEvent = *const Event;

/// Runs `f`, recording an error or a panic as the last error.
fn guard<T>(failed: T, f: impl FnOnce() -> RtResult<T>) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => {
            error::set_last_error(&e);
            failed
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".into());
            error::set_last_error(&RtError::Panic(what));
            failed
        }
    }
}

/// 0 on success, 1 on failure.
fn status(f: impl FnOnce() -> RtResult<()>) -> c_int {
    guard(1, || f().map(|()| 0))
}

/// A string argument (NUL-terminated, not null).
fn c_str<'a>(s: *const c_char, what: &str) -> RtResult<&'a str> {
    if s.is_null() {
        return Err(RtError::Invalid(format!("{what} is null")));
    }
    // SAFETY: the caller passes a NUL-terminated string.
    unsafe { CStr::from_ptr(s) }
        .to_str()
        .map_err(|_| RtError::Invalid(format!("{what} is not UTF-8")))
}

/// The queue behind a handle.
fn queue_ref<'a>(q: SycloneQueue) -> RtResult<&'a QueueImpl> {
    // SAFETY: a non-null handle comes from queue creation and the caller
    // keeps it alive until syclone_queue_release.
    unsafe { q.as_ref() }.ok_or_else(|| RtError::Invalid("null syclone_queue".into()))
}

/// A slice from a C array, empty when the count is 0.
///
/// # Safety
/// When `len > 0`, `ptr` must point to `len` readable elements.
unsafe fn c_array<'a, T>(ptr: *const T, len: usize) -> RtResult<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(RtError::Invalid(format!(
            "null array of {len} elements passed to the runtime"
        )));
    }
    // SAFETY: guaranteed by the caller.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// The events of a dependency list (new references).
fn events(deps: *const SycloneEvent, num: usize) -> RtResult<Vec<Arc<Event>>> {
    // SAFETY: the caller passes `num` event handles.
    let handles = unsafe { c_array(deps, num)? };
    handles.iter().map(|&e| event_arc(e)).collect()
}

/// A new reference to the event behind a handle.
fn event_arc(e: SycloneEvent) -> RtResult<Arc<Event>> {
    if e.is_null() {
        return Err(RtError::Invalid("null syclone_event".into()));
    }
    // SAFETY: a non-null handle came from Arc::into_raw and holds a reference
    // until syclone_event_release; we add one for the Arc we return.
    unsafe {
        Arc::increment_strong_count(e);
        Ok(Arc::from_raw(e))
    }
}

/// Hands an event to the C caller (if it asked for one).
fn give_event(event: Arc<Event>, out: *mut SycloneEvent) {
    if !out.is_null() {
        // SAFETY: `out` is non-null and writable (the header's contract).
        unsafe { out.write(Arc::into_raw(event)) };
    }
}

#[no_mangle]
pub extern "C" fn syclone_last_error() -> *const c_char {
    error::last_error_ptr()
}

#[no_mangle]
pub extern "C" fn syclone_last_errc() -> c_int {
    error::last_errc() as c_int
}

/// The bytes of a bundle handed over by a load-time constructor.
fn bundle_bytes<'a>(data: *const u8, size: usize) -> &'a [u8] {
    if data.is_null() || size == 0 {
        return &[];
    }
    // SAFETY: the wrapper object passes its embedded bundle: `size` readable bytes.
    unsafe { std::slice::from_raw_parts(data, size) }
}

#[no_mangle]
pub extern "C" fn syclone_register_images(data: *const u8, size: usize) {
    guard((), || {
        if let Err(e) = registry::register(bundle_bytes(data, size)) {
            eprintln!("syclone: ignoring a device-image bundle of {size} bytes: {e}");
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_unregister_images(data: *const u8, size: usize) {
    guard((), || {
        if let Err(e) = registry::unregister(bundle_bytes(data, size)) {
            eprintln!("syclone: ignoring a device-image bundle of {size} bytes: {e}");
        }
        Ok(())
    })
}

/// The errc of the last error, typed (for Rust callers and tests).
pub fn last_errc() -> Errc {
    error::last_errc()
}
