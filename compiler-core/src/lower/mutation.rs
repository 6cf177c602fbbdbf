//! Which local variables of a function body are modified after their
//! initialisation (assigned, incremented, address taken, bound to a non-const
//! reference or used as the object of a non-const member call) and which
//! have their address taken. Unmodified ones are immutable values and need
//! no storage in the lowered code; addressed ones live in per-work-item
//! memory that pointers can point into (`private_memory.rs`).

use crate::front::ast::UnOp;
use crate::front::sema::thir::{Body, Expr, ExprKind as TK, Stmt};
use crate::front::sema::{Sema, Ty, VarId};
use std::collections::HashSet;

/// How a function body uses its local variables.
#[derive(Default)]
pub struct VarUses {
    pub mutated: HashSet<VarId>,
    pub addressed: HashSet<VarId>,
}

pub fn var_uses(sema: &Sema, body: &Body) -> VarUses {
    let mut out = VarUses::default();
    stmt(sema, &body.stmt, &mut out);
    out
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

fn stmt(s: &Sema, st: &Stmt, out: &mut VarUses) {
    match st {
        Stmt::Expr(e) => expr(s, e, out),
        Stmt::Decl(_, Some(e)) => expr(s, e, out),
        Stmt::Block(ss) => ss.iter().for_each(|x| stmt(s, x, out)),
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

fn expr(s: &Sema, e: &Expr, out: &mut VarUses) {
    match &e.kind {
        TK::Assign(_, l, r) => {
            if let Some(v) = root_var(l) {
                out.mutated.insert(v);
            }
            expr(s, l, out);
            expr(s, r, out);
        }
        TK::Unary(op, x) => {
            if matches!(
                op,
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec
            ) {
                if let Some(v) = root_var(x) {
                    out.mutated.insert(v);
                }
            }
            expr(s, x, out);
        }
        TK::AddrOf(x) => {
            if let Some(v) = root_var(x) {
                out.mutated.insert(v);
                out.addressed.insert(v);
            }
            expr(s, x, out);
        }
        TK::Call(f, args) | TK::Construct(f, args) => {
            let fi = s.func(*f);
            let is_member =
                matches!(e.kind, TK::Call(..)) && fi.class.is_some() && !fi.decl.is_static;
            let offset = usize::from(is_member);
            for (i, a) in args.iter().enumerate() {
                let mutable_ref = if is_member && i == 0 {
                    !fi.decl.is_const
                } else {
                    matches!(
                        fi.params.get(i - offset.min(i)),
                        Some(Ty::LRef(_, false)) | Some(Ty::RRef(_))
                    )
                };
                if mutable_ref {
                    if let Some(v) = root_var(a) {
                        out.mutated.insert(v);
                    }
                }
                expr(s, a, out);
            }
        }
        TK::Field(b, _)
        | TK::BaseSub(b, _)
        | TK::Downcast(b, _)
        | TK::Convert(b)
        | TK::Load(b)
        | TK::Deref(b)
        | TK::Temporary(b) => expr(s, b, out),
        TK::Binary(_, a, b) | TK::Index(a, b) => {
            expr(s, a, out);
            expr(s, b, out);
        }
        TK::Cond(c, a, b) => {
            expr(s, c, out);
            expr(s, a, out);
            expr(s, b, out);
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
