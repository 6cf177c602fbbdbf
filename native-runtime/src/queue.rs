//! Queues behind the opaque `syclone_queue` handle: the device, the queue's
//! properties, and the commands that are not kernels or copies (host tasks,
//! barriers).
//!
//! Scheduling model: a Vulkan device executes the commands of all its queues
//! in submission order (one wgpu queue; dispatches are recorded into batches),
//! and host-side commands complete before their submission returns. So
//! in-order and out-of-order queues execute alike; dependencies only need
//! explicit waits when they cross devices (`event::wait_foreign`) or when the
//! host runs a command (a host task waits for what it depends on).

use crate::device::clock;
use crate::device::{self, Device};
use crate::error::RtResult;
use crate::event::{self, Event, Timing, Work};
use crate::memory;
use crate::selector::Selector;
use crate::sync;
use std::ffi::CString;
use std::sync::{Arc, Mutex};

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
    /// The last command submitted (what an in-order host task waits for).
    last: Mutex<Option<Arc<Event>>>,
}

fn c_string(s: String) -> CString {
    CString::new(s.replace('\0', " ")).unwrap_or_default()
}

/// A buffer or USM range a host task accesses, and whether it writes it.
pub struct HostAccess {
    pub addr: usize,
    pub writes: bool,
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
        QueueImpl {
            device_index,
            name: c_string(device.name()),
            vendor: c_string(device.vendor()),
            device,
            in_order: flags & IN_ORDER != 0,
            profiling: flags & ENABLE_PROFILING != 0,
            last: Mutex::new(None),
        }
    }

    pub fn wait(&self) -> RtResult<()> {
        sync::wait(&self.device)
    }

    /// Remembers the last command (for in-order host tasks) and returns it.
    pub fn submitted(&self, event: Arc<Event>) -> Arc<Event> {
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = Some(event.clone());
        event
    }

    fn last(&self) -> Option<Arc<Event>> {
        self.last.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The start time of a host command that has just waited for `deps`:
    /// now, or the end of a profiled dependency (or, in order, of the
    /// previous command) when the device clock mapping puts that later.
    pub fn host_command_start(&self, deps: &[Arc<Event>]) -> u64 {
        let now = clock::now_ns();
        if !self.profiling {
            return now;
        }
        let previous = if self.in_order { self.last() } else { None };
        now.max(event::latest_profiled_end(
            deps.iter().chain(previous.as_ref()),
        ))
    }

    /// An event for a command that ran on the host from `start` to now.
    pub fn host_event(&self, submit: u64, start: u64) -> Arc<Event> {
        let timing = if self.profiling {
            Timing::Known {
                start,
                end: clock::now_ns().max(start),
            }
        } else {
            Timing::Off
        };
        self.submitted(Event::new(Work::Done, submit, timing))
    }

    /// Runs a host task once its dependencies completed: `deps`, the
    /// previous command of an in-order queue, and the commands using the
    /// buffers it accesses (their host copies are made current first).
    pub fn host_task(
        &self,
        deps: &[Arc<Event>],
        accessed: &[HostAccess],
        run: impl FnOnce(),
    ) -> RtResult<Arc<Event>> {
        let submit = clock::now_ns();
        for dep in deps {
            dep.wait()?;
        }
        if self.in_order {
            if let Some(last) = self.last() {
                last.wait()?;
            }
        }
        {
            let mut table = memory::table();
            for a in accessed {
                sync::make_host_current(&mut table, a.addr)?;
                if a.writes {
                    sync::host_wrote(&mut table, a.addr);
                }
            }
        }
        let start = self.host_command_start(deps);
        run();
        Ok(self.host_event(submit, start))
    }

    /// `ext_oneapi_submit_barrier`: an event that completes when `deps` (or,
    /// with none, every command submitted to the queue so far) completed.
    pub fn barrier(&self, deps: &[Arc<Event>]) -> RtResult<Arc<Event>> {
        let submit = clock::now_ns();
        event::wait_foreign(deps, &self.device)?;
        let event = match &self.device {
            Device::Host => return Ok(self.host_event(submit, submit)),
            Device::Vulkan(dev) => {
                let seq = dev.lock_batch().last_seq();
                let timing = if self.profiling {
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
        };
        Ok(self.submitted(event))
    }
}
