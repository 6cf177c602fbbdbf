//! Where the guest module (`syclone-sandbox-guest.wasm`) is found when the
//! caller does not say: `$SYCLONE_SANDBOX_GUEST`, next to the running
//! executable (an installed toolchain), or where `cargo xtask sandbox-guest`
//! builds it (`target/wasm32-wasip1/release/`, found from executables under
//! `target/debug`, `target/release` and their `deps/`).

use std::path::{Path, PathBuf};

/// File name of the guest module.
pub const GUEST_FILE: &str = "syclone-sandbox-guest.wasm";

/// Environment variable naming the guest module.
pub const GUEST_ENV: &str = "SYCLONE_SANDBOX_GUEST";

/// The guest module's path, if one is found.
pub fn find_guest() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(GUEST_ENV) {
        return Some(PathBuf::from(path));
    }
    let exe = std::env::current_exe().ok()?;
    candidates(exe.parent()?).into_iter().find(|p| p.is_file())
}

/// The places looked at for an executable in `exe_dir`, in order.
fn candidates(exe_dir: &Path) -> Vec<PathBuf> {
    let built = Path::new("wasm32-wasip1/release").join(GUEST_FILE);
    std::iter::once(exe_dir.join(GUEST_FILE))
        .chain(exe_dir.ancestors().skip(1).take(2).map(|d| d.join(&built)))
        .collect()
}

/// The message for a guest that is nowhere to be found.
pub fn missing_guest_message() -> String {
    format!(
        "the sandbox guest {GUEST_FILE} was not found: build it with `cargo xtask sandbox-guest` \
         or name it with {GUEST_ENV}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargo_layouts_are_searched() {
        let c = candidates(Path::new("/w/target/debug/deps"));
        assert_eq!(
            c,
            [
                PathBuf::from("/w/target/debug/deps/syclone-sandbox-guest.wasm"),
                PathBuf::from("/w/target/debug/wasm32-wasip1/release/syclone-sandbox-guest.wasm"),
                PathBuf::from("/w/target/wasm32-wasip1/release/syclone-sandbox-guest.wasm"),
            ]
        );
        let c = candidates(Path::new("/w/target/debug"));
        assert_eq!(
            c[1],
            PathBuf::from("/w/target/wasm32-wasip1/release/syclone-sandbox-guest.wasm")
        );
    }
}
