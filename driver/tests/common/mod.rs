//! Helpers of the driver's integration tests: running the built syclcc in
//! a per-test directory, and running the programs it builds on every
//! device (the host CPU always, Vulkan when a loader and an ICD exist).

#![allow(dead_code)] // Each test binary uses its own subset.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A test source under `tests/driver/`.
pub fn source(rel: &str) -> PathBuf {
    repo().join("tests/driver").join(rel)
}

/// An empty directory for one test's outputs.
pub fn out_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("driver-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// syclcc, run in `dir`.
pub fn syclcc(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_syclcc"));
    cmd.current_dir(dir).env("RUST_BACKTRACE", "0");
    cmd
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `cmd`, which must succeed; returns its output.
pub fn ok(cmd: &mut Command) -> Output {
    let out = cmd.output().expect("the command runs");
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{}{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
    out
}

/// Runs `cmd`, which must fail with exit code 1; returns its stderr.
pub fn fails(cmd: &mut Command) -> String {
    let out = cmd.output().expect("the command runs");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{cmd:?} should fail with exit code 1:\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stderr)
}

/// Whether a Vulkan loader and an ICD are installed.
pub fn vulkan_available() -> bool {
    let loader = [
        "/usr/lib/x86_64-linux-gnu/libvulkan.so.1",
        "/usr/lib/aarch64-linux-gnu/libvulkan.so.1",
        "/usr/lib64/libvulkan.so.1",
        "/usr/lib/libvulkan.so.1",
    ]
    .iter()
    .any(|p| Path::new(p).exists());
    let icd = ["/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d"]
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .filter_map(Result::ok)
        .any(|e| e.path().extension().is_some_and(|x| x == "json"));
    loader && icd
}

/// The device selectors to run programs with.
pub fn selectors() -> Vec<&'static str> {
    if vulkan_available() {
        vec!["host:cpu", "vulkan:*"]
    } else {
        eprintln!("note: no Vulkan loader or ICD: programs run on the host device only");
        vec!["host:cpu"]
    }
}

/// Runs `exe` (with `args`) on every device; each run must print PASSED.
pub fn runs_everywhere(exe: &Path, args: &[&str]) {
    for selector in selectors() {
        let out = Command::new(exe)
            .args(args)
            .env("ONEAPI_DEVICE_SELECTOR", selector)
            .env("XDG_RUNTIME_DIR", std::env::temp_dir())
            .output()
            .expect("the program runs");
        let stdout = text(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("PASSED"),
            "{} on {selector}: {}\n{stdout}{}",
            exe.display(),
            out.status,
            text(&out.stderr)
        );
    }
}

/// Whether the ELF object at `path` has a section `name`.
pub fn has_section(path: &Path, name: &str) -> bool {
    use object::{Object, ObjectSection};
    let data = std::fs::read(path).unwrap();
    let file = object::File::parse(&*data).unwrap();
    let found = file.sections().any(|s| s.name() == Ok(name));
    found
}

/// `program` on `$PATH`.
pub fn on_path(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}
