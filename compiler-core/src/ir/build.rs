//! Short constructors of the IR expressions the lowering builds most (and,
//! for tests, of bindings and locals).

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

/// A storage buffer of `elem`s (tests).
#[cfg(test)]
pub(crate) fn global_binding(
    name: &str,
    elem: ScalarType,
    reads: bool,
    writes: bool,
) -> super::Binding {
    super::Binding {
        name: name.into(),
        elem,
        reads,
        writes,
        space: super::Space::Global,
        fixed_len: None,
        volatile: false,
        aliased: false,
        per_work_item: false,
        narrow_bits: None,
    }
}

/// A local of type `ty` (tests).
#[cfg(test)]
pub(crate) fn local(name: &str, ty: ScalarType) -> super::Local {
    super::Local {
        name: name.into(),
        ty,
    }
}
