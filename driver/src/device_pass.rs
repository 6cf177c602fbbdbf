//! The device pass: runs `compiler_core::compile` in-process over one source
//! file, with includes read from the real file system, or (`--sandbox`) in
//! the wasmtime sandbox ([`crate::sandboxed`]).

use crate::cli::{ColorChoice, DiagFormat, MacroOp, Options};
use crate::error::{io_at, DriverError, Result};
use compiler_core::bundle::DeviceBundle;
use compiler_core::front::sema::HostCompiler;
use compiler_core::{CompileOptions, CompileOutput, IncludeProvider, PreprocessOutput};
use std::path::Path;

/// Serves `#include`s from the file system; the preprocessor passes
/// `dir/name` paths built from the include search list. Files that are not
/// valid UTF-8 are read lossily; their names are kept for a warning.
#[derive(Default)]
pub struct FsIncludes {
    pub invalid_utf8: std::sync::Mutex<Vec<String>>,
}

impl IncludeProvider for FsIncludes {
    fn read(&self, path: &str) -> Option<String> {
        let (text, lossy) = read_lossy(Path::new(path)).ok()?;
        if lossy {
            if let Ok(mut paths) = self.invalid_utf8.lock() {
                paths.push(path.to_string());
            }
        }
        Some(text)
    }
}

/// Read a source file; bytes that are not UTF-8 become U+FFFD (the flag
/// says whether any did).
pub fn read_lossy(path: &Path) -> std::io::Result<(String, bool)> {
    let bytes = std::fs::read(path)?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => (s, false),
        Err(e) => (String::from_utf8_lossy(e.as_bytes()).into_owned(), true),
    })
}

#[cfg(feature = "sandbox")]
fn sandboxed(source: &Path, text: String, copts: &CompileOptions) -> Result<PassOutput> {
    crate::sandboxed::compile(source, text, copts)
}

#[cfg(not(feature = "sandbox"))]
fn sandboxed(_: &Path, _: String, _: &CompileOptions) -> Result<PassOutput> {
    Err(DriverError::Other(
        "--sandbox: this syclcc was built without the sandbox; rebuild it with `cargo build --release -p syclcc --features sandbox`".into(),
    ))
}

/// Read the main source file lossily, warning if it was not UTF-8.
pub fn read_source(source: &Path) -> Result<String> {
    let (text, lossy) = read_lossy(source).map_err(io_at(source))?;
    if lossy {
        eprintln!("{}", invalid_utf8_warning(&source.to_string_lossy()));
    }
    Ok(text)
}

/// The warning for a source file that is not valid UTF-8.
pub fn invalid_utf8_warning(path: &str) -> String {
    format!("warning: invalid UTF-8 in {path}; replaced by U+FFFD")
}

/// Stack of the thread the compiler runs on.
const COMPILER_STACK_BYTES: usize = 64 << 20;

/// What the device pass produced for one source.
pub struct DeviceOutput {
    pub bundle: DeviceBundle,
    pub integration_header: String,
    /// Compiled after the source by the host pass (empty: none).
    pub integration_footer: String,
    pub ir_text: String,
    pub dependencies: Vec<String>,
}

/// What a device pass produced, in process or in the sandbox.
pub struct PassOutput {
    pub has_errors: bool,
    pub rendered_diagnostics: String,
    pub diagnostics_json: String,
    /// `None` when there were errors.
    pub bundle: Option<DeviceBundle>,
    pub integration_header: String,
    pub integration_footer: String,
    pub ir_text: String,
    pub dependencies: Vec<String>,
}

impl From<CompileOutput> for PassOutput {
    fn from(out: CompileOutput) -> Self {
        PassOutput {
            has_errors: out.has_errors(),
            rendered_diagnostics: out.rendered_diagnostics,
            diagnostics_json: out.diagnostics_json,
            bundle: out.bundle,
            integration_header: out.integration_header,
            integration_footer: out.integration_footer,
            ir_text: out.ir_text,
            dependencies: out.dependencies,
        }
    }
}

/// What the device pass takes from the host compiler.
#[derive(Clone, Debug, Default)]
pub struct HostSide {
    /// Its ABI (closure layouts and kernel keys follow it).
    pub abi: HostCompiler,
    /// Its system directories, searched after the model headers.
    pub fallback_include_dirs: Vec<String>,
}

/// The compile options for `source`: user `-I` dirs, then the runtime's;
/// `-isystem` dirs; the model headers; the host compiler's directories.
pub fn compile_options(
    source: &Path,
    opts: &Options,
    runtime_include: &Path,
    host: &HostSide,
) -> CompileOptions {
    let mut include_dirs = opts.include_dirs.clone();
    include_dirs.push(runtime_include.to_string_lossy().into_owned());
    let mut defines = vec![];
    let mut undefines = vec![];
    for m in &opts.macros {
        match m {
            MacroOp::Define(n, v) => defines.push((n.clone(), v.clone())),
            MacroOp::Undefine(n) => undefines.push(n.clone()),
        }
    }
    CompileOptions {
        main_file_name: source.to_string_lossy().into_owned(),
        defines,
        undefines,
        include_dirs,
        system_include_dirs: opts.system_include_dirs.clone(),
        fallback_include_dirs: host.fallback_include_dirs.clone(),
        host_compiler: host.abi,
        color_diagnostics: use_color(opts),
        host_code_diagnostics: opts.host_code_warnings,
        split: opts.split,
        rdc: opts.rdc,
        fp_contract: opts.fp_contract,
        // The host pass's `-std=` (C++17 when none is given).
        lang: opts
            .std
            .as_deref()
            .and_then(compiler_core::front::lang::LangStd::from_std_flag)
            .unwrap_or_default(),
        targets: if opts.targets.is_empty() {
            CompileOptions::default().targets
        } else {
            opts.targets.clone()
        },
        ..CompileOptions::default()
    }
}

/// Whether diagnostics are coloured: `-f[no-]color-diagnostics`, else when
/// stderr is a terminal and `NO_COLOR` is unset (never for JSON).
pub fn use_color(opts: &Options) -> bool {
    use std::io::IsTerminal;
    if opts.diagnostics_format == DiagFormat::Json {
        return false;
    }
    match opts.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stderr().is_terminal()
        }
    }
}

/// Print diagnostics on stderr in the chosen format (text or a JSON array).
pub fn print_diagnostics(opts: &Options, rendered: &str, json: &str) {
    match opts.diagnostics_format {
        DiagFormat::Json => eprintln!("{json}"),
        DiagFormat::Text => {
            if !rendered.is_empty() {
                eprint!("{rendered}");
            }
        }
    }
}

/// Runs `f` (a compiler entry point) on a thread with a roomy stack; a
/// panic becomes an internal-error message.
pub fn on_compiler_thread<T: Send>(source: &Path, f: impl FnOnce() -> T + Send) -> Result<T> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("device-pass".into())
            .stack_size(COMPILER_STACK_BYTES)
            .spawn_scoped(scope, f)
            .map(|h| h.join())
    })
    .map_err(|e| DriverError::Other(format!("cannot start the device pass: {e}")))?
    .map_err(|_| {
        DriverError::Other(format!(
            "internal compiler error in the device pass of {} (the compiler panicked)",
            source.display()
        ))
    })
}

/// The device pass's preprocessor on `source`, its diagnostics printed.
fn run_preprocessor(
    source: &Path,
    opts: &Options,
    runtime_include: &Path,
    host: &HostSide,
) -> Result<PreprocessOutput> {
    let text = read_source(source)?;
    let copts = compile_options(source, opts, runtime_include, host);
    let out = on_compiler_thread(source, || {
        compiler_core::preprocess_only(&text, &copts, &FsIncludes::default())
    })?;
    print_diagnostics(opts, &out.rendered_diagnostics, &out.diagnostics_json);
    Ok(out)
}

/// `-E`: the preprocessed device-pass source, to `opts.output` or stdout.
pub fn preprocess(
    source: &Path,
    opts: &Options,
    runtime_include: &Path,
    host: &HostSide,
) -> Result<()> {
    let out = run_preprocessor(source, opts, runtime_include, host)?;
    // Like clang, the output is written even after errors (`#error` included).
    let written = match &opts.output {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::write(path, &out.text).map_err(io_at(path))
        }
        _ => {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(out.text.as_bytes())
                .map_err(|e| DriverError::Other(format!("cannot write the output: {e}")))
        }
    };
    written?;
    if out.has_errors() {
        return Err(DriverError::Reported);
    }
    Ok(())
}

/// `-M`: the files the device pass's preprocessor reads for `source`
/// (diagnostics on stderr; errors give [`DriverError::Reported`]).
pub fn dependencies(
    source: &Path,
    opts: &Options,
    runtime_include: &Path,
    host: &HostSide,
) -> Result<Vec<String>> {
    let out = run_preprocessor(source, opts, runtime_include, host)?;
    if out.has_errors() {
        return Err(DriverError::Reported);
    }
    Ok(out.dependencies)
}

/// Compiles `source` for the device. Diagnostics (warnings included) go to
/// stderr; errors give [`DriverError::Reported`].
pub fn run(
    source: &Path,
    opts: &Options,
    runtime_include: &Path,
    host: &HostSide,
) -> Result<DeviceOutput> {
    let text = read_source(source)?;
    let copts = compile_options(source, opts, runtime_include, host);
    let out = if opts.sandbox {
        sandboxed(source, text, &copts)?
    } else {
        // A panic in the compiler is an internal error: report it as one
        // (the panic hook has printed the message) instead of aborting the driver.
        // The compiler recurses over nesting (bounded at 256 levels, about 5 MiB
        // of stack in debug builds): give it a thread with a roomy stack.
        PassOutput::from(on_compiler_thread(source, || {
            let includes = FsIncludes::default();
            let out = compiler_core::compile(&text, &copts, &includes);
            for path in std::mem::take(
                &mut *includes
                    .invalid_utf8
                    .lock()
                    .unwrap_or_else(|e| e.into_inner()),
            ) {
                eprintln!("{}", invalid_utf8_warning(&path));
            }
            out
        })?)
    };
    print_diagnostics(opts, &out.rendered_diagnostics, &out.diagnostics_json);
    if out.has_errors {
        return Err(DriverError::Reported);
    }
    let bundle = out.bundle.ok_or_else(|| {
        DriverError::Other(format!(
            "internal compiler error: the device pass of {} produced neither a device bundle nor an error",
            source.display()
        ))
    })?;
    Ok(DeviceOutput {
        bundle,
        integration_header: out.integration_header,
        integration_footer: out.integration_footer,
        ir_text: out.ir_text,
        dependencies: out.dependencies,
    })
}

/// One bundle holding the images and relocatable code of all `bundles`, in order.
pub fn combine<'a>(bundles: impl IntoIterator<Item = &'a DeviceBundle>) -> DeviceBundle {
    let mut combined = DeviceBundle::linked(vec![]);
    for b in bundles {
        combined.images.extend(b.images.iter().cloned());
        combined.relocatable.extend(b.relocatable.iter().cloned());
    }
    combined
}

/// SPIR-V words as text (`-fsycl-device-only -S`).
pub fn disassemble(words: &[u32]) -> Result<String> {
    use rspirv::binary::Disassemble;
    let module = rspirv::dr::load_words(words).map_err(|e| {
        DriverError::Other(format!(
            "internal compiler error: the device image is not readable SPIR-V: {e}"
        ))
    })?;
    Ok(module.disassemble() + "\n")
}

/// SPIR-V words as little-endian bytes.
pub fn spirv_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spirv_is_little_endian() {
        assert_eq!(
            spirv_bytes(&[0x0723_0203, 1]),
            [0x03, 0x02, 0x23, 0x07, 1, 0, 0, 0]
        );
    }

    #[test]
    fn user_include_dirs_come_first() {
        let opts = crate::cli::parse(&[
            "-Iuser".into(),
            "-DX=1".into(),
            "-UY".into(),
            "a.cpp".into(),
        ])
        .unwrap();
        let c = compile_options(
            Path::new("a.cpp"),
            &opts,
            Path::new("/rt/include"),
            &HostSide::default(),
        );
        assert_eq!(c.include_dirs, ["user", "/rt/include"]);
        assert_eq!(c.defines, [("X".to_string(), Some("1".to_string()))]);
        assert_eq!(c.undefines, ["Y"]);
        assert_eq!(c.main_file_name, "a.cpp");
    }

    #[test]
    fn the_language_mode_follows_std() {
        use compiler_core::front::lang::LangStd;
        let lang = |args: &[&str]| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            let opts = crate::cli::parse(&args).unwrap();
            let rt = Path::new("/rt/include");
            compile_options(Path::new("a.cpp"), &opts, rt, &HostSide::default()).lang
        };
        assert_eq!(lang(&["a.cpp"]), LangStd::Cxx17);
        assert_eq!(lang(&["-std=c++20", "a.cpp"]), LangStd::Cxx20);
        assert_eq!(lang(&["-std=gnu++2a", "a.cpp"]), LangStd::Cxx20);
        assert_eq!(lang(&["-std=c++14", "a.cpp"]), LangStd::Cxx17);
    }
}

#[cfg(test)]
mod utf8_tests {
    use super::*;

    #[test]
    fn invalid_utf8_is_read_lossily_and_flagged() {
        let dir = std::env::temp_dir().join(format!("syclcc-utf8-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.h");
        std::fs::write(&bad, b"int a\xff\xfe = 1; // \xc3\n").unwrap();
        let good = dir.join("good.h");
        std::fs::write(&good, "int caf\u{e9} = 1;\n").unwrap();

        let (text, lossy) = read_lossy(&bad).unwrap();
        assert!(lossy);
        assert_eq!(text, "int a\u{fffd}\u{fffd} = 1; // \u{fffd}\n");
        let (text, lossy) = read_lossy(&good).unwrap();
        assert!(!lossy);
        assert_eq!(text, "int caf\u{e9} = 1;\n");

        let inc = FsIncludes::default();
        let bad_s = bad.to_string_lossy().into_owned();
        assert!(inc.read(&bad_s).is_some());
        assert!(inc.read(&good.to_string_lossy()).is_some());
        assert_eq!(*inc.invalid_utf8.lock().unwrap(), vec![bad_s.clone()]);
        assert_eq!(
            invalid_utf8_warning(&bad_s),
            format!("warning: invalid UTF-8 in {bad_s}; replaced by U+FFFD")
        );

        // Through the whole device pass: no panic. (The lexer currently
        // accepts U+FFFD in identifiers; clang rejects it.)
        let out = compiler_core::compile(
            &format!("{}\nint y = ;\n", text_of(&bad)),
            &CompileOptions::default(),
            &FsIncludes::default(),
        );
        assert!(out.has_errors());
        std::fs::remove_dir_all(&dir).ok();
    }

    fn text_of(p: &Path) -> String {
        read_lossy(p).unwrap().0
    }
}
