//! Byte-addressed memory: Vulkan and WebGPU storage is addressed in 32-bit
//! words, so memory of 8- and 16-bit scalars (`char`, `short`, `bool`...)
//! and of classes whose scalars differ in type or are narrower than a word
//! (`std::pair<float, int>`, `sycl::half`, a struct of a float and a char)
//! is a binding of `u32` words holding the host's bytes (little endian, laid
//! out as the host lays them out). A place in it is a byte offset and a
//! scalar type: a 4-byte scalar is its word, an 8-byte one two words, and a
//! narrower one is extracted from its word (sign-extending signed types).
//! A `void *` kernel argument points into such a binding too, so that the
//! kernel may cast it to a pointer to anything.
//! A narrow store clears and sets the element's bits with two atomic
//! operations on the word, so that work-items writing neighbouring elements
//! of one word do not lose each other's writes (in private memory, which
//! no other work-item sees, it reads, merges and writes the word). In
//! global memory on a device with 8- or 16-bit storage it is instead a
//! plain store through a view of the memory as bytes or 16-bit halves,
//! chosen at launch by a specialization constant.
//! Memory of packed classes (`__attribute__((packed))`) may hold a 2-, 4-
//! or 8-byte scalar at any byte: there a scalar not at a word's start is
//! read from the words it spans and stored into them as a narrow one is (a
//! 16-bit one at a word's last byte as its two bytes).

use super::Lowerer;
use crate::front::sema::Ty;
use crate::ir::build::binary;
use crate::ir::{
    AtomicOp, BinaryOp, BindingId, Constant, Expr as IExpr, ScalarType, Space, Stmt as IStmt,
    UnaryOp,
};

/// How a scalar narrower than a word is stored.
#[derive(Clone, Copy, Debug)]
struct Narrow {
    /// 8 or 16.
    bits: u32,
    signed: bool,
    boolean: bool,
}

impl Narrow {
    /// `ty` (an integer type, never an enumeration) if it is narrow.
    fn of(ty: &Ty) -> Option<Narrow> {
        match ty {
            Ty::Bool => Some(Narrow {
                bits: 8,
                signed: false,
                boolean: true,
            }),
            Ty::Int(k) if k.size() < 4 => Some(Narrow {
                bits: 8 * k.size(),
                signed: k.signed(),
                boolean: false,
            }),
            _ => None,
        }
    }

    fn mask(self) -> u32 {
        (1u32 << self.bits) - 1
    }
}

fn u32c(v: u32) -> IExpr {
    IExpr::Const(Constant::Int(ScalarType::U32, v as u64))
}

impl Lowerer<'_> {
    /// Whether memory of `elem` is byte-addressed: an 8- or 16-bit scalar,
    /// or a class or array of scalars that are not all of one word-sized
    /// type (those are bindings of that type, see `global_aggregate.rs`).
    pub(super) fn is_byte_addressed(&mut self, elem: &Ty) -> bool {
        match elem {
            Ty::Class(_) | Ty::Array(..) => {
                let mut leaves = vec![];
                self.scalar_leaves(elem, &mut leaves);
                if leaves.is_empty() || !self.only_scalars(elem) {
                    return false;
                }
                match self.uniform_scalar(elem) {
                    Some(leaf) => self.is_byte_addressed(&leaf),
                    None => true,
                }
            }
            Ty::Bool | Ty::Int(_) | Ty::Enum(_) => self.narrow(elem).is_some(),
            // Memory of any type, in bytes.
            Ty::Void => true,
            _ => false,
        }
    }

    /// Whether `ty` is made of arithmetic scalars only (no pointers or
    /// references).
    pub(super) fn only_scalars(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::Bool | Ty::Int(_) | Ty::Float(_) | Ty::Enum(_) => true,
            Ty::Array(elem, _) => self.only_scalars(elem),
            Ty::Class(c) => {
                let parts = self.class_parts(*c);
                parts.iter().all(|(p, _)| self.only_scalars(p))
            }
            _ => false,
        }
    }

    /// How a scalar of type `ty` is stored if it is narrower than a word.
    fn narrow(&self, ty: &Ty) -> Option<Narrow> {
        match ty {
            Ty::Enum(e) => Narrow::of(&Ty::Int(self.sema.enums[e.0 as usize].underlying)),
            _ => Narrow::of(ty),
        }
    }

    /// The scalars of `ty` (made of scalars only), each type once.
    pub(super) fn scalar_leaves(&mut self, ty: &Ty, out: &mut Vec<Ty>) {
        match ty {
            Ty::Array(elem, _) => self.scalar_leaves(elem, out),
            Ty::Class(c) => {
                for (p, _) in self.class_parts(*c) {
                    self.scalar_leaves(&p, out);
                }
            }
            _ if !out.contains(ty) => out.push(ty.clone()),
            _ => {}
        }
    }

    /// The word holding byte `byte`, and the bit offset of that byte in it.
    fn word_of(&self, byte: &IExpr) -> (IExpr, IExpr) {
        let it = self.index_type();
        let four = IExpr::Const(Constant::Int(it, 4));
        let word = binary(BinaryOp::Div, byte.clone(), four.clone());
        let in_word = self.cast_scalar(binary(BinaryOp::Rem, byte.clone(), four), ScalarType::U32);
        (word, binary(BinaryOp::Mul, in_word, u32c(8)))
    }

    /// The word after `word`.
    fn next_word(&self, word: IExpr) -> IExpr {
        let one = IExpr::Const(Constant::Int(self.index_type(), 1));
        binary(BinaryOp::Add, word, one)
    }

    fn load_word(&mut self, binding: BindingId, word: IExpr) -> IExpr {
        self.bindings[binding.0 as usize].reads = true;
        IExpr::Load {
            binding,
            index: Box::new(word),
        }
    }

    fn store_word(&mut self, binding: BindingId, word: IExpr, value: IExpr) {
        self.bindings[binding.0 as usize].writes = true;
        self.emit(IStmt::Store {
            binding,
            index: word,
            value,
        });
    }

    /// Whether a 2-, 4- or 8-byte scalar of memory of `ty` may start inside
    /// a word (or a 16-bit one at an odd byte, maybe a word's last): a
    /// scalar at an offset that is not a multiple of its size, or a size
    /// that puts the next element's there.
    pub(super) fn has_misaligned_scalars(&mut self, ty: &Ty) -> bool {
        let Some((size, _)) = self.sema.size_align(ty) else {
            return false;
        };
        let mut leaves = vec![];
        self.leaf_offsets(ty, 0, &mut leaves);
        leaves.iter().any(|&(offset, leaf)| {
            leaf >= 2 && (offset % leaf.min(4) != 0 || size % leaf.min(4) != 0)
        })
    }

    /// The (offset, size) of each scalar of `ty`, which starts at `at`.
    fn leaf_offsets(&mut self, ty: &Ty, at: u64, out: &mut Vec<(u64, u64)>) {
        match ty {
            Ty::Array(elem, n) => {
                let step = self.sema.size_align(elem).map_or(0, |x| x.0);
                for i in 0..(*n).min(2) {
                    self.leaf_offsets(elem, at + i * step, out);
                }
            }
            Ty::Class(c) => {
                for (part, offset) in self.class_parts(*c) {
                    self.leaf_offsets(&part, at + offset, out);
                }
            }
            t => out.push((at, self.sema.size_align(t).map_or(0, |x| x.0))),
        }
    }

    /// The scalar of type `ty` at byte `byte` of byte-addressed `binding`,
    /// as an IR value of its type.
    pub(super) fn byte_load(&mut self, binding: BindingId, byte: &IExpr, ty: &Ty) -> IExpr {
        if self.unaligned.contains(&binding.0) {
            match self.narrow(ty) {
                None => return self.unaligned_load(binding, byte, ty),
                Some(n) if n.bits == 16 => return self.unaligned_short_load(binding, byte, ty),
                Some(_) => {}
            }
        }
        let (word, shift) = self.word_of(byte);
        let low = self.load_word(binding, word.clone());
        let wide = self.device_scalar(ty).is_ok_and(|st| st.size() == 8)
            && self.sema.size_align(ty).is_some_and(|x| x.0 == 8);
        let high = wide.then(|| {
            let next = self.next_word(word);
            self.load_word(binding, next)
        });
        self.scalar_from_words(low, high, shift, ty)
    }

    /// The scalar of type `ty` whose bits start at bit `shift` of word
    /// `low` (`high`: the next word, for 8-byte scalars), as an IR value of
    /// its type.
    pub(super) fn scalar_from_words(
        &self,
        low: IExpr,
        high: Option<IExpr>,
        shift: IExpr,
        ty: &Ty,
    ) -> IExpr {
        // The types were checked where the memory or value was made.
        let Ok(st) = self.device_scalar(ty) else {
            return IExpr::Const(Constant::Int(ScalarType::U32, 0));
        };
        if let Some(n) = self.narrow(ty) {
            if n.signed {
                // Move the element to the top of the word, then shift it
                // back down arithmetically.
                let top = binary(BinaryOp::Sub, u32c(32 - n.bits), shift);
                let raised =
                    IExpr::Bitcast(Box::new(binary(BinaryOp::Shl, low, top)), ScalarType::I32);
                let down = IExpr::Const(Constant::Int(ScalarType::I32, (32 - n.bits) as u64));
                return binary(BinaryOp::Shr, raised, down);
            }
            let value = binary(
                BinaryOp::BitAnd,
                binary(BinaryOp::Shr, low, shift),
                u32c(n.mask()),
            );
            return if n.boolean {
                binary(BinaryOp::Ne, value, u32c(0))
            } else {
                value
            };
        }
        if let Some(high) = high.filter(|_| st.size() == 8) {
            let wide = binary(
                BinaryOp::BitOr,
                IExpr::Convert(Box::new(low), ScalarType::U64),
                binary(
                    BinaryOp::Shl,
                    IExpr::Convert(Box::new(high), ScalarType::U64),
                    u32c(32),
                ),
            );
            return self.bitcast(wide, st);
        }
        // A word (or the low word of a 64-bit integer on a device without
        // 64-bit integers, which holds it in 32 bits).
        self.bitcast(low, st)
    }

    /// The bits of scalar `value` (an IR value of type `ty`) as words: the
    /// low word (for a narrow scalar, its bits in place at bit `shift`,
    /// the rest zero) and, for an 8-byte scalar, the high word.
    pub(super) fn words_of_scalar(
        &mut self,
        value: IExpr,
        shift: IExpr,
        ty: &Ty,
    ) -> (IExpr, Option<IExpr>) {
        let Ok(st) = self.device_scalar(ty) else {
            return (u32c(0), None);
        };
        if let Some(n) = self.narrow(ty) {
            let bits = if n.boolean {
                IExpr::Select(Box::new(value), Box::new(u32c(1)), Box::new(u32c(0)))
            } else {
                binary(
                    BinaryOp::BitAnd,
                    self.cast_scalar(value, ScalarType::U32),
                    u32c(n.mask()),
                )
            };
            return (binary(BinaryOp::Shl, bits, shift), None);
        }
        let host_size = self.sema.size_align(ty).map_or(4, |x| x.0);
        if host_size != 8 {
            return (self.bitcast(value, ScalarType::U32), None);
        }
        if st.size() == 8 {
            let wide = self.bitcast(value, ScalarType::U64);
            let high = binary(BinaryOp::Shr, wide.clone(), u32c(32));
            return (
                IExpr::Convert(Box::new(wide), ScalarType::U32),
                Some(IExpr::Convert(Box::new(high), ScalarType::U32)),
            );
        }
        // A 64-bit integer held in 32 bits: the high word extends it.
        let high = if st == ScalarType::I32 {
            let sign = IExpr::Const(Constant::Int(ScalarType::I32, 31));
            self.bitcast(binary(BinaryOp::Shr, value.clone(), sign), ScalarType::U32)
        } else {
            u32c(0)
        };
        (self.bitcast(value, ScalarType::U32), Some(high))
    }

    /// The 4- or 8-byte scalar of type `ty` at byte `byte` of `binding`,
    /// which may start inside a word: its words' bits joined across each
    /// word boundary it crosses (the word after its last whole one is read
    /// only where it does not start a word).
    fn unaligned_load(&mut self, binding: BindingId, byte: &IExpr, ty: &Ty) -> IExpr {
        let (word, shift) = self.word_of(byte);
        let shift = self.snapshot_scalar(shift, "byte.shift");
        let word = self.snapshot_scalar(word, "byte.word");
        let wide = self.sema.size_align(ty).is_some_and(|x| x.0 == 8);
        let count = if wide { 3 } else { 2 };
        let mut words = vec![self.load_word(binding, word.clone())];
        let straddles = binary(BinaryOp::Ne, shift.clone(), u32c(0));
        let mut next = word;
        for k in 1..count {
            next = self.next_word(next);
            if k + 1 < count {
                words.push(self.load_word(binding, next.clone()));
                continue;
            }
            let w = self.new_local("byte.next", ScalarType::U32);
            self.emit(IStmt::Assign {
                local: w,
                value: u32c(0),
            });
            let load = self.load_word(binding, next.clone());
            self.emit(IStmt::If {
                cond: straddles.clone(),
                then_block: vec![IStmt::Assign {
                    local: w,
                    value: load,
                }],
                else_block: vec![],
            });
            words.push(IExpr::Local(w));
        }
        let joined: Vec<IExpr> = words
            .windows(2)
            .map(|pair| {
                let low = binary(BinaryOp::Shr, pair[0].clone(), shift.clone());
                let high = binary(
                    BinaryOp::Shl,
                    pair[1].clone(),
                    binary(BinaryOp::Sub, u32c(32), shift.clone()),
                );
                IExpr::Select(
                    Box::new(straddles.clone()),
                    Box::new(binary(BinaryOp::BitOr, low, high)),
                    Box::new(pair[0].clone()),
                )
            })
            .collect();
        let mut joined = joined.into_iter();
        let low = joined.next().unwrap_or_else(|| u32c(0));
        self.scalar_from_words(low, joined.next(), u32c(0), ty)
    }

    /// A 16-bit scalar that may start at a word's last byte: then its two
    /// bytes are read from the two words.
    fn unaligned_short_load(&mut self, binding: BindingId, byte: &IExpr, ty: &Ty) -> IExpr {
        let byte = self.snapshot_scalar(byte.clone(), "byte.at");
        let (word, shift) = self.word_of(&byte);
        let result = self.new_local("byte.short", ScalarType::U32);
        let low = self.load_word(binding, word.clone());
        let low = self.snapshot_scalar(low, "byte.low");
        let within = binary(
            BinaryOp::BitAnd,
            binary(BinaryOp::Shr, low.clone(), shift.clone()),
            u32c(0xffff),
        );
        self.blocks.push(vec![]);
        let next = self.next_word(word);
        let high = self.load_word(binding, next);
        let low_byte = binary(BinaryOp::Shr, low, u32c(24));
        let joined = binary(
            BinaryOp::BitOr,
            low_byte,
            binary(
                BinaryOp::Shl,
                binary(BinaryOp::BitAnd, high, u32c(0xff)),
                u32c(8),
            ),
        );
        self.emit(IStmt::Assign {
            local: result,
            value: joined,
        });
        let straddling = self.blocks.pop().unwrap_or_default();
        self.emit(IStmt::If {
            cond: binary(BinaryOp::Eq, shift, u32c(24)),
            then_block: straddling,
            else_block: vec![IStmt::Assign {
                local: result,
                value: within,
            }],
        });
        self.scalar_from_words(IExpr::Local(result), None, u32c(0), ty)
    }

    /// Stores a 16-bit scalar that may start at a word's last byte: then as
    /// its two bytes.
    fn unaligned_short_store(&mut self, binding: BindingId, byte: &IExpr, ty: &Ty, value: IExpr) {
        let byte = self.snapshot_scalar(byte.clone(), "byte.at");
        let (_, shift) = self.word_of(&byte);
        let bits = self.cast_scalar(value.clone(), ScalarType::U32);
        let one = IExpr::Const(Constant::Int(self.index_type(), 1));
        let second = binary(BinaryOp::Add, byte.clone(), one);
        let octet = Ty::Int(crate::front::sema::IntKind::UChar);
        self.blocks.push(vec![]);
        self.store_narrow(
            binding,
            &byte,
            &octet,
            binary(BinaryOp::BitAnd, bits.clone(), u32c(0xff)),
        );
        self.store_narrow(
            binding,
            &second,
            &octet,
            binary(BinaryOp::Shr, bits, u32c(8)),
        );
        let straddling = self.blocks.pop().unwrap_or_default();
        self.blocks.push(vec![]);
        self.store_narrow(binding, &byte, ty, value);
        let within = self.blocks.pop().unwrap_or_default();
        self.emit(IStmt::If {
            cond: binary(BinaryOp::Eq, shift, u32c(24)),
            then_block: straddling,
            else_block: within,
        });
    }

    /// Stores the 4- or 8-byte scalar `value` of type `ty` at byte `byte` of
    /// `binding`, which may start inside a word: each word it covers gets
    /// its bits there, atomically where other bits of the word remain.
    fn unaligned_store(&mut self, binding: BindingId, byte: &IExpr, ty: &Ty, value: IExpr) {
        let (word, shift) = self.word_of(byte);
        let shift = self.snapshot_scalar(shift, "byte.shift");
        let word = self.snapshot_scalar(word, "byte.word");
        let (low, high) = self.words_of_scalar(value, u32c(0), ty);
        let mut values = vec![low];
        values.extend(high);
        // Aligned: whole words.
        self.blocks.push(vec![]);
        let mut at = word.clone();
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                at = self.next_word(at);
            }
            self.store_word(binding, at.clone(), v.clone());
        }
        let aligned = self.blocks.pop().unwrap_or_default();
        // Straddling: the first word's high bits, whole middle words, the
        // last word's low bits.
        self.blocks.push(vec![]);
        let back = binary(BinaryOp::Sub, u32c(32), shift.clone());
        let mut at = word;
        let mut carry: Option<IExpr> = None;
        for (i, v) in values.iter().enumerate() {
            let placed = binary(BinaryOp::Shl, v.clone(), shift.clone());
            let here = match carry.take() {
                Some(c) => binary(BinaryOp::BitOr, placed, c),
                None => placed,
            };
            carry = Some(binary(BinaryOp::Shr, v.clone(), back.clone()));
            let keep = if i == 0 {
                // Below the scalar's first byte.
                binary(
                    BinaryOp::Sub,
                    binary(BinaryOp::Shl, u32c(1), shift.clone()),
                    u32c(1),
                )
            } else {
                u32c(0)
            };
            self.merge_word(binding, at.clone(), keep, here);
            at = self.next_word(at);
        }
        let last_keep = IExpr::Unary(
            UnaryOp::BitNot,
            Box::new(binary(
                BinaryOp::Sub,
                binary(BinaryOp::Shl, u32c(1), shift.clone()),
                u32c(1),
            )),
        );
        self.merge_word(binding, at, last_keep, carry.unwrap_or_else(|| u32c(0)));
        let straddling = self.blocks.pop().unwrap_or_default();
        self.emit(IStmt::If {
            cond: binary(BinaryOp::Ne, shift, u32c(0)),
            then_block: straddling,
            else_block: aligned,
        });
    }

    /// Word `word` of `binding` = (word & keep) | bits: a plain store where
    /// `keep` is zero, else two atomic operations, so that work-items
    /// writing the word's other bits do not lose each other's writes (in
    /// private memory, which no other work-item sees, read, merge, write).
    fn merge_word(&mut self, binding: BindingId, word: IExpr, keep: IExpr, bits: IExpr) {
        if matches!(keep, IExpr::Const(Constant::Int(_, 0))) {
            self.store_word(binding, word, bits);
            return;
        }
        let b = &mut self.bindings[binding.0 as usize];
        b.reads = true;
        b.writes = true;
        if b.space == Space::Private {
            let w = self.load_word(binding, word.clone());
            let merged = binary(BinaryOp::BitOr, binary(BinaryOp::BitAnd, w, keep), bits);
            self.store_word(binding, word, merged);
            return;
        }
        for (op, operand) in [(AtomicOp::And, keep), (AtomicOp::Or, bits)] {
            self.emit(IStmt::Atomic {
                op,
                binding,
                index: word.clone(),
                value: Some(operand),
                expected: None,
                result: None,
            });
        }
    }

    /// Stores `value` (an IR value of `ty`'s type) as the scalar at byte
    /// `byte` of byte-addressed `binding`.
    pub(super) fn byte_store(&mut self, binding: BindingId, byte: &IExpr, ty: &Ty, value: IExpr) {
        // Computed before memory changes: it may read this very element
        // (`s[i] -= 1`).
        let value = self.snapshot_scalar(value, "stored");
        if self.unaligned.contains(&binding.0) {
            match self.narrow(ty) {
                None => return self.unaligned_store(binding, byte, ty, value),
                Some(n) if n.bits == 16 => {
                    return self.unaligned_short_store(binding, byte, ty, value)
                }
                Some(_) => {}
            }
        }
        self.store_narrow(binding, byte, ty, value);
    }

    /// Stores `value` as the scalar of type `ty` at byte `byte`, within one
    /// word (or two whole ones).
    fn store_narrow(&mut self, binding: BindingId, byte: &IExpr, ty: &Ty, value: IExpr) {
        let (word, shift) = self.word_of(byte);
        let Some(n) = self.narrow(ty) else {
            let (low, high) = self.words_of_scalar(value, shift, ty);
            if let Some(high) = high {
                let next = self.next_word(word.clone());
                self.store_word(binding, next, high);
            }
            self.store_word(binding, word, low);
            return;
        };
        let narrow_view = self.narrow_view(binding, n);
        let (placed, _) = self.words_of_scalar(value.clone(), shift.clone(), ty);
        let keep = IExpr::Unary(
            UnaryOp::BitNot,
            Box::new(binary(BinaryOp::Shl, u32c(n.mask()), shift)),
        );
        match narrow_view {
            None => self.merge_word(binding, word, keep, placed),
            Some(view) => {
                self.blocks.push(vec![]);
                self.merge_word(binding, word, keep, placed);
                let on_words = self.blocks.pop().unwrap_or_default();
                let (bits, _) = self.words_of_scalar(value, u32c(0), ty);
                let index = self.view_index(byte, n);
                self.bindings[view.0 as usize].writes = true;
                let flag = self.narrow_flag(n);
                self.emit(IStmt::If {
                    cond: IExpr::SpecConst(flag),
                    then_block: vec![IStmt::Store {
                        binding: view,
                        index,
                        value: bits,
                    }],
                    else_block: on_words,
                });
            }
        }
    }

    /// The index in a narrow view of `n`'s width of the scalar at `byte`.
    fn view_index(&self, byte: &IExpr, n: Narrow) -> IExpr {
        match n.bits {
            8 => byte.clone(),
            _ => binary(
                BinaryOp::Div,
                byte.clone(),
                IExpr::Const(Constant::Int(self.index_type(), 2)),
            ),
        }
    }

    /// The specialization constant saying whether the device has storage
    /// of `n`'s width.
    fn narrow_flag(&mut self, n: Narrow) -> u32 {
        self.device_flag(match n.bits {
            8 => crate::bundle::BYTE_STORE_SPEC,
            _ => crate::bundle::SHORT_STORE_SPEC,
        })
    }

    /// The view of global `binding` as `n`'s bytes or 16-bit halves that a
    /// store of `n` uses where the launch's device has 8- or 16-bit storage
    /// (the specialization constant [`crate::bundle::BYTE_STORE_SPEC`] or
    /// [`crate::bundle::SHORT_STORE_SPEC`]), when the target may have it
    /// (not in a `SYCL_EXTERNAL` function, which cannot read the constant,
    /// and not for 16-bit scalars of packed memory, which may start at an
    /// odd byte). Elsewhere, and on devices without, the store is two
    /// atomic operations on its word (`merge_word`). Loads keep reading
    /// words: a word read once serves its four bytes (measured on the H200:
    /// byte loads through the view made byte-array kernels 6-12% slower).
    fn narrow_view(&mut self, binding: BindingId, n: Narrow) -> Option<BindingId> {
        let wanted = self.target.narrow_storage
            && !self.external
            && self.bindings[binding.0 as usize].space == Space::Global
            && (n.bits == 8 || !self.unaligned.contains(&binding.0));
        if !wanted {
            return None;
        }
        self.memory_view(binding, ScalarType::U32, Some(n.bits))
    }

    /// `e` (of a word or double-word type) reinterpreted as `to`.
    fn bitcast(&self, e: IExpr, to: ScalarType) -> IExpr {
        if self.expr_type(&e) == to {
            e
        } else {
            IExpr::Bitcast(Box::new(e), to)
        }
    }
}
