//! 64-bit integers as pairs of 32-bit words, for targets whose devices
//! have no 64-bit integer arithmetic (WebGPU: WGSL has no `i64`).
//!
//! Every `i64`/`u64` local, memory element, parameter and specialization
//! constant becomes a low and a high `u32` word (little-endian in memory,
//! as the host lays the value out), and each operation on them the 32-bit
//! operations that compute it exactly: carries for `+` and `-`, 16-bit
//! partial products for `*`, a shift-subtract loop for `/` and `%`, selects
//! for shifts, correctly rounded conversions to and from `float`. Values an
//! operation reads more than once go through temporaries, so the code grows
//! linearly with the expression.
//!
//! Post-link runs it on the kernels of images such a target runs; kernels
//! that need fp64 or 64-bit atomics never run there and keep their 64-bit
//! integers (their image is refused at launch).

use crate::ir::build::{binary as bin, select, u32_const as u32c};
use crate::ir::{
    BinaryOp, Block, Constant, Expr, Kernel, Local, LocalId, MathFn, ScalarType, SpecConstant,
    Stmt, SubgroupOp, Types, UnaryOp,
};

#[cfg(test)]
mod tests;

/// What the pass cannot write in 32-bit words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} has no form in 32-bit integers")]
pub struct NoWordForm(pub &'static str);

/// Rewrites `kernel` without 64-bit integer types (see the module comment).
pub fn split_int64(kernel: &mut Kernel) -> Result<(), NoWordForm> {
    let original_locals = kernel.locals.clone();
    let original_bindings = kernel.bindings.clone();
    let original_specs = kernel.spec_constants.clone();
    let mut high_local = vec![None; kernel.locals.len()];
    for (i, slot) in high_local.iter_mut().enumerate() {
        let local = &mut kernel.locals[i];
        if is_wide(local.ty) {
            local.ty = ScalarType::U32;
            let name = format!("{}.hi", local.name);
            *slot = Some(LocalId(kernel.locals.len() as u32));
            kernel.locals.push(Local {
                name,
                ty: ScalarType::U32,
            });
        }
    }
    let mut split_binding = vec![false; kernel.bindings.len()];
    for (b, split) in kernel.bindings.iter_mut().zip(&mut split_binding) {
        if is_wide(b.elem) {
            b.elem = ScalarType::U32;
            b.fixed_len = b.fixed_len.map(|n| n.saturating_mul(2));
            *split = true;
        }
    }
    let mut high_spec = vec![None; kernel.spec_constants.len()];
    let mut high_words = vec![];
    let next = kernel.spec_constants.len();
    for (c, high) in kernel.spec_constants.iter_mut().zip(&mut high_spec) {
        if is_wide(c.default.ty()) {
            let bits = c.default.bits();
            *high = Some((next + high_words.len()) as u32);
            high_words.push(SpecConstant {
                offset: c.offset + 4,
                size: c.size.saturating_sub(4),
                default: Constant::Int(ScalarType::U32, bits >> 32),
                ..c.clone()
            });
            c.size = 4;
            c.default = Constant::Int(ScalarType::U32, bits & 0xffff_ffff);
        }
    }
    kernel.spec_constants.extend(high_words);
    let mut splitter = Splitter {
        types: Types {
            bindings: &original_bindings,
            locals: &original_locals,
            spec_constants: &original_specs,
        },
        locals: std::mem::take(&mut kernel.locals),
        high_local,
        split_binding,
        high_spec,
    };
    let body = splitter.block(std::mem::take(&mut kernel.body))?;
    kernel.locals = splitter.locals;
    kernel.body = body;
    Ok(())
}

fn is_wide(ty: ScalarType) -> bool {
    matches!(ty, ScalarType::I64 | ScalarType::U64)
}

/// A 64-bit value as its (low, high) `u32` words.
type Pair = (Expr, Expr);

struct Splitter<'a> {
    /// The types before the pass, which the expressions it reads have.
    types: Types<'a>,
    locals: Vec<Local>,
    /// The high word of each 64-bit local (whose own id holds the low one).
    high_local: Vec<Option<LocalId>>,
    /// Bindings of 64-bit elements, now of two `u32` words each.
    split_binding: Vec<bool>,
    /// The high word of each 64-bit specialization constant.
    high_spec: Vec<Option<u32>>,
}

fn bitcast(e: Expr, ty: ScalarType) -> Expr {
    Expr::Bitcast(Box::new(e), ty)
}

fn convert(e: Expr, ty: ScalarType) -> Expr {
    Expr::Convert(Box::new(e), ty)
}

/// 1 if `c`, else 0 (a carry or borrow).
fn one_if(c: Expr) -> Expr {
    select(c, u32c(1), u32c(0))
}

/// Whether reading `e` twice costs nothing and reads the same value.
fn is_trivial(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Const(_)
            | Expr::Local(_)
            | Expr::Param { .. }
            | Expr::Builtin(..)
            | Expr::SpecConst(_)
    )
}

impl Splitter<'_> {
    fn new_local(&mut self, name: &str, ty: ScalarType) -> LocalId {
        self.locals.push(Local {
            name: name.into(),
            ty,
        });
        LocalId(self.locals.len() as u32 - 1)
    }

    /// `e` itself if it is trivial, else a new local assigned it in `out`.
    fn temp(&mut self, e: Expr, ty: ScalarType, out: &mut Block) -> Expr {
        if is_trivial(&e) {
            return e;
        }
        let local = self.new_local("w", ty);
        out.push(Stmt::Assign { local, value: e });
        Expr::Local(local)
    }

    fn temp_pair(&mut self, (lo, hi): Pair, out: &mut Block) -> Pair {
        (
            self.temp(lo, ScalarType::U32, out),
            self.temp(hi, ScalarType::U32, out),
        )
    }

    /// A new pair of `u32` locals.
    fn pair_locals(&mut self, name: &str) -> (LocalId, LocalId) {
        (
            self.new_local(name, ScalarType::U32),
            self.new_local(name, ScalarType::U32),
        )
    }

    fn block(&mut self, block: Block) -> Result<Block, NoWordForm> {
        let mut out = Vec::with_capacity(block.len());
        for s in block {
            self.stmt(s, &mut out)?;
        }
        Ok(out)
    }

    fn stmt(&mut self, s: Stmt, out: &mut Block) -> Result<(), NoWordForm> {
        match s {
            Stmt::Assign { local, value } => match self.high_local[local.0 as usize] {
                Some(high) => {
                    let (lo, hi) = self.wide(value, out)?;
                    // The high word may read the low one being assigned.
                    let hi = self.temp(hi, ScalarType::U32, out);
                    out.push(Stmt::Assign { local, value: lo });
                    out.push(Stmt::Assign {
                        local: high,
                        value: hi,
                    });
                }
                None => {
                    let value = self.narrow(value, out)?;
                    out.push(Stmt::Assign { local, value });
                }
            },
            Stmt::Store {
                binding,
                index,
                value,
            } => {
                if self.split_binding[binding.0 as usize] {
                    let (lo_at, hi_at) = self.word_indices(index, out)?;
                    let wide = self.wide(value, out)?;
                    let (lo, hi) = self.temp_pair(wide, out);
                    out.push(Stmt::Store {
                        binding,
                        index: lo_at,
                        value: lo,
                    });
                    out.push(Stmt::Store {
                        binding,
                        index: hi_at,
                        value: hi,
                    });
                } else {
                    let index = self.index(index, out)?;
                    let value = self.narrow(value, out)?;
                    out.push(Stmt::Store {
                        binding,
                        index,
                        value,
                    });
                }
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                let cond = self.narrow(cond, out)?;
                let then_block = self.block(then_block)?;
                let else_block = self.block(else_block)?;
                out.push(Stmt::If {
                    cond,
                    then_block,
                    else_block,
                });
            }
            Stmt::Loop { body, continuing } => {
                let body = self.block(body)?;
                let continuing = self.block(continuing)?;
                out.push(Stmt::Loop { body, continuing });
            }
            Stmt::Atomic {
                op,
                binding,
                index,
                value,
                expected,
                result,
            } => {
                if self.split_binding[binding.0 as usize] {
                    return Err(NoWordForm("a 64-bit atomic operation"));
                }
                let index = self.index(index, out)?;
                let value = value.map(|v| self.narrow(v, out)).transpose()?;
                let expected = expected.map(|v| self.narrow(v, out)).transpose()?;
                out.push(Stmt::Atomic {
                    op,
                    binding,
                    index,
                    value,
                    expected,
                    result,
                });
            }
            Stmt::Subgroup {
                op,
                value,
                operand,
                result,
            } => {
                let operand = operand.map(|o| self.narrow(o, out)).transpose()?;
                match self.high_local[result.0 as usize] {
                    Some(high) => {
                        if !matches!(
                            op,
                            SubgroupOp::Broadcast
                                | SubgroupOp::Shuffle
                                | SubgroupOp::ShuffleXor
                                | SubgroupOp::ShuffleDown
                                | SubgroupOp::ShuffleUp
                        ) {
                            return Err(NoWordForm("a 64-bit sub-group reduction or scan"));
                        }
                        let (lo, hi) = self.wide(value, out)?;
                        let operand = operand.map(|o| self.temp(o, ScalarType::U32, out));
                        out.push(Stmt::Subgroup {
                            op,
                            value: lo,
                            operand: operand.clone(),
                            result,
                        });
                        out.push(Stmt::Subgroup {
                            op,
                            value: hi,
                            operand,
                            result: high,
                        });
                    }
                    None => {
                        let value = self.narrow(value, out)?;
                        out.push(Stmt::Subgroup {
                            op,
                            value,
                            operand,
                            result,
                        });
                    }
                }
            }
            Stmt::ReadClock { .. } => return Err(NoWordForm("a clock read")),
            Stmt::Call { .. } => return Err(NoWordForm("a call the device link left")),
            s @ (Stmt::Break
            | Stmt::Continue
            | Stmt::Return
            | Stmt::Barrier
            | Stmt::Fence(_)
            | Stmt::SubgroupBarrier
            | Stmt::RequireAspect(_)) => out.push(s),
        }
        Ok(())
    }

    /// An element index or parameter word, computed in 32 bits.
    fn index(&mut self, e: Expr, out: &mut Block) -> Result<Expr, NoWordForm> {
        if is_wide(self.types.type_of(&e)) {
            Ok(self.wide(e, out)?.0)
        } else {
            self.narrow(e, out)
        }
    }

    /// The indices of the low and high words of element `index` of a split binding.
    fn word_indices(&mut self, index: Expr, out: &mut Block) -> Result<Pair, NoWordForm> {
        let ty = match self.types.type_of(&index) {
            t if is_wide(t) => ScalarType::U32,
            t => t,
        };
        let index = self.index(index, out)?;
        let int = |v: u64| Expr::Const(Constant::Int(ty, v));
        let lo = self.temp(bin(BinaryOp::Mul, index, int(2)), ty, out);
        let hi = bin(BinaryOp::Add, lo.clone(), int(1));
        Ok((lo, hi))
    }

    /// `e`, whose type is not a 64-bit integer, with those inside it split.
    fn narrow(&mut self, e: Expr, out: &mut Block) -> Result<Expr, NoWordForm> {
        Ok(match e {
            Expr::Const(_)
            | Expr::Local(_)
            | Expr::Param { .. }
            | Expr::Builtin(..)
            | Expr::SpecConst(_) => e,
            Expr::ParamAt { offset, word, ty } => Expr::ParamAt {
                offset,
                word: Box::new(self.index(*word, out)?),
                ty,
            },
            Expr::Load { binding, index } => Expr::Load {
                binding,
                index: Box::new(self.index(*index, out)?),
            },
            Expr::Unary(op, a) => Expr::Unary(op, Box::new(self.narrow(*a, out)?)),
            Expr::Binary(op @ (BinaryOp::Shl | BinaryOp::Shr), a, count) => {
                bin(op, self.narrow(*a, out)?, self.index(*count, out)?)
            }
            Expr::Binary(op, a, b) => {
                let ty = self.types.type_of(&a);
                if is_wide(ty) {
                    let a = self.wide(*a, out)?;
                    let b = self.wide(*b, out)?;
                    self.compare(op, a, b, ty.is_signed_int(), out)?
                } else {
                    bin(op, self.narrow(*a, out)?, self.narrow(*b, out)?)
                }
            }
            Expr::Uncontracted(op, a, b) => Expr::Uncontracted(
                op,
                Box::new(self.narrow(*a, out)?),
                Box::new(self.narrow(*b, out)?),
            ),
            Expr::Convert(a, to) => {
                let from = self.types.type_of(&a);
                if is_wide(from) {
                    let pair = self.wide(*a, out)?;
                    self.converted_from_pair(pair, from.is_signed_int(), to, out)?
                } else {
                    convert(self.narrow(*a, out)?, to)
                }
            }
            Expr::Bitcast(a, to) => {
                if is_wide(self.types.type_of(&a)) {
                    return Err(NoWordForm("a bit cast between double and a 64-bit integer"));
                }
                bitcast(self.narrow(*a, out)?, to)
            }
            Expr::Select(c, a, b) => select(
                self.narrow(*c, out)?,
                self.narrow(*a, out)?,
                self.narrow(*b, out)?,
            ),
            Expr::Math(f, args) => Expr::Math(
                f,
                args.into_iter()
                    .map(|a| self.narrow(a, out))
                    .collect::<Result<_, _>>()?,
            ),
        })
    }

    /// The words of `e`, a 64-bit integer.
    fn wide(&mut self, e: Expr, out: &mut Block) -> Result<Pair, NoWordForm> {
        let signed = self.types.type_of(&e).is_signed_int();
        Ok(match e {
            Expr::Const(c) => {
                let bits = c.bits();
                (u32c(bits as u32), u32c((bits >> 32) as u32))
            }
            Expr::Local(l) => match self.high_local[l.0 as usize] {
                Some(high) => (Expr::Local(l), Expr::Local(high)),
                None => return Err(NoWordForm("a 64-bit value in a narrow local")),
            },
            Expr::Param { offset, .. } => (
                Expr::Param {
                    offset,
                    ty: ScalarType::U32,
                },
                Expr::Param {
                    offset: offset + 4,
                    ty: ScalarType::U32,
                },
            ),
            Expr::ParamAt { offset, word, .. } => {
                let ty = match self.types.type_of(&word) {
                    t if is_wide(t) => ScalarType::U32,
                    t => t,
                };
                let word = self.index(*word, out)?;
                let word = self.temp(word, ty, out);
                (
                    Expr::ParamAt {
                        offset,
                        word: Box::new(word.clone()),
                        ty: ScalarType::U32,
                    },
                    Expr::ParamAt {
                        offset: offset + 4,
                        word: Box::new(word),
                        ty: ScalarType::U32,
                    },
                )
            }
            Expr::SpecConst(i) => match self.high_spec[i as usize] {
                Some(high) => (Expr::SpecConst(i), Expr::SpecConst(high)),
                None => return Err(NoWordForm("a 64-bit value in a narrow constant")),
            },
            Expr::Load { binding, index } => {
                let (lo_at, hi_at) = self.word_indices(*index, out)?;
                (
                    Expr::Load {
                        binding,
                        index: Box::new(lo_at),
                    },
                    Expr::Load {
                        binding,
                        index: Box::new(hi_at),
                    },
                )
            }
            Expr::Unary(UnaryOp::Neg, a) => {
                let a = self.wide(*a, out)?;
                self.negate(a, out)
            }
            Expr::Unary(UnaryOp::BitNot, a) => {
                let (lo, hi) = self.wide(*a, out)?;
                (
                    Expr::Unary(UnaryOp::BitNot, Box::new(lo)),
                    Expr::Unary(UnaryOp::BitNot, Box::new(hi)),
                )
            }
            Expr::Binary(op @ (BinaryOp::Shl | BinaryOp::Shr), a, count) => {
                let a = self.wide(*a, out)?;
                let count_ty = self.types.type_of(&count);
                let count = self.index(*count, out)?;
                let count = match count_ty {
                    ScalarType::I32 => bitcast(count, ScalarType::U32),
                    _ => count,
                };
                if op == BinaryOp::Shl {
                    self.shift_left(a, count, out)
                } else {
                    self.shift_right(a, count, signed, out)
                }
            }
            Expr::Binary(op, a, b) => {
                let a = self.wide(*a, out)?;
                let b = self.wide(*b, out)?;
                self.arithmetic(op, a, b, signed, out)?
            }
            Expr::Convert(a, _) => {
                let from = self.types.type_of(&a);
                self.converted_to_pair(*a, from, signed, out)?
            }
            Expr::Bitcast(a, _) => {
                if !is_wide(self.types.type_of(&a)) {
                    return Err(NoWordForm("a bit cast between double and a 64-bit integer"));
                }
                self.wide(*a, out)?
            }
            Expr::Select(c, a, b) => {
                let c = self.narrow(*c, out)?;
                let c = self.temp(c, ScalarType::Bool, out);
                let (al, ah) = self.wide(*a, out)?;
                let (bl, bh) = self.wide(*b, out)?;
                (select(c.clone(), al, bl), select(c, ah, bh))
            }
            Expr::Unary(UnaryOp::Not, _)
            | Expr::Builtin(..)
            | Expr::Uncontracted(..)
            | Expr::Math(..) => return Err(NoWordForm("a 64-bit result of a 32-bit operation")),
        })
    }

    /// `a op b` for an arithmetic or bitwise `op` of 64-bit integers (not a shift).
    fn arithmetic(
        &mut self,
        op: BinaryOp,
        a: Pair,
        b: Pair,
        signed: bool,
        out: &mut Block,
    ) -> Result<Pair, NoWordForm> {
        let words =
            |op: BinaryOp, (al, ah): Pair, (bl, bh): Pair| (bin(op, al, bl), bin(op, ah, bh));
        Ok(match op {
            BinaryOp::Add => self.add(a, b, out),
            BinaryOp::Sub => self.sub(a, b, out),
            BinaryOp::Mul => self.mul(a, b, out),
            BinaryOp::Div | BinaryOp::Rem => {
                let (q, r) = self.divide(a, b, signed, out);
                if op == BinaryOp::Div {
                    q
                } else {
                    r
                }
            }
            BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor => words(op, a, b),
            _ => return Err(NoWordForm("a 64-bit result of a comparison")),
        })
    }

    fn add(&mut self, a: Pair, b: Pair, out: &mut Block) -> Pair {
        let ((al, ah), (bl, bh)) = (self.temp_pair(a, out), b);
        let lo = self.temp(bin(BinaryOp::Add, al.clone(), bl), ScalarType::U32, out);
        let carry = one_if(bin(BinaryOp::Lt, lo.clone(), al));
        let hi = bin(BinaryOp::Add, bin(BinaryOp::Add, ah, bh), carry);
        (lo, hi)
    }

    fn sub(&mut self, a: Pair, b: Pair, out: &mut Block) -> Pair {
        let (al, ah) = self.temp_pair(a, out);
        let (bl, bh) = self.temp_pair(b, out);
        let borrow = one_if(bin(BinaryOp::Lt, al.clone(), bl.clone()));
        let lo = bin(BinaryOp::Sub, al, bl);
        let hi = bin(BinaryOp::Sub, bin(BinaryOp::Sub, ah, bh), borrow);
        (lo, hi)
    }

    fn negate(&mut self, a: Pair, out: &mut Block) -> Pair {
        self.sub((u32c(0), u32c(0)), a, out)
    }

    /// The low 64 bits of the product.
    fn mul(&mut self, a: Pair, b: Pair, out: &mut Block) -> Pair {
        let (al, ah) = self.temp_pair(a, out);
        let (bl, bh) = self.temp_pair(b, out);
        let lo = bin(BinaryOp::Mul, al.clone(), bl.clone());
        let cross = bin(
            BinaryOp::Add,
            bin(BinaryOp::Mul, al.clone(), bh),
            bin(BinaryOp::Mul, ah, bl.clone()),
        );
        let hi = bin(BinaryOp::Add, self.mul_high(al, bl, out), cross);
        (lo, hi)
    }

    /// The high word of the 64-bit product of two words (from 16-bit halves).
    fn mul_high(&mut self, x: Expr, y: Expr, out: &mut Block) -> Expr {
        let u = ScalarType::U32;
        let low16 = |e: Expr| bin(BinaryOp::BitAnd, e, u32c(0xffff));
        let high16 = |e: Expr| bin(BinaryOp::Shr, e, u32c(16));
        let x0 = self.temp(low16(x.clone()), u, out);
        let x1 = self.temp(high16(x), u, out);
        let y0 = self.temp(low16(y.clone()), u, out);
        let y1 = self.temp(high16(y), u, out);
        let p00 = bin(BinaryOp::Mul, x0.clone(), y0.clone());
        let p01 = self.temp(bin(BinaryOp::Mul, x0, y1.clone()), u, out);
        let p10 = self.temp(bin(BinaryOp::Mul, x1.clone(), y0), u, out);
        let p11 = bin(BinaryOp::Mul, x1, y1);
        let middle = bin(
            BinaryOp::Add,
            bin(BinaryOp::Add, high16(p00), low16(p01.clone())),
            low16(p10.clone()),
        );
        let middle = self.temp(middle, u, out);
        bin(
            BinaryOp::Add,
            bin(
                BinaryOp::Add,
                bin(BinaryOp::Add, p11, high16(p01)),
                high16(p10),
            ),
            high16(middle),
        )
    }

    /// The shift amount (the low word of the count, modulo 64) as its low
    /// five bits and whether it is 32 or more.
    fn shift_amount(&mut self, count: Expr, out: &mut Block) -> (Expr, Expr) {
        let count = self.temp(count, ScalarType::U32, out);
        let small = self.temp(
            bin(BinaryOp::BitAnd, count.clone(), u32c(31)),
            ScalarType::U32,
            out,
        );
        let big = bin(
            BinaryOp::Ne,
            bin(BinaryOp::BitAnd, count, u32c(32)),
            u32c(0),
        );
        let big = self.temp(big, ScalarType::Bool, out);
        (small, big)
    }

    /// The bits a word shifted by `s` (0..32) moves into its neighbour:
    /// `word op (32 - s)`, zero when `s` is 0.
    fn crossing(op: BinaryOp, word: Expr, s: Expr) -> Expr {
        let back = bin(
            BinaryOp::BitAnd,
            bin(BinaryOp::Sub, u32c(32), s.clone()),
            u32c(31),
        );
        select(bin(BinaryOp::Eq, s, u32c(0)), u32c(0), bin(op, word, back))
    }

    fn shift_left(&mut self, a: Pair, count: Expr, out: &mut Block) -> Pair {
        let (s, big) = self.shift_amount(count, out);
        let (lo, hi) = self.temp_pair(a, out);
        let lo_shifted = self.temp(
            bin(BinaryOp::Shl, lo.clone(), s.clone()),
            ScalarType::U32,
            out,
        );
        let cross = Self::crossing(BinaryOp::Shr, lo, s.clone());
        let hi_small = bin(BinaryOp::BitOr, bin(BinaryOp::Shl, hi, s), cross);
        (
            select(big.clone(), u32c(0), lo_shifted.clone()),
            select(big, lo_shifted, hi_small),
        )
    }

    fn shift_right(&mut self, a: Pair, count: Expr, signed: bool, out: &mut Block) -> Pair {
        let (s, big) = self.shift_amount(count, out);
        let (lo, hi) = self.temp_pair(a, out);
        let (hi_shifted, fill) = if signed {
            let hi_signed = bitcast(hi.clone(), ScalarType::I32);
            let shifted = bin(
                BinaryOp::Shr,
                hi_signed.clone(),
                bitcast(s.clone(), ScalarType::I32),
            );
            let sign = bin(
                BinaryOp::Shr,
                hi_signed,
                Expr::Const(Constant::Int(ScalarType::I32, 31)),
            );
            (
                bitcast(shifted, ScalarType::U32),
                bitcast(sign, ScalarType::U32),
            )
        } else {
            (bin(BinaryOp::Shr, hi.clone(), s.clone()), u32c(0))
        };
        let hi_shifted = self.temp(hi_shifted, ScalarType::U32, out);
        let cross = Self::crossing(BinaryOp::Shl, hi, s.clone());
        let lo_small = bin(BinaryOp::BitOr, bin(BinaryOp::Shr, lo, s), cross);
        (
            select(big.clone(), hi_shifted.clone(), lo_small),
            select(big, fill, hi_shifted),
        )
    }

    /// Whether `a < b` (`or_equal`: `a <= b`).
    fn less(&mut self, a: Pair, b: Pair, signed: bool, or_equal: bool, out: &mut Block) -> Expr {
        let (al, ah) = self.temp_pair(a, out);
        let (bl, bh) = self.temp_pair(b, out);
        let (high_a, high_b) = if signed {
            (
                bitcast(ah.clone(), ScalarType::I32),
                bitcast(bh.clone(), ScalarType::I32),
            )
        } else {
            (ah.clone(), bh.clone())
        };
        let low_op = if or_equal { BinaryOp::Le } else { BinaryOp::Lt };
        bin(
            BinaryOp::LogicalOr,
            bin(BinaryOp::Lt, high_a, high_b),
            bin(
                BinaryOp::LogicalAnd,
                bin(BinaryOp::Eq, ah, bh),
                bin(low_op, al, bl),
            ),
        )
    }

    fn compare(
        &mut self,
        op: BinaryOp,
        a: Pair,
        b: Pair,
        signed: bool,
        out: &mut Block,
    ) -> Result<Expr, NoWordForm> {
        Ok(match op {
            BinaryOp::Eq | BinaryOp::Ne => {
                let (join, each) = if op == BinaryOp::Eq {
                    (BinaryOp::LogicalAnd, BinaryOp::Eq)
                } else {
                    (BinaryOp::LogicalOr, BinaryOp::Ne)
                };
                bin(join, bin(each, a.0, b.0), bin(each, a.1, b.1))
            }
            BinaryOp::Lt => self.less(a, b, signed, false, out),
            BinaryOp::Le => self.less(a, b, signed, true, out),
            BinaryOp::Gt => self.less(b, a, signed, false, out),
            BinaryOp::Ge => self.less(b, a, signed, true, out),
            _ => return Err(NoWordForm("a narrow result of 64-bit arithmetic")),
        })
    }

    /// Quotient and remainder, truncating toward zero as C++ does.
    fn divide(&mut self, a: Pair, b: Pair, signed: bool, out: &mut Block) -> (Pair, Pair) {
        if !signed {
            return self.divide_unsigned(a, b, out);
        }
        let a = self.temp_pair(a, out);
        let b = self.temp_pair(b, out);
        let negative = |hi: &Expr| {
            bin(
                BinaryOp::Lt,
                bitcast(hi.clone(), ScalarType::I32),
                Expr::Const(Constant::Int(ScalarType::I32, 0)),
            )
        };
        let a_negative = self.temp(negative(&a.1), ScalarType::Bool, out);
        let b_negative = self.temp(negative(&b.1), ScalarType::Bool, out);
        let a_abs = self.absolute(a, a_negative.clone(), out);
        let b_abs = self.absolute(b, b_negative.clone(), out);
        let (q, r) = self.divide_unsigned(a_abs, b_abs, out);
        let q_negative = bin(BinaryOp::Ne, a_negative.clone(), b_negative);
        let q = self.negate_if(q_negative, q, out);
        let r = self.negate_if(a_negative, r, out);
        (q, r)
    }

    /// `-v` if `negative`, else `v`.
    fn negate_if(&mut self, negative: Expr, v: Pair, out: &mut Block) -> Pair {
        let negative = self.temp(negative, ScalarType::Bool, out);
        let v = self.temp_pair(v, out);
        let (nl, nh) = self.negate(v.clone(), out);
        (select(negative.clone(), nl, v.0), select(negative, nh, v.1))
    }

    fn absolute(&mut self, v: Pair, negative: Expr, out: &mut Block) -> Pair {
        let abs = self.negate_if(negative, v, out);
        self.temp_pair(abs, out)
    }

    /// Unsigned quotient and remainder: one 32-bit division where both fit
    /// in a word, else 64 rounds of shift and subtract.
    fn divide_unsigned(&mut self, n: Pair, d: Pair, out: &mut Block) -> (Pair, Pair) {
        let u = ScalarType::U32;
        let (nl, nh) = self.temp_pair(n, out);
        let (dl, dh) = self.temp_pair(d, out);
        let (ql, qh) = self.pair_locals("quot");
        let (rl, rh) = self.pair_locals("rem");
        let i = self.new_local("bit", u);
        let assign = |local: LocalId, value: Expr| Stmt::Assign { local, value };
        let l = Expr::Local;
        let narrow = vec![
            assign(ql, bin(BinaryOp::Div, nl.clone(), dl.clone())),
            assign(qh, u32c(0)),
            assign(rl, bin(BinaryOp::Rem, nl.clone(), dl.clone())),
            assign(rh, u32c(0)),
        ];
        let upper = bin(BinaryOp::Ge, l(i), u32c(32));
        let at = bin(BinaryOp::BitAnd, l(i), u32c(31));
        let next_bit = bin(
            BinaryOp::BitAnd,
            select(
                upper.clone(),
                bin(BinaryOp::Shr, nh.clone(), at.clone()),
                bin(BinaryOp::Shr, nl.clone(), at.clone()),
            ),
            u32c(1),
        );
        let borrow = self.new_local("borrow", u);
        // The remainder stays below 2^64 when shifted: it is below the
        // divisor, and below 2^63 while the divisor is above it.
        let fits = bin(
            BinaryOp::LogicalOr,
            bin(BinaryOp::Gt, l(rh), dh.clone()),
            bin(
                BinaryOp::LogicalAnd,
                bin(BinaryOp::Eq, l(rh), dh.clone()),
                bin(BinaryOp::Ge, l(rl), dl.clone()),
            ),
        );
        let quotient_bit = bin(BinaryOp::Shl, u32c(1), at);
        let subtract = vec![
            assign(borrow, one_if(bin(BinaryOp::Lt, l(rl), dl.clone()))),
            assign(rl, bin(BinaryOp::Sub, l(rl), dl.clone())),
            assign(
                rh,
                bin(
                    BinaryOp::Sub,
                    bin(BinaryOp::Sub, l(rh), dh.clone()),
                    l(borrow),
                ),
            ),
            assign(
                qh,
                bin(
                    BinaryOp::BitOr,
                    l(qh),
                    select(upper.clone(), quotient_bit.clone(), u32c(0)),
                ),
            ),
            assign(
                ql,
                bin(BinaryOp::BitOr, l(ql), select(upper, u32c(0), quotient_bit)),
            ),
        ];
        let round = vec![
            Stmt::If {
                cond: bin(BinaryOp::Eq, l(i), u32c(0)),
                then_block: vec![Stmt::Break],
                else_block: vec![],
            },
            assign(i, bin(BinaryOp::Sub, l(i), u32c(1))),
            assign(
                rh,
                bin(
                    BinaryOp::BitOr,
                    bin(BinaryOp::Shl, l(rh), u32c(1)),
                    bin(BinaryOp::Shr, l(rl), u32c(31)),
                ),
            ),
            assign(
                rl,
                bin(
                    BinaryOp::BitOr,
                    bin(BinaryOp::Shl, l(rl), u32c(1)),
                    next_bit,
                ),
            ),
            Stmt::If {
                cond: fits,
                then_block: subtract,
                else_block: vec![],
            },
        ];
        let long = vec![
            assign(ql, u32c(0)),
            assign(qh, u32c(0)),
            assign(rl, u32c(0)),
            assign(rh, u32c(0)),
            assign(i, u32c(64)),
            Stmt::Loop {
                body: round,
                continuing: vec![],
            },
        ];
        out.push(Stmt::If {
            cond: bin(BinaryOp::Eq, bin(BinaryOp::BitOr, nh, dh), u32c(0)),
            then_block: narrow,
            else_block: long,
        });
        ((l(ql), l(qh)), (l(rl), l(rh)))
    }

    /// A value of type `from` as a 64-bit integer (`signed`: an `i64`).
    fn converted_to_pair(
        &mut self,
        e: Expr,
        from: ScalarType,
        signed: bool,
        out: &mut Block,
    ) -> Result<Pair, NoWordForm> {
        if is_wide(from) {
            return self.wide(e, out);
        }
        let e = self.narrow(e, out)?;
        Ok(match from {
            ScalarType::Bool => (one_if(e), u32c(0)),
            ScalarType::U32 => (e, u32c(0)),
            ScalarType::I32 => {
                let e = self.temp(e, ScalarType::I32, out);
                let sign = bin(
                    BinaryOp::Shr,
                    e.clone(),
                    Expr::Const(Constant::Int(ScalarType::I32, 31)),
                );
                (bitcast(e, ScalarType::U32), bitcast(sign, ScalarType::U32))
            }
            ScalarType::F32 => self.float_to_pair(e, signed, out),
            _ => {
                return Err(NoWordForm(
                    "a conversion between double and a 64-bit integer",
                ))
            }
        })
    }

    /// A float truncated toward zero to a 64-bit integer (exact: the
    /// high word is the float scaled by 2^-32, and what remains below it
    /// has at most 24 significant bits).
    fn float_to_pair(&mut self, f: Expr, signed: bool, out: &mut Block) -> Pair {
        let f32c = |v: f64| Expr::Const(Constant::Float(ScalarType::F32, v));
        let f = self.temp(f, ScalarType::F32, out);
        let magnitude = if signed {
            Expr::Math(MathFn::Fabs, vec![f.clone()])
        } else {
            f.clone()
        };
        let magnitude = self.temp(magnitude, ScalarType::F32, out);
        let hi = convert(
            bin(
                BinaryOp::Mul,
                magnitude.clone(),
                f32c(1.0 / 4_294_967_296.0),
            ),
            ScalarType::U32,
        );
        let hi = self.temp(hi, ScalarType::U32, out);
        let below = bin(
            BinaryOp::Sub,
            magnitude,
            bin(
                BinaryOp::Mul,
                convert(hi.clone(), ScalarType::F32),
                f32c(4_294_967_296.0),
            ),
        );
        let pair = (convert(below, ScalarType::U32), hi);
        if signed {
            self.negate_if(bin(BinaryOp::Lt, f, f32c(0.0)), pair, out)
        } else {
            pair
        }
    }

    /// A 64-bit integer as a value of type `to` (not a 64-bit integer).
    fn converted_from_pair(
        &mut self,
        (lo, hi): Pair,
        signed: bool,
        to: ScalarType,
        out: &mut Block,
    ) -> Result<Expr, NoWordForm> {
        Ok(match to {
            ScalarType::Bool => bin(BinaryOp::Ne, bin(BinaryOp::BitOr, lo, hi), u32c(0)),
            ScalarType::U32 => lo,
            ScalarType::I32 => bitcast(lo, ScalarType::I32),
            ScalarType::F32 if signed => {
                let (lo, hi) = self.temp_pair((lo, hi), out);
                let negative = bin(
                    BinaryOp::Lt,
                    bitcast(hi.clone(), ScalarType::I32),
                    Expr::Const(Constant::Int(ScalarType::I32, 0)),
                );
                let negative = self.temp(negative, ScalarType::Bool, out);
                let magnitude = self.absolute((lo, hi), negative.clone(), out);
                let f = self.pair_to_float(magnitude, out);
                let f = self.temp(f, ScalarType::F32, out);
                select(negative, Expr::Unary(UnaryOp::Neg, Box::new(f.clone())), f)
            }
            ScalarType::F32 => self.pair_to_float((lo, hi), out),
            _ => {
                return Err(NoWordForm(
                    "a conversion between double and a 64-bit integer",
                ))
            }
        })
    }

    /// An unsigned 64-bit integer as the nearest float (ties to even),
    /// rounded here: devices may round a `u32` to float either way (WGSL
    /// lets them). The value is shifted until its leading one is bit 63;
    /// the high word then holds the float's 24 bits and 8 below them, with
    /// a sticky bit for any set in the low word.
    fn pair_to_float(&mut self, v: Pair, out: &mut Block) -> Expr {
        let u = ScalarType::U32;
        let (lo, hi) = self.temp_pair(v, out);
        let high_empty = self.temp(
            bin(BinaryOp::Eq, hi.clone(), u32c(0)),
            ScalarType::Bool,
            out,
        );
        // Leading zeros: 32 for an empty high word, then those of the
        // leading word, by halving steps.
        let x = self.new_local("lead", u);
        let zeros = self.new_local("zeros", u);
        out.push(Stmt::Assign {
            local: x,
            value: select(high_empty.clone(), lo.clone(), hi.clone()),
        });
        out.push(Stmt::Assign {
            local: zeros,
            value: select(high_empty, u32c(32), u32c(0)),
        });
        for (bits, mask) in [
            (16, 0xffff_0000u32),
            (8, 0xff00_0000),
            (4, 0xf000_0000),
            (2, 0xc000_0000),
            (1, 0x8000_0000),
        ] {
            let empty = self.temp(
                bin(
                    BinaryOp::Eq,
                    bin(BinaryOp::BitAnd, Expr::Local(x), u32c(mask)),
                    u32c(0),
                ),
                ScalarType::Bool,
                out,
            );
            out.push(Stmt::Assign {
                local: zeros,
                value: bin(
                    BinaryOp::Add,
                    Expr::Local(zeros),
                    select(empty.clone(), u32c(bits), u32c(0)),
                ),
            });
            out.push(Stmt::Assign {
                local: x,
                value: select(
                    empty,
                    bin(BinaryOp::Shl, Expr::Local(x), u32c(bits)),
                    Expr::Local(x),
                ),
            });
        }
        let n = Expr::Local(zeros);
        let (below, top) = self.shift_left((lo.clone(), hi.clone()), n.clone(), out);
        let sticky = one_if(bin(BinaryOp::Ne, below, u32c(0)));
        let top = self.temp(bin(BinaryOp::BitOr, top, sticky), u, out);
        let mantissa = self.temp(bin(BinaryOp::Shr, top.clone(), u32c(8)), u, out);
        let rest = self.temp(bin(BinaryOp::BitAnd, top, u32c(0xff)), u, out);
        let round_up = bin(
            BinaryOp::LogicalOr,
            bin(BinaryOp::Gt, rest.clone(), u32c(0x80)),
            bin(
                BinaryOp::LogicalAnd,
                bin(BinaryOp::Eq, rest, u32c(0x80)),
                bin(
                    BinaryOp::Ne,
                    bin(BinaryOp::BitAnd, mantissa.clone(), u32c(1)),
                    u32c(0),
                ),
            ),
        );
        // The leading one is bit 63 - n: the float's exponent field is
        // 127 + 63 - n, less one for the mantissa's own leading bit, which
        // adds it back (and a rounding carry out of it raises the exponent).
        let bits = bin(
            BinaryOp::Add,
            bin(
                BinaryOp::Add,
                bin(
                    BinaryOp::Shl,
                    bin(BinaryOp::Sub, u32c(126 + 63), n),
                    u32c(23),
                ),
                mantissa,
            ),
            one_if(round_up),
        );
        select(
            bin(BinaryOp::Eq, bin(BinaryOp::BitOr, lo, hi), u32c(0)),
            Expr::Const(Constant::Float(ScalarType::F32, 0.0)),
            bitcast(bits, ScalarType::F32),
        )
    }
}
