//! GNU statement expressions, `({ int t = f(x); t * t; })` (as in the
//! `min`/`max` macros of C-heritage code): the statements run in a scope of
//! their own, and the value is that of the last statement when it is an
//! expression (a prvalue copy), else void.

use super::thir::{Expr as TExpr, ExprKind as TK};
use super::*;
use crate::front::ast::{self as a, StmtKind};

impl Sema {
    pub(super) fn check_statement_expr(&mut self, stmts: &[a::Stmt], span: Span) -> TExpr {
        if self.fn_stack.is_empty() {
            return self.err(
                span,
                "statement expressions are not allowed outside functions",
            );
        }
        self.push_frame();
        let (body, last) = match stmts.split_last() {
            Some((
                a::Stmt {
                    kind: StmtKind::Expr(e),
                    ..
                },
                body,
            )) => (body, Some(e)),
            _ => (stmts, None),
        };
        let checked = body.iter().map(|s| self.check_stmt(s)).collect();
        let value = last.map(|e| {
            let v = self.check_expr(e);
            self.rvalue(v)
        });
        self.pop_frame();
        let ty = value.as_ref().map_or(Ty::Void, |v| v.ty.clone());
        TExpr {
            kind: TK::StmtExpr(checked, value.map(Box::new)),
            ty,
            lvalue: false,
            span,
        }
    }
}
