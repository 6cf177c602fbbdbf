//! Propagation of local constants: a read of a local whose last assignment
//! on every path to it stored a constant becomes that constant, and the
//! expression around it is folded. Only straight-line knowledge is used: a
//! branch starts from what was known before it, and after an `If` or a
//! `Loop` the locals either may assign are unknown again; inside a loop,
//! only the locals the loop never assigns keep their value from before it.
//! With [`super::unroll`] it turns the element loops of small vectors
//! (`for (int i = 0; i < N; ++i) out[i] = a[i] op b[i]`, whose private
//! arrays are chains of `if (i == k)`) into straight-line code.

use std::collections::HashMap;

use super::fold::fold_expr;
use crate::ir::{Block, CallArg, Constant, Expr, Kernel, LocalId, Stmt};

/// What is known: the constant each local holds.
pub(crate) type Known = HashMap<u32, Constant>;

/// The constants the locals hold after `stmts` runs, as far as this pass
/// knows them (the specialization-constant defaults a prologue computes).
pub(crate) fn constants_after(stmts: &[Stmt]) -> Known {
    let mut known = Known::new();
    block(stmts.to_vec(), &mut known);
    known
}

/// Replaces reads of locals known to hold constants in `kernel`.
pub fn propagate_constants(kernel: &mut Kernel) {
    let body = std::mem::take(&mut kernel.body);
    kernel.body = block(body, &mut Known::new());
}

fn block(stmts: Block, known: &mut Known) -> Block {
    stmts.into_iter().map(|s| stmt(s, known)).collect()
}

fn stmt(s: Stmt, known: &mut Known) -> Stmt {
    match s {
        Stmt::Assign { local, value } => {
            let value = expr(value, known);
            match &value {
                Expr::Const(c) => known.insert(local.0, *c),
                _ => known.remove(&local.0),
            };
            Stmt::Assign { local, value }
        }
        Stmt::Store {
            binding,
            index,
            value,
        } => Stmt::Store {
            binding,
            index: expr(index, known),
            value: expr(value, known),
        },
        Stmt::If {
            cond,
            then_block,
            else_block,
        } => {
            let cond = expr(cond, known);
            let then_block = block(then_block, &mut known.clone());
            let else_block = block(else_block, &mut known.clone());
            forget_assigned(&then_block, known);
            forget_assigned(&else_block, known);
            Stmt::If {
                cond,
                then_block,
                else_block,
            }
        }
        Stmt::Loop { body, continuing } => {
            forget_assigned(&body, known);
            forget_assigned(&continuing, known);
            let body = block(body, &mut known.clone());
            let continuing = block(continuing, &mut known.clone());
            Stmt::Loop { body, continuing }
        }
        Stmt::Atomic {
            op,
            binding,
            index,
            value,
            expected,
            result,
        } => {
            if let Some(r) = result {
                known.remove(&r.0);
            }
            Stmt::Atomic {
                op,
                binding,
                index: expr(index, known),
                value: value.map(|v| expr(v, known)),
                expected: expected.map(|e| expr(e, known)),
                result,
            }
        }
        Stmt::Subgroup {
            op,
            value,
            operand,
            result,
        } => {
            let value = expr(value, known);
            let operand = operand.map(|o| expr(o, known));
            known.remove(&result.0);
            Stmt::Subgroup {
                op,
                value,
                operand,
                result,
            }
        }
        Stmt::ReadClock { scope, local } => {
            known.remove(&local.0);
            Stmt::ReadClock { scope, local }
        }
        Stmt::Call {
            function,
            args,
            results,
        } => {
            let args = args
                .into_iter()
                .map(|a| match a {
                    CallArg::Value(e) => CallArg::Value(expr(e, known)),
                    CallArg::Pointer { binding, index } => CallArg::Pointer {
                        binding,
                        index: expr(index, known),
                    },
                })
                .collect();
            for r in &results {
                known.remove(&r.0);
            }
            Stmt::Call {
                function,
                args,
                results,
            }
        }
        s @ (Stmt::Break
        | Stmt::Continue
        | Stmt::Return
        | Stmt::Barrier
        | Stmt::Fence(_)
        | Stmt::SubgroupBarrier
        | Stmt::RequireAspect(_)) => s,
    }
}

/// The locals a statement of `block` (nested ones included) assigns.
pub(super) fn assigned_locals(block: &[Stmt]) -> Vec<LocalId> {
    let mut out = vec![];
    crate::ir::walk_stmts(block, &mut |s| match s {
        Stmt::Assign { local, .. } | Stmt::ReadClock { local, .. } => out.push(*local),
        Stmt::Atomic {
            result: Some(r), ..
        } => out.push(*r),
        Stmt::Subgroup { result, .. } => out.push(*result),
        Stmt::Call { results, .. } => out.extend(results.iter().copied()),
        _ => {}
    });
    out
}

fn forget_assigned(b: &Block, known: &mut Known) {
    if known.is_empty() {
        return;
    }
    for l in assigned_locals(b) {
        known.remove(&l.0);
    }
}

/// `e` with the known locals replaced and folded.
pub(super) fn expr(e: Expr, known: &Known) -> Expr {
    if known.is_empty() {
        return e;
    }
    fold_expr(substitute(e, known))
}

fn substitute(e: Expr, known: &Known) -> Expr {
    let sub = |b: Box<Expr>| Box::new(substitute(*b, known));
    match e {
        Expr::Local(l) => match known.get(&l.0) {
            Some(c) => Expr::Const(*c),
            None => Expr::Local(l),
        },
        e @ (Expr::Const(_) | Expr::Param { .. } | Expr::Builtin(..) | Expr::SpecConst(_)) => e,
        Expr::ParamAt { offset, word, ty } => Expr::ParamAt {
            offset,
            word: sub(word),
            ty,
        },
        Expr::Load { binding, index } => Expr::Load {
            binding,
            index: sub(index),
        },
        Expr::Unary(op, a) => Expr::Unary(op, sub(a)),
        Expr::Binary(op, a, b) => Expr::Binary(op, sub(a), sub(b)),
        Expr::Uncontracted(op, a, b) => Expr::Uncontracted(op, sub(a), sub(b)),
        Expr::Convert(a, ty) => Expr::Convert(sub(a), ty),
        Expr::Bitcast(a, ty) => Expr::Bitcast(sub(a), ty),
        Expr::Select(c, a, b) => Expr::Select(sub(c), sub(a), sub(b)),
        Expr::Math(f, args) => {
            Expr::Math(f, args.into_iter().map(|a| substitute(a, known)).collect())
        }
    }
}

/// The constant `e` computes once the locals of `known` are replaced, if
/// it is one.
pub(crate) fn evaluate(e: &Expr, known: &Known) -> Option<Constant> {
    match fold_expr(substitute(e.clone(), known)) {
        Expr::Const(c) => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BinaryOp, BindingId, ScalarType};
    use crate::passes::test_ir::{assign, int, local};

    fn store(value: Expr) -> Stmt {
        Stmt::Store {
            binding: BindingId(0),
            index: int(0),
            value,
        }
    }
    fn run(body: Block) -> Block {
        block(body, &mut Known::new())
    }

    #[test]
    fn constants_flow_into_later_reads_and_fold() {
        let out = run(vec![
            assign(0, int(2)),
            assign(
                1,
                Expr::Binary(BinaryOp::Add, Box::new(local(0)), Box::new(int(3))),
            ),
            store(local(1)),
        ]);
        assert_eq!(out[1], assign(1, int(5)));
        assert_eq!(out[2], store(int(5)));
    }

    #[test]
    fn a_branch_that_assigns_makes_the_local_unknown_after_it() {
        let out = run(vec![
            assign(0, int(1)),
            Stmt::If {
                cond: Expr::Param {
                    offset: 0,
                    ty: ScalarType::Bool,
                },
                then_block: vec![store(local(0)), assign(0, int(7))],
                else_block: vec![],
            },
            store(local(0)),
        ]);
        let Stmt::If { then_block, .. } = &out[1] else {
            panic!()
        };
        assert_eq!(then_block[0], store(int(1)));
        assert_eq!(out[2], store(local(0)));
    }

    #[test]
    fn loops_keep_only_what_they_never_assign() {
        let out = run(vec![
            assign(0, int(1)),
            assign(1, int(4)),
            Stmt::Loop {
                body: vec![
                    store(local(0)),
                    store(local(1)),
                    assign(0, int(9)),
                    Stmt::Break,
                ],
                continuing: vec![],
            },
            store(local(0)),
        ]);
        let Stmt::Loop { body, .. } = &out[2] else {
            panic!()
        };
        assert_eq!(body[0], store(local(0)));
        assert_eq!(body[1], store(int(4)));
        assert_eq!(out[3], store(local(0)));
    }
}
