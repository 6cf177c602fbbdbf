//! Run-time compilation of SYCL source (`sycl_ext_oneapi_kernel_compiler`
//! with `source_language::sycl`): the source's free-function kernels are
//! compiled by `syclcc --sandbox` (the compiler as WebAssembly under
//! wasmtime, with memory and time limits, in a child process), and the
//! device images it produces are registered under keys private to the
//! program (`rtc<N>:<kernel name>`), so that two programs may define kernels
//! of the same name. Releasing the program unregisters its images.
//!
//! The compiler is `$SYCLONE_SYCLCC`, else `syclcc` on `PATH`
//! (`syclcc run` sets `SYCLONE_SYCLCC` for the programs it runs).

use crate::error::{RtError, RtResult};
use crate::registry;
use compiler_core::bundle::DeviceBundle;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a run-time compilation needs besides the source.
#[derive(Debug, Default)]
pub struct SourceBuild<'a> {
    /// Virtual headers the source may `#include "name"`: (name, contents).
    pub include_files: Vec<(&'a str, &'a str)>,
    /// Compiler options: `-DNAME[=VALUE]`, `-UNAME`, `-I` is not allowed
    /// (the sandbox sees only the include files given here).
    pub options: Vec<&'a str>,
}

/// A compiled program: its registered kernels, by name.
#[derive(Debug)]
pub struct Program {
    id: u64,
    /// The registered bundle (keys rewritten), to unregister it.
    bundle: Vec<u8>,
    kernel_names: Vec<String>,
    /// The compiler's diagnostics (warnings on success).
    pub log: String,
}

static NEXT_PROGRAM: AtomicU64 = AtomicU64::new(1);

impl Program {
    /// Compiles `source` in the sandbox and registers its kernels.
    pub fn build(source: &str, build: &SourceBuild) -> RtResult<Program> {
        Program::build_with_compiler(&compiler(), source, build)
    }

    /// [`Program::build`] with the compiler at `compiler`.
    pub fn build_with_compiler(
        compiler: &Path,
        source: &str,
        build: &SourceBuild,
    ) -> RtResult<Program> {
        check_options(&build.options)?;
        let dir = TempDir::new()?;
        let main = dir.path.join("kernels.cpp");
        write(&main, source)?;
        for (name, contents) in &build.include_files {
            let path = dir.path.join(checked_include_name(name)?);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| build_error(format!("cannot write include file {name}: {e}")))?;
            }
            write(&path, contents)?;
        }
        let bundle_path = dir.path.join("bundle.json");
        let output = Command::new(compiler)
            .arg("--sandbox")
            .arg("-fsycl-device-only")
            .arg("-fno-color-diagnostics")
            .arg(format!("--emit-bundle={}", bundle_path.display()))
            .arg("-I")
            .arg(&dir.path)
            .args(&build.options)
            .arg(&main)
            .arg("-o")
            .arg(dir.path.join("kernels.spv"))
            .output()
            .map_err(|e| {
                build_error(format!(
                    "cannot run the SYCL compiler {} ({e}); set SYCLONE_SYCLCC to syclcc built with --features sandbox",
                    compiler.display()
                ))
            })?;
        let log = String::from_utf8_lossy(&output.stderr)
            .replace(&format!("{}/", dir.path.display()), "");
        if !output.status.success() {
            return Err(build_error(format!(
                "compiling the kernel source failed:\n{log}"
            )));
        }
        let bytes = std::fs::read(&bundle_path)
            .map_err(|e| build_error(format!("the compiler wrote no device images: {e}")))?;
        let mut bundle = DeviceBundle::from_bytes(&bytes)
            .map_err(|e| build_error(format!("cannot read the compiler's device images: {e}")))?;
        let id = NEXT_PROGRAM.fetch_add(1, Ordering::Relaxed);
        let mut kernel_names = vec![];
        for image in &mut bundle.images {
            for k in &mut image.kernels {
                if !kernel_names.contains(&k.key) {
                    kernel_names.push(k.key.clone());
                }
                k.key = program_key(id, &k.key);
            }
        }
        let bundle = bundle.to_bytes();
        registry::register(&bundle)
            .map_err(|e| build_error(format!("cannot register the device images: {e}")))?;
        Ok(Program {
            id,
            bundle,
            kernel_names,
            log,
        })
    }

    /// The launch key of kernel `name` (`ext_oneapi_get_kernel`), or an
    /// error listing the kernels there are.
    pub fn kernel_key(&self, name: &str) -> RtResult<String> {
        if self.has_kernel(name) {
            return Ok(program_key(self.id, name));
        }
        Err(RtError::Invalid(format!(
            "the kernel bundle has no kernel named '{name}' (it has: {})",
            if self.kernel_names.is_empty() {
                "none".to_string()
            } else {
                self.kernel_names.join(", ")
            }
        )))
    }

    pub fn has_kernel(&self, name: &str) -> bool {
        self.kernel_names.iter().any(|k| k == name)
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // The bundle was registered from these very bytes.
        let _ = registry::unregister(&self.bundle);
    }
}

fn program_key(id: u64, name: &str) -> String {
    format!("rtc{id}:{name}")
}

fn build_error(reason: String) -> RtError {
    RtError::SourceBuild(reason)
}

/// `$SYCLONE_SYCLCC`, else `syclcc` (found on `PATH`).
fn compiler() -> PathBuf {
    match std::env::var_os("SYCLONE_SYCLCC") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from("syclcc"),
    }
}

/// Only macro definitions reach the compiler: anything else could name
/// host files or change what runs.
fn check_options(options: &[&str]) -> RtResult<()> {
    for o in options {
        let ok = (o.starts_with("-D") && o.len() > 2) || (o.starts_with("-U") && o.len() > 2);
        if !ok {
            return Err(build_error(format!(
                "unsupported build option '{o}' (only -DNAME[=VALUE] and -UNAME are accepted)"
            )));
        }
    }
    Ok(())
}

/// A relative path without `..`: include files live inside the build's
/// own directory.
fn checked_include_name(name: &str) -> RtResult<&str> {
    let path = Path::new(name);
    let inside = !name.is_empty()
        && path
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)));
    if inside {
        Ok(name)
    } else {
        Err(build_error(format!(
            "include file name '{name}' must be a relative path without '..'"
        )))
    }
}

fn write(path: &Path, contents: &str) -> RtResult<()> {
    std::fs::write(path, contents)
        .map_err(|e| build_error(format!("cannot write {}: {e}", path.display())))
}

/// A fresh directory under the system's temporary directory, removed on drop.
struct TempDir {
    path: PathBuf,
}

impl TempDir {
    fn new() -> RtResult<TempDir> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("syclone-rtc-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .map_err(|e| build_error(format!("cannot create {}: {e}", path.display())))?;
        Ok(TempDir { path })
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_macro_options_are_accepted() {
        assert!(check_options(&["-DN=4", "-UFAST"]).is_ok());
        for bad in ["-I/etc", "--sandbox", "-o", "-D", "x.cpp"] {
            let e = check_options(&[bad]).unwrap_err().to_string();
            assert!(e.contains(&format!("'{bad}'")), "{e}");
        }
    }

    #[test]
    fn include_files_stay_inside_the_build_directory() {
        assert!(checked_include_name("util.h").is_ok());
        assert!(checked_include_name("sub/util.h").is_ok());
        for bad in ["../x.h", "/etc/passwd", "a/../../b.h", ""] {
            assert!(checked_include_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_missing_compiler_is_a_build_error_naming_it() {
        let e = Program::build_with_compiler(
            Path::new("/nonexistent/syclcc"),
            "int main() {}",
            &SourceBuild::default(),
        )
        .unwrap_err();
        assert_eq!(e.errc(), crate::error::Errc::Build);
        assert!(e.to_string().contains("/nonexistent/syclcc"), "{e}");
    }
}
