//! `cargo xtask`: project automation with no dependencies beyond std.
//!
//! `cargo xtask test` checks the machine (spirv-val, Vulkan loader and ICD;
//! installs them with apt as root), builds the sandbox guest ([`sandbox`]),
//! then runs, stopping at the first failing stage: the Rust tests (`cargo
//! test --workspace`, the sandbox's included), the end-to-end SYCL programs
//! of `tests/e2e` and `examples` ([`e2e`]), the wasm tests ([`wasm`]) and
//! the browser playground's test in headless Chromium ([`web`], skipped
//! without Chromium). `cargo xtask web-test` runs only the last (after the
//! wasm package); `cargo xtask web-serve [PORT]` serves it on localhost.
//! `cargo xtask sandbox-guest` only builds the guest; `cargo xtask
//! bench-device-pass` times the device pass against `g++ -fsyntax-only`,
//! `cargo xtask bench-build` whole builds of the examples against `g++ -O2`
//! ([`bench`]); `cargo xtask bench-wasm` the wasm package's size (also
//! after `wasm-opt -Oz`) and its compile times in Node against native
//! ([`wasm_bench`]).

mod bench;
mod e2e;
mod env_check;
mod sandbox;
mod wasm;
mod wasm_bench;
mod web;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

const USAGE: &str = "usage: cargo xtask test | cargo xtask wasm-test | cargo xtask web-test | cargo xtask web-serve [PORT] | cargo xtask sandbox-guest | cargo xtask bench-device-pass | cargo xtask bench-build | cargo xtask bench-wasm";

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// Runs a cargo command with output streamed; Err on failure.
fn cargo_stream(root: &Path, args: &[&str]) -> Result<(), String> {
    println!("xtask: cargo {}", args.join(" "));
    let status = Command::new(cargo())
        .args(args)
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`cargo {}` failed ({status})", args.join(" ")))
    }
}

fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => root.join(d),
        None => root.join("target"),
    }
}

/// Prints a stage heading with the seconds since `start`.
fn stage(start: Instant, name: &str) {
    println!("\n=== [{:4}s] {name}", start.elapsed().as_secs());
}

fn test(root: &Path) -> Result<(), String> {
    let start = Instant::now();
    let env = env_check::prepare();

    stage(start, "0/3 sandbox guest (wasm32-wasip1)");
    sandbox::build_guest(root)?;

    stage(start, "1/3 Rust tests");
    cargo_stream(
        root,
        &["test", "--workspace", "--features", "syclcc/sandbox"],
    )?;

    stage(start, "2/3 End-to-end SYCL tests");
    cargo_stream(root, &["build", "-p", "syclcc", "--features", "sandbox"])?;
    let syclcc = target_dir(root).join("debug/syclcc");
    let tally = e2e::run(root, &syclcc, &env)?;
    if tally.skipped > 0 {
        println!("{} skipped (see SKIP lines above)", tally.skipped);
    }
    println!("{} passed, {} failed", tally.passed, tally.failed);
    if tally.failed > 0 {
        return Err(format!("{} end-to-end test(s) failed", tally.failed));
    }

    stage(start, "3/3 wasm tests");
    wasm::test(root, Some(&syclcc))?;
    stage(start, "3/3 browser playground (headless Chromium, WebGPU)");
    match web::chromium() {
        Some(chromium) => web::test(root, &chromium)?,
        None => println!(
            "SKIP browser playground: no Chromium (apt-get install chromium, or set CHROMIUM)"
        ),
    }
    stage(start, "done");
    Ok(())
}

/// `cargo xtask web-test`: the web package, then the playground's test.
fn web_test(root: &Path) -> Result<(), String> {
    let chromium =
        web::chromium().ok_or("no Chromium: apt-get install chromium, or set CHROMIUM")?;
    wasm::build_packages(root)?;
    web::test(root, &chromium)
}

fn main() -> ExitCode {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let root = root.canonicalize().unwrap_or(root);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") if args.len() == 1 => test(&root),
        Some("wasm-test") if args.len() == 1 => wasm::test(&root, None),
        Some("web-test") if args.len() == 1 => web_test(&root),
        Some("web-serve") if args.len() <= 2 => wasm::build_packages(&root)
            .and_then(|_| web::serve(&root, args.get(1).map_or("8080", String::as_str))),
        Some("sandbox-guest") if args.len() == 1 => sandbox::build_guest(&root).map(|_| ()),
        Some("bench-device-pass") if args.len() == 1 => bench::device_pass(&root),
        Some("bench-build") if args.len() == 1 => bench::build(&root),
        Some("bench-wasm") if args.len() == 1 => wasm_bench::bench(&root),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => Err(USAGE.into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e}");
            ExitCode::FAILURE
        }
    }
}
