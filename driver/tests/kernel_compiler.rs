#![cfg(feature = "sandbox")]
//! The run-time kernel compiler: `examples/plugin/host.cpp` loads a plugin
//! of free-function kernels from a file, compiles it with
//! `create_kernel_bundle_from_source` + `build` (in `syclcc --sandbox`) and
//! runs its kernels; broken and hostile plugins end in a `sycl::exception`
//! (errc::build) with the compiler's diagnostics, and the host goes on.
//! Needs the sandbox guest (`cargo xtask sandbox-guest`) and a Vulkan
//! device (lavapipe in CI).

use std::path::{Path, PathBuf};
use std::process::Output;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("kernel-compiler")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `syclcc run examples/plugin/host.cpp -- <plugin>`; syclcc hands itself to
/// the program as its kernel compiler.
fn run_host(plugin: &Path, env: &[(&str, &str)]) -> Output {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_syclcc"));
    cmd.current_dir(repo())
        .env("XDG_CACHE_HOME", scratch("cache"))
        .env_remove("SYCLONE_SYCLCC")
        .args(["run", "examples/plugin/host.cpp", "--"])
        .arg(plugin);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("syclcc run")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn a_plugin_kernel_compiles_at_run_time_and_runs() {
    let o = run_host(&repo().join("examples/plugin/scale_offset.cpp"), &[]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("positive values: 512 (expected 512)"), "{out}");
    assert!(out.contains("PASSED"), "{out}");
}

#[test]
fn the_host_device_says_it_cannot_compile_kernels_at_run_time() {
    let o = run_host(
        &repo().join("examples/plugin/scale_offset.cpp"),
        &[("ONEAPI_DEVICE_SELECTOR", "host:cpu")],
    );
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("cannot run kernels compiled at run time: SKIPPED"),
        "{out}"
    );
}

#[test]
fn a_plugin_with_errors_is_a_build_exception_with_the_diagnostics() {
    let plugin = scratch("broken").join("broken.cpp");
    std::fs::write(
        &plugin,
        "#include <sycl/sycl.hpp>\n\
         namespace syclexp = sycl::ext::oneapi::experimental;\n\
         extern \"C\" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))\n\
         void scale_offset(float *data, float scale, float offset) {\n\
           data[0] = undeclared_name * scale;\n\
         }\n",
    )
    .unwrap();
    let o = run_host(&plugin, &[]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("sycl::exception (build)"), "{out}");
    assert!(
        out.contains("kernels.cpp:5:") && out.contains("undeclared_name"),
        "the compiler's diagnostic with its location: {out}"
    );
}

#[test]
fn a_plugin_without_the_kernel_is_reported_by_name() {
    let plugin = scratch("other").join("other.cpp");
    std::fs::write(
        &plugin,
        "#include <sycl/sycl.hpp>\n\
         namespace syclexp = sycl::ext::oneapi::experimental;\n\
         extern \"C\" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::single_task_kernel))\n\
         void count_positive(const float *data, int n, int *count) { *count = n; }\n",
    )
    .unwrap();
    let o = run_host(&plugin, &[]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("the plugin has no kernel 'scale_offset'"),
        "{out}"
    );
}

#[test]
fn a_hostile_plugin_hits_a_sandbox_limit_not_the_host() {
    // Each level doubles the expansion: 2^40 tokens if nothing stops it.
    let mut bomb = String::from("#define L0 x x\n");
    for i in 1..=40 {
        bomb.push_str(&format!("#define L{i} L{} L{}\n", i - 1, i - 1));
    }
    bomb.push_str("int v = L40;\n");
    let plugin = scratch("bomb").join("bomb.cpp");
    std::fs::write(&plugin, bomb).unwrap();
    let o = run_host(&plugin, &[]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("sycl::exception (build)"), "{out}");
}
