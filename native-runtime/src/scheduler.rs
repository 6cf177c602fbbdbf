//! Commands that wait on the host side before they run.
//!
//! Most commands run on the submitting thread the moment they are submitted
//! (see `queue`): a Vulkan device orders them by submission, and the memory
//! model makes host copies current where the host needs them. Three things
//! cannot be ordered that way, and this module owns them:
//!
//! - host tasks, which run on worker threads (`host_task`), so that a
//!   task may wait for what the submitting thread does next;
//! - live `host_accessor`s (`hold`/`release`): until the last one of a
//!   buffer is destroyed, commands using the buffer wait, so that neither
//!   the host's writes through the accessor nor the command's are lost;
//! - commands after one of those: one that depends on an unfinished waiting
//!   command (an event, the previous command of an in-order queue, or a
//!   buffer an earlier waiting command uses) waits too.
//!
//! A waiting command is an entry with a `Gate`; its event is
//! `Work::Pending(gate)`. Entries run in submission order as they become
//! ready: a device command recorded from owned data (`defer`) on the thread
//! that made it ready, a host task on a thread of the `workers` pool. A
//! host-device kernel borrows its command group's objects: the C++ side
//! hands over the whole group, which submits its command when it runs
//! (`replaying`). USM copies and fills borrow their caller's memory too:
//! their submission blocks until they may run (`wait_turn`).

use crate::error::{Errc, RtError, RtResult};
use crate::event::Event;
use crate::memory;
use std::collections::{HashMap, VecDeque};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant};

/// The outcome of a command that waited here.
pub struct Gate {
    state: Mutex<GateState>,
    changed: Condvar,
    /// `state` is `Finished` (read without the lock).
    finished: AtomicBool,
}

#[derive(Clone)]
enum GateState {
    Waiting,
    Running,
    /// The command's own event, or its failure.
    Finished(Result<Arc<Event>, (Errc, String)>),
}

/// Where a waiting command is (`info::event_command_status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    Waiting,
    Running,
    Finished,
}

impl Gate {
    fn new() -> Arc<Self> {
        Arc::new(Gate {
            state: Mutex::new(GateState::Waiting),
            changed: Condvar::new(),
            finished: AtomicBool::new(false),
        })
    }

    fn lock(&self) -> MutexGuard<'_, GateState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn set(&self, state: GateState) {
        let finished = matches!(state, GateState::Finished(_));
        *self.lock() = state;
        self.finished.store(finished, Ordering::Release);
        if finished {
            self.changed.notify_all();
        }
    }

    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }

    pub fn progress(&self) -> Progress {
        match *self.lock() {
            GateState::Waiting => Progress::Waiting,
            GateState::Running => Progress::Running,
            GateState::Finished(_) => Progress::Finished,
        }
    }

    /// The command's event once it ran (None before).
    pub fn finished_event(&self) -> Option<Arc<Event>> {
        match &*self.lock() {
            GateState::Finished(Ok(e)) => Some(e.clone()),
            _ => None,
        }
    }

    /// Blocks until the command ran; its event, or the error it failed with.
    pub fn wait(&self) -> RtResult<Arc<Event>> {
        // Host tasks are often short: a moment of yielding saves the
        // sleeping thread's wake-up.
        spin_briefly(|| self.is_finished());
        let mut state = self.lock();
        loop {
            if let GateState::Finished(outcome) = &*state {
                return outcome
                    .clone()
                    .map_err(|(errc, message)| RtError::CommandFailed { errc, message });
            }
            state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }
}

/// How long a thread that is about to sleep first yields, checking `done`.
const SPIN: Duration = Duration::from_micros(50);

/// Yields for up to `SPIN` until `done()`.
fn spin_briefly(done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() && start.elapsed() < SPIN {
        thread::yield_now();
    }
}

/// What a command waits for before it may run.
pub struct Request {
    /// Addresses in the buffers it accesses (accessors, host task requirements).
    pub addresses: Vec<usize>,
    /// Events that must have run first: its dependencies and, in an in-order
    /// queue, the previous command.
    pub after: Vec<Arc<Event>>,
}

type Run = Box<dyn FnOnce() -> RtResult<Arc<Event>> + Send>;

enum Command {
    /// A device command: runs on the thread that finds it ready.
    Inline(Run),
    /// A host task: runs on a thread of the `workers` pool.
    Thread(Run),
}

struct Entry {
    gate: Arc<Gate>,
    /// The allocations (their start addresses) the command accesses.
    allocations: Vec<usize>,
    after: Vec<Arc<Event>>,
    /// None once the command started.
    command: Option<Command>,
    /// The unfinished command it was last found waiting for: until that
    /// one finished, `pump` need not look at it again.
    blocked_on: Option<Arc<Gate>>,
    /// What the command's caller gave it to own until it finished (a host
    /// task's context), released after its gate opened, outside the lock.
    keep: Option<Keep>,
}

/// Something a command owns until it finished.
pub type Keep = Box<dyn Send>;

/// Why a command cannot run yet.
enum Blocked {
    No,
    /// Only by host accessors the asking thread holds.
    ByOwnHolds,
    /// By host accessors of other threads.
    Held,
    /// By an unfinished command.
    Behind(Arc<Gate>),
}

impl Blocked {
    fn may_run(&self) -> bool {
        matches!(self, Blocked::No)
    }
    /// May run when the asking thread does not wait for its own accessors.
    fn may_run_here(&self) -> bool {
        matches!(self, Blocked::No | Blocked::ByOwnHolds)
    }
}

#[derive(Default)]
struct State {
    /// Unfinished waiting commands, in submission order.
    entries: VecDeque<Entry>,
    /// The threads holding live host accessors, per allocation.
    holds: HashMap<usize, Vec<ThreadId>>,
    /// A thread is running ready entries (`pump`).
    pumping: bool,
    /// Something changed while it did: look again.
    again: bool,
}

impl State {
    fn idle(&self) -> bool {
        self.entries.is_empty() && self.holds.is_empty()
    }

    /// Whether a command over `allocations` after `after`, coming after the
    /// first `before` entries, must wait; `asking` is the thread that would
    /// wait for it (None: nobody).
    fn blocked(
        &self,
        before: usize,
        allocations: &[usize],
        after: &[Arc<Event>],
        asking: Option<ThreadId>,
    ) -> Blocked {
        let pending = after.iter().find_map(|e| e.pending_gate()).or_else(|| {
            self.entries
                .range(..before)
                .find(|e| e.allocations.iter().any(|a| allocations.contains(a)))
                .map(|e| e.gate.clone())
        });
        if let Some(gate) = pending {
            return Blocked::Behind(gate);
        }
        let mut held = allocations
            .iter()
            .filter_map(|a| self.holds.get(a))
            .flatten()
            .peekable();
        if held.peek().is_none() {
            Blocked::No
        } else if asking.is_some() && held.all(|&t| Some(t) == asking) {
            Blocked::ByOwnHolds
        } else {
            Blocked::Held
        }
    }

    /// For each entry, whether it can never run while thread `me` waits: it
    /// (or an earlier entry it waits for) uses a buffer `me` holds a host
    /// accessor of, and `me` cannot destroy it while it waits.
    fn stuck_entries(&self, me: ThreadId) -> Vec<bool> {
        if !self.holds.values().flatten().any(|&t| t == me) {
            return vec![false; self.entries.len()];
        }
        let mut stuck: Vec<bool> = Vec::with_capacity(self.entries.len());
        for (i, entry) in self.entries.iter().enumerate() {
            let held = entry
                .allocations
                .iter()
                .filter_map(|a| self.holds.get(a))
                .flatten()
                .any(|&t| t == me);
            let is_stuck = entry.command.is_some()
                && (held || self.waits_for_any(i, &entry.allocations, &entry.after, &stuck));
            stuck.push(is_stuck);
        }
        stuck
    }

    /// Whether a command over `allocations` after `after` waits for one of
    /// the first `before` entries that `marked` marks.
    fn waits_for_any(
        &self,
        before: usize,
        allocations: &[usize],
        after: &[Arc<Event>],
        marked: &[bool],
    ) -> bool {
        (0..before).any(|j| {
            let earlier = &self.entries[j];
            marked[j]
                && (earlier.allocations.iter().any(|a| allocations.contains(a))
                    || after.iter().any(|e| e.is_pending_behind(&earlier.gate)))
        })
    }

    /// Whether a command over `allocations` after `after`, coming after every
    /// entry, waits for one that can never run while the calling thread waits.
    fn stuck_behind(&self, allocations: &[usize], after: &[Arc<Event>]) -> bool {
        let stuck = self.stuck_entries(thread::current().id());
        if !stuck.contains(&true) {
            return false;
        }
        self.waits_for_any(self.entries.len(), allocations, after, &stuck)
    }

    /// Whether the entry of `gate` can never run while the calling thread waits.
    fn stuck(&self, gate: &Arc<Gate>) -> bool {
        let stuck = self.stuck_entries(thread::current().id());
        self.entries
            .iter()
            .position(|e| Arc::ptr_eq(&e.gate, gate))
            .is_some_and(|i| stuck[i])
    }
}

/// The error of a wait that could never end.
fn stuck_error(what: &str) -> RtError {
    RtError::Invalid(format!(
        "{what} waits for a command that uses a buffer this thread holds a host_accessor of: \
         the command runs once the host_accessor is destroyed, so the wait would never end"
    ))
}

/// Fails when waiting for the command behind `gate` would never end.
pub fn check_wait(gate: &Arc<Gate>) -> RtResult<()> {
    if scheduler().lock().stuck(gate) {
        return Err(stuck_error("a wait"));
    }
    Ok(())
}

struct Scheduler {
    state: Mutex<State>,
    /// Notified when an entry finishes or a hold is released.
    changed: Condvar,
    /// Threads waiting on `changed` (most of the time none: no need to notify).
    sleepers: AtomicUsize,
}

fn scheduler() -> &'static Scheduler {
    static SCHEDULER: OnceLock<Scheduler> = OnceLock::new();
    SCHEDULER.get_or_init(|| Scheduler {
        state: Mutex::new(State::default()),
        changed: Condvar::new(),
        sleepers: AtomicUsize::new(0),
    })
}

impl Scheduler {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn wait<'a>(&self, state: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        let state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner());
        self.sleepers.fetch_sub(1, Ordering::SeqCst);
        state
    }

    /// Wakes the threads waiting for a change.
    fn notify(&self) {
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            self.changed.notify_all();
        }
    }
}

/// The allocation (start address) holding each address; addresses the
/// memory table does not know stand for themselves.
fn allocations_of(addresses: &[usize]) -> Vec<usize> {
    let table = memory::table();
    let mut starts: Vec<usize> = addresses
        .iter()
        .map(|&a| table.find(a).map_or(a, |alloc| alloc.start))
        .collect();
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// The allocation holding `address`.
fn allocation_of(address: usize) -> usize {
    allocations_of(&[address])[0]
}

thread_local! {
    /// This thread runs a command group that waited (`replaying`).
    static REPLAYING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `submit`, which submits the commands of a command group that
/// waited here and is now ready: they run at once, and they do not become
/// the queue's last command (a later command may already be).
pub fn replaying<R>(submit: impl FnOnce() -> R) -> R {
    let before = REPLAYING.with(|r| r.replace(true));
    let result = submit();
    REPLAYING.with(|r| r.set(before));
    result
}

/// Whether the calling thread submits a command group that waited.
pub fn is_replaying() -> bool {
    REPLAYING.with(|r| r.get())
}

/// Whether a command must wait here rather than run now.
pub fn must_wait(request: &Request) -> bool {
    if is_replaying() || scheduler().lock().idle() {
        return false;
    }
    let allocations = allocations_of(&request.addresses);
    let state = scheduler().lock();
    !state
        .blocked(state.entries.len(), &allocations, &request.after, None)
        .may_run()
}

/// Registers a command and runs whatever is ready; the command's gate.
fn enqueue(request: Request, command: Command, keep: Option<Keep>) -> Arc<Gate> {
    static AT_EXIT: std::sync::Once = std::sync::Once::new();
    AT_EXIT.call_once(|| {
        // SAFETY: registers a plain function; it only waits on the scheduler.
        unsafe { libc::atexit(finish_at_exit) };
    });
    let allocations = allocations_of(&request.addresses);
    let gate = Gate::new();
    let ready = {
        let mut state = scheduler().lock();
        let blocked = state.blocked(state.entries.len(), &allocations, &request.after, None);
        state.entries.push_back(Entry {
            gate: gate.clone(),
            allocations,
            after: request.after,
            command: Some(command),
            blocked_on: None,
            keep,
        });
        // A new entry makes no earlier one ready: unless it may run, no
        // need to look at them (`pump` does when something finishes).
        match blocked {
            Blocked::No => true,
            Blocked::Behind(gate) => {
                state.entries.back_mut().expect("pushed").blocked_on = Some(gate);
                false
            }
            _ => false,
        }
    };
    if ready {
        pump();
    }
    gate
}

/// A device command recorded from owned data that must wait (`must_wait`):
/// it runs, in order, on the thread that makes it ready; `keep` is released
/// once it ran.
pub fn defer(
    request: Request,
    run: impl FnOnce() -> RtResult<Arc<Event>> + Send + 'static,
    keep: Option<Keep>,
) -> Arc<Gate> {
    enqueue(request, Command::Inline(Box::new(run)), keep)
}

/// A host task: runs on a pool thread once what it waits for ran; `keep`
/// is released once it ran.
pub fn host_task(
    request: Request,
    run: impl FnOnce() -> RtResult<Arc<Event>> + Send + 'static,
    keep: Option<Keep>,
) -> Arc<Gate> {
    enqueue(request, Command::Thread(Box::new(run)), keep)
}

/// Blocks the calling thread until a command that borrows its caller's
/// data may run. A command held back only by host accessors of the calling
/// thread runs at once (on the host device they share the buffer's memory);
/// one behind a waiting command that such an accessor holds back fails:
/// waiting would never end.
pub fn wait_turn(request: &Request) -> RtResult<()> {
    let s = scheduler();
    if is_replaying() || s.lock().idle() {
        return Ok(());
    }
    let allocations = allocations_of(&request.addresses);
    let me = thread::current().id();
    let mut state = s.lock();
    loop {
        let before = state.entries.len();
        if state
            .blocked(before, &allocations, &request.after, Some(me))
            .may_run_here()
        {
            return Ok(());
        }
        if state.stuck_behind(&allocations, &request.after) {
            return Err(stuck_error("a command"));
        }
        state = s.wait(state);
    }
}

/// At exit: lets the commands that still run finish, and those they make
/// ready (as DPC++ does: a program that ends without waiting still gets a
/// host task's effects, its output). Commands that only a host accessor
/// could release are left: with nothing running, nothing would.
extern "C" fn finish_at_exit() {
    let s = scheduler();
    let mut state = s.lock();
    while state.entries.iter().any(|e| e.command.is_none()) {
        state = s.wait(state);
    }
}

/// Runs the ready entries, in submission order, until none is.
fn pump() {
    let s = scheduler();
    let mut state = s.lock();
    if state.pumping {
        state.again = true;
        return;
    }
    state.pumping = true;
    loop {
        state.again = false;
        let mut ready = None;
        for i in 0..state.entries.len() {
            let e = &state.entries[i];
            let still_behind = e.blocked_on.as_ref().is_some_and(|g| !g.is_finished());
            if e.command.is_none() || still_behind {
                continue;
            }
            match state.blocked(i, &e.allocations, &e.after, None) {
                Blocked::No => {
                    ready = Some(i);
                    break;
                }
                Blocked::Behind(gate) => state.entries[i].blocked_on = Some(gate),
                _ => state.entries[i].blocked_on = None,
            }
        }
        let Some(i) = ready else {
            if state.again {
                continue;
            }
            state.pumping = false;
            return;
        };
        let entry = &mut state.entries[i];
        let gate = entry.gate.clone();
        gate.set(GateState::Running);
        match entry.command.take().expect("found ready") {
            Command::Thread(run) => {
                let task_gate = gate.clone();
                if let Err(e) = workers::run(Box::new(move || finish(&task_gate, caught(run)))) {
                    drop(state);
                    finish(
                        &gate,
                        Err(RtError::Invalid(format!(
                            "cannot start a thread for a host task: {e}"
                        ))),
                    );
                    state = s.lock();
                }
            }
            Command::Inline(run) => {
                drop(state);
                finish(&gate, caught(run));
                state = s.lock();
            }
        }
    }
}

/// Runs a command; a panic is its failure (the scheduler goes on).
fn caught(run: Run) -> RtResult<Arc<Event>> {
    panic::catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|_| {
        Err(RtError::Panic(
            "a command that waited in the scheduler panicked".into(),
        ))
    })
}

/// The threads host tasks run on: one idle for each task that waits for
/// one, started when none is (so a task waiting for another never waits for
/// a thread), kept for the next tasks.
mod workers {
    use std::cell::Cell;
    use std::collections::VecDeque;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Condvar, Mutex, OnceLock};
    use std::thread;

    type Job = Box<dyn FnOnce() + Send>;

    /// Jobs waiting for a thread (read without the pool's lock).
    static QUEUED: AtomicUsize = AtomicUsize::new(0);
    /// Threads that finished a job and look for the next before sleeping:
    /// each takes a queued job when it locks the pool again.
    static SPINNING: AtomicUsize = AtomicUsize::new(0);

    #[derive(Default)]
    struct Pool {
        jobs: VecDeque<Job>,
        idle: usize,
    }

    fn pool() -> &'static (Mutex<Pool>, Condvar) {
        static POOL: OnceLock<(Mutex<Pool>, Condvar)> = OnceLock::new();
        POOL.get_or_init(Default::default)
    }

    /// Runs `job` on a pool thread.
    pub fn run(job: Job) -> std::io::Result<()> {
        let (lock, wake) = pool();
        let mut pool = lock.lock().unwrap_or_else(|p| p.into_inner());
        pool.jobs.push_back(job);
        QUEUED.fetch_add(1, Ordering::SeqCst);
        // A worker dispatching from its own job (a host task that finished
        // made the next ready) looks for a job as soon as it returns.
        let this_worker = usize::from(WORKER.with(Cell::get));
        if pool.jobs.len() > pool.idle + SPINNING.load(Ordering::SeqCst) + this_worker {
            let started = thread::Builder::new()
                .name("syclone-host-task".into())
                .spawn(work);
            if let Err(e) = started {
                pool.jobs.pop_back();
                QUEUED.fetch_sub(1, Ordering::SeqCst);
                return Err(e);
            }
        } else {
            wake.notify_one();
        }
        Ok(())
    }

    thread_local! {
        /// The calling thread is one of the pool's.
        static WORKER: Cell<bool> = const { Cell::new(false) };
    }

    fn work() {
        WORKER.with(|w| w.set(true));
        let (lock, wake) = pool();
        let mut pool = lock.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            if let Some(job) = pool.jobs.pop_front() {
                QUEUED.fetch_sub(1, Ordering::SeqCst);
                drop(pool);
                job();
                // The next task often follows at once (an in-order chain).
                SPINNING.fetch_add(1, Ordering::SeqCst);
                super::spin_briefly(|| QUEUED.load(Ordering::SeqCst) > 0);
                SPINNING.fetch_sub(1, Ordering::SeqCst);
                pool = lock.lock().unwrap_or_else(|p| p.into_inner());
            } else {
                pool.idle += 1;
                pool = wake.wait(pool).unwrap_or_else(|p| p.into_inner());
                pool.idle -= 1;
            }
        }
    }
}

/// Records a command's outcome, forgets its entry and runs what it made ready.
fn finish(gate: &Arc<Gate>, outcome: RtResult<Arc<Event>>) {
    gate.set(GateState::Finished(
        outcome.map_err(|e| (e.errc(), e.to_string())),
    ));
    let s = scheduler();
    let kept = {
        let mut state = s.lock();
        let i = state
            .entries
            .iter()
            .position(|e| Arc::ptr_eq(&e.gate, gate));
        i.and_then(|i| state.entries.remove(i)).and_then(|e| e.keep)
    };
    s.notify();
    // Releasing what it kept may wait for the scheduler (a queue destroyed
    // with a host task's context waits for its queue): without the lock.
    drop(kept);
    pump();
}

/// Waits until no waiting command uses the allocation holding `address`
/// (before host access to a buffer, or its destruction).
pub fn settle(address: usize) -> RtResult<()> {
    let s = scheduler();
    if s.lock().idle() {
        return Ok(());
    }
    let allocation = allocation_of(address);
    let mut state = s.lock();
    loop {
        if !state
            .entries
            .iter()
            .any(|e| e.allocations.contains(&allocation))
        {
            return Ok(());
        }
        if state.stuck_behind(&[allocation], &[]) {
            return Err(stuck_error("host access to a buffer"));
        }
        state = s.wait(state);
    }
}

/// A host accessor of the buffer holding `address` now lives on this thread.
pub fn hold(address: usize) {
    let allocation = allocation_of(address);
    scheduler()
        .lock()
        .holds
        .entry(allocation)
        .or_default()
        .push(thread::current().id());
}

/// One host accessor of the buffer holding `address` was destroyed.
pub fn release(address: usize) -> RtResult<()> {
    let allocation = allocation_of(address);
    let s = scheduler();
    {
        let mut state = s.lock();
        let Some(threads) = state.holds.get_mut(&allocation) else {
            return Err(RtError::Invalid(format!(
                "host accessor release: no host accessor holds {address:#x}"
            )));
        };
        // Accessors may be moved to other threads: release this thread's
        // hold when there is one, else any.
        let me = thread::current().id();
        let i = threads.iter().position(|&t| t == me).unwrap_or(0);
        threads.swap_remove(i);
        if threads.is_empty() {
            state.holds.remove(&allocation);
        }
    }
    s.notify();
    pump();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Status, Timing, Work};
    use std::sync::mpsc;

    // The scheduler is the process's: each test uses addresses of its own
    // (addresses outside the memory table stand for themselves).

    fn done() -> Arc<Event> {
        Event::new(Work::Done, 0, Timing::Off)
    }

    fn on(addresses: &[usize]) -> Request {
        Request {
            addresses: addresses.to_vec(),
            after: Vec::new(),
        }
    }

    #[test]
    fn a_command_on_a_held_buffer_runs_when_its_host_accessor_is_released() {
        let buffer = 0x1000_0010;
        hold(buffer);
        assert!(must_wait(&on(&[buffer])));
        assert!(!must_wait(&on(&[buffer + 0x1000])));
        let ran = Arc::new(AtomicBool::new(false));
        let flag = ran.clone();
        let gate = defer(
            on(&[buffer]),
            move || {
                flag.store(true, Ordering::SeqCst);
                Ok(done())
            },
            None,
        );
        assert_eq!(gate.progress(), Progress::Waiting);
        assert!(!ran.load(Ordering::SeqCst));
        release(buffer).unwrap();
        // (On the releasing thread, unless another test's thread was
        // running the scheduler's ready entries at that moment.)
        gate.wait().unwrap();
        assert!(ran.load(Ordering::SeqCst));
        assert_eq!(gate.progress(), Progress::Finished);
        assert!(!must_wait(&on(&[buffer])));
        assert!(release(buffer).is_err(), "no host accessor holds it now");
    }

    #[test]
    fn commands_after_a_host_task_run_once_it_finished() {
        let buffer = 0x2000_0010;
        let (go, wait_for_go) = mpsc::channel::<()>();
        let order = Arc::new(Mutex::new(Vec::new()));
        let log = order.clone();
        let task = host_task(
            on(&[buffer]),
            move || {
                wait_for_go.recv().expect("the test sends");
                log.lock().unwrap().push("task");
                Ok(done())
            },
            None,
        );
        let task_event = Event::pending(task, 0, false);
        // After its event; and on its buffer.
        let by_event = Request {
            addresses: Vec::new(),
            after: vec![task_event.clone()],
        };
        assert!(must_wait(&by_event));
        assert!(must_wait(&on(&[buffer])));
        let log = order.clone();
        let first = defer(
            by_event,
            move || {
                log.lock().unwrap().push("after the event");
                Ok(done())
            },
            None,
        );
        let log = order.clone();
        let second = defer(
            on(&[buffer]),
            move || {
                log.lock().unwrap().push("on the buffer");
                Ok(done())
            },
            None,
        );
        assert_ne!(task_event.status(), Status::Complete);
        go.send(()).unwrap();
        second.wait().unwrap();
        first.wait().unwrap();
        assert_eq!(task_event.status(), Status::Complete);
        assert_eq!(
            *order.lock().unwrap(),
            ["task", "after the event", "on the buffer"]
        );
    }

    #[test]
    fn waiting_for_a_command_behind_this_threads_host_accessor_fails() {
        let buffer = 0x3000_0010;
        hold(buffer);
        let gate = defer(on(&[buffer]), || Ok(done()), None);
        let event = Event::pending(gate, 0, false);
        let later = Event::pending(
            defer(
                Request {
                    addresses: Vec::new(),
                    after: vec![event.clone()],
                },
                || Ok(done()),
                None,
            ),
            0,
            false,
        );
        for err in [
            event.wait().unwrap_err(),
            later.wait().unwrap_err(),
            settle(buffer).unwrap_err(),
            wait_turn(&on(&[buffer + 4, buffer])).unwrap_err(),
        ] {
            assert_eq!(err.errc(), Errc::Invalid);
            assert!(err.to_string().contains("host_accessor"), "{err}");
        }
        // Held only by this thread: a command borrowing its caller's data runs.
        wait_turn(&on(&[buffer + 4])).unwrap();
        // Another thread may wait: this one releases.
        let waiter = {
            let event = event.clone();
            thread::spawn(move || event.wait().map(|_| ()))
        };
        release(buffer).unwrap();
        waiter.join().unwrap().unwrap();
        later.wait().unwrap();
        settle(buffer).unwrap();
    }

    #[test]
    fn a_command_group_that_waited_submits_its_command_at_once() {
        let buffer = 0x5000_0010;
        hold(buffer);
        let inner_waits = Arc::new(Mutex::new(None));
        let seen = inner_waits.clone();
        let gate = defer(
            on(&[buffer]),
            move || {
                // Its own entry still uses the buffer: a plain submission would wait for it.
                let waits = replaying(|| must_wait(&on(&[buffer])));
                *seen.lock().unwrap() = Some((waits, must_wait(&on(&[buffer]))));
                Ok(done())
            },
            None,
        );
        release(buffer).unwrap();
        gate.wait().unwrap();
        assert_eq!(*inner_waits.lock().unwrap(), Some((false, true)));
        assert!(!is_replaying());
    }

    #[test]
    fn what_a_command_keeps_is_released_after_its_gate_opened() {
        // Records, when dropped, whether the gate had opened.
        struct Probe(Arc<Mutex<Option<Arc<Gate>>>>, mpsc::Sender<bool>);
        impl Drop for Probe {
            fn drop(&mut self) {
                let gate = self.0.lock().unwrap().clone().expect("set before it runs");
                self.1.send(gate.is_finished()).unwrap();
            }
        }
        let buffer = 0x6000_0010;
        hold(buffer);
        let slot = Arc::new(Mutex::new(None));
        let (sender, dropped) = mpsc::channel();
        let probe = Probe(slot.clone(), sender);
        let gate = defer(on(&[buffer]), || Ok(done()), Some(Box::new(probe)));
        *slot.lock().unwrap() = Some(gate.clone());
        release(buffer).unwrap();
        assert!(dropped.recv().unwrap(), "released after the gate opened");
    }

    #[test]
    fn a_failed_command_fails_its_waits_with_its_errc() {
        let buffer = 0x4000_0010;
        hold(buffer);
        let gate = defer(
            on(&[buffer]),
            || {
                Err(RtError::InvalidNdRange {
                    kernel: "k".into(),
                    detail: "bad".into(),
                })
            },
            None,
        );
        release(buffer).unwrap();
        let err = Event::pending(gate, 0, false).wait().unwrap_err();
        assert_eq!(err.errc(), Errc::NdRange);
        assert!(err.to_string().contains("bad"));
    }
}
