//! The host pass: the host C++ compiler compiles the source with the
//! integration header `-include`d (none with `-fsycl-host-only`) and the
//! runtime headers on the system include path, as clang treats the SYCL
//! headers.

use crate::cli::{MacroOp, Options};
use crate::deps::DepScope;
use crate::host_compiler::HostCompilerInfo;
use std::path::Path;
use std::process::Command;

/// What the host compiler is asked to produce.
pub enum HostOutput<'a> {
    /// `-c -o FILE`.
    Object(&'a Path),
    /// `-S -o FILE`.
    Assembly(&'a Path),
    /// `-fsyntax-only`.
    SyntaxOnly,
    /// `-E`, to the file or stdout.
    Preprocessed(Option<&'a Path>),
    /// `-M`/`-MM -MF FILE`: the dependencies only.
    Dependencies(&'a Path, DepScope),
    /// The source is a header to precompile into FILE (`host_pch.rs`).
    PrecompiledHeader(&'a Path),
}

/// The source and its surroundings, the same for every host command.
pub struct HostInput<'a> {
    pub host: &'a HostCompilerInfo,
    pub source: &'a Path,
    pub integration_header: Option<&'a Path>,
    /// The precompiled SYCL header's stub, included first (`host_pch.rs`).
    pub precompiled_header: Option<&'a Path>,
    /// The directory of the user's source, when `source` is a copy of it
    /// elsewhere (with the integration footer): its `#include "..."`s
    /// search there first, as they would beside the original.
    pub quote_dir: Option<&'a Path>,
    pub runtime_include: &'a Path,
    /// `-MD`/`-MMD -MF FILE`: dependencies written beside the output.
    pub deps_file: Option<(&'a Path, DepScope)>,
}

/// The host compiler command for `input` → `output`.
pub fn command(input: &HostInput, output: HostOutput, opts: &Options) -> Command {
    let mut cmd = Command::new(&input.host.program);
    cmd.arg(format!("-std={}", opts.std.as_deref().unwrap_or("c++17")));
    // Before the user's flags, which may turn the warnings on again.
    cmd.args(input.host.sycl_attribute_flags());
    match output {
        HostOutput::Object(_) => cmd.arg("-c"),
        HostOutput::Assembly(_) => cmd.arg("-S"),
        HostOutput::SyntaxOnly => cmd.arg("-fsyntax-only"),
        HostOutput::Preprocessed(_) => cmd.arg("-E"),
        HostOutput::Dependencies(file, scope) => cmd
            .arg(match scope {
                DepScope::All => "-M",
                DepScope::User => "-MM",
            })
            .arg("-MF")
            .arg(file),
        HostOutput::PrecompiledHeader(_) => &mut cmd,
    };
    if let Some(stub) = input.precompiled_header {
        cmd.arg("-include").arg(stub);
    }
    if let Some(header) = input.integration_header {
        cmd.arg("-include").arg(header);
    }
    if let Some(dir) = input.quote_dir {
        cmd.arg("-iquote").arg(dir);
    }
    for dir in &opts.include_dirs {
        cmd.arg(format!("-I{dir}"));
    }
    cmd.arg("-isystem").arg(input.runtime_include);
    for dir in &opts.system_include_dirs {
        cmd.arg("-isystem").arg(dir);
    }
    for m in &opts.macros {
        match m {
            MacroOp::Define(n, Some(v)) => cmd.arg(format!("-D{n}={v}")),
            MacroOp::Define(n, None) => cmd.arg(format!("-D{n}")),
            MacroOp::Undefine(n) => cmd.arg(format!("-U{n}")),
        };
    }
    cmd.args(input.host.own_flags(&opts.host_flags))
        .args(&opts.compile_flags);
    if let Some((file, scope)) = input.deps_file {
        cmd.arg(match scope {
            DepScope::All => "-MD",
            DepScope::User => "-MMD",
        })
        .arg("-MF")
        .arg(file);
    }
    if matches!(output, HostOutput::PrecompiledHeader(_)) {
        cmd.args(["-x", "c++-header"]);
    } else if crate::pipeline::is_c_source(input.source) {
        cmd.args(["-x", "c++"]);
    }
    cmd.arg(input.source);
    match output {
        HostOutput::Object(out)
        | HostOutput::Assembly(out)
        | HostOutput::PrecompiledHeader(out) => {
            cmd.arg("-o").arg(out);
        }
        HostOutput::Preprocessed(Some(out)) => {
            cmd.arg("-o").arg(out);
        }
        _ => {}
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_command_lines() {
        let args: Vec<String> = [
            "-Iinc",
            "-DN=4",
            "-O2",
            "-std=c++20",
            "-include",
            "pre.h",
            "k.cpp",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let opts = crate::cli::parse(&args).unwrap();
        let host = HostCompilerInfo {
            program: "g++".into(),
            kind: crate::host_compiler::HostCompilerKind::Gcc,
            major: 12,
        };
        let input = HostInput {
            host: &host,
            source: Path::new("k.cpp"),
            integration_header: Some(Path::new("/t/k.int.h")),
            precompiled_header: None,
            quote_dir: None,
            runtime_include: Path::new("/rt"),
            deps_file: Some((Path::new("/t/k.d"), DepScope::User)),
        };
        let cmd = command(&input, HostOutput::Object(Path::new("/t/k.o")), &opts);
        assert_eq!(
            crate::tool::display(&cmd),
            r#""g++" "-std=c++20" "-Wno-attributes=sycl::" "-Wno-attributes=intel::" "-c" "-include" "/t/k.int.h" "-Iinc" "-isystem" "/rt" "-DN=4" "-O2" "-include" "pre.h" "-MMD" "-MF" "/t/k.d" "k.cpp" "-o" "/t/k.o""#
        );
        let input = HostInput {
            integration_header: None,
            quote_dir: None,
            deps_file: None,
            ..input
        };
        let cmd = command(&input, HostOutput::SyntaxOnly, &opts);
        assert_eq!(
            crate::tool::display(&cmd),
            r#""g++" "-std=c++20" "-Wno-attributes=sycl::" "-Wno-attributes=intel::" "-fsyntax-only" "-Iinc" "-isystem" "/rt" "-DN=4" "-O2" "-include" "pre.h" "k.cpp""#
        );
        let cmd = command(
            &input,
            HostOutput::Dependencies(Path::new("/t/d"), DepScope::All),
            &opts,
        );
        assert!(crate::tool::display(&cmd).contains(r#""-M" "-MF" "/t/d""#));
    }
}
