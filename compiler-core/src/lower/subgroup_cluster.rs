//! Sub-groups narrower than the device's: a kernel that requires
//! `[[sycl::reqd_sub_group_size(C)]]` (C a power of two up to 32) runs on
//! any device whose sub-groups are a multiple of C wide (code tuned for
//! Intel's 16 on NVIDIA's 32, or for 4 on lavapipe's 8). Each hardware
//! sub-group then holds several logical ones of C consecutive lanes:
//!
//! - the sub-group built-ins count logical sub-groups and lanes;
//! - the index moves (broadcast, select) add the first lane of the
//!   caller's cluster; xor, up and down shuffles by less than C stay in it;
//! - votes and ballots read the cluster's bits of a hardware ballot;
//! - scans are `subgroup_wide`'s ladders of up-shuffles over the distances
//!   below C, and a reduction is the scan's value at the cluster's last
//!   active lane (clustered reductions are an optional Vulkan feature that
//!   lavapipe lacks). The lanes a work-group leaves empty are the last
//!   ones, so the active lanes of a cluster come first.
//!
//! Each collective whose clustered form differs branches on the device's
//! width (`subgroup.rs`): where it is C, the plain instructions run.

use super::subgroup::SubgroupForm;
use super::Lowerer;
use crate::ir::build::{binary, u32_const};
use crate::ir::{
    BinaryOp, Builtin, Constant, Expr as IExpr, GroupArith, ScalarType, Stmt as IStmt, SubgroupOp,
};

/// The widest logical sub-group built from clusters: a cluster's ballot
/// bits must lie in one 32-bit word.
pub(super) const MAX_CLUSTER: u32 = 32;

fn hardware(b: Builtin) -> IExpr {
    IExpr::Builtin(b, 0)
}

impl Lowerer<'_> {
    /// The width of the clusters the collective being lowered works in.
    pub(super) fn subgroup_cluster(&self) -> Option<u32> {
        match self.subgroup_form {
            Some(SubgroupForm::Clusters(c)) => Some(c),
            _ => None,
        }
    }

    /// A lane of the caller's logical sub-group as a hardware lane.
    pub(super) fn cluster_lane(&self, lane: IExpr) -> IExpr {
        match self.subgroup_cluster() {
            Some(c) => binary(
                BinaryOp::Add,
                binary(
                    BinaryOp::BitAnd,
                    hardware(Builtin::SubgroupLocalId),
                    u32_const(!(c - 1)),
                ),
                lane,
            ),
            None => lane,
        }
    }

    /// The reduction of `value` (of type `ty`) over the caller's cluster of
    /// `c` lanes: an inclusive scan, read back from the last active lane.
    pub(super) fn cluster_reduce(
        &mut self,
        c: u32,
        arith: GroupArith,
        value: IExpr,
        ty: ScalarType,
    ) -> IExpr {
        let v = self.new_local("cluster_value", ty);
        self.emit(IStmt::Assign { local: v, value });
        self.ladder(v, ty, arith);
        let active = self.cluster_bits(c, IExpr::Const(Constant::Bool(true)));
        let count = self.popcount(active);
        let last = binary(BinaryOp::Sub, self.cluster_lane(count), u32_const(1));
        self.shuffle_wide(SubgroupOp::Shuffle, IExpr::Local(v), Some(last), ty)
    }

    /// The number of set bits of `x` (a `u32`): the SWAR sum of bit
    /// fields, each stage in a local so that no stage is computed twice.
    fn popcount(&mut self, x: IExpr) -> IExpr {
        let and = |a, m| binary(BinaryOp::BitAnd, a, u32_const(m));
        let shr = |a, n| binary(BinaryOp::Shr, a, u32_const(n));
        let stage = |this: &mut Self, value: IExpr| {
            let local = this.new_local("popcount", ScalarType::U32);
            this.emit(IStmt::Assign { local, value });
            IExpr::Local(local)
        };
        // Pairs, nibbles, bytes, then the bytes summed into the top one.
        let x = stage(self, x);
        let pairs = stage(
            self,
            binary(BinaryOp::Sub, x.clone(), and(shr(x, 1), 0x5555_5555)),
        );
        let nibbles = stage(
            self,
            binary(
                BinaryOp::Add,
                and(pairs.clone(), 0x3333_3333),
                and(shr(pairs, 2), 0x3333_3333),
            ),
        );
        let bytes = and(
            binary(BinaryOp::Add, nibbles.clone(), shr(nibbles, 4)),
            0x0f0f_0f0f,
        );
        shr(binary(BinaryOp::Mul, bytes, u32_const(0x0101_0101)), 24)
    }

    /// The bits of (bool) `value` over the caller's cluster of `c` lanes,
    /// from a hardware ballot: bit i for the cluster's lane i.
    fn cluster_bits(&mut self, c: u32, value: IExpr) -> IExpr {
        let lane = || hardware(Builtin::SubgroupLocalId);
        let word = binary(BinaryOp::Div, lane(), u32_const(32));
        let shift = binary(BinaryOp::BitAnd, lane(), u32_const(31 & !(c - 1)));
        let mask = if c == 32 { u32::MAX } else { (1 << c) - 1 };
        let w = self.subgroup_stmt(SubgroupOp::Ballot, value, Some(word), ScalarType::U32);
        binary(
            BinaryOp::BitAnd,
            binary(BinaryOp::Shr, w, shift),
            u32_const(mask),
        )
    }

    /// `any`, `all` or `ballot` word `operand` of (bool) `value` over the
    /// caller's cluster of `c` lanes, from hardware ballots.
    pub(super) fn cluster_vote(
        &mut self,
        c: u32,
        op: SubgroupOp,
        value: IExpr,
        operand: Option<IExpr>,
    ) -> IExpr {
        let bits = self.cluster_bits(c, value);
        match op {
            SubgroupOp::Any => binary(BinaryOp::Ne, bits, u32_const(0)),
            SubgroupOp::All => {
                let active = self.cluster_bits(c, IExpr::Const(Constant::Bool(true)));
                binary(BinaryOp::Eq, bits, active)
            }
            // Ballot: the cluster's bits are word 0 of its mask.
            _ => IExpr::Select(
                Box::new(binary(
                    BinaryOp::Eq,
                    operand.unwrap_or_else(|| u32_const(0)),
                    u32_const(0),
                )),
                Box::new(bits),
                Box::new(u32_const(0)),
            ),
        }
    }
}
