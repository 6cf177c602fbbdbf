//! Which local variables of a function body are modified after their
//! initialisation (assigned, incremented, address taken, bound to a non-const
//! reference or used as the object of a non-const member call) and which
//! have their address taken (here, or in a function they are passed to by
//! reference or as the object of a member call: `a.data()`, `std::end(arr)`).
//! Unmodified ones are immutable values and need no storage in the lowered
//! code; addressed ones live in per-work-item memory that pointers can point
//! into (`private_memory.rs`).
//!
//! What a callee does with the objects it is given by reference is
//! summarised once per function ([`CalleeSummaries`]) and reused by every
//! later scan: following calls afresh at each call site made the scan
//! exponential in the depth of nested calls (a kernel's reducers passed
//! down a chain of variadic helpers).

use crate::front::ast::UnOp;
use crate::front::sema::thir::{Body, Expr, ExprKind as TK, Stmt};
use crate::front::sema::{FuncId, FuncInfo, Sema, Ty, VarId};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::ops::Deref;
use std::rc::Rc;

/// How a function body uses its local variables.
#[derive(Default)]
pub struct VarUses {
    pub mutated: HashSet<VarId>,
    pub addressed: HashSet<VarId>,
    /// The address of (part of) `*this` is taken.
    pub this_addressed: bool,
}

/// Which of the objects a function is given by reference it takes the
/// address of: its `*this`, and each parameter.
struct AddressedArguments {
    this: bool,
    params: Vec<bool>,
}

/// The [`AddressedArguments`] of each function scanned so far; `None`
/// while a function's own scan is under way (a recursive call then counts
/// as taking no address).
#[derive(Default)]
pub struct CalleeSummaries(RefCell<HashMap<FuncId, Option<Rc<AddressedArguments>>>>);

pub fn var_uses(sema: &Sema, body: &Body, callees: &CalleeSummaries) -> VarUses {
    let mut out = VarUses::default();
    stmt(&Scan { sema, callees }, &body.stmt, &mut out);
    out
}

/// The sema and the summaries of the callees scanned so far.
struct Scan<'s> {
    sema: &'s Sema,
    callees: &'s CalleeSummaries,
}

impl Deref for Scan<'_> {
    type Target = Sema;
    fn deref(&self) -> &Sema {
        self.sema
    }
}

/// Does `f` take the address of the object its argument `i` designates
/// (with `i == 0` the object of a member function)?
fn callee_addresses(s: &Scan, f: FuncId, i: usize, is_member: bool) -> bool {
    let Some(summary) = addressed_arguments(s, f) else {
        return false;
    };
    match (is_member, i) {
        (true, 0) => summary.this,
        (true, i) => summary.params.get(i - 1) == Some(&true),
        (false, i) => summary.params.get(i) == Some(&true),
    }
}

/// `f`'s summary, scanning its body the first time it is asked for; `None`
/// for a function without a body (yet) or whose scan is under way.
fn addressed_arguments(s: &Scan, f: FuncId) -> Option<Rc<AddressedArguments>> {
    if let Some(known) = s.callees.0.borrow().get(&f) {
        return known.clone();
    }
    let body = s.func(f).body.clone()?;
    s.callees.0.borrow_mut().insert(f, None);
    let mut uses = VarUses::default();
    stmt(s, &body.stmt, &mut uses);
    let summary = Rc::new(AddressedArguments {
        this: uses.this_addressed,
        params: body
            .params
            .iter()
            .map(|p| uses.addressed.contains(p))
            .collect(),
    });
    s.callees.0.borrow_mut().insert(f, Some(summary.clone()));
    Some(summary)
}

/// Is `e` (part of) `*this`?
fn is_this_object(e: &Expr) -> bool {
    match &e.kind {
        TK::This => true,
        // `this->member`, `(*this).member`: `this` is the address of the object.
        TK::Deref(p) => matches!(&p.kind, TK::AddrOf(o) if is_this_object(o)),
        TK::Field(b, _) | TK::BaseSub(b, _) | TK::Downcast(b, _) => is_this_object(b),
        TK::Index(b, _) if matches!(b.ty, Ty::Array(..)) => is_this_object(b),
        _ => false,
    }
}

fn root_var(e: &Expr) -> Option<VarId> {
    match &e.kind {
        TK::Var(v) => Some(*v),
        TK::Field(b, _) | TK::BaseSub(b, _) | TK::Downcast(b, _) => root_var(b),
        TK::Index(b, _) if matches!(b.ty, Ty::Array(..)) => root_var(b),
        TK::Temporary(_) => None,
        _ => None,
    }
}

/// Mark as mutated the variables lvalue `x` may designate: its root, both
/// arms of a conditional (`c ? a : b`), and for a call returning a
/// reference (`std::max(a, b)`) what it was given by reference.
fn mark_modified(s: &Scan, x: &Expr, out: &mut VarUses) {
    if let Some(v) = root_var(x) {
        out.mutated.insert(v);
    }
    match &x.kind {
        TK::Cond(_, a, b) => {
            mark_modified(s, a, out);
            mark_modified(s, b, out);
        }
        TK::Call(f, args) => {
            let fi = s.func(*f);
            if !matches!(fi.ret, Ty::LRef(_, false) | Ty::RRef(_)) {
                return;
            }
            let is_member = fi.class.is_some() && !fi.decl.is_static;
            for (i, a) in args.iter().enumerate() {
                if passes_by_reference(fi, is_member, i) {
                    mark_modified(s, a, out);
                }
            }
        }
        _ => {}
    }
}

/// Mark as addressed the variables (and `*this`) that lvalue `x` may be
/// part of: its root, or for a call returning a reference (`v.x()`,
/// `std::max(a, b)`) the objects the call was given by reference.
fn mark_referents(s: &Scan, x: &Expr, out: &mut VarUses) {
    if let Some(v) = root_var(x) {
        out.mutated.insert(v);
        out.addressed.insert(v);
    }
    out.this_addressed |= is_this_object(x);
    if let TK::Call(f, args) = &x.kind {
        let fi = s.func(*f);
        if !fi.ret.is_ref() {
            return;
        }
        let is_member = fi.class.is_some() && !fi.decl.is_static;
        for (i, a) in args.iter().enumerate() {
            if passes_by_reference(fi, is_member, i) {
                mark_referents(s, a, out);
            }
        }
    }
}

/// The parameter type a call gives its argument `i` to (with `is_member`,
/// argument 0 is the object and has none).
fn param_of(fi: &FuncInfo, is_member: bool, i: usize) -> Option<&Ty> {
    match (is_member, i) {
        (true, 0) => None,
        (true, i) => fi.params.get(i - 1),
        (false, i) => fi.params.get(i),
    }
}

/// Whether a call passes its argument `i` by reference (the object of a
/// member call always is).
fn passes_by_reference(fi: &FuncInfo, is_member: bool, i: usize) -> bool {
    (is_member && i == 0) || param_of(fi, is_member, i).is_some_and(Ty::is_ref)
}

fn stmt(s: &Scan, st: &Stmt, out: &mut VarUses) {
    match st {
        Stmt::Expr(e) => expr(s, e, out),
        Stmt::Decl(v, Some(e)) => {
            // `int &r = b;`: `b` may change through `r`.
            if matches!(s.var(*v).ty, Ty::LRef(_, false) | Ty::RRef(_)) {
                mark_modified(s, e, out);
            }
            expr(s, e, out)
        }
        Stmt::Block(ss) | Stmt::Scope(ss) => ss.iter().for_each(|x| stmt(s, x, out)),
        Stmt::If {
            cond,
            then_s,
            else_s,
        } => {
            expr(s, cond, out);
            stmt(s, then_s, out);
            if let Some(e) = else_s {
                stmt(s, e, out);
            }
        }
        Stmt::Loop {
            cond, body, step, ..
        } => {
            if let Some(c) = cond {
                expr(s, c, out);
            }
            stmt(s, body, out);
            if let Some(x) = step {
                expr(s, x, out);
            }
        }
        Stmt::Return(Some(e), _) => expr(s, e, out),
        _ => {}
    }
}

fn expr(s: &Scan, e: &Expr, out: &mut VarUses) {
    match &e.kind {
        TK::Assign(_, l, r) => {
            mark_modified(s, l, out);
            expr(s, l, out);
            expr(s, r, out);
        }
        TK::Unary(op, x) => {
            if matches!(
                op,
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec
            ) {
                mark_modified(s, x, out);
            }
            expr(s, x, out);
        }
        TK::AddrOf(x) => {
            mark_referents(s, x, out);
            expr(s, x, out);
        }
        TK::Call(f, args) | TK::Construct(f, args) => {
            let fi = s.func(*f);
            let is_member =
                matches!(e.kind, TK::Call(..)) && fi.class.is_some() && !fi.decl.is_static;
            for (i, a) in args.iter().enumerate() {
                let mutable_ref = if is_member && i == 0 {
                    !fi.decl.is_const
                } else {
                    matches!(
                        param_of(fi, is_member, i),
                        Some(Ty::LRef(_, false)) | Some(Ty::RRef(_))
                    )
                };
                if mutable_ref {
                    mark_modified(s, a, out);
                }
                if passes_by_reference(fi, is_member, i)
                    && (root_var(a).is_some() || is_this_object(a))
                    && callee_addresses(s, *f, i, is_member)
                {
                    mark_referents(s, a, out);
                }
                expr(s, a, out);
            }
        }
        // `this->x`, `(*&v).x`: the address is used only to reach the object.
        TK::Deref(p) if matches!(p.kind, TK::AddrOf(_)) => {
            let TK::AddrOf(x) = &p.kind else {
                unreachable!("matched above")
            };
            expr(s, x, out);
        }
        TK::Field(b, _)
        | TK::BaseSub(b, _)
        | TK::Downcast(b, _)
        | TK::Convert(b)
        | TK::Load(b)
        | TK::Deref(b)
        | TK::Temporary(b)
        | TK::MemberDefault(b) => expr(s, b, out),
        TK::Binary(_, a, b) | TK::Index(a, b) => {
            expr(s, a, out);
            expr(s, b, out);
        }
        TK::Cond(c, a, b) => {
            expr(s, c, out);
            expr(s, a, out);
            expr(s, b, out);
        }
        TK::StmtExpr(stmts, value) => {
            stmts.iter().for_each(|x| stmt(s, x, out));
            value.iter().for_each(|v| expr(s, v, out));
        }
        // A variable captured by reference may be modified through the closure.
        TK::Lambda(c, inits) => {
            for (field, init) in s.class(*c).fields.iter().zip(inits) {
                if matches!(field.ty, Ty::LRef(_, false) | Ty::RRef(_)) {
                    if let Some(v) = root_var(init) {
                        out.mutated.insert(v);
                    }
                }
                expr(s, init, out);
            }
        }
        TK::Intrinsic(_, inits) | TK::Aggregate(inits) => {
            inits.iter().for_each(|x| expr(s, x, out))
        }
        _ => {}
    }
}
