//! Time for profiling: the host clock every event timestamp is expressed in
//! (nanoseconds since the runtime first read it), and the mapping from a
//! Vulkan device's timestamp ticks onto that clock.

use std::sync::OnceLock;
use std::time::Instant;

static EPOCH: OnceLock<Instant> = OnceLock::new();

/// Nanoseconds on the runtime's host clock (monotonic).
pub fn now_ns() -> u64 {
    EPOCH.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// `syclone_host_clock`: the clock kernels on the host CPU device read
/// (`sycl_ext_oneapi_clock`, every scope): the runtime's host clock.
#[no_mangle]
pub extern "C" fn syclone_host_clock() -> u64 {
    now_ns()
}

/// Maps device timestamps onto the host clock: `host = ticks * period + offset`.
///
/// The offset is calibrated once when the device opens, from one timestamp
/// written between two host readings; the error is at most half the time
/// that round trip took (`uncertainty_ns`).
#[derive(Clone, Copy, Debug)]
pub struct DeviceClock {
    pub period_ns: f64,
    pub offset_ns: i128,
    pub uncertainty_ns: u64,
}

impl DeviceClock {
    /// From a device timestamp read between host times `before` and `after`.
    pub fn calibrate(period_ns: f64, ticks: u64, before: u64, after: u64) -> Self {
        let mid = (before as i128 + after as i128) / 2;
        let device_ns = (ticks as f64 * period_ns) as i128;
        DeviceClock {
            period_ns,
            offset_ns: mid - device_ns,
            uncertainty_ns: after.saturating_sub(before) / 2,
        }
    }

    /// A device timestamp on the host clock.
    pub fn to_host(&self, ticks: u64) -> u64 {
        let ns = (ticks as f64 * self.period_ns) as i128 + self.offset_ns;
        ns.clamp(0, u64::MAX as i128) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calibration_maps_the_reference_tick_to_the_midpoint() {
        let clock = DeviceClock::calibrate(2.0, 1_000, 10_000, 10_400);
        assert_eq!(clock.to_host(1_000), 10_200);
        assert_eq!(clock.to_host(1_050), 10_300);
        assert_eq!(clock.uncertainty_ns, 200);
    }

    #[test]
    fn host_clock_is_monotonic() {
        let a = now_ns();
        let b = now_ns();
        assert!(b >= a);
    }
}
