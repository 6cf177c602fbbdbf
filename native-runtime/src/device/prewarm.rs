//! Pipelines built ahead: when a GPU is opened, a background thread builds
//! the pipelines of the program's kernels that launch in work-groups of
//! their compiled size (range and `single_task` kernels), specialized as
//! their launches will be (`launch::predicted_specialization`), so that a
//! first launch finds its pipeline built instead of waiting for the
//! driver's compiler (31 ms for a small kernel on the H200) while the host
//! prepares its data. A launch that wants a pipeline the thread is
//! building waits for that build; one whose launch specializes it
//! otherwise builds its own.
//!
//! `SYCLONE_PREWARM`: `0` never, `1` on every Vulkan device, `wait` on every
//! Vulkan device and before opening it returns (for measurements and
//! tests); unset: on devices that are not CPUs (lavapipe compiles on the
//! cores the program runs on). `SYCLONE_PIPELINE_STATS=1` prints at exit
//! how many pipelines were built ahead and at launch.

use super::vulkan::VulkanDevice;
use crate::launch::predicted_specialization;
use crate::registry;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::thread::JoinHandle;

/// Images larger than this (words of SPIR-V: 1 MiB) are left to their
/// launches: a kernel the driver takes seconds to compile would hold up the
/// program's exit, which waits for the build in progress.
const LARGEST_IMAGE_WORDS: usize = 1 << 18;

static STOP: AtomicBool = AtomicBool::new(false);
static WORKERS: Mutex<Vec<JoinHandle<()>>> = Mutex::new(Vec::new());
static BUILT_AHEAD: AtomicU64 = AtomicU64::new(0);
static BUILT_AT_LAUNCH: AtomicU64 = AtomicU64::new(0);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Off,
    Background,
    Wait,
}

fn mode(dev: &VulkanDevice) -> Mode {
    match std::env::var("SYCLONE_PREWARM").as_deref() {
        Ok("0") => Mode::Off,
        Ok("1") => Mode::Background,
        Ok("wait") => Mode::Wait,
        Ok(other) => {
            eprintln!("syclone: SYCLONE_PREWARM={other} is not 0, 1 or wait; ignored");
            default_mode(dev)
        }
        Err(_) => default_mode(dev),
    }
}

fn default_mode(dev: &VulkanDevice) -> Mode {
    if dev.info.device_type == crate::selector::DeviceType::Cpu {
        Mode::Off
    } else {
        Mode::Background
    }
}

/// Starts building the pipelines of the registered kernels on `dev` (just
/// opened), as `SYCLONE_PREWARM` says.
pub fn start(dev: &Arc<VulkanDevice>) {
    print_stats_at_exit();
    let mode = mode(dev);
    if mode == Mode::Off {
        return;
    }
    let work: Vec<_> = registry::keys()
        .iter()
        .filter_map(|key| registry::lookup(key))
        .filter(|entry| entry.image.image.spirv.len() <= LARGEST_IMAGE_WORDS)
        .filter_map(|entry| Some((predicted_specialization(dev, &entry)?, entry)))
        .collect();
    if work.is_empty() {
        return;
    }
    let dev = dev.clone();
    let build = move || {
        for (spec, entry) in work {
            if STOP.load(Ordering::Acquire) {
                return;
            }
            // A failed build is reported by the launch that wants it.
            let _ = dev.pipeline(&entry, &spec, true);
        }
    };
    if mode == Mode::Wait {
        build();
        return;
    }
    static AT_EXIT: Once = Once::new();
    AT_EXIT.call_once(|| {
        // SAFETY: registers a plain function; it only joins threads.
        unsafe { libc::atexit(stop_at_exit) };
    });
    let spawned = std::thread::Builder::new()
        .name("syclone-prewarm".into())
        .spawn(build);
    if let Ok(handle) = spawned {
        WORKERS
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(handle);
    }
}

/// Stops the builders and waits for the builds in progress: the driver's
/// compiler must not run while the process tears the driver down.
extern "C" fn stop_at_exit() {
    STOP.store(true, Ordering::Release);
    let workers = std::mem::take(&mut *WORKERS.lock().unwrap_or_else(|p| p.into_inner()));
    for handle in workers {
        let _ = handle.join();
    }
}

/// Counts a pipeline built (`ahead`: by the builder here).
pub fn count_build(ahead: bool) {
    let counter = if ahead {
        &BUILT_AHEAD
    } else {
        &BUILT_AT_LAUNCH
    };
    counter.fetch_add(1, Ordering::Relaxed);
}

fn print_stats_at_exit() {
    static AT_EXIT: Once = Once::new();
    if std::env::var_os("SYCLONE_PIPELINE_STATS").is_some_and(|v| v == "1") {
        AT_EXIT.call_once(|| {
            // SAFETY: registers a plain function; it only prints.
            unsafe { libc::atexit(print_stats) };
        });
    }
}

extern "C" fn print_stats() {
    eprintln!(
        "syclone: pipelines built ahead: {}, at launch: {}",
        BUILT_AHEAD.load(Ordering::Relaxed),
        BUILT_AT_LAUNCH.load(Ordering::Relaxed)
    );
}
