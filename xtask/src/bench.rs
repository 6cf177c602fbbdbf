//! Compile-time benchmarks; they print figures and ratios, assert nothing.
//!
//! `cargo xtask bench-device-pass`: the whole device pass
//! (`syclcc -fsycl-device-only`, release) against `g++ -fsyntax-only` of the
//! same file (the host pass's front end over the real headers), for every
//! program in `tests/e2e`.
//!
//! `cargo xtask bench-build`: a whole build (`syclcc -O2 FILE -o EXE`,
//! release) of every program in `examples/`, split into its phases
//! (`--time-phases`), against `g++ -O2` compiling the same file host-only
//! (the same headers without the integration header: what
//! `syclcc -fsycl-host-only` runs) and linking it with the same runtime.

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

/// The phase times `syclcc --time-phases` prints, in ms: device pass, host
/// compiler, device link and wrapper, link.
fn parse_phases(stderr: &str) -> Option<[f64; 4]> {
    let line = stderr.lines().find(|l| l.starts_with("syclcc: time: "))?;
    let mut out = [0.0; 4];
    for (i, label) in [
        ": device pass ",
        ", host compiler ",
        ", device link and wrapper ",
        ", link ",
    ]
    .iter()
    .enumerate()
    {
        let start = line.find(label)? + label.len();
        let value = line[start..].split_whitespace().next()?;
        out[i] = value.parse().ok()?;
    }
    Some(out)
}

/// Runs `cmd` `runs` times; the fastest run's wall time and stderr.
fn fastest(runs: usize, mut cmd: impl FnMut() -> Command) -> Result<(Duration, String), String> {
    let mut best: Option<(Duration, String)> = None;
    for _ in 0..runs {
        let mut c = cmd();
        let start = Instant::now();
        let out = c.output().map_err(|e| format!("{c:?}: {e}"))?;
        let t = start.elapsed();
        if !out.status.success() {
            return Err(format!(
                "{c:?} failed:\n{}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        if best.as_ref().is_none_or(|(b, _)| t < *b) {
            best = Some((t, String::from_utf8_lossy(&out.stderr).into_owned()));
        }
    }
    best.ok_or_else(|| "no runs".into())
}

/// The newest `libsyclone_rt-*.a` in `dir` (where cargo leaves it).
fn runtime_lib(dir: &Path) -> Result<std::path::PathBuf, String> {
    std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with("libsyclone_rt") && n.ends_with(".a")
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max_by_key(|(t, _)| *t)
        .map(|(_, p)| p)
        .ok_or_else(|| format!("no libsyclone_rt*.a in {}", dir.display()))
}

pub fn build(root: &Path) -> Result<(), String> {
    crate::cargo_stream(root, &["build", "--release", "-p", "syclcc"])?;
    let release = crate::target_dir(root).join("release");
    let syclcc = release.join("syclcc");
    let rt = runtime_lib(&release.join("deps"))?;
    let include = root.join("native-runtime/include");
    let cxx = std::env::var("SYCLCC_HOST_CXX").unwrap_or_else(|_| "g++".into());
    let mut files: Vec<_> = std::fs::read_dir(root.join("examples"))
        .map_err(|e| format!("cannot list examples: {e}"))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cpp"))
        .collect();
    files.sort();
    let out = std::env::temp_dir().join(format!("syclone-bench-build-{}", std::process::id()));
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "| program | device pass | host compile | device link + wrapper | link | syclcc total | {cxx} -O2 host-only | ratio |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let (mut sum_ours, mut sum_plain) = (0.0, 0.0);
    for f in &files {
        let name = f.file_name().unwrap_or_default().to_string_lossy();
        let (ours, stderr) = fastest(3, || {
            let mut c = Command::new(&syclcc);
            c.env("SYCLCC_HOST_CXX", &cxx)
                .env("SYCLONE_RUNTIME_LIB", &rt)
                .args(["-O2", "--time-phases"])
                .arg(f)
                .arg("-o")
                .arg(out.join("syclcc.out"));
            c
        })?;
        let phases =
            parse_phases(&stderr).ok_or_else(|| format!("no --time-phases line in:\n{stderr}"))?;
        let (plain, _) = fastest(3, || {
            let mut c = Command::new(&cxx);
            c.args(["-std=c++17", "-O2", "-isystem"])
                .arg(&include)
                .arg(f)
                .arg(&rt)
                .args(["-lpthread", "-ldl", "-lm", "-lrt", "-o"])
                .arg(out.join("plain.out"));
            c
        })?;
        let (o, p) = (ours.as_secs_f64() * 1e3, plain.as_secs_f64() * 1e3);
        println!(
            "| {name} | {:.0} ms | {:.0} ms | {:.0} ms | {:.0} ms | {o:.0} ms | {p:.0} ms | {:.2} |",
            phases[0],
            phases[1],
            phases[2],
            phases[3],
            o / p
        );
        sum_ours += o;
        sum_plain += p;
    }
    if !files.is_empty() {
        println!(
            "\n{} programs: syclcc {sum_ours:.0} ms against {cxx} {sum_plain:.0} ms (ratio {:.2})",
            files.len(),
            sum_ours / sum_plain
        );
    }
    let _ = std::fs::remove_dir_all(&out);
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn phases_are_read_back() {
        let line = "x\nsyclcc: time: device pass 12.5 ms, host compiler 800.0 ms, device link and wrapper 1.2 ms, link 300.1 ms, total 1113.8 ms\n";
        assert_eq!(super::parse_phases(line), Some([12.5, 800.0, 1.2, 300.1]));
        assert_eq!(super::parse_phases("nothing"), None);
    }
}
