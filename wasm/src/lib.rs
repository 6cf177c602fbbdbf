//! The Syclone compiler as WebAssembly.
//!
//! - [`headers`]: the SYCL headers embedded in the binary (no file system);
//! - [`glue`]: options, result and [`glue::compile_to_result`], plain Rust and
//!   tested natively;
//! - [`panic_report`]: makes a panic inside wasm visible instead of a bare trap;
//! - this file: the wasm-bindgen exports, thin wrappers over [`glue`].
//!
//! JavaScript API (`compile(source, options?)`):
//!
//! ```js
//! const r = compile(src, { fileName: "saxpy.cpp", defines: { N: 256 },
//!                          targets: ["spirv32-webgpu"], files: { "util.h": "..." } });
//! r.success; r.diagnostics; r.renderedDiagnostics; r.integrationHeader;
//! r.images[0].target; r.images[0].spirv /* Uint8Array */; r.images[0].kernels;
//! ```
//!
//! Compile errors come back as data (`success: false` and diagnostics). Only
//! malformed options (wrong types, unknown fields) throw. A compiler bug that
//! panics traps the instance (`RuntimeError: unreachable`); the message is
//! logged with `console.error` and can be read with `lastPanicMessage()`.

pub mod glue;
pub mod headers;
pub mod panic_report;

pub use glue::{compile_to_result, CompileResult, Options};

use serde::de::IgnoredAny;
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// Compiles one SYCL translation unit for the device. See the module docs
/// for `options` and the result.
#[wasm_bindgen]
pub fn compile(source: &str, options: JsValue) -> Result<JsValue, JsValue> {
    panic_report::install();
    let opts: Options = if options.is_undefined() || options.is_null() {
        Options::default()
    } else {
        let invalid = |e: &dyn std::fmt::Display| {
            JsValue::from(JsError::new(&format!("invalid compile options: {e}")))
        };
        let names: BTreeMap<String, IgnoredAny> =
            serde_wasm_bindgen::from_value(options.clone()).map_err(|e| invalid(&e))?;
        glue::check_option_names(names.keys().map(String::as_str)).map_err(|e| invalid(&e))?;
        serde_wasm_bindgen::from_value(options).map_err(|e| invalid(&e))?
    };
    let result = compile_to_result(source, &opts);
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    result
        .serialize(&serializer)
        .map_err(|e| JsError::new(&format!("cannot return the result: {e}")).into())
}

/// The message of the last panic inside the compiler, if any (read it after
/// `compile` threw a `RuntimeError`).
#[wasm_bindgen(js_name = lastPanicMessage)]
pub fn last_panic_message() -> Option<String> {
    panic_report::last_message()
}

/// The compiler's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
