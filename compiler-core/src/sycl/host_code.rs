//! What the device pass says about host code it could not check. Host
//! function bodies are checked only to find the kernels they launch, and the
//! std model headers do not describe all host code, so their errors stay
//! quiet — unless they may have hidden a kernel launch (a kernel the device
//! pass never saw has no device image), or `-Wsycl-host-code` asks for them.

use crate::diag::{Diagnostic, Diagnostics, Severity};
use crate::front::sema::Sema;
use crate::source::SourceMap;

/// Calls in a function body that may launch a kernel.
const LAUNCH_WORDS: [&str; 3] = ["parallel_for", "single_task", "submit"];

/// Report the errors left in host functions (device functions' errors were
/// reported when they were lowered): all of them as warnings when `show_all`,
/// else one warning per function whose body launches kernels.
pub(super) fn report(sema: &mut Sema, sm: &SourceMap, show_all: bool, diags: &mut Diagnostics) {
    for f in 0..sema.funcs.len() {
        // A template instance whose signature failed substitution was only
        // a candidate that SFINAE removed: its errors are no problem.
        let id = crate::front::sema::FuncId(f as u32);
        if !sema.funcs[f].template_args.is_empty() && sema.substitution_failed(id) {
            continue;
        }
        let fi = &sema.funcs[f];
        let Some(first) = fi.diags.iter().find(|d| d.severity == Severity::Error) else {
            continue;
        };
        let name = fi.decl.name.to_string_lossy();
        let span = fi.decl.span;
        let name_span = fi.decl.name.span;
        if show_all {
            let list = std::mem::take(&mut sema.funcs[f].diags);
            for mut d in list {
                if d.severity == Severity::Error {
                    d.severity = Severity::Warning;
                    d.message.push_str(" [-Wsycl-host-code]");
                }
                diags.push(d.with_note(
                    span,
                    format!("in host function '{name}', which the device compiler checks only to find kernels"),
                ));
            }
            continue;
        }
        let body = sm.snippet(span);
        if !LAUNCH_WORDS.iter().any(|w| body.contains(w)) {
            continue;
        }
        let first = first.clone();
        let mut d = Diagnostic::warning(
            name_span,
            format!("the device compiler could not check host function '{name}'; kernels it launches may have no device image (they then run on the host device only; other devices throw errc::kernel_not_supported)"),
        );
        d = d.with_note(first.span, format!("first problem: {}", first.message));
        d = d.with_note(
            None,
            "pass -Wsycl-host-code to see every problem in host code",
        );
        diags.push(d);
    }
}
