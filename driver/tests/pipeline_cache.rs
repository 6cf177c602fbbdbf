//! The persistent pipeline cache (`SYCL_CACHE_PERSISTENT=1`, `SYCL_CACHE_DIR`)
//! as a user meets it: a program run twice writes the cache file and then
//! runs from it; a damaged or foreign file is ignored and replaced; without
//! the variable nothing is written. Needs Vulkan (skips without it).

mod common;
use common::*;
use std::path::Path;
use std::process::Command;

fn run_on_vulkan(exe: &Path, cache: Option<&Path>) {
    let mut cmd = Command::new(exe);
    cmd.env("ONEAPI_DEVICE_SELECTOR", "vulkan:*")
        .env("XDG_RUNTIME_DIR", std::env::temp_dir());
    match cache {
        Some(dir) => cmd
            .env("SYCL_CACHE_PERSISTENT", "1")
            .env("SYCL_CACHE_DIR", dir),
        None => cmd
            .env_remove("SYCL_CACHE_PERSISTENT")
            .env("SYCL_CACHE_DIR", exe.with_extension("nocache")),
    };
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

    // Not asked for: nothing is written.
    run_on_vulkan(&exe, None);
    assert!(cache_files(&exe.with_extension("nocache")).is_empty());

    // First run writes one file per adapter, the second runs from it.
    let cache = dir.join("cache");
    run_on_vulkan(&exe, Some(&cache));
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
    run_on_vulkan(&exe, Some(&cache));

    // A damaged file (another program's, a truncated write) is ignored and
    // replaced by a good one.
    std::fs::write(&files[0], b"not a pipeline cache").unwrap();
    run_on_vulkan(&exe, Some(&cache));
    let rewritten = std::fs::read(&files[0]).unwrap();
    assert_ne!(rewritten, b"not a pipeline cache");
    run_on_vulkan(&exe, Some(&cache));
    assert_eq!(cache_files(&cache).len(), 1, "no temporary files are left");
}
