//! `syclcc --ast-dump` / `-Xclang -ast-dump`: print the device pass's AST
//! (preprocess + parse, no sema) in clang's `-ast-dump` shape.

use crate::cli::Options;
use crate::error::{DriverError, Result};
use std::path::Path;

/// Prints the AST of `source` on stdout (diagnostics on stderr).
pub fn run(source: &Path, opts: &Options) -> Result<()> {
    let text = crate::device_pass::read_source(source)?;
    let host_cxx = crate::host_compiler::choose(opts.host_cxx.as_deref());
    let host = crate::device_pass::HostSide {
        fallback_include_dirs: crate::host_compiler::fallback_include_dirs(&host_cxx),
        ..Default::default()
    };
    let mut copts = crate::device_pass::compile_options(
        source,
        opts,
        &crate::paths::runtime_include_dir(),
        &host,
    );
    copts.color_diagnostics = crate::device_pass::use_color(opts);
    let out = crate::device_pass::on_compiler_thread(source, || {
        compiler_core::parse_only(&text, &copts, &crate::device_pass::FsIncludes::default())
    })?;
    crate::device_pass::print_diagnostics(opts, &out.rendered_diagnostics, &out.diagnostics_json);
    print!("{}", out.ast_dump);
    if out
        .diagnostics
        .iter()
        .any(|d| d.severity == compiler_core::diag::Severity::Error)
    {
        return Err(DriverError::Reported);
    }
    Ok(())
}
