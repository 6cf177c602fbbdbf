//! The host CPU device: runs the host-compiled kernel over the linearised
//! range, split into chunks over scoped threads, synchronously. Kernels over
//! work-groups run group by group, each group with its own local memory (an
//! arena the header's `local_accessor`s index into, found through
//! `syclone_host_local_memory`); in a kernel with work-group barriers the
//! items of a group are coroutines that meet at them (`work_items.rs`).

use super::work_items;
use std::cell::Cell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

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
/// element of up to 16 bytes per work-item of the largest group. The
/// sub-group collectives have a second scratch of the same size after it
/// (a sub-group may exchange values while another sub-group of the group
/// is inside a work-group algorithm).
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
            words: vec![0; local_words + 2 * GROUP_SCRATCH_BYTES / 16],
            local_words,
            group_locals: Mutex::new(vec![]),
        }
    }
    /// Makes this the local memory of the calling thread's group.
    fn enter(&mut self) {
        let base = self.words.as_mut_ptr();
        // SAFETY: `local_words` is within the allocation.
        let scratch = unsafe { base.add(self.local_words) };
        LOCAL_MEMORY.with(|m| m.set(base.cast()));
        GROUP_SCRATCH.with(|m| m.set(scratch.cast()));
        GROUP_LOCALS.with(|m| m.set(&self.group_locals));
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
    let total = groups.count.saturating_mul(groups.size);
    let threads = if total < PARALLEL_THRESHOLD {
        1
    } else {
        thread_count()
    };
    in_chunks(groups.count, threads, run_chunk);
}

/// The size of the host device's sub-groups for a kernel that requires none.
/// Code written for GPUs and for Intel's CPU devices assumes sub-groups of
/// 8, 16 or 32 work-items (a tile as wide as the sub-group, sums over 16
/// lanes); 16 is what Intel's devices mostly pick. A kernel that uses no
/// sub-group function runs its items one after another whatever the size.
pub const DEFAULT_SUB_GROUP_SIZE: u32 = 16;

/// Runs the work-groups, each on one thread with its own local memory, the
/// items of a group as coroutines that meet at the kernel's barriers, in
/// sub-groups of `sub_group_size` (`work_items.rs`). Threads claim groups in
/// order ([`in_claimed_groups`]), and a launch that stops making progress
/// gets more threads, so that work-groups waiting for each other (a
/// device-wide latch) all run: as many as keep the work-items running at
/// once within [`COROUTINE_BUDGET`]. A group whose work-items' stacks cannot
/// be mapped ends the launch with that error.
///
/// # Safety
/// As [`run`].
pub unsafe fn run_groups_with_barriers(
    kernel: HostKernel,
    args: *const *const c_void,
    groups: Groups,
    sub_group_size: u32,
) -> Result<(), work_items::StackError> {
    let args = Args(args);
    let failure: Mutex<Option<work_items::StackError>> = Mutex::new(None);
    let failure = &failure;
    let worker = move |claims: &GroupClaims| {
        let mut arena = Arena::new(groups.local_memory);
        arena.enter();
        while let Some(g) = claims.claim() {
            let ran =
                work_items::run_group(g * groups.size, groups.size, sub_group_size, move |item| {
                    let args = args;
                    // SAFETY: guaranteed by the caller of `run_groups_with_barriers`.
                    unsafe { kernel(args.0, item, item + 1) }
                });
            if let Err(e) = ran {
                failure
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(e);
                claims.abandon();
            }
            claims.finish();
        }
        leave_arena();
    };
    let threads = thread_count();
    let added = (COROUTINE_BUDGET / groups.size.max(1))
        .saturating_sub(threads)
        .min(MAX_ADDED_THREADS);
    in_claimed_groups(groups.count, threads, added, STALL_TICK, worker);
    let failed = failure.lock().unwrap_or_else(|e| e.into_inner()).take();
    failed.map_or(Ok(()), Err)
}

/// How long a launch's work-groups may go without one finishing before
/// [`in_claimed_groups`] starts another thread.
const STALL_TICK: Duration = Duration::from_millis(20);

/// Threads [`in_claimed_groups`] may add to a stalled launch.
const MAX_ADDED_THREADS: usize = 64;

/// Work-items whose coroutines added threads may keep at once: each maps a
/// stack and its guard page, and Linux allows a process 65,530 mappings
/// by default (`vm.max_map_count`).
const COROUTINE_BUDGET: usize = 16 * 1024;

/// The work-groups of a launch, claimed one by one in order by the threads
/// that run them.
struct GroupClaims {
    next: AtomicUsize,
    count: usize,
    finished: Mutex<usize>,
    all_finished: Condvar,
}

impl GroupClaims {
    fn new(count: usize) -> Self {
        GroupClaims {
            next: AtomicUsize::new(0),
            count,
            finished: Mutex::new(0),
            all_finished: Condvar::new(),
        }
    }

    /// The next group nobody has claimed, if any.
    fn claim(&self) -> Option<usize> {
        let g = self.next.fetch_add(1, Ordering::Relaxed);
        (g < self.count).then_some(g)
    }

    /// Records that a claimed group has finished.
    fn finish(&self) {
        let mut finished = self.finished.lock().unwrap_or_else(|e| e.into_inner());
        *finished += 1;
        if *finished == self.count {
            self.all_finished.notify_all();
        }
    }

    fn all_claimed(&self) -> bool {
        self.next.load(Ordering::Relaxed) >= self.count
    }

    /// Leaves the unclaimed groups unrun (the launch has failed).
    fn abandon(&self) {
        self.next.store(self.count, Ordering::Relaxed);
    }
}

/// Runs `worker` on up to `threads` threads (the calling thread one of
/// them) until it has claimed and finished all `count` groups. SYCL does
/// not promise that work-groups make progress together, but programs that
/// size a launch to the device (a latch across work-groups, as the DPC++
/// book shows) expect all their groups to run at once: while groups are
/// still unclaimed and none has finished for a `tick`, a monitor thread
/// starts one more worker (at most `max_added`), so a launch of groups that
/// wait for each other finishes instead of deadlocking, at the price of a
/// tick per missing thread.
fn in_claimed_groups(
    count: usize,
    threads: usize,
    max_added: usize,
    tick: Duration,
    worker: impl Fn(&GroupClaims) + Copy + Send + Sync,
) {
    let claims = GroupClaims::new(count);
    let workers = threads.min(count).max(1);
    if count <= 1 {
        worker(&claims);
        return;
    }
    let claims = &claims;
    std::thread::scope(|scope| {
        for _ in 1..workers {
            scope.spawn(move || worker(claims));
        }
        if count > workers && max_added > 0 {
            // Every group has a thread of its own otherwise.
            scope.spawn(move || {
                let mut added = 0;
                let mut finished = claims.finished.lock().unwrap_or_else(|e| e.into_inner());
                loop {
                    let before = *finished;
                    finished = claims
                        .all_finished
                        .wait_timeout(finished, tick)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                    if *finished == count || claims.all_claimed() || added == max_added {
                        return;
                    }
                    if *finished == before {
                        scope.spawn(move || worker(claims));
                        added += 1;
                    }
                }
            });
        }
        worker(claims);
    });
}

/// Runs `run_chunk(first, last)` over `0..count` in at most `threads`
/// contiguous chunks, the first on the calling thread and the others on
/// scoped threads.
fn in_chunks(count: usize, threads: usize, run_chunk: impl Fn(usize, usize) + Copy + Send) {
    let chunks = threads.min(count);
    if chunks <= 1 {
        run_chunk(0, count);
        return;
    }
    let per_chunk = count.div_ceil(chunks);
    std::thread::scope(|scope| {
        for c in 1..chunks {
            let (first, last) = (c * per_chunk, ((c + 1) * per_chunk).min(count));
            if first < last {
                scope.spawn(move || run_chunk(first, last));
            }
        }
        run_chunk(0, per_chunk.min(count));
    });
}

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

/// `syclone_host_sub_group_scratch`: the sub-group collectives' scratch of
/// the work-group the calling thread runs an item of (16 KiB, 16 bytes per
/// work-item; null outside group launches).
#[no_mangle]
pub extern "C" fn syclone_host_sub_group_scratch() -> *mut c_void {
    let group = GROUP_SCRATCH.with(|m| m.get());
    if group.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: the arena holds two scratches of GROUP_SCRATCH_BYTES.
    unsafe { group.add(GROUP_SCRATCH_BYTES) }.cast()
}

/// `syclone_host_group_local`: the calling thread's work-group's
/// allocation for the `k`-th `group_local_memory` call of a work-item, of
/// at least `size` bytes (null outside group launches).
#[no_mangle]
pub extern "C" fn syclone_host_group_local(k: u32, size: usize) -> *mut c_void {
    let locals = GROUP_LOCALS.with(|m| m.get());
    // SAFETY: a non-null pointer was set by `Arena::enter` on this
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

/// `syclone_host_group_barrier`: waits for the other items of the
/// caller's work-group. Outside a barrier launch (a group of one item) it
/// returns.
#[no_mangle]
pub extern "C" fn syclone_host_group_barrier() {
    work_items::suspend_at_barrier();
}

/// `syclone_host_sub_group_barrier`: waits for the other items of the
/// caller's sub-group. Outside work-item coroutines (sub-groups of one) it
/// returns.
#[no_mangle]
pub extern "C" fn syclone_host_sub_group_barrier() {
    work_items::suspend_at_sub_group_barrier();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claimed_groups_each_run_once() {
        let runs: Vec<AtomicUsize> = (0..100).map(|_| AtomicUsize::new(0)).collect();
        let runs = &runs;
        in_claimed_groups(100, 3, MAX_ADDED_THREADS, STALL_TICK, move |claims| {
            while let Some(g) = claims.claim() {
                runs[g].fetch_add(1, Ordering::Relaxed);
                claims.finish();
            }
        });
        assert!(runs.iter().all(|r| r.load(Ordering::Relaxed) == 1));
    }

    #[test]
    fn groups_that_wait_for_each_other_get_threads_of_their_own() {
        // A latch over 6 groups on one thread: each group waits until all
        // have arrived, which needs 6 threads at once.
        let arrived = AtomicUsize::new(0);
        let arrived = &arrived;
        in_claimed_groups(
            6,
            1,
            MAX_ADDED_THREADS,
            Duration::from_millis(5),
            move |claims| {
                while claims.claim().is_some() {
                    arrived.fetch_add(1, Ordering::SeqCst);
                    while arrived.load(Ordering::SeqCst) != 6 {
                        std::thread::yield_now();
                    }
                    claims.finish();
                }
            },
        );
        assert_eq!(arrived.load(Ordering::SeqCst), 6);
    }
}
