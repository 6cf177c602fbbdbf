//! The precompiled SYCL header of the host pass (`host_pch.rs`) as a user
//! meets it: the first compile of a flag set precompiles `<sycl/sycl.hpp>`
//! into the cache, later ones start from it, the programs run the same
//! (with clang on Vulkan too: kernel names still match); a source that
//! defines a macro before including the header, `-fno-sycl-host-pch` and
//! `-save-temps` read the header as text.

mod common;
use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

const OPENS_WITH_SYCL: &str = r#"// A comment, then standard headers, then the SYCL header.
#include <vector>
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  std::vector<int> v(64, 2);
  {
    sycl::buffer b(v);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(b, h);
      h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] *= int(i[0]); });
    });
  }
  for (int i = 0; i < 64; ++i)
    if (v[i] != 2 * i) return 1;
  std::printf("PASSED\n");
}
"#;

const DEFINES_FIRST: &str = r#"#define SCALE 3
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *p = SCALE * 7; }).wait();
  int ok = *p == 21;
  sycl::free(p, q);
  std::printf(ok ? "PASSED\n" : "FAILED\n");
  return !ok;
}
"#;

/// syclcc in `dir` with its cache under `dir/cache`.
fn syclcc_cached(dir: &Path) -> Command {
    let mut cmd = syclcc(dir);
    cmd.env("XDG_CACHE_HOME", dir.join("cache"));
    cmd
}

/// The precompiled headers in the cache of `dir`.
fn precompiled(dir: &Path) -> Vec<PathBuf> {
    let root = dir.join("cache/syclone/pch");
    std::fs::read_dir(&root)
        .map(|sets| {
            sets.filter_map(Result::ok)
                .flat_map(|set| std::fs::read_dir(set.path()).into_iter().flatten())
                .filter_map(Result::ok)
                .map(|f| f.path())
                .filter(|p| p.extension().is_some_and(|e| e == "gch" || e == "pch"))
                .collect()
        })
        .unwrap_or_default()
}

fn runs_on_the_host_device(exe: &Path) {
    runs_on(exe, "host:cpu");
}

fn runs_on(exe: &Path, selector: &str) {
    let out = Command::new(exe)
        .env("ONEAPI_DEVICE_SELECTOR", selector)
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .output()
        .expect("the program runs");
    assert!(
        out.status.success() && text(&out.stdout).contains("PASSED"),
        "{}: {}\n{}",
        exe.display(),
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// The host compiler command lines `-v` printed.
fn host_commands(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| l.contains("\"-std=")).collect()
}

#[test]
fn the_sycl_header_is_precompiled_once_per_flag_set() {
    let dir = out_dir("host_pch");
    std::fs::write(dir.join("a.cpp"), OPENS_WITH_SYCL).unwrap();
    std::fs::write(dir.join("b.cpp"), DEFINES_FIRST).unwrap();

    // The first compile precompiles the header, and uses it.
    let first = ok(syclcc_cached(&dir).args(["-v", "a.cpp", "-o", "a1"]));
    let first = text(&first.stderr);
    let commands = host_commands(&first);
    assert!(
        commands.iter().any(|c| c.contains("\"c++-header\"")),
        "{first}"
    );
    assert!(
        commands
            .iter()
            .any(|c| c.contains("\"-c\"") && c.contains("sycl_pch.hpp")),
        "{first}"
    );
    assert_eq!(precompiled(&dir).len(), 1, "{first}");
    runs_on_the_host_device(&dir.join("a1"));

    // The second starts from it without building it again.
    let second = ok(syclcc_cached(&dir).args(["-v", "a.cpp", "-o", "a2"]));
    let second = text(&second.stderr);
    let commands = host_commands(&second);
    assert!(
        !commands.iter().any(|c| c.contains("\"c++-header\"")),
        "{second}"
    );
    assert!(
        commands.iter().any(|c| c.contains("sycl_pch.hpp")),
        "{second}"
    );
    runs_on_the_host_device(&dir.join("a2"));

    // A macro defined before the include: the header is read as text.
    let defines = ok(syclcc_cached(&dir).args(["-v", "-fsyntax-only", "b.cpp"]));
    let defines = text(&defines.stderr);
    assert!(!defines.contains("sycl_pch.hpp"), "{defines}");

    // Turned off.
    let off = ok(syclcc_cached(&dir).args(["-v", "-fsyntax-only", "-fno-sycl-host-pch", "a.cpp"]));
    let off = text(&off.stderr);
    assert!(!off.contains("sycl_pch.hpp"), "{off}");
    assert_eq!(precompiled(&dir).len(), 1);
}

#[test]
fn save_temps_keeps_every_intermediate_file_and_reads_the_header_as_text() {
    // g++ cannot precompile under `-save-temps` (its preprocessor rejects
    // `__has_builtin` in the header), so the build reads the header as
    // text; syclcc's own files stay beside the host compiler's.
    let dir = out_dir("host_pch_save_temps");
    std::fs::write(dir.join("a.cpp"), OPENS_WITH_SYCL).unwrap();
    let temps = dir.join("tmp");
    std::fs::create_dir_all(&temps).unwrap();
    let built = ok(syclcc_cached(&dir).env("TMPDIR", &temps).args([
        "-v",
        "-save-temps",
        "a.cpp",
        "-o",
        "a",
    ]));
    let built = text(&built.stderr);
    assert!(!built.contains("sycl_pch.hpp"), "{built}");
    runs_on_the_host_device(&dir.join("a"));
    let kept: Vec<PathBuf> = std::fs::read_dir(&temps)
        .unwrap()
        .filter_map(Result::ok)
        .flat_map(|d| std::fs::read_dir(d.path()).into_iter().flatten())
        .filter_map(Result::ok)
        .map(|f| f.path())
        .collect();
    for suffix in ["a.int.h", "a.ii", "a.o", "syclone_wrapper.o"] {
        assert!(
            kept.iter().any(|p| p.to_string_lossy().ends_with(suffix)),
            "no {suffix} among {kept:?}\n{built}"
        );
    }
}

#[test]
fn clang_starts_from_its_own_precompiled_header() {
    if Command::new("clang++").arg("--version").output().is_err() {
        eprintln!("skipped: clang++ is not installed");
        return;
    }
    let dir = out_dir("host_pch_clang");
    std::fs::write(dir.join("a.cpp"), OPENS_WITH_SYCL).unwrap();
    for exe in ["a1", "a2"] {
        ok(syclcc_cached(&dir).args(["--host-cxx=clang++", "-O2", "a.cpp", "-o", exe]));
        runs_on_the_host_device(&dir.join(exe));
        // On Vulkan the device pass's kernel names must match clang's.
        if vulkan_available() {
            runs_on(&dir.join(exe), "vulkan:*");
        }
    }
    let headers = precompiled(&dir);
    assert_eq!(headers.len(), 1);
    assert!(headers[0].extension().is_some_and(|e| e == "pch"));
}

#[test]
fn builds_started_together_share_the_precompiled_header() {
    // `make -j`: compiles of one flag set start while the first is still
    // precompiling. clang refuses a precompiled header whose header changed
    // time since it was built, so none may rewrite what another built from.
    if Command::new("clang++").arg("--version").output().is_err() {
        eprintln!("skipped: clang++ is not installed");
        return;
    }
    let dir = out_dir("host_pch_parallel");
    std::fs::write(dir.join("a.cpp"), OPENS_WITH_SYCL).unwrap();
    let builds: Vec<_> = (0..3)
        .map(|_| {
            let child = syclcc_cached(&dir)
                .args(["--host-cxx=clang++", "-fsyntax-only", "a.cpp"])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("syclcc starts");
            // Past the second of the first one's files: clang compares
            // modification times in seconds.
            std::thread::sleep(std::time::Duration::from_millis(1100));
            child
        })
        .collect();
    for build in builds {
        let out = build.wait_with_output().expect("syclcc runs");
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    assert_eq!(precompiled(&dir).len(), 1);
}
