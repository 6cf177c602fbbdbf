//! `syclone-sandbox-guest`: the Syclone device compiler as a WASI command
//! (`wasm32-wasip1`), run by the `syclone-sandbox` library under wasmtime.
//!
//! Protocol: a [`SandboxRequest`] as JSON on stdin; a
//! [`syclone_wasm::CompileResult`] as JSON on stdout, exit code 0, whether
//! the compile succeeded or reported errors. Includes are served from the
//! request's virtual files, the embedded SYCL headers, then the read-only
//! directories the host preopened ([`read_only_files`]). Other exit codes:
//! [`EXIT_BAD_REQUEST`], [`EXIT_WRITE_FAILED`], with a message on stderr.
//!
//! The same binary builds natively (reading the real file system), which is
//! how its protocol is tested without wasmtime.

mod read_only_files;

use read_only_files::ReadOnlyFiles;
use std::io::{Read, Write};
use std::process::ExitCode;
use syclone_wasm::sandbox_request::SandboxRequest;

/// The request could not be read or parsed.
const EXIT_BAD_REQUEST: u8 = 2;
/// The result could not be written (stdout closed or full).
const EXIT_WRITE_FAILED: u8 = 3;

fn main() -> ExitCode {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("syclone-sandbox-guest: cannot read the request: {e}");
        return ExitCode::from(EXIT_BAD_REQUEST);
    }
    let request: SandboxRequest = match serde_json::from_slice(&input) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("syclone-sandbox-guest: invalid request: {e}");
            return ExitCode::from(EXIT_BAD_REQUEST);
        }
    };
    drop(input);
    let files = ReadOnlyFiles::new(request.cwd.as_deref().unwrap_or("/"));
    let result = syclone_wasm::compile_with(&request.source, &request.options, &files);
    let written = serde_json::to_vec(&result)
        .map_err(std::io::Error::from)
        .and_then(|json| {
            let mut out = std::io::stdout().lock();
            out.write_all(&json)?;
            out.flush()
        });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("syclone-sandbox-guest: cannot write the result: {e}");
            ExitCode::from(EXIT_WRITE_FAILED)
        }
    }
}
