//! Passes over the device IR, each small and tested on IR built by hand:
//! [`fold`] (constant folding and removal of code that cannot run),
//! [`unroll`] (loops of a few known trips), [`propagate`] (local
//! constants into their reads), [`forward_narrow_stores`] (byte and
//! 16-bit stores to the loads that read them back) and [`dead_locals`]
//! (assignments nothing reads); and, for targets without 64-bit integers,
//! [`int64_pairs`] (each `i64`/`u64` as two `u32` words).

pub mod dead_locals;
pub mod fold;
pub mod forward_narrow_stores;
pub mod int64_pairs;
pub mod propagate;
#[cfg(test)]
mod test_eval;
#[cfg(test)]
mod test_ir;
pub mod unroll;

use crate::ir::Kernel;

/// The passes every kernel goes through after lowering: constants folded
/// and propagated, short counted loops unrolled and their counters' constants propagated
/// and folded (twice: a branch folded away by the first round can leave
/// its locals known to the second), narrow stores forwarded to the loads
/// that read them back, then assignments nothing reads dropped.
pub fn simplify(kernel: &mut Kernel) {
    fold::fold_constants(kernel);
    // Constant bounds held in locals (`const int n = 4; i < n`) first.
    propagate::propagate_constants(kernel);
    unroll::unroll_loops(kernel);
    for _ in 0..2 {
        propagate::propagate_constants(kernel);
        fold::fold_constants(kernel);
    }
    forward_narrow_stores::forward_narrow_stores(kernel);
    dead_locals::remove_dead_assignments(kernel);
}
