//! Per-work-item arrays (IR `Space::Private`): the characters of string
//! literals, so that `const char *` parameters can point at them, and the
//! private scratch of `__builtin_syclone_private_scratch`, per-work-item
//! state that library code keeps across calls (`sycl::stream`'s position).
//! Elements narrower than a word take a word each: private memory is not
//! shared, so nothing needs packing.

use super::values::PlaceV;
use super::Lowerer;
use crate::front::sema::thir;
use crate::front::sema::{IntKind, Ty};
use crate::ir::{Constant, Expr as IExpr, ScalarType, Space, Stmt as IStmt};
use crate::source::Span;

/// Elements of the private scratch (of each element type) a kernel has.
pub const PRIVATE_SCRATCH_ELEMENTS: u32 = 8;

impl Lowerer<'_> {
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

    /// `__builtin_syclone_private_scratch((T *)0)`: a pointer to the
    /// kernel's zero-initialised per-work-item array of
    /// [`PRIVATE_SCRATCH_ELEMENTS`] `T`s.
    pub(super) fn private_scratch(&mut self, args: &[thir::Expr], span: Span) -> super::Val {
        let Some(elem) = args.first().and_then(|a| a.ty.non_ref().pointee().cloned()) else {
            return super::Val::Void;
        };
        let Some(scalar) = self.scalar_of(&elem, span) else {
            return super::Val::Void;
        };
        let binding = match self.private_scratch.iter().find(|(t, _)| *t == scalar) {
            Some((_, b)) => *b,
            None => {
                let b = self.new_binding("private_scratch", scalar, Space::Private);
                self.bindings[b.0 as usize].fixed_len = Some(PRIVATE_SCRATCH_ELEMENTS);
                self.private_scratch.push((scalar, b));
                b
            }
        };
        super::Val::Ptr {
            binding: Some(binding),
            index: IExpr::Const(Constant::Int(self.index_type(), 0)),
            elem,
        }
    }
}
