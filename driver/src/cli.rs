//! Command-line parsing, clang style (`-Idir` and `-I dir`, `-DNAME=V`,
//! `-o out`, `-MF file`, ...). Hand-written because clang's flag grammar
//! (single-dash long flags, joined values, `-Wl,...`, flags passed through to
//! the host compiler) does not map onto clap.

use crate::deps::{DepOptions, DepScope, DepTarget};
use compiler_core::front::fp_contract::FpContract;
use compiler_core::postlink::SplitMode;
use compiler_core::target::TargetKind;
use std::path::PathBuf;

pub const HELP: &str = "\
syclcc: the Syclone SYCL 2020 compiler driver (clang++ -fsycl style)

USAGE:
  syclcc [options] FILE.cpp|FILE.o|LIB.a|LIB.so... [-o EXE]
                                             compile and link a SYCL program
  syclcc -c [options] FILE.cpp... [-o FILE.o] compile to fat objects (host object with the
                                             device images in a .syclone.device section)
  syclcc -shared -fPIC [options] FILES... -o LIBX.so
                                             a shared library with its own device images
  syclcc -fsycl-device-only FILE.cpp [-o OUT.spv]
                                             write the SPIR-V of the first device image
                                             (with -S: its disassembly, OUT.spvasm)
  syclcc run [options] FILE.cpp [-- ARGS...] compile into the cache and run the program
  syclcc -E FILE.cpp [-o OUT]                print the device pass's preprocessed source
                                             (with -fsycl-host-only: the host compiler's)
  syclcc -S FILE.cpp [-o FILE.s]             host assembly (device pass for the
                                             integration header)
  syclcc -fsyntax-only FILE.cpp...           check the device and host passes only
  syclcc --ast-dump FILE.cpp                 print the device pass's AST (also -Xclang -ast-dump)

OPTIONS:
  -o PATH                    output file (default a.out, FILE.o, FILE.s, FILE.spv)
  -I DIR, -isystem DIR       include directories (device and host pass)
  -D NAME[=VALUE], -U NAME   define / undefine a macro (device and host pass)
  -std=STD                   language standard of both passes (default c++17)
  -O<level>, -g, -W..., -f..., any other flag
                             passed to the host compiler (compile and link); clang's own
                             (--gcc-toolchain=, -fbracket-depth=, -fdenormal-fp-math...,
                             -Xclang ARG) only to a clang host, with a warning for g++
  -L DIR, -l LIB, -Wl,..., -Xlinker ARG
                             passed to the link step; .o/.a/.so inputs are linked too, and
                             the device images in .o files and .a archives are collected
  -shared                    link a shared library; its images register when it is loaded
                             (dlopen included) and unregister when it is unloaded
  -fsycl                     accepted (SYCL is always on)
  -f[no-]sycl-id-queries-fit-in-int
                             accepted (ids are computed at the index width of the target)
  -fsycl-targets=T1,T2, --offload-targets=T1,T2
                             device image targets: spirv64-vulkan (default; also spir64,
                             DPC++'s portable default), spirv32-webgpu
  -fsycl-device-only         device pass only: the SPIR-V image (-S: its disassembly);
                             split images: image N > 0 beside OUT as k.N.spv
  --emit=wgsl                with -fsycl-device-only: the WGSL of each kernel (WebGPU
                             target unless -fsycl-targets= says otherwise): the first
                             kernel in OUT (k.wgsl), kernel N > 0 beside it as k.N.wgsl
  -fsycl-host-only           host pass only: no device pass, no device images
  -fsycl-device-code-split[=per_kernel|per_source|off|auto]
                             per_kernel: one device image per kernel; the others (auto is
                             the default): one per translation unit. Kernels needing fp64
                             or 64-bit atomics always get images of their own
  -ffp-contract=on|off|fast  on (the default, as in C++): a product may be fused into an
                             add or subtract of the same expression; off: every floating-
                             point operation computed as written; fast: the GPU driver may
                             fuse and reassociate them (so may pragmas: #pragma STDC
                             FP_CONTRACT, #pragma clang fp contract); also given to the host
                             compiler
  -fsycl-rdc, -fno-sycl-rdc  relocatable device code (the default): kernels may call
                             SYCL_EXTERNAL functions of other translation units, resolved
                             by the device link; -fno-sycl-rdc finishes each unit alone
  -fsycl-link                device link only: the inputs' device code linked, with their
                             host code (ld -r), into one object (-o) for a later link
  -Xsycl-target-backend[=T] ARG
                             backend options; the SPIR-V targets have no backend compiler,
                             so ARG is reported as unused
  -M, -MM                    print the make dependencies instead of compiling (-MM: no
                             system headers); they include the headers the device pass read
  -MD, -MMD                  write FILE.d beside the object while compiling
  -MF FILE, -MT TARGET, -MQ TARGET, -MP
                             dependency file name, target (raw / make-quoted), phony targets
  --host-cxx=PATH            host C++ compiler (default: $SYCLCC_HOST_CXX, else c++); g++
                             and clang++ are supported
  --emit-bundle=PATH         write the device-image bundle (JSON)
  --emit-integration-header=PATH
                             write the integration header of the (single) source
  --dump-ir                  print the device IR
  -Wsycl-host-code           warn about everything in host code the device pass
                             could not check (kernels there may be missed)
  -fno-sycl-host-pch         do not start the host pass from the precompiled SYCL header
                             (by default <sycl/sycl.hpp> is precompiled once per host
                             compiler and flag set into $XDG_CACHE_HOME/syclone/pch, and used
                             for sources that include it before any other directive but
                             standard headers)
  -save-temps                the host compiler's -save-temps; syclcc also keeps its own
                             intermediate files (integration header, SPIR-V, wrapper
                             object) in $TMPDIR/syclcc-PID-*, and does without the
                             precompiled header
  --time-phases              print the time of the device pass, host compile and link
  --sandbox                  run the device pass inside the wasmtime sandbox (compiler as
                             wasm32-wasip1, 1 GiB memory and 60 s limits, include
                             directories read-only); needs syclcc built with
                             `--features sandbox` and syclone-sandbox-guest.wasm
                             (`cargo xtask sandbox-guest`, or $SYCLONE_SANDBOX_GUEST)
  -fcolor-diagnostics, -fno-color-diagnostics
                             colour diagnostics (default: when stderr is a terminal and
                             NO_COLOR is unset)
  --diagnostics-format=text|json (also -fdiagnostics-format=)
                             print diagnostics as text or as a JSON array on stderr
  -v                         print the host compiler found and every step run
  -###                       print the steps without running them
  --help, --version

ENVIRONMENT:
  SYCLCC_HOST_CXX, SYCLONE_INCLUDE (runtime headers), SYCLONE_RUNTIME_LIB (libsyclone_rt.a),
  SYCLONE_SANDBOX_GUEST (the sandbox's guest module),
  XDG_CACHE_HOME (cache of `syclcc run` and of the sandbox's compiled module),
  SYCLCC_KEEP_TEMPS=1 keeps intermediate files
";

/// What the invocation produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Compile and link an executable (or, with `-shared`, a shared library).
    Link,
    /// `-c`: one fat object per source.
    CompileOnly,
    /// `-fsycl-link`: link the device code of the inputs into one object
    /// (their host code, relocatably linked, with the finished device
    /// images), for a later host-only link.
    DeviceLink,
    /// `-S`: host assembly.
    Assemble,
    /// `-fsycl-device-only`: SPIR-V only.
    DeviceOnly,
    /// `syclcc run`: compile into the cache, then run.
    Run,
    /// `-E`: print the preprocessed source.
    Preprocess,
    /// `-M` / `-MM`: print the make dependencies.
    Dependencies,
    /// `-fsyntax-only`: check the device and host passes, write nothing.
    SyntaxOnly,
    /// `--ast-dump` / `-Xclang -ast-dump`: print the device pass's AST.
    AstDump,
}

/// When diagnostics are coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// When stderr is a terminal and `NO_COLOR` is not set.
    Auto,
    /// `-fcolor-diagnostics`.
    Always,
    /// `-fno-color-diagnostics`.
    Never,
}

/// How diagnostics are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagFormat {
    Text,
    /// `--diagnostics-format=json` / `-fdiagnostics-format=json`.
    Json,
}

/// A `-D` or `-U`, kept in command-line order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MacroOp {
    Define(String, Option<String>),
    Undefine(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub mode: Mode,
    /// C++ sources, in order.
    pub sources: Vec<PathBuf>,
    /// Objects and libraries given as inputs, linked as they are.
    pub link_inputs: Vec<PathBuf>,
    pub output: Option<PathBuf>,
    pub include_dirs: Vec<String>,
    pub system_include_dirs: Vec<String>,
    pub macros: Vec<MacroOp>,
    /// `-std=...` if given (both passes default to c++17).
    pub std: Option<String>,
    /// Flags for the host compiler, at compile and at link time: `-O`, `-g`,
    /// `-W`, `-f` and every flag syclcc does not know.
    pub host_flags: Vec<String>,
    /// Flags for the host compiler at compile time only (`-include FILE`,
    /// `-x LANG`, `-iquote DIR`, ...).
    pub compile_flags: Vec<String>,
    /// `-L`, `-l`, `-Wl,`, `-Xlinker` flags for the link, in order.
    pub link_flags: Vec<String>,
    /// `-shared`: link a shared library.
    pub shared: bool,
    /// `-fsycl-host-only`: no device pass.
    pub host_only: bool,
    /// `-fsycl-device-only -S`: SPIR-V disassembly instead of binary.
    pub device_asm: bool,
    /// `-fsycl-device-only --emit=wgsl`: WGSL of each kernel instead of SPIR-V.
    pub device_wgsl: bool,
    pub host_cxx: Option<String>,
    /// `-fsycl-targets=` / `--offload-targets=`: device image targets, in order.
    pub targets: Vec<TargetKind>,
    /// `-fsycl-device-code-split=`.
    pub split: SplitMode,
    /// `-fsycl-rdc` (default) / `-fno-sycl-rdc`: may kernels call
    /// `SYCL_EXTERNAL` functions of other translation units?
    pub rdc: bool,
    /// `-ffp-contract=`: may device floating-point arithmetic be fused?
    pub fp_contract: FpContract,
    /// Dependency-file flags (`-M`, `-MD`, `-MF`, ...).
    pub deps: DepOptions,
    pub emit_bundle: Option<PathBuf>,
    pub emit_integration_header: Option<PathBuf>,
    pub dump_ir: bool,
    /// `--sandbox`: the device pass runs in the wasmtime sandbox.
    pub sandbox: bool,
    pub color: ColorChoice,
    pub diagnostics_format: DiagFormat,
    pub verbose: bool,
    /// `-###`: print the steps, run nothing.
    pub dry_run: bool,
    /// `--time-phases`.
    pub time_phases: bool,
    /// `-Wsycl-host-code`: report what the device pass could not check in host code.
    pub host_code_warnings: bool,
    /// Start the host pass from the precompiled SYCL header (`host_pch.rs`).
    pub host_pch: bool,
    /// `-save-temps` (also passed to the host compiler): keep syclcc's
    /// intermediate files; the host pass then does without the precompiled
    /// header, which g++ cannot build or read while saving temporaries.
    pub save_temps: bool,
    pub help: bool,
    pub version: bool,
    /// Arguments after `--` for `syclcc run`.
    pub run_args: Vec<String>,
    /// Flags accepted but without effect, for the "argument unused" warning.
    pub unused_args: Vec<String>,
}

impl Options {
    fn new() -> Options {
        Options {
            mode: Mode::Link,
            sources: vec![],
            link_inputs: vec![],
            output: None,
            include_dirs: vec![],
            system_include_dirs: vec![],
            macros: vec![],
            std: None,
            host_flags: vec![],
            compile_flags: vec![],
            link_flags: vec![],
            shared: false,
            host_only: false,
            device_asm: false,
            device_wgsl: false,
            host_cxx: None,
            targets: vec![],
            split: SplitMode::default(),
            rdc: true,
            fp_contract: FpContract::default(),
            deps: DepOptions::default(),
            emit_bundle: None,
            emit_integration_header: None,
            dump_ir: false,
            sandbox: false,
            color: ColorChoice::Auto,
            diagnostics_format: DiagFormat::Text,
            verbose: false,
            dry_run: false,
            time_phases: false,
            host_code_warnings: false,
            host_pch: true,
            save_temps: false,
            help: false,
            version: false,
            run_args: vec![],
            unused_args: vec![],
        }
    }

    /// Whether steps are printed (`-v`, `-###`).
    pub fn echo(&self) -> bool {
        self.verbose || self.dry_run
    }
}

/// C++ sources; `c` too, compiled as C++ as clang++ does.
const SOURCE_EXTS: &[&str] = &["cpp", "cc", "cxx", "c++", "C", "cp", "CPP", "c"];
const LINK_EXTS: &[&str] = &["o", "a", "so"];

/// The triples `-fsycl-targets=` accepts, for messages.
pub const SUPPORTED_TARGETS: &str = "spirv64-vulkan, spirv32-webgpu";

/// Host-compiler flags whose value is the next argument; compile time only.
const COMPILE_FLAGS_WITH_VALUE: &[&str] = &[
    "-include",
    "-imacros",
    "-iquote",
    "-idirafter",
    "-iprefix",
    "-isysroot",
    "-x",
    "-target",
    "--sysroot",
];

/// Linker flags whose value is the next argument.
const LINK_FLAGS_WITH_VALUE: &[&str] = &["-Xlinker", "-z", "-u", "-T"];

fn target_of(triple: &str) -> Result<TargetKind, String> {
    // DPC++'s default target, SPIR-V that the runtime compiles for whatever
    // device runs it, is what our Vulkan SPIR-V is: build files pass it.
    if matches!(triple, "spir64" | "spir64-unknown-unknown") {
        return Ok(TargetKind::SpirvVulkan);
    }
    TargetKind::from_triple(triple).ok_or_else(|| {
        format!("SYCL target '{triple}' is not supported (supported targets: {SUPPORTED_TARGETS})")
    })
}

/// Flags that pick the mode, collected before deciding it.
#[derive(Default)]
struct ModeFlags {
    compile_only: bool,
    device_link: bool,
    assemble: bool,
    device_only: bool,
    preprocess: bool,
    syntax_only: bool,
    ast_dump: bool,
}

/// Parses the arguments after the program name.
pub fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options::new();
    let mut it = args.iter().peekable();
    if it.peek().map(|a| a.as_str()) == Some("run") {
        o.mode = Mode::Run;
        it.next();
    }
    let mut m = ModeFlags::default();
    while let Some(arg) = it.next() {
        let a = arg.as_str();
        // A flag whose value is joined (`-Ifoo`) or the next argument (`-I foo`).
        let mut value = |flag: &str| -> Result<String, String> {
            if a.len() > flag.len() {
                Ok(a[flag.len()..].to_string())
            } else {
                it.next()
                    .cloned()
                    .ok_or_else(|| format!("argument to '{flag}' is missing (expected 1 value)"))
            }
        };
        match a {
            "--" if o.mode == Mode::Run => {
                o.run_args = it.by_ref().cloned().collect();
            }
            "--help" | "-help" | "-h" => o.help = true,
            "--version" => o.version = true,
            "-v" => o.verbose = true,
            "-###" => o.dry_run = true,
            "-c" => m.compile_only = true,
            "-S" => m.assemble = true,
            "-E" => m.preprocess = true,
            "-fsyntax-only" => m.syntax_only = true,
            "-fsycl-device-only" | "--sycl-device-only" => m.device_only = true,
            "--emit=wgsl" => o.device_wgsl = true,
            _ if a.starts_with("--emit=") => {
                return Err(format!(
                    "unknown output kind '{}' in '{a}' (supported: wgsl)",
                    &a["--emit=".len()..]
                ))
            }
            "-fsycl-host-only" => o.host_only = true,
            // A promise that ids fit in `int` (or its withdrawal): a
            // permission to optimise, which we do not need.
            "-fsycl" | "-fsycl-id-queries-fit-in-int" | "-fno-sycl-id-queries-fit-in-int" => {}
            "-fsycl-rdc" => o.rdc = true,
            "-fno-sycl-rdc" => o.rdc = false,
            "-fsycl-link" => m.device_link = true,
            "-shared" => o.shared = true,
            "--ast-dump" | "-ast-dump" => m.ast_dump = true,
            "-Xclang" => match it.next().map(|s| s.as_str()) {
                Some("-ast-dump") => m.ast_dump = true,
                // Options of clang's front end, for a clang host compiler.
                Some(other) => o.host_flags.extend([a.to_string(), other.to_string()]),
                None => return Err("argument to '-Xclang' is missing (expected 1 value)".into()),
            },
            "-M" => o.deps.print = Some(DepScope::All),
            "-MM" => o.deps.print = Some(DepScope::User),
            "-MD" => o.deps.write = Some(DepScope::All),
            "-MMD" => o.deps.write = Some(DepScope::User),
            "-MP" => o.deps.phony = true,
            _ if a.starts_with("-MF") => o.deps.file = Some(value("-MF")?.into()),
            _ if a.starts_with("-MT") => o.deps.targets.push(DepTarget::Raw(value("-MT")?)),
            _ if a.starts_with("-MQ") => o.deps.targets.push(DepTarget::Quoted(value("-MQ")?)),
            "-fcolor-diagnostics" => o.color = ColorChoice::Always,
            "-fno-color-diagnostics" => o.color = ColorChoice::Never,
            _ if a.starts_with("--diagnostics-format=")
                || a.starts_with("-fdiagnostics-format=") =>
            {
                o.diagnostics_format = match &a[a.find('=').unwrap_or(0) + 1..] {
                    "json" => DiagFormat::Json,
                    "text" | "clang" => DiagFormat::Text,
                    f => {
                        return Err(format!(
                            "invalid diagnostics format '{f}' (expected text or json)"
                        ))
                    }
                };
            }
            "--dump-ir" => o.dump_ir = true,
            "-Wsycl-host-code" => o.host_code_warnings = true,
            "-Wno-sycl-host-code" => o.host_code_warnings = false,
            "-fsycl-host-pch" => o.host_pch = true,
            "-fno-sycl-host-pch" => o.host_pch = false,
            _ if a == "-save-temps" || a.starts_with("-save-temps=") => {
                o.save_temps = true;
                o.host_flags.push(a.into());
            }
            "--sandbox" => o.sandbox = true,
            "--time-phases" => o.time_phases = true,
            _ if a.starts_with("-fsycl-targets=") || a.starts_with("--offload-targets=") => {
                let list = &a[a.find('=').map(|i| i + 1).unwrap_or(a.len())..];
                for t in list.split(',').filter(|t| !t.is_empty()) {
                    o.targets.push(target_of(t)?);
                }
                if o.targets.is_empty() {
                    return Err(format!(
                        "'{a}' names no target (supported targets: {SUPPORTED_TARGETS})"
                    ));
                }
            }
            "-fsycl-device-code-split" => o.split = SplitMode::Auto,
            _ if a.starts_with("-fsycl-device-code-split=") => {
                let v = &a["-fsycl-device-code-split=".len()..];
                o.split = SplitMode::from_name(v).ok_or_else(|| {
                    format!(
                        "invalid value '{v}' in '-fsycl-device-code-split=' (expected per_kernel, per_source, off or auto)"
                    )
                })?;
            }
            _ if a.starts_with("-ffp-contract=") => {
                let v = &a["-ffp-contract=".len()..];
                o.fp_contract = FpContract::from_name(v).ok_or_else(|| {
                    format!(
                        "invalid value '{v}' in '-ffp-contract=' (expected fast, on, off or fast-honor-pragmas)"
                    )
                })?;
                // The host pass compiles host code under it too.
                o.host_flags.push(a.into());
            }
            _ if a == "-Xsycl-target-backend" || a.starts_with("-Xsycl-target-backend=") => {
                if let Some((_, triple)) = a.split_once('=') {
                    target_of(triple)?;
                }
                let v = it
                    .next()
                    .ok_or_else(|| format!("argument to '{a}' is missing (expected 1 value)"))?;
                o.unused_args.push(format!("{a} {v}"));
            }
            _ if a.starts_with("--host-cxx=") => o.host_cxx = Some(a["--host-cxx=".len()..].into()),
            _ if a.starts_with("--emit-bundle=") => {
                o.emit_bundle = Some(a["--emit-bundle=".len()..].into())
            }
            _ if a.starts_with("--emit-integration-header=") => {
                o.emit_integration_header = Some(a["--emit-integration-header=".len()..].into())
            }
            _ if a.starts_with("-o") => o.output = Some(value("-o")?.into()),
            _ if a.starts_with("-isystem") => o.system_include_dirs.push(value("-isystem")?),
            _ if a.starts_with("-I") => o.include_dirs.push(value("-I")?),
            _ if a.starts_with("-D") => {
                let v = value("-D")?;
                o.macros.push(match v.split_once('=') {
                    Some((n, val)) => MacroOp::Define(n.into(), Some(val.into())),
                    None => MacroOp::Define(v, None),
                });
            }
            _ if a.starts_with("-U") => o.macros.push(MacroOp::Undefine(value("-U")?)),
            _ if a.starts_with("-std=") => o.std = Some(a["-std=".len()..].into()),
            _ if a.starts_with("-Wl,") => o.link_flags.push(a.into()),
            _ if a.starts_with("-L") => o.link_flags.push(format!("-L{}", value("-L")?)),
            _ if a.starts_with("-l") => o.link_flags.push(format!("-l{}", value("-l")?)),
            _ if LINK_FLAGS_WITH_VALUE.contains(&a) => {
                let v = value(a)?;
                o.link_flags.extend([a.to_string(), v]);
            }
            _ if a.starts_with("-x") && a.len() > 2 => o.compile_flags.push(a.into()),
            _ if COMPILE_FLAGS_WITH_VALUE.contains(&a) => {
                let v = value(a)?;
                o.compile_flags.extend([a.to_string(), v]);
            }
            _ if a.starts_with("-fsycl") || a.starts_with("-Xsycl") => {
                return Err(format!("unsupported option '{a}'"));
            }
            _ if a.starts_with('-') && a.len() > 1 => o.host_flags.push(a.into()),
            _ => {
                let path = PathBuf::from(a);
                let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
                if SOURCE_EXTS.contains(&ext) {
                    o.sources.push(path);
                } else if LINK_EXTS.contains(&ext) || a.contains(".so.") {
                    o.link_inputs.push(path);
                } else {
                    return Err(format!(
                        "'{a}': unknown file type (expected a C++ source, .o, .a or .so)"
                    ));
                }
            }
        }
    }
    if o.help || o.version {
        return Ok(o);
    }
    decide_mode(&mut o, &m)?;
    validate(&o)?;
    default_optimization(&mut o);
    Ok(o)
}

/// Without `-O` or `-g`, the host compiler optimizes at `-O1` where it
/// compiles sources: the host device's kernels are the host compiler's code,
/// DPC++ optimizes device code unless told not to, and unoptimized kernels
/// run 20 times slower there (the DPC++ book's naive matrix multiply: 0.05
/// against 1.1 GFlops). `-O1` costs a tenth more host compile time, `-O2`
/// nearly twice as much for no measured gain on the host device. With `-g`
/// alone the build stays unoptimized, as icpx's does.
fn default_optimization(o: &mut Options) {
    let builds_code = matches!(
        o.mode,
        Mode::Link | Mode::CompileOnly | Mode::DeviceLink | Mode::Assemble | Mode::Run
    );
    let chosen = o
        .host_flags
        .iter()
        .any(|f| f.starts_with("-O") || (f.starts_with("-g") && f != "-g0"));
    if builds_code && !chosen && !o.sources.is_empty() {
        o.host_flags.push("-O1".into());
    }
}

/// Sets `o.mode` from the mode flags; rejects combinations that conflict.
fn decide_mode(o: &mut Options, m: &ModeFlags) -> Result<(), String> {
    let exclusive = [
        (m.preprocess || o.deps.print.is_some(), "-E"),
        (m.syntax_only, "-fsyntax-only"),
        (m.ast_dump, "--ast-dump"),
        (m.assemble, "-S"),
    ];
    let given: Vec<&str> = exclusive.iter().filter(|f| f.0).map(|f| f.1).collect();
    if given.len() > 1 {
        return Err(format!(
            "'{}' and '{}' cannot be used together",
            given[0], given[1]
        ));
    }
    if o.mode == Mode::Run {
        if let Some(flag) = given
            .first()
            .copied()
            .or(m.compile_only.then_some("-c"))
            .or(m.device_only.then_some("-fsycl-device-only"))
        {
            return Err(format!("'syclcc run' does not take '{flag}'"));
        }
        return Ok(());
    }
    if m.device_only && o.host_only {
        return Err("'-fsycl-device-only' and '-fsycl-host-only' cannot be used together".into());
    }
    o.mode = if o.deps.print.is_some() {
        Mode::Dependencies
    } else if m.preprocess {
        Mode::Preprocess
    } else if m.syntax_only {
        Mode::SyntaxOnly
    } else if m.ast_dump {
        Mode::AstDump
    } else if m.device_only {
        // `-fsycl-device-only -c` is the usual spelling; `-S` asks for text.
        Mode::DeviceOnly
    } else if m.device_link {
        Mode::DeviceLink
    } else if m.assemble {
        Mode::Assemble
    } else if m.compile_only {
        Mode::CompileOnly
    } else {
        Mode::Link
    };
    o.device_asm = m.device_only && m.assemble;
    if o.device_wgsl {
        if !m.device_only || m.assemble {
            return Err("'--emit=wgsl' writes the WGSL of the device pass: use it with '-fsycl-device-only' (and without '-S')".into());
        }
        // WGSL is WebGPU's: the image of the WebGPU target, unless asked otherwise.
        if o.targets.is_empty() {
            o.targets.push(TargetKind::SpirvWebGpu);
        }
    }
    Ok(())
}

/// Checks the inputs and outputs against the mode.
fn validate(o: &Options) -> Result<(), String> {
    let links = matches!(o.mode, Mode::Link | Mode::DeviceLink);
    if o.sources.is_empty() && (!links || o.link_inputs.is_empty()) {
        return Err("no input files".into());
    }
    let one_source = matches!(
        o.mode,
        Mode::Run | Mode::DeviceOnly | Mode::Preprocess | Mode::AstDump
    );
    if one_source && (o.sources.len() != 1 || !o.link_inputs.is_empty()) {
        return Err("this mode takes exactly one C++ source file".into());
    }
    let per_source_output = matches!(
        o.mode,
        Mode::CompileOnly | Mode::Assemble | Mode::Dependencies
    );
    if per_source_output && o.output.is_some() && o.sources.len() > 1 {
        return Err(format!(
            "cannot specify '-o' with '{}' and multiple source files",
            match o.mode {
                Mode::CompileOnly => "-c",
                Mode::Assemble => "-S",
                _ => "-M",
            }
        ));
    }
    if o.deps.file.is_some() && o.sources.len() > 1 {
        return Err("cannot specify '-MF' with multiple source files".into());
    }
    if o.mode == Mode::Run && o.output.is_some() {
        return Err("'syclcc run' does not take '-o' (it compiles into its cache)".into());
    }
    if o.host_only && matches!(o.mode, Mode::AstDump) {
        return Err("'-fsycl-host-only' does not apply to '--ast-dump'".into());
    }
    if o.sandbox
        && matches!(
            o.mode,
            Mode::Preprocess | Mode::AstDump | Mode::Dependencies
        )
    {
        return Err(format!(
            "'--sandbox' compiles the device pass; it does not apply to '{}'",
            match o.mode {
                Mode::AstDump => "--ast-dump",
                Mode::Dependencies => "-M",
                _ => "-E",
            }
        ));
    }
    if o.emit_integration_header.is_some() && o.sources.len() != 1 {
        return Err("'--emit-integration-header' needs exactly one source file".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests;
