//! The host pass: the host C++ compiler compiles the source with the
//! integration header `-include`d and the runtime headers on the path.

use crate::cli::{MacroOp, Options};
use crate::error::Result;
use std::path::Path;
use std::process::Command;

/// The host compile command for `source` → `object`.
pub fn command(
    host_cxx: &str,
    source: &Path,
    integration_header: &Path,
    object: &Path,
    opts: &Options,
    runtime_include: &Path,
) -> Command {
    let mut cmd = Command::new(host_cxx);
    cmd.arg(format!("-std={}", opts.std.as_deref().unwrap_or("c++17")));
    cmd.arg("-c").arg("-include").arg(integration_header);
    for dir in &opts.include_dirs {
        cmd.arg(format!("-I{dir}"));
    }
    cmd.arg(format!("-I{}", runtime_include.display()));
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
    cmd.args(&opts.host_flags);
    cmd.arg(source).arg("-o").arg(object);
    cmd
}

/// The host compile command of `-fsyntax-only`: check `source`, write nothing.
pub fn syntax_only_command(
    host_cxx: &str,
    source: &Path,
    integration_header: &Path,
    opts: &Options,
    runtime_include: &Path,
) -> Command {
    let mut cmd = command(
        host_cxx,
        source,
        integration_header,
        Path::new("-"),
        opts,
        runtime_include,
    );
    // Same flags, with `-fsyntax-only` for `-c` and no `-o`.
    let args: Vec<std::ffi::OsString> = cmd.get_args().map(|a| a.to_owned()).collect();
    let n = args.len().saturating_sub(2);
    let mut out = Command::new(host_cxx);
    for a in &args[..n] {
        if a == "-c" {
            out.arg("-fsyntax-only");
        } else {
            out.arg(a);
        }
    }
    cmd = out;
    cmd
}

/// Runs the host pass; the compiler's own diagnostics pass through.
pub fn run(
    host_cxx: &str,
    source: &Path,
    integration_header: &Path,
    object: &Path,
    opts: &Options,
    runtime_include: &Path,
) -> Result<()> {
    let mut cmd = command(
        host_cxx,
        source,
        integration_header,
        object,
        opts,
        runtime_include,
    );
    crate::tool::run(&mut cmd, "host compiler", opts.verbose)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_command_line() {
        let args: Vec<String> = ["-Iinc", "-DN=4", "-O2", "-std=c++20", "k.cpp"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let opts = crate::cli::parse(&args).unwrap();
        let cmd = command(
            "g++",
            Path::new("k.cpp"),
            Path::new("/t/k.int.h"),
            Path::new("/t/k.o"),
            &opts,
            Path::new("/rt"),
        );
        assert_eq!(
            crate::tool::display(&cmd),
            "g++ -std=c++20 -c -include /t/k.int.h -Iinc -I/rt -DN=4 -O2 k.cpp -o /t/k.o"
        );
        let cmd = syntax_only_command(
            "g++",
            Path::new("k.cpp"),
            Path::new("/t/k.int.h"),
            &opts,
            Path::new("/rt"),
        );
        assert_eq!(
            crate::tool::display(&cmd),
            "g++ -std=c++20 -fsyntax-only -include /t/k.int.h -Iinc -I/rt -DN=4 -O2 k.cpp"
        );
    }
}
