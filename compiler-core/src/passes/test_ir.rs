//! Building IR by hand in the passes' tests.

use crate::ir::{Block, Constant, Expr, Kernel, LocalId, ScalarType, Stmt};

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

/// A kernel of `body`, without bindings or locals.
pub(super) fn kernel(body: Block) -> Kernel {
    Kernel {
        name: "k".into(),
        work_group_size: [1, 1, 1],
        param_block_size: 0,
        bindings: vec![],
        locals: vec![],
        body,
        spec_constants: vec![],
        assert_sites: vec![],
        printf_strings: vec![],
    }
}
