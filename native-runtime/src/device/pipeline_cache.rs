//! The persistent pipeline cache: compiled pipelines kept on disk between
//! runs, so that a program's kernels skip the driver's compile (10-20 ms a
//! pipeline on the H100, 430 ms for one large kernel on the H200, far more
//! on lavapipe) the second time.
//!
//! It is on unless `SYCL_CACHE_PERSISTENT=0` (DPC++'s variable, whose
//! default is off: NVIDIA's own shader cache keeps nothing of Vulkan
//! compute pipelines made through wgpu, measured on the H200, so without
//! this every run compiles every kernel again). The directory is
//! `SYCL_CACHE_DIR`, else `$XDG_CACHE_HOME/syclone/pipelines`, else
//! `~/.cache/syclone/pipelines`. One file per adapter (wgpu's
//! `pipeline_cache_key`: Vulkan vendor and device id) holds a wgpu pipeline
//! cache (a `VkPipelineCache` behind a header wgpu checks: a file from
//! another driver, wgpu version or adapter, or a damaged one, is ignored and
//! replaced). It is loaded when the device opens and written back,
//! atomically (temporary file, then rename), after each pipeline the
//! process creates. A file larger than `SYCL_CACHE_MAX_SIZE` bytes (default
//! 64 MiB) is started afresh, so the cache cannot grow without bound.
//! Devices without `Features::PIPELINE_CACHE` have none. A cache that
//! cannot be written is reported only where the user asked for one.

use std::path::{Path, PathBuf};

/// The largest cache file kept, unless `SYCL_CACHE_MAX_SIZE` says otherwise.
const DEFAULT_MAX_BYTES: u64 = 64 << 20;

/// A device's pipeline cache and the file it is kept in.
pub struct DiskCache {
    cache: wgpu::PipelineCache,
    path: PathBuf,
    max_bytes: u64,
    /// `SYCL_CACHE_PERSISTENT=1`: the user asked for the cache, so a file
    /// that cannot be written is worth a message.
    asked_for: bool,
}

impl DiskCache {
    /// The cache for `adapter`, loaded from disk when there is a file; None
    /// when the user turned it off or the device cannot keep one.
    pub fn open(device: &wgpu::Device, adapter: &wgpu::AdapterInfo) -> Option<Self> {
        let setting = std::env::var_os("SYCL_CACHE_PERSISTENT");
        if setting.as_ref().is_some_and(|v| v == "0")
            || !device.features().contains(wgpu::Features::PIPELINE_CACHE)
        {
            return None;
        }
        let max_bytes = std::env::var("SYCL_CACHE_MAX_SIZE")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(DEFAULT_MAX_BYTES);
        let path = directory()?.join(wgpu::util::pipeline_cache_key(adapter)?);
        let data = std::fs::read(&path)
            .ok()
            .filter(|d| d.len() as u64 <= max_bytes);
        // SAFETY: wgpu checks the data's header (magic, wgpu version, adapter,
        // length and hash) and with `fallback` starts empty when it does not
        // match; data that passes was written by `get_data` of such a cache.
        let cache = unsafe {
            device.create_pipeline_cache(&wgpu::PipelineCacheDescriptor {
                label: Some("syclone pipelines"),
                data: data.as_deref(),
                fallback: true,
            })
        };
        Some(DiskCache {
            cache,
            path,
            max_bytes,
            asked_for: setting.is_some_and(|v| v == "1"),
        })
    }

    pub fn cache(&self) -> &wgpu::PipelineCache {
        &self.cache
    }

    /// Writes the cache back. A cache that cannot be written costs the next
    /// run its compile time, nothing else: failures are reported once, and
    /// only where the user asked for the cache.
    pub fn save(&self) {
        let Some(data) = self.cache.get_data() else {
            return;
        };
        if data.len() as u64 > self.max_bytes {
            return;
        }
        if let Err(e) = write_atomically(&self.path, &data) {
            if !self.asked_for {
                return;
            }
            static REPORTED: std::sync::Once = std::sync::Once::new();
            REPORTED.call_once(|| {
                eprintln!(
                    "syclone: cannot write the pipeline cache {}: {e}",
                    self.path.display()
                )
            });
        }
    }
}

fn directory() -> Option<PathBuf> {
    let from = |var: &str| std::env::var_os(var).filter(|v| !v.is_empty());
    if let Some(dir) = from("SYCL_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    let base = from("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| from("HOME").map(|home| Path::new(&home).join(".cache")))?;
    Some(base.join("syclone").join("pipelines"))
}

/// `data` into `path` through a temporary file of this process, so that a
/// concurrent run reads the old file or the new one, never half of one.
fn write_atomically(path: &Path, data: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&temporary, data)?;
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

#[cfg(test)]
mod tests {
    use super::write_atomically;

    #[test]
    fn writes_replace_the_file_whole() {
        let dir = std::env::temp_dir().join(format!("syclone-cache-test-{}", std::process::id()));
        let path = dir.join("nested").join("cache");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second, longer").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second, longer");
        let leftovers = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
        assert_eq!(leftovers, 1, "no temporary file is left behind");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
