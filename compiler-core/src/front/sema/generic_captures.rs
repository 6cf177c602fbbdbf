//! Which uses of an enclosing function's constants (`constexpr int N`,
//! `const int K = 3`) make a generic lambda capture them. A generic
//! lambda's body is a template: the host compiler fixes the closure's
//! layout where the lambda is written, before it knows whether a use of a
//! constant reads only its value, so it captures some constants that an
//! ordinary lambda would not. g++ and clang draw that line differently;
//! both were observed with probe programs (`sizeof` and bytes of closures,
//! g++ 12 and clang 14):
//!
//! - clang captures every constant named in a full-expression that depends
//!   on a generic parameter (`if (i < N)`, `out[i % N] = x`), the C++17
//!   rule [expr.prim.lambda.capture]; elsewhere only where no
//!   lvalue-to-rvalue conversion is applied: `return N;` (the return type
//!   is deduced), `(void)N;`, `N;`, reference binding.
//! - g++ captures a constant unless it is an operand of a built-in
//!   operator whose operands are not type-dependent (`N * 2`, `k < N`,
//!   `a[N]`, `x += N`), a condition (`if (N)`), the initializer of a
//!   `const` local, or a constant expression; so `int z = N;`, `x = N;`,
//!   `f(N)`, `(int)N`, `return N;` and `switch (N)` capture it.
//!
//! The analysis is syntactic, as the closure's layout must be fixed before
//! any instance of the call operator is checked: it finds the name
//! expressions that capture a constant if they name one.

use crate::front::ast::{self as a, BinOp, ExprKind, StmtKind, TypeExprKind, UnOp};
use crate::source::Span;
use std::collections::HashSet;
use std::rc::Rc;

/// Whose rule decides (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstantCaptureRule {
    Gcc,
    Clang,
}

/// The uses of names in a generic lambda's body that capture the constant
/// they name, if they name one of an enclosing function.
pub struct CapturingUses {
    rule: ConstantCaptureRule,
    spans: HashSet<Span>,
    names: HashSet<Rc<str>>,
}

impl CapturingUses {
    /// Whether the use of `name` at `at` (its first use in the body when
    /// `first`) captures it. g++ captures every name a generic body uses
    /// at its first use, and later drops the constants no use needed (the
    /// capture keeps its place: `[=](auto i) { int b = N * 2; a[(i + N) %
    /// N] = b; }` holds N first); clang captures at the use itself.
    pub fn captures(&self, name: &Rc<str>, at: Option<Span>, first: bool) -> bool {
        match self.rule {
            ConstantCaptureRule::Gcc => first && self.names.contains(name),
            ConstantCaptureRule::Clang => at.is_some_and(|s| self.spans.contains(&s)),
        }
    }
}

/// The uses of names in generic lambda `l`'s body that capture the
/// constant they name; `by_reference(f)` tells which arguments of a call
/// of the functions named `f` bind to references.
/// `aggregates` names the constant objects of class or array type (clang
/// captures one a full-expression uses other than through `.` or `[]`:
/// copying it binds a reference).
pub fn capturing_uses(
    l: &a::LambdaExpr,
    rule: ConstantCaptureRule,
    aggregates: &HashSet<Rc<str>>,
    by_reference: &mut dyn FnMut(&a::QualName) -> Vec<bool>,
) -> CapturingUses {
    let mut w = Walker {
        rule,
        aggregates,
        accessed: None,
        by_reference,
        locals: l
            .params
            .iter()
            .filter_map(|p| Some((p.name.clone()?, mentions_auto(&p.ty))))
            .collect(),
        capturing: CapturingUses {
            rule,
            spans: HashSet::new(),
            names: HashSet::new(),
        },
        full_dependent: false,
        unevaluated: 0,
        deduced_return: l.ret.is_none(),
    };
    w.stmt(&l.body);
    w.capturing
}

/// Whether a declared type is deduced (`auto`, `const auto &`, `auto *`,
/// `decltype(auto)`).
fn mentions_auto(t: &a::TypeExpr) -> bool {
    matches!(t.kind, TypeExprKind::DecltypeAuto) || super::generic_lambda::auto_form(t).is_some()
}

struct Walker<'a> {
    rule: ConstantCaptureRule,
    aggregates: &'a HashSet<Rc<str>>,
    /// The name whose member or element is accessed, when the walk is at
    /// that name.
    accessed: Option<Span>,
    by_reference: &'a mut dyn FnMut(&a::QualName) -> Vec<bool>,
    /// The parameters and the locals in scope, innermost last, each with
    /// whether its type is dependent (the `auto` parameters and the locals
    /// whose types are deduced from them): `for (int i = 0; ...)` hides a
    /// generic parameter `i`.
    locals: Vec<(Rc<str>, bool)>,
    capturing: CapturingUses,
    /// clang: the full-expression being walked depends on a generic
    /// parameter.
    full_dependent: bool,
    /// Inside `sizeof`, `decltype`, a constant expression: nothing there
    /// captures.
    unevaluated: u32,
    /// The lambda being walked has no trailing return type.
    deduced_return: bool,
}

impl Walker<'_> {
    fn gcc(&self) -> bool {
        self.rule == ConstantCaptureRule::Gcc
    }

    fn is_dependent_name(&self, e: &a::Expr) -> bool {
        let ExprKind::Name(q) = &e.kind else {
            return false;
        };
        let name = &q.last().ident;
        q.is_simple()
            && self
                .locals
                .iter()
                .rev()
                .find(|(local, _)| local == name)
                .is_some_and(|&(_, dependent)| dependent)
    }

    /// Whether `e`'s type depends on a generic parameter (so its operators
    /// are resolved only per instance).
    fn type_dependent(&self, e: &a::Expr) -> bool {
        match &e.kind {
            ExprKind::Name(_) => self.is_dependent_name(e),
            ExprKind::Cast(..)
            | ExprKind::Construct(..)
            | ExprKind::SizeofExpr(_)
            | ExprKind::AlignofExpr(_)
            | ExprKind::SizeofType(_)
            | ExprKind::AlignofType(_)
            | ExprKind::Lambda(_)
            | ExprKind::New(..) => false,
            ExprKind::PackExpansion(_) | ExprKind::Fold { .. } => true,
            _ => {
                let mut any = false;
                e.for_each_child(|x| any |= self.type_dependent(x));
                any
            }
        }
    }

    /// Whether `e` names a generic parameter or a variable of a type
    /// deduced from one anywhere (its value or type depends on it).
    fn mentions_dependent(&self, e: &a::Expr) -> bool {
        if self.is_dependent_name(e) {
            return true;
        }
        let mut any = false;
        e.for_each_child(|x| any |= self.mentions_dependent(x));
        any
    }

    /// Walks full-expression `e`; `kept`: its value is used without an
    /// lvalue-to-rvalue conversion now (under the rule being modelled).
    fn full(&mut self, e: &a::Expr, kept: bool) {
        self.full_with(e, kept, false)
    }

    fn full_with(&mut self, e: &a::Expr, kept: bool, dependent_type: bool) {
        let saved = self.full_dependent;
        self.full_dependent = dependent_type || self.mentions_dependent(e);
        self.expr(e, kept);
        self.full_dependent = saved;
    }

    fn expr(&mut self, e: &a::Expr, kept: bool) {
        let gcc = self.gcc();
        match &e.kind {
            ExprKind::Name(q) if q.is_simple() => {
                let clang_dependent = !gcc && self.full_dependent;
                let copied_aggregate = !gcc
                    && self.accessed != Some(e.span)
                    && self.aggregates.contains(&q.last().ident);
                if self.unevaluated == 0 && (kept || clang_dependent || copied_aggregate) {
                    self.capturing.spans.insert(e.span);
                    self.capturing.names.insert(q.last().ident.clone());
                }
            }
            ExprKind::Unary(UnOp::AddrOf, x) => self.expr(x, true),
            ExprKind::Unary(UnOp::Plus | UnOp::Neg | UnOp::Not | UnOp::BitNot, x) => {
                let kept = gcc && self.type_dependent(x);
                self.expr(x, kept)
            }
            ExprKind::Unary(_, x) => self.expr(x, false),
            ExprKind::Binary(BinOp::Comma, x, y) => {
                self.expr(x, true);
                self.expr(y, kept);
            }
            ExprKind::Binary(_, x, y) | ExprKind::Index(x, y) => {
                let kept = gcc && (self.type_dependent(x) || self.type_dependent(y));
                if matches!(e.kind, ExprKind::Index(..)) {
                    self.accessed = Some(x.span);
                }
                self.expr(x, kept);
                self.expr(y, kept);
            }
            ExprKind::Assign(op, x, y) => {
                self.expr(x, false);
                let kept =
                    gcc && (op.is_none() || self.type_dependent(x) || self.type_dependent(y));
                self.expr(y, kept);
            }
            ExprKind::Cond(c, x, y) => {
                let any = [c, x, y].iter().any(|p| self.type_dependent(p));
                let kept = gcc && any;
                self.expr(c, kept);
                self.expr(x, kept);
                self.expr(y, kept);
            }
            ExprKind::Call(callee, args) => {
                self.expr(callee, false);
                let by_reference = match &callee.kind {
                    ExprKind::Name(q) if !gcc => (self.by_reference)(q),
                    _ => vec![],
                };
                for (i, arg) in args.iter().enumerate() {
                    let reference = by_reference.get(i).copied().unwrap_or(false);
                    self.expr(arg, gcc || reference);
                }
            }
            ExprKind::Cast(_, ty, x) => {
                let to_void = matches!(&ty.kind, TypeExprKind::Builtin(b) if b.void);
                let to_ref = matches!(ty.kind, TypeExprKind::LRef(_) | TypeExprKind::RRef(_));
                self.expr(x, gcc || to_void || to_ref)
            }
            ExprKind::Construct(_, args, _) | ExprKind::InitList(args) => {
                for arg in args {
                    self.expr(arg, gcc);
                }
            }
            ExprKind::New(_, args, place) => {
                for arg in args.iter().chain(place) {
                    self.expr(arg, gcc);
                }
            }
            ExprKind::Designated(_, x) => self.expr(x, kept),
            ExprKind::SizeofExpr(x) | ExprKind::AlignofExpr(x) => {
                self.unevaluated += 1;
                self.expr(x, false);
                self.unevaluated -= 1;
            }
            ExprKind::Typeid(_) | ExprKind::TypeTrait(..) => {}
            ExprKind::Lambda(nested) => {
                let saved = self.deduced_return;
                self.deduced_return = nested.ret.is_none();
                self.stmt(&nested.body);
                self.deduced_return = saved;
            }
            ExprKind::StmtExpr(stmts) => stmts.iter().for_each(|s| self.stmt(s)),
            ExprKind::Member {
                base, arrow: false, ..
            } => {
                self.accessed = Some(base.span);
                self.expr(base, gcc)
            }
            _ => e.for_each_child(|x| self.expr(x, gcc)),
        }
    }

    /// Walks `s` in a scope of its own: the names it declares are gone
    /// after it.
    fn stmt(&mut self, s: &a::Stmt) {
        let outer = self.locals.len();
        self.stmt_in_scope(s);
        self.locals.truncate(outer);
    }

    fn stmt_in_scope(&mut self, s: &a::Stmt) {
        let gcc = self.gcc();
        match &s.kind {
            // A discarded value: neither compiler reads `N;` or `(void)N`.
            StmtKind::Expr(e) => self.full(e, true),
            StmtKind::Return(Some(e)) => self.full(e, gcc || self.deduced_return),
            // A declaration statement's names stay for the rest of its block.
            StmtKind::Decl(ds) => ds.iter().for_each(|d| self.decl(d)),
            StmtKind::Compound(ss) => ss.iter().for_each(|s| self.stmt_in_block(s)),
            StmtKind::If {
                init,
                cond,
                then_branch,
                else_branch,
                ..
            } => {
                init.iter().for_each(|s| self.stmt_in_scope(s));
                self.condition(cond);
                self.stmt(then_branch);
                else_branch.iter().for_each(|s| self.stmt(s));
            }
            StmtKind::While { cond, body } => {
                self.condition(cond);
                self.stmt(body);
            }
            StmtKind::DoWhile { body, cond } => {
                self.stmt(body);
                self.full(cond, false);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                init.iter().for_each(|s| self.stmt_in_scope(s));
                cond.iter().for_each(|c| self.condition(c));
                step.iter().for_each(|e| self.full(e, true));
                self.stmt(body);
            }
            StmtKind::RangeFor {
                init,
                var,
                range,
                body,
            } => {
                init.iter().for_each(|s| self.stmt_in_scope(s));
                self.full(range, false);
                let dependent = mentions_auto(&var.ty) && self.type_dependent(range)
                    || self.declared_type_dependent(&var.ty);
                self.locals.push((var.name.clone(), dependent));
                self.stmt(body);
            }
            StmtKind::Switch { init, cond, body } => {
                init.iter().for_each(|s| self.stmt_in_scope(s));
                match &cond.kind {
                    StmtKind::Expr(e) => self.full(e, gcc),
                    _ => self.stmt_in_scope(cond),
                }
                self.stmt(body);
            }
            StmtKind::Label(_, s) => self.stmt(s),
            StmtKind::Try { body, handlers } => {
                self.stmt(body);
                handlers.iter().for_each(|(_, h)| self.stmt(h));
            }
            _ => {}
        }
    }

    /// An `if`/`while`/`for` condition: an expression converted to `bool`
    /// now, or a declaration.
    fn condition(&mut self, cond: &a::Stmt) {
        match &cond.kind {
            StmtKind::Expr(e) => self.full(e, false),
            _ => self.stmt_in_scope(cond),
        }
    }

    /// A statement of a block: a declaration's names stay in the block.
    fn stmt_in_block(&mut self, s: &a::Stmt) {
        match &s.kind {
            StmtKind::Decl(_) => self.stmt_in_scope(s),
            _ => self.stmt(s),
        }
    }

    fn decl(&mut self, d: &a::Decl) {
        let a::Decl::Var(v) = d else {
            return;
        };
        let reference = matches!(v.ty.kind, TypeExprKind::LRef(_) | TypeExprKind::RRef(_));
        // g++ evaluates the initializer of a `const` scalar at once.
        let constant = v.is_constexpr || v.ty.is_const && !mentions_auto(&v.ty);
        let kept = reference || self.gcc() && !constant;
        let dependent_type = self.declared_type_dependent(&v.ty);
        let inits = v.init.as_ref().map_or(&[][..], |i| i.exprs());
        for e in inits {
            self.full_with(e, kept, dependent_type);
        }
        let deduced_from_dependent =
            mentions_auto(&v.ty) && inits.iter().any(|e| self.type_dependent(e));
        self.locals
            .push((v.name.clone(), dependent_type || deduced_from_dependent));
    }

    /// `decltype(e)` of a dependent `e` (directly or under pointers and
    /// references).
    fn declared_type_dependent(&self, t: &a::TypeExpr) -> bool {
        match &t.kind {
            TypeExprKind::Decltype { expr, .. } => self.type_dependent(expr),
            TypeExprKind::Pointer(inner)
            | TypeExprKind::UnderlyingType(inner)
            | TypeExprKind::LRef(inner)
            | TypeExprKind::RRef(inner) => self.declared_type_dependent(inner),
            _ => false,
        }
    }
}
