//! C++20 three-way comparison. The built-in `a <=> b` of arithmetic,
//! enumeration and pointer operands is the call of `<compare>`'s
//! `std::__syclone_three_way(a, b)` (an object of `std::strong_ordering`,
//! or of `std::partial_ordering` for floating point). A relational or
//! equality operator no `operator<`... of class operands implements is
//! rewritten ([over.match.oper]/3.4): `a < b` as `(a <=> b) < 0` or, with
//! the operands swapped, `0 < (b <=> a)`; `a != b` as `!(a == b)` or `!(b
//! == a)`; `a == b` as `b == a`.

use super::lookup::Found;
use super::overload::free_candidates;
use super::thir::Expr as TExpr;
use super::*;
use crate::front::ast::BinOp;

impl Sema {
    /// The built-in `l <=> r` of operands of no class type.
    pub(super) fn builtin_three_way(&mut self, l: TExpr, r: TExpr, span: Span) -> TExpr {
        let name = crate::front::ast_build::global_name(&["std", "__syclone_three_way"], span);
        let (ctx, env) = self.ctx_env();
        let cands = match self.lookup_qualified(&name, ctx, &env, &mut vec![]) {
            Found::Entities(es) => free_candidates(es),
            _ => vec![],
        };
        if cands.is_empty() {
            return self.err(
                span,
                "'<=>' needs the comparison categories of <compare>: include <compare>",
            );
        }
        self.finish_call(&cands, &[], None, vec![l, r], "operator<=>", span)
    }

    /// `l op r` through a rewritten candidate, when neither operand's
    /// operators take it as written; None when no rewrite applies either.
    pub(super) fn rewritten_comparison(
        &mut self,
        op: BinOp,
        l: &TExpr,
        r: &TExpr,
        span: Span,
    ) -> Option<TExpr> {
        let zero = || super::convert::int_lit(0, span);
        match op {
            BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge => {
                if let Some(c) = self.overloaded_operator("operator<=>", l, r, span) {
                    return Some(self.binary_operands(op, c, zero(), span));
                }
                let c = self.overloaded_operator("operator<=>", r, l, span)?;
                Some(self.binary_operands(op, zero(), c, span))
            }
            BinOp::Ne => {
                let eq = self
                    .overloaded_operator("operator==", l, r, span)
                    .or_else(|| self.overloaded_operator("operator==", r, l, span))?;
                Some(self.logical_not(eq, span))
            }
            BinOp::Eq => self.overloaded_operator("operator==", r, l, span),
            _ => None,
        }
    }

    /// The call of `name` (a member of `l`'s class or a free function)
    /// with `l` and `r`, if one takes them; silent otherwise.
    fn overloaded_operator(
        &mut self,
        name: &str,
        l: &TExpr,
        r: &TExpr,
        span: Span,
    ) -> Option<TExpr> {
        if let Ty::Class(c) = l.ty {
            let members = self.method_candidates(c, name);
            if self.member_operator_fits(&members, name, r, span) {
                let what = format!("{}::{name}", self.class_name(c));
                return Some(self.finish_call(
                    &members,
                    &[],
                    Some(l.clone()),
                    vec![r.clone()],
                    &what,
                    span,
                ));
            }
        }
        if !matches!(l.ty, Ty::Class(_)) && !matches!(r.ty, Ty::Class(_)) {
            return None;
        }
        self.try_free_operator(name, vec![l.clone(), r.clone()], span)
    }
}
