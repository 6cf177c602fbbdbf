//! Wall-clock limits by epoch interruption: a thread per sandbox advances
//! the engine's epoch every [`EPOCH_TICK`]; a compile's store gets a
//! deadline of enough ticks for its time limit. Stopped when dropped.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;
use wasmtime::Engine;

/// Granularity of wall-clock limits.
pub const EPOCH_TICK: Duration = Duration::from_millis(10);

pub struct EpochTicker {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl EpochTicker {
    pub fn start(engine: Engine) -> std::io::Result<Self> {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("syclone-sandbox-epoch".into())
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(EPOCH_TICK) {
                    engine.increment_epoch();
                }
            })?;
        Ok(EpochTicker {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for EpochTicker {
    fn drop(&mut self) {
        // Dropping the sender wakes the thread with `Disconnected`.
        self.stop.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Ticks of [`EPOCH_TICK`] covering `limit` (at least one, plus one for the
/// tick already under way when the compile starts).
pub fn deadline_ticks(limit: Duration) -> u64 {
    let tick = EPOCH_TICK.as_nanos();
    let ticks = limit.as_nanos().div_ceil(tick).max(1);
    u64::try_from(ticks).unwrap_or(u64::MAX - 1) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_round_up_and_allow_for_the_current_tick() {
        assert_eq!(deadline_ticks(Duration::ZERO), 2);
        assert_eq!(deadline_ticks(Duration::from_millis(10)), 2);
        assert_eq!(deadline_ticks(Duration::from_millis(11)), 3);
        assert_eq!(deadline_ticks(Duration::from_secs(60)), 6001);
        assert_eq!(deadline_ticks(Duration::MAX), u64::MAX);
    }
}
