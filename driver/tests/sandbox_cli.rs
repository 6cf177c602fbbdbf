#![cfg(feature = "sandbox")]
//! `syclcc --sandbox` produces what the in-process device pass produces:
//! the same SPIR-V file and device bundle, byte for byte, for programs of
//! `tests/e2e` and `examples` (with a user `-I` directory and a quoted
//! include next to the source), and the same diagnostics and exit code for
//! a program with errors. Needs the sandbox guest (`cargo xtask
//! sandbox-guest`; `cargo xtask test` builds it first).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn out_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("sandbox-cli")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// syclcc from the repository root, with the sandbox's module cache under
/// the target directory instead of the user's home.
fn syclcc(args: &[&str]) -> Output {
    syclcc_cmd(args).output().expect("syclcc runs")
}

fn syclcc_cmd(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_syclcc"));
    cmd.current_dir(repo())
        .env("XDG_CACHE_HOME", out_dir("cache"))
        .env("RUST_BACKTRACE", "0")
        .args(args);
    cmd
}

fn device_only(source: &str, out: &Path, sandbox: bool, extra: &[&str]) -> (Vec<u8>, Vec<u8>) {
    let spv = out.with_extension("spv");
    let bundle = out.with_extension("bundle.json");
    let _ = std::fs::remove_file(&spv);
    let _ = std::fs::remove_file(&bundle);
    let bundle_arg = format!("--emit-bundle={}", bundle.display());
    let mut args = vec!["-fsycl-device-only", source, "-o"];
    let spv_arg = spv.to_string_lossy().into_owned();
    args.push(&spv_arg);
    args.push(&bundle_arg);
    args.extend(extra);
    if sandbox {
        args.push("--sandbox");
    }
    let o = syclcc(&args);
    assert!(
        o.status.success(),
        "syclcc {args:?} failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    (
        std::fs::read(&spv).unwrap(),
        std::fs::read(&bundle).unwrap(),
    )
}

#[test]
fn sandboxed_device_pass_writes_the_same_spirv_and_bundle() {
    let dir = out_dir("same");
    for source in [
        "examples/vector_add.cpp",
        "examples/saxpy_usm.cpp",
        "tests/e2e/generic_lambda_kernel.cpp",
        "tests/e2e/lambda_captures.cpp",
        "tests/e2e/math_h_functions.cpp",
        "tests/e2e/sfinae_dispatch.cpp",
    ] {
        let stem = Path::new(source)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let native = device_only(source, &dir.join(format!("{stem}-native")), false, &[]);
        let boxed = device_only(source, &dir.join(format!("{stem}-sandbox")), true, &[]);
        assert_eq!(
            &native.0[..4],
            [0x03, 0x02, 0x23, 0x07],
            "{source}: not SPIR-V"
        );
        assert!(native.0 == boxed.0, "{source}: SPIR-V differs");
        assert!(native.1 == boxed.1, "{source}: device bundle differs");
    }
}

#[test]
fn user_include_dirs_and_quoted_includes_work_in_the_sandbox() {
    let dir = out_dir("includes");
    let inc = dir.join("inc");
    std::fs::create_dir_all(&inc).unwrap();
    std::fs::write(inc.join("factor.h"), "#define FACTOR 3\n").unwrap();
    std::fs::write(dir.join("local.h"), "#define OFFSET 1\n").unwrap();
    let source = dir.join("scaled.cpp");
    std::fs::write(
        &source,
        "#include <sycl/sycl.hpp>\n#include <factor.h>\n#include \"local.h\"\nint main() {\n  sycl::queue q;\n  int *p = sycl::malloc_shared<int>(4, q);\n  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = FACTOR * SCALE + OFFSET; }).wait();\n  sycl::free(p, q);\n}\n",
    )
    .unwrap();
    let inc_arg = format!("-I{}", inc.display());
    let source_arg = source.to_string_lossy().into_owned();
    let extra = [inc_arg.as_str(), "-DSCALE=2"];
    let native = device_only(&source_arg, &dir.join("native"), false, &extra);
    let boxed = device_only(&source_arg, &dir.join("sandbox"), true, &extra);
    assert!(native.0 == boxed.0, "SPIR-V differs");
    assert!(native.1 == boxed.1, "device bundle differs");
}

#[test]
fn sandboxed_errors_are_reported_like_in_process_ones() {
    let dir = out_dir("errors");
    let source = dir.join("broken.cpp");
    std::fs::write(
        &source,
        "#include <sycl/sycl.hpp>\nint main() {\n  sycl::queue q;\n  q.single_task([=] { undeclared_name = 1; });\n}\n",
    )
    .unwrap();
    let source_arg = source.to_string_lossy().into_owned();
    let out = dir.join("broken.spv").to_string_lossy().into_owned();
    for format in ["--diagnostics-format=text", "--diagnostics-format=json"] {
        let args = ["-fsycl-device-only", format, &source_arg, "-o", &out];
        let native = syclcc(&args);
        let boxed = syclcc(&[&args[..], &["--sandbox"]].concat());
        assert_eq!(native.status.code(), Some(1));
        assert_eq!(boxed.status.code(), Some(1));
        let text = String::from_utf8_lossy(&native.stderr).into_owned();
        assert!(text.contains("undeclared_name"), "{text}");
        assert_eq!(text, String::from_utf8_lossy(&boxed.stderr), "{format}");
    }
}

#[test]
fn the_sandbox_is_really_used() {
    let dir = out_dir("used");
    let out = dir.join("v.spv").to_string_lossy().into_owned();
    let args = [
        "-v",
        "--sandbox",
        "-fsycl-device-only",
        "examples/vector_add.cpp",
        "-o",
        &out,
    ];
    let o = syclcc(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("in the wasmtime sandbox"), "{stderr}");
    // Without its guest the sandboxed pass fails; it does not fall back.
    let o = syclcc_cmd(&args[1..])
        .env("SYCLONE_SANDBOX_GUEST", dir.join("no-such-guest.wasm"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("cannot start the sandbox"), "{stderr}");
    assert!(stderr.contains("no-such-guest.wasm"), "{stderr}");
}
