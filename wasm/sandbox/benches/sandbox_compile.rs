//! Figures for docs/PERFORMANCE.md: the guest module's cost (Cranelift
//! compile without a cache, deserialization with one), then per program the
//! best-of-N device compile in this process against the same compile in the
//! sandbox (instantiation included, and shown on its own).
//!
//! `cargo xtask sandbox-guest && cargo bench -p syclone-sandbox --bench sandbox_compile`

use compiler_core::{CompileOptions, IncludeProvider};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use syclone_sandbox::{CompileRequest, ModuleOrigin, ReadOnlyDir, Sandbox};

const RUNS: usize = 10;
const PROGRAMS: &[&str] = &[
    "examples/vector_add.cpp",
    "examples/saxpy_usm.cpp",
    "tests/e2e/generic_helpers.cpp",
    "tests/e2e/math_h_functions.cpp",
    "tests/e2e/threads_stress.cpp",
];

struct HostFiles;
impl IncludeProvider for HostFiles {
    fn read(&self, path: &str) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn origin(o: ModuleOrigin) -> String {
    match o {
        ModuleOrigin::Compiled(d) => format!("compiled by Cranelift in {}", ms(d)),
        ModuleOrigin::Cached(d) => format!("deserialized from the cache in {}", ms(d)),
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().expect("repository root");
    let include = root.join("native-runtime/include");
    let cache: PathBuf =
        std::env::temp_dir().join(format!("syclone-sandbox-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);

    let build = |cache_dir: Option<&Path>| {
        let start = Instant::now();
        let mut b = Sandbox::builder();
        if let Some(dir) = cache_dir {
            b = b.cache_dir(dir);
        }
        let sandbox = b.build().unwrap_or_else(|e| panic!("{e}"));
        (sandbox, start.elapsed())
    };
    let (_, total) = build(None);
    let (_, _) = build(Some(&cache)); // fills the cache
    let (sandbox, cached_total) = build(Some(&cache));
    let wasm_len = std::fs::metadata(sandbox.guest_path()).map_or(0, |m| m.len());
    println!(
        "guest module: {} ({:.2} MiB)",
        sandbox.guest_path().display(),
        wasm_len as f64 / (1 << 20) as f64
    );
    println!("sandbox without cache: {} total", ms(total));
    println!(
        "sandbox with a warm cache: {}; {} total",
        origin(sandbox.module_origin()),
        ms(cached_total)
    );
    let _ = std::fs::remove_dir_all(&cache);

    println!("\n| program | in-process | sandbox (instantiate + run) | of which instantiate | ratio | fuel | peak guest memory |");
    println!("|---|---|---|---|---|---|---|");
    for program in PROGRAMS {
        let path = root.join(program);
        let text = std::fs::read_to_string(&path).expect("program");
        let opts = CompileOptions {
            main_file_name: path.to_string_lossy().into_owned(),
            include_dirs: vec![include.to_string_lossy().into_owned()],
            ..CompileOptions::default()
        };
        let native = (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                let out = compiler_core::compile(&text, &opts, &HostFiles);
                assert!(!out.has_errors(), "{program}: {}", out.rendered_diagnostics);
                start.elapsed()
            })
            .min()
            .unwrap();
        let mut request = CompileRequest::new(text.clone(), path.to_string_lossy());
        request.include_dirs = opts.include_dirs.clone();
        request.read_only_dirs = vec![
            ReadOnlyDir::at_same_path(&include).unwrap(),
            ReadOnlyDir::at_same_path(path.parent().unwrap()).unwrap(),
        ];
        let runs: Vec<_> = (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                let out = sandbox
                    .compile(&request)
                    .unwrap_or_else(|e| panic!("{program}: {e}"));
                assert!(out.success, "{program}: {}", out.rendered_diagnostics);
                (start.elapsed(), out.stats)
            })
            .collect();
        let (boxed, stats) = runs.iter().min_by_key(|r| r.0).copied().unwrap();
        let instantiate = runs.iter().map(|r| r.1.instantiate).min().unwrap();
        println!(
            "| `{program}` | {} | {} | {} | {:.2} | {:.0}M | {} MiB |",
            ms(native),
            ms(boxed),
            ms(instantiate),
            boxed.as_secs_f64() / native.as_secs_f64(),
            stats.fuel_consumed as f64 / 1e6,
            stats.peak_memory_bytes >> 20,
        );
    }
}
