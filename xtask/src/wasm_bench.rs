//! `cargo xtask bench-wasm`: figures for the browser package; prints them,
//! asserts nothing.
//!
//! - Size of the compiler as wasm: cargo's output, after wasm-bindgen, after
//!   `wasm-opt -Oz` (binaryen from npm, installed under `target/wasm-tools`:
//!   Debian's binaryen 108 corrupts wasm-bindgen output), each also gzipped.
//! - Compile time of every test program in Node (the `wasm/pkg-node`
//!   package) against the same code natively (`wasm/examples/compile_times.rs`,
//!   release), median of several runs each, and the ratio.

use crate::wasm::{self, cargo, output, run, target_dir};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// npm's binaryen release used for `wasm-opt`.
const BINARYEN_VERSION: &str = "132.0.0";
/// Timed compiles per program (after one warm-up).
const RUNS: &str = "5";

pub fn bench(root: &Path) -> Result<(), String> {
    let cargo_wasm = wasm::build_packages(root)?;
    sizes(root, &cargo_wasm)?;
    times(root)
}

fn sizes(root: &Path, cargo_wasm: &Path) -> Result<(), String> {
    let bindgen_wasm = root.join(wasm::PKG_WEB).join("syclone_wasm_bg.wasm");
    let optimized = target_dir(root).join("wasm-bench/syclone_wasm_bg.Oz.wasm");
    if let Some(dir) = optimized.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let wasm_opt = ensure_wasm_opt(root)?;
    run(Command::new(&wasm_opt)
        .arg("-Oz")
        .arg(&bindgen_wasm)
        .arg("-o")
        .arg(&optimized))?;
    println!("\n| wasm | bytes | gzip -9 |");
    println!("|---|---:|---:|");
    for (what, file) in [
        ("cargo build --release", cargo_wasm),
        ("after wasm-bindgen", bindgen_wasm.as_path()),
        ("after wasm-opt -Oz", optimized.as_path()),
    ] {
        let bytes = std::fs::metadata(file)
            .map_err(|e| format!("{}: {e}", file.display()))?
            .len();
        println!("| {what} | {bytes} | {} |", gzipped_size(file)?);
    }
    Ok(())
}

/// `wasm-opt` from npm's binaryen, installed under `target/wasm-tools`.
fn ensure_wasm_opt(root: &Path) -> Result<PathBuf, String> {
    let prefix = target_dir(root).join("wasm-tools");
    let bin = prefix.join("node_modules/.bin/wasm-opt");
    let wanted = format!("binaryen@{BINARYEN_VERSION}");
    let installed = output(Command::new(&bin).arg("--version"))
        .is_some_and(|v| v.contains(BINARYEN_VERSION.split('.').next().unwrap_or_default()));
    if !installed {
        run(Command::new("npm")
            .args(["install", "--no-save", "--prefix"])
            .arg(&prefix)
            .arg(&wanted))?;
    }
    Ok(bin)
}

fn gzipped_size(file: &Path) -> Result<usize, String> {
    let out = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run gzip: {e}"))?;
    if !out.status.success() {
        return Err(format!("gzip {} failed", file.display()));
    }
    Ok(out.stdout.len())
}

fn times(root: &Path) -> Result<(), String> {
    run(cargo(root).args([
        "build",
        "--release",
        "-p",
        "syclone-wasm",
        "--example",
        "compile_times",
    ]))?;
    let programs = wasm::programs(root)?;
    let major = wasm::gcc_major()?;
    let common: Vec<&str> = [RUNS, "gcc", major.as_str()]
        .into_iter()
        .chain(programs.iter().map(String::as_str))
        .collect();
    let native = medians(
        Command::new(target_dir(root).join("release/examples/compile_times"))
            .current_dir(root)
            .args(&common),
    )?;
    let node = medians(
        Command::new("node")
            .current_dir(root)
            .arg("wasm/bench/compile_times.mjs")
            .args(&common),
    )?;
    println!("\n| program | native ms | Node ms | ratio |");
    println!("|---|---:|---:|---:|");
    let (mut native_sum, mut node_sum) = (0.0, 0.0);
    for (program, native_ms) in &native {
        let node_ms = node
            .get(program)
            .ok_or_else(|| format!("no Node figure for {program}"))?;
        native_sum += native_ms;
        node_sum += node_ms;
        println!(
            "| {program} | {native_ms:.1} | {node_ms:.1} | {:.2} |",
            node_ms / native_ms
        );
    }
    println!(
        "| all {} programs | {native_sum:.0} | {node_sum:.0} | {:.2} |",
        native.len(),
        node_sum / native_sum
    );
    Ok(())
}

/// Runs `cmd` and reads its `<ms> <program>` lines.
fn medians(cmd: &mut Command) -> Result<BTreeMap<String, f64>, String> {
    let shown = format!("{cmd:?}");
    let text = output(cmd).ok_or_else(|| format!("{shown} failed"))?;
    text.lines()
        .map(|line| {
            let (ms, program) = line
                .split_once(' ')
                .ok_or_else(|| format!("unexpected line from {shown}: {line}"))?;
            let ms = ms
                .parse()
                .map_err(|e| format!("unexpected figure in {line}: {e}"))?;
            Ok((program.to_string(), ms))
        })
        .collect()
}
