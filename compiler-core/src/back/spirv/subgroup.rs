//! Sub-groups: the sub-group built-ins (scalar `Input` variables) and the
//! collectives as `OpGroupNonUniform*` at `Subgroup` scope (SPIR-V 1.3,
//! Vulkan 1.1), each declaring the capability it needs. naga reads them as
//! its subgroup operations (WGSL `subgroups`). Broadcasts use `Shuffle`:
//! SYCL's index need not be a constant, `OpGroupNonUniformBroadcast`'s must.

use rspirv::spirv::{self, Capability, GroupOperation, StorageClass, Word};

use super::stmt::FnCtx;
use super::{Emitter, SpirvError};
use crate::ir::{Builtin, Expr, GroupArith, LocalId, ScalarType, SubgroupOp};

impl Emitter {
    fn need(&mut self, c: Capability) {
        if !self.subgroup_capabilities.contains(&c) {
            self.subgroup_capabilities.push(c);
        }
    }

    fn subgroup_scope(&mut self) -> Word {
        self.const_u32(spirv::Scope::Subgroup as u32)
    }

    /// A sub-group built-in as a u32. The sub-group id and the id in the
    /// sub-group are derived from the linear local id (`LocalInvocationIndex`
    /// divided by, and modulo, the sub-group size), as DPC++ forms
    /// sub-groups: naga rejects the `SubgroupId` and
    /// `SubgroupLocalInvocationId` built-ins in multi-dimensional work-groups.
    pub(super) fn subgroup_builtin(
        &mut self,
        f: &mut FnCtx,
        which: Builtin,
    ) -> Result<(Word, ScalarType), SpirvError> {
        self.need(Capability::GroupNonUniform);
        let u = self.scalar(ScalarType::U32);
        let size = self.scalar_input(f, spirv::BuiltIn::SubgroupSize, "gl_SubgroupSize")?;
        let v = match which {
            Builtin::SubgroupSize => size,
            Builtin::NumSubgroups => {
                self.scalar_input(f, spirv::BuiltIn::NumSubgroups, "gl_NumSubgroups")?
            }
            Builtin::SubgroupLocalId | Builtin::SubgroupId => {
                let linear = self.scalar_input(
                    f,
                    spirv::BuiltIn::LocalInvocationIndex,
                    "gl_LocalInvocationIndex",
                )?;
                if which == Builtin::SubgroupId {
                    self.b.u_div(u, None, linear, size)?
                } else {
                    self.b.u_mod(u, None, linear, size)?
                }
            }
            other => return Err(f.err_type(format!("{other:?} is not a sub-group built-in"))),
        };
        Ok((v, ScalarType::U32))
    }

    /// The value of a scalar u32 `Input` built-in.
    pub(super) fn scalar_input(
        &mut self,
        f: &mut FnCtx,
        bi: spirv::BuiltIn,
        name: &str,
    ) -> Result<Word, SpirvError> {
        let u = self.scalar(ScalarType::U32);
        let var = match self.builtins.get(&bi) {
            Some(&v) => v,
            None => {
                let ptr = self.pointer(StorageClass::Input, u);
                let var = self.global_variable(ptr, StorageClass::Input);
                self.b.decorate(
                    var,
                    spirv::Decoration::BuiltIn,
                    [rspirv::dr::Operand::BuiltIn(bi)],
                );
                self.b.name(var, name);
                self.builtins.insert(bi, var);
                var
            }
        };
        if !f.interface.contains(&var) {
            f.interface.push(var);
        }
        Ok(self.b.load(u, None, var, None, [])?)
    }

    pub(super) fn emit_subgroup(
        &mut self,
        f: &mut FnCtx,
        op: SubgroupOp,
        value: &Expr,
        operand: Option<&Expr>,
        result: LocalId,
    ) -> Result<(), SpirvError> {
        let (var, rt) = f.local(result)?;
        let (v, vt) = self.emit_expr(f, value)?;
        let (expected, expected_result) = match op {
            SubgroupOp::Any | SubgroupOp::All => (ScalarType::Bool, ScalarType::Bool),
            SubgroupOp::Ballot => (ScalarType::Bool, ScalarType::U32),
            _ => (vt, vt),
        };
        if vt != expected || rt != expected_result {
            return Err(f.err_type(format!(
                "sub-group {op:?} of {} into a local of {}",
                vt.name(),
                rt.name()
            )));
        }
        let ty = self.scalar(vt);
        let scope = self.subgroup_scope();
        let mut index = || -> Result<Word, SpirvError> {
            let Some(e) = operand else {
                return Err(f.err_type(format!("sub-group {op:?} without its operand")));
            };
            let (w, wt) = self.emit_expr(f, e)?;
            if wt != ScalarType::U32 {
                return Err(f.err_type(format!("sub-group {op:?} operand of {}", wt.name())));
            }
            Ok(w)
        };
        let out = match op {
            SubgroupOp::Broadcast | SubgroupOp::Shuffle => {
                let i = index()?;
                self.need(Capability::GroupNonUniformShuffle);
                self.b.group_non_uniform_shuffle(ty, None, scope, v, i)?
            }
            SubgroupOp::ShuffleXor => {
                let i = index()?;
                self.need(Capability::GroupNonUniformShuffle);
                self.b
                    .group_non_uniform_shuffle_xor(ty, None, scope, v, i)?
            }
            SubgroupOp::ShuffleDown => {
                let i = index()?;
                self.need(Capability::GroupNonUniformShuffleRelative);
                self.b
                    .group_non_uniform_shuffle_down(ty, None, scope, v, i)?
            }
            SubgroupOp::ShuffleUp => {
                let i = index()?;
                self.need(Capability::GroupNonUniformShuffleRelative);
                self.b.group_non_uniform_shuffle_up(ty, None, scope, v, i)?
            }
            SubgroupOp::Any => {
                self.need(Capability::GroupNonUniformVote);
                self.b.group_non_uniform_any(ty, None, scope, v)?
            }
            SubgroupOp::All => {
                self.need(Capability::GroupNonUniformVote);
                self.b.group_non_uniform_all(ty, None, scope, v)?
            }
            SubgroupOp::Ballot => {
                let word = index()?;
                self.need(Capability::GroupNonUniformBallot);
                let u32_ty = self.scalar(ScalarType::U32);
                let uvec4 = self.b.type_vector(u32_ty, 4);
                let mask = self.b.group_non_uniform_ballot(uvec4, None, scope, v)?;
                self.b.vector_extract_dynamic(u32_ty, None, mask, word)?
            }
            SubgroupOp::Reduce(a) => {
                self.group_arith(f, a, GroupOperation::Reduce, vt, ty, scope, v)?
            }
            SubgroupOp::InclusiveScan(a) => {
                self.group_arith(f, a, GroupOperation::InclusiveScan, vt, ty, scope, v)?
            }
            SubgroupOp::ExclusiveScan(a) => {
                self.group_arith(f, a, GroupOperation::ExclusiveScan, vt, ty, scope, v)?
            }
        };
        self.b.store(var, out, None, [])?;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn group_arith(
        &mut self,
        f: &FnCtx,
        a: GroupArith,
        g: GroupOperation,
        vt: ScalarType,
        ty: Word,
        scope: Word,
        v: Word,
    ) -> Result<Word, SpirvError> {
        self.need(Capability::GroupNonUniformArithmetic);
        let b = &mut self.b;
        let (float, signed, boolean) = (vt.is_float(), vt.is_signed_int(), vt == ScalarType::Bool);
        let w = match a {
            GroupArith::Add if float => b.group_non_uniform_f_add(ty, None, scope, g, v, None)?,
            GroupArith::Add if !boolean => {
                b.group_non_uniform_i_add(ty, None, scope, g, v, None)?
            }
            GroupArith::Mul if float => b.group_non_uniform_f_mul(ty, None, scope, g, v, None)?,
            GroupArith::Mul if !boolean => {
                b.group_non_uniform_i_mul(ty, None, scope, g, v, None)?
            }
            GroupArith::Min if float => b.group_non_uniform_f_min(ty, None, scope, g, v, None)?,
            GroupArith::Min if signed => b.group_non_uniform_s_min(ty, None, scope, g, v, None)?,
            GroupArith::Min if !boolean => {
                b.group_non_uniform_u_min(ty, None, scope, g, v, None)?
            }
            GroupArith::Max if float => b.group_non_uniform_f_max(ty, None, scope, g, v, None)?,
            GroupArith::Max if signed => b.group_non_uniform_s_max(ty, None, scope, g, v, None)?,
            GroupArith::Max if !boolean => {
                b.group_non_uniform_u_max(ty, None, scope, g, v, None)?
            }
            GroupArith::And if boolean => {
                b.group_non_uniform_logical_and(ty, None, scope, g, v, None)?
            }
            GroupArith::Or if boolean => {
                b.group_non_uniform_logical_or(ty, None, scope, g, v, None)?
            }
            GroupArith::Xor if boolean => {
                b.group_non_uniform_logical_xor(ty, None, scope, g, v, None)?
            }
            GroupArith::And if !float => {
                b.group_non_uniform_bitwise_and(ty, None, scope, g, v, None)?
            }
            GroupArith::Or if !float => {
                b.group_non_uniform_bitwise_or(ty, None, scope, g, v, None)?
            }
            GroupArith::Xor if !float => {
                b.group_non_uniform_bitwise_xor(ty, None, scope, g, v, None)?
            }
            _ => return Err(f.err_type(format!("sub-group {a:?} of {}", vt.name()))),
        };
        Ok(w)
    }

    /// OpControlBarrier at sub-group scope, ordering work-group and global memory.
    pub(super) fn emit_subgroup_barrier(&mut self) -> Result<(), SpirvError> {
        let scope = self.subgroup_scope();
        let semantics = self.const_u32(
            (spirv::MemorySemantics::ACQUIRE_RELEASE
                | spirv::MemorySemantics::UNIFORM_MEMORY
                | spirv::MemorySemantics::WORKGROUP_MEMORY)
                .bits(),
        );
        self.b.control_barrier(scope, scope, semantics)?;
        Ok(())
    }
}
