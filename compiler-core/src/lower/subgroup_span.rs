//! Sub-groups wider than the device's: a kernel that requires
//! `[[sycl::reqd_sub_group_size(C)]]` (C a power of two up to 64) runs on a
//! device whose sub-groups are narrower (code tuned for Intel's 16 or
//! NVIDIA's 32 on lavapipe's 8). A logical sub-group is then C consecutive
//! work-items of the work-group by local linear id, as DPC++ forms them,
//! whatever hardware sub-groups they fall in, and its collectives exchange
//! values through work-group memory:
//!
//! - each work-item stores its value, as 32-bit words, in its slot of an
//!   exchange array between two work-group barriers (the first keeps the
//!   previous collective's reads before the stores);
//! - moves (broadcast, select, shifts, xor permutes) read one slot of the
//!   caller's sub-group, its own where the lane asked for is past the
//!   sub-group;
//! - votes, ballots, reductions and scans read every slot of the sub-group,
//!   unrolled over the C lanes (lavapipe counts loop iterations against a
//!   limit), leaving out the lanes past the work-group's end;
//! - a sub-group barrier is a work-group barrier (`subgroup.rs`).
//!
//! The barriers need every work-item of the work-group to reach the
//! collective, where SYCL asks it of every work-item of the sub-group.
//! lavapipe, which runs each hardware sub-group as a coroutine that yields
//! at barriers, also keeps sub-groups that skip a collective apart from
//! those that reach it.

use super::subgroup_wide::{combine, identity};
use super::{Lowerer, GROUP_SCRATCH_ELEMENTS};
use crate::ir::build::{binary, select, u32_const};
use crate::ir::{
    BinaryOp, BindingId, Builtin, Constant, Expr as IExpr, GroupArith, LocalId, ScalarType, Space,
    Stmt as IStmt, SubgroupOp,
};

/// The caller's place in its logical sub-group, each part a local.
struct SpanPlace {
    /// The first work-item of the sub-group (a local linear id).
    base: IExpr,
    /// The caller's lane.
    lane: IExpr,
    /// The sub-group's work-items (fewer than C in a work-group's last one).
    count: IExpr,
}

impl Lowerer<'_> {
    /// `op` over `value` (of type `ty`; a `bool` only for votes and
    /// ballots), with its lane, distance or word `operand`, in logical
    /// sub-groups of `c` work-items.
    pub(super) fn spanned(
        &mut self,
        c: u32,
        op: SubgroupOp,
        value: IExpr,
        operand: Option<IExpr>,
        ty: ScalarType,
    ) -> IExpr {
        let operand = operand.map(|o| self.evaluated_once(o, ScalarType::U32));
        let words = self.words_of(value, ty);
        let slots = self.publish(words);
        let place = self.span_place(c);
        let from = |lane: IExpr| binary(BinaryOp::Add, place.base.clone(), lane);
        let operand = || operand.clone().unwrap_or_else(|| u32_const(0));
        let moved_from = match op {
            SubgroupOp::Broadcast | SubgroupOp::Shuffle => Some(operand()),
            SubgroupOp::ShuffleXor => Some(binary(BinaryOp::BitXor, place.lane.clone(), operand())),
            SubgroupOp::ShuffleDown => Some(binary(BinaryOp::Add, place.lane.clone(), operand())),
            SubgroupOp::ShuffleUp => Some(binary(BinaryOp::Sub, place.lane.clone(), operand())),
            _ => None,
        };
        if let Some(lane) = moved_from {
            let lane = self.evaluated_once(lane, ScalarType::U32);
            let inside = binary(BinaryOp::Lt, lane.clone(), place.count.clone());
            let lane = select(inside, lane, place.lane.clone());
            return self.read(&slots, from(lane), ty);
        }
        match op {
            SubgroupOp::Any | SubgroupOp::All => {
                // The words are 0 or 1: any is their or, all their and.
                let arith = if op == SubgroupOp::Any {
                    GroupArith::Or
                } else {
                    GroupArith::And
                };
                let first = self.read(&slots, from(u32_const(0)), ScalarType::U32);
                let include = |j| binary(BinaryOp::Lt, u32_const(j), place.count.clone());
                let folded =
                    self.fold_lanes(&slots, &place, first, 1..c, arith, ScalarType::U32, include);
                binary(BinaryOp::Ne, folded, u32_const(0))
            }
            SubgroupOp::Ballot => {
                // Word k of the mask: lanes 32k to 32k + 31.
                let words: Vec<IExpr> = (0..c.div_ceil(32))
                    .map(|k| {
                        let mut bits = u32_const(0);
                        for j in 32 * k..c.min(32 * (k + 1)) {
                            let word = self.read(&slots, from(u32_const(j)), ScalarType::U32);
                            let set = binary(
                                BinaryOp::LogicalAnd,
                                binary(BinaryOp::Lt, u32_const(j), place.count.clone()),
                                binary(BinaryOp::Ne, word, u32_const(0)),
                            );
                            let bit = select(set, u32_const(1 << (j % 32)), u32_const(0));
                            bits = self.evaluated_once(
                                binary(BinaryOp::BitOr, bits, bit),
                                ScalarType::U32,
                            );
                        }
                        bits
                    })
                    .collect();
                let k = operand();
                words
                    .into_iter()
                    .enumerate()
                    .rev()
                    .fold(u32_const(0), |rest, (i, bits)| {
                        select(
                            binary(BinaryOp::Eq, k.clone(), u32_const(i as u32)),
                            bits,
                            rest,
                        )
                    })
            }
            SubgroupOp::Reduce(arith) => {
                // Lane 0 is always there; lanes past `count` are not.
                let first = self.read(&slots, from(u32_const(0)), ty);
                let include = |j| binary(BinaryOp::Lt, u32_const(j), place.count.clone());
                self.fold_lanes(&slots, &place, first, 1..c, arith, ty, include)
            }
            SubgroupOp::InclusiveScan(arith) => {
                let first = self.read(&slots, from(u32_const(0)), ty);
                let include = |j| binary(BinaryOp::Le, u32_const(j), place.lane.clone());
                self.fold_lanes(&slots, &place, first, 1..c, arith, ty, include)
            }
            SubgroupOp::ExclusiveScan(arith) => {
                let include = |j| binary(BinaryOp::Lt, u32_const(j), place.lane.clone());
                self.fold_lanes(
                    &slots,
                    &place,
                    identity(arith, ty),
                    0..c - 1,
                    arith,
                    ty,
                    include,
                )
            }
            _ => unreachable!("moves are handled above"),
        }
    }

    /// `first` combined by `arith` with the value of each lane in `lanes`
    /// for which `include(lane)` holds, in lane order.
    #[allow(clippy::too_many_arguments)]
    fn fold_lanes(
        &mut self,
        slots: &[BindingId],
        place: &SpanPlace,
        first: IExpr,
        lanes: std::ops::Range<u32>,
        arith: GroupArith,
        ty: ScalarType,
        include: impl Fn(u32) -> IExpr,
    ) -> IExpr {
        let acc_local = self.fresh_local(first, ty);
        let acc = IExpr::Local(acc_local);
        for j in lanes {
            let at = binary(BinaryOp::Add, place.base.clone(), u32_const(j));
            let other = self.read(slots, at, ty);
            let value = select(include(j), combine(arith, acc.clone(), other), acc.clone());
            self.emit(IStmt::Assign {
                local: acc_local,
                value,
            });
        }
        acc
    }

    /// The caller's logical sub-group of `c` work-items.
    fn span_place(&mut self, c: u32) -> SpanPlace {
        let index = IExpr::Builtin(Builtin::LocalInvocationIndex, 0);
        let lane = self.evaluated_once(
            binary(BinaryOp::BitAnd, index.clone(), u32_const(c - 1)),
            ScalarType::U32,
        );
        let base = self.evaluated_once(
            binary(BinaryOp::BitAnd, index, u32_const(!(c - 1))),
            ScalarType::U32,
        );
        let after_base = binary(BinaryOp::Sub, self.work_group_items(), base.clone());
        let count = self.evaluated_once(
            select(
                binary(BinaryOp::Lt, after_base.clone(), u32_const(c)),
                after_base,
                u32_const(c),
            ),
            ScalarType::U32,
        );
        SpanPlace { base, lane, count }
    }

    /// The work-items of the work-group (a `u32`): the launch's local range,
    /// or the entry point's compiled size where there is none (a range
    /// launch).
    pub(super) fn work_group_items(&self) -> IExpr {
        let compiled = (0..3u8).fold(u32_const(1), |p, d| {
            binary(BinaryOp::Mul, p, IExpr::Builtin(Builtin::WorkgroupSize, d))
        });
        let Some(local) = self.launch_bounds.get(3..6) else {
            return compiled;
        };
        let launched = local.iter().fold(u32_const(1), |p, e| {
            binary(
                BinaryOp::Mul,
                p,
                self.cast_scalar(e.clone(), ScalarType::U32),
            )
        });
        select(
            binary(BinaryOp::Eq, launched.clone(), u32_const(0)),
            compiled,
            launched,
        )
    }

    /// Stores `words` in the caller's slots of the exchange arrays, between
    /// two work-group barriers; the arrays holding them.
    fn publish(&mut self, words: Vec<IExpr>) -> Vec<BindingId> {
        let index_type = self.index_type();
        let slot = self.cast_scalar(IExpr::Builtin(Builtin::LocalInvocationIndex, 0), index_type);
        self.emit(IStmt::Barrier);
        let slots: Vec<BindingId> = (0..words.len()).map(|w| self.exchange_array(w)).collect();
        for (&binding, value) in slots.iter().zip(words) {
            self.emit(IStmt::Store {
                binding,
                index: slot.clone(),
                value,
            });
        }
        self.emit(IStmt::Barrier);
        slots
    }

    /// Work-group array `w` of the exchange: one `u32` per work-item (as
    /// many as the largest work-group, which the runtime shrinks to the
    /// launch's).
    fn exchange_array(&mut self, w: usize) -> BindingId {
        if let Some(&b) = self.exchange_arrays.get(w) {
            return b;
        }
        let b = self.new_binding("subgroup_exchange", ScalarType::U32, Space::Workgroup);
        let binding = &mut self.bindings[b.0 as usize];
        binding.fixed_len = Some(GROUP_SCRATCH_ELEMENTS);
        binding.per_work_item = true;
        binding.reads = true;
        binding.writes = true;
        self.exchange_arrays.push(b);
        b
    }

    /// The value of type `ty` in slot `at` (a local linear id) of `slots`.
    fn read(&self, slots: &[BindingId], at: IExpr, ty: ScalarType) -> IExpr {
        let at = self.cast_scalar(at, self.index_type());
        let words: Vec<IExpr> = slots
            .iter()
            .map(|&binding| IExpr::Load {
                binding,
                index: Box::new(at.clone()),
            })
            .collect();
        from_words(words, ty)
    }

    /// `value` (of type `ty`) as one `u32` word, or two (low, high) for a
    /// 64-bit type.
    fn words_of(&mut self, value: IExpr, ty: ScalarType) -> Vec<IExpr> {
        match ty {
            ScalarType::U32 => vec![value],
            ScalarType::Bool => vec![self.cast_scalar(value, ScalarType::U32)],
            ScalarType::I32 | ScalarType::F32 => {
                vec![IExpr::Bitcast(Box::new(value), ScalarType::U32)]
            }
            ScalarType::I64 | ScalarType::U64 | ScalarType::F64 => {
                let bits = match ty {
                    ScalarType::U64 => value,
                    _ => IExpr::Bitcast(Box::new(value), ScalarType::U64),
                };
                let bits = self.evaluated_once(bits, ScalarType::U64);
                let high = binary(
                    BinaryOp::Shr,
                    bits.clone(),
                    IExpr::Const(Constant::Int(ScalarType::U64, 32)),
                );
                vec![
                    IExpr::Convert(Box::new(bits), ScalarType::U32),
                    IExpr::Convert(Box::new(high), ScalarType::U32),
                ]
            }
        }
    }

    /// A fresh local of type `ty` set to `value`.
    fn fresh_local(&mut self, value: IExpr, ty: ScalarType) -> LocalId {
        let local = self.new_local("subgroup_span", ty);
        self.emit(IStmt::Assign { local, value });
        local
    }

    /// `value` evaluated once: itself if it is a local, else a fresh one.
    fn evaluated_once(&mut self, value: IExpr, ty: ScalarType) -> IExpr {
        match value {
            IExpr::Local(_) => value,
            _ => IExpr::Local(self.fresh_local(value, ty)),
        }
    }
}

/// The value of type `ty` whose words (see [`Lowerer::words_of`]) are
/// `words`.
fn from_words(mut words: Vec<IExpr>, ty: ScalarType) -> IExpr {
    let low = words.remove(0);
    match ty {
        ScalarType::U32 => low,
        ScalarType::Bool => binary(BinaryOp::Ne, low, u32_const(0)),
        ScalarType::I32 | ScalarType::F32 => IExpr::Bitcast(Box::new(low), ty),
        ScalarType::I64 | ScalarType::U64 | ScalarType::F64 => {
            let wide = |w: IExpr| IExpr::Convert(Box::new(w), ScalarType::U64);
            let high = words.pop().unwrap_or_else(|| u32_const(0));
            let bits = binary(
                BinaryOp::BitOr,
                binary(
                    BinaryOp::Shl,
                    wide(high),
                    IExpr::Const(Constant::Int(ScalarType::U64, 32)),
                ),
                wide(low),
            );
            match ty {
                ScalarType::U64 => bits,
                _ => IExpr::Bitcast(Box::new(bits), ty),
            }
        }
    }
}
