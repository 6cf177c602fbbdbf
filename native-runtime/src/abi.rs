//! The C ABI of `runtime_abi.h`. Every entry point catches panics and turns
//! errors into the thread's last error; `unsafe` lives only here, at the edge.
//!
//! The entry points are safe `extern "C" fn`s that take raw pointers: their
//! contract (valid handles, arrays of the stated lengths) is the C header's,
//! which is why clippy's `not_unsafe_ptr_arg_deref` is allowed in this module.

#![allow(clippy::not_unsafe_ptr_arg_deref)]

use crate::device::host::HostKernel;
use crate::error::{self, Errc, RtError, RtResult};
use crate::launch::{self, Launch};
use crate::memory::AllocKind;
use crate::queue::{EventImpl, QueueImpl};
use crate::{registry, sync};
use std::ffi::{c_char, c_int, c_uint, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

pub type SycloneQueue = *mut QueueImpl;
pub type SycloneEvent = *mut EventImpl;

/// `syclone_launch_desc`.
#[repr(C)]
pub struct SycloneLaunchDesc {
    pub kernel_key: *const c_char,
    pub dims: c_uint,
    pub range: [usize; 3],
    pub num_args: c_uint,
    pub args: *const *const c_void,
    pub arg_sizes: *const usize,
    pub host_kernel: Option<HostKernel>,
    pub num_accessed: c_uint,
    pub accessed: *const *mut c_void,
    pub access_modes: *const c_int,
}

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

fn null_queue() -> RtError {
    RtError::Invalid("null syclone_queue".into())
}

/// The queue behind a handle.
fn queue_ref<'a>(q: SycloneQueue) -> RtResult<&'a QueueImpl> {
    // SAFETY: a non-null handle comes from syclone_queue_create and the caller
    // keeps it alive until syclone_queue_release.
    unsafe { q.as_ref() }.ok_or_else(null_queue)
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
            eprintln!("syclone: ignoring a malformed device-image bundle ({size} bytes): {e}");
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_unregister_images(data: *const u8, size: usize) {
    guard((), || {
        if let Err(e) = registry::unregister(bundle_bytes(data, size)) {
            eprintln!("syclone: ignoring a malformed device-image bundle ({size} bytes): {e}");
        }
        Ok(())
    })
}

/// Creates a queue with an explicit selector (None: the best device),
/// bypassing `ONEAPI_DEVICE_SELECTOR`. Returns 0 on success like the C ABI.
pub fn queue_create_with_selector(selector: Option<&str>, out: *mut SycloneQueue) -> c_int {
    status(|| {
        if out.is_null() {
            return Err(RtError::Invalid(
                "syclone_queue_create: null output pointer".into(),
            ));
        }
        let q = Box::into_raw(Box::new(QueueImpl::new(selector)?));
        // SAFETY: `out` is non-null and points to writable storage for a handle.
        unsafe { out.write(q) };
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_queue_create(out: *mut SycloneQueue) -> c_int {
    let selector = std::env::var("ONEAPI_DEVICE_SELECTOR")
        .ok()
        .filter(|s| !s.trim().is_empty());
    queue_create_with_selector(selector.as_deref(), out)
}

#[no_mangle]
pub extern "C" fn syclone_queue_release(q: SycloneQueue) {
    guard((), || {
        if !q.is_null() {
            // SAFETY: the handle came from Box::into_raw in queue creation and is released once.
            drop(unsafe { Box::from_raw(q) });
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_queue_device_name(q: SycloneQueue) -> *const c_char {
    guard(std::ptr::null(), || Ok(queue_ref(q)?.name.as_ptr()))
}

#[no_mangle]
pub extern "C" fn syclone_queue_device_vendor(q: SycloneQueue) -> *const c_char {
    guard(std::ptr::null(), || Ok(queue_ref(q)?.vendor.as_ptr()))
}

#[no_mangle]
pub extern "C" fn syclone_queue_device_is_gpu(q: SycloneQueue) -> c_int {
    guard(0, || Ok(c_int::from(queue_ref(q)?.device.is_gpu())))
}

#[no_mangle]
pub extern "C" fn syclone_queue_wait(q: SycloneQueue) -> c_int {
    status(|| queue_ref(q)?.wait())
}

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
        Ok(sync::malloc(&queue.device, bytes, alignment, kind)? as *mut c_void)
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
pub extern "C" fn syclone_buffer_create(host_ptr: *mut c_void, bytes: usize) -> *mut c_void {
    guard(std::ptr::null_mut(), || {
        Ok(sync::buffer_create(host_ptr as usize, bytes)? as *mut c_void)
    })
}

#[no_mangle]
pub extern "C" fn syclone_buffer_release(storage: *mut c_void) -> c_int {
    let rc = status(|| sync::buffer_release(storage as usize));
    if rc != 0 {
        // The C++ buffer destructor cannot throw: say it here.
        eprintln!(
            "syclone: buffer write-back failed: {}",
            error::last_error_message()
        );
    }
    rc
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
        return Err(RtError::Invalid(
            "syclone_launch: null array in the launch descriptor".into(),
        ));
    }
    // SAFETY: guaranteed by the caller.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

#[no_mangle]
pub extern "C" fn syclone_launch(
    q: SycloneQueue,
    desc: *const SycloneLaunchDesc,
    out_event: *mut SycloneEvent,
) -> c_int {
    status(|| {
        let queue = queue_ref(q)?;
        // SAFETY: the caller passes a valid descriptor or null.
        let desc = unsafe { desc.as_ref() }
            .ok_or_else(|| RtError::Invalid("syclone_launch: null descriptor".into()))?;
        if desc.kernel_key.is_null() {
            return Err(RtError::Invalid("syclone_launch: null kernel key".into()));
        }
        // SAFETY: the key is a NUL-terminated string (typeid(...).name()).
        let key = unsafe { CStr::from_ptr(desc.kernel_key) }.to_string_lossy();
        let n = desc.num_args as usize;
        // SAFETY: the descriptor holds `num_args` argument pointers and sizes.
        let (ptrs, sizes) = unsafe { (c_array(desc.args, n)?, c_array(desc.arg_sizes, n)?) };
        let mut args = Vec::with_capacity(n);
        for (i, (&p, &size)) in ptrs.iter().zip(sizes).enumerate() {
            if p.is_null() && size > 0 {
                return Err(RtError::Invalid(format!(
                    "syclone_launch: argument {i} is null"
                )));
            }
            // SAFETY: argument i is an object of `size` bytes alive during the call.
            args.push(if size == 0 {
                &[][..]
            } else {
                unsafe { std::slice::from_raw_parts(p.cast::<u8>(), size) }
            });
        }
        let launch = Launch {
            key: &key,
            dims: desc.dims,
            range: desc.range,
            args,
            arg_ptrs: desc.args,
            host_kernel: desc.host_kernel,
        };
        let device = launch::launch(&queue.device, &launch)?;
        if !out_event.is_null() {
            let event = Box::into_raw(Box::new(EventImpl { device }));
            // SAFETY: `out_event` is non-null and writable.
            unsafe { out_event.write(event) };
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_event_wait(e: SycloneEvent) -> c_int {
    status(|| {
        // SAFETY: a non-null handle comes from syclone_launch and is alive until released.
        match unsafe { e.as_ref() } {
            Some(event) => event.wait(),
            None => Err(RtError::Invalid("null syclone_event".into())),
        }
    })
}

#[no_mangle]
pub extern "C" fn syclone_event_release(e: SycloneEvent) {
    guard((), || {
        if !e.is_null() {
            // SAFETY: the handle came from Box::into_raw in syclone_launch and is released once.
            drop(unsafe { Box::from_raw(e) });
        }
        Ok(())
    })
}

/// The errc of the last error, typed (for Rust callers and tests).
pub fn last_errc() -> Errc {
    error::last_errc()
}
