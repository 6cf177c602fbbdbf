//! `memcpy` in device code: `__builtin_syclone_memcpy(dst, src, bytes)`,
//! which the model `<cstring>`'s `memcpy(T *, const U *, size_t)` template
//! calls with the typed pointers, so the copy is a loop over elements of
//! that type (scalars, classes, arrays) in any memory the pointers reach
//! (global, local, private).

use super::values::Val;
use super::Lowerer;
use crate::front::sema::{thir, Ty};
use crate::ir::{BinaryOp, Constant, Expr as IExpr, Stmt as IStmt};
use crate::source::Span;

impl Lowerer<'_> {
    pub(super) fn memcpy_intrinsic(&mut self, args: &[thir::Expr], span: Span) -> Val {
        let [dst, src, bytes] = args else {
            return Val::Void;
        };
        let dst = self.rvalue(dst);
        let dst = self.deref_val(dst);
        let src = self.rvalue(src);
        let src = self.deref_val(src);
        let bytes = self.scalar(bytes);
        let (Val::Ptr { elem: to, .. }, Val::Ptr { elem: from, .. }) = (&dst, &src) else {
            self.error(span, "memcpy in device code needs two pointers");
            return Val::Void;
        };
        if to != from {
            let (to, from) = (self.sema.ty_name(to), self.sema.ty_name(from));
            self.error(span, format!("memcpy from '{from}' memory to '{to}' memory is not supported in Vulkan/WebGPU kernels: device code copies between pointers to the same type"));
            return Val::Void;
        }
        let elem = to.clone();
        if elem == Ty::Void {
            self.error(span, "memcpy through 'void *' in device code: the copy needs the element type the pointers point to (pass typed pointers)");
            return Val::Void;
        }
        let Some((size, _)) = self.sema.size_align(&elem).filter(|(s, _)| *s > 0) else {
            let name = self.sema.ty_name(&elem);
            self.error(
                span,
                format!("memcpy of '{name}' elements: their size is unknown"),
            );
            return Val::Void;
        };
        let it = self.index_type();
        if let IExpr::Const(Constant::Int(_, n)) = bytes {
            if n % size != 0 {
                let name = self.sema.ty_name(&elem);
                self.error(span, format!("memcpy of {n} bytes between '{name}' elements of {size} bytes: device code copies whole elements"));
                return Val::Void;
            }
        }
        let count = IExpr::Binary(
            BinaryOp::Div,
            Box::new(self.cast_scalar(bytes, it)),
            Box::new(IExpr::Const(Constant::Int(it, size))),
        );
        let count = match self.spill(Val::Scalar(count), "memcpy.count") {
            Val::Scalar(e) => e,
            _ => return Val::Void,
        };
        let i = self.new_local("memcpy.i", it);
        self.emit(IStmt::Assign {
            local: i,
            value: IExpr::Const(Constant::Int(it, 0)),
        });
        self.blocks.push(vec![]);
        self.emit(IStmt::If {
            cond: IExpr::Binary(BinaryOp::Ge, Box::new(IExpr::Local(i)), Box::new(count)),
            then_block: vec![IStmt::Break],
            else_block: vec![],
        });
        let from = self.ptr_add(src, IExpr::Local(i), false, span);
        let from = self.ptr_place(from, span);
        let value = self.load(&from);
        let to = self.ptr_add(dst, IExpr::Local(i), false, span);
        let to = self.ptr_place(to, span);
        self.store(&to, value, span);
        self.emit(IStmt::Assign {
            local: i,
            value: IExpr::Binary(
                BinaryOp::Add,
                Box::new(IExpr::Local(i)),
                Box::new(IExpr::Const(Constant::Int(it, 1))),
            ),
        });
        let body = self.blocks.pop().unwrap_or_default();
        self.emit(IStmt::Loop {
            body,
            continuing: vec![],
        });
        Val::Void
    }
}
