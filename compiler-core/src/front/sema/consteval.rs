//! Integral constant evaluation, for template arguments, array bounds,
//! enumerators and `const` variables that lambdas use without capturing.

use super::lookup::Found;
use super::thir::{self, ExprKind as TK};
use super::*;
use crate::front::ast::{BinOp, Expr, ExprKind, UnOp};

impl Sema {
    pub(crate) fn const_eval_ast(&mut self, e: &Expr, ctx: Ctx, env: &Rc<Env>) -> Option<i128> {
        Some(match &e.kind {
            ExprKind::IntLit(v, _) => *v as i128,
            ExprKind::CharLit(c) => *c as i128,
            ExprKind::BoolLit(b) => *b as i128,
            ExprKind::Name(q)
                if q.is_simple() && self.local_constant(ctx, &q.last().ident).is_some() =>
            {
                self.local_constant(ctx, &q.last().ident)?
            }
            ExprKind::Name(q) => match self.lookup_qualified(q, ctx, env, &mut vec![]) {
                Found::TemplateParam(TArg::Value(v)) => v,
                Found::Entities(es) => es.iter().find_map(|x| match x {
                    Entity::Enumerator(_, v) => Some(*v),
                    Entity::Var(id) => self.var(*id).const_value,
                    _ => None,
                })?,
                _ => return None,
            },
            ExprKind::Unary(op, a) => {
                let a = self.const_eval_ast(a, ctx, env)?;
                match op {
                    UnOp::Neg => -a,
                    UnOp::Plus => a,
                    UnOp::Not => (a == 0) as i128,
                    UnOp::BitNot => !a,
                    _ => return None,
                }
            }
            ExprKind::Binary(op, a, b) => {
                let a = self.const_eval_ast(a, ctx, env)?;
                let b = self.const_eval_ast(b, ctx, env)?;
                eval_binop(*op, a, b)?
            }
            ExprKind::Cond(c, a, b) => {
                if self.const_eval_ast(c, ctx, env)? != 0 {
                    self.const_eval_ast(a, ctx, env)?
                } else {
                    self.const_eval_ast(b, ctx, env)?
                }
            }
            ExprKind::Cast(_, _, a) => self.const_eval_ast(a, ctx, env)?,
            ExprKind::Construct(_, args, _) if args.len() == 1 => {
                self.const_eval_ast(&args[0], ctx, env)?
            }
            ExprKind::SizeofType(t) => {
                let ty = self.resolve_type(t, ctx, env, &mut vec![]);
                self.size_align(&ty)?.0 as i128
            }
            ExprKind::AlignofType(t) => {
                let ty = self.resolve_type(t, ctx, env, &mut vec![]);
                self.size_align(&ty)?.1 as i128
            }
            _ => return None,
        })
    }

    pub(crate) fn const_eval_ast_with_enum(
        &mut self,
        e: &Expr,
        ctx: Ctx,
        env: &Rc<Env>,
        en: EnumId,
    ) -> Option<i128> {
        if let ExprKind::Name(q) = &e.kind {
            if q.is_simple() {
                if let Some((_, v)) = self.enums[en.0 as usize]
                    .enumerators
                    .iter()
                    .find(|(n, _)| *n == q.last().ident)
                {
                    return Some(*v);
                }
            }
        }
        self.const_eval_ast(e, ctx, env)
    }

    /// Evaluate a checked integral expression, if it is a constant.
    pub(crate) fn const_eval_thir(&self, e: &thir::Expr) -> Option<i128> {
        Some(match &e.kind {
            TK::IntLit(v) => *v,
            TK::BoolLit(b) => *b as i128,
            TK::Var(id) => self.var(*id).const_value?,
            TK::Load(a) | TK::Convert(a) => {
                let v = self.const_eval_thir(a)?;
                match &e.ty {
                    Ty::Int(k) => wrap(v, *k),
                    Ty::Bool => (v != 0) as i128,
                    _ if a.ty.is_integral() || matches!(a.ty, Ty::Enum(_)) => v,
                    _ => return None,
                }
            }
            TK::Unary(op, a) => {
                let a = self.const_eval_thir(a)?;
                match op {
                    UnOp::Neg => -a,
                    UnOp::Plus => a,
                    UnOp::Not => (a == 0) as i128,
                    UnOp::BitNot => !a,
                    _ => return None,
                }
            }
            TK::Binary(op, a, b) => {
                eval_binop(*op, self.const_eval_thir(a)?, self.const_eval_thir(b)?)?
            }
            _ => return None,
        })
    }
}

fn wrap(v: i128, k: IntKind) -> i128 {
    let bits = k.size() * 8;
    let m = v & ((1i128 << bits) - 1);
    if k.signed() && m >= (1i128 << (bits - 1)) {
        m - (1i128 << bits)
    } else {
        m
    }
}

fn eval_binop(op: BinOp, a: i128, b: i128) -> Option<i128> {
    use BinOp::*;
    Some(match op {
        Add => a.checked_add(b)?,
        Sub => a.checked_sub(b)?,
        Mul => a.checked_mul(b)?,
        Div => a.checked_div(b)?,
        Rem => a.checked_rem(b)?,
        Shl => a.checked_shl(u32::try_from(b).ok()?)?,
        Shr => a.checked_shr(u32::try_from(b).ok()?)?,
        Lt => (a < b) as i128,
        Gt => (a > b) as i128,
        Le => (a <= b) as i128,
        Ge => (a >= b) as i128,
        Eq => (a == b) as i128,
        Ne => (a != b) as i128,
        BitAnd => a & b,
        BitOr => a | b,
        BitXor => a ^ b,
        LogAnd => (a != 0 && b != 0) as i128,
        LogOr => (a != 0 || b != 0) as i128,
        Comma => b,
    })
}
