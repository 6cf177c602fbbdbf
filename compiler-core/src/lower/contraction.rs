//! Floating-point arithmetic under the contraction state of its source
//! (`front::fp_contract`). A SPIR-V operation without `NoContraction` lets a
//! Vulkan driver fuse it with others and reassociate it (Mesa turns a
//! two-sum's error term into 0); C++ allows neither, only fusing a multiply
//! into an add or subtract of the same expression (`-ffp-contract=on`).
//! So: `fast` leaves operations undecorated, `off` decorates them all, and
//! `on` decorates them all but forms the fused multiply-adds of an
//! expression itself (GLSL.std.450 `Fma`).

use crate::front::fp_contract::FpContract;
use crate::ir::{BinaryOp, Expr, MathFn, UnaryOp};

/// `a op b`, floating-point, as `state` allows it to be computed.
pub(super) fn float_arithmetic(op: BinaryOp, a: Expr, b: Expr, state: FpContract) -> Expr {
    match state {
        _ if !op.is_float_arithmetic() => Expr::Binary(op, Box::new(a), Box::new(b)),
        FpContract::Fast => Expr::Binary(op, Box::new(a), Box::new(b)),
        FpContract::Off => Expr::Uncontracted(op, Box::new(a), Box::new(b)),
        FpContract::On => fused(op, a, b),
    }
}

/// `a op b` with a product operand of the same expression fused into it.
fn fused(op: BinaryOp, a: Expr, b: Expr) -> Expr {
    let neg = |e: Expr| Expr::Unary(UnaryOp::Neg, Box::new(e));
    let fma = |x: Expr, y: Expr, z: Expr| Expr::Math(MathFn::Fma, vec![x, y, z]);
    match (op, a, b) {
        (BinaryOp::Add | BinaryOp::Sub, Expr::Uncontracted(BinaryOp::Mul, x, y), c) => {
            let c = if op == BinaryOp::Sub { neg(c) } else { c };
            fma(*x, *y, c)
        }
        (BinaryOp::Add, c, Expr::Uncontracted(BinaryOp::Mul, x, y)) => fma(*x, *y, c),
        (BinaryOp::Sub, c, Expr::Uncontracted(BinaryOp::Mul, x, y)) => fma(neg(*x), *y, c),
        (op, a, b) => Expr::Uncontracted(op, Box::new(a), Box::new(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Constant, LocalId, ScalarType};

    fn v(i: u32) -> Expr {
        Expr::Local(LocalId(i))
    }

    fn product(state: FpContract) -> Expr {
        float_arithmetic(BinaryOp::Mul, v(0), v(1), state)
    }

    #[test]
    fn fast_leaves_operations_to_the_driver() {
        let e = float_arithmetic(
            BinaryOp::Add,
            product(FpContract::Fast),
            v(2),
            FpContract::Fast,
        );
        assert_eq!(crate::ir::print::expr(&e), "Add(Mul(%0, %1), %2)");
    }

    #[test]
    fn off_computes_every_operation_as_written() {
        let e = float_arithmetic(
            BinaryOp::Add,
            product(FpContract::Off),
            v(2),
            FpContract::Off,
        );
        assert_eq!(
            crate::ir::print::expr(&e),
            "Add.exact(Mul.exact(%0, %1), %2)"
        );
    }

    #[test]
    fn on_fuses_products_of_the_same_expression() {
        let on = FpContract::On;
        let print = |e: &Expr| crate::ir::print::expr(e);
        assert_eq!(
            print(&float_arithmetic(BinaryOp::Add, v(2), product(on), on)),
            "fma(%0, %1, %2)"
        );
        assert_eq!(
            print(&float_arithmetic(BinaryOp::Sub, product(on), v(2), on)),
            "fma(%0, %1, Neg(%2))"
        );
        assert_eq!(
            print(&float_arithmetic(BinaryOp::Sub, v(2), product(on), on)),
            "fma(Neg(%0), %1, %2)"
        );
        // A product read from a variable is another expression's: not fused.
        assert_eq!(
            print(&float_arithmetic(BinaryOp::Add, v(3), v(2), on)),
            "Add.exact(%3, %2)"
        );
        assert_eq!(print(&product(on)), "Mul.exact(%0, %1)");
        // Comparisons are not arithmetic.
        let one = Expr::Const(Constant::Float(ScalarType::F32, 1.0));
        assert!(matches!(
            float_arithmetic(BinaryOp::Lt, v(0), one, on),
            Expr::Binary(..)
        ));
    }
}
