//! SYCL-specific compilation (stub).
use crate::bundle::DeviceBundle;
use crate::diag::Diagnostics;
use crate::front::token::Token;
use crate::source::SourceMap;
use crate::target::TargetProperties;

pub struct TuOutput {
    pub bundle: DeviceBundle,
    pub integration_header: String,
    pub ir_text: String,
}

pub fn compile_translation_unit(
    _sm: &SourceMap,
    _tokens: Vec<Token>,
    _targets: &[TargetProperties],
    _diags: &mut Diagnostics,
) -> Option<TuOutput> {
    None
}
