//! The host CPU device: runs the host-compiled kernel over the linearised
//! range, split into chunks over scoped threads, synchronously. A kernel
//! with work-group barriers runs one thread per work-item of a group
//! instead, all waiting at one `std::sync::Barrier`.

use std::cell::Cell;
use std::ffi::c_void;
use std::sync::Barrier;

/// `syclone_host_kernel`.
pub type HostKernel = unsafe extern "C" fn(args: *const *const c_void, begin: usize, end: usize);

/// Below this many work-items a kernel runs on the calling thread.
const PARALLEL_THRESHOLD: usize = 4096;

pub fn thread_count() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

pub fn device_name() -> String {
    format!("Syclone host CPU ({} threads)", thread_count())
}

/// The kernel's argument array, shared by the worker threads.
#[derive(Clone, Copy)]
struct Args(*const *const c_void);
// SAFETY: the argument array and the closures it points to stay alive and
// unchanged for the whole (synchronous) launch; SYCL kernels are callable
// concurrently from many work-items by definition.
unsafe impl Send for Args {}
// SAFETY: as above, the array is only read.
unsafe impl Sync for Args {}

/// Runs items [0, total) of `kernel`.
///
/// # Safety
/// `args` must be the argument array `kernel` expects, valid for the call.
pub unsafe fn run(kernel: HostKernel, args: *const *const c_void, total: usize) {
    let threads = thread_count();
    if total < PARALLEL_THRESHOLD || threads == 1 {
        // SAFETY: guaranteed by the caller.
        unsafe { kernel(args, 0, total) };
        return;
    }
    let args = Args(args);
    let chunks = threads.min(total.div_ceil(PARALLEL_THRESHOLD / 4));
    let per_chunk = total.div_ceil(chunks);
    std::thread::scope(|scope| {
        for c in 1..chunks {
            let (begin, end) = (c * per_chunk, ((c + 1) * per_chunk).min(total));
            if begin < end {
                scope.spawn(move || {
                    let args = args;
                    // SAFETY: guaranteed by the caller of `run`; the scope joins before it returns.
                    unsafe { kernel(args.0, begin, end) }
                });
            }
        }
        // SAFETY: as above.
        unsafe { kernel(args.0, 0, per_chunk.min(total)) };
    });
}

thread_local! {
    /// The barrier of the work-group this thread runs an item of (null
    /// outside `run_groups_with_barriers`).
    static GROUP_BARRIER: Cell<*const Barrier> = const { Cell::new(std::ptr::null()) };
}

/// Runs `groups` work-groups of `group_size` items each (item indices in
/// group-major order), the items of a group on `group_size` threads that
/// meet at the kernel's barriers and after each group.
///
/// # Safety
/// As [`run`].
pub unsafe fn run_groups_with_barriers(
    kernel: HostKernel,
    args: *const *const c_void,
    groups: usize,
    group_size: usize,
) {
    let args = Args(args);
    let barrier = Barrier::new(group_size);
    std::thread::scope(|scope| {
        for local in 0..group_size {
            let barrier = &barrier;
            scope.spawn(move || {
                let args = args;
                GROUP_BARRIER.with(|b| b.set(barrier));
                for g in 0..groups {
                    let item = g * group_size + local;
                    // SAFETY: guaranteed by the caller of `run_groups_with_barriers`.
                    unsafe { kernel(args.0, item, item + 1) };
                    barrier.wait();
                }
                GROUP_BARRIER.with(|b| b.set(std::ptr::null()));
            });
        }
    });
}

/// `syclone_host_group_barrier`: waits for the other items of this thread's
/// work-group. Outside a barrier launch (a group of one item) it returns.
#[no_mangle]
pub extern "C" fn syclone_host_group_barrier() {
    let barrier = GROUP_BARRIER.with(|b| b.get());
    // SAFETY: a non-null pointer was set by `run_groups_with_barriers` on
    // this thread, whose barrier lives until the thread has reset it.
    if let Some(b) = unsafe { barrier.as_ref() } {
        b.wait();
    }
}
