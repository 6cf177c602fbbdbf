//! Propagation of local constants and copies: a read of a local whose last
//! assignment on every path to it stored a constant becomes that constant,
//! and the expression around it is folded; a read of a local whose last
//! assignment copied another local, not assigned since, reads that local
//! (inlining copies every argument and index into fresh locals: `Bn[i]`
//! twice reads the same element through two copies of `i`, which
//! [`super::forward_narrow_stores`] needs to see as one). Only
//! straight-line knowledge is used: a branch starts from what was known
//! before it, and after an `If` or a `Loop` the locals either may assign
//! are unknown again (and so are copies of them); inside a loop, only the
//! locals the loop never assigns keep their value from before it. With
//! [`super::unroll`] it turns the element loops of small vectors (`for (int
//! i = 0; i < N; ++i) out[i] = a[i] op b[i]`, whose private arrays are
//! chains of `if (i == k)`) into straight-line code.

use std::collections::HashMap;

use super::fold::fold_expr;
use crate::ir::{Block, CallArg, Constant, Expr, Kernel, LocalId, Stmt};

/// The constant each local known to hold one holds.
pub(crate) type Known = HashMap<u32, Constant>;

/// What is known at a point of the code.
#[derive(Clone, Default)]
struct State {
    constants: Known,
    /// The local each copy reads (never itself a copy: copies of copies
    /// read the original).
    copy_of: HashMap<u32, LocalId>,
    /// The copies made of each local (some may have been reassigned since:
    /// `copy_of` says).
    copies: HashMap<u32, Vec<u32>>,
}

impl State {
    fn is_empty(&self) -> bool {
        self.constants.is_empty() && self.copy_of.is_empty()
    }

    /// `local` now holds `value` (its reads already replaced).
    fn assign(&mut self, local: LocalId, value: &Expr) {
        self.forget(local);
        match value {
            Expr::Const(c) => {
                self.constants.insert(local.0, *c);
            }
            Expr::Local(source) if *source != local => {
                self.copy_of.insert(local.0, *source);
                self.copies.entry(source.0).or_default().push(local.0);
            }
            _ => {}
        }
    }

    /// `local` changed to something not known: neither it nor its copies
    /// are known any more.
    fn forget(&mut self, local: LocalId) {
        self.constants.remove(&local.0);
        self.copy_of.remove(&local.0);
        for copy in self.copies.remove(&local.0).unwrap_or_default() {
            if self.copy_of.get(&copy) == Some(&local) {
                self.copy_of.remove(&copy);
            }
        }
    }

    /// Forgets the locals a statement of `b` assigns.
    fn forget_assigned(&mut self, b: &Block) {
        if self.is_empty() {
            return;
        }
        for l in assigned_locals(b) {
            self.forget(l);
        }
    }

    /// `e` with the known locals replaced, folded.
    fn expr(&self, e: Expr) -> Expr {
        if self.is_empty() {
            return e;
        }
        fold_expr(e.map(&mut |x| match x {
            Expr::Local(l) => match (self.constants.get(&l.0), self.copy_of.get(&l.0)) {
                (Some(c), _) => Expr::Const(*c),
                (None, Some(source)) => Expr::Local(*source),
                (None, None) => Expr::Local(l),
            },
            x => x,
        }))
    }
}

/// The constants the locals hold after `stmts` runs, as far as this pass
/// knows them (the specialization-constant defaults a prologue computes).
pub(crate) fn constants_after(stmts: &[Stmt]) -> Known {
    let mut state = State::default();
    block(stmts.to_vec(), &mut state);
    state.constants
}

/// Replaces reads of locals known to hold constants or to copy others in
/// `kernel`.
pub fn propagate_constants(kernel: &mut Kernel) {
    let body = std::mem::take(&mut kernel.body);
    kernel.body = block(body, &mut State::default());
}

fn block(stmts: Block, state: &mut State) -> Block {
    stmts.into_iter().map(|s| stmt(s, state)).collect()
}

fn stmt(s: Stmt, state: &mut State) -> Stmt {
    match s {
        Stmt::Assign { local, value } => {
            let value = state.expr(value);
            state.assign(local, &value);
            Stmt::Assign { local, value }
        }
        Stmt::Store {
            binding,
            index,
            value,
        } => Stmt::Store {
            binding,
            index: state.expr(index),
            value: state.expr(value),
        },
        Stmt::If {
            cond,
            then_block,
            else_block,
        } => {
            let cond = state.expr(cond);
            let then_block = block(then_block, &mut state.clone());
            let else_block = block(else_block, &mut state.clone());
            state.forget_assigned(&then_block);
            state.forget_assigned(&else_block);
            Stmt::If {
                cond,
                then_block,
                else_block,
            }
        }
        Stmt::Loop { body, continuing } => {
            state.forget_assigned(&body);
            state.forget_assigned(&continuing);
            let body = block(body, &mut state.clone());
            let continuing = block(continuing, &mut state.clone());
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
            let s = Stmt::Atomic {
                op,
                binding,
                index: state.expr(index),
                value: value.map(|v| state.expr(v)),
                expected: expected.map(|e| state.expr(e)),
                result,
            };
            if let Some(r) = result {
                state.forget(r);
            }
            s
        }
        Stmt::Subgroup {
            op,
            value,
            operand,
            result,
        } => {
            let value = state.expr(value);
            let operand = operand.map(|o| state.expr(o));
            state.forget(result);
            Stmt::Subgroup {
                op,
                value,
                operand,
                result,
            }
        }
        Stmt::ReadClock { scope, local } => {
            state.forget(local);
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
                    CallArg::Value(e) => CallArg::Value(state.expr(e)),
                    CallArg::Pointer { binding, index } => CallArg::Pointer {
                        binding,
                        index: state.expr(index),
                    },
                })
                .collect();
            for r in &results {
                state.forget(*r);
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

fn substitute(e: Expr, known: &Known) -> Expr {
    e.map(&mut |x| match x {
        Expr::Local(l) => known.get(&l.0).map_or(Expr::Local(l), |c| Expr::Const(*c)),
        x => x,
    })
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
        block(body, &mut State::default())
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

    #[test]
    fn copies_read_their_source_until_either_is_assigned() {
        let param = || Expr::Param {
            offset: 0,
            ty: ScalarType::I32,
        };
        let loaded = || Expr::Load {
            binding: BindingId(1),
            index: Box::new(int(0)),
        };
        let out = run(vec![
            assign(0, param()),
            assign(1, local(0)),
            // A copy of a copy reads the original.
            assign(2, local(1)),
            store(local(2)),
            // The source changes: its copies are on their own.
            assign(0, loaded()),
            store(local(1)),
            assign(3, local(1)),
            // The copy changes: it no longer reads its source.
            assign(3, loaded()),
            store(local(3)),
            Stmt::Loop {
                body: vec![store(local(3)), store(local(1)), assign(1, int(2))],
                continuing: vec![],
            },
        ]);
        assert_eq!(out[2], assign(2, local(0)));
        assert_eq!(out[3], store(local(0)));
        assert_eq!(out[5], store(local(1)));
        assert_eq!(out[6], assign(3, local(1)));
        assert_eq!(out[8], store(local(3)));
        let Stmt::Loop { body, .. } = &out[9] else {
            panic!()
        };
        // %3 copies nothing; %1, assigned in the loop, is not known there.
        assert_eq!(body[0], store(local(3)));
        assert_eq!(body[1], store(local(1)));
    }
}
