//! Memory of 8- and 16-bit elements (`char`, `unsigned char`, `short`,
//! `bool`...): Vulkan and WebGPU storage is addressed in 32-bit words, so
//! such a binding is an array of `u32` words, each holding `32 / bits`
//! elements (little endian, as the host lays them out). A load extracts the
//! element from its word (sign-extending signed types); a store clears and
//! sets the element's bits with two atomic operations on the word, so that
//! work-items writing neighbouring elements of one word do not lose each
//! other's writes.

use super::Lowerer;
use crate::front::sema::Ty;
use crate::ir::{
    AtomicOp, BinaryOp, BindingId, Constant, Expr as IExpr, ScalarType, Stmt as IStmt, UnaryOp,
};

/// How the elements of a packed binding are stored.
#[derive(Clone, Copy, Debug)]
pub(super) struct Packed {
    /// 8 or 16.
    pub bits: u32,
    pub signed: bool,
    pub boolean: bool,
}

impl Packed {
    /// The packing of memory of element type `elem`, if it is narrower than a word.
    pub fn of(elem: &Ty) -> Option<Packed> {
        match elem {
            Ty::Bool => Some(Packed {
                bits: 8,
                signed: false,
                boolean: true,
            }),
            Ty::Int(k) if k.size() < 4 => Some(Packed {
                bits: 8 * k.size(),
                signed: k.signed(),
                boolean: false,
            }),
            _ => None,
        }
    }

    /// Bytes of one element on the host.
    pub fn element_size(self) -> u32 {
        self.bits / 8
    }

    fn mask(self) -> u32 {
        (1u32 << self.bits) - 1
    }
}

fn binary(op: BinaryOp, a: IExpr, b: IExpr) -> IExpr {
    IExpr::Binary(op, Box::new(a), Box::new(b))
}

fn u32c(v: u32) -> IExpr {
    IExpr::Const(Constant::Int(ScalarType::U32, v as u64))
}

impl Lowerer<'_> {
    /// The word of element `index` and the element's bit offset in it.
    fn packed_position(&self, index: &IExpr, p: Packed) -> (IExpr, IExpr) {
        let it = self.index_type();
        let per_word = IExpr::Const(Constant::Int(it, (32 / p.bits) as u64));
        let word = binary(BinaryOp::Div, index.clone(), per_word.clone());
        let slot = self.cast_scalar(
            binary(BinaryOp::Rem, index.clone(), per_word),
            ScalarType::U32,
        );
        (word, binary(BinaryOp::Mul, slot, u32c(p.bits)))
    }

    /// Element `index` of packed binding `binding`, as the IR value of its
    /// type (`i32`, `u32` or `bool`).
    pub(super) fn packed_load(&mut self, binding: BindingId, index: &IExpr, p: Packed) -> IExpr {
        self.bindings[binding.0 as usize].reads = true;
        let (word_index, shift) = self.packed_position(index, p);
        let word = IExpr::Load {
            binding,
            index: Box::new(word_index),
        };
        if p.signed {
            // Move the element to the top of the word, then shift it back
            // down arithmetically.
            let top = binary(BinaryOp::Sub, u32c(32 - p.bits), shift);
            let raised = binary(BinaryOp::Shl, word, top);
            let signed = IExpr::Bitcast(Box::new(raised), ScalarType::I32);
            let down = IExpr::Const(Constant::Int(ScalarType::I32, (32 - p.bits) as u64));
            return binary(BinaryOp::Shr, signed, down);
        }
        let value = binary(
            BinaryOp::BitAnd,
            binary(BinaryOp::Shr, word, shift),
            u32c(p.mask()),
        );
        if p.boolean {
            binary(BinaryOp::Ne, value, u32c(0))
        } else {
            value
        }
    }

    /// Stores `value` (of the element's IR type) as element `index` of
    /// packed binding `binding`.
    pub(super) fn packed_store(
        &mut self,
        binding: BindingId,
        index: &IExpr,
        value: IExpr,
        p: Packed,
    ) {
        let b = &mut self.bindings[binding.0 as usize];
        b.reads = true;
        b.writes = true;
        // Computed before the word changes: it may read this very element
        // (`s[i] -= 1`).
        let value = self.snapshot_scalar(value, "stored");
        let bits = if p.boolean {
            IExpr::Select(Box::new(value), Box::new(u32c(1)), Box::new(u32c(0)))
        } else {
            binary(
                BinaryOp::BitAnd,
                self.cast_scalar(value, ScalarType::U32),
                u32c(p.mask()),
            )
        };
        let (word_index, shift) = self.packed_position(index, p);
        let keep = IExpr::Unary(
            UnaryOp::BitNot,
            Box::new(binary(BinaryOp::Shl, u32c(p.mask()), shift.clone())),
        );
        for (op, operand) in [
            (AtomicOp::And, keep),
            (AtomicOp::Or, binary(BinaryOp::Shl, bits, shift)),
        ] {
            self.emit(IStmt::Atomic {
                op,
                binding,
                index: word_index.clone(),
                value: Some(operand),
                expected: None,
                result: None,
            });
        }
    }
}
