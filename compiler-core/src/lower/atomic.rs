//! Atomics (`__builtin_syclone_atomic_*`, under `sycl::atomic_ref`): an
//! atomic access to an element of global or local memory becomes an IR
//! `Atomic` statement; float add/sub/min/max, which SPIR-V only has as
//! integer operations, become compare-exchange loops on the element's bits.
//! Also `__builtin_syclone_bit_equal`, the bitwise comparison those loops
//! and `compare_exchange` use.

use super::values::Val;
use super::Lowerer;
use crate::front::sema::thir;
use crate::ir::{
    AtomicOp, BinaryOp, BindingId, Expr as IExpr, LocalId, ScalarType, Space, Stmt as IStmt,
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
        let (binding, index) = match p {
            Val::Ptr {
                binding: Some(b),
                index,
                ..
            } => (b, index),
            Val::Ptr { binding: None, .. } => {
                self.error(span, "atomic access through a null pointer");
                return Val::Void;
            }
            _ => {
                self.error(span, "atomics work on global memory (USM, accessors) and local memory (local_accessor) only");
                return Val::Void;
            }
        };
        if self.bindings[binding.0 as usize].space == Space::Private {
            self.error(span, "atomics on private memory (a local variable) are not supported: atomic_ref needs global or local memory");
            return Val::Void;
        }
        if self.byte_addressed.contains(&binding.0) {
            self.error(span, "atomics on 8- and 16-bit scalars and on members of classes of mixed scalar types are not supported in Vulkan/WebGPU kernels");
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
        let operands: Vec<IExpr> = args[1..].iter().map(|a| self.scalar(a)).collect();
        let result = (op != AtomicOp::Store).then(|| self.new_local("atomic.old", elem));
        if elem.is_float()
            && matches!(
                op,
                AtomicOp::Add | AtomicOp::Sub | AtomicOp::Min | AtomicOp::Max
            )
        {
            let old = result.expect("read-modify-write has a result");
            let operand = operands.into_iter().next().unwrap_or(IExpr::Local(old));
            self.float_read_modify_write(op, binding, index, operand, old);
        } else {
            let mut operands = operands.into_iter();
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
        }
        match result {
            Some(l) => Val::Scalar(IExpr::Local(l)),
            None => Val::Void,
        }
    }

    /// `old = b[index]; loop { seen = cmpxchg(b[index], old, old OP operand);
    /// if bits(seen) == bits(old) break; old = seen; }`: `old` ends holding
    /// the value the operation replaced.
    fn float_read_modify_write(
        &mut self,
        op: AtomicOp,
        binding: BindingId,
        index: IExpr,
        operand: IExpr,
        old: LocalId,
    ) {
        let elem = self.bindings[binding.0 as usize].elem;
        let index = self.spilled(index, "atomic.index");
        let operand = self.spilled(operand, "atomic.operand");
        self.emit(IStmt::Atomic {
            op: AtomicOp::Load,
            binding,
            index: index.clone(),
            value: None,
            expected: None,
            result: Some(old),
        });
        let current = IExpr::Local(old);
        let desired = match op {
            AtomicOp::Add => {
                IExpr::Binary(BinaryOp::Add, Box::new(current.clone()), Box::new(operand))
            }
            AtomicOp::Sub => {
                IExpr::Binary(BinaryOp::Sub, Box::new(current.clone()), Box::new(operand))
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
                value: Some(desired),
                expected: Some(current.clone()),
                result: Some(seen),
            },
            IStmt::If {
                cond: bit_equal(IExpr::Local(seen), current, elem),
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
