//! The work-items of a host-device work-group whose kernel has barriers:
//! each runs as a coroutine (corosensei) on the OS thread that runs the
//! group, and a work-group barrier suspends it until every other work-item
//! of the group has reached the barrier or finished. A barrier then costs a
//! user-space context switch per work-item instead of a futex wait of one
//! OS thread per work-item, and groups run in parallel on the device's
//! threads.
//!
//! Also the per-work-item state the SYCL headers keep on the host device
//! (the current `nd_item`, `group_local_memory` calls, `sycl::stream`
//! formatting): one block per coroutine, or per OS thread for kernels run
//! without coroutines (`syclone_host_work_item_state`).

use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, CoroutineResult, Yielder};
use std::cell::{Cell, RefCell};

/// Stack of one work-item: reserved, committed only as the kernel touches
/// it (kernels do not recurse; private arrays live here).
const STACK_BYTES: usize = 1 << 20;

/// The words of a work-item's state block (`detail::host_work_item_state`
/// in the headers: a pointer and nine `unsigned`s).
const STATE_WORDS: usize = 8;

/// A work-item's state block.
type ItemState = [u64; STATE_WORDS];

/// What a running work-item coroutine needs from the thread it runs on.
struct Running {
    yielder: *const Yielder<(), ()>,
    state: *mut ItemState,
}

thread_local! {
    /// The work-item coroutine this thread is running (null between them).
    static RUNNING: Cell<*const Running> = const { Cell::new(std::ptr::null()) };
    /// The state block of work-items this thread runs without coroutines.
    static THREAD_STATE: RefCell<ItemState> = const { RefCell::new([0; STATE_WORDS]) };
    /// Stacks of finished coroutines, for the next group.
    static STACKS: RefCell<Vec<DefaultStack>> = const { RefCell::new(Vec::new()) };
}

/// `syclone_host_work_item_state`: the state block of the work-item the
/// caller runs (zeroed when a coroutine starts; the headers reset what they
/// use at the start of each work-item).
#[no_mangle]
pub extern "C" fn syclone_host_work_item_state() -> *mut std::ffi::c_void {
    let running = RUNNING.with(Cell::get);
    // SAFETY: a non-null pointer is the `Running` of the coroutine executing
    // this call, which lives on that coroutine's stack until it returns.
    match unsafe { running.as_ref() } {
        Some(r) => r.state.cast(),
        None => THREAD_STATE.with(|s| s.as_ptr().cast()),
    }
}

/// Suspends the calling work-item at a work-group barrier; false when the
/// caller is not a work-item coroutine (a group of one runs straight
/// through).
pub fn suspend_at_barrier() -> bool {
    let running = RUNNING.with(Cell::get);
    // SAFETY: as in `syclone_host_work_item_state`.
    let Some(r) = (unsafe { running.as_ref() }) else {
        return false;
    };
    // SAFETY: the yielder belongs to the coroutine running this call.
    unsafe { (*r.yielder).suspend(()) };
    // Other work-items ran on this thread meanwhile.
    RUNNING.with(|c| c.set(running));
    true
}

/// Runs work-items `first..first + count` (one work-group) by calling
/// `item(i)` for each in its own coroutine, resuming them round by round
/// until all have returned: a round ends when each has reached a barrier
/// or finished.
pub fn run_group<F>(first: usize, count: usize, item: F)
where
    F: Fn(usize) + Copy + 'static,
{
    let mut items: Vec<Coroutine<(), (), (), DefaultStack>> = (first..first + count)
        .map(|index| {
            let stack = STACKS
                .with(|s| s.borrow_mut().pop())
                .map_or_else(|| DefaultStack::new(STACK_BYTES), Ok)
                .unwrap_or_else(|e| panic!("cannot map a work-item stack: {e}"));
            Coroutine::with_stack(stack, move |yielder: &Yielder<(), ()>, ()| {
                let mut state: ItemState = [0; STATE_WORDS];
                let running = Running {
                    yielder,
                    state: &mut state,
                };
                RUNNING.with(|c| c.set(&running));
                item(index);
            })
        })
        .collect();
    while !items.is_empty() {
        let mut waiting = Vec::with_capacity(items.len());
        for mut co in items {
            let result = co.resume(());
            RUNNING.with(|c| c.set(std::ptr::null()));
            match result {
                CoroutineResult::Yield(()) => waiting.push(co),
                CoroutineResult::Return(()) => {
                    STACKS.with(|s| s.borrow_mut().push(co.into_stack()));
                }
            }
        }
        items = waiting;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    static LOG: Mutex<Vec<(usize, u32)>> = Mutex::new(Vec::new());

    #[test]
    fn every_work_item_reaches_a_barrier_before_any_passes_it() {
        run_group(10, 5, |item| {
            for phase in 0..3 {
                LOG.lock().unwrap().push((item, phase));
                // The state block is the work-item's own across barriers.
                let state = syclone_host_work_item_state().cast::<u64>();
                // SAFETY: the block has STATE_WORDS words.
                unsafe {
                    assert_eq!(*state, if phase == 0 { 0 } else { item as u64 });
                    *state = item as u64;
                }
                assert!(suspend_at_barrier());
            }
        });
        let log = LOG.lock().unwrap();
        assert_eq!(log.len(), 15);
        for (i, &(item, phase)) in log.iter().enumerate() {
            assert_eq!(phase as usize, i / 5, "phase of entry {i}");
            assert!((10..15).contains(&item));
        }
        assert!(
            !suspend_at_barrier(),
            "outside a coroutine a barrier returns"
        );
    }
}
