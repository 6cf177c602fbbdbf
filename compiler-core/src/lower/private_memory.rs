//! Per-work-item arrays (IR `Space::Private`): the local variables and
//! parameters whose address device code takes (`float t[4]; f(t);`,
//! `modf(x, &whole)`), so that pointers can point into them; copies of
//! constant values whose address is taken (a captured array passed to a
//! function); the characters of string literals, so that `const char *`
//! parameters can point at them; and the scratch arrays of
//! library code (`__builtin_syclone_private_scratch`, per-work-item state
//! such as `sycl::stream`'s; `__builtin_syclone_group_scratch` in
//! work-group memory for the work-group algorithms), and the work-group
//! memory of `group_local_memory` (`__builtin_syclone_group_local_memory`).
//! Variables are laid out as in global memory (byte-addressed where their
//! types are narrow or mixed); the arrays the compiler declares itself give
//! elements narrower than a word a word each.

use super::values::{PlaceV, Val};
use super::Lowerer;
use crate::front::sema::thir;
use crate::front::sema::{IntKind, Ty};
use crate::ir::{Constant, Expr as IExpr, ScalarType, Space, Stmt as IStmt};
use crate::source::Span;

/// Elements of the private scratch (of each element type) a kernel has.
pub const PRIVATE_SCRATCH_ELEMENTS: u32 = 8;

impl Lowerer<'_> {
    /// A per-work-item object of type `ty` that pointers can point into:
    /// the place of the whole object (zero until stored).
    pub(super) fn addressable_private(&mut self, ty: &Ty, name: &str, span: Span) -> PlaceV {
        let Some(binding) = self.pointer_binding(ty, name, Space::Private, span) else {
            return self.dummy_place();
        };
        let size = self.sema.size_align(ty).map_or(0, |x| x.0);
        let elem_size = u64::from(self.bindings[binding.0 as usize].elem.size());
        let len = size.div_ceil(elem_size).max(1);
        self.bindings[binding.0 as usize].fixed_len = Some(len as u32);
        let zero = IExpr::Const(Constant::Int(self.index_type(), 0));
        self.pointee_place(binding, zero, ty.clone())
    }

    /// A per-work-item copy of the value at `p`, of type `ty`. A value
    /// fixed for the whole launch (made of constants and parameter-block
    /// scalars: a capture) is copied once, in the prologue, and every copy
    /// of it is that one: pointers taken into it at different places
    /// (`c.begin()` and `c.end()` of a captured `std::array`) point into
    /// one allocation.
    pub(super) fn copy_to_private(&mut self, p: &PlaceV, ty: &Ty, span: Span) -> PlaceV {
        let value = self.load(p);
        if !is_launch_constant(&value) {
            let copy = self.addressable_private(ty, "copy", span);
            self.store(&copy, value, span);
            return copy;
        }
        let key = format!("{ty:?}={value:?}");
        if let Some(copy) = self.launch_constant_copies.get(&key) {
            return copy.clone();
        }
        let copy = self.addressable_private(ty, "copy", span);
        self.blocks.push(vec![]);
        self.store(&copy, value, span);
        let stores = self.blocks.pop().unwrap_or_default();
        self.prologue.extend(stores);
        self.launch_constant_copies.insert(key, copy.clone());
        copy
    }

    /// String literal `text`: a private array holding its characters and
    /// the terminating NUL, filled in the kernel's prologue (once per
    /// kernel for each distinct literal).
    pub(super) fn string_literal(&mut self, text: &str) -> PlaceV {
        let bytes = text.as_bytes();
        let ty = Ty::Array(Box::new(Ty::Int(IntKind::Char)), bytes.len() as u64 + 1);
        let binding = match self.strings.get(text) {
            Some(b) => *b,
            None => {
                let b = self.new_binding("string", ScalarType::I32, Space::Private);
                self.bindings[b.0 as usize].fixed_len = Some(bytes.len() as u32 + 1);
                self.bindings[b.0 as usize].writes = true;
                for (i, &byte) in bytes.iter().enumerate() {
                    // `char` is signed: bytes above 127 are negative.
                    let value = byte as i8 as i64 as u64;
                    self.prologue.push(IStmt::Store {
                        binding: b,
                        index: IExpr::Const(Constant::Int(ScalarType::U32, i as u64)),
                        value: IExpr::Const(Constant::Int(ScalarType::I32, value)),
                    });
                }
                self.strings.insert(text.to_string(), b);
                b
            }
        };
        PlaceV::GlobalAgg {
            binding,
            index: IExpr::Const(Constant::Int(self.index_type(), 0)),
            ty,
        }
    }

    /// `__builtin_syclone_group_scratch((T *)0)` (work-group memory, the
    /// work-group algorithms' scratch, one element per work-item) and
    /// `__builtin_syclone_private_scratch((T *)0)` (per-work-item state): a
    /// pointer to the kernel's array of `len` elements of the pointee type
    /// in `space`, one per space and element type.
    pub(super) fn scratch_array(
        &mut self,
        args: &[thir::Expr],
        space: Space,
        len: u32,
        span: Span,
    ) -> super::Val {
        let Some(elem) = args.first().and_then(|a| a.ty.non_ref().pointee().cloned()) else {
            return super::Val::Void;
        };
        let Some(scalar) = self.scalar_of(&elem, span) else {
            return super::Val::Void;
        };
        let existing = self
            .scratch
            .iter()
            .find(|(s, t, _)| *s == space && *t == scalar)
            .map(|(_, _, b)| *b);
        let binding = existing.unwrap_or_else(|| {
            let name = if space == Space::Private {
                "private_scratch"
            } else {
                "group_scratch"
            };
            let b = self.new_binding(name, scalar, space);
            self.bindings[b.0 as usize].fixed_len = Some(len);
            self.scratch.push((space, scalar, b));
            b
        });
        super::Val::Ptr {
            binding: Some(binding),
            index: IExpr::Const(Constant::Int(self.index_type(), 0)),
            elem,
            choice: None,
        }
    }

    /// `__builtin_syclone_group_local_memory((T *)0)` (under
    /// `sycl::ext::oneapi::group_local_memory`): an array of work-group
    /// memory of its own, sized for one T.
    pub(super) fn group_local_memory(&mut self, args: &[thir::Expr], span: Span) -> super::Val {
        let Some(ty) = args.first().and_then(|a| a.ty.non_ref().pointee().cloned()) else {
            return super::Val::Void;
        };
        let Some(binding) = self.pointer_binding(&ty, "group_local", Space::Workgroup, span) else {
            return super::Val::Void;
        };
        let size = self.sema.size_align(&ty).map_or(0, |x| x.0);
        let elem_size = u64::from(self.bindings[binding.0 as usize].elem.size());
        self.bindings[binding.0 as usize].fixed_len = Some(size.div_ceil(elem_size).max(1) as u32);
        super::Val::Ptr {
            binding: Some(binding),
            index: IExpr::Const(Constant::Int(self.index_type(), 0)),
            elem: ty,
            choice: None,
        }
    }
}

/// Whether `v` is made only of scalars every work-item of a launch sees
/// alike from its start: constants, parameter-block scalars and
/// specialization constants, and arithmetic on them.
fn is_launch_constant(v: &Val) -> bool {
    match v {
        Val::Scalar(e) => is_launch_constant_scalar(e),
        Val::Agg(parts) => parts.iter().all(is_launch_constant),
        _ => false,
    }
}

fn is_launch_constant_scalar(e: &IExpr) -> bool {
    match e {
        IExpr::Const(_) | IExpr::Param { .. } | IExpr::SpecConst(_) => true,
        IExpr::ParamAt { word, .. } => is_launch_constant_scalar(word),
        IExpr::Unary(_, a) | IExpr::Convert(a, _) | IExpr::Bitcast(a, _) => {
            is_launch_constant_scalar(a)
        }
        IExpr::Binary(_, a, b) | IExpr::Uncontracted(_, a, b) => {
            is_launch_constant_scalar(a) && is_launch_constant_scalar(b)
        }
        IExpr::Select(c, a, b) => [c, a, b].iter().all(|x| is_launch_constant_scalar(x)),
        IExpr::Math(_, args) => args.iter().all(is_launch_constant_scalar),
        IExpr::Local(_) | IExpr::Builtin(..) | IExpr::Load { .. } => false,
    }
}
