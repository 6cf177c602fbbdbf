//! Device values and storage during lowering: scalars (IR expressions),
//! resolved global pointers (binding + element index), aggregates; storage
//! slots for variables (IR locals, fixed-binding pointers, immutable values,
//! references); places (slots or buffer elements) with load and store.

use super::pointer_choice::{reads_memory, PtrChoice};
use super::Lowerer;
use crate::front::sema::{BitField, Ty};
use crate::ir::{BinaryOp, BindingId, Constant, Expr as IExpr, LocalId, ScalarType, Stmt as IStmt};
use crate::source::Span;

#[derive(Clone, Debug)]
pub enum Val {
    Scalar(IExpr),
    /// A global pointer: `binding` None is the null pointer. With `choice`,
    /// the pointer points into one of several allocations, chosen at run
    /// time (`binding` is then the first of them).
    Ptr {
        binding: Option<BindingId>,
        index: IExpr,
        elem: Ty,
        choice: Option<Box<PtrChoice>>,
    },
    Agg(Vec<Val>),
    /// A reference to a place (returned by reference, captured by reference).
    Ref(Box<PlaceV>),
    /// The address of a whole per-work-item object that lives in values,
    /// not in memory, because it holds pointers (`Partitioner p;
    /// first(&p);`): resolved at compile time, so it can be passed,
    /// copied and dereferenced, but not offset or stored in memory.
    Addr(Box<PlaceV>),
    Void,
}

impl Val {
    /// The scalars of a value made of scalars (arrays and structs of
    /// them), in order.
    pub fn scalars(&self) -> Vec<IExpr> {
        match self {
            Val::Scalar(e) => vec![e.clone()],
            Val::Agg(parts) => parts.iter().flat_map(Val::scalars).collect(),
            _ => vec![],
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SlotId(pub u32);

#[derive(Clone, Debug)]
pub enum Slot {
    Scalar(LocalId),
    /// A pointer variable: its binding is fixed by the first store, or,
    /// with `choice`, one of several chosen by the local it names.
    Ptr {
        binding: Option<BindingId>,
        bound: bool,
        index: LocalId,
        elem: Ty,
        choice: Option<(Vec<BindingId>, LocalId)>,
    },
    /// An immutable value.
    Value(Val),
    Agg(Vec<SlotId>),
    /// A reference variable.
    Ref(PlaceV),
}

#[derive(Clone, Debug)]
pub enum PlaceV {
    Slot(SlotId),
    /// Element `index` of a storage buffer; `view` is the scalar type it
    /// is read and written as when that differs from the binding's element
    /// type but has its size (`(int *)` over `float` memory): the bits are
    /// reinterpreted.
    Global {
        binding: BindingId,
        index: IExpr,
        view: Option<ScalarType>,
    },
    /// The scalar of type `ty` at byte `byte` of a byte-addressed binding
    /// (see `byte_memory.rs`).
    GlobalBytes {
        binding: BindingId,
        byte: IExpr,
        ty: Ty,
    },
    /// A class or array in a storage buffer, whose first unit (scalar or
    /// byte) is element `index` (see `global_aggregate.rs`).
    GlobalAgg {
        binding: BindingId,
        index: IExpr,
        ty: Ty,
    },
    /// Part `i` of an immutable aggregate value.
    ValuePart(Box<Val>),
    /// `parts[index]` for an index known only at run time (a private array
    /// indexed by a variable): loads select, stores branch. `index` is a
    /// local, so it is evaluated once.
    Select {
        index: LocalId,
        parts: Vec<PlaceV>,
    },
    /// A bit-field of type `ty` in a byte-addressed binding, whose storage
    /// unit starts at byte `unit` (see `bit_fields.rs`).
    GlobalBits {
        binding: BindingId,
        unit: IExpr,
        unit_size: u32,
        bits: BitField,
        ty: Ty,
    },
}

impl Lowerer<'_> {
    pub(super) fn add_slot(&mut self, s: Slot) -> SlotId {
        self.slots.push(s);
        SlotId(self.slots.len() as u32 - 1)
    }

    pub(super) fn value_slot(&mut self, v: Val) -> SlotId {
        self.add_slot(Slot::Value(v))
    }

    /// Fresh mutable storage for a value of type `ty`, zero-initialised.
    pub(super) fn new_storage(&mut self, ty: &Ty, name: &str, span: Span) -> SlotId {
        self.storage_of(ty, name, false, span)
    }

    /// Storage for an object whose address the code takes but which cannot
    /// live in per-work-item memory as a whole, because it holds pointers
    /// (a tensor accessor: a data pointer beside `sizes[N]` and
    /// `strides[N]`): its arrays of arithmetic scalars live there, so
    /// pointers into them (`sizes + 1`) work; its other members stay
    /// values.
    pub(super) fn storage_with_addressable_arrays(
        &mut self,
        ty: &Ty,
        name: &str,
        span: Span,
    ) -> SlotId {
        self.storage_of(ty, name, true, span)
    }

    fn storage_of(&mut self, ty: &Ty, name: &str, addressable_arrays: bool, span: Span) -> SlotId {
        if addressable_arrays && matches!(ty, Ty::Array(..)) && self.only_scalars(ty) {
            let place = self.addressable_private(ty, name, span);
            return self.add_slot(Slot::Ref(place));
        }
        match ty {
            Ty::Class(c) => {
                let c = *c;
                self.sema.complete_class(c);
                let bases = self.sema.class(c).bases.clone();
                let fields = self.sema.class(c).fields.clone();
                let mut kids = vec![];
                for (b, _) in bases {
                    kids.push(self.storage_of(&Ty::Class(b), name, addressable_arrays, span));
                }
                for f in fields {
                    if f.ty.is_ref() {
                        // Filled by the initialiser (a reference capture or member).
                        kids.push(self.add_slot(Slot::Value(Val::Void)));
                    } else {
                        let field_name = format!("{name}.{}", f.name);
                        kids.push(self.storage_of(&f.ty, &field_name, addressable_arrays, span));
                    }
                }
                self.add_slot(Slot::Agg(kids))
            }
            Ty::Array(e, n) => {
                let kids = (0..*n)
                    .map(|i| self.new_storage(e, &format!("{name}[{i}]"), span))
                    .collect();
                self.add_slot(Slot::Agg(kids))
            }
            Ty::Ptr { pointee, .. } => {
                let it = self.index_type();
                let l = self.new_local(&format!("{name}.offset"), it);
                // A zero-initialised pointer is null.
                let null = self.null_index();
                self.emit(IStmt::Assign {
                    local: l,
                    value: null,
                });
                self.new_pointer_slot(None, false, l, (**pointee).clone())
            }
            Ty::LRef(..) | Ty::RRef(_) => self.add_slot(Slot::Value(Val::Void)),
            _ => match self.scalar_of(ty, span) {
                Some(st) => {
                    let l = self.new_local(name, st);
                    self.emit(IStmt::Assign {
                        local: l,
                        value: zero(st),
                    });
                    self.add_slot(Slot::Scalar(l))
                }
                None => self.add_slot(Slot::Value(Val::Void)),
            },
        }
    }

    pub(super) fn load(&mut self, p: &PlaceV) -> Val {
        match p {
            PlaceV::GlobalBits {
                binding,
                unit,
                unit_size,
                bits,
                ty,
            } => {
                let (binding, unit, bits, ty) = (*binding, unit.clone(), *bits, ty.clone());
                Val::Scalar(self.load_bits(binding, (&unit, *unit_size), bits, &ty))
            }
            PlaceV::GlobalBytes { binding, byte, ty } => {
                let (binding, byte, ty) = (*binding, byte.clone(), ty.clone());
                Val::Scalar(self.byte_load(binding, &byte, &ty))
            }
            PlaceV::Global {
                binding,
                index,
                view,
            } => {
                self.bindings[binding.0 as usize].reads = true;
                let load = IExpr::Load {
                    binding: *binding,
                    index: Box::new(index.clone()),
                };
                Val::Scalar(match view {
                    Some(t) => IExpr::Bitcast(Box::new(load), *t),
                    None => load,
                })
            }
            PlaceV::ValuePart(v) => (**v).clone(),
            PlaceV::GlobalAgg { binding, index, ty } => {
                self.load_global_aggregate(*binding, index, ty)
            }
            PlaceV::Select { index, parts } if reads_memory(p) => {
                self.load_branching(*index, parts)
            }
            PlaceV::Select { index, parts } => {
                let vals: Vec<Val> = parts.iter().map(|p| self.load(p)).collect();
                self.select_val(*index, vals)
            }
            PlaceV::Slot(id) => match self.slots[id.0 as usize].clone() {
                Slot::Scalar(l) => Val::Scalar(IExpr::Local(l)),
                Slot::Ptr { .. } => self.load_pointer(*id),
                Slot::Value(v) => v,
                Slot::Agg(kids) => {
                    Val::Agg(kids.iter().map(|k| self.load(&PlaceV::Slot(*k))).collect())
                }
                Slot::Ref(p) => self.load(&p),
            },
        }
    }

    pub(super) fn store(&mut self, p: &PlaceV, v: Val, span: Span) {
        // Storing an lvalue stores what it designates (except into a reference slot).
        let into_ref_slot = matches!(p, PlaceV::Slot(id) if matches!(self.slots[id.0 as usize], Slot::Value(Val::Void)));
        let v = match v {
            Val::Ref(inner) if !into_ref_slot => self.load(&inner),
            v => v,
        };
        match p {
            PlaceV::GlobalBits {
                binding,
                unit,
                unit_size,
                bits,
                ..
            } => match v {
                Val::Scalar(e) => {
                    let (binding, unit, bits) = (*binding, unit.clone(), *bits);
                    self.store_bits(binding, (&unit, *unit_size), bits, e);
                }
                Val::Void if self.has_errors() => {}
                _ => self.error(span, "internal: storing a non-scalar into a bit-field"),
            },
            PlaceV::GlobalBytes { binding, byte, ty } => match v {
                Val::Scalar(e) => {
                    let (binding, byte, ty) = (*binding, byte.clone(), ty.clone());
                    self.byte_store(binding, &byte, &ty, e);
                }
                Val::Void if self.has_errors() => {}
                _ => self.error(span, "internal: storing a non-scalar into a scalar"),
            },
            PlaceV::Global {
                binding,
                index,
                view,
            } => {
                let elem = {
                    let b = &mut self.bindings[binding.0 as usize];
                    b.writes = true;
                    b.elem
                };
                match v {
                    Val::Scalar(e) => {
                        let value = match view {
                            Some(t) => IExpr::Bitcast(Box::new(self.cast_scalar(e, *t)), elem),
                            None => e,
                        };
                        self.emit(IStmt::Store {
                            binding: *binding,
                            index: index.clone(),
                            value,
                        })
                    }
                    // The value's expression was already diagnosed.
                    Val::Void if self.has_errors() => {}
                    _ => self.error(
                        span,
                        "only scalar values can be stored to global memory yet",
                    ),
                }
            }
            PlaceV::ValuePart(_) => self.error(
                span,
                "cannot modify a kernel argument or a constant value in device code",
            ),
            PlaceV::GlobalAgg { binding, index, ty } => {
                self.store_global_aggregate(*binding, index, ty, v, span)
            }
            PlaceV::Select { index, parts } => {
                for (k, part) in parts.iter().enumerate() {
                    self.blocks.push(vec![]);
                    self.store(part, v.clone(), span);
                    let then_block = self.blocks.pop().unwrap_or_default();
                    let cond = self.index_is(*index, k);
                    self.emit(IStmt::If {
                        cond,
                        then_block,
                        else_block: vec![],
                    });
                }
            }
            PlaceV::Slot(id) => match self.slots[id.0 as usize].clone() {
                Slot::Scalar(l) => match v {
                    Val::Scalar(e) => self.emit(IStmt::Assign { local: l, value: e }),
                    Val::Void => {}
                    _ => self.error(span, "internal: storing a non-scalar into a scalar"),
                },
                Slot::Ptr { .. } => match v {
                    v @ Val::Ptr { .. } => self.store_pointer(*id, v),
                    Val::Void => {}
                    Val::Addr(_) => self.error(
                        span,
                        "this pointer points to an object that holds pointers, which stays out of \
                         memory in Vulkan and WebGPU kernels: it can be passed, copied and \
                         dereferenced, but not kept in a pointer variable that changes",
                    ),
                    _ => self.error(
                        span,
                        "this pointer's value was read from memory or made from an integer; \
                         Vulkan and WebGPU kernels need every pointer to come from a kernel \
                         argument, an accessor or a variable of the kernel (pointers stored \
                         in memory, as in linked structures, are not supported yet)",
                    ),
                },
                Slot::Agg(kids) => match v {
                    Val::Agg(parts) => {
                        for (k, part) in kids.iter().zip(parts) {
                            // Reference members bind anew.
                            if let Slot::Value(Val::Void) = self.slots[k.0 as usize] {
                                if let Val::Ref(_) = part {
                                    self.slots[k.0 as usize] = Slot::Value(part);
                                    continue;
                                }
                            }
                            self.store(&PlaceV::Slot(*k), part, span);
                        }
                    }
                    Val::Void => {}
                    _ => self.error(span, "internal: storing a scalar into an aggregate"),
                },
                Slot::Value(Val::Void) => {
                    self.slots[id.0 as usize] = Slot::Value(v);
                }
                Slot::Value(_) => self.error(
                    span,
                    "cannot modify a kernel argument or a constant value in device code",
                ),
                Slot::Ref(p) => self.store(&p, v, span),
            },
        }
    }

    /// Whether `p` designates a value that cannot change (a kernel
    /// argument, an unmodified variable, a part of one).
    pub(super) fn is_immutable_value(&self, p: &PlaceV) -> bool {
        match p {
            PlaceV::ValuePart(_) => true,
            PlaceV::Slot(id) => match &self.slots[id.0 as usize] {
                Slot::Value(v) => !matches!(v, Val::Void | Val::Ref(_)),
                Slot::Ref(inner) => self.is_immutable_value(inner),
                _ => false,
            },
            PlaceV::Select { parts, .. } => parts.iter().all(|q| self.is_immutable_value(q)),
            _ => false,
        }
    }

    /// The place of part `i` of an aggregate place.
    pub(super) fn part(&mut self, p: &PlaceV, i: usize, span: Span) -> Option<PlaceV> {
        match p {
            PlaceV::Slot(id) => match self.slots[id.0 as usize].clone() {
                Slot::Agg(kids) => {
                    let kid = self.deref_slot(*kids.get(i)?);
                    if let PlaceV::Slot(k) = kid {
                        self.enclosing.insert(k, (p.clone(), i));
                    }
                    Some(kid)
                }
                Slot::Value(Val::Agg(parts)) => match parts.get(i)? {
                    // A class part (a base or member object) gets a slot of
                    // its own, so that a downcast can find the whole again.
                    part @ Val::Agg(_) => {
                        let k = self.value_slot(part.clone());
                        self.enclosing.insert(k, (p.clone(), i));
                        Some(PlaceV::Slot(k))
                    }
                    part => Some(value_place(part.clone())),
                },
                Slot::Ref(inner) => self.part(&inner, i, span),
                _ => {
                    self.error(span, "internal: member access on a non-aggregate");
                    None
                }
            },
            PlaceV::ValuePart(v) => match &**v {
                Val::Agg(parts) => parts.get(i).map(|v| value_place(v.clone())),
                Val::Ref(inner) => self.part(inner, i, span),
                _ => None,
            },
            PlaceV::Global { .. } | PlaceV::GlobalBytes { .. } | PlaceV::GlobalBits { .. } => {
                self.error(span, "internal: member access on a scalar in global memory");
                None
            }
            PlaceV::GlobalAgg { binding, index, ty } => {
                let (binding, index, ty) = (*binding, index.clone(), ty.clone());
                self.global_part(binding, &index, &ty, i)
            }
            PlaceV::Select { index, parts } => {
                let parts = parts
                    .iter()
                    .map(|p| self.part(p, i, span))
                    .collect::<Option<Vec<_>>>()?;
                Some(PlaceV::Select {
                    index: *index,
                    parts,
                })
            }
        }
    }

    /// `v` with every non-constant scalar in it copied into a fresh local,
    /// so that it no longer depends on variables that may change.
    pub(super) fn snapshot(&mut self, v: Val) -> Val {
        match v {
            Val::Scalar(e) => Val::Scalar(self.snapshot_scalar(e, "value")),
            Val::Ptr {
                binding,
                index,
                elem,
                choice,
            } => Val::Ptr {
                binding,
                index: self.snapshot_scalar(index, "offset"),
                elem,
                choice: choice.map(|c| {
                    Box::new(PtrChoice {
                        which: self.snapshot_scalar(c.which, "which"),
                        bindings: c.bindings,
                    })
                }),
            },
            Val::Agg(parts) => Val::Agg(parts.into_iter().map(|p| self.snapshot(p)).collect()),
            v => v,
        }
    }

    pub(super) fn snapshot_scalar(&mut self, e: IExpr, name: &str) -> IExpr {
        if let IExpr::Const(_) = e {
            return e;
        }
        let ty = self.expr_type(&e);
        let l = self.new_local(name, ty);
        self.emit(IStmt::Assign { local: l, value: e });
        IExpr::Local(l)
    }

    /// `index == k` for a [`PlaceV::Select`] index.
    pub(super) fn index_is(&self, index: LocalId, k: usize) -> IExpr {
        let it = self.locals[index.0 as usize].ty;
        IExpr::Binary(
            crate::ir::BinaryOp::Eq,
            Box::new(IExpr::Local(index)),
            Box::new(IExpr::Const(Constant::Int(it, k as u64))),
        )
    }

    /// The value `vals[index]`: a chain of selects, part by part for aggregates.
    fn select_val(&mut self, index: LocalId, mut vals: Vec<Val>) -> Val {
        let Some(mut acc) = vals.pop() else {
            return Val::Void;
        };
        let last = vals.len();
        for k in (0..last).rev() {
            let v = vals.pop().expect("counted");
            acc = self.select_one(index, k, v, acc);
        }
        acc
    }

    /// `index == k ? a : b`.
    fn select_one(&mut self, index: LocalId, k: usize, a: Val, b: Val) -> Val {
        match (a, b) {
            (Val::Scalar(x), Val::Scalar(y)) => Val::Scalar(IExpr::Select(
                Box::new(self.index_is(index, k)),
                Box::new(x),
                Box::new(y),
            )),
            (Val::Agg(xs), Val::Agg(ys)) => Val::Agg(
                xs.into_iter()
                    .zip(ys)
                    .map(|(x, y)| self.select_one(index, k, x, y))
                    .collect(),
            ),
            (a @ Val::Ptr { .. }, b @ Val::Ptr { .. }) => {
                let cond = self.index_is(index, k);
                self.select_pointers(cond, a, b)
            }
            (Val::Ref(p), other) => {
                let a = self.load(&p);
                self.select_one(index, k, a, other)
            }
            (other, Val::Ref(p)) => {
                let b = self.load(&p);
                self.select_one(index, k, other, b)
            }
            _ => Val::Void,
        }
    }

    /// A slot that holds a reference designates what it refers to.
    pub(super) fn deref_slot(&self, k: SlotId) -> PlaceV {
        match &self.slots[k.0 as usize] {
            Slot::Ref(p) => p.clone(),
            Slot::Value(Val::Ref(p)) => (**p).clone(),
            _ => PlaceV::Slot(k),
        }
    }

    /// `e`, an IR value of C++ type `ty`, wrapped to `ty`'s width where
    /// that is narrower than its IR type's (8- and 16-bit integers live
    /// in 32 bits): the low bits, sign-extended for signed types, as the
    /// C++ conversion to `ty` gives.
    pub(super) fn wrap_to_width(&self, e: IExpr, ty: &Ty) -> IExpr {
        let kind = match ty {
            Ty::Int(k) => *k,
            Ty::Enum(id) => self.sema.enums[id.0 as usize].underlying,
            _ => return e,
        };
        let bits = 8 * kind.size();
        if bits >= 32 {
            return e;
        }
        let st = self.expr_type(&e);
        if !matches!(st, ScalarType::I32 | ScalarType::U32) {
            return e;
        }
        let unused = 32 - bits;
        if let IExpr::Const(Constant::Int(_, v)) = e {
            let low = (v as u32) << unused;
            let wrapped = if kind.signed() {
                ((low as i32) >> unused) as i64 as u64
            } else {
                u64::from(low >> unused)
            };
            return IExpr::Const(Constant::Int(st, wrapped));
        }
        let shift = |t| IExpr::Const(Constant::Int(t, u64::from(unused)));
        if kind.signed() {
            // Masked and raised as unsigned: WGSL refuses a left shift that
            // shifts out a one bit (or, signed, changes the sign) where it
            // evaluates one (a specialization constant's override
            // expression: `short` -3 is 0xfffffffd).
            let as_signed = self.cast_scalar(e, ScalarType::I32);
            let low_bits = IExpr::Binary(
                BinaryOp::BitAnd,
                Box::new(IExpr::Bitcast(Box::new(as_signed), ScalarType::U32)),
                Box::new(IExpr::Const(Constant::Int(
                    ScalarType::U32,
                    u64::from(u32::MAX >> unused),
                ))),
            );
            let raised = IExpr::Bitcast(
                Box::new(IExpr::Binary(
                    BinaryOp::Shl,
                    Box::new(low_bits),
                    Box::new(shift(ScalarType::U32)),
                )),
                ScalarType::I32,
            );
            let down = IExpr::Binary(
                BinaryOp::Shr,
                Box::new(raised),
                Box::new(shift(ScalarType::I32)),
            );
            self.cast_scalar(down, st)
        } else {
            let mask = IExpr::Const(Constant::Int(st, u64::from(u32::MAX >> unused)));
            IExpr::Binary(BinaryOp::BitAnd, Box::new(e), Box::new(mask))
        }
    }

    pub(super) fn cast_scalar(&self, e: IExpr, to: ScalarType) -> IExpr {
        let from = self.expr_type(&e);
        if from == to {
            return e;
        }
        if let IExpr::Const(c) = &e {
            if let Some(k) = convert_const(*c, to) {
                return IExpr::Const(k);
            }
        }
        IExpr::Convert(Box::new(e), to)
    }

    pub(super) fn expr_type(&self, e: &IExpr) -> ScalarType {
        crate::ir::Types {
            bindings: &self.bindings,
            locals: &self.locals,
            spec_constants: &self.spec_constants,
        }
        .type_of(e)
    }
}

fn value_place(v: Val) -> PlaceV {
    match v {
        Val::Ref(p) => *p,
        v => PlaceV::ValuePart(Box::new(v)),
    }
}

pub fn zero(st: ScalarType) -> IExpr {
    IExpr::Const(match st {
        ScalarType::Bool => Constant::Bool(false),
        ScalarType::F32 | ScalarType::F64 => Constant::Float(st, 0.0),
        _ => Constant::Int(st, 0),
    })
}

pub fn convert_const(c: Constant, to: ScalarType) -> Option<Constant> {
    let as_i128: i128 = match c {
        Constant::Bool(b) => b as i128,
        Constant::Int(t, v) => {
            if t.is_signed_int() {
                let bits = t.size() * 8;
                let v = v as i128 & ((1i128 << bits) - 1);
                if v >= 1i128 << (bits - 1) {
                    v - (1i128 << bits)
                } else {
                    v
                }
            } else {
                v as i128
            }
        }
        Constant::Float(_, f) => {
            return Some(match to {
                ScalarType::F32 => Constant::Float(to, f as f32 as f64),
                ScalarType::F64 => Constant::Float(to, f),
                ScalarType::Bool => Constant::Bool(f != 0.0),
                _ if to.is_signed_int() => Constant::Int(to, mask(f as i64 as i128, to)),
                _ => Constant::Int(to, mask(f as u64 as i128, to)),
            })
        }
    };
    Some(match to {
        ScalarType::Bool => Constant::Bool(as_i128 != 0),
        ScalarType::F32 => Constant::Float(to, as_i128 as f32 as f64),
        ScalarType::F64 => Constant::Float(to, as_i128 as f64),
        _ => Constant::Int(to, mask(as_i128, to)),
    })
}

fn mask(v: i128, t: ScalarType) -> u64 {
    let bits = t.size() * 8;
    (v & ((1i128 << bits) - 1)) as u64
}
