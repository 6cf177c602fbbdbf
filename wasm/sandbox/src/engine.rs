//! The wasmtime engine every sandbox uses, and the guest module: compiled
//! by Cranelift once, then kept on disk as wasmtime's serialized module so
//! that later processes only map it in.

use crate::error::SandboxError;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use wasmtime::{Config, Engine, Module};

/// Wasm stack the guest may use (wasmtime's `max_wasm_stack`). Each compile
/// runs on a thread of its own with room for it (see `HOST_STACK_BYTES`).
pub const WASM_STACK_BYTES: usize = 32 << 20;

/// Stack of the thread a compile runs on: the wasm stack plus room for
/// wasmtime and the WASI host calls.
pub const HOST_STACK_BYTES: usize = WASM_STACK_BYTES + (16 << 20);

/// The engine: fuel and epoch interruption on (so both time limits are
/// available on every compile), Cranelift optimizing for speed.
pub fn engine() -> Result<Engine, SandboxError> {
    let mut config = Config::new();
    config
        .consume_fuel(true)
        .epoch_interruption(true)
        .max_wasm_stack(WASM_STACK_BYTES)
        // Must be at least `max_wasm_stack`; fibers are never made (the
        // guest runs synchronously), so this reserves nothing.
        .async_stack_size(WASM_STACK_BYTES + (1 << 20))
        .cranelift_opt_level(wasmtime::OptLevel::Speed);
    Engine::new(&config).map_err(|e| SandboxError::Wasmtime(format!("{e:#}")))
}

/// How the guest module was obtained, and how long that took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModuleOrigin {
    /// Compiled by Cranelift (no cache, or the cache missed).
    Compiled(Duration),
    /// Deserialized from the on-disk cache.
    Cached(Duration),
}

/// The guest module for `wasm` (the guest's bytes, read from `path`),
/// through the cache in `cache_dir` when there is one. A cache that cannot
/// be read or written only costs a compile.
pub fn load_module(
    engine: &Engine,
    wasm: &[u8],
    path: &Path,
    cache_dir: Option<&Path>,
) -> Result<(Module, ModuleOrigin), SandboxError> {
    let start = Instant::now();
    let cached = cache_dir.map(|dir| dir.join(cache_file_name(engine, wasm)));
    if let Some(bytes) = cached.as_deref().and_then(|f| std::fs::read(f).ok()) {
        // SAFETY: wasmtime requires that the bytes were produced by
        // `Module::serialize` of a compatible engine and not tampered with.
        // The file's name is a hash of the guest and of the engine's
        // compatibility hash, this library is its only writer (an atomic
        // rename of a complete file), and wasmtime checks the header
        // (version, configuration) before use; damaged files are refused.
        // The bytes are read into memory, not mapped, so a file changed
        // afterwards cannot change the module. The cache directory must be
        // writable only by its owner, like any compiler cache.
        if let Ok(module) = unsafe { Module::deserialize(engine, &bytes) } {
            return Ok((module, ModuleOrigin::Cached(start.elapsed())));
        }
    }
    let module = Module::new(engine, wasm).map_err(|e| SandboxError::Guest {
        path: path.to_path_buf(),
        message: format!("{e:#}"),
    })?;
    let origin = ModuleOrigin::Compiled(start.elapsed());
    if let Some(file) = cached {
        // Best effort: a read-only or full cache directory is not an error.
        let _ = store_in_cache(&module, &file);
    }
    Ok((module, origin))
}

/// `syclone-sandbox-<hash>.cwasm`, the hash covering the guest's bytes and
/// everything wasmtime requires to match (its version, the configuration,
/// the host CPU features).
fn cache_file_name(engine: &Engine, wasm: &[u8]) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    wasm.hash(&mut hasher);
    engine.precompile_compatibility_hash().hash(&mut hasher);
    format!("syclone-sandbox-{:016x}.cwasm", hasher.finish())
}

/// Writes the serialized module next to its final name, then renames it, so
/// a reader never sees a partial file.
fn store_in_cache(module: &Module, file: &Path) -> std::io::Result<()> {
    let bytes = module
        .serialize()
        .map_err(|e| std::io::Error::other(format!("{e:#}")))?;
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let partial = partial_name(file);
    std::fs::write(&partial, bytes)?;
    std::fs::rename(&partial, file).inspect_err(|_| {
        let _ = std::fs::remove_file(&partial);
    })
}

fn partial_name(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(format!(".{}.partial", std::process::id()));
    PathBuf::from(name)
}
