//! The final link: host objects, the wrapper object and the runtime static
//! library, through the host C++ compiler.

use crate::error::Result;
use std::path::{Path, PathBuf};
use std::process::Command;

/// System libraries the Rust runtime static library needs.
const SYSTEM_LIBS: &[&str] = &["-lpthread", "-ldl", "-lm", "-lrt"];

pub fn command(
    host_cxx: &str,
    objects: &[PathBuf],
    wrapper: &Path,
    link_flags: &[String],
    runtime_lib: &Path,
    output: &Path,
) -> Command {
    let mut cmd = Command::new(host_cxx);
    cmd.args(objects)
        .arg(wrapper)
        .args(link_flags)
        .arg(runtime_lib)
        .args(SYSTEM_LIBS);
    cmd.arg("-o").arg(output);
    cmd
}

pub fn run(
    host_cxx: &str,
    objects: &[PathBuf],
    wrapper: &Path,
    link_flags: &[String],
    runtime_lib: &Path,
    output: &Path,
    verbose: bool,
) -> Result<()> {
    let mut cmd = command(host_cxx, objects, wrapper, link_flags, runtime_lib, output);
    crate::tool::run(&mut cmd, "linker", verbose)
}
