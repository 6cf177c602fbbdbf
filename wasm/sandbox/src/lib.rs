//! `syclone-sandbox`: compiles untrusted SYCL source inside wasmtime. The
//! compiler runs as a `wasm32-wasip1` command (`wasm/sandbox-guest`, built
//! by `cargo xtask sandbox-guest`) with a memory limit, fuel and wall-clock
//! limits, no network, no environment and no file system beyond the
//! read-only directories the caller names; results and diagnostics come back
//! as data, and a limit that is reached is a typed [`SandboxError`].
//!
//! - [`sandbox`]: [`Sandbox`] and its builder (engine, module, limits);
//! - [`request`]: [`CompileRequest`], [`ReadOnlyDir`];
//! - [`output`]: [`SandboxOutput`] and typed diagnostics;
//! - [`limits`]: [`Limits`] and the memory limiter;
//! - [`error`]: the error type, [`SandboxError`];
//! - [`engine`]: wasmtime configuration and the on-disk module cache;
//! - [`epoch`]: the thread that drives wall-clock limits;
//! - [`guest_path`]: where the guest module is found;
//! - `run`: one compile in a fresh store.
//!
//! ```no_run
//! use syclone_sandbox::{CompileRequest, Sandbox};
//! let sandbox = Sandbox::builder().cache_dir("/tmp/syclone-cache").build()?;
//! let out = sandbox.compile(&CompileRequest::new("int main() {}", "a.cpp"))?;
//! print!("{}", out.rendered_diagnostics);
//! # Ok::<(), syclone_sandbox::SandboxError>(())
//! ```

pub mod engine;
pub mod epoch;
pub mod error;
pub mod guest_path;
pub mod limits;
pub mod output;
pub mod request;
mod run;
pub mod sandbox;

pub use engine::ModuleOrigin;
pub use epoch::EPOCH_TICK;
pub use error::{SandboxError, TimeBudget};
pub use limits::Limits;
pub use output::{Diagnostic, SandboxOutput, Severity};
pub use request::{CompileRequest, ReadOnlyDir};
pub use sandbox::{Sandbox, SandboxBuilder};
