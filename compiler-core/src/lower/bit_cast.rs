//! `__builtin_syclone_bit_cast(to, from)` (`sycl::bit_cast`): the bits of a
//! value made of arithmetic scalars (a scalar, a class or array of them) as
//! another such type of the same size. Scalars of one size are an IR
//! bitcast; otherwise the value is laid out in 32-bit words as the host
//! lays it out in memory (little endian, each scalar at its offset) and the
//! target's scalars are read back from the words, with the conversions
//! byte-addressed memory uses (`byte_memory.rs`).

use super::values::Val;
use super::Lowerer;
use crate::front::sema::{thir, Ty};
use crate::ir::{BinaryOp, Constant, Expr as IExpr, ScalarType};
use crate::source::Span;

fn u32c(v: u64) -> IExpr {
    IExpr::Const(Constant::Int(ScalarType::U32, v))
}

impl Lowerer<'_> {
    pub(super) fn bit_cast_intrinsic(&mut self, args: &[thir::Expr], span: Span) -> Val {
        let [to, from] = args else {
            return Val::Void;
        };
        let (to_ty, from_ty) = (to.ty.non_ref().clone(), from.ty.non_ref().clone());
        if self.has_bit_fields(&to_ty) || self.has_bit_fields(&from_ty) {
            let call = self.call_from_another_file(span).unwrap_or(span);
            self.error(
                call,
                "bit_cast of a class with bit-fields is not supported in device code yet",
            );
            return Val::Void;
        }
        let value = self.rvalue(from);
        let value = self.deref_val(value);
        if let (Val::Scalar(e), false, false) =
            (&value, is_aggregate(&to_ty), is_aggregate(&from_ty))
        {
            let Some(st) = self.scalar_of(&to_ty, span) else {
                return Val::Void;
            };
            let from_st = self.expr_type(e);
            if from_st.size() != st.size() {
                self.error(
                    span,
                    format!(
                        "cannot reinterpret {} as {} on this target",
                        from_st.name(),
                        st.name()
                    ),
                );
                return Val::Void;
            }
        }
        self.reinterpret(vec![value], &from_ty, &to_ty, 1)
            .pop()
            .unwrap_or(Val::Void)
    }

    /// `values` of type `from`, laid out one after another in memory, read
    /// back as `count` values of type `to` from the same bytes (both types
    /// made of arithmetic scalars; see [`Self::holds_only_arithmetic`]).
    pub(super) fn reinterpret(
        &mut self,
        values: Vec<Val>,
        from: &Ty,
        to: &Ty,
        count: u64,
    ) -> Vec<Val> {
        if let ([Val::Scalar(e)], 1, false, false) = (
            values.as_slice(),
            count,
            is_aggregate(to),
            is_aggregate(from),
        ) {
            // Scalars of one size: an IR bitcast.
            if let Ok(st) = self.device_scalar(to) {
                if self.expr_type(e).size() == st.size() {
                    return vec![Val::Scalar(IExpr::Bitcast(Box::new(e.clone()), st))];
                }
            }
        }
        let from_size = self.sema.size_align(from).map_or(0, |x| x.0);
        let words = self.words_of_values(values, from, from_size);
        self.values_of_words(&words, to, count)
    }

    /// Whether `ty` is made of arithmetic scalars only (no pointers,
    /// references or bit-fields), so its bytes may be read as another type.
    pub(super) fn holds_only_arithmetic(&mut self, ty: &Ty) -> bool {
        if self.has_bit_fields(ty) {
            return false;
        }
        let mut layout = vec![];
        self.scalar_layout(ty, 0, &mut layout);
        !layout.is_empty()
            && layout
                .iter()
                .all(|(_, t)| !matches!(t, Ty::Ptr { .. }) && self.device_scalar(t).is_ok())
    }

    /// `count` values of type `to` read from `words` (memory as 32-bit
    /// words, the first value at byte 0, the next at `to`'s size...).
    pub(super) fn values_of_words(&mut self, words: &[IExpr], to: &Ty, count: u64) -> Vec<Val> {
        let size = self.sema.size_align(to).map_or(0, |x| x.0);
        let mut layout = vec![];
        self.scalar_layout(to, 0, &mut layout);
        (0..count)
            .map(|k| {
                let scalars: Vec<IExpr> = layout
                    .iter()
                    .map(|(offset, ty)| {
                        let offset = k * size + offset;
                        let word = |i: u64| words.get(i as usize).cloned().unwrap_or(u32c(0));
                        let wide = self.sema.size_align(ty).is_some_and(|x| x.0 == 8)
                            && self.device_scalar(ty).is_ok_and(|st| st.size() == 8);
                        let high = wide.then(|| word(offset / 4 + 1));
                        let shift = u32c((offset % 4) * 8);
                        self.scalar_from_words(word(offset / 4), high, shift, ty)
                    })
                    .collect();
                self.value_of_scalars(to, &mut scalars.into_iter())
            })
            .collect()
    }

    /// The scalars of `ty` with their byte offsets (from `base`), in the
    /// order a value of it holds them (bases, then fields; array elements).
    fn scalar_layout(&mut self, ty: &Ty, base: u64, out: &mut Vec<(u64, Ty)>) {
        match ty {
            Ty::Class(c) => {
                for (part, offset) in self.class_parts(*c) {
                    self.scalar_layout(&part, base + offset, out);
                }
            }
            Ty::Array(elem, n) => {
                let size = self.sema.size_align(elem).map_or(0, |x| x.0);
                for i in 0..*n {
                    self.scalar_layout(elem, base + i * size, out);
                }
            }
            _ => out.push((base, ty.clone())),
        }
    }

    /// `values` of type `ty`, each `size` bytes, one after another in
    /// memory, as 32-bit words.
    fn words_of_values(&mut self, values: Vec<Val>, ty: &Ty, size: u64) -> Vec<IExpr> {
        let total = size * values.len() as u64;
        let mut words: Vec<IExpr> = (0..total.div_ceil(4).max(1)).map(|_| u32c(0)).collect();
        let mut layout = vec![];
        self.scalar_layout(ty, 0, &mut layout);
        for (k, v) in values.into_iter().enumerate() {
            for ((offset, sty), value) in layout.iter().zip(v.scalars()) {
                let offset = k as u64 * size + offset;
                let shift = u32c((offset % 4) * 8);
                let (low, high) = self.words_of_scalar(value, shift, sty);
                let at = (offset / 4) as usize;
                for (k, part) in [(at, Some(low)), (at + 1, high)] {
                    if let (Some(part), Some(word)) = (part, words.get_mut(k)) {
                        let old = std::mem::replace(word, u32c(0));
                        *word = IExpr::Binary(BinaryOp::BitOr, Box::new(old), Box::new(part));
                    }
                }
            }
        }
        words
    }

    /// A value of type `ty` made of `scalars`, taken in value order.
    fn value_of_scalars(&mut self, ty: &Ty, scalars: &mut impl Iterator<Item = IExpr>) -> Val {
        match ty {
            Ty::Class(c) => {
                let parts = self.class_parts(*c);
                Val::Agg(
                    parts
                        .iter()
                        .map(|(p, _)| self.value_of_scalars(p, scalars))
                        .collect(),
                )
            }
            Ty::Array(elem, n) => Val::Agg(
                (0..*n)
                    .map(|_| self.value_of_scalars(elem, scalars))
                    .collect(),
            ),
            _ => scalars.next().map_or(Val::Void, Val::Scalar),
        }
    }
}

fn is_aggregate(ty: &Ty) -> bool {
    matches!(ty, Ty::Class(_) | Ty::Array(..))
}
