//! Command-line parsing, clang style (`-Idir` and `-I dir`, `-DNAME=V`,
//! `-o out`, ...). Hand-written because clang's flag grammar (joined values,
//! `-Wl,...`, pass-through `-W`/`-f` flags) does not map onto clap.

use std::path::PathBuf;

pub const HELP: &str = "\
syclcc: the Syclone SYCL 2020 compiler driver (clang++ -fsycl style)

USAGE:
  syclcc [options] FILE.cpp... [-o EXE]      compile and link a SYCL program
  syclcc -c [options] FILE.cpp [-o FILE.o]   compile only (device bundle in FILE.o.syclbundle)
  syclcc -fsycl-device-only FILE.cpp [-o OUT.spv]
                                             write the SPIR-V of the first device image
  syclcc run [options] FILE.cpp [-- ARGS...] compile into the cache and run the program
  syclcc -E FILE.cpp [-o OUT]                print the device pass's preprocessed source
  syclcc -fsyntax-only FILE.cpp              check the device and host passes only
  syclcc --ast-dump FILE.cpp                 print the device pass's AST (also -Xclang -ast-dump)

OPTIONS:
  -o PATH                    output file (default a.out, FILE.o, FILE.spv)
  -I DIR, -isystem DIR       include directories (device and host pass)
  -D NAME[=VALUE], -U NAME   define / undefine a macro (device and host pass)
  -O<level>, -g, -std=..., -W..., -f...
                             passed to the host compiler (-fsycl is accepted and ignored)
  -L DIR, -l LIB, -Wl,...    passed to the link step; .o/.a/.so inputs are linked too
  -fsycl-targets=T1,T2       device image targets: spirv64-vulkan (default), spirv32-webgpu
  --host-cxx=PATH            host C++ compiler (default: $SYCLCC_HOST_CXX, else c++)
  --emit-bundle=PATH         write the device-image bundle (JSON)
  --emit-integration-header=PATH
                             write the integration header of the (single) source
  --dump-ir                  print the device IR
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
  -v                         print each command run and the host compiler found
  --help, --version

ENVIRONMENT:
  SYCLCC_HOST_CXX, SYCLONE_INCLUDE (runtime headers), SYCLONE_RUNTIME_LIB (libsyclone_rt.a),
  SYCLONE_SANDBOX_GUEST (the sandbox's guest module),
  XDG_CACHE_HOME (cache of `syclcc run` and of the sandbox's compiled module)
";

/// What the invocation produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Compile and link an executable.
    Link,
    /// `-c`: host object plus device bundle sidecar.
    CompileOnly,
    /// `-fsycl-device-only`: SPIR-V only.
    DeviceOnly,
    /// `syclcc run`: compile into the cache, then run.
    Run,
    /// `-E`: print the device pass's preprocessed output.
    Preprocess,
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
    /// `-std=...` if given (the host pass defaults to c++17).
    pub std: Option<String>,
    /// `-O`, `-g`, `-W`, `-f` flags for the host compile.
    pub host_flags: Vec<String>,
    /// `-L`, `-l`, `-Wl,` flags for the link.
    pub link_flags: Vec<String>,
    pub host_cxx: Option<String>,
    /// `-fsycl-targets=` / `--offload-targets=`: device image targets, in order.
    pub targets: Vec<compiler_core::target::TargetKind>,
    pub emit_bundle: Option<PathBuf>,
    pub emit_integration_header: Option<PathBuf>,
    pub dump_ir: bool,
    /// `--sandbox`: the device pass runs in the wasmtime sandbox.
    pub sandbox: bool,
    pub color: ColorChoice,
    pub diagnostics_format: DiagFormat,
    pub verbose: bool,
    pub help: bool,
    pub version: bool,
    /// Arguments after `--` for `syclcc run`.
    pub run_args: Vec<String>,
}

const SOURCE_EXTS: &[&str] = &["cpp", "cc", "cxx", "c++", "C", "cp", "CPP"];
const LINK_EXTS: &[&str] = &["o", "a", "so"];

/// Parses the arguments after the program name.
pub fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        mode: Mode::Link,
        sources: vec![],
        link_inputs: vec![],
        output: None,
        include_dirs: vec![],
        system_include_dirs: vec![],
        macros: vec![],
        std: None,
        host_flags: vec![],
        link_flags: vec![],
        host_cxx: None,
        targets: vec![],
        emit_bundle: None,
        emit_integration_header: None,
        dump_ir: false,
        sandbox: false,
        color: ColorChoice::Auto,
        diagnostics_format: DiagFormat::Text,
        verbose: false,
        help: false,
        version: false,
        run_args: vec![],
    };
    let mut it = args.iter().peekable();
    if it.peek().map(|a| a.as_str()) == Some("run") {
        o.mode = Mode::Run;
        it.next();
    }
    let mut compile_only = false;
    let mut device_only = false;
    let mut preprocess = false;
    let mut syntax_only = false;
    let mut ast_dump = false;
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
            "-c" => compile_only = true,
            "-fsycl-device-only" | "--sycl-device-only" => device_only = true,
            "-fsycl" => {}
            "-E" => preprocess = true,
            "-fsyntax-only" => syntax_only = true,
            "--ast-dump" | "-ast-dump" => ast_dump = true,
            "-Xclang" => match it.next().map(|s| s.as_str()) {
                Some("-ast-dump") => ast_dump = true,
                Some(other) => {
                    return Err(format!("unsupported option '-Xclang {other}'"));
                }
                None => return Err("argument to '-Xclang' is missing (expected 1 value)".into()),
            },
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
            "--sandbox" => o.sandbox = true,
            _ if a.starts_with("-fsycl-targets=") || a.starts_with("--offload-targets=") => {
                let list = &a[a.find('=').map(|i| i + 1).unwrap_or(a.len())..];
                for t in list.split(',').filter(|t| !t.is_empty()) {
                    let kind = compiler_core::target::TargetKind::from_triple(t).ok_or_else(|| {
                        format!("unsupported SYCL target '{t}' (supported: spirv64-vulkan, spirv32-webgpu)")
                    })?;
                    o.targets.push(kind);
                }
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
            _ if a.starts_with("-fsycl") => {
                return Err(format!("unsupported option '{a}'"));
            }
            _ if a.starts_with("-O")
                || a.starts_with("-g")
                || a.starts_with("-W")
                || a.starts_with("-f") =>
            {
                o.host_flags.push(a.into())
            }
            _ if a.starts_with('-') && a.len() > 1 => {
                return Err(format!("unknown argument: '{a}'"))
            }
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
    let modes = [
        (compile_only, "-c"),
        (device_only, "-fsycl-device-only"),
        (preprocess, "-E"),
        (syntax_only, "-fsyntax-only"),
        (ast_dump, "--ast-dump"),
    ];
    let given: Vec<&str> = modes.iter().filter(|m| m.0).map(|m| m.1).collect();
    if given.len() > 1 {
        return Err(format!(
            "'{}' and '{}' cannot be used together",
            given[0], given[1]
        ));
    }
    if o.mode == Mode::Run && !given.is_empty() {
        return Err(format!("'syclcc run' does not take '{}'", given[0]));
    }
    if preprocess {
        o.mode = Mode::Preprocess;
    } else if syntax_only {
        o.mode = Mode::SyntaxOnly;
    } else if ast_dump {
        o.mode = Mode::AstDump;
    } else if compile_only {
        o.mode = Mode::CompileOnly;
    } else if device_only {
        o.mode = Mode::DeviceOnly;
    }
    if o.sources.is_empty() && (o.mode != Mode::Link || o.link_inputs.is_empty()) {
        return Err("no input files".into());
    }
    match o.mode {
        Mode::Run | Mode::DeviceOnly | Mode::Preprocess | Mode::SyntaxOnly | Mode::AstDump
            if o.sources.len() != 1 || !o.link_inputs.is_empty() =>
        {
            return Err("this mode takes exactly one C++ source file".into());
        }
        Mode::CompileOnly if o.output.is_some() && o.sources.len() > 1 => {
            return Err("cannot specify '-o' with '-c' and multiple source files".into());
        }
        Mode::Run if o.output.is_some() => {
            return Err("'syclcc run' does not take '-o' (it compiles into its cache)".into());
        }
        _ => {}
    }
    if o.sandbox && matches!(o.mode, Mode::Preprocess | Mode::AstDump) {
        return Err(format!(
            "'--sandbox' compiles the device pass; it does not apply to '{}'",
            if preprocess { "-E" } else { "--ast-dump" }
        ));
    }
    if o.emit_integration_header.is_some() && o.sources.len() != 1 {
        return Err("'--emit-integration-header' needs exactly one source file".into());
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Options, String> {
        parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn clang_style_flags() {
        let o = p(&[
            "-fsycl",
            "-Iinc",
            "-I",
            "inc2",
            "-DA=1",
            "-D",
            "B",
            "-UC",
            "-O2",
            "-g",
            "a.cpp",
            "b.cc",
            "x.o",
            "-o",
            "exe",
            "-lfoo",
            "-Wl,--as-needed",
        ])
        .unwrap();
        assert_eq!(o.mode, Mode::Link);
        assert_eq!(o.include_dirs, ["inc", "inc2"]);
        assert_eq!(
            o.macros,
            [
                MacroOp::Define("A".into(), Some("1".into())),
                MacroOp::Define("B".into(), None),
                MacroOp::Undefine("C".into())
            ]
        );
        assert_eq!(o.host_flags, ["-O2", "-g"]);
        assert_eq!(o.sources, [PathBuf::from("a.cpp"), PathBuf::from("b.cc")]);
        assert_eq!(o.link_inputs, [PathBuf::from("x.o")]);
        assert_eq!(o.link_flags, ["-lfoo", "-Wl,--as-needed"]);
        assert_eq!(o.output, Some(PathBuf::from("exe")));
    }

    #[test]
    fn run_mode_takes_program_arguments() {
        let o = p(&["run", "-O2", "v.cpp", "--", "-o", "x", "--help"]).unwrap();
        assert_eq!(o.mode, Mode::Run);
        assert_eq!(o.run_args, ["-o", "x", "--help"]);
        assert!(!o.help);
        assert!(p(&["run", "a.cpp", "b.cpp"]).is_err());
    }

    #[test]
    fn device_only_and_errors() {
        let o = p(&[
            "-fsycl-device-only",
            "k.cpp",
            "--emit-bundle=b.json",
            "--dump-ir",
        ])
        .unwrap();
        assert_eq!(o.mode, Mode::DeviceOnly);
        assert_eq!(o.emit_bundle, Some(PathBuf::from("b.json")));
        assert!(o.dump_ir);
        assert_eq!(p(&["-Q", "a.cpp"]).unwrap_err(), "unknown argument: '-Q'");
        assert!(p(&["-I"]).unwrap_err().contains("missing"));
        assert_eq!(p(&[]).unwrap_err(), "no input files");
        assert!(p(&["a.txt"]).unwrap_err().contains("unknown file type"));
        assert!(p(&["-c", "a.cpp", "b.cpp", "-o", "x.o"]).is_err());
    }

    #[test]
    fn frontend_modes_and_diagnostic_flags() {
        assert_eq!(p(&["-E", "a.cpp"]).unwrap().mode, Mode::Preprocess);
        assert_eq!(
            p(&["-fsyntax-only", "a.cpp"]).unwrap().mode,
            Mode::SyntaxOnly
        );
        assert_eq!(p(&["--ast-dump", "a.cpp"]).unwrap().mode, Mode::AstDump);
        assert_eq!(
            p(&["-Xclang", "-ast-dump", "a.cpp"]).unwrap().mode,
            Mode::AstDump
        );
        assert!(p(&["-E", "-c", "a.cpp"]).is_err());
        assert!(p(&["-E", "a.cpp", "b.cpp"]).is_err());
        let o = p(&[
            "-fno-color-diagnostics",
            "-fdiagnostics-format=json",
            "a.cpp",
        ])
        .unwrap();
        assert_eq!(o.color, ColorChoice::Never);
        assert_eq!(o.diagnostics_format, DiagFormat::Json);
        let o = p(&["-fcolor-diagnostics", "--diagnostics-format=json", "a.cpp"]).unwrap();
        assert_eq!(o.color, ColorChoice::Always);
        assert_eq!(o.diagnostics_format, DiagFormat::Json);
        assert!(o.host_flags.is_empty());
        assert!(p(&["--diagnostics-format=xml", "a.cpp"]).is_err());
    }

    #[test]
    fn sandbox_applies_to_device_pass_modes_only() {
        assert!(p(&["--sandbox", "a.cpp"]).unwrap().sandbox);
        assert!(!p(&["a.cpp"]).unwrap().sandbox);
        let o = p(&["--sandbox", "-fsycl-device-only", "a.cpp"]).unwrap();
        assert!(o.sandbox && o.mode == Mode::DeviceOnly);
        assert!(p(&["--sandbox", "-fsyntax-only", "a.cpp"]).unwrap().sandbox);
        let e = p(&["--sandbox", "-E", "a.cpp"]).unwrap_err();
        assert!(e.contains("'-E'"), "{e}");
        let e = p(&["-Xclang", "-ast-dump", "--sandbox", "a.cpp"]).unwrap_err();
        assert!(e.contains("'--ast-dump'"), "{e}");
    }
}
