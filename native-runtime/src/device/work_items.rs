//! The work-items of a host-device work-group whose kernel has barriers or
//! sub-groups of more than one work-item: each runs as a coroutine
//! (corosensei) on the OS thread that runs the group. A work-group barrier
//! suspends it until every other work-item of the group has reached one or
//! finished; a sub-group barrier (the sub-group collectives' exchange
//! through memory) until the other work-items of its sub-group have. A
//! barrier then costs a user-space context switch per work-item instead of
//! a futex wait of one OS thread per work-item, and groups run in parallel
//! on the device's threads.
//!
//! Also the per-work-item state the SYCL headers keep on the host device
//! (the current `nd_item`, `group_local_memory` calls, `sycl::stream`
//! formatting): one block per coroutine, or per OS thread for kernels run
//! without coroutines (`syclone_host_work_item_state`).

use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, CoroutineResult, Yielder};
use std::cell::{Cell, RefCell};
use std::sync::Mutex;

/// Stack of one work-item: reserved, committed only as the kernel touches
/// it (kernels do not recurse; private arrays live here).
const STACK_BYTES: usize = 1 << 20;

/// The words of a work-item's state block (`detail::host_work_item_state`
/// in the headers: a pointer and eleven `unsigned`s, 52 of the 64 bytes).
const STATE_WORDS: usize = 8;

/// A work-item's state block.
type ItemState = [u64; STATE_WORDS];

/// What a work-item coroutine waits for when it suspends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Wait {
    WorkGroup,
    SubGroup,
}

/// Where a work-item of the group stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stand {
    Runnable,
    At(Wait),
    Finished,
}

/// What a running work-item coroutine needs from the thread it runs on.
struct Running {
    yielder: *const Yielder<(), Wait>,
    state: *mut ItemState,
    sub_group_size: u32,
}

thread_local! {
    /// The work-item coroutine this thread is running (null between them).
    static RUNNING: Cell<*const Running> = const { Cell::new(std::ptr::null()) };
    /// The state block of work-items this thread runs without coroutines.
    static THREAD_STATE: RefCell<ItemState> = const { RefCell::new([0; STATE_WORDS]) };
}

/// Stacks of finished coroutines, for the next groups of any thread (a
/// launch's threads are new each time: mapping fresh stacks in every one
/// serialises them on the kernel's memory map).
static STACKS: Mutex<Vec<DefaultStack>> = Mutex::new(Vec::new());

/// Stacks for `count` work-items: reused ones, else newly mapped. If the
/// system maps no more (its memory, or its limit of mappings), those taken
/// go back to the pool and the error says so.
fn take_stacks(count: usize) -> Result<Vec<DefaultStack>, StackError> {
    let mut pool = STACKS.lock().unwrap_or_else(|e| e.into_inner());
    let reused = pool.len().saturating_sub(count);
    let mut stacks = pool.split_off(reused);
    drop(pool);
    while stacks.len() < count {
        match DefaultStack::new(STACK_BYTES) {
            Ok(stack) => stacks.push(stack),
            Err(e) => {
                let mapped = stacks.len();
                give_back(stacks);
                return Err(StackError {
                    work_items: count,
                    mapped,
                    reason: e.to_string(),
                });
            }
        }
    }
    Ok(stacks)
}

fn give_back(stacks: impl IntoIterator<Item = DefaultStack>) {
    STACKS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .extend(stacks);
}

/// The stacks of a work-group's work-items could not be mapped.
#[derive(Debug)]
pub struct StackError {
    pub work_items: usize,
    pub mapped: usize,
    pub reason: String,
}

impl StackError {
    /// The bytes of the stacks asked for.
    pub fn bytes(&self) -> usize {
        self.work_items * STACK_BYTES
    }
}

impl std::fmt::Display for StackError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the stacks of a work-group's {} work-items ({} KiB each; {} mapped): {}",
            self.work_items,
            STACK_BYTES / 1024,
            self.mapped,
            self.reason
        )
    }
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

/// The size of the sub-groups of the work-item the caller runs (1 outside
/// work-item coroutines).
#[no_mangle]
pub extern "C" fn syclone_host_sub_group_size() -> u32 {
    let running = RUNNING.with(Cell::get);
    // SAFETY: as in `syclone_host_work_item_state`.
    unsafe { running.as_ref() }.map_or(1, |r| r.sub_group_size)
}

/// Suspends the calling work-item at a work-group barrier; false when the
/// caller is not a work-item coroutine (a group of one runs straight
/// through).
pub fn suspend_at_barrier() -> bool {
    suspend(Wait::WorkGroup)
}

/// Suspends the calling work-item until the other work-items of its
/// sub-group have come to a sub-group barrier (or finished); false outside
/// work-item coroutines.
pub fn suspend_at_sub_group_barrier() -> bool {
    suspend(Wait::SubGroup)
}

fn suspend(wait: Wait) -> bool {
    let running = RUNNING.with(Cell::get);
    // SAFETY: as in `syclone_host_work_item_state`.
    let Some(r) = (unsafe { running.as_ref() }) else {
        return false;
    };
    // SAFETY: the yielder belongs to the coroutine running this call.
    unsafe { (*r.yielder).suspend(wait) };
    // Other work-items ran on this thread meanwhile.
    RUNNING.with(|c| c.set(running));
    true
}

/// Runs work-items `first..first + count` (one work-group, in sub-groups of
/// `sub_group_size` consecutive work-items) by calling `item(i)` for each
/// in its own coroutine, until all have returned. Work-items run until they
/// suspend; then the sub-groups whose work-items all wait at a sub-group
/// barrier go on, else, when every work-item waits at a work-group barrier,
/// all go on. Barriers that not every work-item reaches (which SYCL
/// forbids) release whoever waits, so such a kernel ends.
pub fn run_group<F>(
    first: usize,
    count: usize,
    sub_group_size: u32,
    item: F,
) -> Result<(), StackError>
where
    F: Fn(usize) + Copy + 'static,
{
    let mut items: Vec<Coroutine<(), Wait, (), DefaultStack>> = (first..first + count)
        .zip(take_stacks(count)?)
        .map(|(index, stack)| {
            Coroutine::with_stack(stack, move |yielder: &Yielder<(), Wait>, ()| {
                let mut state: ItemState = [0; STATE_WORDS];
                let running = Running {
                    yielder,
                    state: &mut state,
                    sub_group_size,
                };
                RUNNING.with(|c| c.set(&running));
                item(index);
            })
        })
        .collect();
    let mut stands = vec![Stand::Runnable; count];
    let sub_group = sub_group_size.max(1) as usize;
    loop {
        for (co, stand) in items.iter_mut().zip(stands.iter_mut()) {
            if *stand != Stand::Runnable {
                continue;
            }
            let result = co.resume(());
            RUNNING.with(|c| c.set(std::ptr::null()));
            *stand = match result {
                CoroutineResult::Yield(wait) => Stand::At(wait),
                CoroutineResult::Return(()) => Stand::Finished,
            };
        }
        if stands.iter().all(|s| *s == Stand::Finished) {
            break;
        }
        release(&mut stands, sub_group);
    }
    give_back(items.into_iter().map(Coroutine::into_stack));
    Ok(())
}

/// Makes runnable the work-items whose barrier everyone it waits for has
/// reached (see `run_group`).
fn release(stands: &mut [Stand], sub_group: usize) {
    let mut released = false;
    for members in stands.chunks_mut(sub_group) {
        let waiting = members.contains(&Stand::At(Wait::SubGroup));
        let together = members
            .iter()
            .all(|s| matches!(s, Stand::At(Wait::SubGroup) | Stand::Finished));
        if waiting && together {
            members
                .iter_mut()
                .filter(|s| **s != Stand::Finished)
                .for_each(|s| *s = Stand::Runnable);
            released = true;
        }
    }
    if released {
        return;
    }
    // Every work-item meets at a work-group barrier (or the barriers
    // diverge): everyone goes on.
    stands
        .iter_mut()
        .filter(|s| **s != Stand::Finished)
        .for_each(|s| *s = Stand::Runnable);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    static LOG: Mutex<Vec<(usize, u32)>> = Mutex::new(Vec::new());

    #[test]
    fn every_work_item_reaches_a_barrier_before_any_passes_it() {
        let ran = run_group(10, 5, 1, |item| {
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
        ran.expect("the stacks map");
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

    static SUB_LOG: Mutex<Vec<(usize, u32)>> = Mutex::new(Vec::new());

    #[test]
    fn a_sub_group_goes_on_without_waiting_for_the_others() {
        // Items 0..4 (sub-group 0) meet at sub-group barriers twice while
        // items 4..8 (sub-group 1) wait at a work-group barrier first.
        let ran = run_group(0, 8, 4, |item| {
            assert_eq!(syclone_host_sub_group_size(), 4);
            if item < 4 {
                for phase in 0..2 {
                    SUB_LOG.lock().unwrap().push((item, phase));
                    assert!(suspend_at_sub_group_barrier());
                }
                assert!(suspend_at_barrier());
            } else {
                assert!(suspend_at_barrier());
                SUB_LOG.lock().unwrap().push((item, 9));
            }
        });
        ran.expect("the stacks map");
        let log = SUB_LOG.lock().unwrap();
        let phases: Vec<u32> = log.iter().map(|&(_, p)| p).collect();
        assert_eq!(phases, [0, 0, 0, 0, 1, 1, 1, 1, 9, 9, 9, 9]);
        assert_eq!(syclone_host_sub_group_size(), 1);
    }
}
