//! Removal of assignments to locals nothing reads: expressions have no side
//! effects, so such an assignment does nothing. After [`super::propagate`]
//! has replaced the reads of constant locals (loop counters, the copies
//! inlining makes of arguments), their assignments are the common case.

use std::collections::HashSet;

use crate::ir::{walk_stmts, Block, Expr, Kernel, Stmt};

/// Drops the assignments of `kernel` to locals it never reads.
pub fn remove_dead_assignments(kernel: &mut Kernel) {
    let mut read = HashSet::new();
    walk_stmts(&kernel.body, &mut |s| {
        for e in s.exprs() {
            e.walk(&mut |x| {
                if let Expr::Local(l) = x {
                    read.insert(l.0);
                }
            });
        }
    });
    let body = std::mem::take(&mut kernel.body);
    kernel.body = block(body, &read);
}

fn block(stmts: Block, read: &HashSet<u32>) -> Block {
    stmts
        .into_iter()
        .filter(|s| !matches!(s, Stmt::Assign { local, .. } if !read.contains(&local.0)))
        .map(|s| match s {
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => Stmt::If {
                cond,
                then_block: block(then_block, read),
                else_block: block(else_block, read),
            },
            Stmt::Loop { body, continuing } => Stmt::Loop {
                body: block(body, read),
                continuing: block(continuing, read),
            },
            s => s,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BindingId, Constant, LocalId, ScalarType};
    use crate::passes::test_ir::kernel;

    #[test]
    fn only_assignments_of_unread_locals_go() {
        let int = |v| Expr::Const(Constant::Int(ScalarType::I32, v));
        let assign = |l, v| Stmt::Assign {
            local: LocalId(l),
            value: int(v),
        };
        let mut k = kernel(vec![
            assign(0, 1),
            assign(1, 2),
            Stmt::Loop {
                body: vec![assign(1, 3), Stmt::Break],
                continuing: vec![],
            },
            Stmt::Store {
                binding: BindingId(0),
                index: int(0),
                value: Expr::Local(LocalId(0)),
            },
        ]);
        remove_dead_assignments(&mut k);
        assert_eq!(k.body.len(), 3);
        assert_eq!(k.body[0], assign(0, 1));
        assert_eq!(
            k.body[1],
            Stmt::Loop {
                body: vec![Stmt::Break],
                continuing: vec![]
            }
        );
    }
}
