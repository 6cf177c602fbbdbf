//! The browser playground's test (`web/`): installs its npm packages
//! (clang as WebAssembly, playwright-core) from the lock file, precompiles
//! sycl.hpp for the page's host pass (`web/precompile.mjs`, into web/build/),
//! then builds and runs programs in headless Chromium with WebGPU through
//! the page.
//! Needs the wasm-bindgen web package ([`crate::wasm::build_packages`]) and
//! Chromium (`/usr/bin/chromium`, or `$CHROMIUM`).

use crate::wasm::run;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Chromium the test drives, if this machine has one.
pub fn chromium() -> Option<PathBuf> {
    std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| Some(PathBuf::from("/usr/bin/chromium")))
        .filter(|p| p.exists())
}

/// Installs the playground's npm packages from its lock file unless present.
fn install_packages(web: &Path) -> Result<(), String> {
    if web.join("node_modules/@yowasp/clang").exists()
        && web.join("node_modules/playwright-core").exists()
    {
        return Ok(());
    }
    run(Command::new("npm")
        .current_dir(web)
        .args(["ci", "--no-audit", "--no-fund"]))
}

/// Precompiles sycl.hpp for the page unless web/build/ holds it for these headers.
fn precompile_header(web: &Path) -> Result<(), String> {
    run(Command::new("node").current_dir(web).arg("precompile.mjs"))
}

/// Serves the playground on `port` until interrupted; the web package must be built.
pub fn serve(root: &Path, port: &str) -> Result<(), String> {
    let web = root.join("web");
    install_packages(&web)?;
    precompile_header(&web)?;
    run(Command::new("node")
        .current_dir(&web)
        .args(["serve.mjs", port]))
}

/// Runs the playground's tests; the web package must be built.
pub fn test(root: &Path, chromium: &Path) -> Result<(), String> {
    let web = root.join("web");
    install_packages(&web)?;
    precompile_header(&web)?;
    run(Command::new("node")
        .current_dir(&web)
        .args(["--test", "tests/"])
        .env("CHROMIUM", chromium))
}
