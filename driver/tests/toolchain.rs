//! syclcc as a toolchain: fat objects, multi-file programs, static
//! archives and shared libraries with kernels, the host and device-only
//! modes, and flags passed to the host compiler. Every program built runs
//! on the host device and, when Vulkan is installed, on Vulkan.

mod common;
use common::*;
use std::path::Path;

const SECTION: &str = ".syclone.device";

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

#[test]
fn fat_objects_of_several_units_link_into_one_program() {
    let dir = out_dir("fat-objects");
    for unit in ["main", "scale", "offset"] {
        let src = source(&format!("multi/{unit}.cpp"));
        ok(syclcc(&dir).args(["-c", "-O1", &s(&src)]));
        let obj = dir.join(format!("{unit}.o"));
        assert!(has_section(&obj, SECTION), "{unit}.o is not a fat object");
    }
    // One object per source: no side files.
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["main.o", "offset.o", "scale.o"]);
    ok(syclcc(&dir).args(["main.o", "scale.o", "offset.o", "-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);
}

#[test]
fn several_sources_in_one_command() {
    let dir = out_dir("multi-source");
    ok(syclcc(&dir)
        .arg(source("multi/main.cpp"))
        .arg(source("multi/scale.cpp"))
        .arg(source("multi/offset.cpp"))
        .args(["-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);
}

#[test]
fn c_sources_compile_as_cpp_with_a_warning() {
    // As clang++ does: `.c` files of a SYCL program are C++.
    let dir = out_dir("c-source");
    let c_file = dir.join("offset.c");
    std::fs::copy(source("multi/offset.cpp"), &c_file).unwrap();
    let out = ok(syclcc(&dir)
        .arg(source("multi/main.cpp"))
        .arg(source("multi/scale.cpp"))
        .arg("-I")
        .arg(source("multi"))
        .arg(&c_file)
        .args(["-o", "app"]));
    assert!(
        text(&out.stderr).contains("treating 'c' input as 'c++'"),
        "{}",
        text(&out.stderr)
    );
    runs_everywhere(&dir.join("app"), &[]);
}

#[test]
fn syntax_check_of_several_sources() {
    let dir = out_dir("multi-syntax");
    ok(syclcc(&dir)
        .arg("-fsyntax-only")
        .arg(source("multi/main.cpp"))
        .arg(source("multi/scale.cpp"))
        .arg(source("multi/offset.cpp")));
    // Nothing is written.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn static_archive_with_kernels() {
    let dir = out_dir("archive");
    for unit in ["sum", "square"] {
        ok(syclcc(&dir)
            .arg("-c")
            .arg(source(&format!("archive/{unit}.cpp"))));
    }
    ok(std::process::Command::new("ar").current_dir(&dir).args([
        "rcs",
        "libkernels.a",
        "sum.o",
        "square.o",
    ]));
    // Through -L/-l ...
    ok(syclcc(&dir)
        .arg(source("archive/app.cpp"))
        .args(["-L.", "-lkernels", "-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);
    // ... and named as an input, after compiling the app to a fat object.
    ok(syclcc(&dir)
        .args(["-c", "-o", "app.o"])
        .arg(source("archive/app.cpp")));
    ok(syclcc(&dir).args(["app.o", "libkernels.a", "-o", "app2"]));
    runs_everywhere(&dir.join("app2"), &[]);
}

#[test]
fn shared_library_with_kernels_linked_and_dlopened() {
    let dir = out_dir("shared");
    ok(syclcc(&dir)
        .args(["-shared", "-fPIC"])
        .arg(source("shared/plugin.cpp"))
        .args(["-o", "libplugin.so"]));
    assert!(
        !has_section(&dir.join("libplugin.so"), SECTION),
        "the device section must not reach the shared library"
    );
    let rpath = format!("-Wl,-rpath,{}", dir.display());
    ok(syclcc(&dir)
        .arg(source("shared/app.cpp"))
        .args(["-L.", "-lplugin", &rpath, "-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);

    // A plain C++ object (no device section) links as it is.
    ok(std::process::Command::new("c++")
        .current_dir(&dir)
        .arg("-c")
        .arg(source("shared/loader.cpp"))
        .args(["-o", "loader.o"]));
    ok(syclcc(&dir).arg(source("shared/dlopen_app.cpp")).args([
        "loader.o",
        "-ldl",
        "-o",
        "dlopen_app",
    ]));
    runs_everywhere(&dir.join("dlopen_app"), &[&s(&dir.join("libplugin.so"))]);
}

#[test]
fn host_only_and_device_only_outputs() {
    let dir = out_dir("host-device-only");
    let src = s(&source("multi/scale.cpp"));
    ok(syclcc(&dir).args(["-fsycl-host-only", "-c", &src, "-o", "host.o"]));
    assert!(!has_section(&dir.join("host.o"), SECTION));
    ok(syclcc(&dir).args(["-fsycl-device-only", "-S", &src]));
    let asm = std::fs::read_to_string(dir.join("scale.spvasm")).unwrap();
    assert!(asm.contains("OpEntryPoint GLCompute"), "{asm}");
    ok(syclcc(&dir).args(["-fsycl-device-only", "-c", &src, "-o", "k.spv"]));
    let spv = std::fs::read(dir.join("k.spv")).unwrap();
    assert_eq!(spv[..4], [0x03, 0x02, 0x23, 0x07]);
    ok(syclcc(&dir).args(["-S", "-O1", &src]));
    let host_asm = std::fs::read_to_string(dir.join("scale.s")).unwrap();
    assert!(
        host_asm.contains("_Z5scaleRN4sycl5queueEPfif"),
        "no scale() in scale.s"
    );
    let out = ok(syclcc(&dir).args(["-E", "-fsycl-host-only", &src]));
    assert!(text(&out.stdout).contains("scale(sycl::queue &q"));
}

#[test]
fn emit_wgsl_writes_each_kernel() {
    let dir = out_dir("emit-wgsl");
    let two = s(&source("../e2e/range_for.cpp"));
    ok(syclcc(&dir).args(["-fsycl-device-only", "--emit=wgsl", &two, "-o", "k.wgsl"]));
    for file in ["k.wgsl", "k.1.wgsl"] {
        let wgsl = std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(
            wgsl.matches("@compute").count(),
            1,
            "one kernel per file: {wgsl}"
        );
    }
    // Without -fsycl-device-only, or with another kind, it is a usage error.
    assert!(fails(syclcc(&dir).args(["--emit=wgsl", &two])).contains("-fsycl-device-only"));
    assert!(fails(syclcc(&dir).args(["-fsycl-device-only", "--emit=ptx", &two])).contains("wgsl"));
    // WebGPU has no double: the kernels that need it have no WGSL, and
    // the device pass says so once for each; the others are written.
    let fp64 = s(&source("../e2e/fp64_split.cpp"));
    let fp64_dir = out_dir("emit-wgsl-fp64");
    let out =
        ok(syclcc(&fp64_dir).args(["-fsycl-device-only", "--emit=wgsl", &fp64, "-o", "k.wgsl"]));
    let err = text(&out.stderr);
    assert_eq!(
        err.matches("needs aspect fp64, which spirv32-webgpu devices do not have")
            .count(),
        1,
        "{err}"
    );
    let wgsl = std::fs::read_to_string(fp64_dir.join("k.wgsl")).unwrap();
    assert!(!wgsl.contains("f64"), "{wgsl}");
    assert!(!fp64_dir.join("k.1.wgsl").exists());
}

#[test]
fn a_kernel_compiled_host_only_is_missing_on_vulkan() {
    if !vulkan_available() {
        eprintln!("skipped: no Vulkan loader or ICD");
        return;
    }
    let dir = out_dir("missing-kernel");
    ok(syclcc(&dir)
        .arg("-fsycl-host-only")
        .arg("-c")
        .arg(source("archive/square.cpp")));
    ok(syclcc(&dir).arg("-c").arg(source("archive/sum.cpp")));
    ok(syclcc(&dir)
        .arg(source("archive/app.cpp"))
        .args(["square.o", "sum.o", "-o", "app"]));
    let out = std::process::Command::new(dir.join("app"))
        .env("ONEAPI_DEVICE_SELECTOR", "vulkan:*")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("12SquareKernel"), "{err}");
    assert!(
        err.contains("no device image for it was registered"),
        "{err}"
    );
}

#[test]
fn headers_installed_beside_the_system_ones_are_found() {
    // A third-party header the host compiler finds in its own search list
    // (here through CPLUS_INCLUDE_PATH, as `/usr/include/stb/stb_image.h`
    // is found in /usr/include): the device pass searches those directories
    // after its model headers, and a kernel calls the header's function.
    let dir = out_dir("system-dir-header");
    let installed = dir.join("installed");
    std::fs::create_dir_all(installed.join("thirdparty")).unwrap();
    std::fs::write(
        installed.join("thirdparty/scale.h"),
        "#pragma once\n#include <stdint.h>\ninline int32_t thirdparty_scale(int32_t x) { return 3 * x; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("app.cpp"),
        r#"#include <sycl/sycl.hpp>
#include <thirdparty/scale.h>
#include <cstdio>
int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(8, q);
  q.parallel_for(8, [=](sycl::id<1> i) { p[i] = thirdparty_scale(int(i)); }).wait();
  bool ok = p[7] == 21;
  sycl::free(p, q);
  std::printf(ok ? "PASSED\n" : "FAILED\n");
  return ok ? 0 : 1;
}
"#,
    )
    .unwrap();
    ok(syclcc(&dir)
        .env("CPLUS_INCLUDE_PATH", &installed)
        .args(["app.cpp", "-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);
    // A system header for make rules: listed by -M, left out by -MM.
    let rule = |flag: &str| {
        text(
            &ok(syclcc(&dir)
                .env("CPLUS_INCLUDE_PATH", &installed)
                .args([flag, "app.cpp"]))
            .stdout,
        )
    };
    assert!(rule("-M").contains("thirdparty/scale.h"), "{}", rule("-M"));
    assert!(
        !rule("-MM").contains("thirdparty/scale.h"),
        "{}",
        rule("-MM")
    );
}

#[test]
fn unknown_flags_reach_the_host_compiler() {
    let dir = out_dir("host-flags");
    let src = s(&source("multi/scale.cpp"));
    ok(syclcc(&dir).args(["-c", "-fno-math-errno", "-pthread", "-Wall", &src]));
    let err = fails(syclcc(&dir).args(["-c", "-fthis-flag-does-not-exist", &src]));
    assert!(err.contains("-fthis-flag-does-not-exist"), "{err}");
    assert!(err.contains("host compiler command failed"), "{err}");
}

/// Build files written for `clang++ -fsycl` pass clang's own options: the
/// GCC installation (`--gcc-toolchain=$(GCC_TOOLCHAIN)`, often empty),
/// `-fbracket-depth=`, `-Xclang ...`. clang takes them; g++ is not given
/// them, with a warning when they ask for something.
#[test]
fn gcc_installation_flags_go_to_clang_only() {
    let dir = out_dir("gcc-toolchain");
    let src = s(&source("multi/scale.cpp"));
    let out = ok(syclcc(&dir).args(["--host-cxx=g++", "-c", "--gcc-toolchain=", &src]));
    assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
    let out = ok(syclcc(&dir).args(["--host-cxx=g++", "-c", "--gcc-toolchain=/opt/gcc", &src]));
    let err = text(&out.stderr);
    assert!(
        err.contains("warning: argument unused during compilation: '--gcc-toolchain=/opt/gcc'"),
        "{err}"
    );
    if on_path("clang++") {
        ok(syclcc(&dir).args([
            "--host-cxx=clang++",
            "-c",
            "--gcc-toolchain=/usr",
            "-fbracket-depth=512",
            "-Xclang",
            "-fdenormal-fp-math-f32=preserve-sign",
            &src,
        ]));
    }
}

#[test]
fn failures_are_clear_and_exit_with_1() {
    let dir = out_dir("failures");
    let src = s(&source("multi/scale.cpp"));
    let err = fails(syclcc(&dir).args(["-fsycl-targets=nvptx64-nvidia-cuda", "-c", &src]));
    assert!(
        err.contains("SYCL target 'nvptx64-nvidia-cuda' is not supported (supported targets: spirv64-vulkan, spirv32-webgpu)"),
        "{err}"
    );
    let err = fails(syclcc(&dir).args(["-c", "no_such_file.cpp"]));
    assert!(
        err.contains("no such file or directory: 'no_such_file.cpp'"),
        "{err}"
    );
    let err = fails(syclcc(&dir).arg("-c").arg(source("errors/host_error.cpp")));
    assert!(err.contains("this_name_is_not_declared"), "{err}");
    assert!(err.contains("host compiler command failed"), "{err}");
    assert!(!dir.join("host_error.o").exists());

    let err = fails(
        syclcc(&dir)
            .arg(source("errors/dup_a.cpp"))
            .arg(source("errors/dup_b.cpp"))
            .args(["-o", "dup"]),
    );
    assert!(
        err.contains("kernel 'Duplicate' is defined in both")
            && err.contains("dup_a.cpp")
            && err.contains("dup_b.cpp"),
        "{err}"
    );
    // The same from fat objects in an archive.
    ok(syclcc(&dir).arg("-c").arg(source("errors/dup_b.cpp")));
    ok(std::process::Command::new("ar")
        .current_dir(&dir)
        .args(["rcs", "libdup.a", "dup_b.o"]));
    let err = fails(
        syclcc(&dir)
            .arg(source("errors/dup_a.cpp"))
            .args(["libdup.a", "-o", "dup"]),
    );
    assert!(err.contains("libdup.a(dup_b.o)"), "{err}");
}

/// clang++ as the host compiler: fat objects in an archive, a shared
/// library. (Named kernels only: the device pass does not yet give
/// unnamed lambda kernels the keys clang 14 gives them, `Z4mainE3$_0`.)
#[test]
fn clang_as_host_compiler() {
    if !on_path("clang++") {
        eprintln!("skipped: clang++ is not installed");
        return;
    }
    let dir = out_dir("clang-host");
    for unit in ["sum", "square", "app"] {
        ok(syclcc(&dir)
            .args(["--host-cxx=clang++", "-c"])
            .arg(source(&format!("archive/{unit}.cpp"))));
    }
    ok(std::process::Command::new("ar").current_dir(&dir).args([
        "rcs",
        "libkernels.a",
        "sum.o",
        "square.o",
    ]));
    ok(syclcc(&dir).args(["--host-cxx=clang++", "app.o", "libkernels.a", "-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);
    ok(syclcc(&dir)
        .args(["--host-cxx=clang++", "-shared", "-fPIC"])
        .arg(source("shared/plugin.cpp"))
        .args(["-o", "libplugin.so"]));
    let rpath = format!("-Wl,-rpath,{}", dir.display());
    ok(syclcc(&dir)
        .arg("--host-cxx=clang++")
        .arg(source("shared/app.cpp"))
        .args(["-L.", "-lplugin", &rpath, "-o", "shared_app"]));
    runs_everywhere(&dir.join("shared_app"), &[]);
    // Unnamed lambda kernels: clang names the lambdas of non-inline
    // functions `$_N` (command groups in main, kernels in helpers). At
    // `-O0` it names them in another order than when optimizing, which
    // `cargo xtask test` checks with `-O2` on every e2e program.
    for program in [
        "command_groups",
        "buffer_write_back",
        "kernel_requirements",
        "pack_captures",
    ] {
        let src = repo().join(format!("tests/e2e/{program}.cpp"));
        ok(syclcc(&dir)
            .args(["--host-cxx=clang++", "-O0"])
            .arg(&src)
            .args(["-o", program]));
        runs_everywhere(&dir.join(program), &[]);
    }
}
