//! Classes and arrays in global memory (`float4 *p`, `accessor<Particle>`).
//! When every scalar in them has one word-sized type (`sycl::vec<float>`, a
//! struct of floats, an array of ints...) the binding is an array of that
//! scalar; otherwise it is byte-addressed (`byte_memory.rs`). A pointer to
//! the aggregate counts in whole aggregates (the runtime divides the
//! address by the aggregate's size); a place in the binding counts in
//! units (the scalar, or a byte): the aggregate at index `i` is the
//! `stride` units from `i * stride`, each member at its byte offset divided
//! by the unit's size.

use super::values::{PlaceV, Val};
use super::Lowerer;
use crate::front::sema::{ClassId, Ty};
use crate::ir::{BinaryOp, BindingId, Constant, Expr as IExpr, ScalarType};
use crate::source::Span;

impl Lowerer<'_> {
    /// The parts of class `c` with their byte offsets: bases first, then
    /// fields.
    pub(super) fn class_parts(&mut self, c: ClassId) -> Vec<(Ty, u64)> {
        self.sema.complete_class(c);
        let info = self.sema.class(c);
        info.bases
            .iter()
            .map(|(b, o)| (Ty::Class(*b), *o))
            .chain(info.fields.iter().map(|f| (f.ty.clone(), f.offset)))
            .collect()
    }

    /// The one scalar type of every scalar in `ty` (a class without
    /// references or pointers, or an array), if there is one.
    pub(super) fn uniform_scalar(&mut self, ty: &Ty) -> Option<Ty> {
        match ty {
            Ty::Int(_) | Ty::Float(_) | Ty::Enum(_) => Some(ty.clone()),
            Ty::Array(elem, _) => self.uniform_scalar(elem),
            // Bit-fields are read from and merged into their units' bytes.
            Ty::Class(c) if !self.sema.class(*c).bit_fields.is_empty() => None,
            Ty::Class(c) => {
                let mut leaf: Option<Ty> = None;
                for (p, _) in self.class_parts(*c) {
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

    /// Bytes per unit of place index in `binding`, which holds aggregates
    /// of type `ty`: a byte, else the one scalar type of `ty` (a `char`
    /// array's unit is a `char`, whatever word holds it), else (a view of
    /// mixed word-sized scalars) the binding's element.
    fn unit_size(&mut self, binding: BindingId, ty: &Ty) -> u64 {
        if self.byte_addressed.contains(&binding.0) {
            return 1;
        }
        match self.uniform_scalar(ty) {
            Some(leaf) => self.sema.size_align(&leaf).map_or(1, |x| x.0.max(1)),
            None => u64::from(self.bindings[binding.0 as usize].elem.size().max(1)),
        }
    }

    /// Units per aggregate of type `ty` in `binding`.
    fn stride(&mut self, binding: BindingId, ty: &Ty) -> u64 {
        let size = self.sema.size_align(ty).map_or(0, |x| x.0);
        size / self.unit_size(binding, ty)
    }

    /// `*p` for a pointer into `binding` at element `index` of type `elem`.
    pub(super) fn pointee_place(&mut self, binding: BindingId, index: IExpr, elem: Ty) -> PlaceV {
        if matches!(elem, Ty::Class(_) | Ty::Array(..)) {
            return self.global_aggregate(binding, index, elem);
        }
        if !self.byte_addressed.contains(&binding.0) {
            return self.global_scalar(binding, index, &elem);
        }
        let size = self.sema.size_align(&elem).map_or(1, |x| x.0);
        PlaceV::GlobalBytes {
            binding,
            byte: self.scaled(index, size),
            ty: elem,
        }
    }

    /// The pointer to place `p` (of type `ty`) if it is in global memory:
    /// the inverse of [`Self::pointee_place`].
    pub(super) fn address_of(&mut self, p: &PlaceV, ty: &Ty) -> Option<Val> {
        let (binding, index) = match p {
            PlaceV::Global { binding, index, .. } => (*binding, index.clone()),
            PlaceV::GlobalAgg { binding, index, ty } => {
                (*binding, self.global_aggregate_index(*binding, index, ty))
            }
            PlaceV::GlobalBytes { binding, byte, ty } => {
                let size = self.sema.size_align(ty).map_or(1, |x| x.0.max(1));
                let it = self.index_type();
                let index = IExpr::Binary(
                    BinaryOp::Div,
                    Box::new(byte.clone()),
                    Box::new(IExpr::Const(Constant::Int(it, size))),
                );
                (*binding, index)
            }
            // An element through a pointer chosen at run time.
            PlaceV::Select { index, parts } => {
                let mut pointers = parts
                    .iter()
                    .map(|part| self.address_of(part, ty))
                    .collect::<Option<Vec<_>>>()?;
                let mut acc = pointers.pop()?;
                for (k, pointer) in pointers.into_iter().enumerate().rev() {
                    let cond = self.index_is(*index, k);
                    acc = self.select_pointers(cond, pointer, acc);
                }
                return Some(acc);
            }
            _ => return None,
        };
        Some(Val::Ptr {
            binding: Some(binding),
            index,
            elem: ty.non_ref().clone(),
            choice: None,
        })
    }

    /// The index of a pointer to `from` at `index` in `binding`, as a
    /// pointer to `to`. In byte-addressed memory a pointer counts its own
    /// type's size (bytes for `void *`), so the index is rescaled; elsewhere
    /// the sizes must agree (or one side be `void`, which keeps the index).
    pub(super) fn recast_index(
        &mut self,
        binding: BindingId,
        index: IExpr,
        from: &Ty,
        to: &Ty,
        span: Span,
    ) -> IExpr {
        let size = |l: &mut Self, t: &Ty| match t {
            Ty::Void => Some(1),
            _ => l.sema.size_align(t).map(|x| x.0.max(1)),
        };
        let (Some(from_size), Some(to_size)) = (size(self, from), size(self, to)) else {
            return index;
        };
        if from == to {
            return index;
        }
        if !self.byte_addressed.contains(&binding.0)
            && matches!(to, Ty::Class(_) | Ty::Array(..))
            && !self.in_words(binding, to)
        {
            // A view whose scalars are not the binding's words (`Pair &` over
            // `unsigned` storage): lowered again with the binding
            // byte-addressed.
            self.want_bytes(binding, from, to, span);
            return index;
        }
        if from_size == to_size {
            return index;
        }
        if self.byte_addressed.contains(&binding.0) {
            let it = self.index_type();
            let bytes = self.scaled(index, from_size);
            return IExpr::Binary(
                BinaryOp::Div,
                Box::new(bytes),
                Box::new(IExpr::Const(Constant::Int(it, to_size))),
            );
        }
        let words = |l: &mut Self, t: &Ty| *t != Ty::Void && l.in_words(binding, t);
        if words(self, from) && words(self, to) {
            // `(float4 *)p` over floats: both count in the binding's words.
            let it = self.index_type();
            let words = self.scaled(index, from_size);
            return IExpr::Binary(
                BinaryOp::Div,
                Box::new(words),
                Box::new(IExpr::Const(Constant::Int(it, to_size))),
            );
        }
        if !matches!(from, Ty::Void) && !matches!(to, Ty::Void) {
            self.want_bytes(binding, from, to, span);
        }
        index
    }

    /// Memory of `binding` viewed as a type it cannot hold as words: the
    /// kernel is lowered again with the binding byte-addressed; an error if
    /// that was tried and the binding is still not byte-addressed.
    fn want_bytes(&mut self, binding: BindingId, from: &Ty, to: &Ty, span: Span) {
        self.wanted_bytes.insert(binding.0);
        if self.forced_bytes.contains(&binding.0) {
            let (f, t) = (self.sema.ty_name(from), self.sema.ty_name(to));
            self.error(span, format!("casting a pointer to '{f}' into a pointer to '{t}' is not supported in Vulkan/WebGPU kernels: the memory is an array of '{f}' (only memory of mixed or narrow types, and memory a kernel receives as 'void *', can be viewed as other types)"));
        }
    }

    /// Whether every scalar of `ty` (void: none) is a word of `binding`.
    fn in_words(&mut self, binding: BindingId, ty: &Ty) -> bool {
        if *ty == Ty::Void {
            return true;
        }
        let word = u64::from(self.bindings[binding.0 as usize].elem.size());
        let mut leaves = vec![];
        self.scalar_leaves(ty, &mut leaves);
        leaves
            .iter()
            .all(|l| self.sema.size_align(l).is_some_and(|x| x.0 == word))
    }

    /// `*p` for a pointer to aggregate `ty` at aggregate index `index`.
    pub(super) fn global_aggregate(&mut self, binding: BindingId, index: IExpr, ty: Ty) -> PlaceV {
        let stride = self.stride(binding, &ty);
        let first = self.scaled(index, stride);
        PlaceV::GlobalAgg {
            binding,
            index: first,
            ty,
        }
    }

    /// The aggregate index of the aggregate whose first unit is `first`.
    pub(super) fn global_aggregate_index(
        &mut self,
        binding: BindingId,
        first: &IExpr,
        ty: &Ty,
    ) -> IExpr {
        let stride = self.stride(binding, ty);
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
        } else if self.byte_addressed.contains(&binding.0) {
            PlaceV::GlobalBytes {
                binding,
                byte: index,
                ty,
            }
        } else {
            self.global_scalar(binding, index, &ty)
        }
    }

    /// Element `index` of the word-addressed `binding`, read and written as
    /// a `ty`: the binding's own element type, or another scalar of its size
    /// whose bits the access reinterprets.
    fn global_scalar(&self, binding: BindingId, index: IExpr, ty: &Ty) -> PlaceV {
        let elem = self.bindings[binding.0 as usize].elem;
        let view = match self.device_scalar(ty) {
            Ok(t) if t != elem && t != ScalarType::Bool && t.size() == elem.size() => Some(t),
            _ => None,
        };
        PlaceV::Global {
            binding,
            index,
            view,
        }
    }

    /// Part `i` (bases first, then fields; or element `i`) of the
    /// aggregate of type `ty` whose first unit is `first`.
    pub(super) fn global_part(
        &mut self,
        binding: BindingId,
        first: &IExpr,
        ty: &Ty,
        i: usize,
    ) -> Option<PlaceV> {
        let unit = self.unit_size(binding, ty);
        let (part_ty, byte_offset) = match ty {
            Ty::Array(elem, n) if (i as u64) < *n => {
                let size = self.sema.size_align(elem).map_or(0, |x| x.0);
                ((**elem).clone(), i as u64 * size)
            }
            Ty::Class(c) => {
                let (part_ty, byte_offset) = self.class_parts(*c).get(i)?.clone();
                if !self.sema.class(*c).bit_fields.is_empty() {
                    let at = self.at(binding, first, byte_offset / unit, Ty::Void);
                    if let PlaceV::GlobalBytes { byte, .. } = &at {
                        if let Some(bits) = self.memory_bit_field(binding, byte.clone(), *c, i) {
                            return Some(bits);
                        }
                    }
                }
                (part_ty, byte_offset)
            }
            _ => return None,
        };
        Some(self.at(binding, first, byte_offset / unit, part_ty))
    }

    /// Element `index` (known only at run time) of the array of type `ty`
    /// in global memory whose first unit is `first`.
    pub(super) fn global_element(
        &mut self,
        binding: BindingId,
        first: &IExpr,
        ty: &Ty,
        index: IExpr,
    ) -> Option<PlaceV> {
        let Ty::Array(elem, _) = ty else { return None };
        let stride = self.stride(binding, elem);
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
            // A member of an anonymous union other than the one initialized.
            if matches!(value, Val::Void) {
                continue;
            }
            if let Some(p) = self.global_part(binding, first, ty, i) {
                self.store(&p, value, span);
            }
        }
    }
}
