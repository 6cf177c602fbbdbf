//! Classes and arrays in global memory (`float4 *p`, `accessor<Particle>`):
//! supported when every scalar in them has one type (`sycl::vec`, a
//! struct of floats, an array of ints...). The binding is then an array of
//! that scalar; a pointer to the aggregate counts in whole aggregates (the
//! runtime divides the address by the aggregate's size), and the aggregate
//! at index `i` is the `stride` scalars from `i * stride`, each member at
//! its byte offset divided by the scalar's size.

use super::values::{PlaceV, Val};
use super::Lowerer;
use crate::front::sema::Ty;
use crate::ir::{BinaryOp, BindingId, Constant, Expr as IExpr};
use crate::source::Span;

impl Lowerer<'_> {
    /// The one scalar type of every scalar in `ty` (a class without
    /// references or pointers, or an array), if there is one.
    pub(super) fn uniform_scalar(&mut self, ty: &Ty) -> Option<Ty> {
        match ty {
            Ty::Int(_) | Ty::Float(_) | Ty::Enum(_) => Some(ty.clone()),
            Ty::Array(elem, _) => self.uniform_scalar(elem),
            Ty::Class(c) => {
                self.sema.complete_class(*c);
                let info = self.sema.class(*c);
                let parts: Vec<Ty> = info
                    .bases
                    .iter()
                    .map(|(b, _)| Ty::Class(*b))
                    .chain(info.fields.iter().map(|f| f.ty.clone()))
                    .collect();
                let mut leaf: Option<Ty> = None;
                for p in parts {
                    let l = self.uniform_scalar(&p)?;
                    match &leaf {
                        Some(t) if *t != l => return None,
                        _ => leaf = Some(l),
                    }
                }
                leaf
            }
            _ => None,
        }
    }

    /// Scalars per aggregate of type `ty` whose scalars are `leaf`s.
    fn stride(&mut self, ty: &Ty, leaf: &Ty) -> u64 {
        let size = self.sema.size_align(ty).map_or(0, |x| x.0);
        let leaf_size = self.sema.size_align(leaf).map_or(1, |x| x.0.max(1));
        size / leaf_size
    }

    /// `*p` for a pointer to aggregate `ty` at aggregate index `index`.
    pub(super) fn global_aggregate(&mut self, binding: BindingId, index: IExpr, ty: Ty) -> PlaceV {
        let leaf = self.uniform_scalar(&ty).unwrap_or(Ty::Error);
        let stride = self.stride(&ty, &leaf);
        let first = self.scaled(index, stride);
        PlaceV::GlobalAgg {
            binding,
            index: first,
            ty,
        }
    }

    /// The aggregate index of the aggregate whose first scalar is `first`.
    pub(super) fn global_aggregate_index(&mut self, first: &IExpr, ty: &Ty) -> IExpr {
        let leaf = self.uniform_scalar(ty).unwrap_or(Ty::Error);
        let stride = self.stride(ty, &leaf);
        let it = self.index_type();
        IExpr::Binary(
            BinaryOp::Div,
            Box::new(first.clone()),
            Box::new(IExpr::Const(Constant::Int(it, stride.max(1)))),
        )
    }

    fn scaled(&self, index: IExpr, by: u64) -> IExpr {
        if by == 1 {
            return index;
        }
        let it = self.index_type();
        let index = self.cast_scalar(index, it);
        IExpr::Binary(
            BinaryOp::Mul,
            Box::new(index),
            Box::new(IExpr::Const(Constant::Int(it, by))),
        )
    }

    fn at(&self, binding: BindingId, first: &IExpr, offset: u64, ty: Ty) -> PlaceV {
        let it = self.index_type();
        let index = if offset == 0 {
            first.clone()
        } else {
            IExpr::Binary(
                BinaryOp::Add,
                Box::new(first.clone()),
                Box::new(IExpr::Const(Constant::Int(it, offset))),
            )
        };
        if matches!(ty, Ty::Class(_) | Ty::Array(..)) {
            PlaceV::GlobalAgg { binding, index, ty }
        } else {
            PlaceV::Global { binding, index }
        }
    }

    /// Part `i` (bases first, then fields; or element `i`) of the
    /// aggregate of type `ty` whose first scalar is `first`.
    pub(super) fn global_part(
        &mut self,
        binding: BindingId,
        first: &IExpr,
        ty: &Ty,
        i: usize,
    ) -> Option<PlaceV> {
        let leaf = self.uniform_scalar(ty)?;
        let leaf_size = self.sema.size_align(&leaf).map_or(1, |x| x.0.max(1));
        let (part_ty, byte_offset) = match ty {
            Ty::Array(elem, n) if (i as u64) < *n => {
                let size = self.sema.size_align(elem).map_or(0, |x| x.0);
                ((**elem).clone(), i as u64 * size)
            }
            Ty::Class(c) => {
                let info = self.sema.class(*c);
                let parts: Vec<(Ty, u64)> = info
                    .bases
                    .iter()
                    .map(|(b, o)| (Ty::Class(*b), *o))
                    .chain(info.fields.iter().map(|f| (f.ty.clone(), f.offset)))
                    .collect();
                parts.get(i)?.clone()
            }
            _ => return None,
        };
        Some(self.at(binding, first, byte_offset / leaf_size, part_ty))
    }

    /// Element `index` (known only at run time) of the array of type `ty`
    /// in global memory whose first scalar is `first`.
    pub(super) fn global_element(
        &mut self,
        binding: BindingId,
        first: &IExpr,
        ty: &Ty,
        index: IExpr,
    ) -> Option<PlaceV> {
        let Ty::Array(elem, _) = ty else { return None };
        let leaf = self.uniform_scalar(elem)?;
        let stride = self.stride(elem, &leaf);
        let it = self.index_type();
        let offset = self.scaled(self.cast_scalar(index, it), stride);
        let at = IExpr::Binary(BinaryOp::Add, Box::new(first.clone()), Box::new(offset));
        Some(self.at(binding, &at, 0, (**elem).clone()))
    }

    /// The number of parts [`Self::global_part`] gives for `ty`.
    fn part_count(&self, ty: &Ty) -> usize {
        match ty {
            Ty::Array(_, n) => *n as usize,
            Ty::Class(c) => {
                let info = self.sema.class(*c);
                info.bases.len() + info.fields.len()
            }
            _ => 0,
        }
    }

    /// Loads the aggregate (every scalar of it).
    pub(super) fn load_global_aggregate(
        &mut self,
        binding: BindingId,
        first: &IExpr,
        ty: &Ty,
    ) -> Val {
        let mut parts = vec![];
        for i in 0..self.part_count(ty) {
            if let Some(p) = self.global_part(binding, first, ty, i) {
                parts.push(self.load(&p));
            }
        }
        Val::Agg(parts)
    }

    /// Stores aggregate value `v` (of type `ty`) into global memory.
    pub(super) fn store_global_aggregate(
        &mut self,
        binding: BindingId,
        first: &IExpr,
        ty: &Ty,
        v: Val,
        span: Span,
    ) {
        let Val::Agg(values) = v else {
            self.error(span, "internal: storing a non-aggregate into an aggregate");
            return;
        };
        for (i, value) in values.into_iter().enumerate() {
            if let Some(p) = self.global_part(binding, first, ty, i) {
                self.store(&p, value, span);
            }
        }
    }
}
