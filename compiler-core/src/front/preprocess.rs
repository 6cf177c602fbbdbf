//! The C preprocessor (stub: replaced by the full implementation).

use crate::diag::Diagnostics;
use crate::front::token::Token;
use crate::source::{FileId, SourceMap};
use crate::IncludeProvider;

#[derive(Clone, Debug, Default)]
pub struct PpOptions {
    pub defines: Vec<(String, Option<String>)>,
    pub undefines: Vec<String>,
    pub include_dirs: Vec<String>,
    pub system_include_dirs: Vec<String>,
    /// Defines `__SYCL_DEVICE_ONLY__`.
    pub device_pass: bool,
    pub date_time: Option<(String, String)>,
}

pub struct PpOutput {
    /// The token stream, ending with one `Eof` token.
    pub tokens: Vec<Token>,
    /// Names of the files read through `#include`, in first-read order.
    pub included_files: Vec<String>,
}

pub fn preprocess(
    _sm: &mut SourceMap,
    _main: FileId,
    _provider: &dyn IncludeProvider,
    _opts: &PpOptions,
    _diags: &mut Diagnostics,
) -> PpOutput {
    unimplemented!("preprocessor")
}
