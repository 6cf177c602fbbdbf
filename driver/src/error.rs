//! The driver's error type. Every failure ends as `syclcc: error: ...` and
//! exit code 1, except [`DriverError::Reported`], whose diagnostics were
//! already printed.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    /// Diagnostics (or a tool's output) were already printed.
    #[error("compilation failed")]
    Reported,
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A tool (host compiler, linker) failed; its output was passed through.
    #[error("{what} command failed with {status} (use -v to see invocation)")]
    ToolFailed { what: &'static str, status: String },
    #[error("cannot run {what} `{program}`: {source}")]
    ToolMissing {
        what: &'static str,
        program: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Wrapper(#[from] crate::wrapper_object::WrapperError),
    #[error(transparent)]
    FatObject(#[from] crate::fat_object::FatObjectError),
    /// The device images of the link inputs do not fit together.
    #[error("{0}")]
    DeviceLink(String),
    /// An input file that does not exist (clang's wording).
    #[error("no such file or directory: '{}'", .0.display())]
    NoSuchFile(PathBuf),
    #[error("{0}")]
    Other(String),
}

pub type Result<T> = std::result::Result<T, DriverError>;

/// Attaches the path to an I/O error.
pub fn io_at(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> DriverError {
    let path = path.into();
    move |source| DriverError::Io { path, source }
}
