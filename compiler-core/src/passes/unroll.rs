//! Unrolling of loops that run a known, small number of times: a loop whose
//! body starts with its exit test (`if (!(i < N)) break;`), whose counter
//! is set to a constant just before it and changed only by its continuing
//! block (`++i`, through temporaries or not), and whose body has no
//! `break` or `continue` of its own, becomes one copy of the body per trip,
//! each preceded by the counter's constant and followed by the continuing
//! block. [`super::propagate`] then turns the counter's reads into
//! constants. The trips are found by running the exit test and the
//! continuing block on constants, so any counter arithmetic the folder
//! computes is understood. Vector element loops (`sycl::vec`, `marray`)
//! are the common case: unrolled, their private arrays' index chains fold
//! away and the kernel is straight-line code.

use super::fold::leaves_loop;
use super::propagate::{assigned_locals, evaluate, Known};
use crate::ir::{Block, Constant, Expr, Kernel, LocalId, Stmt};

/// At most this many trips are unrolled.
const MAX_TRIPS: usize = 16;
/// At most this many statements (nested ones counted) result from one loop.
const MAX_STATEMENTS: usize = 4096;

/// Unrolls the short constant loops of `kernel`, innermost first.
pub fn unroll_loops(kernel: &mut Kernel) {
    let body = std::mem::take(&mut kernel.body);
    kernel.body = block(body);
}

fn block(stmts: Block) -> Block {
    let mut out: Block = Vec::with_capacity(stmts.len());
    for s in stmts {
        match s {
            Stmt::Loop { body, continuing } => {
                let body = block(body);
                let continuing = block(continuing);
                match unrolled(&out, &body, &continuing) {
                    Some(copies) => out.extend(copies),
                    None => out.push(Stmt::Loop { body, continuing }),
                }
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => out.push(Stmt::If {
                cond,
                then_block: block(then_block),
                else_block: block(else_block),
            }),
            s => out.push(s),
        }
    }
    out
}

/// The statements replacing the loop `body`/`continuing` that follows
/// `before`, if it is one this pass unrolls.
fn unrolled(before: &Block, body: &Block, continuing: &Block) -> Option<Block> {
    let (exit, rest) = exit_test(body)?;
    let counter = single_local(exit)?;
    let start = initial_value(before, counter)?;
    if assigned_locals(rest).contains(&counter) || leaves_loop(rest) {
        return None;
    }
    if !continuing.iter().all(|s| matches!(s, Stmt::Assign { .. })) {
        return None;
    }
    let trips = trip_values(exit, continuing, counter, start)?;
    let size = (count(rest) + count(continuing) + 1) * trips.len();
    if size > MAX_STATEMENTS {
        return None;
    }
    let mut out = Vec::with_capacity(size);
    for value in trips {
        out.push(Stmt::Assign {
            local: counter,
            value: Expr::Const(value),
        });
        out.extend(rest.iter().cloned());
        out.extend(continuing.iter().cloned());
    }
    Some(out)
}

/// The loop's exit condition and the rest of its body, when the body
/// starts with `if (cond) break;`.
fn exit_test(body: &Block) -> Option<(&Expr, &[Stmt])> {
    match body.split_first()? {
        (
            Stmt::If {
                cond,
                then_block,
                else_block,
            },
            rest,
        ) if matches!(then_block[..], [Stmt::Break]) && else_block.is_empty() => Some((cond, rest)),
        _ => None,
    }
}

/// The one local `e` reads.
fn single_local(e: &Expr) -> Option<LocalId> {
    let mut found: Option<LocalId> = None;
    let mut several = false;
    e.walk(&mut |x| {
        if let Expr::Local(l) = x {
            match found {
                Some(f) if f != *l => several = true,
                _ => found = Some(*l),
            }
        }
    });
    if several {
        None
    } else {
        found
    }
}

/// The constant `local` holds after `before`: its last assignment there,
/// with nothing after it that may change it.
fn initial_value(before: &Block, local: LocalId) -> Option<Constant> {
    for s in before.iter().rev() {
        if let Stmt::Assign { local: l, value } = s {
            if *l == local {
                return match value {
                    Expr::Const(c) => Some(*c),
                    _ => None,
                };
            }
            continue;
        }
        if assigned_locals(std::slice::from_ref(s)).contains(&local) {
            return None;
        }
    }
    None
}

/// The counter's value at the start of each trip, running the exit test
/// and the continuing block on constants; None when either is not
/// constant or the loop runs more than [`MAX_TRIPS`] times.
fn trip_values(
    exit: &Expr,
    continuing: &Block,
    counter: LocalId,
    start: Constant,
) -> Option<Vec<Constant>> {
    let mut values = Known::new();
    values.insert(counter.0, start);
    let mut trips = vec![];
    loop {
        match evaluate(exit, &values)? {
            Constant::Bool(true) => return Some(trips),
            Constant::Bool(false) => {}
            _ => return None,
        }
        if trips.len() == MAX_TRIPS {
            return None;
        }
        trips.push(*values.get(&counter.0)?);
        for s in continuing {
            let Stmt::Assign { local, value } = s else {
                return None;
            };
            let v = evaluate(value, &values)?;
            values.insert(local.0, v);
        }
    }
}

/// The statements of `b`, nested ones included.
fn count(b: &[Stmt]) -> usize {
    let mut n = 0;
    crate::ir::walk_stmts(b, &mut |_| n += 1);
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::build::binary as bin;
    use crate::ir::{BinaryOp, BindingId, ScalarType, UnaryOp};
    use crate::passes::test_ir::{assign, int, local};

    fn store(index: Expr) -> Stmt {
        Stmt::Store {
            binding: BindingId(0),
            index,
            value: int(1),
        }
    }
    /// `i = 0; for (;;) { if (!(i < n)) break; body...; } continuing { t = i; i = t + 1; }`
    fn counted(n: u64, body: Vec<Stmt>) -> Block {
        let exit = Expr::Unary(UnaryOp::Not, Box::new(bin(BinaryOp::Lt, local(0), int(n))));
        let mut b = vec![Stmt::If {
            cond: exit,
            then_block: vec![Stmt::Break],
            else_block: vec![],
        }];
        b.extend(body);
        vec![
            assign(0, int(0)),
            Stmt::Loop {
                body: b,
                continuing: vec![
                    assign(1, local(0)),
                    assign(0, bin(BinaryOp::Add, local(1), int(1))),
                ],
            },
        ]
    }

    #[test]
    fn a_counted_loop_becomes_one_copy_per_trip() {
        let out = block(counted(3, vec![store(local(0))]));
        // The initial assignment, then per trip: counter, body, continuing.
        assert_eq!(out.len(), 1 + 3 * 4);
        assert_eq!(out[1], assign(0, int(0)));
        assert_eq!(out[5], assign(0, int(1)));
        assert_eq!(out[9], assign(0, int(2)));
        assert!(out.iter().all(|s| !matches!(s, Stmt::Loop { .. })));
    }

    #[test]
    fn loops_that_break_assign_their_counter_or_run_long_stay() {
        let breaking = counted(
            3,
            vec![Stmt::If {
                cond: bin(BinaryOp::Eq, local(0), int(1)),
                then_block: vec![Stmt::Break],
                else_block: vec![],
            }],
        );
        assert!(matches!(block(breaking)[1], Stmt::Loop { .. }));
        let assigning = counted(3, vec![assign(0, int(5))]);
        assert!(matches!(block(assigning)[1], Stmt::Loop { .. }));
        let long = counted(MAX_TRIPS as u64 + 1, vec![store(local(0))]);
        assert!(matches!(block(long)[1], Stmt::Loop { .. }));
    }

    #[test]
    fn a_counter_not_known_before_the_loop_stays() {
        let mut b = counted(3, vec![store(local(0))]);
        b[0] = assign(
            0,
            Expr::Param {
                offset: 0,
                ty: ScalarType::I32,
            },
        );
        assert!(matches!(block(b)[1], Stmt::Loop { .. }));
    }
}
