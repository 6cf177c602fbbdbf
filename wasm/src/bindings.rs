//! The wasm-bindgen exports: `compile` (with WGSL for WebGPU images), `lastPanicMessage`, `version`
//! (documented in the crate docs), thin wrappers over [`crate::glue`].

use crate::glue::{self, compile_to_result, Options};
use crate::{panic_report, wgsl};
use serde::de::IgnoredAny;
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// Compiles one SYCL translation unit for the device. See the crate docs
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
    let mut result = compile_to_result(source, &opts);
    wgsl::add_to(&mut result);
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
