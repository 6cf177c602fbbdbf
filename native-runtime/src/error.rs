//! Typed runtime errors and the thread-local "last error" that the C ABI
//! reports through `syclone_last_error` / `syclone_last_errc`.

use std::cell::RefCell;
use std::ffi::CString;

/// `enum syclone_errc` of `runtime_abi.h` (the `sycl::errc` values).
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Errc {
    Success = 0,
    Runtime = 1,
    Kernel = 2,
    Accessor = 3,
    NdRange = 4,
    Event = 5,
    KernelArgument = 6,
    Build = 7,
    Invalid = 8,
    MemoryAllocation = 9,
    Platform = 10,
    Profiling = 11,
    FeatureNotSupported = 12,
    KernelNotSupported = 13,
    BackendMismatch = 14,
}

/// Everything that can go wrong in the runtime.
#[derive(Debug, thiserror::Error)]
pub enum RtError {
    #[error("no device matches ONEAPI_DEVICE_SELECTOR={0}")]
    NoDevice(String),
    #[error("invalid ONEAPI_DEVICE_SELECTOR={selector}: {reason}")]
    BadSelector { selector: String, reason: String },
    #[error("kernel {0}: no device image for it was registered: the program was not compiled with syclcc, or its device pass did not find this kernel (rebuild with -Wsycl-host-code to see what around the launch it could not check)")]
    KernelNotRegistered(String),
    #[error(
        "kernel {kernel}: {detail}; the host and device compilers disagree on the kernel's layout"
    )]
    ArgumentLayout { kernel: String, detail: String },
    #[error("kernel {kernel}: pointer captured as {name} does not point into a USM allocation or buffer ({addr:#x})")]
    UnknownPointer {
        kernel: String,
        name: String,
        addr: usize,
    },
    #[error("kernel {kernel}: pointer captured as {name} ({addr:#x}) is not aligned to its element size {elem_size}")]
    MisalignedPointer {
        kernel: String,
        name: String,
        addr: usize,
        elem_size: u32,
    },
    #[error("{0}")]
    Invalid(String),
    #[error("cannot allocate {bytes} bytes: {reason}")]
    Allocation { bytes: usize, reason: String },
    #[error("kernel {kernel}: range of {total} work-items exceeds the device's dispatch limits")]
    NdRange { kernel: String, total: u64 },
    #[error("kernel {kernel}: invalid nd_range: {detail}")]
    InvalidNdRange { kernel: String, detail: String },
    #[error("kernel {kernel}: its work-group memory (local accessors, group_local_memory and work-group arrays) needs {bytes} bytes, the device has {limit}")]
    LocalMemory {
        kernel: String,
        bytes: u64,
        limit: u32,
    },
    #[error("kernel {kernel}: cannot build the device image for {device}: {reason}")]
    Build {
        kernel: String,
        device: String,
        reason: String,
    },
    #[error("kernel {kernel}: {device} does not support {feature}")]
    Unsupported {
        kernel: String,
        device: String,
        feature: String,
    },
    #[error("kernel compiler: {0}")]
    SourceBuild(String),
    #[error("{0}")]
    Device(String),
    #[error("internal error: {0}")]
    Panic(String),
    /// A command that waited in the scheduler failed when it ran.
    #[error("{message}")]
    CommandFailed { errc: Errc, message: String },
}

impl RtError {
    pub fn errc(&self) -> Errc {
        match self {
            RtError::NoDevice(_) | RtError::BadSelector { .. } => Errc::Runtime,
            RtError::KernelNotRegistered(_) | RtError::Unsupported { .. } => {
                Errc::KernelNotSupported
            }
            RtError::ArgumentLayout { .. } => Errc::KernelArgument,
            RtError::UnknownPointer { .. }
            | RtError::MisalignedPointer { .. }
            | RtError::Invalid(_) => Errc::Invalid,
            RtError::Allocation { .. } | RtError::LocalMemory { .. } => Errc::MemoryAllocation,
            RtError::NdRange { .. } | RtError::InvalidNdRange { .. } => Errc::NdRange,
            RtError::Build { .. } | RtError::SourceBuild(_) => Errc::Build,
            RtError::Device(_) | RtError::Panic(_) => Errc::Runtime,
            RtError::CommandFailed { errc, .. } => *errc,
        }
    }
}

pub type RtResult<T> = Result<T, RtError>;

struct LastError {
    message: CString,
    errc: Errc,
}

thread_local! {
    static LAST_ERROR: RefCell<LastError> = RefCell::new(LastError { message: CString::default(), errc: Errc::Success });
}

/// Records `err` as the calling thread's last error.
pub fn set_last_error(err: &RtError) {
    let text = err.to_string().replace('\0', " ");
    let message = CString::new(text).unwrap_or_default();
    LAST_ERROR.with(|e| {
        *e.borrow_mut() = LastError {
            message,
            errc: err.errc(),
        }
    });
}

/// The last error's message; the pointer stays valid until the thread's next error.
pub fn last_error_ptr() -> *const std::ffi::c_char {
    LAST_ERROR.with(|e| e.borrow().message.as_ptr())
}

pub fn last_errc() -> Errc {
    LAST_ERROR.with(|e| e.borrow().errc)
}

/// The last error's message as a Rust string (for tests and diagnostics).
pub fn last_error_message() -> String {
    LAST_ERROR.with(|e| e.borrow().message.to_string_lossy().into_owned())
}
