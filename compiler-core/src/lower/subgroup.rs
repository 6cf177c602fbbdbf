//! Sub-group intrinsics (`__builtin_syclone_subgroup_*`, under
//! `sycl::sub_group` and the group functions on it) become IR `Subgroup`
//! statements whose result is a fresh local; the value keeps its scalar type
//! (a `bool` moves and combines as a 32-bit 0 or 1).
//!
//! A kernel that requires `[[sycl::reqd_sub_group_size(C)]]` (C a power of
//! two up to 64) and uses sub-group functions works in logical sub-groups
//! of C work-items whatever the device's width: its built-ins count them
//! from the local linear id, and each collective branches on the device's
//! width (uniform in the dispatch) between its plain form (the width is C),
//! clusters of lanes (wider: `subgroup_cluster.rs`) and an exchange through
//! work-group memory (narrower: `subgroup_span.rs`).

use super::values::Val;
use super::Lowerer;
use crate::front::sema::thir;
use crate::ir::build::{binary, u32_const};
use crate::ir::{BinaryOp, Builtin, Expr as IExpr, ScalarType, Stmt as IStmt, SubgroupOp};
use crate::source::Span;

/// The widest logical sub-group a kernel may require (AMD's 64).
const MAX_LOGICAL: u32 = 64;

/// Whether a device whose sub-groups are `width` wide runs a kernel that
/// requires sub-groups of `required` and uses sub-group functions: the
/// lowering makes them of a power of two up to [`MAX_LOGICAL`] over a
/// narrower device, and of up to `MAX_CLUSTER` lanes in a wider one whose
/// width they divide.
pub fn device_width_serves(required: u32, width: u32) -> bool {
    logical_width(required).is_some()
        && (width <= required
            || (required <= super::subgroup_cluster::MAX_CLUSTER && width.is_multiple_of(required)))
}

/// `required` if the lowering makes logical sub-groups of that size.
fn logical_width(required: u32) -> Option<u32> {
    Some(required).filter(|&c| c <= MAX_LOGICAL && c.is_power_of_two())
}

/// How the collective being lowered makes the kernel's logical sub-groups
/// of the device's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SubgroupForm {
    /// The device's sub-groups are the logical ones.
    Plain,
    /// Several logical sub-groups of this many lanes in each hardware one.
    Clusters(u32),
    /// Logical sub-groups of this many work-items over several hardware ones.
    Spanned(u32),
}

impl Lowerer<'_> {
    /// `__builtin_syclone_subgroup_OP(value[, operand])`; sema checked the
    /// arguments.
    pub(super) fn subgroup(&mut self, op: &str, args: &[thir::Expr], span: Span) -> Val {
        if op == "barrier" {
            let barrier = |this: &mut Self| {
                // Logical sub-groups over several hardware ones meet at
                // work-group barriers.
                if let Some(SubgroupForm::Spanned(_)) = this.subgroup_form {
                    this.emit(IStmt::Barrier);
                } else {
                    this.emit(IStmt::SubgroupBarrier);
                }
                None
            };
            match self.logical_subgroup_size() {
                Some(c) => {
                    self.by_width(c, false, None, barrier);
                }
                None => {
                    barrier(self);
                }
            }
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
            |this: &mut Self| Some(this.subgroup_value(op, value.clone(), operand.clone(), ty));
        // Xor, up and down shuffles are the same over clusters.
        let clusters_differ = !matches!(
            op,
            SubgroupOp::ShuffleXor | SubgroupOp::ShuffleUp | SubgroupOp::ShuffleDown
        ) || ty.size() == 8;
        let value = match self.logical_subgroup_size() {
            Some(c) => self.by_width(c, clusters_differ, Some(result_ty), collective),
            None => collective(self),
        };
        value.map_or(Val::Void, Val::Scalar)
    }

    /// The logical sub-group width the kernel requires, where the lowering
    /// makes it on any device; None while lowering one form of a
    /// collective.
    fn logical_subgroup_size(&self) -> Option<u32> {
        self.attributes
            .reqd_sub_group_size
            .and_then(logical_width)
            .filter(|_| self.subgroup_form.is_none())
    }

    /// `lower(this)` (of type `ty`, if any) in the form of logical
    /// sub-groups of `c` lanes that the device's width asks for: spanned
    /// where it is narrower than `c`; clusters where it is wider (if they
    /// differ from the plain form); else plain.
    fn by_width(
        &mut self,
        c: u32,
        clusters_differ: bool,
        ty: Option<ScalarType>,
        mut lower: impl FnMut(&mut Self) -> Option<IExpr>,
    ) -> Option<IExpr> {
        let result = ty.map(|ty| self.new_local("subgroup_result", ty));
        let mut form = |this: &mut Self, form: SubgroupForm| {
            this.blocks.push(vec![]);
            this.subgroup_form = Some(form);
            let value = lower(this);
            this.subgroup_form = None;
            if let (Some(local), Some(value)) = (result, value) {
                this.emit(IStmt::Assign { local, value });
            }
            this.blocks.pop().unwrap_or_default()
        };
        let width = || IExpr::Builtin(Builtin::SubgroupSize, 0);
        let spanned = form(self, SubgroupForm::Spanned(c));
        let plain = form(self, SubgroupForm::Plain);
        let otherwise = if clusters_differ && c <= super::subgroup_cluster::MAX_CLUSTER {
            let clusters = form(self, SubgroupForm::Clusters(c));
            vec![IStmt::If {
                cond: binary(BinaryOp::Eq, width(), u32_const(c)),
                then_block: plain,
                else_block: clusters,
            }]
        } else {
            plain
        };
        self.emit(IStmt::If {
            cond: binary(BinaryOp::Lt, width(), u32_const(c)),
            then_block: spanned,
            else_block: otherwise,
        });
        self.uses_subgroups = true;
        result.map(IExpr::Local)
    }

    /// A sub-group built-in (a `u32`) of the kernel's sub-groups: of the
    /// logical ones, counted from the local linear id, where it requires a
    /// width (the device's own sub-groups are formed the same way:
    /// `back/spirv/subgroup.rs`).
    pub(super) fn subgroup_builtin(&self, b: Builtin) -> IExpr {
        let Some(c) = self.attributes.reqd_sub_group_size.and_then(logical_width) else {
            return IExpr::Builtin(b, 0);
        };
        let index = || IExpr::Builtin(Builtin::LocalInvocationIndex, 0);
        match b {
            Builtin::SubgroupSize => u32_const(c),
            Builtin::SubgroupLocalId => binary(BinaryOp::BitAnd, index(), u32_const(c - 1)),
            Builtin::SubgroupId => binary(BinaryOp::Div, index(), u32_const(c)),
            Builtin::NumSubgroups => binary(
                BinaryOp::Div,
                binary(BinaryOp::Add, self.work_group_items(), u32_const(c - 1)),
                u32_const(c),
            ),
            other => IExpr::Builtin(other, 0),
        }
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
        if let Some(SubgroupForm::Spanned(c)) = self.subgroup_form {
            if matches!(op, SubgroupOp::Any | SubgroupOp::All | SubgroupOp::Ballot) {
                return self.spanned(c, op, value, operand, ScalarType::Bool);
            }
        }
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
        if let Some(SubgroupForm::Spanned(c)) = self.subgroup_form {
            return self.spanned(c, op, value, operand, ty);
        }
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
