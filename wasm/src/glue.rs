//! The compiler behind the JavaScript API and the wasmtime sandbox guest, in
//! plain Rust so it is tested natively: [`Options`] is what JS passes (and
//! what the sandbox guest reads as JSON), [`compile_to_result`] runs
//! `compiler_core::compile` with the embedded SYCL headers and the caller's
//! virtual files ([`compile_with`] adds a fallback include provider: the
//! guest's read-only directories), and [`CompileResult`] is what JS gets
//! back. Mistakes in the options (an unknown target) come back as
//! diagnostics like any other error.

use crate::headers;
use compiler_core::bundle::{ImageProperties, KernelInfo, RelocatableCode};
use compiler_core::diag::{Diagnostic, Severity};
use compiler_core::front::fp_contract::FpContract;
use compiler_core::front::lang::LangStd;
use compiler_core::front::sema::HostCompiler;
use compiler_core::postlink::SplitMode;
use compiler_core::source::{SourceFile, SourceMap};
use compiler_core::target::{HostTarget, TargetKind};
use compiler_core::{CompileOptions, CompileOutput, IncludeProvider, NoIncludes, VirtualFiles};
use serde::{Deserialize, Serialize, Serializer};
use std::collections::BTreeMap;

/// Include directory under which the caller's `files` are found (`files`
/// keys are taken relative to it).
pub const USER_INCLUDE_DIR: &str = "/";

/// Compile options as JavaScript spells them; every field is optional.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Options {
    /// Name of the main file in diagnostics and `__FILE__` (default `input.cpp`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    /// `-D` macros.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defines: Option<Defines>,
    /// `-U` macros (applied after `defines`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undefines: Option<Vec<String>>,
    /// Target triples (default `["spirv64-vulkan"]`); see `TargetKind::from_triple`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targets: Option<Vec<String>>,
    /// Virtual user headers: path → contents, found through include dir `/`
    /// (or through `includeDirs`, with absolute paths).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<BTreeMap<String, String>>,
    /// `-I` directories, searched before the embedded SYCL headers and `/`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub include_dirs: Option<Vec<String>>,
    /// `-isystem` directories, searched after all others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_include_dirs: Option<Vec<String>>,
    /// The host compiler whose closure layout and lambda numbering kernel
    /// keys follow (default: clang 18, the Itanium-standard behaviour).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_compiler: Option<HostCompilerOption>,
    /// Render `renderedDiagnostics` with ANSI colours (default false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color_diagnostics: Option<bool>,
    /// Device code split, as `-fsycl-device-code-split=`: `per_kernel`,
    /// `per_source`, `off` or `auto` (the default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split: Option<String>,
    /// Relocatable device code, as `-fsycl-rdc`: kernels that call
    /// `SYCL_EXTERNAL` functions of other translation units, and the
    /// unit's own `SYCL_EXTERNAL` functions, come back in `relocatable` for
    /// a device link (`syclcc --sandbox`). Default false: the unit is
    /// finished alone, and such a call is an error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rdc: Option<bool>,
    /// As `-ffp-contract=`: `on` (the default), `off` or `fast`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fp_contract: Option<String>,
    /// The language standard, as `-std=`: `c++17` (the default), `c++20`
    /// (C++20's concepts; `__cplusplus` is `202002L`), `gnu++20`...
    #[serde(skip_serializing_if = "Option::is_none")]
    pub std: Option<String>,
    /// The host the host pass compiles for, whose data model lays out
    /// closures: `x86_64-linux-gnu` (the default) or `wasm32-wasi` (ILP32:
    /// `long` and pointers of 4 bytes; the browser playground's host).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_target: Option<String>,
}

/// The option names JavaScript may pass.
pub const OPTION_NAMES: &[&str] = &[
    "fileName",
    "defines",
    "undefines",
    "targets",
    "files",
    "includeDirs",
    "systemIncludeDirs",
    "hostCompiler",
    "colorDiagnostics",
    "split",
    "rdc",
    "fpContract",
    "std",
    "hostTarget",
];

/// `hostCompiler`: `{ "kind": "gcc", "major": 12 }` or `{ "kind": "clang", "major": 18,
/// "tbaa": true }` (`tbaa` optional, default false).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum HostCompilerOption {
    Gcc {
        major: u32,
    },
    /// `tbaa`: the host pass optimizes with strict aliasing (`-O1` and up).
    Clang {
        major: u32,
        #[serde(default)]
        tbaa: bool,
    },
}

impl From<HostCompilerOption> for HostCompiler {
    fn from(h: HostCompilerOption) -> Self {
        match h {
            HostCompilerOption::Gcc { major } => HostCompiler::Gcc { major },
            HostCompilerOption::Clang { major, tbaa } => HostCompiler::Clang { major, tbaa },
        }
    }
}

impl From<HostCompiler> for HostCompilerOption {
    fn from(h: HostCompiler) -> Self {
        match h {
            HostCompiler::Gcc { major } => HostCompilerOption::Gcc { major },
            HostCompiler::Clang { major, tbaa } => HostCompilerOption::Clang { major, tbaa },
        }
    }
}

/// Err naming the first unknown option: `Options` denies unknown fields, but
/// serde-wasm-bindgen reads only the fields it knows, so the wasm export
/// checks the object's keys with this.
pub fn check_option_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<(), String> {
    match names.into_iter().find(|n| !OPTION_NAMES.contains(n)) {
        Some(bad) => Err(format!(
            "unknown option '{bad}' (expected one of {})",
            OPTION_NAMES.join(", ")
        )),
        None => Ok(()),
    }
}

/// `defines` in either of its two spellings.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(untagged)]
pub enum Defines {
    /// `{ N: "256", FAST: null, M: 4 }`; `null` defines the macro as on `-DFAST`.
    Map(BTreeMap<String, Option<DefineValue>>),
    /// `["N=256", "FAST"]`, as on a command line, in order.
    List(Vec<String>),
}

/// A macro value: a string, or a number written in JavaScript's way.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(untagged)]
pub enum DefineValue {
    Text(String),
    Number(f64),
}

impl DefineValue {
    fn into_text(self) -> String {
        match self {
            DefineValue::Text(s) => s,
            DefineValue::Number(n) => n.to_string(),
        }
    }
}

impl Defines {
    fn into_pairs(self) -> Vec<(String, Option<String>)> {
        match self {
            Defines::Map(map) => map
                .into_iter()
                .map(|(k, v)| (k, v.map(DefineValue::into_text)))
                .collect(),
            Defines::List(list) => list
                .into_iter()
                .map(|d| match d.split_once('=') {
                    Some((name, value)) => (name.to_string(), Some(value.to_string())),
                    None => (d, None),
                })
                .collect(),
        }
    }
}

/// What JavaScript gets back from `compile`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompileResult {
    /// No errors and a device bundle was produced.
    pub success: bool,
    pub diagnostics: Vec<DiagnosticOut>,
    /// The diagnostics rendered clang-style, for a console.
    pub rendered_diagnostics: String,
    /// The diagnostics in the compiler's JSON form (`syclcc
    /// --diagnostics-format=json`: file names, lines, columns, include stack).
    pub diagnostics_json: String,
    /// One per target, empty on failure.
    pub images: Vec<ImageOut>,
    pub integration_header: String,
    /// C++ the host pass compiles after the source (empty: none needed).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub integration_footer: String,
    pub ir_text: String,
    /// Every file the preprocessor read.
    pub dependencies: Vec<String>,
    /// With `rdc`: the device code left for the device link, in the device
    /// bundle's own (snake_case) JSON form.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub relocatable: Vec<RelocatableCode>,
}

/// A diagnostic as the compiler reports it (`severity`, `message`, `span`
/// with `file`/`lo`/`hi` byte offsets, `notes`), plus `location` for spans
/// in the main file.
#[derive(Clone, Debug, Serialize)]
pub struct DiagnosticOut {
    #[serde(flatten)]
    pub diagnostic: Diagnostic,
    pub location: Option<Location>,
}

/// Where a primary span starts: 1-based line and byte column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// One device image.
#[derive(Clone, Debug, Serialize)]
pub struct ImageOut {
    /// Target triple, e.g. `spirv64-vulkan`.
    pub target: String,
    /// The SPIR-V words as little-endian bytes (a `Uint8Array` in JS), the
    /// same bytes as a `.spv` file written by `syclcc`.
    #[serde(serialize_with = "serialize_bytes")]
    pub spirv: Vec<u8>,
    /// The symbol table: the entry points the image defines.
    pub symbols: Vec<String>,
    /// The image's property sets (required aspects, split mode), in the
    /// device bundle's own (snake_case) JSON form.
    pub properties: ImageProperties,
    /// Launch information and kernel attributes, in the device bundle's own
    /// (snake_case) JSON form.
    pub kernels: Vec<KernelInfo>,
    /// WGSL per kernel, for `spirv32-webgpu` images in the browser package
    /// (filled by the wasm-bindgen `compile`; absent elsewhere).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub wgsl: Vec<KernelWgsl>,
}

/// One kernel of a WebGPU image as WGSL: the kernel's entry point and what
/// it uses, on its own, or why naga could not translate it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KernelWgsl {
    /// The SPIR-V (and WGSL) entry point name.
    pub entry_point: String,
    /// The WGSL module, valid at WebGPU level (plus `subgroups` where the
    /// kernel uses sub-groups).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wgsl: Option<String>,
    /// Why the kernel has no WGSL (a naga error).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

fn serialize_bytes<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bytes(bytes)
}

/// SPIR-V words to the little-endian byte stream of a `.spv` file.
pub fn spirv_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Resolves `.`, `..` and repeated slashes and makes the path absolute, so
/// that `foo.h`, `/foo.h` and `//foo.h` (include dir `/` joined with `foo.h`)
/// name the same virtual file.
pub fn normalize_path(path: &str) -> String {
    let mut parts: Vec<&str> = vec![];
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    format!("/{}", parts.join("/"))
}

/// The embedded SYCL headers and the caller's files, looked up by
/// normalized path; then `fallback`, asked with the path as the
/// preprocessor spelled it.
struct Files<'a> {
    virtual_files: VirtualFiles,
    fallback: &'a dyn IncludeProvider,
}

impl IncludeProvider for Files<'_> {
    fn read(&self, path: &str) -> Option<String> {
        self.virtual_files
            .read(&normalize_path(path))
            .or_else(|| self.fallback.read(path))
    }
}

/// Compiles `source` for the device. Never panics on bad input of its own;
/// a panic inside the compiler becomes an "internal compiler error"
/// diagnostic where the build can unwind (natively), and traps in wasm.
pub fn compile_to_result(source: &str, opts: &Options) -> CompileResult {
    compile_with(source, opts, &NoIncludes)
}

/// [`compile_to_result`] with `fallback` consulted for every include that
/// is neither an embedded header nor one of `opts.files`.
pub fn compile_with(source: &str, opts: &Options, fallback: &dyn IncludeProvider) -> CompileResult {
    let file_name = opts
        .file_name
        .clone()
        .unwrap_or_else(|| CompileOptions::default().main_file_name);
    let mut option_errors = vec![];

    let targets = match &opts.targets {
        None => vec![TargetKind::SpirvVulkan],
        Some(list) => {
            if list.is_empty() {
                option_errors.push(Diagnostic::error(None, "no targets given"));
            }
            list.iter()
                .filter_map(|t| {
                    let kind = TargetKind::from_triple(t);
                    if kind.is_none() {
                        option_errors.push(Diagnostic::error(
                            None,
                            format!("unknown target '{t}' (expected 'spirv64-vulkan' or 'spirv32-webgpu')"),
                        ));
                    }
                    kind
                })
                .collect()
        }
    };
    let split = match opts.split.as_deref() {
        None => SplitMode::default(),
        Some(name) => SplitMode::from_name(name).unwrap_or_else(|| {
            option_errors.push(Diagnostic::error(
                None,
                format!("unknown split mode '{name}' (expected 'per_kernel', 'per_source', 'off' or 'auto')"),
            ));
            SplitMode::default()
        }),
    };
    let fp_contract = match opts.fp_contract.as_deref() {
        None => FpContract::default(),
        Some(name) => FpContract::from_name(name).unwrap_or_else(|| {
            option_errors.push(Diagnostic::error(
                None,
                format!("unknown fpContract '{name}' (expected 'fast', 'on' or 'off')"),
            ));
            FpContract::default()
        }),
    };
    let lang = match opts.std.as_deref() {
        None => LangStd::default(),
        Some(name) => LangStd::from_std_flag(name).unwrap_or_else(|| {
            option_errors.push(Diagnostic::error(
                None,
                format!(
                    "unknown std '{name}' (expected a C++ standard such as 'c++17' or 'c++20')"
                ),
            ));
            LangStd::default()
        }),
    };
    let host_target = match opts.host_target.as_deref() {
        None => HostTarget::default(),
        Some(name) => HostTarget::from_triple(name).unwrap_or_else(|| {
            option_errors.push(Diagnostic::error(
                None,
                format!(
                    "unknown hostTarget '{name}' (expected 'x86_64-linux-gnu' or 'wasm32-wasi')"
                ),
            ));
            HostTarget::default()
        }),
    };
    if !option_errors.is_empty() {
        return failure(option_errors);
    }

    let mut files = VirtualFiles::default();
    for (path, text) in opts.files.iter().flatten() {
        files.0.insert(normalize_path(path), text.clone());
    }
    headers::add_to(&mut files);

    let mut include_dirs = opts.include_dirs.clone().unwrap_or_default();
    include_dirs.extend([
        headers::INCLUDE_DIR.to_string(),
        USER_INCLUDE_DIR.to_string(),
    ]);
    let defaults = CompileOptions::default();
    let compile_opts = CompileOptions {
        main_file_name: file_name.clone(),
        defines: opts
            .defines
            .clone()
            .map(Defines::into_pairs)
            .unwrap_or_default(),
        undefines: opts.undefines.clone().unwrap_or_default(),
        include_dirs,
        system_include_dirs: opts.system_include_dirs.clone().unwrap_or_default(),
        targets,
        host_compiler: opts
            .host_compiler
            .map_or(defaults.host_compiler, HostCompiler::from),
        color_diagnostics: opts.color_diagnostics.unwrap_or(false),
        split,
        rdc: opts.rdc.unwrap_or(false),
        fp_contract,
        lang,
        host_target,
        ..defaults
    };
    let files = Files {
        virtual_files: files,
        fallback,
    };
    match run_compiler(source, &compile_opts, &files) {
        Ok(output) => from_output(output, &file_name, source),
        Err(panic) => failure(vec![Diagnostic::error(
            None,
            format!("internal compiler error: {panic}"),
        )]),
    }
}

#[cfg(panic = "unwind")]
fn run_compiler(
    source: &str,
    opts: &CompileOptions,
    files: &Files<'_>,
) -> Result<CompileOutput, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        compiler_core::compile(source, opts, files)
    }))
    .map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string())
    })
}

#[cfg(not(panic = "unwind"))]
fn run_compiler(
    source: &str,
    opts: &CompileOptions,
    files: &Files<'_>,
) -> Result<CompileOutput, String> {
    Ok(compiler_core::compile(source, opts, files))
}

/// A failed result carrying only `diagnostics`.
fn failure(diagnostics: Vec<Diagnostic>) -> CompileResult {
    let rendered = diagnostics
        .iter()
        .map(|d| format!("error: {}\n", d.message))
        .collect();
    let json = compiler_core::diag::render_json(&SourceMap::default(), &diagnostics);
    CompileResult {
        success: false,
        diagnostics: diagnostics
            .into_iter()
            .map(|diagnostic| DiagnosticOut {
                diagnostic,
                location: None,
            })
            .collect(),
        rendered_diagnostics: rendered,
        diagnostics_json: json,
        images: vec![],
        integration_header: String::new(),
        integration_footer: String::new(),
        ir_text: String::new(),
        dependencies: vec![],
        relocatable: vec![],
    }
}

/// Converts the compiler's output. The main file is the first file of the
/// compilation's source map (`FileId(0)`), so its spans get a [`Location`].
pub fn from_output(output: CompileOutput, file_name: &str, source: &str) -> CompileResult {
    let success = !output.has_errors() && output.bundle.is_some();
    let main = SourceFile::new(file_name.to_string(), source.to_string());
    let diagnostics = output
        .diagnostics
        .into_iter()
        .map(|diagnostic| {
            let location = diagnostic
                .span
                .filter(|s| s.file.0 == 0 && s.lo as usize <= source.len())
                .map(|s| {
                    let (line, column) = main.line_col(s.lo);
                    Location {
                        file: file_name.to_string(),
                        line,
                        column,
                    }
                });
            DiagnosticOut {
                diagnostic,
                location,
            }
        })
        .collect();
    let (images, relocatable) = match output.bundle {
        Some(bundle) if success => (bundle.images, bundle.relocatable),
        _ => (vec![], vec![]),
    };
    let images = images
        .into_iter()
        .map(|img| ImageOut {
            target: img.target.triple().to_string(),
            spirv: spirv_bytes(&img.spirv),
            symbols: img.symbol_table().into_iter().map(String::from).collect(),
            properties: img.properties,
            kernels: img.kernels,
            wgsl: vec![],
        })
        .collect();
    CompileResult {
        success,
        diagnostics,
        rendered_diagnostics: output.rendered_diagnostics,
        diagnostics_json: output.diagnostics_json,
        images,
        integration_header: output.integration_header,
        integration_footer: output.integration_footer,
        ir_text: output.ir_text,
        dependencies: output.dependencies,
        relocatable,
    }
}

impl CompileResult {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.diagnostic.severity == Severity::Error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use compiler_core::bundle::{DeviceBundle, DeviceImage};
    use compiler_core::source::{FileId, Span};

    fn options(json: &str) -> Options {
        serde_json::from_str(json).expect("options parse")
    }

    #[test]
    fn paths_normalize_to_one_spelling() {
        assert_eq!(normalize_path("foo.h"), "/foo.h");
        assert_eq!(normalize_path("//foo.h"), "/foo.h");
        assert_eq!(normalize_path("/a/./b/../c.h"), "/a/c.h");
        assert_eq!(
            normalize_path("/syclone/include/sycl/sycl.hpp"),
            "/syclone/include/sycl/sycl.hpp"
        );
    }

    #[test]
    fn spirv_words_become_little_endian_bytes() {
        assert_eq!(
            spirv_bytes(&[0x0723_0203, 0x0001_0600]),
            [0x03, 0x02, 0x23, 0x07, 0x00, 0x06, 0x01, 0x00]
        );
    }

    #[test]
    fn defines_accept_map_and_command_line_list() {
        let map = options(r#"{"defines": {"N": "256", "FAST": null, "M": 4, "X": 0.5}}"#);
        assert_eq!(
            map.defines.unwrap().into_pairs(),
            [
                ("FAST".to_string(), None),
                ("M".to_string(), Some("4".to_string())),
                ("N".to_string(), Some("256".to_string())),
                ("X".to_string(), Some("0.5".to_string())),
            ]
        );
        let list = options(r#"{"defines": ["N=256", "FAST", "E="]}"#);
        assert_eq!(
            list.defines.unwrap().into_pairs(),
            [
                ("N".to_string(), Some("256".to_string())),
                ("FAST".to_string(), None),
                ("E".to_string(), Some(String::new())),
            ]
        );
    }

    #[test]
    fn misspelled_option_is_rejected() {
        assert!(serde_json::from_str::<Options>(r#"{"target": ["spirv64-vulkan"]}"#).is_err());
        assert!(check_option_names(["fileName", "files"]).is_ok());
        let err = check_option_names(["fileName", "target"]).unwrap_err();
        assert!(err.contains("unknown option 'target'"), "{err}");
        let all = options(
            r#"{"fileName": "a.cpp", "targets": ["spirv32-webgpu"], "files": {"a.h": ""}}"#,
        );
        assert_eq!(all.file_name.as_deref(), Some("a.cpp"));
    }

    #[test]
    fn std_sets_the_language_mode() {
        let src = "template <typename T> concept Big = sizeof(T) > 4;\n\
                   static_assert(Big<double> && !Big<char>);\n\
                   static_assert(__cplusplus == 202002L);\n";
        let r = compile_to_result(src, &options(r#"{"std": "c++20"}"#));
        assert!(!r.has_errors(), "{}", r.rendered_diagnostics);
        // In C++17 `concept` is an identifier: the same source does not parse.
        let r = compile_to_result(src, &options("{}"));
        assert!(r.has_errors());
        let r = compile_to_result("", &options(r#"{"std": "c11"}"#));
        assert!(
            r.rendered_diagnostics.contains("unknown std 'c11'"),
            "{}",
            r.rendered_diagnostics
        );
    }

    #[test]
    fn the_host_target_sets_the_data_model() {
        let src = "#include <sycl/sycl.hpp>\nstatic_assert(sizeof(long) == 4 && sizeof(sycl::range<2>) == 8, \"ilp32\");\nint main() {}";
        let wasm = compile_to_result(src, &options(r#"{"hostTarget": "wasm32-wasi"}"#));
        assert!(wasm.success, "{}", wasm.rendered_diagnostics);
        let x86 = compile_to_result(src, &options(r#"{"hostTarget": "x86_64-linux-gnu"}"#));
        assert!(
            x86.rendered_diagnostics.contains("ilp32"),
            "{}",
            x86.rendered_diagnostics
        );
        let bad = compile_to_result(src, &options(r#"{"hostTarget": "riscv"}"#));
        assert!(bad
            .rendered_diagnostics
            .contains("unknown hostTarget 'riscv'"));
    }

    #[test]
    fn unknown_target_is_a_diagnostic_not_an_exception() {
        let r = compile_to_result("int main() {}", &options(r#"{"targets": ["ptx64"]}"#));
        assert!(!r.success);
        assert!(r.images.is_empty());
        assert!(r.has_errors());
        assert!(r.diagnostics[0]
            .diagnostic
            .message
            .contains("unknown target 'ptx64'"));
        assert!(r.rendered_diagnostics.contains("unknown target"));
        let empty = compile_to_result("", &options(r#"{"targets": []}"#));
        assert!(!empty.success && empty.has_errors());
    }

    #[test]
    fn include_dirs_search_virtual_files_then_the_fallback() {
        struct Disk;
        impl IncludeProvider for Disk {
            fn read(&self, path: &str) -> Option<String> {
                (path == "/mnt/inc/disk.h").then(|| "#define DISK 2\n".to_string())
            }
        }
        let src = "#include <mem.h>\n#include <disk.h>\n#if MEM + DISK != 3 || defined(GONE)\n#error sum\n#endif\n";
        let opts = options(
            r##"{"includeDirs": ["/mnt/inc", "/mem"], "files": {"/mem/mem.h": "#define MEM 1\n"},
                "defines": ["GONE"], "undefines": ["GONE"]}"##,
        );
        let r = compile_with(src, &opts, &Disk);
        assert!(!r.has_errors(), "{}", r.rendered_diagnostics);
        assert_eq!(r.dependencies, ["/mem/mem.h", "/mnt/inc/disk.h"]);
        // Without the fallback, disk.h is not found.
        let r = compile_to_result(src, &opts);
        assert!(
            r.rendered_diagnostics.contains("'disk.h' file not found"),
            "{}",
            r.rendered_diagnostics
        );
    }

    #[test]
    fn host_compiler_option_spellings() {
        let gcc = options(r#"{"hostCompiler": {"kind": "gcc", "major": 12}}"#);
        assert_eq!(
            gcc.host_compiler.map(HostCompiler::from),
            Some(HostCompiler::Gcc { major: 12 })
        );
        assert!(serde_json::from_str::<Options>(
            r#"{"hostCompiler": {"kind": "msvc", "major": 19}}"#
        )
        .is_err());
        assert_eq!(
            HostCompilerOption::from(HostCompiler::Clang {
                major: 18,
                tbaa: true
            }),
            HostCompilerOption::Clang {
                major: 18,
                tbaa: true
            }
        );
    }

    #[test]
    fn option_errors_have_json_diagnostics_too() {
        let r = compile_to_result("", &options(r#"{"targets": ["ptx64"]}"#));
        let json: serde_json::Value = serde_json::from_str(&r.diagnostics_json).unwrap();
        assert_eq!(json[0]["severity"], "error");
        assert!(json[0]["message"].as_str().unwrap().contains("ptx64"));
    }

    fn output(diagnostics: Vec<Diagnostic>, bundle: Option<DeviceBundle>) -> CompileOutput {
        CompileOutput {
            diagnostics,
            rendered_diagnostics: "rendered".into(),
            diagnostics_json: "[]".into(),
            bundle,
            integration_header: "// header".into(),
            integration_footer: String::new(),
            ir_text: String::new(),
            dependencies: vec!["/syclone/include/sycl/sycl.hpp".into()],
        }
    }

    #[test]
    fn main_file_spans_get_line_and_column() {
        let src = "int a;\n  int b = ;\n";
        let in_main = Diagnostic::error(Span::new(FileId(0), 17, 18), "expected expression");
        let in_header = Diagnostic::warning(Span::new(FileId(1), 3, 4), "in a header");
        let r = from_output(output(vec![in_main, in_header], None), "t.cpp", src);
        assert!(!r.success);
        assert_eq!(
            r.diagnostics[0].location,
            Some(Location {
                file: "t.cpp".into(),
                line: 2,
                column: 11
            })
        );
        assert_eq!(r.diagnostics[1].location, None);
    }

    #[test]
    fn bundle_images_are_returned_as_bytes_per_target() {
        let bundle = DeviceBundle::linked(vec![DeviceImage {
            target: TargetKind::SpirvWebGpu,
            spirv: vec![0x0723_0203],
            properties: Default::default(),
            kernels: vec![],
        }]);
        let warning = Diagnostic::warning(None, "just a warning");
        let r = from_output(output(vec![warning], Some(bundle)), "t.cpp", "");
        assert!(r.success);
        assert_eq!(r.images.len(), 1);
        assert_eq!(r.images[0].target, "spirv32-webgpu");
        assert_eq!(r.images[0].spirv, [0x03, 0x02, 0x23, 0x07]);
        assert_eq!(r.integration_header, "// header");
    }

    /// The field names JavaScript sees.
    #[test]
    fn result_serializes_with_the_documented_names() {
        let d = Diagnostic::error(Span::new(FileId(0), 0, 1), "bad");
        let r = from_output(output(vec![d], None), "t.cpp", "x");
        let json = serde_json::to_value(&r).unwrap();
        for key in [
            "success",
            "diagnostics",
            "renderedDiagnostics",
            "images",
            "integrationHeader",
            "irText",
            "diagnosticsJson",
        ] {
            assert!(json.get(key).is_some(), "missing {key} in {json}");
        }
        let diag = &json["diagnostics"][0];
        assert_eq!(diag["severity"], "error");
        assert_eq!(diag["message"], "bad");
        assert_eq!(diag["span"]["lo"], 0);
        assert_eq!(diag["location"]["line"], 1);
    }

    #[test]
    fn saxpy_compiles_to_spirv() {
        let src = include_str!("../../examples/saxpy_usm.cpp");
        let r = compile_to_result(src, &options(r#"{"fileName": "saxpy_usm.cpp"}"#));
        assert!(r.success, "{}", r.rendered_diagnostics);
        assert_eq!(r.images.len(), 1);
        assert_eq!(r.images[0].target, "spirv64-vulkan");
        assert_eq!(r.images[0].spirv[..4], [0x03, 0x02, 0x23, 0x07]);
        assert_eq!(r.images[0].kernels.len(), 1);
        assert!(r.dependencies.iter().any(|d| d.ends_with("sycl/sycl.hpp")));
    }

    #[test]
    fn syntax_error_is_reported_with_a_location() {
        let src = "#include <sycl/sycl.hpp>\nint main() {\n  int x = ;\n}\n";
        let r = compile_to_result(src, &Options::default());
        assert!(!r.success);
        let err = r
            .diagnostics
            .iter()
            .find(|d| d.diagnostic.severity == Severity::Error)
            .expect("an error");
        assert!(err.diagnostic.span.is_some());
        assert_eq!(err.location.as_ref().map(|l| l.line), Some(3));
        assert!(
            r.rendered_diagnostics.contains("input.cpp:3:"),
            "{}",
            r.rendered_diagnostics
        );
    }

    #[test]
    fn virtual_user_headers_and_defines_are_used() {
        let src =
            "#include \"scale.h\"\n#if N != 7\n#error N\n#endif\nint main() { return SCALE; }\n";
        let r = compile_to_result(
            src,
            &options(r##"{"defines": {"N": 7}, "files": {"scale.h": "#define SCALE 3\n"}}"##),
        );
        assert!(!r.has_errors(), "{}", r.rendered_diagnostics);
        assert!(
            r.dependencies.iter().any(|d| d.ends_with("scale.h")),
            "{:?}",
            r.dependencies
        );
    }
}
