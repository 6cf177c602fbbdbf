//! Every image the example and end-to-end programs (`examples/`,
//! `tests/e2e/`) produce is valid: spirv-val (Vulkan 1.1, when installed),
//! naga's SPIR-V frontend and validator, and naga's WGSL writer; images for
//! the WebGPU target also validate with WebGPU-level capabilities and
//! re-parse as WGSL. A kernel that needs an aspect WebGPU lacks (fp64) is
//! compiled into an image of its own, with a note, and left out of the
//! WebGPU checks; a program that needs 64-bit integer clocks must be
//! refused for WebGPU with a diagnostic that says so. The
//! programs are written as users write them: the device pass must compile
//! each, host code included, without a warning.

mod common;
use compiler_core::bundle::Aspect;
use compiler_core::target::TargetKind;
use compiler_core::{compile, CompileOptions};
use naga::valid::{Capabilities, ValidationFlags, Validator};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Every `.cpp` of `examples/` and `tests/e2e/`, with its source.
fn programs() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = vec![];
    for dir in ["examples", "tests/e2e"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("program directory")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "cpp"))
            .collect();
        files.sort();
        for f in files {
            let name = format!("{dir}/{}", f.file_name().unwrap().to_string_lossy());
            out.push((name, std::fs::read_to_string(&f).expect("source")));
        }
    }
    assert!(out.len() > 40, "found only {} programs", out.len());
    out
}

/// One program's images for one target: the file name, the SPIR-V and
/// whether the image reads a clock (`sycl_ext_oneapi_clock`, which only
/// reaches drivers passed through: naga has no `OpReadClockKHR`).
type Image = (String, Vec<u32>, bool);

/// Every program's images for `target`, compiled once per test binary
/// (the tests share them) on one thread per CPU.
fn images(target: TargetKind) -> &'static [Image] {
    static VULKAN: OnceLock<Vec<Image>> = OnceLock::new();
    static WEBGPU: OnceLock<Vec<Image>> = OnceLock::new();
    let cell = match target {
        TargetKind::SpirvWebGpu => &WEBGPU,
        _ => &VULKAN,
    };
    cell.get_or_init(|| {
        let programs = programs();
        let next = AtomicUsize::new(0);
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let mut per_program: Vec<(usize, Vec<Image>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    std::thread::Builder::new()
                        // The compiler recurses over nesting: the driver's roomy stack.
                        .stack_size(64 << 20)
                        .spawn_scoped(scope, || {
                            let mut done = vec![];
                            loop {
                                let i = next.fetch_add(1, Ordering::Relaxed);
                                let Some((name, src)) = programs.get(i) else {
                                    return done;
                                };
                                done.push((i, program_images(name, src, target)));
                            }
                        })
                        .expect("spawn a compile thread")
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().expect("a compile thread panicked"))
                .collect()
        });
        per_program.sort_by_key(|(i, _)| *i);
        per_program.into_iter().flat_map(|(_, imgs)| imgs).collect()
    })
}

/// The images of one program for `target` that a device of the target may
/// run; none for a host-only program.
fn program_images(name: &str, src: &str, target: TargetKind) -> Vec<Image> {
    let opts = CompileOptions {
        main_file_name: name.to_string(),
        include_dirs: vec![common::INCLUDE_DIR.to_string()],
        targets: vec![target],
        lang: common::language_of(src),
        ..CompileOptions::default()
    };
    let r = compile(src, &opts, &common::sycl_headers());
    assert!(!r.has_errors(), "{name}: {}", r.rendered_diagnostics);
    assert!(
        !r.rendered_diagnostics.contains("warning:"),
        "{name}: the device pass warns:\n{}",
        r.rendered_diagnostics
    );
    // Host-only programs (device queries) have no image.
    let images = r.bundle.expect("bundle").images;
    let target_cannot_run = |img: &compiler_core::bundle::DeviceImage| {
        !img.properties.aspects_lacking_on(target).is_empty()
    };
    let noted = r
        .rendered_diagnostics
        .matches("devices do not have: launched on one, it throws errc::kernel_not_supported")
        .count();
    let unrunnable: usize = images
        .iter()
        .filter(|img| target_cannot_run(img))
        .map(|img| img.kernels.len())
        .sum();
    assert_eq!(
        noted, unrunnable,
        "{name}: one note per kernel the target cannot run:\n{}",
        r.rendered_diagnostics
    );
    images
        .into_iter()
        .filter(|img| !target_cannot_run(img))
        .map(|img| {
            let reads_clock = img.properties.required_aspects.iter().any(|a| {
                matches!(
                    a,
                    Aspect::ExtOneapiClockSubGroup
                        | Aspect::ExtOneapiClockWorkGroup
                        | Aspect::ExtOneapiClockDevice
                )
            });
            (name.to_string(), img.spirv, reads_clock)
        })
        .collect()
}

fn spirv_val(name: &str, words: &[u32]) {
    let Ok(status) = std::process::Command::new("spirv-val")
        .arg("--version")
        .output()
    else {
        eprintln!(
            "note: spirv-val not installed; skipping it for {name} (CI installs spirv-tools)"
        );
        return;
    };
    let _ = status;
    let path = std::env::temp_dir().join(format!(
        "syclone-img-{}-{}-{}.spv",
        std::process::id(),
        words.len() ^ (words.as_ptr() as usize),
        name.replace('/', "_")
    ));
    std::fs::write(&path, bytes(words)).expect("write");
    let out = std::process::Command::new("spirv-val")
        .args(["--target-env", "vulkan1.1"])
        .arg(&path)
        .output()
        .expect("spirv-val");
    let _ = std::fs::remove_file(&path);
    assert!(
        out.status.success(),
        "{name}: spirv-val: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Vulkan images pass spirv-val as they are, and without their 8- and
/// 16-bit storage as devices without it get them; naga reads them as the
/// WGSL path and the runtime's naga route do, without float atomic adds
/// (`without_float_atomic_adds`: naga has no `AtomicFloat64AddEXT`) and
/// without narrow storage.
#[test]
fn vulkan_images_validate_and_translate() {
    use compiler_core::back::spirv::{
        narrow_storage_widths, without_float_atomic_adds, without_narrow_storage,
    };
    let mut narrow_images = 0;
    for (name, words, reads_clock) in images(TargetKind::SpirvVulkan) {
        spirv_val(name, words);
        if !narrow_storage_widths(words).is_empty() {
            narrow_images += 1;
            for widths in [&[8][..], &[16], &[8, 16]] {
                if let Some(stripped) = without_narrow_storage(words, widths)
                    .unwrap_or_else(|e| panic!("{name}: without narrow storage: {e}"))
                {
                    spirv_val(name, &stripped);
                    assert!(narrow_storage_widths(&stripped)
                        .iter()
                        .all(|w| !widths.contains(w)));
                }
            }
        }
        if *reads_clock {
            continue;
        }
        let words = without_float_atomic_adds(words, &[32, 64]).unwrap_or_else(|| words.clone());
        let words = without_narrow_storage(&words, &[8, 16])
            .unwrap_or_else(|e| panic!("{name}: without narrow storage: {e}"))
            .unwrap_or(words);
        let module = naga::front::spv::parse_u8_slice(&bytes(&words), &Default::default())
            .unwrap_or_else(|e| panic!("{name}: naga spv-in: {e:?}"));
        let info = Validator::new(ValidationFlags::all(), Capabilities::all())
            .validate(&module)
            .unwrap_or_else(|e| panic!("{name}: naga validation: {e:?}"));
        let wgsl =
            naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
                .unwrap_or_else(|e| panic!("{name}: wgsl-out: {e:?}"));
        assert!(wgsl.contains("@compute"), "{wgsl}");
    }
    assert!(
        narrow_images > 0,
        "some program stores chars or shorts to global memory"
    );
}

/// WebGPU's baseline, plus the optional `subgroups` feature for an image
/// that declares a GroupNonUniform capability (a program using sub-groups;
/// GroupNonUniformShuffle and the others imply GroupNonUniform).
fn webgpu_capabilities(words: &[u32]) -> Capabilities {
    const OP_CAPABILITY: u32 = (2 << 16) | 17;
    const GROUP_NON_UNIFORM: std::ops::RangeInclusive<u32> = 61..=68;
    let uses_subgroups = words
        .windows(2)
        .any(|w| w[0] == OP_CAPABILITY && GROUP_NON_UNIFORM.contains(&w[1]));
    if uses_subgroups {
        Capabilities::default() | Capabilities::SUBGROUP
    } else {
        Capabilities::default()
    }
}

#[test]
fn webgpu_images_validate_at_webgpu_level() {
    for (name, words, _) in images(TargetKind::SpirvWebGpu) {
        spirv_val(name, words);
        let module = naga::front::spv::parse_u8_slice(&bytes(words), &Default::default())
            .unwrap_or_else(|e| panic!("{name}: naga spv-in: {e:?}"));
        let info = Validator::new(ValidationFlags::all(), webgpu_capabilities(words))
            .validate(&module)
            .unwrap_or_else(|e| panic!("{name}: WebGPU-level validation: {e:?}"));
        let wgsl =
            naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
                .expect("wgsl-out");
        let back = naga::front::wgsl::parse_str(&wgsl)
            .unwrap_or_else(|e| panic!("{name}: WGSL does not re-parse: {e:?}\n{wgsl}"));
        Validator::new(ValidationFlags::all(), webgpu_capabilities(words))
            .validate(&back)
            .unwrap_or_else(|e| panic!("{name}: re-parsed WGSL invalid: {e:?}"));
    }
}

#[test]
fn entry_points_survive_wgsl_naming() {
    for (name, words, _) in images(TargetKind::SpirvWebGpu) {
        let module =
            naga::front::spv::parse_u8_slice(&bytes(words), &Default::default()).expect("spv-in");
        let info = Validator::new(ValidationFlags::all(), webgpu_capabilities(words))
            .validate(&module)
            .expect("valid");
        let wgsl =
            naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
                .expect("wgsl");
        for ep in &module.entry_points {
            assert!(
                wgsl.contains(&format!("fn {}(", ep.name)),
                "{name}: entry point {} renamed in WGSL",
                ep.name
            );
        }
    }
}
