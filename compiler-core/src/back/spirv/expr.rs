//! Expressions: constants, locals, parameters, built-ins, buffer loads,
//! arithmetic with C++ semantics (signedness picks the opcode) and the
//! numeric conversions of `Convert`/`Bitcast`.

use rspirv::spirv::{self, Decoration, StorageClass, Word};

use super::stmt::FnCtx;
use super::{Emitter, SpirvError};
use crate::ir::{BinaryOp, Builtin, Constant, Expr, MathFn, ScalarType, UnaryOp};

/// The integer type of `width` bytes with the given signedness.
fn int_type(width: u32, signed: bool) -> ScalarType {
    match (width, signed) {
        (4, true) => ScalarType::I32,
        (4, false) => ScalarType::U32,
        (_, true) => ScalarType::I64,
        (_, false) => ScalarType::U64,
    }
}

impl Emitter {
    /// Emit `e`; returns its id and IR type.
    pub(super) fn emit_expr(
        &mut self,
        f: &mut FnCtx,
        e: &Expr,
    ) -> Result<(Word, ScalarType), SpirvError> {
        match e {
            Expr::Const(c) => self.emit_const(f, c),
            Expr::Local(l) => {
                let (var, ty) = f.local(*l)?;
                let t = self.scalar(ty);
                Ok((self.b.load(t, None, var, None, [])?, ty))
            }
            Expr::Param { offset, ty } => self.emit_param(f, *offset, None, *ty),
            Expr::ParamAt { offset, word, ty } => {
                let (word, word_ty) = self.emit_expr(f, word)?;
                if word_ty != ScalarType::U32 {
                    return Err(SpirvError::BadParam {
                        kernel: f.kernel.name.clone(),
                        offset: *offset,
                        ty: word_ty.name(),
                        size: f.kernel.param_block_size,
                    });
                }
                self.emit_param(f, *offset, Some(word), *ty)
            }
            Expr::Builtin(which, _) if which.is_subgroup() => self.subgroup_builtin(f, *which),
            Expr::Builtin(Builtin::LocalInvocationIndex, _) => Ok((
                self.scalar_input(
                    f,
                    spirv::BuiltIn::LocalInvocationIndex,
                    "gl_LocalInvocationIndex",
                )?,
                ScalarType::U32,
            )),
            Expr::Builtin(which, dim) => {
                if *dim >= 3 {
                    return Err(SpirvError::BadBuiltinComponent {
                        kernel: f.kernel.name.clone(),
                        dim: *dim,
                    });
                }
                let Some(var) = self.builtin_var(*which) else {
                    debug_assert!(matches!(which, Builtin::WorkgroupSize));
                    let size = f.kernel.work_group_size[*dim as usize];
                    return Ok((self.const_u32(size), ScalarType::U32));
                };
                if !f.interface.contains(&var) {
                    f.interface.push(var);
                }
                let v3 = self.uvec3();
                let vec = self.b.load(v3, None, var, None, [])?;
                let u = self.scalar(ScalarType::U32);
                Ok((
                    self.b.composite_extract(u, None, vec, [*dim as u32])?,
                    ScalarType::U32,
                ))
            }
            Expr::Load { binding, index } => {
                let buf = f.binding(*binding)?;
                let volatile = f.kernel.bindings[binding.0 as usize].volatile;
                let ptr = self.element_pointer(f, buf, index)?;
                let t = self.stored_type(buf);
                let v = self
                    .b
                    .load(t, None, ptr, super::stmt::volatile_access(volatile), [])?;
                Ok((self.decode_element(buf, v)?, buf.elem))
            }
            Expr::Unary(op, a) => {
                let (a, ty) = self.emit_expr(f, a)?;
                let t = self.scalar(ty);
                let r = match (op, ty) {
                    (UnaryOp::Neg, _) if ty.is_signed_int() => self.b.s_negate(t, None, a)?,
                    // Unsigned negation is 0 - x (naga and WGSL have no `-` on unsigned).
                    (UnaryOp::Neg, _) if ty.is_unsigned_int() => {
                        let z = self.zero(ty);
                        self.b.i_sub(t, None, z, a)?
                    }
                    (UnaryOp::Neg, _) if ty.is_float() => self.b.f_negate(t, None, a)?,
                    (UnaryOp::Not, ScalarType::Bool) => self.b.logical_not(t, None, a)?,
                    (UnaryOp::BitNot, _) if ty.is_int() => self.b.not(t, None, a)?,
                    _ => return Err(f.err_type(format!("{op:?} of {}", ty.name()))),
                };
                Ok((r, ty))
            }
            Expr::Binary(op, a, b) => self.emit_binary(f, *op, a, b),
            Expr::Uncontracted(op, a, b) => {
                let (r, ty) = self.emit_binary(f, *op, a, b)?;
                if ty.is_float() && op.is_float_arithmetic() {
                    self.b.decorate(r, Decoration::NoContraction, []);
                }
                Ok((r, ty))
            }
            Expr::Convert(a, to) => {
                let (a, from) = self.emit_expr(f, a)?;
                Ok((self.convert(a, from, *to)?, *to))
            }
            Expr::Bitcast(a, to) => {
                // The bits of an infinity, a NaN or -0 (`sycl::bit_cast<float>(0x7fc00000u)`):
                // as for such a float constant, no constant expression.
                if let (Expr::Const(Constant::Int(_, bits)), true) = (&**a, to.is_float()) {
                    match *to {
                        ScalarType::F32
                            if !plain_constant(f64::from(f32::from_bits(*bits as u32))) =>
                        {
                            return Ok((self.opaque_f32_bits(*bits as u32)?, *to));
                        }
                        ScalarType::F64 if !plain_constant(f64::from_bits(*bits)) => {
                            return Ok((self.opaque_float(*to, f64::from_bits(*bits))?, *to));
                        }
                        _ => {}
                    }
                }
                let (a, from) = self.emit_expr(f, a)?;
                if from == ScalarType::Bool || *to == ScalarType::Bool || from.size() != to.size() {
                    return Err(f.err_type(format!(
                        "bitcast from {} to {}",
                        from.name(),
                        to.name()
                    )));
                }
                if from == *to {
                    return Ok((a, from));
                }
                let t = self.scalar(*to);
                Ok((self.b.bitcast(t, None, a)?, *to))
            }
            Expr::Select(c, a, b) => {
                let (c, ct) = self.emit_expr(f, c)?;
                let (a, at) = self.emit_expr(f, a)?;
                let (b, bt) = self.emit_expr(f, b)?;
                if ct != ScalarType::Bool || at != bt {
                    return Err(f.err_type(format!(
                        "select with condition {} and operands {}, {}",
                        ct.name(),
                        at.name(),
                        bt.name()
                    )));
                }
                let t = self.scalar(at);
                Ok((self.b.select(t, None, c, a, b)?, at))
            }
            Expr::Math(func, args) => self.emit_math(f, *func, args),
            Expr::SpecConst(i) => {
                let Some(c) = f.kernel.spec_constants.get(*i as usize) else {
                    return Err(f.err_type(format!("no specialization constant s{i}")));
                };
                Ok((self.spec_constant(&f.kernel.name, c)?, c.default.ty()))
            }
        }
    }

    /// A GLSL.std.450 instruction; doubles go through float where the
    /// instruction set has no 64-bit form (transcendentals).
    fn emit_math(
        &mut self,
        f: &mut FnCtx,
        func: MathFn,
        args: &[Expr],
    ) -> Result<(Word, ScalarType), SpirvError> {
        let mut ids = Vec::with_capacity(args.len());
        let mut ty = None;
        for a in args {
            let (id, t) = self.emit_expr(f, a)?;
            if !t.is_float() || ty.is_some_and(|x| x != t) {
                return Err(f.err_type(format!("{} of {}", func.name(), t.name())));
            }
            ty = Some(t);
            ids.push(id);
        }
        let ty = ty.ok_or_else(|| f.err_type(format!("{} without operands", func.name())))?;
        let via_f32 = ty == ScalarType::F64 && !func.has_f64();
        let op_ty = if via_f32 { ScalarType::F32 } else { ty };
        if via_f32 {
            for id in &mut ids {
                *id = self.convert(*id, ty, op_ty)?;
            }
        }
        let set = self.glsl_std_450();
        let t = self.scalar(op_ty);
        let operands: Vec<rspirv::dr::Operand> =
            ids.into_iter().map(rspirv::dr::Operand::IdRef).collect();
        let r = self
            .b
            .ext_inst(t, None, set, func.glsl_opcode(), operands)?;
        if via_f32 {
            return Ok((self.convert(r, op_ty, ty)?, ty));
        }
        Ok((r, ty))
    }

    fn emit_const(&mut self, f: &FnCtx, c: &Constant) -> Result<(Word, ScalarType), SpirvError> {
        let (ty, bits) = match *c {
            Constant::Bool(v) => (ScalarType::Bool, v as u64),
            Constant::Int(t, v) if t.is_int() => (t, v),
            Constant::Float(t, v) if t.is_float() && !plain_constant(v) => {
                return Ok((self.opaque_float(t, v)?, t));
            }
            Constant::Float(ScalarType::F32, v) => (ScalarType::F32, (v as f32).to_bits() as u64),
            Constant::Float(ScalarType::F64, v) => (ScalarType::F64, v.to_bits()),
            _ => return Err(f.err_type(format!("malformed constant {c:?}"))),
        };
        Ok((self.constant_bits(ty, bits), ty))
    }

    /// The float `v` of type `ty` as a value no translator folds. WGSL
    /// evaluates an expression of constants when the shader is created and
    /// refuses one that makes an infinity or a NaN (it has no literal for
    /// them either), as naga's validator refuses such a literal; a constant
    /// -0 loses its sign on the way to SwiftShader's WebGPU (`bitselect`
    /// with a sign-bit mask selected nothing): the value
    /// is read from a private variable, a float's bits as a u32
    /// (reinterpreted), a non-finite double as the float of its class
    /// (converted).
    fn opaque_float(&mut self, ty: ScalarType, v: f64) -> Result<Word, SpirvError> {
        match ty {
            ScalarType::F64 if !v.is_finite() => {
                let single = self.opaque_float(ScalarType::F32, v)?;
                self.convert(single, ScalarType::F32, ScalarType::F64)
            }
            ScalarType::F32 => self.opaque_f32_bits((v as f32).to_bits()),
            _ => self.opaque_load(ty, v.to_bits()),
        }
    }

    /// The f32 of `bits`, read as a u32 from a private variable and
    /// reinterpreted (see [`Self::opaque_float`]).
    fn opaque_f32_bits(&mut self, bits: u32) -> Result<Word, SpirvError> {
        let value = self.opaque_load(ScalarType::U32, u64::from(bits))?;
        let t = self.scalar(ScalarType::F32);
        Ok(self.b.bitcast(t, None, value)?)
    }

    /// A load of the private variable that holds the constant `bits` of
    /// type `held`, one variable per constant.
    fn opaque_load(&mut self, held: ScalarType, bits: u64) -> Result<Word, SpirvError> {
        let var = match self.opaque_constants.get(&(held, bits)) {
            Some(&var) => var,
            None => {
                let init = self.constant_bits(held, bits);
                let held_ty = self.scalar(held);
                let ptr = self.pointer(StorageClass::Private, held_ty);
                let var = self.global_variable_init(ptr, StorageClass::Private, Some(init));
                self.opaque_constants.insert((held, bits), var);
                var
            }
        };
        let held_ty = self.scalar(held);
        Ok(self.b.load(held_ty, None, var, None, [])?)
    }

    /// A scalar of the parameter block: one u32 word, or two (low word first)
    /// for 64-bit types.
    /// The scalar of type `ty` at byte `offset` of the parameter block, plus
    /// `4 * dynamic_word` when a run-time word index is given.
    fn emit_param(
        &mut self,
        f: &FnCtx,
        offset: u32,
        dynamic_word: Option<Word>,
        ty: ScalarType,
    ) -> Result<(Word, ScalarType), SpirvError> {
        let words = if ty.size() == 8 { 2 } else { 1 };
        let fits = offset
            .checked_add(4 * words)
            .is_some_and(|end| end <= f.kernel.param_block_size);
        if !offset.is_multiple_of(4) || !fits {
            return Err(SpirvError::BadParam {
                kernel: f.kernel.name.clone(),
                offset,
                ty: ty.name(),
                size: f.kernel.param_block_size,
            });
        }
        let u32t = self.scalar(ScalarType::U32);
        let v4 = self.uvec4();
        let ptr_ty = self.pointer(StorageClass::Uniform, v4);
        let zero = self.const_u32(0);
        // Word w is component w % 4 of uvec4 number w / 4.
        let load_word = |e: &mut Emitter, word: u32| -> Result<Word, SpirvError> {
            let Some(dynamic) = dynamic_word else {
                let idx = e.const_u32(word / 4);
                let p = e.b.access_chain(ptr_ty, None, f.params, [zero, idx])?;
                let v = e.b.load(v4, None, p, None, [])?;
                return Ok(e.b.composite_extract(u32t, None, v, [word % 4])?);
            };
            let base = e.const_u32(word);
            let w = e.b.i_add(u32t, None, base, dynamic)?;
            let two = e.const_u32(2);
            let three = e.const_u32(3);
            let idx = e.b.shift_right_logical(u32t, None, w, two)?;
            let component = e.b.bitwise_and(u32t, None, w, three)?;
            let p = e.b.access_chain(ptr_ty, None, f.params, [zero, idx])?;
            let v = e.b.load(v4, None, p, None, [])?;
            Ok(e.b.vector_extract_dynamic(u32t, None, v, component)?)
        };
        let lo = load_word(self, offset / 4)?;
        let t = self.scalar(ty);
        let v = match ty {
            ScalarType::U32 => lo,
            ScalarType::I32 | ScalarType::F32 => self.b.bitcast(t, None, lo)?,
            ScalarType::Bool => {
                let z = self.const_u32(0);
                self.b.i_not_equal(t, None, lo, z)?
            }
            ScalarType::I64 | ScalarType::U64 | ScalarType::F64 => {
                let hi = load_word(self, offset / 4 + 1)?;
                let u64t = self.scalar(ScalarType::U64);
                let lo64 = self.b.u_convert(u64t, None, lo)?;
                let hi64 = self.b.u_convert(u64t, None, hi)?;
                let n32 = self.const_u32(32);
                let hi_shifted = self.b.shift_left_logical(u64t, None, hi64, n32)?;
                let v = self.b.bitwise_or(u64t, None, lo64, hi_shifted)?;
                if ty == ScalarType::U64 {
                    v
                } else {
                    self.b.bitcast(t, None, v)?
                }
            }
        };
        Ok((v, ty))
    }

    fn emit_binary(
        &mut self,
        f: &mut FnCtx,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
    ) -> Result<(Word, ScalarType), SpirvError> {
        let (x, ty) = match (a, b) {
            // Two float constants the fold pass left alone make an infinity
            // or a NaN: WGSL must not see a constant expression.
            (Expr::Const(Constant::Float(t, v)), Expr::Const(Constant::Float(..))) => {
                (self.opaque_float(*t, *v)?, *t)
            }
            _ => self.emit_expr(f, a)?,
        };
        let (y, yt) = match b {
            // A constant count of the operand's width or more (undefined in
            // C++ and SPIR-V; WGSL refuses the shader) counts modulo the
            // width, as x86 shifts do.
            Expr::Const(Constant::Int(t, n))
                if matches!(op, BinaryOp::Shl | BinaryOp::Shr)
                    && t.is_int()
                    && ty.is_int()
                    && *n >= u64::from(ty.size() * 8) =>
            {
                let masked = n & u64::from(ty.size() * 8 - 1);
                (self.constant_bits(*t, masked), *t)
            }
            _ => self.emit_expr(f, b)?,
        };
        // Operand types agree, but for shifts (C++ promotes each operand of
        // `<<` and `>>` on its own: `1ull << i`).
        let shift = matches!(op, BinaryOp::Shl | BinaryOp::Shr) && ty.is_int() && yt.is_int();
        if ty != yt && !shift {
            return Err(f.err_type(format!("{op:?} of {} and {}", ty.name(), yt.name())));
        }
        let t = self.scalar(ty);
        let bool_t = self.scalar(ScalarType::Bool);
        let int = ty.is_int();
        let signed = ty.is_signed_int();
        let float = ty.is_float();
        let boolean = ty == ScalarType::Bool;
        use BinaryOp as B;
        let ordering = matches!(op, B::Lt | B::Le | B::Gt | B::Ge);
        let constant_operand = matches!(a, Expr::Const(_)) || matches!(b, Expr::Const(_));
        let (x, y, signed) = if ordering && ty == ScalarType::I64 && constant_operand {
            // Mesa's llvmpipe (22.3, lavapipe) gets a signed 64-bit ordering
            // of a sign-extended 32-bit value against a constant wrong
            // (`int64_t v = i; v > 100` is always true): compare with the
            // sign bits flipped, unsigned, which is the same order.
            let min = self.constant_bits(ScalarType::I64, 1 << 63);
            let x = self.b.bitwise_xor(t, None, x, min)?;
            let y = self.b.bitwise_xor(t, None, y, min)?;
            (x, y, false)
        } else {
            (x, y, signed)
        };
        if op == B::Rem && signed {
            return Ok((self.signed_remainder(ty, x, y)?, ty));
        }
        let b = &mut self.b;
        let r = match op {
            B::Add if int => b.i_add(t, None, x, y)?,
            B::Add if float => b.f_add(t, None, x, y)?,
            B::Sub if int => b.i_sub(t, None, x, y)?,
            B::Sub if float => b.f_sub(t, None, x, y)?,
            B::Mul if int => b.i_mul(t, None, x, y)?,
            B::Mul if float => b.f_mul(t, None, x, y)?,
            B::Div if signed => b.s_div(t, None, x, y)?,
            B::Div if int => b.u_div(t, None, x, y)?,
            B::Div if float => b.f_div(t, None, x, y)?,
            B::Rem if int => b.u_mod(t, None, x, y)?,
            B::Rem if float => b.f_rem(t, None, x, y)?,
            B::BitAnd if int => b.bitwise_and(t, None, x, y)?,
            B::BitOr if int => b.bitwise_or(t, None, x, y)?,
            B::BitXor if int => b.bitwise_xor(t, None, x, y)?,
            B::BitAnd | B::LogicalAnd if boolean => b.logical_and(t, None, x, y)?,
            B::BitOr | B::LogicalOr if boolean => b.logical_or(t, None, x, y)?,
            B::BitXor | B::Ne if boolean => b.logical_not_equal(t, None, x, y)?,
            B::Eq if boolean => b.logical_equal(t, None, x, y)?,
            B::Shl | B::Shr if int => {
                // Shift amounts are u32 (what naga and WGSL expect).
                let y = self.int_resize(y, yt, ScalarType::U32)?;
                let b = &mut self.b;
                match op {
                    B::Shl => b.shift_left_logical(t, None, x, y)?,
                    _ if signed => b.shift_right_arithmetic(t, None, x, y)?,
                    _ => b.shift_right_logical(t, None, x, y)?,
                }
            }
            B::Eq if int => b.i_equal(bool_t, None, x, y)?,
            B::Ne if int => b.i_not_equal(bool_t, None, x, y)?,
            B::Lt if signed => b.s_less_than(bool_t, None, x, y)?,
            B::Le if signed => b.s_less_than_equal(bool_t, None, x, y)?,
            B::Gt if signed => b.s_greater_than(bool_t, None, x, y)?,
            B::Ge if signed => b.s_greater_than_equal(bool_t, None, x, y)?,
            B::Lt if int => b.u_less_than(bool_t, None, x, y)?,
            B::Le if int => b.u_less_than_equal(bool_t, None, x, y)?,
            B::Gt if int => b.u_greater_than(bool_t, None, x, y)?,
            B::Ge if int => b.u_greater_than_equal(bool_t, None, x, y)?,
            B::Eq if float => b.f_ord_equal(bool_t, None, x, y)?,
            // NaN != NaN is true: written !(x == y), since naga turns an
            // unordered != into an ordered one.
            B::Ne if float => {
                let eq = b.f_ord_equal(bool_t, None, x, y)?;
                b.logical_not(bool_t, None, eq)?
            }
            B::Lt if float => b.f_ord_less_than(bool_t, None, x, y)?,
            B::Le if float => b.f_ord_less_than_equal(bool_t, None, x, y)?,
            B::Gt if float => b.f_ord_greater_than(bool_t, None, x, y)?,
            B::Ge if float => b.f_ord_greater_than_equal(bool_t, None, x, y)?,
            _ => return Err(f.err_type(format!("{op:?} of {} operands", ty.name()))),
        };
        let rt = if op.is_comparison() {
            ScalarType::Bool
        } else {
            ty
        };
        Ok((r, rt))
    }

    /// C++ `x % y` of signed integers (truncating: the result takes the
    /// dividend's sign), from the unsigned remainder of the magnitudes:
    /// Vulkan leaves `OpSRem` and `OpSMod` undefined for negative operands
    /// (NVIDIA's driver computes something else there).
    fn signed_remainder(&mut self, ty: ScalarType, x: Word, y: Word) -> Result<Word, SpirvError> {
        let unsigned = if ty.size() == 8 {
            ScalarType::U64
        } else {
            ScalarType::U32
        };
        let (t, ut) = (self.scalar(ty), self.scalar(unsigned));
        let bool_t = self.scalar(ScalarType::Bool);
        let zero = self.constant_bits(ty, 0);
        let b = &mut self.b;
        // |v| as unsigned (the most negative value's magnitude too).
        let mut magnitude = |v: Word| -> Result<(Word, Word), SpirvError> {
            let negative = b.s_less_than(bool_t, None, v, zero)?;
            let negated = b.s_negate(t, None, v)?;
            let abs = b.select(t, None, negative, negated, v)?;
            Ok((b.bitcast(ut, None, abs)?, negative))
        };
        let (ux, x_negative) = magnitude(x)?;
        let (uy, _) = magnitude(y)?;
        let ur = b.u_mod(ut, None, ux, uy)?;
        let r = b.bitcast(t, None, ur)?;
        let negated = b.s_negate(t, None, r)?;
        Ok(b.select(t, None, x_negative, negated, r)?)
    }

    /// Change an integer's width and/or signedness: the width changes by the
    /// *source's* signedness (sign- or zero-extension; truncation keeps the
    /// low bits), then the bits are reinterpreted as `to`.
    pub(super) fn int_resize(
        &mut self,
        v: Word,
        from: ScalarType,
        to: ScalarType,
    ) -> Result<Word, SpirvError> {
        if from == to {
            return Ok(v);
        }
        let mut v = v;
        let mut cur = from;
        if from.size() != to.size() {
            cur = int_type(to.size(), from.is_signed_int());
            let t = self.scalar(cur);
            v = if from.is_signed_int() {
                self.b.s_convert(t, None, v)?
            } else {
                self.b.u_convert(t, None, v)?
            };
        }
        if cur != to {
            let t = self.scalar(to);
            v = self.b.bitcast(t, None, v)?;
        }
        Ok(v)
    }

    /// `Convert` with C++ semantics between any two scalar types.
    pub(super) fn convert(
        &mut self,
        v: Word,
        from: ScalarType,
        to: ScalarType,
    ) -> Result<Word, SpirvError> {
        if from == to {
            return Ok(v);
        }
        let t = self.scalar(to);
        Ok(match (from, to) {
            // x -> bool is x != 0 (NaN converts to true).
            (_, ScalarType::Bool) => {
                let z = self.zero(from);
                if from.is_float() {
                    // !(x == 0), as for `!=` above.
                    let eq = self.b.f_ord_equal(t, None, v, z)?;
                    self.b.logical_not(t, None, eq)?
                } else {
                    self.b.i_not_equal(t, None, v, z)?
                }
            }
            (ScalarType::Bool, _) => {
                let one = self.one(to);
                let zero = self.zero(to);
                self.b.select(t, None, v, one, zero)?
            }
            _ if from.is_int() && to.is_int() => self.int_resize(v, from, to)?,
            _ if from.is_signed_int() => self.b.convert_s_to_f(t, None, v)?,
            _ if from.is_unsigned_int() => self.b.convert_u_to_f(t, None, v)?,
            // from is a float here.
            _ if to.is_signed_int() => self.b.convert_f_to_s(t, None, v)?,
            _ if to.is_unsigned_int() => self.b.convert_f_to_u(t, None, v)?,
            _ => self.b.f_convert(t, None, v)?,
        })
    }
}

/// Whether a float constant of value `v` may be written as one: not an
/// infinity, a NaN or -0 (see [`Emitter::opaque_float`]).
fn plain_constant(v: f64) -> bool {
    v.is_finite() && !(v == 0.0 && v.is_sign_negative())
}
