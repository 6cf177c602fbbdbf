//! Queues, kernel launches, host tasks, barriers and events.

use super::{
    c_array, event_arc, events, give_event, guard, queue_ref, status, SycloneEvent, SycloneQueue,
};
use crate::device::clock;
use crate::device::host::HostKernel;
use crate::device::Device;
use crate::error::{RtError, RtResult};
use crate::event::{self, Event, ProfilingInfo};
use crate::launch::{self, Launch, OwnedLaunch};
use crate::queue::{DeferredGroup, HandedContext, HostAccess, HostTask, QueueImpl};
use crate::scheduler;
use std::ffi::{c_char, c_int, c_uint, c_ulonglong, c_void, CStr};
use std::sync::Arc;

/// `syclone_launch_desc`.
#[repr(C)]
pub struct SycloneLaunchDesc {
    pub kernel_key: *const c_char,
    pub dims: c_uint,
    pub range: [usize; 3],
    pub local: [usize; 3],
    pub num_args: c_uint,
    pub args: *const *const c_void,
    pub arg_sizes: *const usize,
    pub host_kernel: Option<HostKernel>,
    pub num_accessed: c_uint,
    pub accessed: *const *mut c_void,
    pub access_modes: *const c_int,
    pub num_local: c_uint,
    pub local_offsets: *const usize,
    pub local_sizes: *const usize,
    pub num_spec_constants: c_uint,
    pub spec_constant_keys: *const *const c_char,
    pub spec_constant_values: *const *const c_void,
    pub spec_constant_sizes: *const usize,
}

/// `syclone_host_fn`.
pub type HostFn = unsafe extern "C" fn(ctx: *mut c_void);

/// Creates a queue with an explicit selector (None: the best device),
/// bypassing `ONEAPI_DEVICE_SELECTOR`. Returns 0 on success like the C ABI.
pub fn queue_create_with_selector(selector: Option<&str>, out: *mut SycloneQueue) -> c_int {
    create(out, || QueueImpl::new(selector))
}

fn create(out: *mut SycloneQueue, make: impl FnOnce() -> crate::RtResult<QueueImpl>) -> c_int {
    status(|| {
        if out.is_null() {
            return Err(RtError::Invalid(
                "queue creation: null output pointer".into(),
            ));
        }
        let q = Box::into_raw(Box::new(make()?));
        // SAFETY: `out` is non-null and points to writable storage for a handle.
        unsafe { out.write(q) };
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_queue_create(out: *mut SycloneQueue) -> c_int {
    let selector = crate::device::env_selector();
    queue_create_with_selector(selector.as_deref(), out)
}

#[no_mangle]
pub extern "C" fn syclone_queue_create_on(
    device: usize,
    flags: c_uint,
    out: *mut SycloneQueue,
) -> c_int {
    create(out, || QueueImpl::on(device, flags))
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
pub extern "C" fn syclone_queue_device(q: SycloneQueue) -> usize {
    guard(usize::MAX, || Ok(queue_ref(q)?.device_index))
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
pub extern "C" fn syclone_launch(
    q: SycloneQueue,
    desc: *const SycloneLaunchDesc,
    deps: *const SycloneEvent,
    num_deps: usize,
    out_event: *mut SycloneEvent,
) -> c_int {
    status(|| {
        let queue = queue_ref(q)?;
        let deps = events(deps, num_deps)?;
        let submit = clock::now_ns();
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
        let n = desc.num_local as usize;
        // SAFETY: the descriptor holds `num_local` offsets and sizes.
        let (offsets, sizes) = unsafe {
            (
                c_array(desc.local_offsets, n)?,
                c_array(desc.local_sizes, n)?,
            )
        };
        let n = desc.num_spec_constants as usize;
        // SAFETY: the descriptor holds `num_spec_constants` keys, values and sizes.
        let (keys, values, value_sizes) = unsafe {
            (
                c_array(desc.spec_constant_keys, n)?,
                c_array(desc.spec_constant_values, n)?,
                c_array(desc.spec_constant_sizes, n)?,
            )
        };
        let mut spec_constants = Vec::with_capacity(n);
        for ((&key, &value), &size) in keys.iter().zip(values).zip(value_sizes) {
            if key.is_null() || (value.is_null() && size > 0) {
                return Err(RtError::Invalid(
                    "syclone_launch: null specialization constant".into(),
                ));
            }
            // SAFETY: a NUL-terminated key and `size` value bytes, alive during the call.
            spec_constants.push(unsafe {
                (
                    CStr::from_ptr(key).to_string_lossy().into_owned(),
                    std::slice::from_raw_parts(value.cast::<u8>(), size),
                )
            });
        }
        let launch = Launch {
            spec_constants,
            local_memory: offsets.iter().copied().zip(sizes.iter().copied()).collect(),
            key: &key,
            dims: desc.dims,
            range: desc.range,
            local: (desc.local[0] != 0).then_some(desc.local),
            args,
            arg_ptrs: desc.args,
            host_kernel: desc.host_kernel,
        };
        let n = desc.num_accessed as usize;
        // SAFETY: the descriptor holds `num_accessed` accessed addresses.
        let accessed = unsafe { c_array(desc.accessed, n)? };
        let request = queue.request(&deps, accessed.iter().map(|&a| a as usize).collect());
        let event = match &queue.device {
            Device::Vulkan(_) if scheduler::must_wait(&request) => {
                // What the submission itself can report.
                launch.work_groups()?;
                let owned = OwnedLaunch::new(&launch);
                let (device, profiling) = (queue.device.clone(), queue.profiling);
                let after = request.after.clone();
                let run = move || {
                    event::wait_foreign(&after, &device)?;
                    let (work, timing) = launch::launch(&device, &owned.launch(), profiling)?;
                    Ok(Event::new(work, submit, timing))
                };
                let gate = scheduler::defer(request, run, None);
                Event::pending(gate, submit, profiling)
            }
            device => {
                if matches!(device, Device::Host) {
                    scheduler::wait_turn(&request)?;
                }
                event::wait_foreign(&request.after, device)?;
                let (work, timing) = launch::launch(device, &launch, queue.profiling)?;
                Event::new(work, submit, timing)
            }
        };
        give_event(queue.submitted(event), out_event);
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_host_task(
    q: SycloneQueue,
    run: Option<HostFn>,
    release: Option<HostFn>,
    ctx: *mut c_void,
    deps: *const SycloneEvent,
    num_deps: usize,
    accessed: *const *mut c_void,
    access_modes: *const c_int,
    num_accessed: usize,
    out_event: *mut SycloneEvent,
) -> c_int {
    status(|| {
        // Owned from here: a failure below releases the context.
        let context = HandedContext { ctx, release };
        let run = run.ok_or_else(|| RtError::Invalid("syclone_host_task: null function".into()))?;
        let task = HostTask { run, context };
        let queue = queue_ref(q)?;
        let deps = events(deps, num_deps)?;
        // SAFETY: the caller passes `num_accessed` addresses and modes.
        let (addrs, modes) = unsafe {
            (
                c_array(accessed, num_accessed)?,
                c_array(access_modes, num_accessed)?,
            )
        };
        let access: Vec<HostAccess> = addrs
            .iter()
            .zip(modes)
            .map(|(&addr, &mode)| HostAccess {
                addr: addr as usize,
                writes: mode != 0,
            })
            .collect();
        give_event(queue.host_task(deps, access, task), out_event);
        Ok(())
    })
}

/// `syclone_group_fn`.
pub type GroupFn = unsafe extern "C" fn(ctx: *mut c_void) -> SycloneEvent;

/// The addresses of a command group's accessed buffers.
fn addresses(accessed: *const *mut c_void, num: usize) -> RtResult<Vec<usize>> {
    // SAFETY: the caller passes `num` addresses.
    Ok(unsafe { c_array(accessed, num)? }
        .iter()
        .map(|&a| a as usize)
        .collect())
}

#[no_mangle]
pub extern "C" fn syclone_must_wait(
    q: SycloneQueue,
    deps: *const SycloneEvent,
    num_deps: usize,
    accessed: *const *mut c_void,
    num_accessed: usize,
) -> c_int {
    guard(0, || {
        let queue = queue_ref(q)?;
        let deps = events(deps, num_deps)?;
        Ok(c_int::from(
            queue.must_wait(&deps, addresses(accessed, num_accessed)?),
        ))
    })
}

#[no_mangle]
pub extern "C" fn syclone_defer(
    q: SycloneQueue,
    submit: Option<GroupFn>,
    release: Option<HostFn>,
    ctx: *mut c_void,
    deps: *const SycloneEvent,
    num_deps: usize,
    accessed: *const *mut c_void,
    num_accessed: usize,
    out_event: *mut SycloneEvent,
) -> c_int {
    status(|| {
        // Owned from here: a failure below releases the context.
        let context = HandedContext { ctx, release };
        let submit =
            submit.ok_or_else(|| RtError::Invalid("syclone_defer: null function".into()))?;
        let group = DeferredGroup { submit, context };
        let queue = queue_ref(q)?;
        let deps = events(deps, num_deps)?;
        let addresses = addresses(accessed, num_accessed)?;
        give_event(queue.defer_group(deps, addresses, group), out_event);
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_barrier(
    q: SycloneQueue,
    deps: *const SycloneEvent,
    num_deps: usize,
    out_event: *mut SycloneEvent,
) -> c_int {
    status(|| {
        let queue = queue_ref(q)?;
        let deps = events(deps, num_deps)?;
        give_event(queue.barrier(&deps)?, out_event);
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_event_wait(e: SycloneEvent) -> c_int {
    status(|| event_arc(e)?.wait())
}

#[no_mangle]
pub extern "C" fn syclone_event_retain(e: SycloneEvent) {
    guard((), || {
        if !e.is_null() {
            // SAFETY: a live handle from Arc::into_raw: one more reference.
            unsafe { Arc::increment_strong_count(e) };
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_event_release(e: SycloneEvent) {
    guard((), || {
        if !e.is_null() {
            // SAFETY: a live handle from Arc::into_raw; the caller gives up one reference.
            unsafe { Arc::decrement_strong_count(e) };
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn syclone_event_status(e: SycloneEvent) -> c_int {
    guard(-1, || Ok(event_arc(e)?.status() as c_int))
}

#[no_mangle]
pub extern "C" fn syclone_event_profiling(
    e: SycloneEvent,
    what: c_int,
    out_ns: *mut c_ulonglong,
) -> c_int {
    status(|| {
        let what = match what {
            0 => ProfilingInfo::Submit,
            1 => ProfilingInfo::Start,
            2 => ProfilingInfo::End,
            other => {
                return Err(RtError::Invalid(format!(
                    "unknown profiling descriptor {other}"
                )))
            }
        };
        let ns = event_arc(e)?.profiling(what)?;
        if out_ns.is_null() {
            return Err(RtError::Invalid(
                "syclone_event_profiling: null output".into(),
            ));
        }
        // SAFETY: non-null and writable.
        unsafe { out_ns.write(ns) };
        Ok(())
    })
}
