//! Running external tools (host compiler, linker): `-v` echo, output passed
//! through, failures turned into [`DriverError`]s.

use crate::error::{DriverError, Result};
use std::process::Command;

/// Quotes an argument for display when it needs it.
fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=+,:@%".contains(&b))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// The command line of `cmd`, as a shell would take it.
pub fn display(cmd: &Command) -> String {
    std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(|a| shell_quote(&a.to_string_lossy()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `cmd` with inherited stdout/stderr; `what` names it in errors.
pub fn run(cmd: &mut Command, what: &'static str, verbose: bool) -> Result<()> {
    if verbose {
        eprintln!(" {}", display(cmd));
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
        assert_eq!(super::shell_quote("-I/a/b"), "-I/a/b");
        assert_eq!(super::shell_quote("a b"), "'a b'");
        assert_eq!(super::shell_quote("it's"), r"'it'\''s'");
    }
}
