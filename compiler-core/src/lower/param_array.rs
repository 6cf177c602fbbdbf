//! Run-time indexing of the arrays a kernel captures by value: their
//! elements lie in the parameter block at a fixed stride, so element `i`
//! is read at `first + i * stride` (IR `Expr::ParamAt`) instead of being
//! chosen among all the elements.

use super::values::{PlaceV, Val};
use crate::ir::{BinaryOp, Constant, Expr as IExpr, LocalId, ScalarType};

/// Arrays of fewer elements keep the choice among their elements (a few
/// selects cost less than a dependent uniform load).
const MIN_PARAM_ARRAY_ELEMENTS: usize = 8;

/// Element `index` (a local of type `index_ty`) of the captured array
/// whose elements are `parts`, read from the parameter block; None unless
/// every element is a value made of parameter-block scalars, the same
/// shape as the first element one stride further on.
pub(super) fn param_array_element(
    parts: &[PlaceV],
    index: LocalId,
    index_ty: ScalarType,
) -> Option<PlaceV> {
    if parts.len() < MIN_PARAM_ARRAY_ELEMENTS {
        return None;
    }
    let values: Vec<&Val> = parts
        .iter()
        .map(|p| match p {
            PlaceV::ValuePart(v) => Some(&**v),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let stride = first_offset(values[1])?.checked_sub(first_offset(values[0])?)?;
    if stride == 0 || !stride.is_multiple_of(4) {
        return None;
    }
    let congruent = values.iter().enumerate().all(|(k, v)| {
        u32::try_from(k)
            .ok()
            .and_then(|k| k.checked_mul(stride))
            .and_then(|shift| shifted(values[0], shift))
            .is_some_and(|expected| same_value(&expected, v))
    });
    if !congruent {
        return None;
    }
    let index = match index_ty {
        ScalarType::U32 => IExpr::Local(index),
        _ => IExpr::Convert(Box::new(IExpr::Local(index)), ScalarType::U32),
    };
    let word = IExpr::Binary(
        BinaryOp::Mul,
        Box::new(index),
        Box::new(IExpr::Const(Constant::Int(
            ScalarType::U32,
            u64::from(stride / 4),
        ))),
    );
    Some(PlaceV::ValuePart(Box::new(indexed(values[0], &word)?)))
}

/// The byte offset of the first parameter-block scalar of `v`.
fn first_offset(v: &Val) -> Option<u32> {
    match v {
        Val::Scalar(IExpr::Param { offset, .. } | IExpr::ParamAt { offset, .. }) => Some(*offset),
        Val::Agg(parts) => parts.iter().find_map(first_offset),
        _ => None,
    }
}

/// `v` with every parameter-block offset `bytes` further on; None if `v`
/// holds anything but parameter-block scalars.
fn shifted(v: &Val, bytes: u32) -> Option<Val> {
    map_params(v, &mut |offset, word, ty| {
        let offset = offset.checked_add(bytes)?;
        Some(match word {
            None => IExpr::Param { offset, ty },
            Some(word) => IExpr::ParamAt {
                offset,
                word: Box::new(word.clone()),
                ty,
            },
        })
    })
}

/// `v` read `word` words further on in the parameter block.
fn indexed(v: &Val, word: &IExpr) -> Option<Val> {
    map_params(v, &mut |offset, old, ty| {
        let word = match old {
            None => word.clone(),
            Some(old) => {
                IExpr::Binary(BinaryOp::Add, Box::new(old.clone()), Box::new(word.clone()))
            }
        };
        Some(IExpr::ParamAt {
            offset,
            word: Box::new(word),
            ty,
        })
    })
}

/// `v` with each parameter-block scalar (offset, run-time word, type)
/// replaced by `f`'s expression; None if `v` holds anything else.
fn map_params(
    v: &Val,
    f: &mut impl FnMut(u32, Option<&IExpr>, ScalarType) -> Option<IExpr>,
) -> Option<Val> {
    match v {
        Val::Scalar(IExpr::Param { offset, ty }) => f(*offset, None, *ty).map(Val::Scalar),
        Val::Scalar(IExpr::ParamAt { offset, word, ty }) => {
            f(*offset, Some(word), *ty).map(Val::Scalar)
        }
        Val::Agg(parts) => parts
            .iter()
            .map(|p| map_params(p, f))
            .collect::<Option<_>>()
            .map(Val::Agg),
        Val::Void => Some(Val::Void),
        _ => None,
    }
}

/// Whether two values of parameter-block scalars are the same reads.
fn same_value(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::Scalar(x), Val::Scalar(y)) => x == y,
        (Val::Agg(xs), Val::Agg(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_value(x, y))
        }
        (Val::Void, Val::Void) => true,
        _ => false,
    }
}
