//! Project tasks (`cargo xtask <task>`). Only `wasm-test` lives here so far.

mod wasm;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace root")
        .to_path_buf();
    let task = std::env::args().nth(1);
    let result = match task.as_deref() {
        Some("wasm-test") => wasm::test(&root),
        _ => Err("usage: cargo xtask wasm-test".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
