//! Bit-fields in device code. Sema lays them out as g++ does
//! ([`BitField`]: a storage unit, of the declared type or for a packed
//! class the bytes that hold the bits, and bits in it). In
//! values (private variables, kernel parameters once read) a bit-field is a
//! scalar of its declared type holding the value wrapped to its width: every
//! store wraps, and so does every read (a whole-object copy moves values
//! as they are). Where an object's bytes meet device values, the bits are
//! taken out of the storage unit (kernel arguments, loads from memory) or
//! merged into it (stores to memory: read, merge, write the unit).

use super::values::{PlaceV, Val};
use super::Lowerer;
use crate::front::sema::thir::{self, ExprKind as TK};
use crate::front::sema::{BitField, ClassId, Ty};
use crate::ir::build::binary;
use crate::ir::{BinaryOp, BindingId, Constant, Expr as IExpr, ScalarType};
use crate::source::Span;

impl Lowerer<'_> {
    /// The bit-field `e` designates (`object.field`), if it is one.
    pub(super) fn bit_field_of(&mut self, e: &thir::Expr) -> Option<BitField> {
        let TK::Field(base, i) = &e.kind else {
            return None;
        };
        let Ty::Class(c) = base.ty.non_ref() else {
            return None;
        };
        self.sema.bit_field(*c, *i)
    }

    /// The bit-field `e` reads (`object.field`, or its value), if it is one.
    pub(super) fn bit_field_read<'e>(
        &mut self,
        e: &'e thir::Expr,
    ) -> Option<(&'e thir::Expr, BitField)> {
        let field = match &e.kind {
            TK::Load(inner) => inner,
            _ => e,
        };
        self.bit_field_of(field).map(|bits| (field, bits))
    }

    /// Whether `ty` (a class, a base or member of it, an array of them)
    /// holds bit-fields.
    pub(super) fn has_bit_fields(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::Array(e, _) => self.has_bit_fields(e),
            Ty::Class(c) => {
                let c = *c;
                !self.sema.class(c).bit_fields.is_empty()
                    || self
                        .class_parts(c)
                        .iter()
                        .any(|(p, _)| self.has_bit_fields(p))
            }
            _ => false,
        }
    }

    /// The value of the bit-field at place `p`, wrapped to its width.
    pub(super) fn bit_field_value(&mut self, p: &PlaceV, bits: BitField, ty: &Ty) -> Val {
        match self.load(p) {
            Val::Scalar(v) => Val::Scalar(self.wrap_to_bits(v, bits, ty)),
            other => other,
        }
    }

    /// Scalar `e` of the bit-field's type `ty`, wrapped to its width:
    /// sign-extended for a signed type, masked for an unsigned one.
    pub(super) fn wrap_to_bits(&self, e: IExpr, bf: BitField, ty: &Ty) -> IExpr {
        let signed = match ty {
            Ty::Int(k) => k.signed(),
            Ty::Enum(id) => self.sema.enums[id.0 as usize].underlying.signed(),
            _ => return e,
        };
        let st = self.expr_type(&e);
        let bits = 8 * st.size();
        if bf.width >= bits || !matches!(bits, 32 | 64) {
            return e;
        }
        let unused = u64::from(bits - bf.width);
        if signed {
            let sst = if bits == 64 {
                ScalarType::I64
            } else {
                ScalarType::I32
            };
            let shift = IExpr::Const(Constant::Int(sst, unused));
            let raised = binary(BinaryOp::Shl, self.cast_scalar(e, sst), shift.clone());
            self.cast_scalar(binary(BinaryOp::Shr, raised, shift), st)
        } else {
            let mask = u64::MAX >> (64 - bf.width);
            binary(BinaryOp::BitAnd, e, IExpr::Const(Constant::Int(st, mask)))
        }
    }

    /// The value of bit-field `bf` (of type `ty`, device type `st`) in the
    /// storage unit `unit`.
    fn extract_bits(&self, unit: IExpr, bf: BitField, ty: &Ty, st: ScalarType) -> IExpr {
        let wide = self.expr_type(&unit).size() == 8;
        let ut = if wide {
            ScalarType::U64
        } else {
            ScalarType::U32
        };
        let unit = self.cast_scalar(unit, ut);
        let shifted = binary(
            BinaryOp::Shr,
            unit,
            IExpr::Const(Constant::Int(ut, u64::from(bf.bit))),
        );
        if st == ScalarType::Bool {
            let one = IExpr::Const(Constant::Int(ut, 1));
            let zero = IExpr::Const(Constant::Int(ut, 0));
            return binary(BinaryOp::Ne, binary(BinaryOp::BitAnd, shifted, one), zero);
        }
        self.wrap_to_bits(self.cast_scalar(shifted, st), bf, ty)
    }

    /// `unit` with the bits of bit-field `bf` replaced by `value`.
    fn insert_bits(&self, unit: IExpr, value: IExpr, bf: BitField) -> IExpr {
        let ut = self.expr_type(&unit);
        let int = |v: u64| IExpr::Const(Constant::Int(ut, v));
        let mask = (u64::MAX >> (64 - bf.width)) << bf.bit;
        let value = if self.expr_type(&value) == ScalarType::Bool {
            IExpr::Select(Box::new(value), Box::new(int(1)), Box::new(int(0)))
        } else {
            self.cast_scalar(value, ut)
        };
        let placed = binary(
            BinaryOp::BitAnd,
            binary(BinaryOp::Shl, value, int(u64::from(bf.bit))),
            int(mask),
        );
        let kept = binary(
            BinaryOp::BitAnd,
            unit,
            int(!mask & (u64::MAX >> (64 - 8 * ut.size()))),
        );
        binary(BinaryOp::BitOr, kept, placed)
    }

    /// The kernel argument part that is bit-field `bf` of type `ty`: its
    /// storage unit copied from the host's bytes at `arg`/`offset`, then
    /// its bits.
    pub(super) fn bit_field_arg(
        &mut self,
        ty: &Ty,
        bf: BitField,
        (arg, offset): (u32, u32),
        span: Span,
    ) -> Val {
        let Some(st) = self.scalar_of(ty, span) else {
            return Val::Void;
        };
        let Some(unit_size) = self.storage_unit(ty, bf, span) else {
            return Val::Void;
        };
        let ut = if unit_size > 4 {
            ScalarType::U64
        } else {
            ScalarType::U32
        };
        let dest = self.param_slot(ut.size());
        self.scalars.push(crate::bundle::ScalarCopy {
            arg,
            offset,
            size: unit_size,
            dest,
            sign_extend: false,
        });
        let unit = IExpr::Param {
            offset: dest,
            ty: ut,
        };
        Val::Scalar(self.extract_bits(unit, bf, ty, st))
    }

    /// The size of the storage unit the device reads bit-field `bf` of
    /// type `ty` from; none (an error) for a unit of a packed class that
    /// spans more bytes than a storage unit holds.
    fn storage_unit(&mut self, ty: &Ty, bf: BitField, span: Span) -> Option<u32> {
        if bf.unit == 0 {
            let name = self.sema.ty_name(ty);
            self.error(
                span,
                format!(
                    "a bit-field of type '{name}' of a packed class lies across more bytes than a storage unit within the class holds; device code cannot read or write it"
                ),
            );
            return None;
        }
        Some(bf.unit)
    }

    /// Reports the first bit-field of class (or array) `ty` that device
    /// memory on this target cannot hold (see [`Self::storage_unit`]).
    pub(super) fn check_bit_fields_in_memory(&mut self, ty: &Ty, span: Span) -> bool {
        match ty {
            Ty::Array(e, _) => self.check_bit_fields_in_memory(e, span),
            Ty::Class(c) => {
                let c = *c;
                let fields = self.sema.class(c).fields.clone();
                for bf in self.sema.class(c).bit_fields.clone() {
                    if self.storage_unit(&fields[bf.field].ty, bf, span).is_none() {
                        return false;
                    }
                }
                let parts = self.class_parts(c);
                parts
                    .iter()
                    .all(|(p, _)| self.check_bit_fields_in_memory(p, span))
            }
            _ => true,
        }
    }

    /// The place of part `i` of class `c` in byte-addressed memory, if that
    /// part is a bit-field; `unit` is the byte of its storage unit.
    pub(super) fn memory_bit_field(
        &mut self,
        binding: BindingId,
        unit: IExpr,
        c: ClassId,
        i: usize,
    ) -> Option<PlaceV> {
        let field = i.checked_sub(self.sema.class(c).bases.len())?;
        let bf = self.sema.bit_field(c, field)?;
        let ty = self.sema.class(c).fields[field].ty.clone();
        // Units device code cannot read were reported where the binding was made.
        (bf.unit != 0).then_some(PlaceV::GlobalBits {
            binding,
            unit,
            unit_size: bf.unit,
            bits: bf,
            ty,
        })
    }

    /// Loads bit-field `bf` of type `ty` whose storage unit is at byte
    /// `unit` of `binding`.
    pub(super) fn load_bits(
        &mut self,
        binding: BindingId,
        (unit, unit_size): (&IExpr, u32),
        bf: BitField,
        ty: &Ty,
    ) -> IExpr {
        let Ok(st) = self.device_scalar(ty) else {
            return IExpr::Const(Constant::Int(ScalarType::U32, 0));
        };
        let unit_ty = unit_type(unit_size);
        let word = self.byte_load(binding, unit, &unit_ty);
        self.extract_bits(word, bf, ty, st)
    }

    /// Stores `value` into bit-field `bf` (read, merge, write its unit).
    pub(super) fn store_bits(
        &mut self,
        binding: BindingId,
        (unit, unit_size): (&IExpr, u32),
        bf: BitField,
        value: IExpr,
    ) {
        let unit_ty = unit_type(unit_size);
        let value = self.snapshot_scalar(value, "bit-field");
        let old = self.byte_load(binding, unit, &unit_ty);
        let merged = self.insert_bits(old, value, bf);
        self.byte_store(binding, unit, &unit_ty, merged);
    }
}

/// The unsigned integer type of a storage unit of `size` bytes.
fn unit_type(size: u32) -> Ty {
    use crate::front::sema::IntKind;
    Ty::Int(match size {
        1 => IntKind::UChar,
        2 => IntKind::UShort,
        8 => IntKind::ULongLong,
        _ => IntKind::UInt,
    })
}
