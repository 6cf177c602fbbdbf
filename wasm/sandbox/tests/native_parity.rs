//! The sandbox compiles exactly what the native compiler compiles: for
//! every program in `tests/e2e/` and `examples/`, the same device bundle
//! (byte for byte), integration header, device IR, diagnostics and
//! dependency list as `compiler_core::compile` in this process, for both
//! targets at once.

mod common;

use common::{repo_root, request_for, sandbox};
use compiler_core::target::TargetKind;
use compiler_core::{CompileOptions, CompileOutput, IncludeProvider};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use syclone_sandbox::CompileRequest;

/// Reads includes from the real file system, as the native driver does.
pub struct HostFiles;

impl IncludeProvider for HostFiles {
    fn read(&self, path: &str) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }
}

/// `compiler_core::compile` in this process with the request's options.
pub fn compile_natively(request: &CompileRequest) -> CompileOutput {
    let opts = CompileOptions {
        main_file_name: request.file_name.clone(),
        defines: request.defines.clone(),
        undefines: request.undefines.clone(),
        include_dirs: request.include_dirs.clone(),
        system_include_dirs: request.system_include_dirs.clone(),
        targets: request.targets.clone(),
        host_compiler: request.host_compiler,
        color_diagnostics: request.color_diagnostics,
        lang: request.lang,
        ..CompileOptions::default()
    };
    // The compiler recurses over nesting: give it the driver's roomy stack.
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn_scoped(s, || {
                compiler_core::compile(&request.source, &opts, &HostFiles)
            })
            .unwrap()
            .join()
            .unwrap()
    })
}

#[test]
fn every_e2e_program_compiles_identically_in_the_sandbox() {
    let mut programs: Vec<_> = ["tests/e2e", "examples"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(repo_root().join(dir)).expect("program dir"))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cpp"))
        .collect();
    programs.sort();
    assert!(
        programs.len() > 30,
        "only {} programs found",
        programs.len()
    );

    // One program at a time per CPU: the programs are independent.
    let next = AtomicUsize::new(0);
    let with_kernels = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            std::thread::Builder::new()
                .stack_size(16 << 20)
                .spawn_scoped(scope, || {
                    while let Some(path) = programs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        if compiles_identically(path) {
                            with_kernels.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                })
                .expect("spawn a compile thread");
        }
    });
    let with_kernels = with_kernels.into_inner();
    // A comparison of empty outputs would prove nothing.
    assert!(
        with_kernels > 25,
        "only {with_kernels} programs produced kernels"
    );
}

/// Compiles `path` natively and in the sandbox, asserts that every output
/// is the same, and says whether the program has kernels.
fn compiles_identically(path: &Path) -> bool {
    let mut request = request_for(path);
    request.targets = vec![TargetKind::SpirvVulkan, TargetKind::SpirvWebGpu];
    let native = compile_natively(&request);
    let boxed = sandbox()
        .compile(&request)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.display();
    assert_eq!(
        boxed.rendered_diagnostics, native.rendered_diagnostics,
        "{name}"
    );
    assert_eq!(boxed.diagnostics_json, native.diagnostics_json, "{name}");
    assert_eq!(boxed.has_errors(), native.has_errors(), "{name}");
    assert_eq!(
        boxed.bundle.as_ref().map(|b| b.to_bytes()),
        native.bundle.as_ref().map(|b| b.to_bytes()),
        "{name}: device bundle differs"
    );
    assert_eq!(
        boxed.integration_header, native.integration_header,
        "{name}"
    );
    assert_eq!(boxed.ir_text, native.ir_text, "{name}");
    assert_eq!(boxed.dependencies, native.dependencies, "{name}");
    assert!(
        boxed
            .dependencies
            .iter()
            .any(|d| d.ends_with("sycl/sycl.hpp")),
        "{name}: sycl.hpp not read from the mounted runtime headers: {:?}",
        boxed.dependencies
    );
    boxed
        .bundle
        .as_ref()
        .is_some_and(|b| b.images.iter().any(|i| !i.kernels.is_empty()))
}
