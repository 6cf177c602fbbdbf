//! Atomics (`__builtin_syclone_atomic_*`, under `sycl::atomic_ref`): an
//! atomic access to an element of global or local memory becomes an IR
//! `Atomic` statement; float add/sub/min/max, which SPIR-V only has as
//! integer operations, become compare-exchange loops on the element's bits
//! (float add/sub on global memory also `OpAtomicFAddEXT`, which the
//! device may have: see [`Lowerer::float_add`]).
//! Also `__builtin_syclone_bit_equal`, the bitwise comparison those loops
//! and `compare_exchange` use.

use super::values::Val;
use super::Lowerer;
use crate::front::sema::{thir, Ty};
use crate::ir::{
    AtomicOp, BinaryOp, BindingId, Expr as IExpr, LocalId, ScalarType, Space, Stmt as IStmt,
    UnaryOp,
};
use crate::source::Span;

impl Lowerer<'_> {
    /// `__builtin_syclone_atomic_OP(p, operands...)`; sema checked the
    /// operand count and types.
    pub(super) fn atomic(&mut self, op: &str, args: &[thir::Expr], span: Span) -> Val {
        let op = match op {
            "load" => AtomicOp::Load,
            "store" => AtomicOp::Store,
            "exchange" => AtomicOp::Exchange,
            "compare_exchange" => AtomicOp::CompareExchange,
            "fetch_add" => AtomicOp::Add,
            "fetch_sub" => AtomicOp::Sub,
            "fetch_and" => AtomicOp::And,
            "fetch_or" => AtomicOp::Or,
            "fetch_xor" => AtomicOp::Xor,
            "fetch_min" => AtomicOp::Min,
            _ => AtomicOp::Max,
        };
        let Some(ptr) = args.first() else {
            return Val::Void;
        };
        let p = self.rvalue(ptr);
        let p = self.deref_val(p);
        // Operands evaluated once, before the access.
        let operands: Vec<IExpr> = args[1..]
            .iter()
            .map(|a| {
                let v = self.scalar(a);
                self.snapshot_scalar(v, "atomic.operand")
            })
            .collect();
        match p {
            Val::Ptr {
                binding: Some(b),
                index,
                elem,
                choice: None,
            } => self.atomic_at(op, b, index, &elem, &operands, span),
            // One access per allocation the pointer may point into, the
            // chosen one run.
            Val::Ptr {
                index,
                elem,
                choice: Some(choice),
                ..
            } => {
                let index = self.snapshot_scalar(index, "atomic.index");
                let which = self.snapshot_scalar(choice.which, "atomic.which");
                let mut result = None;
                for (k, b) in choice.bindings.iter().enumerate() {
                    self.blocks.push(vec![]);
                    let v = self.atomic_at(op, *b, index.clone(), &elem, &operands, span);
                    if let Val::Scalar(e) = v {
                        let t = self.expr_type(&e);
                        let l = *result.get_or_insert_with(|| self.new_local("atomic.chosen", t));
                        self.emit(IStmt::Assign { local: l, value: e });
                    }
                    let then_block = self.blocks.pop().unwrap_or_default();
                    let cond = IExpr::Binary(
                        BinaryOp::Eq,
                        Box::new(which.clone()),
                        Box::new(IExpr::Const(crate::ir::Constant::Int(
                            ScalarType::U32,
                            k as u64,
                        ))),
                    );
                    self.emit(IStmt::If {
                        cond,
                        then_block,
                        else_block: vec![],
                    });
                }
                result.map_or(Val::Void, |l| Val::Scalar(IExpr::Local(l)))
            }
            Val::Ptr { binding: None, .. } => {
                self.error(span, "atomic access through a null pointer");
                Val::Void
            }
            _ => {
                self.error(span, "atomics work on global memory (USM, accessors) and local memory (local_accessor) only");
                Val::Void
            }
        }
    }

    /// Atomic operation `op` on element `index` (counted in `pointee`s) of
    /// `binding`, with evaluated `operands`.
    fn atomic_at(
        &mut self,
        op: AtomicOp,
        binding: BindingId,
        index: IExpr,
        pointee: &Ty,
        operands: &[IExpr],
        span: Span,
    ) -> Val {
        if self.bindings[binding.0 as usize].space == Space::Private {
            self.error(span, "atomics on private memory (a local variable) are not supported: atomic_ref needs global or local memory");
            return Val::Void;
        }
        // An atomic element is read and written whatever the operation:
        // WGSL keeps atomics in read_write storage only.
        let elem = {
            let b = &mut self.bindings[binding.0 as usize];
            b.reads = true;
            b.writes = true;
            b.elem
        };
        // The type the operation works in: the element's, or (in words of
        // byte-addressed memory, `atomic_ref<unsigned>` over `half2`) a
        // 32-bit scalar whose bits the word holds. A pointer into such
        // memory counts its own type's size, so its index is the word's.
        let view = if self.byte_addressed.contains(&binding.0) {
            match self.device_scalar(pointee) {
                Ok(t) if t.size() == 4 && t != ScalarType::Bool => t,
                Ok(t) if t.size() == 8 => {
                    // Counted in 8-byte elements: the index of the 64-bit view.
                    return match self.wide_view(binding, t) {
                        Some(view) => self.atomic_at(op, view, index, pointee, operands, span),
                        None => {
                            self.error(span, format!("a 64-bit atomic on work-group memory that the kernel also reads or writes as other types is not supported in Vulkan/WebGPU kernels: such memory is addressed in 32-bit words (here an atomic on '{}')", self.sema.ty_name(pointee)));
                            Val::Void
                        }
                    };
                }
                _ => {
                    self.error(span, "atomics on 8- and 16-bit scalars and on members of classes of mixed scalar types are not supported in Vulkan/WebGPU kernels");
                    return Val::Void;
                }
            }
        } else {
            match self.device_scalar(pointee) {
                // `atomic_ref<unsigned>` over the words of a float array (or
                // a signedness other than the element's): the operation works
                // in the pointee's type, on a view of the memory with its
                // elements where that is global memory, else on the bits.
                Ok(t) if t != elem && t.size() == elem.size() && !matches!(t, ScalarType::Bool) => {
                    if t.is_float() != elem.is_float() {
                        if let Some(view) = self.wide_view(binding, t) {
                            return self.atomic_at(op, view, index, pointee, operands, span);
                        }
                    }
                    t
                }
                _ => elem,
            }
        };
        let operands: Vec<IExpr> = operands
            .iter()
            .map(|v| self.cast_scalar(v.clone(), view))
            .collect();
        let bits_only = matches!(
            op,
            AtomicOp::Load | AtomicOp::Store | AtomicOp::Exchange | AtomicOp::CompareExchange
        );
        let computed = matches!(op, AtomicOp::Min | AtomicOp::Max)
            && (view.is_float() || view.is_signed_int() != elem.is_signed_int())
            || matches!(op, AtomicOp::Add | AtomicOp::Sub) && view.is_float()
            || !bits_only && view.is_float() != elem.is_float();
        if computed {
            let operand = operands
                .into_iter()
                .next()
                .unwrap_or(IExpr::Const(crate::ir::Constant::Int(ScalarType::U32, 0)));
            if let Some(float_view) = self.native_float_add_view(op, binding, view) {
                return self.float_add(op, binding, float_view, index, operand);
            }
            let old = self.compare_exchange_loop(op, binding, index, operand, view);
            return Val::Scalar(IExpr::Local(old));
        }
        let result = (op != AtomicOp::Store).then(|| self.new_local("atomic.old", elem));
        let mut operands = operands.into_iter().map(|o| reinterpret(o, view, elem));
        let (expected, value) = match op {
            AtomicOp::CompareExchange => (operands.next(), operands.next()),
            _ => (None, operands.next()),
        };
        self.emit(IStmt::Atomic {
            op,
            binding,
            index,
            value,
            expected,
            result,
        });
        match result {
            Some(l) => Val::Scalar(reinterpret(IExpr::Local(l), elem, view)),
            None => Val::Void,
        }
    }

    /// The `f32` or `f64` view of global `binding` that a float add or
    /// subtract `op` computed in `view` may use the device's own atomic add
    /// on, when the target may have one (not in a `SYCL_EXTERNAL` function,
    /// which cannot read the specialization constant that chooses it).
    fn native_float_add_view(
        &mut self,
        op: AtomicOp,
        binding: BindingId,
        view: ScalarType,
    ) -> Option<BindingId> {
        let wanted = self.target.float_atomic_add
            && !self.external
            && matches!(op, AtomicOp::Add | AtomicOp::Sub)
            && view.is_float();
        if !wanted {
            return None;
        }
        self.wide_view(binding, view)
    }

    /// A float or double add (or subtract) on element `index` of global
    /// `binding`, both ways: `OpAtomicFAddEXT` on `float_view` where the
    /// launch's device has it (the specialization constant
    /// [`crate::bundle::FLOAT_ATOMIC_ADD_SPEC`] or
    /// [`crate::bundle::DOUBLE_ATOMIC_ADD_SPEC`]), the compare-exchange loop
    /// elsewhere. The driver drops the branch not taken once the constant
    /// is set.
    fn float_add(
        &mut self,
        op: AtomicOp,
        binding: BindingId,
        float_view: BindingId,
        index: IExpr,
        operand: IExpr,
    ) -> Val {
        let index = self.spilled(index, "atomic.index");
        let operand = self.spilled(operand, "atomic.operand");
        let addend = match op {
            AtomicOp::Sub => IExpr::Unary(UnaryOp::Neg, Box::new(operand.clone())),
            _ => operand.clone(),
        };
        let view = &mut self.bindings[float_view.0 as usize];
        view.reads = true;
        view.writes = true;
        let ty = view.elem;
        let result = self.new_local("atomic.result", ty);
        let native = vec![IStmt::Atomic {
            op: AtomicOp::Add,
            binding: float_view,
            index: index.clone(),
            value: Some(addend),
            expected: None,
            result: Some(result),
        }];
        self.blocks.push(vec![]);
        let old = self.compare_exchange_loop(op, binding, index, operand, ty);
        self.emit(IStmt::Assign {
            local: result,
            value: IExpr::Local(old),
        });
        let emulated = self.blocks.pop().unwrap_or_default();
        let flag = self.device_flag(if ty == ScalarType::F64 {
            crate::bundle::DOUBLE_ATOMIC_ADD_SPEC
        } else {
            crate::bundle::FLOAT_ATOMIC_ADD_SPEC
        });
        self.emit(IStmt::If {
            cond: IExpr::SpecConst(flag),
            then_block: native,
            else_block: emulated,
        });
        Val::Scalar(IExpr::Local(result))
    }

    /// A binding of `elem` over the same global memory as `binding` (a
    /// 64-bit scalar over byte-addressed memory, for 64-bit atomics on it;
    /// `f32` or `f64` for native float adds).
    fn wide_view(&mut self, binding: BindingId, elem: ScalarType) -> Option<BindingId> {
        self.memory_view(binding, elem, None)
    }

    /// A binding of `elem` (stored as `narrow_bits`-bit integers, if given)
    /// over the same global memory as `binding`: a second storage buffer
    /// bound to the same allocation, both marked aliased. None for memory
    /// the runtime does not bind (work-group arrays).
    pub(super) fn memory_view(
        &mut self,
        binding: BindingId,
        elem: ScalarType,
        narrow_bits: Option<u32>,
    ) -> Option<BindingId> {
        let key = (binding.0, elem, narrow_bits);
        if let Some(&view) = self.memory_views.get(&key) {
            return Some(view);
        }
        let words = &self.bindings[binding.0 as usize];
        if words.space != Space::Global {
            return None;
        }
        let bound = self
            .buffers
            .iter()
            .find(|b| b.binding == binding.0 + 1)?
            .clone();
        let name = match narrow_bits {
            Some(bits) => format!("{}.u{bits}", words.name),
            None => format!("{}.{}", words.name, elem.name()),
        };
        let view = self.new_binding(&name, elem, Space::Global);
        self.bindings[binding.0 as usize].aliased = true;
        self.bindings[view.0 as usize].aliased = true;
        self.bindings[view.0 as usize].narrow_bits = narrow_bits;
        // The same pointer argument, element offset and all: the view's
        // index is computed from the words' own.
        self.buffers.push(crate::bundle::BufferBinding {
            binding: view.0 + 1,
            name,
            ..bound
        });
        self.memory_views.insert(key, view);
        Some(view)
    }

    /// An atomic read-modify-write that SPIR-V has no instruction for
    /// (float add/sub/min/max; min/max of a signedness other than the
    /// word's; integer operations on the words of float work-group memory),
    /// computed in `view` and installed with compare-exchange:
    /// `old = b[index]; loop { seen = cmpxchg(b[index], old, old OP operand);
    /// if bits(seen) == bits(old) break; old = seen; }`. Returns the local
    /// (of type `view`) holding the value the operation replaced.
    fn compare_exchange_loop(
        &mut self,
        op: AtomicOp,
        binding: BindingId,
        index: IExpr,
        operand: IExpr,
        view: ScalarType,
    ) -> LocalId {
        let elem = self.bindings[binding.0 as usize].elem;
        let index = self.spilled(index, "atomic.index");
        let operand = self.spilled(operand, "atomic.operand");
        let old = self.new_local("atomic.old", elem);
        self.emit(IStmt::Atomic {
            op: AtomicOp::Load,
            binding,
            index: index.clone(),
            value: None,
            expected: None,
            result: Some(old),
        });
        let current = reinterpret(IExpr::Local(old), elem, view);
        let desired = match op {
            AtomicOp::Add => {
                IExpr::Binary(BinaryOp::Add, Box::new(current.clone()), Box::new(operand))
            }
            AtomicOp::Sub => {
                IExpr::Binary(BinaryOp::Sub, Box::new(current.clone()), Box::new(operand))
            }
            AtomicOp::And | AtomicOp::Or | AtomicOp::Xor => {
                let bitwise = match op {
                    AtomicOp::And => BinaryOp::BitAnd,
                    AtomicOp::Or => BinaryOp::BitOr,
                    _ => BinaryOp::BitXor,
                };
                IExpr::Binary(bitwise, Box::new(current.clone()), Box::new(operand))
            }
            AtomicOp::Min => select_by(BinaryOp::Lt, operand, current.clone()),
            _ => select_by(BinaryOp::Gt, operand, current.clone()),
        };
        let seen = self.new_local("atomic.seen", elem);
        let body = vec![
            IStmt::Atomic {
                op: AtomicOp::CompareExchange,
                binding,
                index,
                value: Some(reinterpret(desired, view, elem)),
                expected: Some(IExpr::Local(old)),
                result: Some(seen),
            },
            IStmt::If {
                cond: bit_equal(IExpr::Local(seen), IExpr::Local(old), elem),
                then_block: vec![IStmt::Break],
                else_block: vec![],
            },
            IStmt::Assign {
                local: old,
                value: IExpr::Local(seen),
            },
        ];
        self.emit(IStmt::Loop {
            body,
            continuing: vec![],
        });
        let result = self.new_local("atomic.result", view);
        self.emit(IStmt::Assign {
            local: result,
            value: reinterpret(IExpr::Local(old), elem, view),
        });
        result
    }

    /// `__builtin_syclone_bit_equal(a, b)`.
    pub(super) fn bit_equal_intrinsic(&mut self, args: &[thir::Expr]) -> Val {
        let [a, b] = args else {
            return Val::Void;
        };
        let (a, b) = (self.scalar(a), self.scalar(b));
        let t = self.expr_type(&a);
        Val::Scalar(bit_equal(a, b, t))
    }

    /// `e` evaluated once, into a local unless it is a constant, a local
    /// or a parameter ([`Lowerer::spill`] for scalars).
    fn spilled(&mut self, e: IExpr, name: &str) -> IExpr {
        if matches!(e, IExpr::Local(_)) {
            return e;
        }
        match self.spill(Val::Scalar(e), name) {
            Val::Scalar(e) => e,
            _ => unreachable!("spilling a scalar gives a scalar"),
        }
    }
}

/// `e` (of type `from`) read as a `to` of the same size.
fn reinterpret(e: IExpr, from: ScalarType, to: ScalarType) -> IExpr {
    if from == to {
        e
    } else {
        IExpr::Bitcast(Box::new(e), to)
    }
}

/// `a CMP b ? a : b`.
fn select_by(cmp: BinaryOp, a: IExpr, b: IExpr) -> IExpr {
    IExpr::Select(
        Box::new(IExpr::Binary(cmp, Box::new(a.clone()), Box::new(b.clone()))),
        Box::new(a),
        Box::new(b),
    )
}

/// Whether `a` and `b` (of type `t`) have the same bit pattern.
fn bit_equal(a: IExpr, b: IExpr, t: ScalarType) -> IExpr {
    if !t.is_float() {
        return IExpr::Binary(BinaryOp::Eq, Box::new(a), Box::new(b));
    }
    let bits = t.same_size_uint();
    IExpr::Binary(
        BinaryOp::Eq,
        Box::new(IExpr::Bitcast(Box::new(a), bits)),
        Box::new(IExpr::Bitcast(Box::new(b), bits)),
    )
}
