//! `decltype(expr)`: the operand is checked like any expression (in the
//! scope the type is written in) and only its type is kept; nothing in it is
//! evaluated or becomes device code. An error in the operand makes the type
//! an error, which is what SFINAE needs (`std::void_t<decltype(...)>`).

use super::thir::ExprKind as TK;
use super::*;
use crate::front::ast::{Expr, ExprKind};

impl Sema {
    /// `decltype(e)` for an expression already checked as `x` (a returned
    /// expression of a `decltype(auto)` function). The parser keeps no
    /// parentheses, but the span of `(p.x)` starts before that of the name
    /// or the member's object.
    pub(crate) fn decltype_of_checked(&mut self, e: &Expr, x: super::thir::Expr) -> Ty {
        let names_entity = match &e.kind {
            ExprKind::Name(q) => q.span.lo == e.span.lo,
            ExprKind::Member { base, .. } => base.span.lo == e.span.lo,
            _ => false,
        };
        self.decltype_rule(names_entity, x)
    }

    pub(crate) fn decltype_of(
        &mut self,
        e: &Expr,
        parenthesized: bool,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Ty {
        let mut errors = vec![];
        self.unevaluated += 1;
        let x = self.check_standalone_expr(e, ctx, Rc::new(env.clone()), &mut errors);
        self.unevaluated -= 1;
        let failed = errors
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error);
        diags.extend(errors);
        if failed || x.ty.is_error() {
            return Ty::Error;
        }
        let names_entity =
            !parenthesized && matches!(e.kind, ExprKind::Name(_) | ExprKind::Member { .. });
        self.decltype_rule(names_entity, x)
    }

    /// The type `decltype` gives checked expression `x`: the declared type
    /// of the variable or member it names (`names_entity`, references
    /// kept), else `T&&` for an xvalue, `T&` (`const T&` for a const one) for
    /// an lvalue, `T` otherwise.
    fn decltype_rule(&mut self, names_entity: bool, x: super::thir::Expr) -> Ty {
        if names_entity {
            match &x.kind {
                TK::Var(v) => return self.var(*v).ty.clone(),
                TK::Field(base, i) => {
                    if let Ty::Class(c) = &base.ty {
                        return self.class(*c).fields[*i].ty.clone();
                    }
                }
                _ => {}
            }
        }
        let returns_rvalue_ref = match &x.kind {
            TK::Call(f, _) => matches!(self.func(*f).ret, Ty::RRef(_)),
            _ => false,
        };
        if returns_rvalue_ref {
            Ty::RRef(Box::new(x.ty))
        } else if x.lvalue {
            // `decltype(*p)` of a `const T *` is `const T &`.
            let is_const = self.is_const_lvalue(&x);
            Ty::LRef(Box::new(x.ty), is_const)
        } else {
            x.ty
        }
    }
}
