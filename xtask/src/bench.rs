//! `cargo xtask bench-device-pass`: the whole device pass
//! (`syclcc -fsycl-device-only`, release) against `g++ -fsyntax-only` of the
//! same file (the host pass's front end over the real headers), for every
//! program in `tests/e2e`. Prints figures and the ratio; asserts nothing.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Best wall time of `runs` runs of `cmd` (None if it fails).
fn best_of(runs: usize, mut cmd: impl FnMut() -> Command) -> Option<Duration> {
    let mut best: Option<Duration> = None;
    for _ in 0..runs {
        let start = Instant::now();
        let out = cmd().output().ok()?;
        let t = start.elapsed();
        if !out.status.success() {
            return None;
        }
        best = Some(best.map_or(t, |b| b.min(t)));
    }
    best
}

pub fn device_pass(root: &Path) -> Result<(), String> {
    crate::cargo_stream(root, &["build", "--release", "-p", "syclcc"])?;
    let syclcc = crate::target_dir(root).join("release/syclcc");
    let include = root.join("native-runtime/include");
    let cxx = std::env::var("SYCLCC_HOST_CXX").unwrap_or_else(|_| "g++".into());
    let mut files: Vec<_> = std::fs::read_dir(root.join("tests/e2e"))
        .map_err(|e| format!("cannot list tests/e2e: {e}"))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cpp"))
        .collect();
    files.sort();
    let out = std::env::temp_dir().join("syclone-bench-device-pass.spv");
    println!("| program | device pass | {cxx} -fsyntax-only | ratio |");
    println!("|---|---|---|---|");
    let (mut sum_ours, mut sum_host, mut log_ratio, mut n) = (0.0, 0.0, 0.0, 0);
    for f in &files {
        let ours = best_of(5, || {
            let mut c = Command::new(&syclcc);
            c.arg("-fsycl-device-only").arg(f).arg("-o").arg(&out);
            c
        });
        let host = best_of(3, || {
            let mut c = Command::new(&cxx);
            c.args(["-std=c++17", "-fsyntax-only", "-I"])
                .arg(&include)
                .arg(f);
            c
        });
        let name = f.file_name().unwrap_or_default().to_string_lossy();
        match (ours, host) {
            (Some(o), Some(h)) => {
                let (o, h) = (o.as_secs_f64() * 1e3, h.as_secs_f64() * 1e3);
                println!("| {name} | {o:.1} ms | {h:.0} ms | {:.3} |", o / h);
                sum_ours += o;
                sum_host += h;
                log_ratio += (o / h).ln();
                n += 1;
            }
            // Host-only programs have no device image to write.
            _ => println!("| {name} | (no kernels or failed) | | |"),
        }
    }
    if n > 0 {
        println!(
            "\n{n} programs: total {sum_ours:.0} ms against {sum_host:.0} ms (ratio {:.3}); geometric mean of ratios {:.3}",
            sum_ours / sum_host,
            (log_ratio / n as f64).exp()
        );
    }
    Ok(())
}
