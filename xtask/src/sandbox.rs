//! `cargo xtask sandbox-guest`: builds the wasmtime sandbox's guest, the
//! compiler as a `wasm32-wasip1` command (`wasm/sandbox-guest`), in release
//! mode where `syclone-sandbox` looks for it:
//! `<target dir>/wasm32-wasip1/release/syclone-sandbox-guest.wasm`. `cargo
//! xtask test` runs this first: the sandbox tests and `syclcc --sandbox`
//! need the guest.

use crate::{cargo_stream, target_dir, wasm};
use std::path::{Path, PathBuf};

const GUEST_TARGET: &str = "wasm32-wasip1";
const GUEST_PACKAGE: &str = "syclone-sandbox-guest";

/// Builds the guest; returns its path.
pub fn build_guest(root: &Path) -> Result<PathBuf, String> {
    wasm::ensure_target(root, GUEST_TARGET)?;
    cargo_stream(
        root,
        &[
            "build",
            "-p",
            GUEST_PACKAGE,
            "--target",
            GUEST_TARGET,
            "--release",
        ],
    )?;
    let guest = target_dir(root)
        .join(GUEST_TARGET)
        .join("release")
        .join(format!("{GUEST_PACKAGE}.wasm"));
    let size = std::fs::metadata(&guest)
        .map_err(|e| format!("the guest build wrote no {}: {e}", guest.display()))?
        .len();
    println!(
        "xtask: sandbox guest {} ({:.1} MiB)",
        guest.display(),
        size as f64 / (1u64 << 20) as f64
    );
    Ok(guest)
}
