//! Forwarding of byte and 16-bit stores to the loads that read them back.
//!
//! A `char` or `short` store to global memory goes through a narrow view of
//! the allocation where the device has 8- or 16-bit storage, and loads read
//! the whole word through the other view (`lower/byte_memory.rs`). The two
//! views are `Aliased`, so a load of the element just stored waits for the
//! store (`Bn[i] = f(Bn[i]); g(Bn[i])`: 128 against 100 µs with the atomics
//! on the H200). Here such a load becomes the stored value: within
//! straight-line code, after the statement that stores value `v` at byte
//! `a` (`if s { view[a] = v } else { atomic and/or on word a / 4 }`), the
//! extraction of the element at `a` from word `a / 4` of the same binding
//! is `v`'s low bits, until a local either names is assigned or memory may
//! change (any other store or atomic, a barrier, a fence, a call, a
//! sub-group operation: another binding may be the same allocation). An
//! `If` sees what was known before it; a loop's body starts from nothing.

use crate::ir::{
    AtomicOp, BinaryOp, Binding, BindingId, Block, Constant, Expr, Kernel, LocalId, ScalarType,
    Stmt,
};

/// A narrow element known to hold a value: word binding, byte address,
/// the element's mask (0xff or 0xffff), and the stored value (whose low
/// bits are the element).
#[derive(Clone)]
struct Known {
    word_binding: BindingId,
    byte: Expr,
    mask: u64,
    value: Expr,
}

impl Known {
    fn names(&self, local: LocalId) -> bool {
        let mut found = false;
        for e in [&self.byte, &self.value] {
            e.walk(&mut |x| found |= *x == Expr::Local(local));
        }
        found
    }
}

/// Replaces the loads of `kernel` that read back a narrow store.
pub fn forward_narrow_stores(kernel: &mut Kernel) {
    let body = std::mem::take(&mut kernel.body);
    kernel.body = block(body, &kernel.bindings, &mut vec![]);
}

fn block(stmts: Block, bindings: &[Binding], known: &mut Vec<Known>) -> Block {
    stmts
        .into_iter()
        .map(|s| stmt(s, bindings, known))
        .collect()
}

fn stmt(mut s: Stmt, bindings: &[Binding], known: &mut Vec<Known>) -> Stmt {
    if !known.is_empty() {
        for e in s.exprs_mut() {
            let taken = std::mem::replace(e, Expr::Const(Constant::Bool(false)));
            *e = taken.map(&mut |x| forwarded(x, known));
        }
    }
    if let Some(store) = narrow_store(&s, bindings) {
        known.clear();
        known.push(store);
        return s;
    }
    match s {
        Stmt::If {
            cond,
            then_block,
            else_block,
        } => {
            let then_block = block(then_block, bindings, &mut known.clone());
            let else_block = block(else_block, bindings, &mut known.clone());
            forget_changed(&then_block, known);
            forget_changed(&else_block, known);
            Stmt::If {
                cond,
                then_block,
                else_block,
            }
        }
        Stmt::Loop { body, continuing } => {
            forget_changed(&body, known);
            forget_changed(&continuing, known);
            Stmt::Loop {
                body: block(body, bindings, &mut vec![]),
                continuing: block(continuing, bindings, &mut vec![]),
            }
        }
        s => {
            forget_changed(std::slice::from_ref(&s), known);
            s
        }
    }
}

/// Forgets what `stmts` may change: everything when they write memory or
/// synchronize, else what names a local they assign.
fn forget_changed(stmts: &[Stmt], known: &mut Vec<Known>) {
    if known.is_empty() {
        return;
    }
    let mut memory = false;
    crate::ir::walk_stmts(stmts, &mut |s| {
        memory |= matches!(
            s,
            Stmt::Store { .. }
                | Stmt::Atomic { .. }
                | Stmt::Barrier
                | Stmt::Fence(_)
                | Stmt::SubgroupBarrier
                | Stmt::Subgroup { .. }
                | Stmt::Call { .. }
        )
    });
    if memory {
        known.clear();
        return;
    }
    for local in super::propagate::assigned_locals(stmts) {
        known.retain(|k| !k.names(local));
    }
}

/// The narrow store `s` is, as the lowering writes one: the store through
/// the view under the device's flag, else an atomic AND and OR of the word.
fn narrow_store(s: &Stmt, bindings: &[Binding]) -> Option<Known> {
    let Stmt::If {
        cond: Expr::SpecConst(_),
        then_block,
        else_block,
    } = s
    else {
        return None;
    };
    let [Stmt::Store {
        binding: view,
        index,
        value,
    }] = then_block.as_slice()
    else {
        return None;
    };
    let [Stmt::Atomic {
        op: AtomicOp::And,
        binding: word_binding,
        result: None,
        ..
    }, Stmt::Atomic {
        op: AtomicOp::Or,
        binding: or_binding,
        result: None,
        ..
    }] = else_block.as_slice()
    else {
        return None;
    };
    if word_binding != or_binding {
        return None;
    }
    let (byte, mask) = match bindings.get(view.0 as usize)?.narrow_bits? {
        8 => (index.clone(), 0xff),
        16 => match index {
            Expr::Binary(BinaryOp::Div, byte, two) if is_int(two, 2) => ((**byte).clone(), 0xffff),
            _ => return None,
        },
        _ => return None,
    };
    Some(Known {
        word_binding: *word_binding,
        byte,
        mask,
        value: value.clone(),
    })
}

/// `e`, or the value of a known element when `e` extracts it from its word
/// as the lowering does: unsigned, `(word[a / 4] >> u32(a % 4) * 8) &
/// mask`; signed, `i32(word[a / 4] << (k - u32(a % 4) * 8)) >> k` with `k`
/// 24 for bytes, 16 for halves.
fn forwarded(e: Expr, known: &[Known]) -> Expr {
    if let Expr::Binary(BinaryOp::BitAnd, shifted, mask) = &e {
        if let Expr::Binary(BinaryOp::Shr, word, shift) = &**shifted {
            if let Some(k) = known_element(known, word, |byte| is_shift_of(shift, byte)) {
                if is_int(mask, k.mask) {
                    return Expr::Binary(
                        BinaryOp::BitAnd,
                        Box::new(k.value.clone()),
                        Box::new(u32c(k.mask)),
                    );
                }
            }
        }
    }
    if let Expr::Binary(BinaryOp::Shr, raised, down) = &e {
        if let Expr::Bitcast(raised, ScalarType::I32) = &**raised {
            if let Expr::Binary(BinaryOp::Shl, word, up) = &**raised {
                let Expr::Binary(BinaryOp::Sub, top, shift) = &**up else {
                    return e;
                };
                if let Some(k) = known_element(known, word, |byte| is_shift_of(shift, byte)) {
                    let bits = 32 - k.mask.count_ones() as u64;
                    if is_int(top, bits) && is_int(down, bits) {
                        let value = Expr::Binary(
                            BinaryOp::Shl,
                            Box::new(k.value.clone()),
                            Box::new(u32c(bits)),
                        );
                        return Expr::Binary(
                            BinaryOp::Shr,
                            Box::new(Expr::Bitcast(Box::new(value), ScalarType::I32)),
                            Box::new(Expr::Const(Constant::Int(ScalarType::I32, bits))),
                        );
                    }
                }
            }
        }
    }
    e
}

/// The known element that `word` (a load of `word[a / 4]`) holds, when
/// `shift_fits(a)` says the extraction around it shifts by `a`'s byte.
fn known_element<'k>(
    known: &'k [Known],
    word: &Expr,
    shift_fits: impl Fn(&Expr) -> bool,
) -> Option<&'k Known> {
    let Expr::Load { binding, index } = word else {
        return None;
    };
    let Expr::Binary(BinaryOp::Div, byte, four) = &**index else {
        return None;
    };
    if !is_int(four, 4) || !shift_fits(byte) {
        return None;
    }
    known
        .iter()
        .find(|k| k.word_binding == *binding && **byte == k.byte)
}

fn u32c(v: u64) -> Expr {
    Expr::Const(Constant::Int(ScalarType::U32, v))
}

/// Whether `shift` is `u32(byte % 4) * 8`.
fn is_shift_of(shift: &Expr, byte: &Expr) -> bool {
    let Expr::Binary(BinaryOp::Mul, in_word, eight) = shift else {
        return false;
    };
    let Expr::Convert(rem, ScalarType::U32) = &**in_word else {
        return false;
    };
    matches!(&**rem, Expr::Binary(BinaryOp::Rem, b, four) if **b == *byte && is_int(four, 4))
        && is_int(eight, 8)
}

fn is_int(e: &Expr, v: u64) -> bool {
    matches!(e, Expr::Const(Constant::Int(_, x)) if *x == v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::build::binary;
    use crate::passes::test_ir::{assign, local};

    const WORDS: BindingId = BindingId(0);
    const BYTES: BindingId = BindingId(1);
    const HALVES: BindingId = BindingId(2);

    fn bindings() -> Vec<Binding> {
        let binding = |name: &str, narrow_bits| Binding {
            name: name.into(),
            elem: ScalarType::U32,
            reads: true,
            writes: true,
            space: Default::default(),
            fixed_len: None,
            volatile: false,
            aliased: true,
            per_work_item: false,
            narrow_bits,
        };
        vec![
            binding("words", None),
            binding("bytes", Some(8)),
            binding("halves", Some(16)),
        ]
    }

    fn u64c(v: u64) -> Expr {
        Expr::Const(Constant::Int(ScalarType::U64, v))
    }

    /// The lowering's narrow store of `value` at byte `byte` (through
    /// `view`: `BYTES` or `HALVES`).
    fn narrow_store(view: BindingId, byte: Expr, value: Expr) -> Stmt {
        let (index, mask) = if view == BYTES {
            (byte.clone(), 0xff)
        } else {
            (binary(BinaryOp::Div, byte.clone(), u64c(2)), 0xffff)
        };
        let word = binary(BinaryOp::Div, byte, u64c(4));
        let atomic = |op, value| Stmt::Atomic {
            op,
            binding: WORDS,
            index: word.clone(),
            value: Some(value),
            expected: None,
            result: None,
        };
        Stmt::If {
            cond: Expr::SpecConst(0),
            then_block: vec![Stmt::Store {
                binding: view,
                index,
                value: value.clone(),
            }],
            else_block: vec![
                atomic(AtomicOp::And, u32c(!mask & 0xffff_ffff)),
                atomic(AtomicOp::Or, value),
            ],
        }
    }

    /// The word holding the element at `byte`, and the element's bit
    /// offset in it, as the lowering computes them.
    fn word_and_shift(byte: Expr) -> (Expr, Expr) {
        let word = Expr::Load {
            binding: WORDS,
            index: Box::new(binary(BinaryOp::Div, byte.clone(), u64c(4))),
        };
        let shift = binary(
            BinaryOp::Mul,
            Expr::Convert(
                Box::new(binary(BinaryOp::Rem, byte, u64c(4))),
                ScalarType::U32,
            ),
            u32c(8),
        );
        (word, shift)
    }

    /// The lowering's load of the element at `byte` (`mask`: its width).
    fn element_load(byte: Expr, mask: u64) -> Expr {
        let (word, shift) = word_and_shift(byte);
        binary(
            BinaryOp::BitAnd,
            binary(BinaryOp::Shr, word, shift),
            u32c(mask),
        )
    }

    /// The lowering's sign-extending load of the element at `byte`.
    fn signed_element_load(byte: Expr, bits: u64) -> Expr {
        let (word, shift) = word_and_shift(byte);
        let up = binary(BinaryOp::Sub, u32c(32 - bits), shift);
        binary(
            BinaryOp::Shr,
            Expr::Bitcast(Box::new(binary(BinaryOp::Shl, word, up)), ScalarType::I32),
            Expr::Const(Constant::Int(ScalarType::I32, 32 - bits)),
        )
    }

    fn sign_extended(v: Expr, bits: u64) -> Expr {
        binary(
            BinaryOp::Shr,
            Expr::Bitcast(
                Box::new(binary(BinaryOp::Shl, v, u32c(32 - bits))),
                ScalarType::I32,
            ),
            Expr::Const(Constant::Int(ScalarType::I32, 32 - bits)),
        )
    }

    fn forwarded_value(v: Expr, mask: u64) -> Expr {
        binary(BinaryOp::BitAnd, v, u32c(mask))
    }

    fn run(body: Block) -> Block {
        let mut kernel = crate::passes::test_ir::kernel(body);
        kernel.bindings = bindings();
        forward_narrow_stores(&mut kernel);
        kernel.body
    }

    #[test]
    fn a_load_of_the_element_just_stored_is_the_stored_value() {
        let byte = binary(BinaryOp::Add, local(0), u64c(3));
        let body = run(vec![
            narrow_store(BYTES, byte.clone(), local(1)),
            assign(2, element_load(byte.clone(), 0xff)),
            // Another element of the same word is read from memory.
            assign(3, element_load(local(0), 0xff)),
            narrow_store(HALVES, local(4), local(5)),
            assign(6, element_load(local(4), 0xffff)),
        ]);
        assert_eq!(body[1], assign(2, forwarded_value(local(1), 0xff)));
        assert_eq!(body[2], assign(3, element_load(local(0), 0xff)));
        assert_eq!(body[4], assign(6, forwarded_value(local(5), 0xffff)));
    }

    #[test]
    fn signed_elements_are_the_stored_value_sign_extended() {
        let body = run(vec![
            narrow_store(BYTES, local(0), local(1)),
            assign(2, signed_element_load(local(0), 8)),
            // The width must agree.
            assign(3, signed_element_load(local(0), 16)),
            narrow_store(HALVES, local(4), local(5)),
            assign(6, signed_element_load(local(4), 16)),
        ]);
        assert_eq!(body[1], assign(2, sign_extended(local(1), 8)));
        assert_eq!(body[2], assign(3, signed_element_load(local(0), 16)));
        assert_eq!(body[4], assign(6, sign_extended(local(5), 16)));
    }

    #[test]
    fn what_may_change_the_element_or_its_address_ends_the_forwarding() {
        let load = || assign(9, element_load(local(0), 0xff));
        let other_store = Stmt::Store {
            binding: BindingId(3),
            index: local(7),
            value: local(8),
        };
        for between in [
            other_store,
            Stmt::Barrier,
            Stmt::Fence(crate::ir::FenceScope::Device),
            assign(0, local(7)),
            assign(1, local(7)),
            Stmt::If {
                cond: local(7),
                then_block: vec![assign(1, local(8))],
                else_block: vec![],
            },
        ] {
            let body = run(vec![
                narrow_store(BYTES, local(0), local(1)),
                between.clone(),
                load(),
            ]);
            assert_eq!(body[2], load(), "after {between:?}");
        }
        // A branch sees what was known before it; a loop body does not.
        let body = run(vec![
            narrow_store(BYTES, local(0), local(1)),
            Stmt::If {
                cond: local(7),
                then_block: vec![load()],
                else_block: vec![],
            },
            Stmt::Loop {
                body: vec![load(), Stmt::Break],
                continuing: vec![],
            },
        ]);
        let Stmt::If { then_block, .. } = &body[1] else {
            panic!()
        };
        assert_eq!(then_block[0], assign(9, forwarded_value(local(1), 0xff)));
        let Stmt::Loop { body: inner, .. } = &body[2] else {
            panic!()
        };
        assert_eq!(inner[0], load());
    }
}
