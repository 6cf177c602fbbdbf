//! Destructors in device code: locals' destructors are not run there, so a
//! class whose destructor has effects (a non-empty body) gets a warning where
//! device code declares an object of it, once per class and kernel, rather
//! than losing those effects silently.

use super::*;
use crate::front::ast::{FunctionKind, StmtKind};
use crate::front::sema::{ClassId, VarId};

impl Lowerer<'_> {
    /// Warns when local `v` is of a class whose destructor has effects.
    pub(super) fn warn_if_destructor_is_skipped(&mut self, v: VarId) {
        let Ty::Class(c) = self.sema.var(v).ty else {
            return;
        };
        if self.warned_destructors.contains(&c) {
            return;
        }
        let Some(dtor) = self.destructor_with_effects(c) else {
            return;
        };
        self.warned_destructors.push(c);
        let span = self.sema.var(v).span;
        let class = self.sema.class_name(c);
        self.diags.push(
            Diagnostic::warning(
                span,
                format!(
                    "the destructor of '{class}' is not run in device code; its effects are lost"
                ),
            )
            .with_note(dtor, "destructor declared here"),
        );
    }

    /// The user-provided destructor of `c` whose body does something.
    fn destructor_with_effects(&self, c: ClassId) -> Option<Span> {
        self.sema.class(c).methods.iter().find_map(|m| {
            let effects = matches!(&m.body, Some(b) if !matches!(&b.kind, StmtKind::Compound(s) if s.is_empty()));
            (m.kind == FunctionKind::Destructor && !m.defaulted && effects).then_some(m.span)
        })
    }
}
