//! Syclone compiler core: the SYCL C++ device compiler, with no I/O of its own.
//!
//! Where things live (naga's shape):
//! - [`source`], [`diag`]: files, spans and diagnostics;
//! - [`front`]: preprocess → lex → parse → sema (C++ frontend);
//! - [`sycl`]: kernel discovery, closure layout, integration header;
//! - [`ir`]: the device IR; [`lower`] turns checked device code into it;
//!   [`passes`] transform it;
//! - [`back`]: code generation (SPIR-V through rspirv);
//! - [`postlink`]: the split of kernels into device images;
//! - [`bundle`]: the device-image bundle handed to the runtime;
//! - [`printf_format`]: printf formats, read alike by compiler and runtime;
//! - [`target`]: target properties; [`model_headers`]: the std subset served
//!   to the device pass.
//!
//! The entry points are [`compile`] and [`preprocess_only`] (`-E`).

pub mod back;
pub mod bundle;
pub mod device_link;
pub mod diag;
pub mod front;
pub mod ir;
pub mod lower;
pub mod model_headers;
pub mod passes;
pub mod postlink;
pub mod printf_format;
pub mod source;
pub mod sycl;
pub mod target;

use diag::Diagnostic;
use source::SourceMap;
use target::TargetKind;

/// Reads include files for the preprocessor. `path` is a directory from the
/// search list joined with the spelled header name by `/`. `Sync`: natively
/// the preprocessor runs on a thread of its own (`front::pipeline`).
pub trait IncludeProvider: Sync {
    fn read(&self, path: &str) -> Option<String>;
}

/// An include provider with no files (model headers are still served).
pub struct NoIncludes;
impl IncludeProvider for NoIncludes {
    fn read(&self, _: &str) -> Option<String> {
        None
    }
}

/// An include provider over in-memory files (path → contents).
#[derive(Default, Clone, Debug)]
pub struct VirtualFiles(pub std::collections::BTreeMap<String, String>);
impl IncludeProvider for VirtualFiles {
    fn read(&self, path: &str) -> Option<String> {
        self.0.get(path).cloned()
    }
}

#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// Name of the main file as it should appear in diagnostics and `__FILE__`.
    pub main_file_name: String,
    /// `-D name[=value]`, in command-line order.
    pub defines: Vec<(String, Option<String>)>,
    /// `-U name`.
    pub undefines: Vec<String>,
    /// `-I` directories, searched for `"..."` and `<...>` includes.
    pub include_dirs: Vec<String>,
    /// `-isystem` directories, searched after `-I`.
    pub system_include_dirs: Vec<String>,
    /// The host compiler's system directories (`/usr/include`), searched
    /// after the model headers: a third-party header installed there
    /// (`<stb/stb_image.h>`) is found, while the model stands for the
    /// standard library.
    pub fallback_include_dirs: Vec<String>,
    pub targets: Vec<TargetKind>,
    /// Fixed `__DATE__`/`__TIME__` (tests); `None` uses a placeholder date.
    pub date_time: Option<(String, String)>,
    /// The host compiler of the host pass (closure layout and kernel keys follow it).
    pub host_compiler: front::sema::HostCompiler,
    /// Render `rendered_diagnostics` with ANSI colours.
    pub color_diagnostics: bool,
    /// Report the errors in host code the device pass could not check, as
    /// warnings (`-Wsycl-host-code`).
    pub host_code_diagnostics: bool,
    /// `-fsycl-device-code-split=`.
    pub split: postlink::SplitMode,
    /// Relocatable device code (`-fsycl-rdc`, the default): kernels may
    /// call `SYCL_EXTERNAL` functions of other translation units, resolved
    /// by the device link; `false` (`-fno-sycl-rdc`) finishes the unit's
    /// device code alone.
    pub rdc: bool,
    /// `-ffp-contract=`: whether the driver may fuse and reassociate
    /// floating-point operations where no pragma says otherwise.
    pub fp_contract: front::fp_contract::FpContract,
    /// The language mode (`-std=`): `__cplusplus`, and C++20's concepts.
    pub lang: front::lang::LangStd,
    /// The host the host pass compiles for: its data model (`long` and
    /// pointer sizes) lays out closures and its macros are predefined.
    pub host_target: target::HostTarget,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            main_file_name: "input.cpp".into(),
            defines: vec![],
            undefines: vec![],
            include_dirs: vec![],
            system_include_dirs: vec![],
            fallback_include_dirs: vec![],
            targets: vec![TargetKind::SpirvVulkan],
            date_time: None,
            host_compiler: front::sema::HostCompiler::default(),
            color_diagnostics: false,
            host_code_diagnostics: false,
            split: postlink::SplitMode::default(),
            rdc: true,
            fp_contract: front::fp_contract::FpContract::default(),
            lang: front::lang::LangStd::default(),
            host_target: target::HostTarget::default(),
        }
    }
}

/// Everything the device pass produces.
#[derive(Debug)]
pub struct CompileOutput {
    pub diagnostics: Vec<Diagnostic>,
    /// Diagnostics rendered clang-style.
    pub rendered_diagnostics: String,
    /// The same diagnostics as JSON ([`diag::render_json`]).
    pub diagnostics_json: String,
    /// `None` when there were errors.
    pub bundle: Option<bundle::DeviceBundle>,
    /// C++ source for the host pass (`-include`d before the main file).
    pub integration_header: String,
    /// C++ source the host pass compiles after the main file (empty when
    /// the unit needs none: it defines no `device_global`).
    pub integration_footer: String,
    /// The device IR of all kernels, as text (for tests and `--dump-ir`).
    pub ir_text: String,
    /// Every file the preprocessor read (for dependency files).
    pub dependencies: Vec<String>,
}

impl CompileOutput {
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == diag::Severity::Error)
    }
}

/// Compile one translation unit for the device: preprocess with
/// `__SYCL_DEVICE_ONLY__`, parse, check, find kernels, lower and emit one
/// image per target, plus the integration header.
pub fn compile(
    source: &str,
    opts: &CompileOptions,
    includes: &dyn IncludeProvider,
) -> CompileOutput {
    let _host = opts.host_target.enter();
    let mut sm = SourceMap::default();
    let main = sm.add(opts.main_file_name.clone(), source);
    let mut diags = diag::Diagnostics::default();

    let front =
        front::pipeline::preprocess_and_parse(&mut sm, main, includes, &pp_options(opts), false);
    diags.list.extend(front.preprocessor_diagnostics);

    let mut result = CompileOutput {
        diagnostics: vec![],
        rendered_diagnostics: String::new(),
        diagnostics_json: String::new(),
        bundle: None,
        integration_header: String::new(),
        integration_footer: String::new(),
        ir_text: String::new(),
        dependencies: front.included_files,
    };

    if !diags.has_errors() {
        diags.list.extend(front.parser_diagnostics);
    }
    if !diags.has_errors() {
        if let Some(out) = sycl::compile_translation_unit(
            &sm,
            &front.tu,
            &front.fp_contract,
            &front.pack,
            opts,
            &mut diags,
        ) {
            if !diags.has_errors() {
                result.bundle = Some(out.bundle);
            }
            result.integration_header = out.integration_header;
            result.integration_footer = out.integration_footer;
            result.ir_text = out.ir_text;
        }
    }
    diags.drop_repeats();
    diag::resolve_notes(&sm, &mut diags.list);
    result.rendered_diagnostics = diag::render_with(&sm, &diags.list, opts.color_diagnostics);
    result.diagnostics_json = diag::render_json(&sm, &diags.list);
    result.diagnostics = diags.list;
    result
}

/// The preprocessor options of the device pass.
fn pp_options(opts: &CompileOptions) -> front::preprocess::PpOptions {
    front::preprocess::PpOptions {
        defines: opts.defines.clone(),
        undefines: opts.undefines.clone(),
        include_dirs: opts.include_dirs.clone(),
        system_include_dirs: opts.system_include_dirs.clone(),
        fallback_include_dirs: opts.fallback_include_dirs.clone(),
        device_pass: true,
        date_time: opts.date_time.clone(),
        fp_contract: opts.fp_contract,
        pack_dialect: match opts.host_compiler {
            front::sema::HostCompiler::Gcc { .. } => front::pragma_pack::PackDialect::Gcc,
            front::sema::HostCompiler::Clang { .. } => front::pragma_pack::PackDialect::Clang,
        },
        lang: opts.lang,
        host_target: opts.host_target,
    }
}

/// What [`preprocess_only`] produces.
#[derive(Debug)]
pub struct PreprocessOutput {
    /// The preprocessed translation unit as text, with `# LINE "FILE"` markers.
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
    pub rendered_diagnostics: String,
    /// The same diagnostics as JSON ([`diag::render_json`]).
    pub diagnostics_json: String,
    /// Every file the preprocessor read (for `-M` dependency lists).
    pub dependencies: Vec<String>,
}

impl PreprocessOutput {
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == diag::Severity::Error)
    }
}

/// Preprocess one translation unit as the device pass does (`syclcc -E`).
pub fn preprocess_only(
    source: &str,
    opts: &CompileOptions,
    includes: &dyn IncludeProvider,
) -> PreprocessOutput {
    let mut sm = SourceMap::default();
    let main = sm.add(opts.main_file_name.clone(), source);
    let mut diags = diag::Diagnostics::default();
    let pp = front::preprocess::preprocess(&mut sm, main, includes, &pp_options(opts), &mut diags);
    let text = front::preprocess::print::print_tokens(&sm, &pp.symbols, &pp.tokens);
    diags.drop_repeats();
    diag::resolve_notes(&sm, &mut diags.list);
    PreprocessOutput {
        text,
        rendered_diagnostics: diag::render_with(&sm, &diags.list, opts.color_diagnostics),
        diagnostics_json: diag::render_json(&sm, &diags.list),
        diagnostics: diags.list,
        dependencies: pp.included_files,
    }
}

/// What [`parse_only`] produces: diagnostics and the AST dump.
#[derive(Debug)]
pub struct ParseOnlyOutput {
    pub diagnostics: Vec<Diagnostic>,
    /// Diagnostics rendered clang-style.
    pub rendered_diagnostics: String,
    /// The same diagnostics as JSON ([`diag::render_json`]).
    pub diagnostics_json: String,
    /// The syntax tree in clang's `-ast-dump` shape (see [`front::ast_dump`]).
    pub ast_dump: String,
}

/// Preprocess (device pass) and parse one translation unit, without sema:
/// for `syclcc --ast-dump` and `-Xclang -ast-dump`.
pub fn parse_only(
    source: &str,
    opts: &CompileOptions,
    includes: &dyn IncludeProvider,
) -> ParseOnlyOutput {
    let mut sm = SourceMap::default();
    let main = sm.add(opts.main_file_name.clone(), source);
    let mut diags = diag::Diagnostics::default();
    let front =
        front::pipeline::preprocess_and_parse(&mut sm, main, includes, &pp_options(opts), true);
    diags.list.extend(front.preprocessor_diagnostics);
    diags.list.extend(front.parser_diagnostics);
    let ast_dump = front::ast_dump::dump(&front.tu, &sm);
    diags.drop_repeats();
    diag::resolve_notes(&sm, &mut diags.list);
    ParseOnlyOutput {
        rendered_diagnostics: diag::render_with(&sm, &diags.list, opts.color_diagnostics),
        diagnostics_json: diag::render_json(&sm, &diags.list),
        diagnostics: diags.list,
        ast_dump,
    }
}
