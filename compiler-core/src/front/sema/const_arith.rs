//! Arithmetic on constant scalars (integers and floating-point values of
//! `float` and `double`) as C++ computes it: the usual arithmetic
//! conversions between integers and floating-point values, every `float`
//! operation rounded to single precision and every `double` one to double
//! precision, conversions that truncate toward zero, and comparisons giving
//! `bool`. A result C++ does not allow in a constant expression (division
//! by zero, an infinity or NaN, a value out of the range of the integer it
//! converts to) is `None`: not a constant for us, never a wrong one.
//! `long double` and `_Float16` values are not computed (their host
//! precision is not ours to reproduce).

use super::consteval::{eval_binop, wrap};
use super::constexpr_objects::ConstValue;
use super::*;
use crate::front::ast::{BinOp, UnOp};
use crate::front::literal::FloatSuffix;

/// A floating-point value rounded to the precision of `kind`; `None` for
/// the kinds not computed and for values that are not finite.
pub(super) fn rounded(value: f64, kind: FloatKind) -> Option<ConstValue> {
    let value = match kind {
        FloatKind::Float => f64::from(value as f32),
        FloatKind::Double => value,
        FloatKind::Half | FloatKind::LongDouble => return None,
    };
    value.is_finite().then_some(ConstValue::Float(value, kind))
}

/// The value of a floating literal: `double` unless suffixed `f`.
pub(super) fn float_literal(value: f64, suffix: FloatSuffix) -> Option<ConstValue> {
    match suffix {
        FloatSuffix::None => rounded(value, FloatKind::Double),
        FloatSuffix::F => rounded(value, FloatKind::Float),
        FloatSuffix::L => None,
    }
}

/// Whether a scalar value is non-zero (its conversion to `bool`).
pub(super) fn truth(v: &ConstValue) -> Option<bool> {
    match v {
        ConstValue::Int(i) => Some(*i != 0),
        ConstValue::Float(f, _) => Some(*f != 0.0),
        _ => None,
    }
}

/// Is `ty` a type whose values [`convert`] computes?
pub(super) fn is_scalar(ty: &Ty) -> bool {
    matches!(
        ty,
        Ty::Int(_) | Ty::Bool | Ty::Enum(_) | Ty::Float(FloatKind::Float | FloatKind::Double)
    )
}

/// `v` as a value of type `ty`: converted where `ty` is a scalar type,
/// kept where it is none (`auto`, a class), `None` for the floating-point
/// types whose values are not computed.
pub(super) fn as_type(v: ConstValue, ty: &Ty) -> Option<ConstValue> {
    match ty {
        t if is_scalar(t) => convert(&v, t),
        Ty::Float(_) => None,
        _ => Some(v),
    }
}

/// `v` converted to the scalar type `ty` (integers wrap to the width of
/// theirs; floating-point values truncate toward zero into integers).
pub(super) fn convert(v: &ConstValue, ty: &Ty) -> Option<ConstValue> {
    match (v, ty) {
        (ConstValue::Int(i), Ty::Int(k)) => Some(ConstValue::Int(wrap(*i, *k))),
        (v, Ty::Bool) => Some(ConstValue::Int(i128::from(truth(v)?))),
        (ConstValue::Int(i), Ty::Enum(_)) => Some(ConstValue::Int(*i)),
        (ConstValue::Int(i), Ty::Float(k)) => int_to_float(*i, *k),
        (ConstValue::Float(f, _), Ty::Float(k)) => rounded(*f, *k),
        (ConstValue::Float(f, _), Ty::Int(k)) => {
            let t = f.trunc();
            let bits = 8 * k.size();
            let (lo, hi) = if k.signed() {
                (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1))
            } else {
                (0.0, 2f64.powi(bits as i32))
            };
            (t >= lo && t < hi).then_some(ConstValue::Int(t as i128))
        }
        _ => None,
    }
}

/// An integer converted to a floating-point type, rounded once (to nearest,
/// ties to even) to that type's precision.
fn int_to_float(i: i128, kind: FloatKind) -> Option<ConstValue> {
    match kind {
        FloatKind::Float => Some(ConstValue::Float(f64::from(i as f32), kind)),
        FloatKind::Double => Some(ConstValue::Float(i as f64, kind)),
        FloatKind::Half | FloatKind::LongDouble => None,
    }
}

/// The common floating-point type of two operands, one of them floating.
fn common_float(a: &ConstValue, b: &ConstValue) -> Option<FloatKind> {
    let kind = |v: &ConstValue| match v {
        ConstValue::Float(_, k) => Some(*k),
        _ => None,
    };
    match (kind(a), kind(b)) {
        (Some(FloatKind::Double), _) | (_, Some(FloatKind::Double)) => Some(FloatKind::Double),
        (Some(k), _) | (_, Some(k)) => Some(k),
        (None, None) => None,
    }
}

/// `a op b` on scalars.
pub(super) fn binary(op: BinOp, a: &ConstValue, b: &ConstValue) -> Option<ConstValue> {
    if let (ConstValue::Int(x), ConstValue::Int(y)) = (a, b) {
        return eval_binop(op, *x, *y).map(ConstValue::Int);
    }
    match op {
        BinOp::LogAnd => return Some(ConstValue::Int(i128::from(truth(a)? && truth(b)?))),
        BinOp::LogOr => return Some(ConstValue::Int(i128::from(truth(a)? || truth(b)?))),
        BinOp::Comma => return Some(b.clone()),
        _ => {}
    }
    let kind = common_float(a, b)?;
    let (ConstValue::Float(x, _), ConstValue::Float(y, _)) =
        (convert(a, &Ty::Float(kind))?, convert(b, &Ty::Float(kind))?)
    else {
        return None;
    };
    let compared = |c: bool| Some(ConstValue::Int(i128::from(c)));
    match op {
        BinOp::Lt => compared(x < y),
        BinOp::Gt => compared(x > y),
        BinOp::Le => compared(x <= y),
        BinOp::Ge => compared(x >= y),
        BinOp::Eq => compared(x == y),
        BinOp::Ne => compared(x != y),
        BinOp::Div if y == 0.0 => None,
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div => {
            rounded(float_operation(op, x, y, kind)?, kind)
        }
        _ => None,
    }
}

/// One arithmetic operation in the precision of `kind`: `float` operands
/// are single-precision values and the operation is done in single
/// precision.
fn float_operation(op: BinOp, x: f64, y: f64, kind: FloatKind) -> Option<f64> {
    let single = |f: fn(f32, f32) -> f32| f64::from(f(x as f32, y as f32));
    let double = |f: fn(f64, f64) -> f64| f(x, y);
    Some(match (op, kind) {
        (BinOp::Add, FloatKind::Float) => single(|p, q| p + q),
        (BinOp::Sub, FloatKind::Float) => single(|p, q| p - q),
        (BinOp::Mul, FloatKind::Float) => single(|p, q| p * q),
        (BinOp::Div, FloatKind::Float) => single(|p, q| p / q),
        (BinOp::Add, FloatKind::Double) => double(|p, q| p + q),
        (BinOp::Sub, FloatKind::Double) => double(|p, q| p - q),
        (BinOp::Mul, FloatKind::Double) => double(|p, q| p * q),
        (BinOp::Div, FloatKind::Double) => double(|p, q| p / q),
        _ => return None,
    })
}

/// `op v` on a scalar (not the increments).
pub(super) fn unary(op: UnOp, v: &ConstValue) -> Option<ConstValue> {
    match (op, v) {
        (UnOp::Not, v) => Some(ConstValue::Int(i128::from(!truth(v)?))),
        (UnOp::Neg, ConstValue::Int(i)) => Some(ConstValue::Int(-i)),
        (UnOp::Plus, ConstValue::Int(i)) => Some(ConstValue::Int(*i)),
        (UnOp::BitNot, ConstValue::Int(i)) => Some(ConstValue::Int(!i)),
        (UnOp::Neg, ConstValue::Float(f, k)) => Some(ConstValue::Float(-f, *k)),
        (UnOp::Plus, ConstValue::Float(f, k)) => Some(ConstValue::Float(*f, *k)),
        _ => None,
    }
}
