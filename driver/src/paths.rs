//! Where the runtime's headers and static library are: environment
//! overrides, the installed layout next to the executable, then the cargo
//! build tree and the source tree.

use std::path::{Path, PathBuf};

/// Directory of the running `syclcc` executable.
fn exe_dir() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let exe = exe.canonicalize().unwrap_or(exe);
    exe.parent().map(Path::to_path_buf)
}

/// The directory holding `sycl/sycl.hpp`: `$SYCLONE_INCLUDE`, else
/// `<exe_dir>/../include` (installed layout), else the source tree.
pub fn runtime_include_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("SYCLONE_INCLUDE") {
        return PathBuf::from(dir);
    }
    if let Some(dir) = exe_dir() {
        let installed = dir.join("../include");
        if installed.join("sycl/sycl.hpp").is_file() {
            return installed;
        }
    }
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../native-runtime/include"
    ))
}

/// The runtime static library `libsyclone_rt.a`. Searched in order:
/// `$SYCLONE_RUNTIME_LIB`; the newest of `<exe_dir>/libsyclone_rt.a` and
/// `<exe_dir>/deps/libsyclone_rt-*.a` (where `cargo build -p syclcc` puts it);
/// `<exe_dir>/../lib/libsyclone_rt.a` (installed layout).
pub fn runtime_static_lib() -> Result<PathBuf, String> {
    let mut searched = Vec::new();
    if let Some(p) = std::env::var_os("SYCLONE_RUNTIME_LIB") {
        let p = PathBuf::from(p);
        if p.is_file() {
            return Ok(p);
        }
        // An explicit choice that is wrong is an error, not a reason to
        // silently take another library.
        return Err(format!(
            "SYCLONE_RUNTIME_LIB names {}, which is not a file",
            p.display()
        ));
    }
    if let Some(dir) = exe_dir() {
        // In a cargo build tree the library is uplifted to <exe_dir> by some
        // builds and left in deps/ by others: take the newest, never a stale copy.
        let direct = dir.join("libsyclone_rt.a");
        let in_deps = newest_matching(&dir.join("deps"), "libsyclone_rt-", ".a");
        let newest = [Some(direct.clone()).filter(|p| p.is_file()), in_deps]
            .into_iter()
            .flatten()
            .filter_map(|p| Some((p.metadata().ok()?.modified().ok()?, p)))
            .max_by_key(|(t, _)| *t)
            .map(|(_, p)| p);
        if let Some(p) = newest {
            return Ok(p);
        }
        searched.push(direct.display().to_string());
        searched.push(format!("{}/libsyclone_rt-*.a", dir.join("deps").display()));
        let installed = dir.join("../lib/libsyclone_rt.a");
        if installed.is_file() {
            return Ok(installed);
        }
        searched.push(installed.display().to_string());
    }
    Err(format!(
        "cannot find the runtime library libsyclone_rt.a (searched: {}); build it with \
         `cargo build -p syclcc` or set SYCLONE_RUNTIME_LIB",
        searched.join(", ")
    ))
}

/// The most recently modified file in `dir` named `prefix*suffix`.
fn newest_matching(dir: &Path, prefix: &str, suffix: &str) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with(prefix) && name.ends_with(suffix)
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max_by_key(|(t, _)| *t)
        .map(|(_, p)| p)
}

/// The cache directory of `syclcc run`: `$XDG_CACHE_HOME/syclone`, else
/// `~/.cache/syclone`.
pub fn cache_dir() -> Result<PathBuf, String> {
    if let Some(x) = std::env::var_os("XDG_CACHE_HOME").filter(|x| !x.is_empty()) {
        return Ok(PathBuf::from(x).join("syclone"));
    }
    match std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        Some(home) => Ok(PathBuf::from(home).join(".cache/syclone")),
        None => Err("cannot find a cache directory: neither XDG_CACHE_HOME nor HOME is set".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_tree_include_dir_has_sycl_hpp() {
        // Unless overridden, the fallback must point at the real header.
        if std::env::var_os("SYCLONE_INCLUDE").is_none() {
            assert!(runtime_include_dir().join("sycl/sycl.hpp").is_file());
        }
    }

    #[test]
    fn newest_matching_picks_latest() {
        let dir = std::env::temp_dir().join(format!("syclcc-paths-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("libsyclone_rt-aaa.a"), "old").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(dir.join("libsyclone_rt-bbb.a"), "new").unwrap();
        std::fs::write(dir.join("libsyclone_rt-ccc.rlib"), "not it").unwrap();
        let p = newest_matching(&dir, "libsyclone_rt-", ".a").unwrap();
        assert_eq!(p.file_name().unwrap(), "libsyclone_rt-bbb.a");
        std::fs::remove_dir_all(&dir).ok();
    }
}
