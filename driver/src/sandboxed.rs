//! `--sandbox`: the device pass in the wasmtime sandbox (`syclone-sandbox`).
//! The source's directory and every include directory that exists are
//! mounted read-only at their own absolute paths, and the guest resolves
//! relative paths against the current directory, so file names in
//! diagnostics, dependencies and `__FILE__` are those of an in-process
//! compile. One sandbox serves all sources of a run; its compiled module is
//! cached in `<cache dir>/sandbox` when there is a cache directory.

use crate::device_pass::PassOutput;
use crate::error::{DriverError, Result};
use compiler_core::CompileOptions;
use std::path::Path;
use std::sync::OnceLock;
use syclone_sandbox::{CompileRequest, ReadOnlyDir, Sandbox};

/// The sandbox of this process, made on first use.
fn sandbox() -> Result<&'static Sandbox> {
    static SANDBOX: OnceLock<std::result::Result<Sandbox, String>> = OnceLock::new();
    SANDBOX
        .get_or_init(|| {
            let mut builder = Sandbox::builder();
            if let Ok(dir) = crate::paths::cache_dir() {
                builder = builder.cache_dir(dir.join("sandbox"));
            }
            builder.build().map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|e| DriverError::Other(format!("cannot start the sandbox: {e}")))
}

/// Compiles `text` (the contents of `source`) with `copts` in the sandbox.
pub fn compile(source: &Path, text: String, copts: &CompileOptions) -> Result<PassOutput> {
    let request = request(source, text, copts)?;
    let out = sandbox()?.compile(&request).map_err(|e| {
        DriverError::Other(format!(
            "the sandboxed device pass of {} failed: {e}",
            source.display()
        ))
    })?;
    Ok(PassOutput {
        has_errors: out.has_errors(),
        rendered_diagnostics: out.rendered_diagnostics,
        diagnostics_json: out.diagnostics_json,
        bundle: out.bundle,
        integration_header: out.integration_header,
        integration_footer: out.integration_footer,
        ir_text: out.ir_text,
        dependencies: out.dependencies,
    })
}

/// The request for `copts`: the same options, the directories mounted.
fn request(source: &Path, text: String, copts: &CompileOptions) -> Result<CompileRequest> {
    let cwd = std::env::current_dir()
        .map_err(|e| DriverError::Other(format!("cannot read the current directory: {e}")))?;
    let mut request = CompileRequest::new(text, copts.main_file_name.clone());
    request.defines = copts.defines.clone();
    request.undefines = copts.undefines.clone();
    request.include_dirs = copts.include_dirs.clone();
    request.system_include_dirs = copts.system_include_dirs.clone();
    request.targets = copts.targets.clone();
    request.host_compiler = copts.host_compiler;
    request.color_diagnostics = copts.color_diagnostics;
    request.split = copts.split;
    request.rdc = copts.rdc;
    request.fp_contract = copts.fp_contract;
    request.lang = copts.lang;
    request.cwd = Some(cwd.to_string_lossy().into_owned());

    let source_dir = match source.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let dirs = std::iter::once(source_dir).chain(
        copts
            .include_dirs
            .iter()
            .chain(&copts.system_include_dirs)
            .map(Path::new),
    );
    for dir in dirs.filter(|d| d.is_dir()) {
        let mount = ReadOnlyDir::at_same_path(&cwd.join(dir))
            .map_err(|e| DriverError::Other(format!("cannot mount {}: {e}", dir.display())))?;
        if !request
            .read_only_dirs
            .iter()
            .any(|m| m.guest_path == mount.guest_path)
        {
            request.read_only_dirs.push(mount);
        }
    }
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_and_include_dirs_are_mounted_once_at_their_own_paths() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let copts = CompileOptions {
            main_file_name: "src/main.rs".into(),
            include_dirs: vec![
                root.join("src").to_string_lossy().into_owned(),
                "/syclone-no-such-dir".into(),
            ],
            system_include_dirs: vec![root.to_string_lossy().into_owned()],
            ..CompileOptions::default()
        };
        let r = request(&root.join("src/main.rs"), String::new(), &copts).unwrap();
        let guest: Vec<&str> = r
            .read_only_dirs
            .iter()
            .map(|d| d.guest_path.as_str())
            .collect();
        let src = root.join("src").to_string_lossy().into_owned();
        assert_eq!(guest, [src.as_str(), &root.to_string_lossy()]);
        assert_eq!(r.include_dirs, copts.include_dirs);
        assert!(r.cwd.is_some());
    }
}
