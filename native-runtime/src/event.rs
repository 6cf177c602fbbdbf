//! Events: what a command's completion depends on (nothing when it ran on
//! the host, its number on a Vulkan device, or the gate of a command that
//! waits in the `scheduler`), its status, and its profiling times on the
//! runtime's host clock (`device::clock`).

use crate::device::vulkan::{TimestampReadback, VulkanDevice};
use crate::device::Device;
use crate::error::{RtError, RtResult};
use crate::scheduler::{self, Gate, Progress};
use crate::sync;
use std::sync::{Arc, Mutex};

/// `info::event_command_status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Submitted = 0,
    Running = 1,
    Complete = 2,
}

/// Where a command runs.
pub enum Work {
    /// It ran to completion before its submission returned (host device,
    /// host tasks, host-side copies, profiled commands on devices without
    /// timestamps).
    Done,
    /// Command `seq` of a Vulkan device (see `VulkanDevice::is_completed`).
    Device { device: Arc<VulkanDevice>, seq: u64 },
    /// A command that waits in the scheduler (a host task, or one that
    /// follows something unfinished); once it ran, the gate holds its event.
    Pending(Arc<Gate>),
}

/// Profiling information, when the queue has `enable_profiling`.
pub enum Timing {
    Off,
    /// Start and end on the host clock.
    Known {
        start: u64,
        end: u64,
    },
    /// Device timestamps, read when first asked for.
    Timestamps(TimestampReadback),
    /// Profiled; the times are those of the event of the command once it
    /// ran (`Work::Pending`).
    OfCommand,
}

/// `info::event_profiling`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfilingInfo {
    Submit = 0,
    Start = 1,
    End = 2,
}

pub struct Event {
    work: Work,
    submit_ns: u64,
    timing: Mutex<Timing>,
}

impl Event {
    pub fn new(work: Work, submit_ns: u64, timing: Timing) -> Arc<Self> {
        Arc::new(Event {
            work,
            submit_ns,
            timing: Mutex::new(timing),
        })
    }

    /// The event of a command waiting behind `gate`, submitted at `submit_ns`.
    pub fn pending(gate: Arc<Gate>, submit_ns: u64, profiling: bool) -> Arc<Self> {
        let timing = if profiling {
            Timing::OfCommand
        } else {
            Timing::Off
        };
        Event::new(Work::Pending(gate), submit_ns, timing)
    }

    /// Whether this is the event of the unfinished command behind `gate`.
    pub fn is_pending_behind(&self, gate: &Arc<Gate>) -> bool {
        matches!(&self.work, Work::Pending(g) if Arc::ptr_eq(g, gate) && !g.is_finished())
    }

    /// Whether the command still waits in the scheduler or runs there.
    pub fn is_pending(&self) -> bool {
        self.pending_gate().is_some()
    }

    /// The gate of the command while it waits in the scheduler or runs there.
    pub fn pending_gate(&self) -> Option<Arc<Gate>> {
        match &self.work {
            Work::Pending(gate) if !gate.is_finished() => Some(gate.clone()),
            _ => None,
        }
    }

    /// The Vulkan device the command runs on, if any (None while it waits).
    pub fn device(&self) -> Option<Arc<VulkanDevice>> {
        match &self.work {
            Work::Done => None,
            Work::Device { device, .. } => Some(device.clone()),
            Work::Pending(gate) => gate.finished_event().and_then(|e| e.device()),
        }
    }

    pub fn status(&self) -> Status {
        match &self.work {
            Work::Pending(gate) => match gate.progress() {
                Progress::Waiting => Status::Submitted,
                Progress::Running => Status::Running,
                Progress::Finished => gate
                    .finished_event()
                    .map_or(Status::Complete, |e| e.status()),
            },
            Work::Done => Status::Complete,
            Work::Device { device, seq } => {
                if device.is_completed(*seq) {
                    Status::Complete
                } else if device.is_submitted(*seq) {
                    Status::Running
                } else {
                    Status::Submitted
                }
            }
        }
    }

    /// Waits for the command (and everything before it on its device) and
    /// makes the shared and host USM it wrote visible to the host.
    pub fn wait(&self) -> RtResult<()> {
        match &self.work {
            Work::Done => Ok(()),
            Work::Device { device, .. } => sync::wait(&Device::Vulkan(device.clone())),
            Work::Pending(gate) => {
                scheduler::check_wait(gate)?;
                gate.wait()?.wait()
            }
        }
    }

    /// A profiling time in nanoseconds; waits for the command first.
    pub fn profiling(&self, what: ProfilingInfo) -> RtResult<u64> {
        let mut timing = self.timing.lock().unwrap_or_else(|p| p.into_inner());
        if matches!(*timing, Timing::Off) {
            return Err(RtError::Invalid(
                "get_profiling_info: the queue was not created with property::queue::enable_profiling"
                    .into(),
            ));
        }
        if what == ProfilingInfo::Submit {
            return Ok(self.submit_ns);
        }
        if let (Timing::OfCommand, Work::Pending(gate)) = (&*timing, &self.work) {
            return gate.wait()?.profiling(what);
        }
        if let Timing::Timestamps(readback) = &*timing {
            self.wait()?;
            let device = self
                .device()
                .ok_or_else(|| RtError::Invalid("timestamps of a host command".into()))?;
            let (start, end) = device.command_times(readback)?;
            // The calibration can place the start a little before the submission: clamp.
            let start = start.max(self.submit_ns);
            *timing = Timing::Known {
                start,
                end: end.max(start),
            };
        }
        match *timing {
            Timing::Known { start, end } => Ok(if what == ProfilingInfo::Start {
                start
            } else {
                end
            }),
            _ => unreachable!("resolved above"),
        }
    }
}

/// The latest end among the profiled `events` (0 when none is profiled). A
/// host command that waited for them starts no earlier: device timestamps
/// reach the host clock through a calibration with some error, and the
/// order of dependent commands must survive it.
pub fn latest_profiled_end<'a>(events: impl IntoIterator<Item = &'a Arc<Event>>) -> u64 {
    events
        .into_iter()
        .filter_map(|e| e.profiling(ProfilingInfo::End).ok())
        .max()
        .unwrap_or(0)
}

/// Waits for the events that a command on `device` does not get ordered
/// after by the device itself: those of other devices. (Every Vulkan device
/// executes its commands in submission order; host commands complete
/// before their submission returns.)
pub fn wait_foreign(deps: &[Arc<Event>], device: &Device) -> RtResult<()> {
    for dep in deps {
        let same_device = match (dep.device(), device) {
            (Some(d), Device::Vulkan(q)) => Arc::ptr_eq(&d, q),
            _ => false,
        };
        if !same_device {
            dep.wait()?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_events_are_complete_and_timed() {
        let e = Event::new(Work::Done, 5, Timing::Known { start: 7, end: 9 });
        assert_eq!(e.status(), Status::Complete);
        assert_eq!(e.profiling(ProfilingInfo::Submit).unwrap(), 5);
        assert_eq!(e.profiling(ProfilingInfo::Start).unwrap(), 7);
        assert_eq!(e.profiling(ProfilingInfo::End).unwrap(), 9);
        e.wait().unwrap();
    }

    #[test]
    fn profiling_without_enable_profiling_is_invalid() {
        let e = Event::new(Work::Done, 1, Timing::Off);
        let err = e.profiling(ProfilingInfo::End).unwrap_err();
        assert_eq!(err.errc(), crate::error::Errc::Invalid);
    }

    #[test]
    fn dependent_host_commands_start_after_the_latest_profiled_end() {
        let early = Event::new(Work::Done, 1, Timing::Known { start: 2, end: 40 });
        let late = Event::new(Work::Done, 1, Timing::Known { start: 3, end: 90 });
        let unprofiled = Event::new(Work::Done, 1, Timing::Off);
        assert_eq!(latest_profiled_end([&early, &late, &unprofiled]), 90);
        assert_eq!(latest_profiled_end([&unprofiled]), 0);
    }
}
