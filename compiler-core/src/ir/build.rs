//! Short constructors of the IR expressions the lowering builds most.

use super::{BinaryOp, Constant, Expr, ScalarType};

/// `a op b`.
pub(crate) fn binary(op: BinaryOp, a: Expr, b: Expr) -> Expr {
    Expr::Binary(op, Box::new(a), Box::new(b))
}

/// The `u32` constant `v`.
pub(crate) fn u32_const(v: u32) -> Expr {
    Expr::Const(Constant::Int(ScalarType::U32, u64::from(v)))
}

/// `cond ? then : otherwise`, both evaluated.
pub(crate) fn select(cond: Expr, then: Expr, otherwise: Expr) -> Expr {
    Expr::Select(Box::new(cond), Box::new(then), Box::new(otherwise))
}
