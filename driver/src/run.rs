//! `syclcc run`: compile into a cache directory keyed by the source, the
//! options and the driver itself, recompile when stale, then exec the program.

use crate::cli::Options;
use crate::error::{io_at, DriverError, Result};
use crate::paths;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// 64-bit FNV-1a: a stable hash (unlike `DefaultHasher`, fixed across Rust
/// versions), good enough for cache keys.
#[derive(Clone, Copy)]
pub struct Fnv64(u64);

impl Fnv64 {
    pub fn new() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
    /// Feeds `bytes` followed by a separator, so fields cannot run together.
    pub fn field(mut self, bytes: &[u8]) -> Self {
        for &b in bytes.iter().chain(&[0xff]) {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        self
    }
    pub fn finish(self) -> u64 {
        self.0
    }
}

fn mtime_nanos(path: &Path) -> u128 {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos())
}

/// The cache key: source path and contents, the options that shape the
/// build, the host compiler choice, and the syclcc binary's mtime.
fn cache_key(source: &Path, contents: &[u8], opts: &Options) -> u64 {
    let mut shaping = opts.clone();
    shaping.run_args.clear();
    shaping.verbose = false;
    let exe = std::env::current_exe()
        .map(|p| mtime_nanos(&p))
        .unwrap_or(0);
    let env = |k: &str| std::env::var(k).unwrap_or_default();
    Fnv64::new()
        .field(source.to_string_lossy().as_bytes())
        .field(contents)
        .field(format!("{shaping:?}").as_bytes())
        .field(exe.to_string().as_bytes())
        .field(env("SYCLCC_HOST_CXX").as_bytes())
        .field(env("SYCLONE_INCLUDE").as_bytes())
        .field(env("SYCLONE_RUNTIME_LIB").as_bytes())
        .finish()
}

/// A cached program is fresh when every file the device pass read is older
/// than it (files that are not on disk, like model headers, are covered by
/// the driver's mtime in the key).
fn is_fresh(exe: &Path, deps_file: &Path) -> bool {
    let (Some(exe_time), Ok(deps)) = (
        std::fs::metadata(exe).and_then(|m| m.modified()).ok(),
        std::fs::read_to_string(deps_file),
    ) else {
        return false;
    };
    deps.lines().filter(|l| !l.is_empty()).all(|dep| {
        match std::fs::metadata(dep).and_then(|m| m.modified()) {
            Ok(t) => t <= exe_time,
            Err(_) => true,
        }
    })
}

/// Builds (if needed) and runs the program; does not return on success.
pub fn run(opts: &Options) -> Result<()> {
    let source = &opts.sources[0];
    let canonical = source.canonicalize().map_err(io_at(source))?;
    let contents = std::fs::read(&canonical).map_err(io_at(&canonical))?;
    let key = cache_key(&canonical, &contents, opts);
    let dir = paths::cache_dir()
        .map_err(DriverError::Other)?
        .join("bin")
        .join(format!("{key:016x}"));
    let stem = source
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "prog".into());
    let exe = dir.join(&stem);
    let deps_file = dir.join("deps");

    if is_fresh(&exe, &deps_file) {
        if opts.verbose {
            eprintln!("syclcc: using cached {}", exe.display());
        }
    } else {
        std::fs::create_dir_all(&dir).map_err(io_at(&dir))?;
        let partial = dir.join(format!("{stem}.partial-{}", std::process::id()));
        let deps = crate::pipeline::build_executable(opts, &partial)?;
        let mut list = canonical.to_string_lossy().into_owned();
        for d in deps {
            list.push('\n');
            list.push_str(&d);
        }
        std::fs::write(&deps_file, list).map_err(io_at(&deps_file))?;
        std::fs::rename(&partial, &exe).map_err(io_at(&exe))?;
    }
    exec(&exe, &opts.run_args, opts.verbose)
}

/// The program's run-time kernel compiler is this syclcc
/// (`SYCLONE_SYCLCC`), unless the caller chose another.
fn with_kernel_compiler(cmd: &mut std::process::Command) {
    if std::env::var_os("SYCLONE_SYCLCC").is_none() {
        if let Ok(me) = std::env::current_exe() {
            cmd.env("SYCLONE_SYCLCC", me);
        }
    }
}

#[cfg(unix)]
fn exec(exe: &PathBuf, args: &[String], verbose: bool) -> Result<()> {
    use std::os::unix::process::CommandExt;
    let mut cmd = std::process::Command::new(exe);
    cmd.args(args);
    with_kernel_compiler(&mut cmd);
    if verbose {
        eprintln!(" {}", crate::tool::display(&cmd));
    }
    // exec replaces this process, so the program's exit code and signals are
    // its own; it only returns on failure.
    let err = cmd.exec();
    Err(DriverError::Io {
        path: exe.clone(),
        source: err,
    })
}

#[cfg(not(unix))]
fn exec(exe: &PathBuf, args: &[String], _verbose: bool) -> Result<()> {
    let mut cmd = std::process::Command::new(exe);
    cmd.args(args);
    with_kernel_compiler(&mut cmd);
    let status = cmd.status().map_err(io_at(exe))?;
    std::process::exit(status.code().unwrap_or(1));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_reference_and_separates_fields() {
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c; our field adds 0xff after it.
        let mut h = Fnv64::new();
        h.0 ^= b'a' as u64;
        h.0 = h.0.wrapping_mul(0x0100_0000_01b3);
        assert_eq!(h.0, 0xaf63_dc4c_8601_ec8c);
        assert_ne!(
            Fnv64::new().field(b"ab").field(b"c").finish(),
            Fnv64::new().field(b"a").field(b"bc").finish()
        );
    }

    #[test]
    fn staleness_follows_dependencies() {
        let dir = std::env::temp_dir().join(format!("syclcc-run-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (exe, deps, header) = (dir.join("prog"), dir.join("deps"), dir.join("h.hpp"));
        std::fs::write(&header, "x").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&exe, "bin").unwrap();
        assert!(!is_fresh(&exe, &deps), "no deps file: stale");
        std::fs::write(&deps, format!("{}\n<model>/vector", header.display())).unwrap();
        assert!(is_fresh(&exe, &deps));
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&header, "y").unwrap();
        assert!(!is_fresh(&exe, &deps), "a newer header makes it stale");
        std::fs::remove_dir_all(&dir).ok();
    }
}
