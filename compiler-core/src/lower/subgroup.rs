//! Sub-group intrinsics (`__builtin_syclone_subgroup_*`, under
//! `sycl::sub_group` and the group functions on it) become IR `Subgroup`
//! statements whose result is a fresh local; the value keeps its scalar type
//! (a `bool` moves and combines as a 32-bit 0 or 1).

use super::values::Val;
use super::Lowerer;
use crate::front::sema::thir;
use crate::ir::{Expr as IExpr, ScalarType, Stmt as IStmt, SubgroupOp};
use crate::source::Span;

impl Lowerer<'_> {
    /// `__builtin_syclone_subgroup_OP(value[, operand])`; sema checked the
    /// arguments.
    pub(super) fn subgroup(&mut self, op: &str, args: &[thir::Expr], span: Span) -> Val {
        if op == "barrier" {
            self.emit(IStmt::SubgroupBarrier);
            return Val::Void;
        }
        let (Some(op), Some(value)) = (SubgroupOp::from_intrinsic(op), args.first()) else {
            self.error(span, format!("unknown sub-group operation '{op}'"));
            return Val::Void;
        };
        let Some(ty) = self.scalar_of(&value.ty, span) else {
            return Val::Void;
        };
        let value = self.scalar(value);
        let operand = args.get(1).map(|a| self.scalar(a));
        let result_ty = match op {
            SubgroupOp::Any | SubgroupOp::All => ScalarType::Bool,
            SubgroupOp::Ballot => ScalarType::U32,
            _ => ty,
        };
        let collective =
            |this: &mut Self| this.subgroup_value(op, value.clone(), operand.clone(), ty);
        // Xor, up and down shuffles are the same over clusters: no branch.
        let differs = !matches!(
            op,
            SubgroupOp::ShuffleXor | SubgroupOp::ShuffleUp | SubgroupOp::ShuffleDown
        ) || ty.size() == 8;
        Val::Scalar(match self.subgroup_cluster() {
            Some(c) if differs => self.either_width(c, result_ty, collective),
            _ => collective(self),
        })
    }

    /// `op` over `value` (of type `ty`), with its lane, distance or word
    /// `operand`, in the kernel's sub-groups (clusters of lanes where
    /// [`Self::subgroup_cluster`] says so).
    fn subgroup_value(
        &mut self,
        op: SubgroupOp,
        value: IExpr,
        mut operand: Option<IExpr>,
        ty: ScalarType,
    ) -> IExpr {
        if let Some(c) = self.subgroup_cluster() {
            match op {
                SubgroupOp::Any | SubgroupOp::All | SubgroupOp::Ballot => {
                    return self.cluster_vote(c, op, value, operand);
                }
                SubgroupOp::Broadcast | SubgroupOp::Shuffle => {
                    operand = operand.map(|lane| self.cluster_lane(lane));
                }
                _ => {}
            }
        }
        if op == SubgroupOp::Ballot {
            return self.subgroup_stmt(op, value, operand, ScalarType::U32);
        }
        if ty == ScalarType::Bool && !matches!(op, SubgroupOp::Any | SubgroupOp::All) {
            // A bool moves and combines as a 32-bit 0 or 1.
            let word = self.cast_scalar(value, ScalarType::U32);
            let moved = self.subgroup_scalar(op, word, operand, ScalarType::U32);
            return self.cast_scalar(moved, ScalarType::Bool);
        }
        self.subgroup_scalar(op, value, operand, ty)
    }

    /// A sub-group operation on a scalar of type `ty`: one IR statement, or
    /// a ladder of shuffles for 64-bit values, scans SPIR-V has no
    /// operation for, and reductions and scans over clusters
    /// (`subgroup_cluster.rs`).
    fn subgroup_scalar(
        &mut self,
        op: SubgroupOp,
        value: IExpr,
        operand: Option<IExpr>,
        ty: ScalarType,
    ) -> IExpr {
        let wide = ty.size() == 8 && !matches!(op, SubgroupOp::Any | SubgroupOp::All);
        let cluster = self.subgroup_cluster();
        if let (Some(lanes), SubgroupOp::Reduce(arith)) = (cluster, op) {
            return self.cluster_reduce(lanes, arith, value, ty);
        }
        let clustered_scan = cluster.is_some()
            && matches!(
                op,
                SubgroupOp::InclusiveScan(_) | SubgroupOp::ExclusiveScan(_)
            );
        if wide
            || clustered_scan
            || (ty != ScalarType::Bool && super::subgroup_wide::scan_needs_ladder(op))
        {
            return self.subgroup_wide(op, value, operand, ty);
        }
        self.subgroup_stmt(op, value, operand, ty)
    }

    /// One IR `Subgroup` statement whose result, of type `result_ty`, is a
    /// fresh local.
    pub(super) fn subgroup_stmt(
        &mut self,
        op: SubgroupOp,
        value: IExpr,
        operand: Option<IExpr>,
        result_ty: ScalarType,
    ) -> IExpr {
        let result = self.new_local("subgroup", result_ty);
        self.uses_subgroups = true;
        self.emit(IStmt::Subgroup {
            op,
            value,
            operand,
            result,
        });
        IExpr::Local(result)
    }
}
