//! `memcpy`, `memmove` and `memset` in device code. The model `<cstring>`'s
//! templates over typed pointers call `__builtin_syclone_memcpy(dst, src,
//! bytes)`, `__builtin_syclone_memmove(...)` and
//! `__builtin_syclone_memset(dst, byte, bytes)`, so the operation knows the
//! element types and works element by element in any memory the pointers
//! reach (global, local, private). Between pointers to different types the
//! bytes are reinterpreted (`bit_cast.rs`): element by element when the
//! types have one size, as one block when the byte count is a constant.

use super::values::Val;
use super::Lowerer;
use crate::front::sema::{thir, Ty};
use crate::ir::{BinaryOp, Constant, Expr as IExpr, ScalarType, Stmt as IStmt};
use crate::source::Span;

/// Which of the two copies: `memmove` allows the ranges to overlap.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum CopyKind {
    Memcpy,
    Memmove,
}

impl CopyKind {
    fn name(self) -> &'static str {
        match self {
            CopyKind::Memcpy => "memcpy",
            CopyKind::Memmove => "memmove",
        }
    }
}

impl Lowerer<'_> {
    pub(super) fn memcpy_intrinsic(
        &mut self,
        kind: CopyKind,
        args: &[thir::Expr],
        span: Span,
    ) -> Val {
        let [dst, src, bytes] = args else {
            return Val::Void;
        };
        let name = kind.name();
        let dst = self.rvalue(dst);
        let dst = self.deref_val(dst);
        let src = self.rvalue(src);
        let src = self.deref_val(src);
        let bytes = self.scalar(bytes);
        let (Val::Ptr { elem: to, .. }, Val::Ptr { elem: from, .. }) = (&dst, &src) else {
            self.error(span, format!("{name} in device code needs two pointers"));
            return Val::Void;
        };
        let (to, from) = (to.clone(), from.clone());
        let (Some(to_size), Some(from_size)) = (
            self.element_size(&to, name, span),
            self.element_size(&from, name, span),
        ) else {
            return Val::Void;
        };
        if to != from {
            for ty in [&to, &from] {
                if !self.holds_only_arithmetic(ty) {
                    let (to, from) = (self.sema.ty_name(&to), self.sema.ty_name(&from));
                    self.error(span, format!("{name} from '{from}' memory to '{to}' memory in device code: the bytes of a type holding pointers, references or bit-fields cannot be read as another type"));
                    return Val::Void;
                }
            }
        }
        if to_size == from_size {
            return self.copy_elements(kind, dst, src, bytes, (&from, &to), to_size, span);
        }
        // Elements of different sizes: one block of a size known here.
        let IExpr::Const(Constant::Int(_, n)) = bytes else {
            let (to, from) = (self.sema.ty_name(&to), self.sema.ty_name(&from));
            self.error(span, format!("{name} from '{from}' memory to '{to}' memory in device code needs a byte count known at compile time (the elements differ in size)"));
            return Val::Void;
        };
        if n % to_size != 0 || n % from_size != 0 {
            let (to, from) = (self.sema.ty_name(&to), self.sema.ty_name(&from));
            self.error(span, format!("{name} of {n} bytes from '{from}' memory ({from_size}-byte elements) to '{to}' memory ({to_size}-byte elements): device code copies whole elements of both"));
            return Val::Void;
        }
        let it = self.index_type();
        // Every load happens before the first store, so overlap is harmless.
        let values: Vec<Val> = (0..n / from_size)
            .map(|k| {
                let at = self.ptr_add(src.clone(), IExpr::Const(Constant::Int(it, k)), false, span);
                let at = self.ptr_place(at, span);
                self.load(&at)
            })
            .collect();
        let values = self.reinterpret(values, &from, &to, n / to_size);
        for (k, value) in values.into_iter().enumerate() {
            let at = IExpr::Const(Constant::Int(it, k as u64));
            let at = self.ptr_add(dst.clone(), at, false, span);
            let at = self.ptr_place(at, span);
            self.store(&at, value, span);
        }
        Val::Void
    }

    /// `memset(dst, byte, bytes)`: every element of `dst`'s type that the
    /// byte count covers gets the value whose bytes all equal `byte`.
    pub(super) fn memset_intrinsic(&mut self, args: &[thir::Expr], span: Span) -> Val {
        let [dst, byte, bytes] = args else {
            return Val::Void;
        };
        let dst = self.rvalue(dst);
        let dst = self.deref_val(dst);
        let byte = self.scalar(byte);
        let bytes = self.scalar(bytes);
        let Val::Ptr { elem, .. } = &dst else {
            self.error(span, "memset in device code needs a pointer");
            return Val::Void;
        };
        let elem = elem.clone();
        let Some(size) = self.element_size(&elem, "memset", span) else {
            return Val::Void;
        };
        if !self.holds_only_arithmetic(&elem) {
            let name = self.sema.ty_name(&elem);
            self.error(span, format!("memset of '{name}' elements in device code: only types made of arithmetic values (no pointers, references or bit-fields) can be set byte by byte"));
            return Val::Void;
        }
        let Some(count) = self.element_count(bytes, size, &elem, "memset", span) else {
            return Val::Void;
        };
        // The byte repeated through a word: (c & 0xff) * 0x01010101.
        let u32c = |v: u64| IExpr::Const(Constant::Int(ScalarType::U32, v));
        let byte = self.cast_scalar(byte, ScalarType::U32);
        let word = IExpr::Binary(
            BinaryOp::Mul,
            Box::new(IExpr::Binary(
                BinaryOp::BitAnd,
                Box::new(byte),
                Box::new(u32c(0xff)),
            )),
            Box::new(u32c(0x0101_0101)),
        );
        let word = match self.spill(Val::Scalar(word), "memset.word") {
            Val::Scalar(e) => e,
            _ => return Val::Void,
        };
        let words = vec![word; size.div_ceil(4) as usize];
        let value = self
            .values_of_words(&words, &elem, 1)
            .pop()
            .unwrap_or(Val::Void);
        self.element_loop(count, None, |this, i| {
            let to = this.ptr_add(dst.clone(), i, false, span);
            let to = this.ptr_place(to, span);
            this.store(&to, value.clone(), span);
        });
        Val::Void
    }

    /// The size of the elements `ty` a memory function works on, or an
    /// error at `span`.
    fn element_size(&mut self, ty: &Ty, name: &str, span: Span) -> Option<u64> {
        if *ty == Ty::Void {
            self.error(span, format!("{name} through 'void *' in device code: the operation needs the element type the pointers point to (pass typed pointers)"));
            return None;
        }
        let size = self.sema.size_align(ty).map(|x| x.0).filter(|s| *s > 0);
        if size.is_none() {
            let ty = self.sema.ty_name(ty);
            self.error(
                span,
                format!("{name} of '{ty}' elements: their size is unknown"),
            );
        }
        size
    }

    /// How many elements of `size` bytes `bytes` covers (a local), or an
    /// error when a constant count splits an element.
    fn element_count(
        &mut self,
        bytes: IExpr,
        size: u64,
        elem: &Ty,
        name: &str,
        span: Span,
    ) -> Option<IExpr> {
        if let IExpr::Const(Constant::Int(_, n)) = bytes {
            if n % size != 0 {
                let elem = self.sema.ty_name(elem);
                self.error(span, format!("{name} of {n} bytes over '{elem}' elements of {size} bytes: device code works on whole elements"));
                return None;
            }
        }
        let it = self.index_type();
        let count = IExpr::Binary(
            BinaryOp::Div,
            Box::new(self.cast_scalar(bytes, it)),
            Box::new(IExpr::Const(Constant::Int(it, size))),
        );
        match self.spill(Val::Scalar(count), "mem.count") {
            Val::Scalar(e) => Some(e),
            _ => None,
        }
    }

    /// Copies the elements `bytes` covers, of one size in both types
    /// (`types`: source and destination), reinterpreting each when the
    /// types differ. A `memmove` whose destination starts after its source
    /// copies from the last element down.
    #[allow(clippy::too_many_arguments)]
    fn copy_elements(
        &mut self,
        kind: CopyKind,
        dst: Val,
        src: Val,
        bytes: IExpr,
        (from, to): (&Ty, &Ty),
        size: u64,
        span: Span,
    ) -> Val {
        let Some(count) = self.element_count(bytes, size, to, kind.name(), span) else {
            return Val::Void;
        };
        let backward = match (kind, &dst, &src) {
            (CopyKind::Memmove, Val::Ptr { index: d, .. }, Val::Ptr { index: s, .. }) => {
                let later = IExpr::Binary(BinaryOp::Gt, Box::new(d.clone()), Box::new(s.clone()));
                match self.spill(Val::Scalar(later), "memmove.backward") {
                    Val::Scalar(e) => Some(e),
                    _ => None,
                }
            }
            _ => None,
        };
        let (from, to) = (from.clone(), to.clone());
        self.element_loop(count, backward, |this, i| {
            let at = this.ptr_add(src.clone(), i.clone(), false, span);
            let at = this.ptr_place(at, span);
            let mut value = this.load(&at);
            if from != to {
                value = this
                    .reinterpret(vec![value], &from, &to, 1)
                    .pop()
                    .unwrap_or(Val::Void);
            }
            let at = this.ptr_add(dst.clone(), i, false, span);
            let at = this.ptr_place(at, span);
            this.store(&at, value, span);
        });
        Val::Void
    }

    /// A loop over `i` in `0..count` (from `count - 1` down to 0 when
    /// `backward` holds at run time), `body` emitting each iteration.
    fn element_loop(
        &mut self,
        count: IExpr,
        backward: Option<IExpr>,
        mut body: impl FnMut(&mut Self, IExpr),
    ) {
        let it = self.index_type();
        let one = || IExpr::Const(Constant::Int(it, 1));
        let j = self.new_local("mem.i", it);
        self.emit(IStmt::Assign {
            local: j,
            value: IExpr::Const(Constant::Int(it, 0)),
        });
        self.blocks.push(vec![]);
        self.emit(IStmt::If {
            cond: IExpr::Binary(
                BinaryOp::Ge,
                Box::new(IExpr::Local(j)),
                Box::new(count.clone()),
            ),
            then_block: vec![IStmt::Break],
            else_block: vec![],
        });
        let i = match backward {
            None => IExpr::Local(j),
            Some(backward) => {
                let last = IExpr::Binary(BinaryOp::Sub, Box::new(count), Box::new(one()));
                let down = IExpr::Binary(BinaryOp::Sub, Box::new(last), Box::new(IExpr::Local(j)));
                IExpr::Select(
                    Box::new(backward),
                    Box::new(down),
                    Box::new(IExpr::Local(j)),
                )
            }
        };
        let i = match self.spill(Val::Scalar(i), "mem.at") {
            Val::Scalar(e) => e,
            _ => return,
        };
        body(self, i);
        self.emit(IStmt::Assign {
            local: j,
            value: IExpr::Binary(BinaryOp::Add, Box::new(IExpr::Local(j)), Box::new(one())),
        });
        let body = self.blocks.pop().unwrap_or_default();
        self.emit(IStmt::Loop {
            body,
            continuing: vec![],
        });
    }
}
