//! Pointers into one of several allocations, chosen at run time:
//! `p = c ? a : b;`, `if (x) src = in1; else src = in2;`, `std::swap(in,
//! out)` in a loop, an array of pointers indexed by a variable.
//!
//! Vulkan and WebGPU kernels cannot keep a pointer into a storage buffer in
//! a variable, so such a pointer is a *choice*: a list of bindings and a
//! `which` value (the position of the current one in the list) beside the
//! element index. Reading through it branches over the bindings (only the
//! chosen one is read); writing branches the same way.
//!
//! A pointer variable learns that it needs a choice when a store gives it a
//! second allocation. Code lowered before that store used the first one, so
//! the store records the variable's slot and the bindings it needs
//! ([`ChoiceHints`]) and the kernel is lowered again with that slot holding
//! a choice from its creation (see `lower_kernel`). Slots are numbered in
//! creation order, which is the same in every lowering up to that store.

use super::values::{PlaceV, Slot, SlotId, Val};
use super::Lowerer;
use crate::front::ast::BinOp;
use crate::front::sema::Ty;
use crate::ir::{
    BinaryOp, BindingId, Constant, Expr as IExpr, LocalId, ScalarType, Stmt as IStmt, UnaryOp,
};
use crate::source::Span;
use std::collections::HashMap;

/// The allocation a [`Val::Ptr`] points into when it is one of several:
/// `bindings[which]`.
#[derive(Clone, Debug)]
pub struct PtrChoice {
    pub bindings: Vec<BindingId>,
    /// A `u32` expression.
    pub which: IExpr,
}

/// Pointer slots that need a choice, and between which bindings.
pub type ChoiceHints = HashMap<SlotId, Vec<BindingId>>;

/// The bindings a pointer value may point into (none for the null pointer).
pub(super) fn bindings_of(v: &Val) -> Vec<BindingId> {
    match v {
        Val::Ptr {
            choice: Some(c), ..
        } => c.bindings.clone(),
        Val::Ptr {
            binding: Some(b), ..
        } => vec![*b],
        _ => vec![],
    }
}

/// `list` with the bindings of `more` it lacks appended.
fn union(list: &[BindingId], more: &[BindingId]) -> Vec<BindingId> {
    let mut out = list.to_vec();
    for b in more {
        if !out.contains(b) {
            out.push(*b);
        }
    }
    out
}

fn u32_const(k: usize) -> IExpr {
    IExpr::Const(Constant::Int(ScalarType::U32, k as u64))
}

impl Lowerer<'_> {
    /// A fresh pointer slot; a choice from the start where an earlier
    /// lowering found that it needs one.
    pub(super) fn new_pointer_slot(
        &mut self,
        binding: Option<BindingId>,
        bound: bool,
        index: LocalId,
        elem: Ty,
    ) -> SlotId {
        let id = SlotId(self.slots.len() as u32);
        let choice = self.forced_choices.get(&id).cloned().map(|list| {
            let which = self.new_local("which", ScalarType::U32);
            let first = binding.and_then(|b| list.iter().position(|x| *x == b));
            self.emit(IStmt::Assign {
                local: which,
                value: u32_const(first.unwrap_or(0)),
            });
            (list, which)
        });
        // A choice's binding is the first of its list (`Val::Ptr`): the
        // pointer is not taken for the null pointer.
        let binding = match &choice {
            Some((list, _)) => list.first().copied(),
            None => binding,
        };
        self.add_slot(Slot::Ptr {
            binding,
            bound,
            index,
            elem,
            choice,
        })
    }

    /// A pointer slot needs a choice between `bindings`: recorded for the
    /// next lowering.
    fn want_choice(&mut self, slot: SlotId, bindings: Vec<BindingId>) {
        let list = self.wanted_choices.entry(slot).or_default();
        *list = union(list, &bindings);
    }

    /// `value` (a pointer) stored into the pointer slot `id`.
    pub(super) fn store_pointer(&mut self, id: SlotId, value: Val) {
        let Slot::Ptr {
            mut binding,
            mut bound,
            index,
            elem,
            mut choice,
        } = self.slots[id.0 as usize].clone()
        else {
            return;
        };
        let Val::Ptr {
            index: value_index, ..
        } = &value
        else {
            return;
        };
        let incoming = bindings_of(&value);
        match &choice {
            Some((list, which)) => {
                if incoming.iter().all(|b| list.contains(b)) {
                    if !incoming.is_empty() {
                        let w = self.which_in(&value, list);
                        self.emit(IStmt::Assign {
                            local: *which,
                            value: w,
                        });
                    }
                } else {
                    self.want_choice(id, union(list, &incoming));
                }
            }
            None => match binding {
                Some(b) if bound => {
                    if incoming.iter().any(|x| *x != b) {
                        self.want_choice(id, union(&[b], &incoming));
                    }
                }
                // Nothing read through the slot yet: it takes the value's
                // allocation, or its choice.
                _ => {
                    if let Val::Ptr {
                        choice: Some(c), ..
                    } = &value
                    {
                        let which = self.new_local("which", ScalarType::U32);
                        self.emit(IStmt::Assign {
                            local: which,
                            value: c.which.clone(),
                        });
                        choice = Some((c.bindings.clone(), which));
                    }
                    binding = incoming.first().copied().or(binding);
                }
            },
        }
        bound = bound || !incoming.is_empty();
        let it = self.index_type();
        let vi = self.cast_scalar(value_index.clone(), it);
        self.emit(IStmt::Assign {
            local: index,
            value: vi,
        });
        self.slots[id.0 as usize] = Slot::Ptr {
            binding,
            bound,
            index,
            elem,
            choice,
        };
    }

    /// The value of pointer slot `id`.
    pub(super) fn load_pointer(&self, id: SlotId) -> Val {
        match &self.slots[id.0 as usize] {
            Slot::Ptr {
                binding,
                index,
                elem,
                choice,
                ..
            } => Val::Ptr {
                binding: *binding,
                index: IExpr::Local(*index),
                elem: elem.clone(),
                choice: choice.as_ref().map(|(bindings, which)| {
                    Box::new(PtrChoice {
                        bindings: bindings.clone(),
                        which: IExpr::Local(*which),
                    })
                }),
            },
            _ => Val::Void,
        }
    }

    /// The position in `list` of the allocation pointer `v` points into
    /// (0 for the null pointer), as a `u32` expression.
    fn which_in(&self, v: &Val, list: &[BindingId]) -> IExpr {
        let position = |b: &BindingId| list.iter().position(|x| x == b).unwrap_or(0);
        match v {
            Val::Ptr {
                choice: Some(c), ..
            } => {
                if c.bindings == list {
                    return c.which.clone();
                }
                self.by_which(&c.which, c.bindings.iter().map(|b| u32_const(position(b))))
            }
            Val::Ptr {
                binding: Some(b), ..
            } => u32_const(position(b)),
            _ => u32_const(0),
        }
    }

    /// `values[which]`, as a chain of selects.
    pub(super) fn by_which(
        &self,
        which: &IExpr,
        values: impl DoubleEndedIterator<Item = IExpr>,
    ) -> IExpr {
        let mut values: Vec<IExpr> = values.collect();
        let mut acc = values.pop().unwrap_or_else(|| u32_const(0));
        for (k, v) in values.into_iter().enumerate().rev() {
            let is_k = IExpr::Binary(
                BinaryOp::Eq,
                Box::new(which.clone()),
                Box::new(u32_const(k)),
            );
            acc = IExpr::Select(Box::new(is_k), Box::new(v), Box::new(acc));
        }
        acc
    }

    /// `cond ? a : b` for pointers `a` and `b`: a choice where they may
    /// point into different allocations.
    pub(super) fn select_pointers(&mut self, cond: IExpr, a: Val, b: Val) -> Val {
        let (ba, bb) = (bindings_of(&a), bindings_of(&b));
        let (
            Val::Ptr {
                index: ia,
                elem,
                choice: ca,
                ..
            },
            Val::Ptr {
                index: ib,
                choice: cb,
                ..
            },
        ) = (&a, &b)
        else {
            return Val::Void;
        };
        let it = self.index_type();
        let index = IExpr::Select(
            Box::new(cond.clone()),
            Box::new(self.cast_scalar(ia.clone(), it)),
            Box::new(self.cast_scalar(ib.clone(), it)),
        );
        let list = union(&ba, &bb);
        if list.len() <= 1 && ca.is_none() && cb.is_none() {
            return Val::Ptr {
                binding: list.first().copied(),
                index,
                elem: elem.clone(),
                choice: None,
            };
        }
        let which = IExpr::Select(
            Box::new(cond),
            Box::new(self.which_in(&a, &list)),
            Box::new(self.which_in(&b, &list)),
        );
        Val::Ptr {
            binding: list.first().copied(),
            index,
            elem: elem.clone(),
            choice: Some(Box::new(PtrChoice {
                bindings: list,
                which,
            })),
        }
    }

    /// The element `index` of a pointer to `elem` with `choice`: a place
    /// that branches over the allocations.
    pub(super) fn chosen_place(&mut self, choice: PtrChoice, index: IExpr, elem: Ty) -> PlaceV {
        let which = match choice.which {
            IExpr::Local(l) if self.locals[l.0 as usize].ty == ScalarType::U32 => l,
            w => {
                let l = self.new_local("which", ScalarType::U32);
                self.emit(IStmt::Assign { local: l, value: w });
                l
            }
        };
        let index = self.snapshot_scalar(index, "offset");
        // A private array declared after this point (`p = a; ...; int b[3];
        // p = b;`, lowered again with `p` a choice from its creation) has
        // no binding yet, and `p` cannot point into it here: its arm uses
        // an allocation that exists, and is never chosen.
        let made = self.bindings.len();
        let existing = choice
            .bindings
            .iter()
            .copied()
            .find(|b| (b.0 as usize) < made);
        let parts = choice
            .bindings
            .iter()
            .map(|b| match existing {
                Some(e) if b.0 as usize >= made => {
                    self.pointee_place(e, index.clone(), elem.clone())
                }
                None => self.dummy_place(),
                _ => self.pointee_place(*b, index.clone(), elem.clone()),
            })
            .collect();
        PlaceV::Select {
            index: which,
            parts,
        }
    }

    /// A number for the allocation a pointer points into (0: null), for
    /// comparing pointers.
    fn allocation_number(&self, v: &Val) -> IExpr {
        let number = |b: &BindingId| u32_const(b.0 as usize + 1);
        match v {
            Val::Ptr {
                choice: Some(c), ..
            } => self.by_which(&c.which, c.bindings.iter().map(number)),
            Val::Ptr {
                binding: Some(b), ..
            } => number(b),
            _ => u32_const(0),
        }
    }

    /// `a op b` for pointers of which one at least is a choice: equal when
    /// they point into the same allocation at the same element; ordering
    /// and distance are those of the elements (pointers into different
    /// allocations have none).
    pub(super) fn compare_chosen_pointers(
        &mut self,
        op: BinOp,
        a: Val,
        b: Val,
        ty: &Ty,
        span: Span,
    ) -> Val {
        let (Val::Ptr { index: ia, .. }, Val::Ptr { index: ib, .. }) = (&a, &b) else {
            return Val::Void;
        };
        let it = self.index_type();
        let (ia, ib) = (
            self.cast_scalar(ia.clone(), it),
            self.cast_scalar(ib.clone(), it),
        );
        let binary = |op, x: IExpr, y: IExpr| IExpr::Binary(op, Box::new(x), Box::new(y));
        match op {
            BinOp::Eq | BinOp::Ne => {
                let same = binary(
                    BinaryOp::LogicalAnd,
                    binary(
                        BinaryOp::Eq,
                        self.allocation_number(&a),
                        self.allocation_number(&b),
                    ),
                    binary(BinaryOp::Eq, ia, ib),
                );
                Val::Scalar(if op == BinOp::Eq {
                    same
                } else {
                    IExpr::Unary(UnaryOp::Not, Box::new(same))
                })
            }
            BinOp::Sub => {
                let st = self.scalar_of(ty, span).unwrap_or(ScalarType::I64);
                Val::Scalar(self.cast_scalar(binary(BinaryOp::Sub, ia, ib), st))
            }
            BinOp::Lt => Val::Scalar(binary(BinaryOp::Lt, ia, ib)),
            BinOp::Le => Val::Scalar(binary(BinaryOp::Le, ia, ib)),
            BinOp::Gt => Val::Scalar(binary(BinaryOp::Gt, ia, ib)),
            BinOp::Ge => Val::Scalar(binary(BinaryOp::Ge, ia, ib)),
            _ => {
                self.error(span, "invalid operation on pointers");
                Val::Void
            }
        }
    }

    /// `parts[index]` read by branching, so that only the chosen part's
    /// memory is read.
    pub(super) fn load_branching(&mut self, index: LocalId, parts: &[PlaceV]) -> Val {
        let mut result: Option<Val> = None;
        for (k, part) in parts.iter().enumerate() {
            self.blocks.push(vec![]);
            let v = self.load(part);
            let v = self.deref_val(v);
            let target = match &result {
                Some(r) => r.clone(),
                None => {
                    let r = self.fresh_locals_like(&v);
                    result = Some(r.clone());
                    r
                }
            };
            self.assign_locals(&target, v);
            let then_block = self.blocks.pop().unwrap_or_default();
            let cond = IExpr::Binary(
                BinaryOp::Eq,
                Box::new(IExpr::Local(index)),
                Box::new(IExpr::Const(Constant::Int(
                    self.locals[index.0 as usize].ty,
                    k as u64,
                ))),
            );
            self.emit(IStmt::If {
                cond,
                then_block,
                else_block: vec![],
            });
        }
        result.unwrap_or(Val::Void)
    }

    /// Locals shaped like the scalars of `v`.
    fn fresh_locals_like(&mut self, v: &Val) -> Val {
        match v {
            Val::Scalar(e) => {
                let t = self.expr_type(e);
                Val::Scalar(IExpr::Local(self.new_local("chosen", t)))
            }
            Val::Agg(parts) => Val::Agg(parts.iter().map(|p| self.fresh_locals_like(p)).collect()),
            other => other.clone(),
        }
    }

    fn assign_locals(&mut self, target: &Val, v: Val) {
        match (target, v) {
            (Val::Scalar(IExpr::Local(l)), Val::Scalar(e)) => {
                let t = self.locals[l.0 as usize].ty;
                let e = self.cast_scalar(e, t);
                self.emit(IStmt::Assign {
                    local: *l,
                    value: e,
                });
            }
            (Val::Agg(ts), Val::Agg(vs)) => {
                for (t, v) in ts.iter().zip(vs) {
                    self.assign_locals(t, v);
                }
            }
            _ => {}
        }
    }
}

/// Whether reading `p` reads memory (a storage buffer or a work-group or
/// private array), which a choice must not read unchosen.
pub(super) fn reads_memory(p: &PlaceV) -> bool {
    match p {
        PlaceV::Global { .. }
        | PlaceV::GlobalBytes { .. }
        | PlaceV::GlobalAgg { .. }
        | PlaceV::GlobalBits { .. } => true,
        PlaceV::Select { parts, .. } => parts.iter().any(reads_memory),
        PlaceV::Slot(_) | PlaceV::ValuePart(_) => false,
    }
}
