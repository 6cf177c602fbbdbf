//! Sub-group operations that Vulkan and WebGPU sub-group instructions do
//! not all take: on 64-bit values (`double`, `long`, `size_t`) a shuffle
//! moves the two 32-bit halves; a scan is a ladder of up-shuffles over
//! every power of two below the sub-group size, and a reduction the scan's
//! value at the last active lane (a work-group's last sub-group may be
//! short). Scans other than sums and products (WGSL, and so wgpu's
//! validation, has only those) are ladders on 32-bit values too.

use super::Lowerer;
use crate::ir::build::{binary, select};
use crate::ir::{
    BinaryOp, Builtin, Constant, Expr as IExpr, GroupArith, LocalId, ScalarType, Stmt as IStmt,
    SubgroupOp,
};

/// The largest sub-group size a device reports (Vulkan allows up to 128).
const MAX_SUBGROUP_SIZE: u64 = 128;

impl Lowerer<'_> {
    /// `op` over `value` (of a 64-bit type `ty`, or a scan that
    /// [`scan_needs_ladder`]), with `operand` (a lane or a distance) for
    /// the shuffles.
    pub(super) fn subgroup_wide(
        &mut self,
        op: SubgroupOp,
        value: IExpr,
        operand: Option<IExpr>,
        ty: ScalarType,
    ) -> IExpr {
        self.uses_subgroups = true;
        let v = self.new_local("subgroup_value", ty);
        self.emit(IStmt::Assign { local: v, value });
        match op {
            SubgroupOp::Reduce(arith) => {
                // The scan's value at the last active lane: the lanes a
                // work-group leaves empty are the last ones.
                self.ladder(v, ty, arith);
                let lane = IExpr::Builtin(Builtin::SubgroupLocalId, 0);
                let last = self.subgroup_stmt(
                    SubgroupOp::Reduce(GroupArith::Max),
                    lane,
                    None,
                    ScalarType::U32,
                );
                self.shuffle_wide(SubgroupOp::Shuffle, IExpr::Local(v), Some(last), ty)
            }
            SubgroupOp::InclusiveScan(arith) => {
                self.ladder(v, ty, arith);
                IExpr::Local(v)
            }
            SubgroupOp::ExclusiveScan(arith) => {
                self.ladder(v, ty, arith);
                let one = IExpr::Const(Constant::Int(ScalarType::U32, 1));
                let before =
                    self.shuffle_wide(SubgroupOp::ShuffleUp, IExpr::Local(v), Some(one), ty);
                let first = IExpr::Binary(
                    BinaryOp::Eq,
                    Box::new(self.subgroup_builtin(Builtin::SubgroupLocalId)),
                    Box::new(IExpr::Const(Constant::Int(ScalarType::U32, 0))),
                );
                IExpr::Select(
                    Box::new(first),
                    Box::new(identity(arith, ty)),
                    Box::new(before),
                )
            }
            _ => self.shuffle_wide(op, IExpr::Local(v), operand, ty),
        }
    }

    /// A shuffle of a 64-bit value as two shuffles of its halves.
    pub(super) fn shuffle_wide(
        &mut self,
        op: SubgroupOp,
        value: IExpr,
        operand: Option<IExpr>,
        ty: ScalarType,
    ) -> IExpr {
        if ty.size() != 8 {
            let result = self.new_local("subgroup_moved", ty);
            self.emit(IStmt::Subgroup {
                op,
                value,
                operand,
                result,
            });
            return IExpr::Local(result);
        }
        let bits = match ty {
            ScalarType::U64 => value,
            _ => IExpr::Bitcast(Box::new(value), ScalarType::U64),
        };
        let lo = IExpr::Convert(Box::new(bits.clone()), ScalarType::U32);
        let hi = IExpr::Convert(
            Box::new(IExpr::Binary(
                BinaryOp::Shr,
                Box::new(bits),
                Box::new(IExpr::Const(Constant::Int(ScalarType::U64, 32))),
            )),
            ScalarType::U32,
        );
        let [lo, hi] = [lo, hi].map(|half| {
            let result = self.new_local("subgroup_half", ScalarType::U32);
            self.emit(IStmt::Subgroup {
                op,
                value: half,
                operand: operand.clone(),
                result,
            });
            IExpr::Convert(Box::new(IExpr::Local(result)), ScalarType::U64)
        });
        let joined = IExpr::Binary(
            BinaryOp::BitOr,
            Box::new(IExpr::Binary(
                BinaryOp::Shl,
                Box::new(hi),
                Box::new(IExpr::Const(Constant::Int(ScalarType::U64, 32))),
            )),
            Box::new(lo),
        );
        match ty {
            ScalarType::U64 => joined,
            _ => IExpr::Bitcast(Box::new(joined), ty),
        }
    }

    /// `v = (v from lane - k) op v` on lanes k and above, for each distance
    /// k: an inclusive scan.
    pub(super) fn ladder(&mut self, v: LocalId, ty: ScalarType, arith: GroupArith) {
        let lane = self.subgroup_builtin(Builtin::SubgroupLocalId);
        self.each_distance(|this, k| {
            let earlier =
                this.shuffle_wide(SubgroupOp::ShuffleUp, IExpr::Local(v), Some(k.clone()), ty);
            let value = combine(arith, earlier, IExpr::Local(v));
            let has_earlier = IExpr::Binary(BinaryOp::Ge, Box::new(lane.clone()), Box::new(k));
            this.emit(IStmt::Assign {
                local: v,
                value: IExpr::Select(
                    Box::new(has_earlier),
                    Box::new(value),
                    Box::new(IExpr::Local(v)),
                ),
            });
        });
    }

    /// `step(k)` for k = 1, 2, 4... below [`MAX_SUBGROUP_SIZE`], each
    /// under `if (k < sub-group size)` (uniform in the sub-group).
    fn each_distance(&mut self, mut step: impl FnMut(&mut Self, IExpr)) {
        let size = self.subgroup_builtin(Builtin::SubgroupSize);
        for p in 0..MAX_SUBGROUP_SIZE.trailing_zeros() {
            let k = IExpr::Const(Constant::Int(ScalarType::U32, 1 << p));
            self.blocks.push(vec![]);
            step(self, k.clone());
            let then_block = self.blocks.pop().unwrap_or_default();
            let cond = IExpr::Binary(BinaryOp::Lt, Box::new(k), Box::new(size.clone()));
            self.emit(IStmt::If {
                cond,
                then_block,
                else_block: vec![],
            });
        }
    }
}

pub(super) fn combine(arith: GroupArith, a: IExpr, b: IExpr) -> IExpr {
    match arith {
        GroupArith::Add => binary(BinaryOp::Add, a, b),
        GroupArith::Mul => binary(BinaryOp::Mul, a, b),
        GroupArith::And => binary(BinaryOp::BitAnd, a, b),
        GroupArith::Or => binary(BinaryOp::BitOr, a, b),
        GroupArith::Xor => binary(BinaryOp::BitXor, a, b),
        GroupArith::Min | GroupArith::Max => {
            let op = if arith == GroupArith::Min {
                BinaryOp::Lt
            } else {
                BinaryOp::Gt
            };
            select(binary(op, a.clone(), b.clone()), a, b)
        }
    }
}

/// The value `arith` leaves unchanged, of type `ty`.
pub(super) fn identity(arith: GroupArith, ty: ScalarType) -> IExpr {
    let int = |v: u64| IExpr::Const(Constant::Int(ty, v));
    let float = |v: f64| IExpr::Const(Constant::Float(ty, v));
    // All ones of the type's width.
    let ones = if ty.size() == 8 {
        u64::MAX
    } else {
        u64::from(u32::MAX)
    };
    match (arith, ty) {
        (GroupArith::Mul, ScalarType::F64 | ScalarType::F32) => float(1.0),
        (GroupArith::Mul, _) => int(1),
        (GroupArith::Min, ScalarType::F64) => float(f64::INFINITY),
        (GroupArith::Max, ScalarType::F64) => float(f64::NEG_INFINITY),
        // Finite, as the headers' identities (WGSL spells no infinity).
        (GroupArith::Min, ScalarType::F32) => float(f64::from(f32::MAX)),
        (GroupArith::Max, ScalarType::F32) => float(f64::from(f32::MIN)),
        (GroupArith::Min, ScalarType::I64) => int(i64::MAX as u64),
        (GroupArith::Max, ScalarType::I64) => int(i64::MIN as u64),
        (GroupArith::Min, ScalarType::I32) => int(i32::MAX as u32 as u64),
        (GroupArith::Max, ScalarType::I32) => int(i32::MIN as u32 as u64),
        (GroupArith::Min, _) | (GroupArith::And, _) => int(ones),
        (_, ScalarType::F64 | ScalarType::F32) => float(0.0),
        _ => int(0),
    }
}

/// Whether a sub-group `op` on 32-bit values is built from shuffles: a
/// scan other than a sum or a product.
pub(super) fn scan_needs_ladder(op: SubgroupOp) -> bool {
    matches!(
        op,
        SubgroupOp::InclusiveScan(a) | SubgroupOp::ExclusiveScan(a)
            if !matches!(a, GroupArith::Add | GroupArith::Mul)
    )
}
