//! The host CPU device: runs the host-compiled kernel over the linearised
//! range, split into chunks over scoped threads, synchronously.

use std::ffi::c_void;

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
