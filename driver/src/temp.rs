//! A private temporary directory for intermediate files, removed on drop
//! (kept when `SYCLCC_KEEP_TEMPS` is set, for debugging).

use crate::error::{io_at, Result};
use std::path::{Path, PathBuf};

pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new() -> Result<TempDir> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let path = std::env::temp_dir().join(format!("syclcc-{}-{nanos:x}", std::process::id()));
        std::fs::create_dir_all(&path).map_err(io_at(&path))?;
        Ok(TempDir(path))
    }
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if std::env::var_os("SYCLCC_KEEP_TEMPS").is_none() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}
