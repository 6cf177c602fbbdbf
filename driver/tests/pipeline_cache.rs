//! The persistent pipeline cache (`SYCL_CACHE_PERSISTENT`, `SYCL_CACHE_DIR`,
//! `SYCL_CACHE_MAX_SIZE`) as a user meets it: on by default, a program run
//! twice writes the cache file and then runs from it; a damaged or foreign
//! file is ignored and replaced; nothing over the size limit is kept; with
//! `SYCL_CACHE_PERSISTENT=0` nothing is written. Needs Vulkan (skips
//! without it).

mod common;
use common::*;
use std::path::Path;
use std::process::Command;

/// Runs `exe` on Vulkan with the cache in `dir`, `SYCL_CACHE_PERSISTENT`
/// set to `setting` (unset: None) and `SYCL_CACHE_MAX_SIZE` to `max_size`.
fn run_on_vulkan(exe: &Path, dir: &Path, setting: Option<&str>, max_size: Option<&str>) {
    let mut cmd = Command::new(exe);
    cmd.env("ONEAPI_DEVICE_SELECTOR", "vulkan:*")
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .env("SYCL_CACHE_DIR", dir)
        .env_remove("SYCL_CACHE_PERSISTENT")
        .env_remove("SYCL_CACHE_MAX_SIZE");
    if let Some(v) = setting {
        cmd.env("SYCL_CACHE_PERSISTENT", v);
    }
    if let Some(v) = max_size {
        cmd.env("SYCL_CACHE_MAX_SIZE", v);
    }
    let out = cmd.output().expect("the program runs");
    assert!(
        out.status.success() && text(&out.stdout).contains("PASSED"),
        "{}: {}\n{}{}",
        exe.display(),
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
}

fn cache_files(dir: &Path) -> Vec<std::path::PathBuf> {
    match std::fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => vec![],
    }
}

#[test]
fn persistent_pipeline_cache_is_written_reused_and_survives_damage() {
    if !vulkan_available() {
        eprintln!("skipped: no Vulkan driver");
        return;
    }
    let dir = out_dir("pipeline-cache");
    let exe = dir.join("vector_add");
    ok(syclcc(&dir)
        .arg(repo().join("examples/vector_add.cpp"))
        .args(["-O1", "-o"])
        .arg(&exe));

    // Turned off: nothing is written.
    let off = dir.join("off");
    run_on_vulkan(&exe, &off, Some("0"), None);
    assert!(cache_files(&off).is_empty());

    // On by default: the first run writes one file per adapter, the second
    // runs from it.
    let cache = dir.join("cache");
    run_on_vulkan(&exe, &cache, None, None);
    let files = cache_files(&cache);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(
        files[0]
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("wgpu_pipeline_cache_vulkan_"),
        "{files:?}"
    );
    run_on_vulkan(&exe, &cache, Some("1"), None);

    // A damaged file (another program's, a truncated write) is ignored and
    // replaced by a good one.
    std::fs::write(&files[0], b"not a pipeline cache").unwrap();
    run_on_vulkan(&exe, &cache, Some("1"), None);
    let rewritten = std::fs::read(&files[0]).unwrap();
    assert_ne!(rewritten, b"not a pipeline cache");
    run_on_vulkan(&exe, &cache, None, None);
    assert_eq!(cache_files(&cache).len(), 1, "no temporary files are left");

    // Nothing over the size limit is kept: with a limit below the size of
    // any cache, a run writes no file.
    std::fs::remove_file(&files[0]).unwrap();
    run_on_vulkan(&exe, &cache, None, Some("1"));
    assert!(cache_files(&cache).is_empty());
}
