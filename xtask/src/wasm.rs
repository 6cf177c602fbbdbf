//! `cargo xtask wasm-test`: build the compiler as WebAssembly, generate the
//! Node and web bindings with wasm-bindgen, compile the reference program
//! with the native driver and run the Node tests that compare the two.
//! Installs the wasm32 target and the wasm-bindgen CLI (at the version pinned
//! in `wasm/Cargo.toml`) when they are missing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// The wasm-bindgen packages, relative to the root.
pub const PKG_NODE: &str = "wasm/pkg-node";
pub const PKG_WEB: &str = "wasm/pkg-web";

/// Runs the whole wasm test; output streams to the terminal. `syclcc`:
/// the native driver to compare with (`cargo xtask test` passes the one it
/// built, which has the same device pass; else a plain debug one is built).
pub fn test(root: &Path, syclcc: Option<&Path>) -> Result<(), String> {
    build_packages(root)?;
    let target_dir = target_dir(root);
    let built = target_dir.join("debug/syclcc");
    let syclcc = match syclcc {
        Some(s) => s,
        None => {
            run(cargo(root).args(["build", "-p", "syclcc"]))?;
            &built
        }
    };
    let bundle_dir = target_dir.join("wasm-test/native-bundles");
    let host = native_bundles(root, syclcc, &bundle_dir)?;

    run(Command::new("node")
        .current_dir(root)
        .args(["--test", "wasm/tests/"])
        .env("SYCLONE_NATIVE_BUNDLE_DIR", &bundle_dir)
        .env("SYCLONE_HOST_COMPILER", host))
}

/// Builds the compiler for wasm32 (release) and generates `wasm/pkg-node`
/// and `wasm/pkg-web` with wasm-bindgen; returns the cargo output (.wasm).
pub fn build_packages(root: &Path) -> Result<PathBuf, String> {
    ensure_target(root, WASM_TARGET)?;
    let version = pinned_wasm_bindgen_version(root)?;
    let bindgen = ensure_wasm_bindgen_cli(root, &version)?;
    run(cargo(root).args([
        "build",
        "-p",
        "syclone-wasm",
        "--target",
        WASM_TARGET,
        "--release",
    ]))?;
    let wasm = target_dir(root)
        .join(WASM_TARGET)
        .join("release/syclone_wasm.wasm");
    for (flavour, out) in [("nodejs", PKG_NODE), ("web", PKG_WEB)] {
        run(Command::new(&bindgen)
            .current_dir(root)
            .args(["--target", flavour, "--out-dir", out])
            .arg(&wasm))?;
    }
    Ok(wasm)
}

/// The test programs: every `.cpp` of `tests/e2e` and `examples`, relative
/// to the root, sorted.
pub fn programs(root: &Path) -> Result<Vec<String>, String> {
    let mut all = vec![];
    for dir in ["tests/e2e", "examples"] {
        let entries =
            std::fs::read_dir(root.join(dir)).map_err(|e| format!("cannot list {dir}: {e}"))?;
        for entry in entries {
            let name = entry
                .map_err(|e| format!("cannot list {dir}: {e}"))?
                .file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".cpp") {
                all.push(format!("{dir}/{name}"));
            }
        }
    }
    all.sort();
    Ok(all)
}

/// Writes the device bundle `syclcc --host-cxx=g++ -fsycl-device-only`
/// makes of every test program to `out_dir/<path_with_underscores>.json`
/// (none for a program without kernels), one program per CPU at a time;
/// returns the host compiler ("gcc 12") for the Node test to compile with
/// the same layout rules.
fn native_bundles(root: &Path, syclcc: &Path, out_dir: &Path) -> Result<String, String> {
    // Stale files from an earlier run must not stand in for this one.
    let _ = std::fs::remove_dir_all(out_dir);
    std::fs::create_dir_all(out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let programs = programs(root)?;
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut failures = vec![];
                    while let Some(program) = programs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        if let Err(e) = native_bundle(root, syclcc, out_dir, program) {
                            failures.push(e);
                        }
                    }
                    failures
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| {
                w.join()
                    .unwrap_or_else(|_| vec!["a worker panicked".into()])
            })
            .collect()
    });
    if !failures.is_empty() {
        return Err(failures.join("\n"));
    }
    Ok(format!("gcc {}", gcc_major()?))
}

/// Writes `program`'s native bundle to `out_dir` (none when it has no
/// kernels: the Node test expects none from the wasm compiler either).
fn native_bundle(root: &Path, syclcc: &Path, out_dir: &Path, program: &str) -> Result<(), String> {
    let stem = program.replace('/', "_").replace(".cpp", "");
    let bundle = out_dir.join(format!("{stem}.json"));
    let mut cmd = Command::new(syclcc);
    cmd.current_dir(root)
        .args(crate::e2e::test_flags(&root.join(program)))
        .args(["--host-cxx=g++", "-fsycl-device-only", program])
        .arg(format!("--emit-bundle={}", bundle.display()))
        .arg("-o")
        .arg(out_dir.join(format!("{stem}.spv")));
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        if stderr.contains("defines no kernels") {
            let _ = std::fs::remove_file(&bundle);
            return Ok(());
        }
        return Err(format!("{cmd:?} failed ({}):\n{stderr}", out.status));
    }
    if !bundle.is_file() {
        return Err(format!(
            "syclcc -fsycl-device-only {program} exited successfully but wrote no {}",
            bundle.display()
        ));
    }
    Ok(())
}

/// The major version of `g++` (`12`).
pub fn gcc_major() -> Result<String, String> {
    let version =
        output(Command::new("g++").arg("-dumpversion")).ok_or("cannot run `g++ -dumpversion`")?;
    Ok(version
        .trim()
        .split('.')
        .next()
        .unwrap_or_default()
        .to_string())
}

pub fn cargo(root: &Path) -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.current_dir(root);
    cmd
}

/// `CARGO_TARGET_DIR` when set (relative to the root), else `<root>/target`.
pub fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// Runs `cmd` with inherited stdio; Err when it cannot start or fails.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    let shown = format!("{cmd:?}");
    eprintln!("xtask: {shown}");
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed ({status})"))
    }
}

/// Standard output of `cmd`, or `None` when it cannot run or fails.
pub fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Installs the rustup target `target` if it is missing.
pub fn ensure_target(root: &Path, target: &str) -> Result<(), String> {
    let installed =
        output(
            Command::new("rustup")
                .current_dir(root)
                .args(["target", "list", "--installed"]),
        )
        .ok_or("cannot run `rustup target list --installed`")?;
    if installed.lines().any(|l| l.trim() == target) {
        return Ok(());
    }
    run(Command::new("rustup")
        .current_dir(root)
        .args(["target", "add", target]))
}

/// The `=x.y.z` requirement of `wasm-bindgen` in `wasm/Cargo.toml`.
fn pinned_wasm_bindgen_version(root: &Path) -> Result<String, String> {
    let manifest = root.join("wasm/Cargo.toml");
    let text = std::fs::read_to_string(&manifest)
        .map_err(|e| format!("cannot read {}: {e}", manifest.display()))?;
    parse_pinned_version(&text, "wasm-bindgen").ok_or_else(|| {
        format!(
            "{} must pin wasm-bindgen exactly (wasm-bindgen = \"=x.y.z\")",
            manifest.display()
        )
    })
}

/// Finds `name = "=x.y.z"` or `name = { version = "=x.y.z", ... }`.
fn parse_pinned_version(manifest: &str, name: &str) -> Option<String> {
    manifest.lines().find_map(|line| {
        let (key, value) = line.split_once('=')?;
        if key.trim() != name {
            return None;
        }
        let value = value.trim();
        let value = match value.strip_prefix('{') {
            Some(table) => table.split(',').find_map(|kv| {
                let (k, v) = kv.split_once('=')?;
                (k.trim() == "version").then(|| v.trim().trim_end_matches('}').trim())
            })?,
            None => value,
        };
        let version = value.trim_matches('"').strip_prefix('=')?.trim();
        (!version.is_empty()).then(|| version.to_string())
    })
}

/// The `wasm-bindgen` binary at `version`, installed with cargo if missing.
fn ensure_wasm_bindgen_cli(root: &Path, version: &str) -> Result<PathBuf, String> {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let candidates: Vec<PathBuf> = cargo_home
        .iter()
        .map(|h| h.join("bin/wasm-bindgen"))
        .chain([PathBuf::from("wasm-bindgen")])
        .collect();
    let wanted = format!("wasm-bindgen {version}");
    let found = || {
        candidates
            .iter()
            .find(|bin| {
                output(Command::new(bin).arg("--version"))
                    .is_some_and(|v| v.split_whitespace().take(2).eq(wanted.split(' ')))
            })
            .cloned()
    };
    if let Some(bin) = found() {
        return Ok(bin);
    }
    eprintln!("xtask: installing wasm-bindgen-cli {version} (takes a few minutes)");
    // Optimized a little: it runs twice per test run, on one module, and
    // its build at opt-level 3 took several minutes of a clean CI run.
    let install = |locked: bool| {
        let mut cmd = cargo(root);
        // `--force`: the binary is missing here even where cargo's record
        // says the package is installed (a deleted or moved binary).
        cmd.args([
            "install",
            "--force",
            "wasm-bindgen-cli",
            "--version",
            version,
        ])
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1");
        if locked {
            cmd.arg("--locked");
        }
        run(&mut cmd)
    };
    if install(true).is_err() {
        // The lock file of a CLI release can name a dependency version the
        // registry no longer serves; the CLI's own version is what must match.
        eprintln!("xtask: retrying without --locked");
        install(false)?;
    }
    found().ok_or_else(|| format!("wasm-bindgen {version} still not found after installing"))
}

#[cfg(test)]
mod tests {
    use super::parse_pinned_version;

    #[test]
    fn pinned_version_is_read_from_either_spelling() {
        let plain =
            "[dependencies]\nwasm-bindgen = \"=0.2.130\"\nserde-wasm-bindgen = \"=0.6.5\"\n";
        assert_eq!(
            parse_pinned_version(plain, "wasm-bindgen").as_deref(),
            Some("0.2.130")
        );
        let table = "wasm-bindgen = { version = \"=0.2.99\", features = [\"serde\"] }\n";
        assert_eq!(
            parse_pinned_version(table, "wasm-bindgen").as_deref(),
            Some("0.2.99")
        );
        assert_eq!(
            parse_pinned_version("wasm-bindgen = \"0.2\"\n", "wasm-bindgen"),
            None
        );
        assert_eq!(
            parse_pinned_version("# wasm-bindgen = \"=1\"\n", "wasm-bindgen"),
            None
        );
    }
}
