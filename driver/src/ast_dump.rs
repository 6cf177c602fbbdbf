//! `syclcc --ast-dump` / `-Xclang -ast-dump`: print the device pass's AST.
//!
//! The dump comes from `compiler_core::parse_only`, which is being written on
//! another branch; until it lands this mode reports that it is not available.

use crate::cli::Options;
use crate::error::{DriverError, Result};
use std::path::Path;

/// Prints the AST of `source` on stdout (diagnostics on stderr).
pub fn run(source: &Path, opts: &Options) -> Result<()> {
    // wired when compiler_core::parse_only lands:
    //
    // let text = std::fs::read_to_string(source).map_err(crate::error::io_at(source))?;
    // let copts = crate::device_pass::compile_options(
    //     source,
    //     opts,
    //     &crate::paths::runtime_include_dir(),
    //     compiler_core::front::sema::HostCompiler::default(),
    // );
    // let out = crate::device_pass::on_compiler_thread(source, || {
    //     compiler_core::parse_only(&text, &copts, &crate::device_pass::FsIncludes)
    // })?;
    // // JSON diagnostics need a `diagnostics_json` field in ParseOnlyOutput
    // // (diag::render_json needs the SourceMap); until then, text only:
    // eprint!("{}", out.rendered_diagnostics);
    // print!("{}", out.ast_dump);
    // if out.diagnostics.iter().any(|d| d.severity == compiler_core::diag::Severity::Error) {
    //     return Err(DriverError::Reported);
    // }
    // Ok(())
    let _ = opts;
    Err(DriverError::Other(format!(
        "--ast-dump is not available yet in this build (needs compiler_core::parse_only); \
         cannot dump {}",
        source.display()
    )))
}
