//! Statements and structured control flow: `If` becomes a selection
//! construct, `Loop` the canonical header / body / continue-target / merge
//! shape, `Break`/`Continue` branch to the innermost loop's merge block or
//! continue target. Statements after a terminator in the same IR block are
//! dead and not emitted; a merge block that nothing reaches ends in
//! `OpUnreachable`.

use rspirv::spirv::{LoopControl, SelectionControl, StorageClass, Word};

use super::{BufferVar, Emitter, SpirvError};
use crate::ir::{
    AtomicOp, BindingId, Block, ClockScope, Expr, FenceScope, Kernel, LocalId, ScalarType, Space,
    Stmt,
};

/// Per-kernel state while its entry-point function is emitted.
pub(super) struct FnCtx<'k> {
    pub kernel: &'k Kernel,
    /// The parameter-block variable.
    pub params: Word,
    pub bindings: Vec<BufferVar>,
    /// `Function` variables, by `LocalId`.
    pub locals: Vec<Word>,
    pub loops: Vec<LoopCtx>,
    /// `Input` variables the entry point reads (its interface).
    pub interface: Vec<Word>,
}

pub(super) enum LoopCtx {
    /// Inside a loop body: where `Break` and `Continue` go.
    Body {
        merge: Word,
        continue_target: Word,
        broken: bool,
    },
    /// Inside a `continuing` block, which must fall through to the back edge.
    Continuing,
}

impl FnCtx<'_> {
    pub fn err_type(&self, what: impl Into<String>) -> SpirvError {
        SpirvError::Type {
            kernel: self.kernel.name.clone(),
            what: what.into(),
        }
    }
    pub fn err_cf(&self, what: impl Into<String>) -> SpirvError {
        SpirvError::ControlFlow {
            kernel: self.kernel.name.clone(),
            what: what.into(),
        }
    }
    pub fn local(&self, id: LocalId) -> Result<(Word, ScalarType), SpirvError> {
        match (
            self.locals.get(id.0 as usize),
            self.kernel.locals.get(id.0 as usize),
        ) {
            (Some(&var), Some(l)) => Ok((var, l.ty)),
            _ => Err(SpirvError::NoSuchLocal {
                kernel: self.kernel.name.clone(),
                local: id.0,
            }),
        }
    }
    pub fn binding(&self, id: BindingId) -> Result<BufferVar, SpirvError> {
        self.bindings
            .get(id.0 as usize)
            .copied()
            .ok_or_else(|| SpirvError::NoSuchBinding {
                kernel: self.kernel.name.clone(),
                binding: id.0,
            })
    }
}

impl Emitter {
    /// Emit `stmts` into the current block. Returns whether control can fall
    /// off the end (a block is still open); `false` after a terminator.
    pub(super) fn emit_block(&mut self, f: &mut FnCtx, stmts: &Block) -> Result<bool, SpirvError> {
        for s in stmts {
            if !self.emit_stmt(f, s)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn emit_stmt(&mut self, f: &mut FnCtx, s: &Stmt) -> Result<bool, SpirvError> {
        match s {
            Stmt::Assign { local, value } => {
                let (var, ty) = f.local(*local)?;
                let (v, vt) = self.emit_expr(f, value)?;
                if vt != ty {
                    return Err(f.err_type(format!(
                        "assignment of {} to local %{} of type {}",
                        vt.name(),
                        local.0,
                        ty.name()
                    )));
                }
                self.b.store(var, v, None, [])?;
                Ok(true)
            }
            Stmt::Store {
                binding,
                index,
                value,
            } => {
                let buf = f.binding(*binding)?;
                let decl = &f.kernel.bindings[binding.0 as usize];
                if !decl.writes {
                    return Err(SpirvError::StoreToReadOnly {
                        kernel: f.kernel.name.clone(),
                        binding: decl.name.clone(),
                    });
                }
                let ptr = self.element_pointer(f, buf, index)?;
                let (v, vt) = self.emit_expr(f, value)?;
                if vt != buf.elem {
                    return Err(f.err_type(format!(
                        "store of {} into binding b{} of {}",
                        vt.name(),
                        binding.0,
                        buf.elem.name()
                    )));
                }
                let v = self.encode_element(buf, v)?;
                self.b.store(ptr, v, volatile_access(decl.volatile), [])?;
                Ok(true)
            }
            Stmt::Atomic {
                op,
                binding,
                index,
                value,
                expected,
                result,
            } => {
                self.emit_atomic(
                    f,
                    *op,
                    *binding,
                    index,
                    value.as_ref(),
                    expected.as_ref(),
                    *result,
                )?;
                Ok(true)
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => self.emit_if(f, cond, then_block, else_block),
            Stmt::Loop { body, continuing } => self.emit_loop(f, body, continuing),
            Stmt::Break | Stmt::Continue => {
                let is_break = matches!(s, Stmt::Break);
                let word = if is_break { "break" } else { "continue" };
                let target = match f.loops.last_mut() {
                    None => return Err(f.err_cf(format!("`{word}` outside a loop"))),
                    Some(LoopCtx::Continuing) => {
                        return Err(f.err_cf(format!("`{word}` in a loop's continuing block")))
                    }
                    Some(LoopCtx::Body {
                        merge,
                        continue_target,
                        broken,
                    }) => {
                        if is_break {
                            *broken = true;
                            *merge
                        } else {
                            *continue_target
                        }
                    }
                };
                self.b.branch(target)?;
                Ok(false)
            }
            Stmt::Return => {
                if f.loops.iter().any(|l| matches!(l, LoopCtx::Continuing)) {
                    return Err(f.err_cf("`return` in a loop's continuing block"));
                }
                self.b.ret()?;
                Ok(false)
            }
            Stmt::Subgroup {
                op,
                value,
                operand,
                result,
            } => {
                self.emit_subgroup(f, *op, value, operand.as_ref(), *result)?;
                Ok(true)
            }
            Stmt::SubgroupBarrier => {
                self.emit_subgroup_barrier()?;
                Ok(true)
            }
            // Post-link's concern (the image's required aspects).
            Stmt::RequireAspect(_) => Ok(true),
            Stmt::ReadClock { scope, local } => {
                let (var, ty) = f.local(*local)?;
                if ty != ScalarType::U64 {
                    return Err(f.err_type(format!("a clock read into a local of {}", ty.name())));
                }
                // Vulkan has sub-group and device clocks; a work-group runs
                // on one compute unit, whose clock its sub-groups read.
                let scope = self.const_u32(match scope {
                    ClockScope::SubGroup | ClockScope::WorkGroup => {
                        rspirv::spirv::Scope::Subgroup as u32
                    }
                    ClockScope::Device => rspirv::spirv::Scope::Device as u32,
                });
                self.uses_clock = true;
                let u64_ty = self.scalar(ScalarType::U64);
                let value = self.b.read_clock_khr(u64_ty, None, scope)?;
                self.b.store(var, value, None, [])?;
                Ok(true)
            }
            Stmt::Call { function, .. } => Err(SpirvError::UnlinkedCall {
                kernel: f.kernel.name.clone(),
                function: function.clone(),
            }),
            Stmt::Barrier => {
                // OpControlBarrier(Workgroup, Workgroup, AcquireRelease |
                // UniformMemory | WorkgroupMemory): what OpenCL's
                // barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE) is.
                let scope = self.const_u32(rspirv::spirv::Scope::Workgroup as u32);
                let semantics = self.const_u32(
                    (rspirv::spirv::MemorySemantics::ACQUIRE_RELEASE
                        | rspirv::spirv::MemorySemantics::UNIFORM_MEMORY
                        | rspirv::spirv::MemorySemantics::WORKGROUP_MEMORY)
                        .bits(),
                );
                self.b.control_barrier(scope, scope, semantics)?;
                Ok(true)
            }
            Stmt::Fence(scope) => {
                // OpMemoryBarrier with the semantics of the barrier above:
                // OpenCL's atomic_work_item_fence with both fence flags.
                let scope = self.const_u32(match scope {
                    FenceScope::WorkGroup => rspirv::spirv::Scope::Workgroup as u32,
                    FenceScope::Device => rspirv::spirv::Scope::Device as u32,
                });
                let semantics = self.const_u32(
                    (rspirv::spirv::MemorySemantics::ACQUIRE_RELEASE
                        | rspirv::spirv::MemorySemantics::UNIFORM_MEMORY
                        | rspirv::spirv::MemorySemantics::WORKGROUP_MEMORY)
                        .bits(),
                );
                self.b.memory_barrier(scope, semantics)?;
                Ok(true)
            }
        }
    }

    fn emit_if(
        &mut self,
        f: &mut FnCtx,
        cond: &Expr,
        then_block: &Block,
        else_block: &Block,
    ) -> Result<bool, SpirvError> {
        let (c, ct) = self.emit_expr(f, cond)?;
        if ct != ScalarType::Bool {
            return Err(f.err_type(format!("`if` condition of type {}", ct.name())));
        }
        let merge = self.b.id();
        let then_label = self.b.id();
        let else_label = if else_block.is_empty() {
            merge
        } else {
            self.b.id()
        };
        self.b.selection_merge(merge, SelectionControl::NONE)?;
        self.b.branch_conditional(c, then_label, else_label, [])?;

        self.b.begin_block(Some(then_label))?;
        let then_open = self.emit_block(f, then_block)?;
        if then_open {
            self.b.branch(merge)?;
        }
        let else_open = if else_block.is_empty() {
            true
        } else {
            self.b.begin_block(Some(else_label))?;
            let open = self.emit_block(f, else_block)?;
            if open {
                self.b.branch(merge)?;
            }
            open
        };

        self.b.begin_block(Some(merge))?;
        if then_open || else_open {
            Ok(true)
        } else {
            self.b.unreachable()?;
            Ok(false)
        }
    }

    fn emit_loop(
        &mut self,
        f: &mut FnCtx,
        body: &Block,
        continuing: &Block,
    ) -> Result<bool, SpirvError> {
        let header = self.b.id();
        let body_label = self.b.id();
        let continue_target = self.b.id();
        let merge = self.b.id();
        self.b.branch(header)?;

        self.b.begin_block(Some(header))?;
        self.b
            .loop_merge(merge, continue_target, LoopControl::NONE, [])?;
        self.b.branch(body_label)?;

        self.b.begin_block(Some(body_label))?;
        f.loops.push(LoopCtx::Body {
            merge,
            continue_target,
            broken: false,
        });
        let body_result = self.emit_block(f, body);
        let broken = matches!(f.loops.pop(), Some(LoopCtx::Body { broken: true, .. }));
        if body_result? {
            self.b.branch(continue_target)?;
        }

        // The continue target always exists and branches back to the header,
        // even when the body never falls through (the block is then unreachable).
        self.b.begin_block(Some(continue_target))?;
        f.loops.push(LoopCtx::Continuing);
        let cont_result = self.emit_block(f, continuing);
        f.loops.pop();
        if !cont_result? {
            return Err(f.err_cf("a loop's continuing block never reaches the back edge"));
        }
        self.b.branch(header)?;

        self.b.begin_block(Some(merge))?;
        if broken {
            Ok(true)
        } else {
            self.b.unreachable()?;
            Ok(false)
        }
    }

    /// Pointer to element `index` of a storage buffer.
    /// The SPIR-V type of a binding's elements.
    pub(super) fn stored_type(&mut self, buf: BufferVar) -> Word {
        match buf.narrow_bits {
            Some(bits) => self.element(super::Element::Narrow(bits)),
            None => self.scalar(buf.storage),
        }
    }

    /// A value of a binding's IR element type as its SPIR-V element (the
    /// low bits of a `u32` for a narrow view).
    pub(super) fn encode_element(&mut self, buf: BufferVar, v: Word) -> Result<Word, SpirvError> {
        if buf.narrow_bits.is_some() {
            let t = self.stored_type(buf);
            return Ok(self.b.u_convert(t, None, v)?);
        }
        if buf.storage == buf.elem {
            return Ok(v);
        }
        let t = self.scalar(buf.storage);
        Ok(self.b.bitcast(t, None, v)?)
    }

    /// A SPIR-V element of a binding as its IR element type.
    pub(super) fn decode_element(&mut self, buf: BufferVar, v: Word) -> Result<Word, SpirvError> {
        if buf.narrow_bits.is_some() {
            let t = self.scalar(buf.elem);
            return Ok(self.b.u_convert(t, None, v)?);
        }
        if buf.storage == buf.elem {
            return Ok(v);
        }
        let t = self.scalar(buf.elem);
        Ok(self.b.bitcast(t, None, v)?)
    }

    #[allow(clippy::too_many_arguments)]
    fn emit_atomic(
        &mut self,
        f: &mut FnCtx,
        op: AtomicOp,
        binding: BindingId,
        index: &Expr,
        value: Option<&Expr>,
        expected: Option<&Expr>,
        result: Option<LocalId>,
    ) -> Result<(), SpirvError> {
        let buf = f.binding(binding)?;
        let ptr = self.element_pointer(f, buf, index)?;
        let operand = |this: &mut Self, f: &mut FnCtx, e: Option<&Expr>, what: &str| {
            let e =
                e.ok_or_else(|| f.err_type(format!("atomic {} without its {what}", op.name())))?;
            let (v, vt) = this.emit_expr(f, e)?;
            if vt != buf.elem {
                return Err(f.err_type(format!(
                    "atomic {} of {} on binding b{} of {}",
                    op.name(),
                    vt.name(),
                    binding.0,
                    buf.elem.name()
                )));
            }
            this.encode_element(buf, v)
        };
        let t = self.scalar(buf.storage);
        let scope = self.const_u32(match buf.space {
            Space::Global => rspirv::spirv::Scope::Device as u32,
            Space::Workgroup => rspirv::spirv::Scope::Workgroup as u32,
            Space::Private => rspirv::spirv::Scope::Invocation as u32,
        });
        let relaxed = self.const_u32(0);
        let (signed, float) = (buf.elem.is_signed_int(), buf.elem.is_float());
        let old =
            match op {
                AtomicOp::Load => Some(self.b.atomic_load(t, None, ptr, scope, relaxed)?),
                AtomicOp::Store => {
                    let v = operand(self, f, value, "value")?;
                    self.b.atomic_store(ptr, scope, relaxed, v)?;
                    None
                }
                AtomicOp::Exchange => {
                    let v = operand(self, f, value, "value")?;
                    Some(self.b.atomic_exchange(t, None, ptr, scope, relaxed, v)?)
                }
                AtomicOp::CompareExchange => {
                    let desired = operand(self, f, value, "desired value")?;
                    let cmp = operand(self, f, expected, "expected value")?;
                    Some(self.b.atomic_compare_exchange(
                        t, None, ptr, scope, relaxed, relaxed, desired, cmp,
                    )?)
                }
                AtomicOp::Add if float && buf.storage == buf.elem && buf.space == Space::Global => {
                    let v = operand(self, f, value, "operand")?;
                    let width = buf.elem.size() * 8;
                    if !self.float_atomic_add_widths.contains(&width) {
                        self.float_atomic_add_widths.push(width);
                    }
                    Some(self.b.atomic_f_add_ext(t, None, ptr, scope, relaxed, v)?)
                }
                _ if float => {
                    return Err(f.err_type(format!(
                    "atomic {} on float binding b{} (the lowering builds it from compare-exchange)",
                    op.name(),
                    binding.0
                )))
                }
                _ => {
                    let v = operand(self, f, value, "operand")?;
                    Some(match op {
                        AtomicOp::Add => self.b.atomic_i_add(t, None, ptr, scope, relaxed, v)?,
                        AtomicOp::Sub => self.b.atomic_i_sub(t, None, ptr, scope, relaxed, v)?,
                        AtomicOp::And => self.b.atomic_and(t, None, ptr, scope, relaxed, v)?,
                        AtomicOp::Or => self.b.atomic_or(t, None, ptr, scope, relaxed, v)?,
                        AtomicOp::Xor => self.b.atomic_xor(t, None, ptr, scope, relaxed, v)?,
                        AtomicOp::Min if signed => {
                            self.b.atomic_s_min(t, None, ptr, scope, relaxed, v)?
                        }
                        AtomicOp::Min => self.b.atomic_u_min(t, None, ptr, scope, relaxed, v)?,
                        AtomicOp::Max if signed => {
                            self.b.atomic_s_max(t, None, ptr, scope, relaxed, v)?
                        }
                        _ => self.b.atomic_u_max(t, None, ptr, scope, relaxed, v)?,
                    })
                }
            };
        if let (Some(old), Some(local)) = (old, result) {
            let (var, lt) = f.local(local)?;
            if lt != buf.elem {
                return Err(f.err_type(format!(
                    "atomic {} result of {} into local %{} of {}",
                    op.name(),
                    buf.elem.name(),
                    local.0,
                    lt.name()
                )));
            }
            let old = self.decode_element(buf, old)?;
            self.b.store(var, old, None, [])?;
        }
        Ok(())
    }

    pub(super) fn element_pointer(
        &mut self,
        f: &mut FnCtx,
        buf: BufferVar,
        index: &Expr,
    ) -> Result<Word, SpirvError> {
        let (i, it) = self.emit_expr(f, index)?;
        if !it.is_int() {
            return Err(f.err_type(format!("buffer index of type {}", it.name())));
        }
        let i = self.int_resize(i, it, ScalarType::U32)?;
        let et = self.stored_type(buf);
        match buf.space {
            Space::Global => {
                let zero = self.const_u32(0);
                let ptr_ty = self.pointer(StorageClass::StorageBuffer, et);
                Ok(self.b.access_chain(ptr_ty, None, buf.var, [zero, i])?)
            }
            Space::Workgroup => {
                let ptr_ty = self.pointer(StorageClass::Workgroup, et);
                Ok(self.b.access_chain(ptr_ty, None, buf.var, [i])?)
            }
            Space::Private => {
                let ptr_ty = self.pointer(StorageClass::Private, et);
                Ok(self.b.access_chain(ptr_ty, None, buf.var, [i])?)
            }
        }
    }
}

/// The memory operands of an access to a binding: `Volatile` for memory a
/// `volatile T *` points into.
pub(super) fn volatile_access(volatile: bool) -> Option<rspirv::spirv::MemoryAccess> {
    volatile.then_some(rspirv::spirv::MemoryAccess::VOLATILE)
}
