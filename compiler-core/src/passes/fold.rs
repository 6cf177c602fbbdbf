//! Constant folding and removal of code that cannot run: operators,
//! conversions and selects of constants become constants (as C++ computes
//! them: wrapping integers, IEEE floats), and so do the math functions
//! whose result is exact (`fabs`, `floor`, `ceil`, `trunc`); an `If` whose condition is a
//! constant becomes the branch taken; statements after a `Break`,
//! `Continue` or `Return` in the same block are dropped; a loop that runs
//! its body once (ending in its only `Break`) becomes that body.
//!
//! Folding never creates what the targets cannot spell: a float operation
//! whose result is infinite or NaN, an integer division by zero and a shift
//! by the width or more are left for run time (WGSL has no literal for an
//! infinity, and a constant one makes the shader invalid).

use crate::ir::{BinaryOp, Block, Constant, Expr, Kernel, MathFn, ScalarType, Stmt, UnaryOp};

/// Folds the constants of `kernel` and drops its dead statements.
pub fn fold_constants(kernel: &mut Kernel) {
    let body = std::mem::take(&mut kernel.body);
    kernel.body = fold_block(body);
}

fn fold_block(block: Block) -> Block {
    let mut out = Vec::with_capacity(block.len());
    for stmt in block {
        let terminates = matches!(stmt, Stmt::Break | Stmt::Continue | Stmt::Return);
        match stmt {
            Stmt::Assign { local, value } => out.push(Stmt::Assign {
                local,
                value: fold_expr(value),
            }),
            Stmt::Store {
                binding,
                index,
                value,
            } => out.push(Stmt::Store {
                binding,
                index: fold_expr(index),
                value: fold_expr(value),
            }),
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => match fold_expr(cond) {
                Expr::Const(Constant::Bool(taken)) => {
                    let branch = fold_block(if taken { then_block } else { else_block });
                    let ends = branch
                        .last()
                        .is_some_and(|s| matches!(s, Stmt::Break | Stmt::Continue | Stmt::Return));
                    out.extend(branch);
                    if ends {
                        return out;
                    }
                }
                cond => out.push(Stmt::If {
                    cond,
                    then_block: fold_block(then_block),
                    else_block: fold_block(else_block),
                }),
            },
            Stmt::Atomic {
                op,
                binding,
                index,
                value,
                expected,
                result,
            } => out.push(Stmt::Atomic {
                op,
                binding,
                index: fold_expr(index),
                value: value.map(fold_expr),
                expected: expected.map(fold_expr),
                result,
            }),
            Stmt::Loop { body, continuing } => {
                let mut body = fold_block(body);
                let continuing = fold_block(continuing);
                if passes_once(&body, &continuing) {
                    // The one-pass loop of an inlined function whose early
                    // returns folded away (every `atomic_fence` left one):
                    // no loop for the back ends to structure, nor for
                    // lavapipe's loop audit to instrument.
                    body.pop();
                    out.extend(body);
                } else {
                    out.push(Stmt::Loop { body, continuing })
                }
            }
            s => out.push(s),
        }
        if terminates {
            break;
        }
    }
    out
}

/// Whether a loop of `body` runs it once: it ends with `Break`, and nothing
/// else in it leaves or repeats the loop.
fn passes_once(body: &[Stmt], continuing: &[Stmt]) -> bool {
    match body.split_last() {
        Some((Stmt::Break, rest)) => continuing.is_empty() && !leaves_loop(rest),
        _ => false,
    }
}

/// Whether `block` has a `Break` or `Continue` of its enclosing loop (not
/// one of a loop nested in it).
pub(super) fn leaves_loop(block: &[Stmt]) -> bool {
    block.iter().any(|st| match st {
        Stmt::Break | Stmt::Continue => true,
        Stmt::If {
            then_block,
            else_block,
            ..
        } => leaves_loop(then_block) || leaves_loop(else_block),
        _ => false,
    })
}

/// `f(args)`, computed where it is exact whatever the device: the absolute
/// value and the rounding to integers of a constant (`abs(-0.0f)` is `+0`;
/// drivers need not keep a constant's zero sign through their own folding).
fn math(f: MathFn, args: Vec<Expr>) -> Expr {
    let exact: Option<fn(f64) -> f64> = match f {
        MathFn::Fabs => Some(f64::abs),
        MathFn::Floor => Some(f64::floor),
        MathFn::Ceil => Some(f64::ceil),
        MathFn::Trunc => Some(f64::trunc),
        _ => None,
    };
    match (exact, &args[..]) {
        (Some(op), [Expr::Const(Constant::Float(ty, v))]) => {
            Expr::Const(Constant::Float(*ty, op(*v)))
        }
        _ => Expr::Math(f, args),
    }
}

/// `e` with every constant subexpression computed.
pub fn fold_expr(e: Expr) -> Expr {
    match e {
        Expr::Unary(op, a) => {
            let a = fold_expr(*a);
            match &a {
                Expr::Const(c) => {
                    unary(op, *c).map_or_else(|| Expr::Unary(op, Box::new(a)), Expr::Const)
                }
                _ => Expr::Unary(op, Box::new(a)),
            }
        }
        Expr::Binary(op, a, b) => {
            let (a, b) = (fold_expr(*a), fold_expr(*b));
            match (&a, &b) {
                (Expr::Const(x), Expr::Const(y)) => binary(op, *x, *y)
                    .map_or_else(|| Expr::Binary(op, Box::new(a), Box::new(b)), Expr::Const),
                _ => Expr::Binary(op, Box::new(a), Box::new(b)),
            }
        }
        // Constants fold as written; the rest stays uncontracted.
        Expr::Uncontracted(op, a, b) => match fold_expr(Expr::Binary(op, a, b)) {
            Expr::Binary(op, a, b) => Expr::Uncontracted(op, a, b),
            folded => folded,
        },
        Expr::Convert(a, to) => {
            let a = fold_expr(*a);
            match &a {
                Expr::Const(c) => {
                    convert(*c, to).map_or_else(|| Expr::Convert(Box::new(a), to), Expr::Const)
                }
                _ => Expr::Convert(Box::new(a), to),
            }
        }
        Expr::Select(c, a, b) => {
            let (c, a, b) = (fold_expr(*c), fold_expr(*a), fold_expr(*b));
            match c {
                Expr::Const(Constant::Bool(true)) => a,
                Expr::Const(Constant::Bool(false)) => b,
                c => Expr::Select(Box::new(c), Box::new(a), Box::new(b)),
            }
        }
        Expr::Load { binding, index } => Expr::Load {
            binding,
            index: Box::new(fold_expr(*index)),
        },
        Expr::ParamAt { offset, word, ty } => match fold_expr(*word) {
            Expr::Const(Constant::Int(_, w)) if w < u64::from(u32::MAX / 4) => Expr::Param {
                offset: offset.saturating_add(4 * w as u32),
                ty,
            },
            word => Expr::ParamAt {
                offset,
                word: Box::new(word),
                ty,
            },
        },
        // To an integer: the same bits (to a float they could spell a
        // non-finite constant).
        Expr::Bitcast(a, t) => match fold_expr(*a) {
            Expr::Const(c) if t.is_int() && c.ty().size() == t.size() => {
                Expr::Const(int(t, c.bits()))
            }
            a => Expr::Bitcast(Box::new(a), t),
        },
        Expr::Math(f, args) => math(f, args.into_iter().map(fold_expr).collect()),
        e @ (Expr::Const(_)
        | Expr::Local(_)
        | Expr::Param { .. }
        | Expr::Builtin(..)
        | Expr::SpecConst(_)) => e,
    }
}

fn bits_of(t: ScalarType) -> u32 {
    t.size() * 8
}

/// The bit pattern `v` truncated to the width of `t`.
fn truncate(t: ScalarType, v: u64) -> u64 {
    match bits_of(t) {
        64 => v,
        n => v & ((1u64 << n) - 1),
    }
}

/// The value of an integer constant of type `t`, sign-extended if signed.
fn signed_value(t: ScalarType, v: u64) -> i64 {
    match bits_of(t) {
        64 => v as i64,
        n => ((v << (64 - n)) as i64) >> (64 - n),
    }
}

fn int(t: ScalarType, v: u64) -> Constant {
    Constant::Int(t, truncate(t, v))
}

/// A float constant of type `t`, rounded to its precision; None if the
/// result is not finite.
fn float(t: ScalarType, v: f64) -> Option<Constant> {
    let v = if t == ScalarType::F32 {
        v as f32 as f64
    } else {
        v
    };
    v.is_finite().then_some(Constant::Float(t, v))
}

pub(super) fn unary(op: UnaryOp, c: Constant) -> Option<Constant> {
    match (op, c) {
        (UnaryOp::Not, Constant::Bool(b)) => Some(Constant::Bool(!b)),
        (UnaryOp::Neg, Constant::Int(t, v)) => Some(int(t, v.wrapping_neg())),
        (UnaryOp::BitNot, Constant::Int(t, v)) => Some(int(t, !v)),
        (UnaryOp::Neg, Constant::Float(t, v)) => float(t, -v),
        _ => None,
    }
}

pub(super) fn binary(op: BinaryOp, x: Constant, y: Constant) -> Option<Constant> {
    use BinaryOp as B;
    let cmp = |o: std::cmp::Ordering| {
        Some(Constant::Bool(match op {
            B::Eq => o.is_eq(),
            B::Ne => o.is_ne(),
            B::Lt => o.is_lt(),
            B::Le => o.is_le(),
            B::Gt => o.is_gt(),
            B::Ge => o.is_ge(),
            _ => return None,
        }))
    };
    match (x, y) {
        (Constant::Bool(a), Constant::Bool(b)) => Some(Constant::Bool(match op {
            B::LogicalAnd | B::BitAnd => a && b,
            B::LogicalOr | B::BitOr => a || b,
            B::BitXor | B::Ne => a != b,
            B::Eq => a == b,
            _ => return None,
        })),
        (Constant::Int(t, a), Constant::Int(u, b)) if t == u => {
            let signed = t.is_signed_int();
            let (sa, sb) = (signed_value(t, a), signed_value(t, b));
            let width = u64::from(bits_of(t));
            match op {
                B::Add => Some(int(t, a.wrapping_add(b))),
                B::Sub => Some(int(t, a.wrapping_sub(b))),
                B::Mul => Some(int(t, a.wrapping_mul(b))),
                B::Div | B::Rem if b == 0 => None,
                // The one quotient that overflows: the minimum over -1.
                B::Div | B::Rem
                    if signed && sb == -1 && sa == signed_value(t, 1 << (width - 1)) =>
                {
                    None
                }
                B::Div if signed => sa.checked_div(sb).map(|v| int(t, v as u64)),
                B::Rem if signed => sa.checked_rem(sb).map(|v| int(t, v as u64)),
                B::Div => Some(int(t, a / b)),
                B::Rem => Some(int(t, a % b)),
                B::BitAnd => Some(int(t, a & b)),
                B::BitOr => Some(int(t, a | b)),
                B::BitXor => Some(int(t, a ^ b)),
                B::Shl | B::Shr if b >= width => None,
                B::Shl => Some(int(t, a << b)),
                B::Shr if signed => Some(int(t, (sa >> b) as u64)),
                B::Shr => Some(int(t, a >> b)),
                _ if signed => cmp(sa.cmp(&sb)),
                _ => cmp(a.cmp(&b)),
            }
        }
        (Constant::Float(t, a), Constant::Float(u, b)) if t == u => match op {
            B::Add => float(t, a + b),
            B::Sub => float(t, a - b),
            B::Mul => float(t, a * b),
            B::Div => float(t, a / b),
            B::Rem => float(t, a % b),
            // Unordered (NaN) operands: every comparison but != is false.
            _ => match a.partial_cmp(&b) {
                Some(o) => cmp(o),
                None => Some(Constant::Bool(op == B::Ne)).filter(|_| op.is_comparison()),
            },
        },
        _ => None,
    }
}

/// A numeric conversion of a constant, as C++ converts; None where C++
/// leaves the result undefined (a float out of the integer type's range).
pub(super) fn convert(c: Constant, to: ScalarType) -> Option<Constant> {
    match (c, to) {
        (c, to) if c.ty() == to => Some(c),
        (Constant::Bool(b), ScalarType::Bool) => Some(Constant::Bool(b)),
        (Constant::Bool(b), t) if t.is_int() => Some(int(t, b as u64)),
        (Constant::Bool(b), t) => float(t, if b { 1.0 } else { 0.0 }),
        (Constant::Int(_, v), ScalarType::Bool) => Some(Constant::Bool(v != 0)),
        (Constant::Float(_, v), ScalarType::Bool) => Some(Constant::Bool(v != 0.0)),
        (Constant::Int(from, v), t) if t.is_int() => {
            let extended = if from.is_signed_int() {
                signed_value(from, v) as u64
            } else {
                v
            };
            Some(int(t, extended))
        }
        (Constant::Int(from, v), t) => {
            let value = match (from.is_signed_int(), t) {
                (true, ScalarType::F32) => signed_value(from, v) as f32 as f64,
                (false, ScalarType::F32) => v as f32 as f64,
                (true, _) => signed_value(from, v) as f64,
                (false, _) => v as f64,
            };
            float(t, value)
        }
        (Constant::Float(_, v), t) if t.is_int() => {
            let v = v.trunc();
            let bits = f64::from(bits_of(t));
            let (lo, hi) = if t.is_signed_int() {
                (-(2f64.powf(bits - 1.0)), 2f64.powf(bits - 1.0))
            } else {
                (0.0, 2f64.powf(bits))
            };
            (v >= lo && v < hi).then(|| int(t, if v < 0.0 { v as i64 as u64 } else { v as u64 }))
        }
        (Constant::Float(_, v), t) => float(t, v),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn integer_bit_casts_of_constants_fold() {
        // A short's sign extension, raised as unsigned: (u32(-3) << 16) as i32 >> 16.
        let int = |t, v| Expr::Const(Constant::Int(t, v));
        let raised = Expr::Bitcast(
            Box::new(Expr::Binary(
                BinaryOp::Shl,
                Box::new(Expr::Bitcast(
                    Box::new(int(ScalarType::I32, 0xffff_fffd)),
                    ScalarType::U32,
                )),
                Box::new(int(ScalarType::U32, 16)),
            )),
            ScalarType::I32,
        );
        let extended = Expr::Binary(
            BinaryOp::Shr,
            Box::new(raised),
            Box::new(int(ScalarType::I32, 16)),
        );
        assert_eq!(fold_expr(extended), int(ScalarType::I32, 0xffff_fffd));
        // Not to a float.
        let to_float = Expr::Bitcast(Box::new(int(ScalarType::U32, 0x7f80_0000)), ScalarType::F32);
        assert!(matches!(fold_expr(to_float), Expr::Bitcast(..)));
    }

    #[test]
    fn exact_math_of_constants_folds() {
        let f = |v: f64| Expr::Const(Constant::Float(ScalarType::F32, v));
        let abs = fold_expr(Expr::Math(MathFn::Fabs, vec![f(-0.0)]));
        assert!(
            matches!(abs, Expr::Const(Constant::Float(_, v)) if v == 0.0 && v.is_sign_positive())
        );
        assert_eq!(fold_expr(Expr::Math(MathFn::Floor, vec![f(-1.5)])), f(-2.0));
        // Functions whose device result may differ from the host's stay.
        assert!(matches!(
            fold_expr(Expr::Math(MathFn::Sin, vec![f(1.0)])),
            Expr::Math(..)
        ));
    }

    use super::*;
    use crate::ir::build::binary as bin;
    use crate::ir::LocalId;
    use crate::passes::test_ir::kernel;

    fn i32c(v: i32) -> Expr {
        Expr::Const(Constant::Int(ScalarType::I32, v as u32 as u64))
    }
    fn f32c(v: f32) -> Expr {
        Expr::Const(Constant::Float(ScalarType::F32, v as f64))
    }

    #[test]
    fn integers_fold_as_cpp_computes_them() {
        assert_eq!(
            fold_expr(bin(BinaryOp::Add, i32c(i32::MAX), i32c(1))),
            i32c(i32::MIN)
        );
        assert_eq!(fold_expr(bin(BinaryOp::Div, i32c(-7), i32c(2))), i32c(-3));
        assert_eq!(fold_expr(bin(BinaryOp::Rem, i32c(-7), i32c(2))), i32c(-1));
        assert_eq!(fold_expr(bin(BinaryOp::Shr, i32c(-8), i32c(1))), i32c(-4));
        assert_eq!(
            fold_expr(bin(BinaryOp::Lt, i32c(-1), i32c(0))),
            Expr::Const(Constant::Bool(true))
        );
        let u = |v: u32| Expr::Const(Constant::Int(ScalarType::U32, v as u64));
        assert_eq!(fold_expr(bin(BinaryOp::Shr, u(0x8000_0000), u(31))), u(1));
        assert_eq!(
            fold_expr(Expr::Convert(Box::new(i32c(-1)), ScalarType::U32)),
            u(u32::MAX)
        );
        assert_eq!(
            fold_expr(Expr::Convert(Box::new(i32c(-1)), ScalarType::I64)),
            Expr::Const(Constant::Int(ScalarType::I64, u64::MAX))
        );
    }

    #[test]
    fn parameter_reads_at_a_constant_word_become_fixed_reads() {
        let u32c = |v: u64| Expr::Const(Constant::Int(ScalarType::U32, v));
        let at = |word: Expr| Expr::ParamAt {
            offset: 16,
            word: Box::new(word),
            ty: ScalarType::F32,
        };
        assert_eq!(
            fold_expr(at(bin(BinaryOp::Mul, u32c(3), u32c(2)))),
            Expr::Param {
                offset: 40,
                ty: ScalarType::F32
            }
        );
        let dynamic = at(Expr::Local(LocalId(0)));
        assert_eq!(fold_expr(dynamic.clone()), dynamic);
    }

    #[test]
    fn undefined_or_unspellable_results_are_left_for_run_time() {
        for e in [
            bin(BinaryOp::Div, i32c(1), i32c(0)),
            bin(BinaryOp::Div, i32c(i32::MIN), i32c(-1)),
            bin(BinaryOp::Shl, i32c(1), i32c(32)),
            bin(BinaryOp::Div, f32c(6.0), f32c(0.0)),
            bin(BinaryOp::Mul, f32c(f32::MAX), f32c(2.0)),
            Expr::Convert(Box::new(f32c(3e9)), ScalarType::I32),
        ] {
            assert_eq!(fold_expr(e.clone()), e);
        }
        assert_eq!(
            fold_expr(bin(BinaryOp::Div, f32c(1.0), f32c(3.0))),
            f32c(1.0 / 3.0)
        );
        assert_eq!(
            fold_expr(Expr::Convert(Box::new(f32c(-2.75)), ScalarType::I32)),
            i32c(-2)
        );
    }

    #[test]
    fn constant_branches_are_taken_and_dead_statements_dropped() {
        let assign = |l: u32, v: Expr| Stmt::Assign {
            local: LocalId(l),
            value: v,
        };
        let mut k = kernel(vec![Stmt::Loop {
            body: vec![
                Stmt::If {
                    cond: bin(BinaryOp::Eq, f32c(0.0), f32c(0.0)),
                    then_block: vec![assign(0, f32c(0.0)), Stmt::Break],
                    else_block: vec![assign(0, f32c(1.0))],
                },
                assign(0, bin(BinaryOp::Div, f32c(6.0), f32c(0.0))),
                Stmt::Break,
            ],
            continuing: vec![],
        }]);
        fold_constants(&mut k);
        // The loop now runs its body once: it is gone too.
        assert_eq!(k.body, vec![assign(0, f32c(0.0))]);
    }

    #[test]
    fn only_loops_that_run_once_are_unwrapped() {
        let assign = |l: u32| Stmt::Assign {
            local: LocalId(l),
            value: i32c(1),
        };
        let cond = Expr::Local(LocalId(9));
        let one_pass = |body: Vec<Stmt>| Stmt::Loop {
            body,
            continuing: vec![],
        };
        // An early exit at run time, a `continue`, a continuing block, no
        // final `break`: each keeps its loop.
        for body in [
            vec![
                Stmt::If {
                    cond: cond.clone(),
                    then_block: vec![Stmt::Break],
                    else_block: vec![],
                },
                assign(1),
                Stmt::Break,
            ],
            vec![
                Stmt::If {
                    cond: cond.clone(),
                    then_block: vec![],
                    else_block: vec![Stmt::Continue],
                },
                Stmt::Break,
            ],
            vec![assign(1)],
        ] {
            let mut k = kernel(vec![one_pass(body.clone())]);
            fold_constants(&mut k);
            assert_eq!(k.body, vec![one_pass(body)]);
        }
        let mut k = kernel(vec![Stmt::Loop {
            body: vec![assign(1), Stmt::Break],
            continuing: vec![assign(2)],
        }]);
        let before = k.body.clone();
        fold_constants(&mut k);
        assert_eq!(k.body, before);
        // A nested loop's own `break` does not leave the outer one.
        let inner = Stmt::Loop {
            body: vec![
                Stmt::If {
                    cond: cond.clone(),
                    then_block: vec![Stmt::Break],
                    else_block: vec![],
                },
                assign(3),
            ],
            continuing: vec![],
        };
        let mut k = kernel(vec![one_pass(vec![inner.clone(), Stmt::Break])]);
        fold_constants(&mut k);
        assert_eq!(k.body, vec![inner]);
    }
}
