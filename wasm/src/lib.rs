//! The Syclone compiler as WebAssembly.
//!
//! - [`headers`]: the SYCL headers embedded in the binary (no file system);
//! - [`glue`]: options, result and [`glue::compile_to_result`], plain Rust and
//!   tested natively;
//! - [`sandbox_request`]: the JSON request of the wasmtime sandbox guest;
//! - [`panic_report`]: makes a panic inside wasm visible instead of a bare trap;
//! - `wgsl` (with `bindgen`): WGSL per kernel of WebGPU images, through naga;
//! - `bindings`: the wasm-bindgen exports, thin wrappers over [`glue`]
//!   (feature `bindgen`, on by default; the wasmtime sandbox guest in
//!   `sandbox-guest/` builds without it and talks JSON over stdio instead).
//!
//! JavaScript API (`compile(source, options?)`):
//!
//! ```js
//! const r = compile(src, { fileName: "saxpy.cpp", defines: { N: 256 },
//!                          targets: ["spirv32-webgpu"], files: { "util.h": "..." } });
//! r.success; r.diagnostics; r.renderedDiagnostics; r.integrationHeader;
//! r.images[0].target; r.images[0].spirv /* Uint8Array */; r.images[0].kernels;
//! r.images[0].wgsl[0].entryPoint; r.images[0].wgsl[0].wgsl /* WebGPU images only */;
//! ```
//!
//! Compile errors come back as data (`success: false` and diagnostics). Only
//! malformed options (wrong types, unknown fields) throw. A compiler bug that
//! panics traps the instance (`RuntimeError: unreachable`); the message is
//! logged with `console.error` and can be read with `lastPanicMessage()`.

#[cfg(feature = "bindgen")]
mod bindings;
pub mod glue;
pub mod headers;
#[cfg(feature = "bindgen")]
pub mod panic_report;
pub mod sandbox_request;
#[cfg(feature = "bindgen")]
pub mod wgsl;

#[cfg(feature = "bindgen")]
pub use bindings::{compile, last_panic_message, specialize_wgsl, sycl_headers, version};
pub use glue::{compile_to_result, compile_with, CompileResult, Options};
