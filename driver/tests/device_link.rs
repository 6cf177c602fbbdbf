//! Device linking across translation units (seed 003): kernels calling
//! `SYCL_EXTERNAL` functions defined in other sources, built in one
//! command, from fat objects and archives, through `-fsycl-link`, and the
//! failures (undefined, defined twice, `-fno-sycl-rdc`). Every program
//! built runs on the host device and, when Vulkan is installed, on Vulkan.

mod common;
use common::*;
use std::path::Path;

const UNITS: [&str; 3] = ["main", "physics", "stats"];

fn unit(name: &str) -> std::path::PathBuf {
    source(&format!("external/{name}.cpp"))
}

fn compile_units(dir: &Path) {
    for name in UNITS {
        ok(syclcc(dir).arg("-c").arg(unit(name)));
    }
}

#[test]
fn sycl_external_functions_of_other_units_in_one_command() {
    let dir = out_dir("external-one-command");
    let mut cmd = syclcc(&dir);
    for name in UNITS {
        cmd.arg(unit(name));
    }
    ok(cmd.args(["-O2", "-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);
}

#[test]
fn fat_objects_and_archives_carry_relocatable_device_code() {
    let dir = out_dir("external-objects");
    compile_units(&dir);
    ok(std::process::Command::new("ar").current_dir(&dir).args([
        "rcs",
        "libphysics.a",
        "physics.o",
        "stats.o",
    ]));
    ok(syclcc(&dir).args(["main.o", "-L.", "-lphysics", "-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);
}

#[test]
fn device_link_only_then_a_host_link() {
    let dir = out_dir("external-fsycl-link");
    compile_units(&dir);
    ok(syclcc(&dir).args([
        "-fsycl-link",
        "main.o",
        "physics.o",
        "stats.o",
        "-o",
        "device.o",
        "--emit-bundle=device.json",
    ]));
    // One object with the finished images and every unit's host code.
    let bundle = std::fs::read_to_string(dir.join("device.json")).unwrap();
    assert!(!bundle.contains("\"relocatable\""), "{bundle}");
    assert!(bundle.contains("Simulate") && bundle.contains("Mirror"));
    ok(syclcc(&dir).args(["device.o", "-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);
    // The device link checks that every function the kernels call is there.
    let err = fails(syclcc(&dir).args(["-fsycl-link", "main.o", "physics.o", "-o", "partial.o"]));
    assert!(
        err.contains("undefined SYCL_EXTERNAL function 'window_mean(const float *, unsigned long, unsigned long)', called by kernel 'Smooth' (main.o)"),
        "{err}"
    );
}

#[test]
fn missing_and_twice_defined_functions_fail_clearly() {
    let dir = out_dir("external-failures");
    let err = fails(
        syclcc(&dir)
            .arg(unit("main"))
            .arg(unit("physics"))
            .args(["-o", "app"]),
    );
    assert!(
        err.contains("undefined SYCL_EXTERNAL function 'window_mean(const float *, unsigned long, unsigned long)', called by kernel 'Smooth'"),
        "{err}"
    );
    let err = fails(
        syclcc(&dir)
            .arg(source("errors/external_twice_a.cpp"))
            .arg(source("errors/external_twice_b.cpp"))
            .args(["-o", "twice"]),
    );
    assert!(
        err.contains("SYCL_EXTERNAL function 'twice(int)' is defined differently in")
            && err.contains("external_twice_a.cpp")
            && err.contains("external_twice_b.cpp"),
        "{err}"
    );
    // -fno-sycl-rdc: each unit's device code is finished alone.
    let err = fails(syclcc(&dir).args(["-fno-sycl-rdc", "-c"]).arg(unit("main")));
    assert!(
        err.contains("main.cpp:32:9: error: SYCL_EXTERNAL function 'physics::clamp_speed(Particle &, float)' is not defined in this translation unit (-fno-sycl-rdc"),
        "{err}"
    );
    ok(syclcc(&dir)
        .args(["-fno-sycl-rdc", "-c"])
        .arg(unit("physics")));
}

#[test]
fn device_globals_in_external_functions_fail_clearly_and_asserts_compile_out() {
    let dir = out_dir("external-device-global");
    let units = [
        source("errors/external_device_global_main.cpp"),
        source("errors/external_device_global.cpp"),
    ];
    let err = fails(syclcc(&dir).args(&units).args(["-DUSE_LIMIT", "-o", "app"]));
    assert!(
        err.contains("device_global 'limit' cannot be used in a SYCL_EXTERNAL function yet"),
        "{err}"
    );
    // Without the device_global it links: the assert is compiled out.
    ok(syclcc(&dir).args(&units).args(["-o", "app"]));
    runs_everywhere(&dir.join("app"), &[]);
}
