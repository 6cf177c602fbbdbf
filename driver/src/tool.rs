//! Running the steps of a compilation: external tools (host compiler,
//! linker) and the steps syclcc does in process. With `-v` each step is
//! printed before it runs, with `-###` it is printed and not run; tool
//! command lines are printed as clang prints them (every argument in double
//! quotes), in-process steps as `#` comment lines. Tool output passes
//! through; failures become [`DriverError`]s.

use crate::cli::Options;
use crate::error::{DriverError, Result};
use std::process::Command;

/// An argument in double quotes, `\`, `"` and `$` escaped (clang's `-###`).
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if matches!(c, '\\' | '"' | '$') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The command line of `cmd`, as `-###` prints it.
pub fn display(cmd: &Command) -> String {
    std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(|a| quote(&a.to_string_lossy()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Announces an in-process step (`-v`, `-###`); returns whether to do it
/// (not with `-###`).
pub fn step(opts: &Options, description: impl FnOnce() -> String) -> bool {
    if opts.echo() {
        eprintln!(" # {}", description());
    }
    !opts.dry_run
}

/// Runs `cmd` with inherited stdout/stderr; `what` names it in errors.
/// With `-###` only prints it.
pub fn run(cmd: &mut Command, what: &'static str, opts: &Options) -> Result<()> {
    if opts.echo() {
        eprintln!(" {}", display(cmd));
    }
    if opts.dry_run {
        return Ok(());
    }
    let status = cmd.status().map_err(|source| DriverError::ToolMissing {
        what,
        program: cmd.get_program().to_string_lossy().into_owned(),
        source,
    })?;
    if status.success() {
        Ok(())
    } else {
        let status = match status.code() {
            Some(c) => format!("exit code {c}"),
            None => format!("{status}"),
        };
        Err(DriverError::ToolFailed { what, status })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn quoting() {
        assert_eq!(super::quote("-I/a/b"), "\"-I/a/b\"");
        assert_eq!(super::quote("a b"), "\"a b\"");
        assert_eq!(super::quote(r#"say "$x\""#), r#""say \"\$x\\\"""#);
    }
}
