//! A private temporary directory for intermediate files, removed on drop
//! (kept under `-save-temps`, or when `SYCLCC_KEEP_TEMPS` is set).

use crate::error::{io_at, Result};
use std::path::{Path, PathBuf};

pub struct TempDir {
    path: PathBuf,
    keep: bool,
}

impl TempDir {
    pub fn new(keep: bool) -> Result<TempDir> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let path = std::env::temp_dir().join(format!("syclcc-{}-{nanos:x}", std::process::id()));
        std::fs::create_dir_all(&path).map_err(io_at(&path))?;
        let keep = keep || std::env::var_os("SYCLCC_KEEP_TEMPS").is_some();
        Ok(TempDir { path, keep })
    }
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}
