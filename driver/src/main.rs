//! `syclcc`, the Syclone SYCL compiler driver. It behaves like
//! `clang++ -fsycl`: device pass (in-process, compiler-core), host pass with
//! an ordinary C++ compiler, a wrapper object carrying the device images, and
//! the link with the runtime.
//!
//! Modules: [`cli`] parses flags; [`ast_dump`] is `--ast-dump`; [`paths`]
//! finds the runtime; [`host_compiler`] picks and identifies the host
//! compiler; [`device_pass`] (in-process, or in the wasmtime sandbox through
//! [`sandboxed`]), [`host_pass`], [`fat_object`] (device images in `-c`
//! objects), [`device_link`] (collecting and merging them at link time),
//! [`wrapper_object`] and [`link`] are the stages; [`deps`] writes make
//! dependency files; [`pipeline`] strings the stages together per mode;
//! [`run`] is `syclcc run`; [`tool`] (running and `-v`/`-###` echo),
//! [`temp`] and [`error`] are plumbing.
//!
//! Exit codes: 0 on success, 1 on any compile or link error (clang's
//! convention); errors are printed as `syclcc: error: ...`.

mod ast_dump;
mod cli;
mod deps;
mod device_link;
mod device_pass;
mod error;
mod fat_object;
mod host_compiler;
mod host_pass;
mod host_pch;
mod link;
mod paths;
mod pipeline;
mod run;
#[cfg(feature = "sandbox")]
mod sandboxed;
mod temp;
mod tool;
mod wrapper_object;

use std::process::ExitCode;

/// The device pass allocates an AST node per token or so: mimalloc makes
/// the frontend about a tenth faster than the C library's allocator
/// (docs/PERFORMANCE.md, frontend throughput).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match cli::parse(&args) {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("syclcc: error: {msg}");
            return ExitCode::from(1);
        }
    };
    if opts.help {
        print!("{}", cli::HELP);
        return ExitCode::SUCCESS;
    }
    if opts.version {
        println!("syclcc (Syclone) {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    match pipeline::execute(&opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error::DriverError::Reported) => ExitCode::from(1),
        Err(e) => {
            eprintln!("syclcc: error: {e}");
            ExitCode::from(1)
        }
    }
}
