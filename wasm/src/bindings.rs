//! The wasm-bindgen exports: `compile` (with WGSL for WebGPU images),
//! `specializeWgsl` and `syclHeaders` (for the browser playground's
//! runtime and host pass), `lastPanicMessage`, `version` (documented in the
//! crate docs), thin wrappers over [`crate::glue`] and [`crate::wgsl`].

use crate::glue::{self, compile_to_result, Options};
use crate::{panic_report, wgsl};
use serde::de::IgnoredAny;
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// TypeScript types of `compile`'s options and result (`glue::Options`,
/// `glue::CompileResult`; bundle fields keep the bundle's snake_case names).
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
export interface CompileOptions {
  fileName?: string;
  defines?: Record<string, string | number | null> | string[];
  undefines?: string[];
  targets?: ("spirv64-vulkan" | "spirv32-webgpu")[];
  files?: Record<string, string>;
  includeDirs?: string[];
  systemIncludeDirs?: string[];
  /** clang's `tbaa`: the host pass optimizes with strict aliasing (-O1 and up). */
  hostCompiler?: { kind: "gcc"; major: number } | { kind: "clang"; major: number; tbaa?: boolean };
  colorDiagnostics?: boolean;
  split?: "per_kernel" | "per_source" | "off" | "auto";
  rdc?: boolean;
  fpContract?: "fast" | "on" | "off";
  /** The language standard, as `-std=` (default "c++17"). */
  std?: string;
  /** The host pass's target, whose data model lays out closures (default "x86_64-linux-gnu"). */
  hostTarget?: "x86_64-linux-gnu" | "wasm32-wasi";
}

/** A byte range in a file of the compilation (0: the main file). */
export interface Span { file: number; lo: number; hi: number }

export interface Diagnostic {
  severity: "error" | "warning" | "note";
  message: string;
  span: Span | null;
  notes: { span: Span | null; message: string }[];
  fixits: { span: Span; replacement: string }[];
  /** Where `span` starts, for spans in the main file. */
  location: { file: string; line: number; column: number } | null;
}

export interface KernelInfo {
  key: string;
  display_name: string;
  entry_point: string;
  dimensions: number;
  work_group_size: [number, number, number];
  arg_sizes: number[];
  param_block_size: number;
  buffers: { binding: number; arg: number; offset: number; origin: "usm" | "accessor";
             access: "read" | "write" | "read_write" | "none"; elem_size: number;
             offset_slot: number; index_bytes: number; name: string }[];
  scalars: { arg: number; offset: number; size: number; dest: number;
             sign_extend: boolean }[];
  uses_barrier: boolean;
  local_arrays: { arg: number; offset: number; elem_size: number; length_id: number; name: string }[];
  /** Length constants of the sub-group exchange arrays (absent when none). */
  exchange_arrays?: number[];
  uses_subgroups: boolean;
  private_bytes: number;
  /** Bytes of the fixed-length work-group arrays (group_local_memory, scratch). */
  fixed_local_bytes: number;
  attributes: { reqd_work_group_size?: number[]; reqd_sub_group_size?: number };
  /** Launched in work-groups of `work_group_size` (range, single_task). */
  compiled_work_groups: boolean;
}

export interface ImageProperties {
  required_aspects: ("fp64" | "atomic64" | "ext_oneapi_clock_sub_group" | "ext_oneapi_clock_work_group"
                     | "ext_oneapi_clock_device" | "ext_syclone_fpga_pipes")[];
  split: "per_kernel" | "per_source" | "off" | "auto";
  /** The spec-constant map, by SpecId: the specialization_id's mangled
   *  name, the scalar's host offset and size, its type, the bits of its
   *  default (a BigInt: 64-bit patterns do not fit a number). */
  spec_constants?: { symbol: string; offset: number; size: number;
                     ty: "Bool" | "I32" | "U32" | "I64" | "U64" | "F32" | "F64";
                     default: bigint }[];
  /** The formats and %s strings of the kernels' printfs, by the id their
   *  records in the printf buffer name them with. */
  printf_strings?: { id: number; text: string }[];
}

export interface DeviceImage {
  target: "spirv64-vulkan" | "spirv32-webgpu";
  spirv: Uint8Array;
  symbols: string[];
  properties: ImageProperties;
  kernels: KernelInfo[];
  /** WebGPU images: WGSL per kernel, or why naga could not make it. */
  wgsl?: { entryPoint: string; wgsl?: string; error?: string }[];
}

export interface CompileResult {
  success: boolean;
  diagnostics: Diagnostic[];
  renderedDiagnostics: string;
  diagnosticsJson: string;
  images: DeviceImage[];
  integrationHeader: string;
  irText: string;
  dependencies: string[];
  /** With `rdc`: device code left for a device link (the bundle's
   *  `relocatable` entries: target, split, kernels, functions). */
  relocatable?: { target: string; split: string; kernels: unknown[]; functions: unknown[] }[];
}
"#;

/// Compiles one SYCL translation unit for the device. See the crate docs
/// for `options` and the result.
#[wasm_bindgen(unchecked_return_type = "CompileResult")]
pub fn compile(
    source: &str,
    #[wasm_bindgen(unchecked_param_type = "CompileOptions | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
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
    // 64-bit integers (spec-constant defaults) as BigInts: their bit
    // patterns do not fit a JavaScript number.
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_maps_as_objects(true)
        .serialize_large_number_types_as_bigints(true);
    result
        .serialize(&serializer)
        .map_err(|e| JsError::new(&format!("cannot return the result: {e}")).into())
}

/// WGSL of `entryPoint` of a WebGPU image specialised for one launch
/// (`{ localSize?, constants?, specConstants?, writableBindings? }`, see
/// `wgsl::Specialization`): `{ entryPoint, wgsl }` or `{ entryPoint, error }`.
#[wasm_bindgen(js_name = specializeWgsl)]
pub fn specialize_wgsl(
    spirv: &[u8],
    entry_point: &str,
    values: JsValue,
    uses_subgroups: bool,
) -> Result<JsValue, JsValue> {
    panic_report::install();
    let values: wgsl::Specialization = if values.is_undefined() || values.is_null() {
        wgsl::Specialization::default()
    } else {
        serde_wasm_bindgen::from_value(values)
            .map_err(|e| JsError::new(&format!("invalid specialization: {e}")))?
    };
    let out = wgsl::specialized_kernel_wgsl(spirv, entry_point, &values, uses_subgroups);
    serde_wasm_bindgen::to_value(&out).map_err(|e| JsError::new(&e.to_string()).into())
}

/// The SYCL headers the compiler embeds, by path under `sycl/`... (the
/// host pass of the browser playground compiles with the same headers).
#[wasm_bindgen(js_name = syclHeaders)]
pub fn sycl_headers() -> Result<JsValue, JsValue> {
    let map: BTreeMap<&str, &str> = crate::headers::SYCL_HEADERS.iter().copied().collect();
    map.serialize(&serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true))
        .map_err(|e| JsError::new(&e.to_string()).into())
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
