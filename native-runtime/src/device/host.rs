//! The host CPU device: runs the host-compiled kernel over the linearised
//! range, split into chunks over scoped threads, synchronously. Kernels over
//! work-groups run group by group, each group with its own local memory (an
//! arena the header's `local_accessor`s index into, found through
//! `syclone_host_local_memory`); a kernel with work-group barriers runs one
//! thread per work-item of a group, all waiting at one `std::sync::Barrier`.

use std::cell::Cell;
use std::ffi::c_void;
use std::sync::{Barrier, Mutex};

/// `syclone_host_kernel`.
pub type HostKernel = unsafe extern "C" fn(args: *const *const c_void, begin: usize, end: usize);

/// Local memory a work-group may use (`info::device::local_mem_size`).
pub const LOCAL_MEMORY_BYTES: usize = 64 * 1024;

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
    /// The local memory of the work-group this thread runs items of (null
    /// outside group launches).
    static LOCAL_MEMORY: Cell<*mut u8> = const { Cell::new(std::ptr::null_mut()) };
    /// The work-group algorithms' scratch of that work-group, after its
    /// local memory in the same arena.
    static GROUP_SCRATCH: Cell<*mut u8> = const { Cell::new(std::ptr::null_mut()) };
    /// The `group_local_memory` allocations of that work-group.
    static GROUP_LOCALS: Cell<*const GroupLocals> = const { Cell::new(std::ptr::null()) };
}

/// A work-group's `group_local_memory` allocations, by call (the k-th call
/// of each work-item gets the k-th): made by the first work-item to call,
/// kept for the arena's later groups. Boxed slices do not move when the
/// list grows.
type GroupLocals = Mutex<Vec<Box<[u128]>>>;

/// Bytes of a work-group's scratch for the work-group algorithms: one
/// element of up to 16 bytes per work-item of the largest group.
const GROUP_SCRATCH_BYTES: usize = 16 * 1024;

/// The work-groups of a launch: item indices are group-major (group *
/// `size` + local linear id).
#[derive(Clone, Copy, Debug)]
pub struct Groups {
    pub count: usize,
    pub size: usize,
    /// Bytes of local memory each group has.
    pub local_memory: usize,
}

/// One group's local memory: 16-byte aligned, uninitialised as SYCL says
/// (zeroed here, once per thread).
/// The work-group algorithms' scratch follows the local memory.
struct Arena {
    words: Vec<u128>,
    local_words: usize,
    group_locals: GroupLocals,
}

impl Arena {
    fn new(bytes: usize) -> Self {
        let local_words = bytes.div_ceil(16);
        Arena {
            words: vec![0; local_words + GROUP_SCRATCH_BYTES / 16],
            local_words,
            group_locals: Mutex::new(vec![]),
        }
    }
    fn base(&mut self) -> LocalBase {
        let base = self.words.as_mut_ptr();
        // SAFETY: `local_words` is within the allocation.
        let scratch = unsafe { base.add(self.local_words) };
        LocalBase(base.cast(), scratch.cast(), &self.group_locals)
    }
    /// Makes this the local memory of the calling thread's group.
    fn enter(&mut self) {
        self.base().enter();
    }
}

fn leave_arena() {
    LOCAL_MEMORY.with(|m| m.set(std::ptr::null_mut()));
    GROUP_SCRATCH.with(|m| m.set(std::ptr::null_mut()));
    GROUP_LOCALS.with(|m| m.set(std::ptr::null()));
}

/// Runs the work-groups, each on one thread with its own local memory, the
/// items of a group one after the other (the kernel has no barriers).
///
/// # Safety
/// As [`run`].
pub unsafe fn run_groups(kernel: HostKernel, args: *const *const c_void, groups: Groups) {
    let args = Args(args);
    let run_chunk = move |first: usize, last: usize| {
        let args = args;
        let mut arena = Arena::new(groups.local_memory);
        arena.enter();
        for g in first..last {
            // SAFETY: guaranteed by the caller of `run_groups`.
            unsafe { kernel(args.0, g * groups.size, (g + 1) * groups.size) };
        }
        leave_arena();
    };
    let threads = thread_count();
    let total = groups.count.saturating_mul(groups.size);
    if total < PARALLEL_THRESHOLD || threads == 1 || groups.count == 1 {
        run_chunk(0, groups.count);
        return;
    }
    let chunks = threads.min(groups.count);
    let per_chunk = groups.count.div_ceil(chunks);
    std::thread::scope(|scope| {
        for c in 1..chunks {
            let (first, last) = (c * per_chunk, ((c + 1) * per_chunk).min(groups.count));
            if first < last {
                scope.spawn(move || run_chunk(first, last));
            }
        }
        run_chunk(0, per_chunk.min(groups.count));
    });
}

/// Runs the work-groups one after the other, the items of a group on
/// `groups.size` threads that share the group's local memory and meet at
/// the kernel's barriers and after each group.
///
/// # Safety
/// As [`run`].
pub unsafe fn run_groups_with_barriers(
    kernel: HostKernel,
    args: *const *const c_void,
    groups: Groups,
) {
    let args = Args(args);
    let barrier = Barrier::new(groups.size);
    let mut arena = Arena::new(groups.local_memory);
    let base = arena.base();
    std::thread::scope(|scope| {
        for local in 0..groups.size {
            let barrier = &barrier;
            scope.spawn(move || {
                let args = args;
                let base = base;
                GROUP_BARRIER.with(|b| b.set(barrier));
                base.enter();
                for g in 0..groups.count {
                    let item = g * groups.size + local;
                    // SAFETY: guaranteed by the caller of `run_groups_with_barriers`.
                    unsafe { kernel(args.0, item, item + 1) };
                    barrier.wait();
                }
                GROUP_BARRIER.with(|b| b.set(std::ptr::null()));
                leave_arena();
            });
        }
    });
    drop(arena);
}

/// The shared local memory and scratch of a group whose items run on
/// several threads.
#[derive(Clone, Copy)]
struct LocalBase(*mut u8, *mut u8, *const GroupLocals);

impl LocalBase {
    fn enter(self) {
        LOCAL_MEMORY.with(|m| m.set(self.0));
        GROUP_SCRATCH.with(|m| m.set(self.1));
        GROUP_LOCALS.with(|m| m.set(self.2));
    }
}
// SAFETY: the arena outlives the scoped threads; the kernel's work-items
// synchronise their accesses with work-group barriers, as SYCL requires.
unsafe impl Send for LocalBase {}

/// `syclone_host_local_memory`: the local memory of the work-group the
/// calling thread runs an item of (null outside kernels with local memory).
#[no_mangle]
pub extern "C" fn syclone_host_local_memory() -> *mut c_void {
    LOCAL_MEMORY.with(|m| m.get()).cast()
}

/// `syclone_host_group_scratch`: the work-group algorithms' scratch of the
/// work-group the calling thread runs an item of (16 KiB; null outside
/// group launches).
#[no_mangle]
pub extern "C" fn syclone_host_group_scratch() -> *mut c_void {
    GROUP_SCRATCH.with(|m| m.get()).cast()
}

/// `syclone_host_group_local`: the calling thread's work-group's
/// allocation for the `k`-th `group_local_memory` call of a work-item, of
/// at least `size` bytes (null outside group launches).
#[no_mangle]
pub extern "C" fn syclone_host_group_local(k: u32, size: usize) -> *mut c_void {
    let locals = GROUP_LOCALS.with(|m| m.get());
    // SAFETY: a non-null pointer was set by `LocalBase::enter` on this
    // thread from an arena that outlives the thread's work-items.
    let Some(locals) = (unsafe { locals.as_ref() }) else {
        return std::ptr::null_mut();
    };
    let mut list = locals.lock().unwrap_or_else(|e| e.into_inner());
    let k = k as usize;
    if list.len() <= k {
        list.resize_with(k + 1, Default::default);
    }
    let words = size.div_ceil(16).max(1);
    if list[k].len() < words {
        list[k] = vec![0u128; words].into_boxed_slice();
    }
    list[k].as_mut_ptr().cast()
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
