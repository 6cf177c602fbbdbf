//! g++'s captures in tentative declarations. A statement (or an `if`,
//! `while` or `switch` condition) that starts with a type and `(` may be a
//! declaration (`ref(hist[data[i]]);` declares an array `hist`), so g++
//! first parses it as one and gives up at the first token that cannot
//! continue it (the `.` of `ref(hist[data[i]]).fetch_add(1);`). The array bounds of that would-be
//! declarator are expressions g++ has already analysed on the way, and a
//! lambda keeps what they captured: `data` is captured before `hist`,
//! although `hist` comes first in the statement. Observed with g++ 12
//! (closure bytes of probe programs: `sycl::atomic_ref<int, ...>(hist[data[i]])`,
//! `ref(hist[i + k])`, `ref(hist[k]).fetch_add(data[i])` lay out `data`, `k`
//! first); clang parses without capturing and keeps the order of use.
//! Sema checks those bounds once before the statement, for their captures.

use super::*;
use crate::front::ast as a;

impl Sema {
    /// Capture what the array bounds of expression statement (or
    /// condition) `e`'s would-be declarator name, as g++ does before it
    /// reads `e` as an expression (see the module comment).
    pub(super) fn capture_tentative_declarator_bounds(&mut self, e: &a::Expr) {
        let in_lambda = self.fn_stack.last().is_some_and(|fc| fc.parent.is_some());
        if !in_lambda || !self.host.captures_in_tentative_declarations() {
            return;
        }
        let bounds = declarator_bounds(e);
        // A lambda in a bound would be numbered twice.
        if bounds.is_empty() || bounds.iter().any(|b| contains_lambda(b)) {
            return;
        }
        let level = self.fn_stack.len() - 1;
        let diags = self.fn_stack[level].diags.len();
        let constant_uses = self.fn_stack[level].constant_uses.clone();
        let constant_object_uses = self.fn_stack[level].constant_object_uses.clone();
        for bound in bounds {
            self.check_expr(bound);
        }
        // The statement itself reports (and records) what its bounds do.
        let fc = &mut self.fn_stack[level];
        fc.diags.truncate(diags);
        fc.constant_uses = constant_uses;
        fc.constant_object_uses = constant_object_uses;
    }
}

/// The array bounds g++ parses when it tries statement `e` as a
/// declaration: `e` starts with a functional cast `T(...)`, whose first
/// argument starts with a declarator: `*`/`&` operators, a name, then the
/// subscripts applied to that name (`T(x[a][b] + 1)` gives `a`, `b`).
pub(super) fn declarator_bounds(e: &a::Expr) -> Vec<&a::Expr> {
    let mut start = e;
    while let Some(inner) = leftmost_operand(start) {
        start = inner;
    }
    let first = match &start.kind {
        a::ExprKind::Construct(_, args, false) => args.first(),
        a::ExprKind::Cast(a::CastKind::Functional, _, arg) => Some(&**arg),
        _ => None,
    };
    let Some(first) = first else {
        return vec![];
    };
    // The path from the argument down to the expression it starts with.
    let mut path = vec![first];
    loop {
        let at = path[path.len() - 1];
        let next = match &at.kind {
            a::ExprKind::Unary(a::UnOp::Deref | a::UnOp::AddrOf, x) => Some(&**x),
            // No declarator starts with another prefix operator.
            a::ExprKind::Unary(op, _) if !matches!(op, a::UnOp::PostInc | a::UnOp::PostDec) => {
                return vec![];
            }
            _ => leftmost_operand(at),
        };
        match next {
            Some(x) => path.push(x),
            None => break,
        }
    }
    if !matches!(path[path.len() - 1].kind, a::ExprKind::Name(_)) {
        return vec![];
    }
    path.iter()
        .rev()
        .skip(1)
        .map_while(|p| match &p.kind {
            a::ExprKind::Index(_, bound) => Some(&**bound),
            _ => None,
        })
        .collect()
}

/// The operand `e` starts with, when `e` is a postfix or binary form.
fn leftmost_operand(e: &a::Expr) -> Option<&a::Expr> {
    use a::ExprKind as E;
    match &e.kind {
        E::Call(x, _)
        | E::Index(x, _)
        | E::Member { base: x, .. }
        | E::Binary(_, x, _)
        | E::Assign(_, x, _)
        | E::Cond(x, _, _)
        | E::MemberPointerAccess { object: x, .. }
        | E::Unary(a::UnOp::PostInc | a::UnOp::PostDec, x) => Some(x),
        _ => None,
    }
}

/// Does `e` contain a lambda expression?
fn contains_lambda(e: &a::Expr) -> bool {
    if matches!(e.kind, a::ExprKind::Lambda(_)) {
        return true;
    }
    let mut found = false;
    e.for_each_child(|x| found = found || contains_lambda(x));
    found
}
