//! Tests of the command-line parser.

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
        "-Xlinker",
        "-rpath=/x",
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
    assert_eq!(
        o.link_flags,
        ["-lfoo", "-Wl,--as-needed", "-Xlinker", "-rpath=/x"]
    );
    assert_eq!(o.output, Some(PathBuf::from("exe")));
}

#[test]
fn unknown_flags_go_to_the_host_compiler() {
    let o = p(&[
        "-pthread",
        "-fPIC",
        "-march=native",
        "-include",
        "pre.h",
        "-x",
        "c++",
        "-Q",
        "a.cpp",
    ])
    .unwrap();
    assert_eq!(
        o.host_flags,
        ["-pthread", "-fPIC", "-march=native", "-Q", "-O1"]
    );
    assert_eq!(o.compile_flags, ["-include", "pre.h", "-x", "c++"]);
    // SYCL flags we do not know are errors, not host flags.
    assert_eq!(
        p(&["-fsycl-unknown", "a.cpp"]).unwrap_err(),
        "unsupported option '-fsycl-unknown'"
    );
}

#[test]
fn run_mode_takes_program_arguments() {
    let o = p(&["run", "-O2", "v.cpp", "--", "-o", "x", "--help"]).unwrap();
    assert_eq!(o.mode, Mode::Run);
    assert_eq!(o.run_args, ["-o", "x", "--help"]);
    assert!(!o.help);
    assert!(p(&["run", "a.cpp", "b.cpp"]).is_err());
    assert!(p(&["run", "-c", "a.cpp"]).is_err());
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
    assert!(!o.device_asm);
    let o = p(&["-fsycl-device-only", "-c", "k.cpp"]).unwrap();
    assert_eq!(o.mode, Mode::DeviceOnly);
    assert!(
        p(&["-fsycl-device-only", "-S", "k.cpp"])
            .unwrap()
            .device_asm
    );
    assert!(p(&["-fsycl-device-only", "-fsycl-host-only", "k.cpp"]).is_err());
    assert!(p(&["-I"]).unwrap_err().contains("missing"));
    assert_eq!(p(&[]).unwrap_err(), "no input files");
    assert!(p(&["a.txt"]).unwrap_err().contains("unknown file type"));
    assert!(p(&["-c", "a.cpp", "b.cpp", "-o", "x.o"]).is_err());
}

#[test]
fn targets() {
    let o = p(&["-fsycl-targets=spirv64-vulkan,spirv32-webgpu", "a.cpp"]).unwrap();
    assert_eq!(
        o.targets,
        [TargetKind::SpirvVulkan, TargetKind::SpirvWebGpu]
    );
    let o = p(&["--offload-targets=spirv32-webgpu", "a.cpp"]).unwrap();
    assert_eq!(o.targets, [TargetKind::SpirvWebGpu]);
    // DPC++'s portable default is our Vulkan SPIR-V; its AOT targets are not.
    let o = p(&["-fsycl-targets=spir64", "a.cpp"]).unwrap();
    assert_eq!(o.targets, [TargetKind::SpirvVulkan]);
    assert!(p(&["-fsycl-targets=spir64_gen", "a.cpp"]).is_err());
    let e = p(&["-fsycl-targets=nvptx64-nvidia-cuda", "a.cpp"]).unwrap_err();
    assert_eq!(
        e,
        "SYCL target 'nvptx64-nvidia-cuda' is not supported (supported targets: spirv64-vulkan, spirv32-webgpu)"
    );
    assert!(p(&["-fsycl-targets=", "a.cpp"]).is_err());
}

#[test]
fn sycl_flags_and_flags_without_effect_on_our_targets() {
    let o = p(&[
        "-fno-sycl-rdc",
        "-fsycl-device-code-split=per_source",
        "-fsycl-device-code-split=off",
        "-Xsycl-target-backend=spirv64-vulkan",
        "-O3",
        "-Xsycl-target-backend",
        "--foo",
        "a.cpp",
    ])
    .unwrap();
    assert_eq!(
        o.unused_args,
        [
            "-Xsycl-target-backend=spirv64-vulkan -O3",
            "-Xsycl-target-backend --foo"
        ]
    );
    assert_eq!(o.host_flags, ["-O1"]);
    assert_eq!(o.split, SplitMode::Off);
    let split = |flag| p(&[flag, "a.cpp"]).unwrap().split;
    assert_eq!(
        split("-fsycl-device-code-split=per_kernel"),
        SplitMode::PerKernel
    );
    assert_eq!(split("-fsycl-device-code-split"), SplitMode::Auto);
    assert!(p(&["-fsycl-device-code-split=bad", "a.cpp"])
        .unwrap_err()
        .contains("invalid value 'bad'"));
    assert!(p(&["-Xsycl-target-backend=x86", "-v", "a.cpp"])
        .unwrap_err()
        .contains("'x86' is not supported"));
    assert!(!o.rdc);
    assert!(p(&["-fsycl-rdc", "a.cpp"]).unwrap().rdc);
    assert!(p(&["a.cpp"]).unwrap().rdc);
    assert_eq!(
        p(&["-fsycl-link", "a.o", "b.o", "-o", "dev.o"])
            .unwrap()
            .mode,
        Mode::DeviceLink
    );
}

#[test]
fn dependency_flags() {
    let o = p(&[
        "-MMD", "-MF", "a.d", "-MT", "$(O)", "-MQa b.o", "-MP", "-c", "a.cpp",
    ])
    .unwrap();
    assert_eq!(o.mode, Mode::CompileOnly);
    assert_eq!(o.deps.write, Some(DepScope::User));
    assert_eq!(o.deps.file, Some(PathBuf::from("a.d")));
    assert_eq!(
        o.deps.targets,
        [
            DepTarget::Raw("$(O)".into()),
            DepTarget::Quoted("a b.o".into())
        ]
    );
    assert!(o.deps.phony);
    assert_eq!(p(&["-M", "a.cpp"]).unwrap().mode, Mode::Dependencies);
    assert_eq!(p(&["-MM", "-E", "a.cpp"]).unwrap().mode, Mode::Dependencies);
    assert_eq!(
        p(&["-MD", "a.cpp"]).unwrap().deps.write,
        Some(DepScope::All)
    );
    assert!(p(&["-MD", "-MF", "x.d", "-c", "a.cpp", "b.cpp"]).is_err());
}

#[test]
fn frontend_modes_and_diagnostic_flags() {
    assert_eq!(p(&["-E", "a.cpp"]).unwrap().mode, Mode::Preprocess);
    assert_eq!(p(&["-S", "a.cpp"]).unwrap().mode, Mode::Assemble);
    assert_eq!(
        p(&["-fsyntax-only", "a.cpp"]).unwrap().mode,
        Mode::SyntaxOnly
    );
    assert_eq!(p(&["--ast-dump", "a.cpp"]).unwrap().mode, Mode::AstDump);
    assert_eq!(
        p(&["-Xclang", "-ast-dump", "a.cpp"]).unwrap().mode,
        Mode::AstDump
    );
    assert!(p(&["-E", "-S", "a.cpp"]).is_err());
    assert!(p(&["-E", "a.cpp", "b.cpp"]).is_err());
    let o = p(&["-###", "-shared", "-fsycl-host-only", "-c", "a.cpp"]).unwrap();
    assert!(o.dry_run && o.shared && o.host_only && o.echo());
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
    assert_eq!(o.host_flags, ["-O1"]);
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

#[test]
fn builds_optimize_at_o1_unless_o_or_g_is_given() {
    let flags = |args: &[&str]| p(args).unwrap().host_flags;
    assert_eq!(flags(&["a.cpp"]), ["-O1"]);
    assert_eq!(flags(&["-c", "a.cpp"]), ["-O1"]);
    assert_eq!(flags(&["run", "a.cpp"]), ["-O1"]);
    assert_eq!(flags(&["-g0", "a.cpp"]), ["-g0", "-O1"]);
    assert_eq!(flags(&["-O0", "a.cpp"]), ["-O0"]);
    assert_eq!(flags(&["-O3", "-c", "a.cpp"]), ["-O3"]);
    assert_eq!(flags(&["-g", "a.cpp"]), ["-g"]);
    assert_eq!(flags(&["-ggdb3", "a.cpp"]), ["-ggdb3"]);
    // Modes that build no code keep the host compiler's own default.
    assert!(flags(&["-E", "a.cpp"]).is_empty());
    assert!(flags(&["-fsyntax-only", "a.cpp"]).is_empty());
    assert!(flags(&["-fsycl-device-only", "a.cpp"]).is_empty());
}
