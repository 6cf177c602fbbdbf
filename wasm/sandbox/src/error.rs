//! What can go wrong when compiling in the sandbox, as one typed error.
//! Compile errors in the user's source are not here: they come back as
//! diagnostics in a successful [`crate::SandboxOutput`].

use std::path::PathBuf;
use std::time::Duration;

/// The budget that ran out in [`SandboxError::TimeLimit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeBudget {
    /// Wasmtime fuel (roughly one unit per wasm instruction executed).
    Fuel(u64),
    /// Wall-clock time (epoch interruption).
    WallClock(Duration),
}

impl std::fmt::Display for TimeBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeBudget::Fuel(units) => write!(f, "{units} units of fuel"),
            TimeBudget::WallClock(d) => write!(f, "{:.3} s of wall-clock time", d.as_secs_f64()),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// The guest's linear memory would have grown past the limit.
    #[error("the compile needs more than {limit_bytes} bytes of memory (the sandbox's limit)")]
    MemoryLimit { limit_bytes: usize },
    /// Fuel or wall-clock time ran out.
    #[error("the compile ran out of its time budget ({0})")]
    TimeLimit(TimeBudget),
    /// The guest used up its wasm stack (deeper recursion than allowed).
    #[error("the compile exhausted the sandbox's stack of {limit_bytes} bytes")]
    StackLimit { limit_bytes: usize },
    /// The result is larger than the output limit.
    #[error("the compile's result exceeds {limit_bytes} bytes (the sandbox's output limit)")]
    OutputLimit { limit_bytes: usize },
    /// The guest trapped for another reason (a compiler bug: a panic aborts).
    #[error("the compiler crashed inside the sandbox: {message}{}", stderr_suffix(.stderr))]
    Crashed { message: String, stderr: String },
    /// The guest exited with a failure code (a malformed request, say).
    #[error("the sandboxed compiler exited with code {code}{}", stderr_suffix(.stderr))]
    Exited { code: i32, stderr: String },
    /// The guest's answer is not the documented JSON.
    #[error("the sandboxed compiler's answer is malformed: {0}")]
    Protocol(String),
    /// A read-only directory of the request cannot be opened.
    #[error("cannot open include directory {}: {message}", .path.display())]
    IncludeDir { path: PathBuf, message: String },
    /// The guest module cannot be read or compiled.
    #[error("cannot load the sandbox guest {}: {message}", .path.display())]
    Guest { path: PathBuf, message: String },
    /// Wasmtime failed outside the guest (engine set-up, instantiation).
    #[error("wasmtime: {0}")]
    Wasmtime(String),
}

fn stderr_suffix(stderr: &str) -> String {
    let stderr = stderr.trim();
    if stderr.is_empty() {
        String::new()
    } else {
        format!("\n{stderr}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_limit() {
        let e = SandboxError::TimeLimit(TimeBudget::Fuel(1000));
        assert_eq!(
            e.to_string(),
            "the compile ran out of its time budget (1000 units of fuel)"
        );
        let e = SandboxError::TimeLimit(TimeBudget::WallClock(Duration::from_millis(1500)));
        assert!(e.to_string().contains("1.500 s of wall-clock time"), "{e}");
        let e = SandboxError::Crashed {
            message: "wasm trap: unreachable".into(),
            stderr: "panicked at x\n".into(),
        };
        assert_eq!(
            e.to_string(),
            "the compiler crashed inside the sandbox: wasm trap: unreachable\npanicked at x"
        );
    }
}
