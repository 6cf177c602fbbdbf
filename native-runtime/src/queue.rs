//! Queues behind the opaque `syclone_queue` handle: the device, the queue's
//! properties, and the commands that are not kernels or copies (host tasks,
//! barriers).
//!
//! Scheduling model: a Vulkan device executes the commands of all its queues
//! in submission order (one wgpu queue; dispatches are recorded into batches),
//! and host-side commands complete before their submission returns. So
//! in-order and out-of-order queues execute alike; dependencies only need
//! explicit waits when they cross devices (`event::wait_foreign`) or when the
//! host runs a command. The exceptions wait in the `scheduler`: host tasks
//! (on worker threads), commands using a buffer a `host_accessor`
//! holds, and commands after an unfinished one of those; the queue keeps
//! their events (`pending`) for `wait` and barriers.

use crate::device::clock;
use crate::device::{self, Device};
use crate::error::RtResult;
use crate::event::{self, Event, Timing, Work};
use crate::memory;
use crate::scheduler::{self, Request};
use crate::selector::Selector;
use crate::sync;
use std::collections::VecDeque;
use std::ffi::{c_void, CString};
use std::sync::{Arc, Mutex, MutexGuard};

/// `syclone_queue_create_on` flags.
pub const IN_ORDER: u32 = 1;
pub const ENABLE_PROFILING: u32 = 2;

/// `struct syclone_queue_impl`.
pub struct QueueImpl {
    pub device_index: usize,
    pub device: Device,
    pub in_order: bool,
    pub profiling: bool,
    pub name: CString,
    pub vendor: CString,
    /// The last command submitted (what in-order commands come after).
    last: Mutex<Option<Arc<Event>>>,
    /// The events of its commands that waited in the scheduler, until
    /// `wait` sees them finished.
    pending: Mutex<VecDeque<Arc<Event>>>,
}

fn c_string(s: String) -> CString {
    CString::new(s.replace('\0', " ")).unwrap_or_default()
}

/// A buffer or USM range a host task accesses, and whether it writes it.
pub struct HostAccess {
    pub addr: usize,
    pub writes: bool,
}

/// A context the C++ side handed over with the function that releases it:
/// released once, when dropped (also when the command never runs).
pub struct HandedContext {
    pub ctx: *mut c_void,
    pub release: Option<unsafe extern "C" fn(*mut c_void)>,
}

// SAFETY: the C++ side hands the context over (a copy of the task or the
// command group) and does not touch it after the submission; the thread that
// runs the command uses it, then one thread releases it.
unsafe impl Send for HandedContext {}
unsafe impl Sync for HandedContext {}

impl Drop for HandedContext {
    fn drop(&mut self) {
        if let Some(release) = self.release {
            // SAFETY: the context is released once, after its last use.
            unsafe { release(self.ctx) };
        }
    }
}

/// A command group that waits in the scheduler: `submit(ctx)` submits its
/// commands once it may run and returns the event (an owned handle, or
/// null). Host-device kernels borrow the objects of their command group, so
/// on the host device the group itself waits.
pub struct DeferredGroup {
    pub submit: unsafe extern "C" fn(*mut c_void) -> *const Event,
    pub context: HandedContext,
}

impl DeferredGroup {
    fn submit(&self) -> Option<Arc<Event>> {
        // SAFETY: the C++ side's submission over its context; it does not
        // unwind (it reports the group's exceptions asynchronously) and
        // returns an owned event handle or null.
        let event = unsafe { (self.submit)(self.context.ctx) };
        // SAFETY: a non-null handle is a reference (Arc::into_raw) we now own.
        (!event.is_null()).then(|| unsafe { Arc::from_raw(event) })
    }
}

/// The C function of a host task, `run(ctx)` once.
pub struct HostTask {
    pub run: unsafe extern "C" fn(*mut c_void),
    pub context: HandedContext,
}

impl HostTask {
    fn run(&self) {
        // SAFETY: `run` is the caller's host task over its context; it does
        // not unwind (the C++ side catches its exceptions).
        unsafe { (self.run)(self.context.ctx) };
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl QueueImpl {
    /// A queue on the best device `selector` allows (None: any device).
    pub fn new(selector: Option<&str>) -> RtResult<Self> {
        let parsed = match selector {
            Some(text) => Selector::parse(text)?,
            None => Selector::any(),
        };
        let (index, device) = device::select(&parsed, selector)?;
        Ok(Self::with_device(index, device, 0))
    }

    /// A queue on device `index` (see `device::count_all`).
    pub fn on(index: usize, flags: u32) -> RtResult<Self> {
        Ok(Self::with_device(index, device::open(index)?, flags))
    }

    fn with_device(device_index: usize, device: Device, flags: u32) -> Self {
        crate::teardown::note_thread();
        QueueImpl {
            device_index,
            name: c_string(device.name()),
            vendor: c_string(device.vendor()),
            device,
            in_order: flags & IN_ORDER != 0,
            profiling: flags & ENABLE_PROFILING != 0,
            last: Mutex::new(None),
            pending: Mutex::new(VecDeque::new()),
        }
    }

    /// Waits for the queue's commands that waited in the scheduler, then for
    /// the device; the first failure among them.
    pub fn wait(&self) -> RtResult<()> {
        if crate::teardown::thread_exiting() {
            return Ok(());
        }
        let pending = std::mem::take(&mut *lock(&self.pending));
        let mut outcome = Ok(());
        for event in pending {
            if let Err(e) = event.wait() {
                if outcome.is_ok() {
                    outcome = Err(e);
                }
            }
        }
        outcome.and(sync::wait(&self.device))
    }

    /// Remembers the last command (what in-order commands follow) and, when
    /// it waits in the scheduler, its event; returns the event.
    pub fn submitted(&self, event: Arc<Event>) -> Arc<Event> {
        if scheduler::is_replaying() {
            return event;
        }
        if event.is_pending() {
            let mut pending = lock(&self.pending);
            // Those that finished, from the oldest (the rest go at `wait`).
            while pending.front().is_some_and(|e| !e.is_pending()) {
                pending.pop_front();
            }
            pending.push_back(event.clone());
        }
        *lock(&self.last) = Some(event.clone());
        event
    }

    fn last(&self) -> Option<Arc<Event>> {
        lock(&self.last).clone()
    }

    /// What a command with dependencies `deps` runs after: them and, in an
    /// in-order queue, the previous command (but a command group that waited
    /// in the scheduler comes after its predecessors already, and the last
    /// command may be a later one).
    pub fn after(&self, deps: &[Arc<Event>]) -> Vec<Arc<Event>> {
        let mut after = deps.to_vec();
        if self.in_order && !scheduler::is_replaying() {
            after.extend(self.last());
        }
        after
    }

    /// What the scheduler needs of a command with dependencies `deps` using
    /// the buffers holding `addresses`.
    pub fn request(&self, deps: &[Arc<Event>], addresses: Vec<usize>) -> Request {
        Request {
            addresses,
            after: self.after(deps),
        }
    }

    /// Blocks until a command that borrows its caller's data may run (see
    /// `scheduler::wait_turn`).
    pub fn wait_turn(&self, deps: &[Arc<Event>], addresses: Vec<usize>) -> RtResult<()> {
        scheduler::wait_turn(&self.request(deps, addresses))
    }

    /// The start time of a host command that has just waited for `deps`:
    /// now, or the end of a profiled dependency (or, in order, of the
    /// previous command) when the device clock mapping puts that later.
    pub fn host_command_start(&self, deps: &[Arc<Event>]) -> u64 {
        host_command_start(self.profiling, &self.after(deps))
    }

    /// An event for a command that ran on the host from `start` to now.
    pub fn host_event(&self, submit: u64, start: u64) -> Arc<Event> {
        self.submitted(host_event(self.profiling, submit, start))
    }

    /// A host task: runs on a worker thread once its dependencies
    /// completed (`deps`, the previous command of an in-order queue, the
    /// commands using the buffers it accesses, whose host copies are made
    /// current first).
    pub fn host_task(
        &self,
        deps: Vec<Arc<Event>>,
        accessed: Vec<HostAccess>,
        task: HostTask,
    ) -> Arc<Event> {
        let submit = clock::now_ns();
        let request = self.request(&deps, accessed.iter().map(|a| a.addr).collect());
        let after = request.after.clone();
        let profiling = self.profiling;
        // Released once the task's event completed: the context may own the
        // last reference to a queue, whose destruction waits for its commands.
        let task = Arc::new(task);
        let keep: scheduler::Keep = Box::new(task.clone());
        let gate = scheduler::host_task(
            request,
            move || {
                for event in &after {
                    event.wait()?;
                }
                {
                    let mut table = memory::table();
                    for a in &accessed {
                        sync::make_host_current(&mut table, a.addr)?;
                        if a.writes {
                            sync::host_wrote(&mut table, a.addr);
                        }
                    }
                }
                let start = host_command_start(profiling, &after);
                task.run();
                Ok(host_event(profiling, submit, start))
            },
            Some(keep),
        );
        self.submitted(Event::pending(gate, submit, profiling))
    }

    /// Whether a command group with dependencies `deps` using the buffers
    /// holding `addresses` must wait in the scheduler.
    pub fn must_wait(&self, deps: &[Arc<Event>], addresses: Vec<usize>) -> bool {
        scheduler::must_wait(&self.request(deps, addresses))
    }

    /// A command group that must wait: submitted once what it depends on
    /// (`deps`, the previous command of an in-order queue, the commands using
    /// its buffers and their host accessors) ran.
    pub fn defer_group(
        &self,
        deps: Vec<Arc<Event>>,
        addresses: Vec<usize>,
        group: DeferredGroup,
    ) -> Arc<Event> {
        let submit = clock::now_ns();
        let request = self.request(&deps, addresses);
        let group = Arc::new(group);
        let keep: scheduler::Keep = Box::new(group.clone());
        let run = move || {
            let event = scheduler::replaying(|| group.submit());
            Ok(event.unwrap_or_else(|| Event::new(Work::Done, submit, Timing::Off)))
        };
        let gate = scheduler::defer(request, run, Some(keep));
        self.submitted(Event::pending(gate, submit, self.profiling))
    }

    /// `ext_oneapi_submit_barrier`: an event that completes when `deps` (or,
    /// with none, every command submitted to the queue so far) completed.
    pub fn barrier(&self, deps: &[Arc<Event>]) -> RtResult<Arc<Event>> {
        let submit = clock::now_ns();
        let mut after = self.after(deps);
        if deps.is_empty() {
            after.extend(
                lock(&self.pending)
                    .iter()
                    .filter(|e| e.is_pending())
                    .cloned(),
            );
        }
        let (device, profiling) = (self.device.clone(), self.profiling);
        let request = Request {
            addresses: Vec::new(),
            after: after.clone(),
        };
        let event = if scheduler::must_wait(&request) {
            let gate = scheduler::defer(
                request,
                move || barrier_event(&device, profiling, &after, submit),
                None,
            );
            Event::pending(gate, submit, profiling)
        } else {
            barrier_event(&device, profiling, &after, submit)?
        };
        Ok(self.submitted(event))
    }
}

/// The start time of a host command that has just waited for `after`: now,
/// or the end of a profiled one of them when the device clock mapping puts
/// that later.
fn host_command_start(profiling: bool, after: &[Arc<Event>]) -> u64 {
    let now = clock::now_ns();
    if !profiling {
        return now;
    }
    now.max(event::latest_profiled_end(after))
}

/// The event of a command that ran on the host from `start` to now.
fn host_event(profiling: bool, submit: u64, start: u64) -> Arc<Event> {
    let timing = if profiling {
        Timing::Known {
            start,
            end: clock::now_ns().max(start),
        }
    } else {
        Timing::Off
    };
    Event::new(Work::Done, submit, timing)
}

/// A barrier's event: complete when the commands of `device` submitted so
/// far and the events `after` (of other devices) completed.
fn barrier_event(
    device: &Device,
    profiling: bool,
    after: &[Arc<Event>],
    submit: u64,
) -> RtResult<Arc<Event>> {
    event::wait_foreign(after, device)?;
    Ok(match device {
        Device::Host => host_event(profiling, submit, submit),
        Device::Vulkan(dev) => {
            let seq = dev.lock_batch().last_seq();
            let timing = if profiling {
                Timing::Known {
                    start: submit,
                    end: submit,
                }
            } else {
                Timing::Off
            };
            let work = Work::Device {
                device: dev.clone(),
                seq,
            };
            Event::new(work, submit, timing)
        }
    })
}
