//! Building IR by hand in the passes' tests.

use crate::ir::{Constant, Expr, LocalId, ScalarType, Stmt};

/// An `int` constant.
pub(super) fn int(v: u64) -> Expr {
    Expr::Const(Constant::Int(ScalarType::I32, v))
}

/// A read of local `i`.
pub(super) fn local(i: u32) -> Expr {
    Expr::Local(LocalId(i))
}

/// `%i = value`.
pub(super) fn assign(i: u32, value: Expr) -> Stmt {
    Stmt::Assign {
        local: LocalId(i),
        value,
    }
}
