//! Pipelines built ahead of a kernel's first launch (`SYCLONE_PREWARM`,
//! native-runtime `device/prewarm.rs`): a program's range and single_task
//! kernels are built as their launches specialize them, so that no launch
//! of theirs builds one again; an nd_range kernel is built at its launch.
//! Needs Vulkan (skips without it).

mod common;
use common::*;
use std::process::Command;

/// The program's output and the runtime's pipeline counts.
fn run(exe: &std::path::Path, prewarm: &str) -> (String, String) {
    let out = Command::new(exe)
        .env("ONEAPI_DEVICE_SELECTOR", "vulkan:*")
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .env("SYCL_CACHE_PERSISTENT", "0")
        .env("SYCLONE_PREWARM", prewarm)
        .env("SYCLONE_PIPELINE_STATS", "1")
        .output()
        .expect("the program runs");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        out.status.success() && stdout.contains("PASSED"),
        "{}: {}\n{stdout}{stderr}",
        exe.display(),
        out.status
    );
    (stdout, stderr)
}

#[test]
fn range_and_single_task_pipelines_are_built_ahead_as_their_launches_want_them() {
    if !vulkan_available() {
        eprintln!("skipped: no Vulkan driver");
        return;
    }
    let dir = out_dir("pipelines-ahead");
    let exe = dir.join("pipelines_ahead");
    ok(syclcc(&dir)
        .arg(source("prewarm/pipelines_ahead.cpp"))
        .args(["-O1", "-o"])
        .arg(&exe));
    // Built before the device is handed to the program: every launch of a
    // kernel built ahead finds its pipeline (a launch specializing it
    // otherwise would build another).
    let (_, stats) = run(&exe, "wait");
    assert!(
        stats.contains("pipelines built ahead: 6, at launch: 1"),
        "{stats}"
    );
    // In the background: whichever comes first builds each pipeline once.
    let (_, stats) = run(&exe, "1");
    let counts: Vec<u64> = stats
        .lines()
        .find_map(|l| l.strip_prefix("syclone: pipelines built ahead: "))
        .expect("the counts are printed")
        .split(", at launch: ")
        .map(|n| n.trim().parse().unwrap())
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), 7, "{stats}");
    let (_, stats) = run(&exe, "0");
    assert!(
        stats.contains("pipelines built ahead: 0, at launch: 6"),
        "{stats}"
    );
}
