//! Shared by the sandbox's integration tests: one sandbox per test binary
//! (its module cached under the target directory), the repository's paths,
//! requests for files on disk.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use syclone_sandbox::{CompileRequest, ReadOnlyDir, Sandbox};

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

pub fn runtime_include() -> PathBuf {
    repo_root().join("native-runtime/include")
}

/// The sandbox of this test binary. Fails with how to build the guest when
/// it is missing (`cargo xtask test` builds it first).
pub fn sandbox() -> &'static Sandbox {
    static SANDBOX: OnceLock<Sandbox> = OnceLock::new();
    SANDBOX.get_or_init(|| {
        let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sandbox-module-cache");
        Sandbox::builder()
            .cache_dir(cache)
            .build()
            .unwrap_or_else(|e| panic!("{e}"))
    })
}

/// A request for the file `path` (read from disk), with the runtime headers
/// and the file's directory mounted read-only at their own paths.
pub fn request_for(path: &Path) -> CompileRequest {
    let text = std::fs::read_to_string(path).expect("test source");
    // The language mode a `// syclcc-flags: -std=...` line asks for.
    let lang = text
        .lines()
        .take(10)
        .filter_map(|l| l.strip_prefix("// syclcc-flags:"))
        .flat_map(|flags| flags.split_whitespace())
        .filter_map(|f| f.strip_prefix("-std="))
        .filter_map(compiler_core::front::lang::LangStd::from_std_flag)
        .last()
        .unwrap_or_default();
    let mut request = CompileRequest::new(text, path.to_string_lossy());
    request.lang = lang;
    let include = runtime_include();
    request.include_dirs = vec![include.to_string_lossy().into_owned()];
    request.read_only_dirs = vec![
        ReadOnlyDir::at_same_path(&include).unwrap(),
        ReadOnlyDir::at_same_path(path.parent().unwrap()).unwrap(),
    ];
    request
}
