//! Includes read from the file system the guest sees: under wasmtime, only
//! the read-only directories the host preopened (at their host paths).
//! Relative paths resolve against the request's `cwd`; `.` and `..` are
//! resolved by name first, as the preopen lookup needs absolute paths.

use compiler_core::IncludeProvider;
use syclone_wasm::glue::normalize_path;

pub struct ReadOnlyFiles {
    cwd: String,
}

impl ReadOnlyFiles {
    pub fn new(cwd: &str) -> Self {
        ReadOnlyFiles {
            cwd: normalize_path(cwd),
        }
    }

    /// The absolute, normalized path `path` names.
    fn resolve(&self, path: &str) -> String {
        if path.starts_with('/') {
            normalize_path(path)
        } else {
            normalize_path(&format!("{}/{path}", self.cwd))
        }
    }
}

impl IncludeProvider for ReadOnlyFiles {
    /// Bytes that are not UTF-8 become U+FFFD, as in the native driver.
    fn read(&self, path: &str) -> Option<String> {
        let bytes = std::fs::read(self.resolve(path)).ok()?;
        Some(match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_resolve_against_cwd() {
        let files = ReadOnlyFiles::new("/work/proj/");
        assert_eq!(files.resolve("tests/a.h"), "/work/proj/tests/a.h");
        assert_eq!(files.resolve("../inc/./b.h"), "/work/inc/b.h");
        assert_eq!(files.resolve("/abs//c.h"), "/abs/c.h");
    }

    #[test]
    fn missing_files_and_directories_are_not_found() {
        let dir = std::env::temp_dir();
        let files = ReadOnlyFiles::new(&dir.to_string_lossy());
        assert!(files.read("syclone-no-such-header.h").is_none());
        assert!(files.read(&dir.to_string_lossy()).is_none());
    }
}
