//! Lowering of statements and expressions, with call inlining.

use super::memory_copy::CopyKind;
use super::pointer_choice::{bindings_of, PtrChoice};
use super::values::{PlaceV, Slot, Val};
use super::*;
use crate::bundle::NULL_POINTER_INDEX;

/// Largest private array a run-time index may select from (each access is
/// a chain of that many selects or branches).
const MAX_SELECT_ELEMENTS: usize = 64;

impl Lowerer<'_> {
    pub(super) fn stmt(&mut self, s: &TStmt) {
        if self.in_work_group_scope() && self.work_group_stmt(s) {
            return;
        }
        match s {
            TStmt::Expr(e) => {
                let mark = self.temporaries.len();
                self.discarded_value(e);
                self.end_full_expression(mark);
            }
            TStmt::Decl(v, init) => {
                let mark = self.temporaries.len();
                self.decl(*v, init.as_ref());
                self.extend_bound_temporary(*v, init.as_ref(), mark);
                self.end_full_expression(mark);
                self.own_local(*v);
            }
            TStmt::Block(ss) => {
                for x in ss {
                    self.stmt(x);
                }
            }
            TStmt::Scope(ss) => {
                self.enter_scope(false);
                for x in ss {
                    self.stmt(x);
                }
                self.leave_scope();
            }
            TStmt::If {
                cond,
                then_s,
                else_s,
            } => {
                let c = if self.in_work_group_scope() {
                    self.uniform_condition(cond)
                } else {
                    self.condition(cond)
                };
                if let IExpr::Const(Constant::Bool(b)) = c {
                    // Fold constant conditions (e.g. `if (Dimensions > 1)`).
                    if b {
                        self.stmt(then_s);
                    } else if let Some(e) = else_s {
                        self.stmt(e);
                    }
                    return;
                }
                self.blocks.push(vec![]);
                self.stmt(then_s);
                let t = self.blocks.pop().unwrap_or_default();
                self.blocks.push(vec![]);
                if let Some(e) = else_s {
                    self.stmt(e);
                }
                let el = self.blocks.pop().unwrap_or_default();
                self.emit(IStmt::If {
                    cond: c,
                    then_block: t,
                    else_block: el,
                });
            }
            TStmt::Loop {
                cond,
                body,
                step,
                test_first,
            } => {
                self.loop_depth += 1;
                // A `do` loop whose body continues tests its condition at
                // the top of every iteration but the first: `continue`
                // goes to the top, and the condition must run on the way.
                let first_pass =
                    (!*test_first && cond.is_some() && continues_loop(body)).then(|| {
                        let first = self.new_local("do.first", ScalarType::Bool);
                        self.emit(IStmt::Assign {
                            local: first,
                            value: IExpr::Const(Constant::Bool(true)),
                        });
                        first
                    });
                self.blocks.push(vec![]);
                if let (Some(c), true) = (cond, *test_first) {
                    self.break_unless(c);
                }
                if let (Some(c), Some(first)) = (cond, first_pass) {
                    self.blocks.push(vec![]);
                    self.break_unless(c);
                    let test = self.blocks.pop().unwrap_or_default();
                    self.emit(IStmt::If {
                        cond: IExpr::Unary(UnaryOp::Not, Box::new(IExpr::Local(first))),
                        then_block: test,
                        else_block: vec![],
                    });
                    self.emit(IStmt::Assign {
                        local: first,
                        value: IExpr::Const(Constant::Bool(false)),
                    });
                }
                self.enter_scope(true);
                self.stmt(body);
                self.leave_scope();
                if let (Some(c), false, None) = (cond, *test_first, first_pass) {
                    self.break_unless(c);
                }
                let b = self.blocks.pop().unwrap_or_default();
                self.blocks.push(vec![]);
                if let Some(st) = step {
                    let lower_step = |l: &mut Self| {
                        let mark = l.temporaries.len();
                        l.discarded_value(st);
                        l.end_full_expression(mark);
                    };
                    if self.in_work_group_scope() {
                        self.by_leader(lower_step);
                    } else {
                        lower_step(self);
                    }
                }
                let cont = self.blocks.pop().unwrap_or_default();
                self.loop_depth -= 1;
                self.emit(IStmt::Loop {
                    body: b,
                    continuing: cont,
                });
                self.after_loop_return_check();
            }
            TStmt::Return(v, span) => self.ret(v.as_ref(), *span),
            TStmt::Break(_) => {
                self.unwind_to_loop();
                self.emit(IStmt::Break);
            }
            TStmt::Continue(_) => {
                self.unwind_to_loop();
                self.emit(IStmt::Continue);
            }
            TStmt::Unsupported(what, span) => self.error(
                *span,
                format!("{what} are not supported in device code yet"),
            ),
            TStmt::Nop => {}
        }
    }

    /// Leaves the loop being lowered unless condition `c` holds.
    fn break_unless(&mut self, c: &thir::Expr) {
        let c = if self.in_work_group_scope() {
            self.uniform_condition(c)
        } else {
            self.condition(c)
        };
        self.emit(IStmt::If {
            cond: IExpr::Unary(UnaryOp::Not, Box::new(c)),
            then_block: vec![IStmt::Break],
            else_block: vec![],
        });
    }

    /// Is `ty` a union, or does it hold one (as a member, base or element,
    /// or as an anonymous union whose members overlap)?
    fn contains_union(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Array(e, _) => self.contains_union(e),
            Ty::Class(c) => {
                let info = self.sema.class(*c);
                info.decl
                    .as_ref()
                    .is_some_and(|d| d.key == crate::front::ast::ClassKey::Union)
                    || info.fields.windows(2).any(|w| w[1].offset <= w[0].offset)
                    || info.fields.iter().any(|f| self.contains_union(&f.ty))
                    || info
                        .bases
                        .iter()
                        .any(|(b, _)| self.contains_union(&Ty::Class(*b)))
            }
            _ => false,
        }
    }

    /// A temporary of class type initialized from `init`, where pointers
    /// can point into it (its address, or a member's, is taken): whole in
    /// per-work-item memory when it holds only arithmetic scalars; in values
    /// with its arrays in that memory when it holds pointers; none for a
    /// union.
    pub(super) fn addressable_temporary(&mut self, init: &thir::Expr) -> Option<PlaceV> {
        let (ty, span) = (&init.ty, init.span);
        let place = if self.holds_pointers(ty) {
            PlaceV::Slot(self.storage_with_addressable_arrays(ty, "tmp", span))
        } else if self.only_scalars(ty) && !self.contains_union(ty) {
            self.addressable_private(ty, "tmp", span)
        } else {
            return None;
        };
        self.init_from_expr(&place, ty, init);
        Some(place)
    }

    /// Is `ty` a class (no union) holding pointers (or references): one
    /// that cannot live in per-work-item memory whole. Such an object stays
    /// in values; its arrays of arithmetic scalars live in that memory, so
    /// that pointers into them (`sizes + 1`) work (see
    /// `storage_with_addressable_arrays`), and its own address is a
    /// [`Val::Addr`].
    fn holds_pointers(&mut self, ty: &Ty) -> bool {
        matches!(ty, Ty::Class(_)) && !self.only_scalars(ty) && !self.contains_union(ty)
    }

    /// Does `ty` hold an array of more than [`MAX_SELECT_ELEMENTS`]
    /// scalars (which lives in per-work-item memory, indexed there)?
    fn has_large_array(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::Array(..) => self.scalar_count(ty) > MAX_SELECT_ELEMENTS as u64,
            Ty::Class(c) => {
                let parts = self.class_parts(*c);
                parts.iter().any(|(t, _)| self.has_large_array(t))
            }
            _ => false,
        }
    }

    /// How many scalars an object of type `ty` holds.
    fn scalar_count(&mut self, ty: &Ty) -> u64 {
        match ty {
            Ty::Array(elem, n) => n.saturating_mul(self.scalar_count(elem)),
            Ty::Class(c) => {
                let parts = self.class_parts(*c);
                parts.iter().map(|(t, _)| self.scalar_count(t)).sum()
            }
            _ => 1,
        }
    }

    fn decl(&mut self, v: VarId, init: Option<&thir::Expr>) {
        let ty = self.sema.var(v).ty.clone();
        let name = self.sema.var(v).name.to_string();
        let span = self.sema.var(v).span;
        let (mutated, addressed) = self
            .frames
            .last()
            .map(|f| (f.uses.mutated.contains(&v), f.uses.addressed.contains(&v)))
            .unwrap_or((true, false));
        if let Ty::LRef(..) | Ty::RRef(_) = ty {
            let slot = match init {
                Some(e) => {
                    let p = self.place(e);
                    self.add_slot(Slot::Ref(p))
                }
                _ => {
                    self.error(span, "reference variable without an initializer");
                    self.add_slot(Slot::Value(Val::Void))
                }
            };
            self.frames.last_mut().expect("frame").vars.insert(v, slot);
            return;
        }
        // A union's members share its bytes: it lives in per-work-item
        // memory, where each member reads the bits the last store left. So
        // does an array too large to index by choosing among its elements.
        if addressed && self.holds_pointers(&ty) {
            let slot = self.storage_with_addressable_arrays(&ty, &name, span);
            self.frames.last_mut().expect("frame").vars.insert(v, slot);
            if let Some(i) = init {
                self.init_from_expr(&PlaceV::Slot(slot), &ty, i);
            }
            return;
        }
        if addressed || self.contains_union(&ty) || self.has_large_array(&ty) {
            let p = self.addressable_private(&ty, &name, span);
            let slot = self.add_slot(Slot::Ref(p.clone()));
            self.frames.last_mut().expect("frame").vars.insert(v, slot);
            if let Some(i) = init {
                self.init_from_expr(&p, &ty, i);
            }
            return;
        }
        let immutable_scalar = !mutated && !matches!(ty, Ty::Class(_) | Ty::Array(..));
        if immutable_scalar {
            if let Some(e) = init {
                let val = self.rvalue(e);
                let val = self.convert_val(val, &e.ty, &ty, span);
                // Keep the value in a local so it is computed once.
                let val = self.spill(val, &name);
                let slot = self.add_slot(Slot::Value(val));
                self.mark_volatile_target(v, slot);
                self.frames.last_mut().expect("frame").vars.insert(v, slot);
                return;
            }
        }
        let slot = self.new_storage(&ty, &name, span);
        self.frames.last_mut().expect("frame").vars.insert(v, slot);
        if let Some(i) = init {
            self.init_from_expr(&PlaceV::Slot(slot), &ty, i);
        }
        self.mark_volatile_target(v, slot);
    }

    /// A pointer to volatile memory (`volatile int *p = ...`, a parameter
    /// of that type): the bindings its value points into are accessed as
    /// volatile from now on, wherever the kernel reaches them.
    fn mark_volatile_target(&mut self, v: VarId, slot: SlotId) {
        if !self.sema.var(v).volatile_pointee {
            return;
        }
        let value = match &self.slots[slot.0 as usize] {
            Slot::Ptr { .. } => self.load_pointer(slot),
            Slot::Value(v) => v.clone(),
            _ => return,
        };
        for b in bindings_of(&value) {
            self.bindings[b.0 as usize].volatile = true;
        }
    }

    /// Evaluate scalar values into a fresh local: side effects and cost happen
    /// once, and the value no longer changes with the variables it reads
    /// (`int a = i; i = 5;` leaves `a` alone). Constants and kernel
    /// parameters never change.
    pub(super) fn spill(&mut self, v: Val, name: &str) -> Val {
        match v {
            Val::Scalar(e) if !matches!(e, IExpr::Const(_) | IExpr::Param { .. }) => {
                let t = self.expr_type(&e);
                let l = self.new_local(name, t);
                self.emit(IStmt::Assign { local: l, value: e });
                Val::Scalar(IExpr::Local(l))
            }
            Val::Ptr {
                binding,
                index,
                elem,
                choice,
            } if choice.is_some() || !matches!(index, IExpr::Const(_) | IExpr::Param { .. }) => {
                let it = self.index_type();
                let l = self.new_local(&format!("{name}.offset"), it);
                let index = self.cast_scalar(index, it);
                self.emit(IStmt::Assign {
                    local: l,
                    value: index,
                });
                let choice = choice.map(|c| {
                    Box::new(PtrChoice {
                        which: self.snapshot_scalar(c.which, &format!("{name}.which")),
                        bindings: c.bindings,
                    })
                });
                Val::Ptr {
                    binding,
                    index: IExpr::Local(l),
                    elem,
                    choice,
                }
            }
            v => v,
        }
    }

    pub(super) fn init_from_expr(&mut self, p: &PlaceV, ty: &Ty, e: &thir::Expr) {
        match &e.kind {
            TK::Construct(f, args) => {
                self.inline_call(*f, args, Some(p.clone()), e.span);
            }
            _ => {
                let v = self.rvalue(e);
                let v = self.convert_val(v, &e.ty, ty, e.span);
                self.store(p, v, e.span);
            }
        }
    }

    pub(super) fn convert_val(&mut self, v: Val, from: &Ty, to: &Ty, span: Span) -> Val {
        match (v, to) {
            (Val::Scalar(e), t)
                if !matches!(t, Ty::Class(_) | Ty::Ptr { .. } | Ty::Array(..)) && !t.is_ref() =>
            {
                match self.scalar_of(to, span) {
                    Some(st) => Val::Scalar(self.wrap_to_width(self.cast_scalar(e, st), to)),
                    None => Val::Void,
                }
            }
            (v, _) => {
                let _ = from;
                v
            }
        }
    }

    // ------------------------------------------------------------ returns

    fn ret(&mut self, v: Option<&thir::Expr>, span: Span) {
        let info = self.frames.last().and_then(|f| f.ret.clone());
        let mark = self.temporaries.len();
        let Some(info) = info else {
            // Kernel entry: end this work-item.
            if let Some(e) = v {
                self.discarded_value(e);
            }
            self.end_full_expression(mark);
            self.unwind_for_return(None);
            self.emit(IStmt::Return);
            return;
        };
        // A local returned by name is the result itself: not destroyed.
        let returned_local = match v.map(|e| &e.kind) {
            Some(TK::Var(id)) if !info.by_ref => Some(*id),
            _ => None,
        };
        let destroys = self.return_destroys_objects();
        if let (Some(e), Some(slot)) = (v, info.value) {
            if info.by_ref {
                let p = self.place(e);
                match &self.slots[slot.0 as usize] {
                    Slot::Value(Val::Void) if info.flag.is_none() => {
                        self.slots[slot.0 as usize] = Slot::Ref(p);
                    }
                    Slot::Ptr { .. } => {
                        if let Some(ptr) = self.address_of(&p, &e.ty) {
                            self.store(&PlaceV::Slot(slot), ptr, span);
                        } else {
                            self.return_private_place(p);
                        }
                    }
                    _ => self.error(span, "returning a reference from several places is not supported in device code yet"),
                }
            } else {
                let val = self.rvalue(e);
                let rty = self
                    .sema
                    .func(*self.inline_stack.last().expect("fn"))
                    .ret
                    .clone();
                let mut val = self.convert_val(val, &e.ty, &rty, span);
                if destroys || self.temporaries.len() > mark {
                    // Read before the destructors run.
                    val = self.materialized(val);
                }
                match &self.slots[slot.0 as usize] {
                    Slot::Value(Val::Void) if info.flag.is_none() => {
                        let val = self.spill(val, "ret");
                        self.slots[slot.0 as usize] = Slot::Value(val);
                    }
                    _ => self.store(&PlaceV::Slot(slot), val, span),
                }
            }
        } else if let Some(e) = v {
            self.discarded_value(e);
        }
        self.end_full_expression(mark);
        if let (Some(v), None) = (returned_local, info.flag) {
            // Returned from the function's last statement: the scopes' ends
            // destroy the others.
            self.disown(v);
        }
        if let Some(flag) = info.flag {
            self.unwind_for_return(returned_local);
            self.emit(IStmt::Assign {
                local: flag,
                value: IExpr::Const(Constant::Bool(true)),
            });
            self.emit(IStmt::Break);
        }
    }

    /// A return of the inlined function being lowered names `p`, private
    /// memory no pointer can hold: it becomes one of the places the call's
    /// result is chosen from.
    fn return_private_place(&mut self, p: PlaceV) {
        let Some((which, places)) = self
            .frames
            .last_mut()
            .and_then(|f| f.ret.as_mut())
            .and_then(|r| r.private_returns.as_mut())
        else {
            return;
        };
        places.push(p);
        let (which, k) = (*which, places.len() as u64);
        self.emit(IStmt::Assign {
            local: which,
            value: IExpr::Const(Constant::Int(ScalarType::U32, k)),
        });
    }

    /// The place a multi-return function returned a reference to: the
    /// private place its return chose (`which` = k + 1), else where the
    /// pointer in `slot` points (`which` = 0; none when no return stored
    /// one).
    fn returned_place(
        &mut self,
        slot: SlotId,
        which: LocalId,
        places: Vec<PlaceV>,
        span: Span,
    ) -> PlaceV {
        let pointer = match self.slots[slot.0 as usize] {
            Slot::Ptr {
                binding: Some(_), ..
            } => {
                let pointer = self.load_pointer(slot);
                self.ptr_place(pointer, span)
            }
            _ => places[0].clone(),
        };
        let mut parts = vec![pointer];
        parts.extend(places);
        PlaceV::Select {
            index: which,
            parts,
        }
    }

    /// After a loop inside an inlined multi-return function: leave the
    /// enclosing loop too if the function returned.
    fn after_loop_return_check(&mut self) {
        if let Some(flag) = self
            .frames
            .last()
            .and_then(|f| f.ret.as_ref())
            .and_then(|r| r.flag)
        {
            self.emit(IStmt::If {
                cond: IExpr::Local(flag),
                then_block: vec![IStmt::Break],
                else_block: vec![],
            });
        }
    }

    // ------------------------------------------------------------ calls

    /// Inline a call of `f`. Member functions get `this` from `args[0]`,
    /// constructors and destructors from `object`. Returns the result value.
    pub(super) fn inline_call(
        &mut self,
        f: FuncId,
        args: &[thir::Expr],
        object: Option<PlaceV>,
        span: Span,
    ) -> Val {
        if self.inline_stack.contains(&f) {
            let name = self.sema.func(f).decl.name.to_string_lossy();
            self.error(
                span,
                format!("recursive call to '{name}': SYCL device code cannot be recursive"),
            );
            return Val::Void;
        }
        if self.inline_stack.len() > 64 {
            self.error(span, "calls nested too deeply in device code");
            return Val::Void;
        }
        self.sema.ensure_body(f);
        let fi = self.sema.func(f);
        let Some(body) = fi.body.clone() else {
            if self.sema.is_sycl_external(f) {
                return self.external_call(f, args, object, span);
            }
            let name = fi.decl.name.to_string_lossy();
            let dspan = fi.decl.span;
            if fi.decl.variadic {
                // As clang words it; C's printf has a device form.
                let mut d = Diagnostic::error(span, "SYCL kernel cannot call a variadic function");
                if matches!(name.as_str(), "printf" | "std::printf" | "::printf") {
                    d = d.with_note(
                        span,
                        "print from device code with sycl::ext::oneapi::experimental::printf",
                    );
                }
                self.diags.push(d);
                return Val::Void;
            }
            let mut d = Diagnostic::error(span, format!("function '{name}' is used in device code but has no definition the device compiler can see"));
            d = d.with_note(dspan, "declared here; SYCL device functions must be defined in the translation unit or marked SYCL_EXTERNAL");
            self.diags.push(d);
            return Val::Void;
        };
        // Device diagnostics of this function's body.
        let fdiags = self.take_function_diags(f);
        if fdiags
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error)
        {
            self.source_errors = true;
        }
        self.diags.extend(fdiags);
        let decl = self.sema.func(f).decl.clone();
        let params = self.sema.func(f).params.clone();
        let ret_ty = self.sema.func(f).ret.clone();
        let is_member = self.sema.func(f).class.is_some()
            && !decl.is_static
            && decl.kind != crate::front::ast::FunctionKind::Constructor;
        let mut arg_iter = args.iter();
        let uses = mutation::var_uses(self.sema, &body, &self.callee_summaries);
        let this_place = if decl.kind == crate::front::ast::FunctionKind::Constructor
            || object.is_some()
        {
            object
        } else if is_member {
            arg_iter.next().map(|a| match &a.kind {
                // `Segment(p).reduce()` where `reduce` takes the address of a
                // member: the temporary lives where pointers can point.
                TK::Temporary(x) if uses.this_addressed => match self.addressable_temporary(x) {
                    Some(p) => {
                        self.own_temporary(&p, &x.ty, a.span);
                        p
                    }
                    None => self.place(a),
                },
                _ => self.place(a),
            })
        } else {
            None
        };
        let mut vars = HashMap::new();
        let mut by_value_params = vec![];
        for ((pv, pty), a) in body.params.iter().zip(params.iter()).zip(arg_iter) {
            let name = self.sema.var(*pv).name.to_string();
            let slot = if pty.is_ref() {
                let p = self.place(a);
                self.add_slot(Slot::Ref(p))
            } else if uses.addressed.contains(pv) && self.holds_pointers(pty) {
                let s = self.storage_with_addressable_arrays(pty, &name, a.span);
                self.init_from_expr(&PlaceV::Slot(s), pty, a);
                s
            } else if uses.addressed.contains(pv) {
                let p = self.addressable_private(pty, &name, a.span);
                self.init_from_expr(&p, pty, a);
                self.add_slot(Slot::Ref(p))
            } else if !uses.mutated.contains(pv) && !matches!(pty, Ty::Class(_)) {
                let v = self.rvalue(a);
                let v = self.convert_val(v, &a.ty, pty, a.span);
                let v = self.spill(v, &name);
                self.add_slot(Slot::Value(v))
            } else {
                let s = self.new_storage(pty, &name, a.span);
                self.init_from_expr(&PlaceV::Slot(s), pty, a);
                s
            };
            self.mark_volatile_target(*pv, slot);
            vars.insert(*pv, slot);
            by_value_params.push((slot, pty.clone(), a.span));
        }
        // Return handling.
        let returns = count_returns(&body.stmt);
        let ends_with_return = last_is_return(&body.stmt);
        let needs_flag = returns > 1 || (returns == 1 && !ends_with_return);
        let by_ref = ret_ty.is_ref();
        let value = if matches!(ret_ty, Ty::Void) {
            None
        } else if needs_flag {
            Some(if by_ref {
                let it = self.index_type();
                let l = self.new_local("ret.offset", it);
                self.new_pointer_slot(None, false, l, ret_ty.non_ref().clone())
            } else {
                self.new_storage(&ret_ty, "ret", span)
            })
        } else {
            Some(self.add_slot(Slot::Value(Val::Void)))
        };
        let private_returns = (needs_flag && by_ref).then(|| {
            let which = self.new_local("returned.place", ScalarType::U32);
            self.emit(IStmt::Assign {
                local: which,
                value: IExpr::Const(Constant::Int(ScalarType::U32, 0)),
            });
            (which, vec![])
        });
        let flag = if needs_flag {
            let l = self.new_local("returned", ScalarType::Bool);
            self.emit(IStmt::Assign {
                local: l,
                value: IExpr::Const(Constant::Bool(false)),
            });
            Some(l)
        } else {
            None
        };
        self.note_kernel_attributes(f);
        let work_group_scope = self.enters_work_group_scope(f);
        self.frames.push(Frame {
            vars,
            this_place,
            ret: Some(RetInfo {
                value,
                flag,
                by_ref,
                private_returns,
            }),
            uses,
            scopes: destructors::CleanupScope::of_function(),
            work_group_scope,
        });
        for (slot, ty, sp) in by_value_params {
            self.own_parameter(slot, &ty, sp);
        }
        self.inline_stack.push(f);
        self.call_sites.push(span);
        if needs_flag {
            self.blocks.push(vec![]);
            self.stmt(&body.stmt);
            self.emit(IStmt::Break);
            let b = self.blocks.pop().unwrap_or_default();
            self.emit(IStmt::Loop {
                body: b,
                continuing: vec![],
            });
        } else {
            self.stmt(&body.stmt);
        }
        self.inline_stack.pop();
        self.call_sites.pop();
        let params = self.take_parameters();
        let frame = self.frames.pop();
        let private_returns = frame
            .and_then(|f| f.ret)
            .and_then(|r| r.private_returns)
            .filter(|(_, places)| !places.is_empty());
        let result = self.call_result(value, private_returns, by_ref, span);
        // The parameters go when the call ends, after its result is read.
        self.destroy_all(&params, None);
        result
    }

    /// The result of an inlined call, from where its returns left it.
    fn call_result(
        &mut self,
        value: Option<SlotId>,
        private_returns: Option<(LocalId, Vec<PlaceV>)>,
        by_ref: bool,
        span: Span,
    ) -> Val {
        if let (Some(s), Some((which, places))) = (value, private_returns) {
            return Val::Ref(Box::new(self.returned_place(s, which, places, span)));
        }
        match value {
            None => Val::Void,
            Some(s) => match self.slots[s.0 as usize].clone() {
                Slot::Ref(p) => Val::Ref(Box::new(p)),
                Slot::Ptr {
                    binding: Some(_), ..
                } if by_ref => {
                    let pointer = self.load_pointer(s);
                    Val::Ref(Box::new(self.ptr_place(pointer, span)))
                }
                _ => {
                    let v = self.load(&PlaceV::Slot(s));
                    if by_ref {
                        v
                    } else {
                        // The value as of the return: later code may modify
                        // the locals the returned expression reads.
                        self.snapshot(v)
                    }
                }
            },
        }
    }

    // ------------------------------------------------------------ expressions

    /// A scalar value (bool for conditions).
    pub(super) fn scalar(&mut self, e: &thir::Expr) -> IExpr {
        match self.rvalue(e) {
            Val::Scalar(x) => x,
            p @ Val::Ptr { .. } => self.is_non_null(&p),
            // The value's expression was already diagnosed.
            Val::Void if self.has_errors() => IExpr::Const(Constant::Int(ScalarType::I32, 0)),
            _ => {
                self.error(e.span, "expected a scalar value");
                IExpr::Const(Constant::Bool(false))
            }
        }
    }

    pub(super) fn place(&mut self, e: &thir::Expr) -> PlaceV {
        let span = e.span;
        match &e.kind {
            TK::Var(v) => {
                let found = self.frames.last().and_then(|f| f.vars.get(v)).copied();
                match found {
                    Some(s) => match &self.slots[s.0 as usize] {
                        Slot::Ref(p) => p.clone(),
                        Slot::Value(Val::Ref(p)) => (**p).clone(),
                        _ => PlaceV::Slot(s),
                    },
                    // A constant of an enclosing function a lambda reads
                    // without capturing it: computed like a global.
                    None if self.sema.var(*v).is_global
                        || self.sema.var(*v).constant_init.is_some() =>
                    {
                        self.global_place(*v, span)
                    }
                    // Its declaration was reported.
                    None if self.sema.var(*v).variable_length => self.dummy_place(),
                    None => {
                        let name = self.sema.var(*v).name.to_string();
                        {
                            self.error(
                                span,
                                format!("variable '{name}' is not available in device code"),
                            );
                        }
                        self.dummy_place()
                    }
                }
            }
            TK::This => match self.frames.last().and_then(|f| f.this_place.clone()) {
                Some(p) => p,
                None => {
                    self.error(span, "'this' is not available here in device code");
                    self.dummy_place()
                }
            },
            TK::Field(b, _) | TK::BaseSub(b, _) => {
                let bp = self.place(b);
                self.subobject(e, &bp)
            }
            TK::Downcast(b, path) => {
                let bp = self.place(b);
                self.enclosing_object(bp, path, &e.ty, span)
            }
            // `*&x` (as in `return *this;`) designates `x` itself, wherever it lives.
            TK::Deref(p) if matches!(p.kind, TK::AddrOf(_)) => {
                let TK::AddrOf(x) = &p.kind else {
                    unreachable!("matched above")
                };
                self.place(x)
            }
            TK::Deref(p) => {
                let v = self.rvalue(p);
                self.ptr_place(v, span)
            }
            TK::Index(b, i) => {
                if let Ty::Array(..) = b.ty {
                    let bp = self.place(b);
                    return self.subobject(e, &bp);
                }
                let pv = self.rvalue(b);
                let iv = self.scalar(i);
                let pv = self.ptr_add(pv, iv, false, span);
                self.ptr_place(pv, span)
            }
            TK::Temporary(x) => {
                let s = self.new_storage(&x.ty, "tmp", span);
                let p = PlaceV::Slot(s);
                self.init_from_expr(&p, &x.ty, x);
                self.own_temporary(&p, &x.ty, span);
                p
            }
            TK::Cond(c, a, b) if e.lvalue => self.conditional_place(c, a, b),
            TK::Call(..)
            | TK::Assign(..)
            | TK::Unary(..)
            | TK::Cond(..)
            | TK::Binary(BinOp::Comma, ..) => match self.rvalue(e) {
                Val::Ref(p) => *p,
                v => {
                    let s = self.value_slot(v);
                    PlaceV::Slot(s)
                }
            },
            TK::Load(x) => self.place(x),
            TK::StringLit(text) => self.string_literal(text),
            _ => {
                let v = self.rvalue(e);
                let s = self.value_slot(v);
                PlaceV::Slot(s)
            }
        }
    }

    /// `c ? a : b` of two lvalues: whichever object the condition picks
    /// (`int &big = x > y ? x : y;`), chosen at run time; loads select and
    /// stores branch.
    fn conditional_place(&mut self, c: &thir::Expr, a: &thir::Expr, b: &thir::Expr) -> PlaceV {
        let cv = self.scalar(c);
        if let IExpr::Const(Constant::Bool(k)) = cv {
            return self.place(if k { a } else { b });
        }
        let index = self.new_local("which", ScalarType::U32);
        let int = |k| Box::new(IExpr::Const(Constant::Int(ScalarType::U32, k)));
        self.emit(IStmt::Assign {
            local: index,
            value: IExpr::Select(Box::new(cv), int(0), int(1)),
        });
        let parts = vec![self.place(a), self.place(b)];
        PlaceV::Select { index, parts }
    }

    /// Global variable `v`, read by device code: its value, computed once
    /// in the prologue from its (constant) initializer.
    fn global_place(&mut self, v: VarId, span: Span) -> PlaceV {
        if self.is_device_global(v) {
            return self.device_global_place(v, span);
        }
        if let Some(&slot) = self.globals.get(&v) {
            if self.initializing_globals.contains(&v) {
                let name = self.sema.var(v).name.to_string();
                self.error(
                    span,
                    format!("the initializer of global variable '{name}' uses '{name}' itself"),
                );
            }
            return PlaceV::Slot(slot);
        }
        let name = self.sema.var(v).name.to_string();
        let mut diags = vec![];
        let init = self.sema.global_initializer(v, &mut diags);
        self.source_errors |= diags
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error);
        self.diags.extend(diags);
        let ty = self.sema.var(v).ty.clone();
        let init = match init {
            Ok(init) => init,
            Err(why) => {
                let kind = if self.sema.var(v).static_local {
                    "static variable"
                } else {
                    "global variable"
                };
                self.error(
                    span,
                    format!("{kind} '{name}' cannot be used in device code: {why}"),
                );
                // Storage of its type, so that its uses report nothing more.
                let slot = self.new_storage(&ty, &name, span);
                return PlaceV::Slot(slot);
            }
        };
        let saved_frames = std::mem::take(&mut self.frames);
        self.frames.push(Frame {
            vars: HashMap::new(),
            this_place: None,
            ret: None,
            uses: Default::default(),
            scopes: destructors::CleanupScope::of_function(),
            work_group_scope: false,
        });
        self.blocks.push(vec![]);
        let slot = self.new_storage(&ty, &name, span);
        self.globals.insert(v, slot);
        self.initializing_globals.insert(v);
        self.init_from_expr(&PlaceV::Slot(slot), &ty, &init);
        self.initializing_globals.remove(&v);
        let stmts = self.blocks.pop().unwrap_or_default();
        self.frames = saved_frames;
        self.prologue.extend(stmts);
        self.globals.insert(v, slot);
        PlaceV::Slot(slot)
    }

    /// The body lowered so far, after the prologue.
    pub(super) fn with_prologue(&mut self) -> Vec<IStmt> {
        let body = self.blocks.pop().unwrap_or_default();
        let mut out = std::mem::take(&mut self.prologue);
        out.extend(body);
        out
    }

    pub(super) fn dummy_place(&mut self) -> PlaceV {
        let s = self.value_slot(Val::Void);
        PlaceV::Slot(s)
    }

    /// The place of `e` (a member, base or array element) within `base`,
    /// the place of the object it is part of.
    fn subobject(&mut self, e: &thir::Expr, base: &PlaceV) -> PlaceV {
        let span = e.span;
        match &e.kind {
            TK::Field(b, i) => {
                let nb = match &b.ty {
                    Ty::Class(c) => self.sema.class(*c).bases.len(),
                    _ => 0,
                };
                self.part(base, nb + i, span)
                    .unwrap_or_else(|| self.dummy_place())
            }
            TK::BaseSub(_, i) => self
                .part(base, *i, span)
                .unwrap_or_else(|| self.dummy_place()),
            TK::Index(b, i) => {
                let iv = crate::passes::fold::fold_expr(self.scalar(i));
                // (A bound of 0: unknown, or a GNU zero-length array.)
                let known_bound = matches!(b.ty, Ty::Array(_, n) if n > 0);
                if let (true, Ty::Array(_, n), IExpr::Const(Constant::Int(st, k))) =
                    (known_bound, &b.ty, &iv)
                {
                    let k = constant_index(*st, *k);
                    if k < 0 || k >= *n as i128 {
                        self.index_outside_array(k, &b.ty, span);
                        return PlaceV::Slot(self.new_storage(&e.ty, "outside_array", span));
                    }
                }
                self.array_element(base, iv, span)
            }
            _ => {
                self.error(span, "internal: not a subobject");
                self.dummy_place()
            }
        }
    }

    /// Warns of a constant index outside an array (clang's -Warray-bounds),
    /// pointing at the call that leads there from outside the function's
    /// file (`item.get_range(2)` of a one-dimensional item). The element
    /// read is undefined; the compiler gives a fresh one.
    fn index_outside_array(&mut self, k: i128, array: &Ty, span: Span) {
        let msg = if k < 0 {
            format!("array index {k} is before the beginning of the array")
        } else {
            format!(
                "array index {k} is past the end of the array (that has type '{}')",
                self.sema.ty_name(array)
            )
        };
        let mut d = Diagnostic::warning(span, msg);
        if let Some(site) = self.call_from_another_file(span) {
            d = d.with_note(site, "array index from this call");
        }
        self.diags.push(d);
    }

    /// The innermost call being inlined that was written in another file
    /// than `span`: where user code called the library code at `span`.
    pub(super) fn call_from_another_file(&self, span: Span) -> Option<Span> {
        self.call_sites
            .iter()
            .rev()
            .find(|s| s.file != span.file)
            .copied()
    }

    /// The object of class `derived` whose base subobject (reached by
    /// `path`) is `base`: the aggregate a private object is a part of, or
    /// the same element of global memory when the base is at offset 0.
    fn enclosing_object(
        &mut self,
        base: PlaceV,
        path: &[usize],
        derived: &Ty,
        span: Span,
    ) -> PlaceV {
        let mut cur = base;
        for &i in path.iter().rev() {
            cur = match cur {
                PlaceV::Slot(s) => match self.enclosing.get(&s) {
                    Some((whole, at)) if *at == i => whole.clone(),
                    _ => return self.downcast_unsupported(derived, span),
                },
                PlaceV::GlobalAgg { binding, index, .. } => {
                    let Ty::Class(mut class) = *derived else {
                        return self.downcast_unsupported(derived, span);
                    };
                    let mut offset = 0;
                    for &step in path {
                        let (b, off) = self.sema.class(class).bases[step];
                        offset += off;
                        class = b;
                    }
                    if offset != 0 {
                        return self.downcast_unsupported(derived, span);
                    }
                    return PlaceV::GlobalAgg {
                        binding,
                        index,
                        ty: derived.clone(),
                    };
                }
                _ => return self.downcast_unsupported(derived, span),
            };
        }
        cur
    }

    fn downcast_unsupported(&mut self, derived: &Ty, span: Span) -> PlaceV {
        let name = self.sema.ty_name(derived);
        self.error(
            span,
            format!("this cast to '{name}' is not supported in Vulkan/WebGPU kernels: the object must be a base subobject of a '{name}' the kernel holds (a local, a capture, or an element of global memory with the base at offset 0)"),
        );
        self.dummy_place()
    }

    /// `&x` where `x` is (part of) a value that cannot change: the address
    /// of `x` in a per-work-item copy of the whole object.
    fn address_in_copy(&mut self, x: &thir::Expr) -> Val {
        let whole = self.outermost_plain_object(x);
        let p = self.place(whole);
        let copy = self.copy_to_private(&p, &whole.ty, x.span);
        let within = self.place_within(x, whole, copy);
        self.address_of(&within, &x.ty).unwrap_or(Val::Void)
    }

    /// Whether `x` is (a part of) a global `const` object, which no code
    /// changes after its initialisation.
    fn is_constant_global(&mut self, x: &thir::Expr) -> bool {
        match &self.outermost_plain_object(x).kind {
            TK::Var(v) => {
                let var = self.sema.var(*v);
                var.global.is_some() && var.is_const
            }
            _ => false,
        }
    }

    /// The text of the string literal that initialises the global `const`
    /// character array `x` is (an element of): `static const char f[] =
    /// "...";`.
    fn constant_string_of(&mut self, x: &thir::Expr) -> Option<String> {
        use crate::front::ast::{ExprKind as AK, Initializer};
        let TK::Var(v) = &self.outermost_plain_object(x).kind else {
            return None;
        };
        let var = self.sema.var(*v);
        if !var.is_const || !matches!(&var.ty, Ty::Array(elem, _) if elem.is_char()) {
            return None;
        }
        match &var.global.as_ref()?.0.init {
            Some(Initializer::Assign(crate::front::ast::Expr {
                kind: AK::StringLit(text),
                ..
            })) => Some(text.clone()),
            _ => None,
        }
    }

    /// The largest object made of arithmetic scalars only that `x` is (a
    /// member, base or array element of).
    fn outermost_plain_object<'e>(&mut self, x: &'e thir::Expr) -> &'e thir::Expr {
        match &x.kind {
            TK::Field(b, _) | TK::BaseSub(b, _) | TK::Index(b, _)
                if matches!(b.ty, Ty::Class(_) | Ty::Array(..)) && self.only_scalars(&b.ty) =>
            {
                self.outermost_plain_object(b)
            }
            _ => x,
        }
    }

    /// The place of `x`, part of `whole`, when `whole` is at `whole_place`.
    fn place_within(&mut self, x: &thir::Expr, whole: &thir::Expr, whole_place: PlaceV) -> PlaceV {
        if std::ptr::eq(x, whole) {
            return whole_place;
        }
        match &x.kind {
            TK::Field(b, _) | TK::BaseSub(b, _) | TK::Index(b, _) => {
                let bp = self.place_within(b, whole, whole_place);
                self.subobject(x, &bp)
            }
            _ => whole_place,
        }
    }

    /// Element `iv` of a private array: a known element for a constant
    /// index, else a run-time choice among the elements.
    fn array_element(&mut self, bp: &PlaceV, iv: IExpr, span: Span) -> PlaceV {
        if let IExpr::Const(Constant::Int(_, k)) = iv {
            return self
                .part(bp, k as usize, span)
                .unwrap_or_else(|| self.dummy_place());
        }
        if let PlaceV::GlobalAgg { binding, index, ty } = bp {
            let (binding, first, ty) = (*binding, index.clone(), ty.clone());
            if let Some(p) = self.global_element(binding, &first, &ty, iv.clone()) {
                return p;
            }
        }
        let parts = self.element_places(bp);
        if parts.is_empty() {
            self.error(
                span,
                "internal: run-time index into something that is not a private array",
            );
            return self.dummy_place();
        }
        let it = self.expr_type(&iv);
        let index = self.new_local("index", it);
        self.emit(IStmt::Assign {
            local: index,
            value: iv,
        });
        if let Some(element) = param_array::param_array_element(&parts, index, it) {
            return element;
        }
        if parts.len() > MAX_SELECT_ELEMENTS {
            self.error(
                span,
                format!("indexing a private array of more than {MAX_SELECT_ELEMENTS} elements with a run-time index is not supported in device code yet"),
            );
            return self.dummy_place();
        }
        PlaceV::Select { index, parts }
    }

    /// The places of the elements of the private array at `p` (following
    /// references), or nothing if `p` is not one.
    fn element_places(&self, p: &PlaceV) -> Vec<PlaceV> {
        match p {
            PlaceV::Slot(id) => match &self.slots[id.0 as usize] {
                Slot::Agg(kids) => kids.iter().map(|k| PlaceV::Slot(*k)).collect(),
                Slot::Value(v) => self.element_places(&PlaceV::ValuePart(Box::new(v.clone()))),
                Slot::Ref(inner) => self.element_places(inner),
                _ => vec![],
            },
            PlaceV::ValuePart(v) => match &**v {
                Val::Agg(vals) => vals
                    .iter()
                    .map(|v| PlaceV::ValuePart(Box::new(v.clone())))
                    .collect(),
                Val::Ref(inner) => self.element_places(inner),
                _ => vec![],
            },
            // An element of an array chosen at run time (`a[i][j]`): element
            // k is element k of the chosen one.
            PlaceV::Select { index, parts } => {
                let elements: Vec<Vec<PlaceV>> =
                    parts.iter().map(|p| self.element_places(p)).collect();
                let n = elements.first().map_or(0, Vec::len);
                if elements.iter().any(|e| e.len() != n) {
                    return vec![];
                }
                (0..n)
                    .map(|k| PlaceV::Select {
                        index: *index,
                        parts: elements.iter().map(|e| e[k].clone()).collect(),
                    })
                    .collect()
            }
            PlaceV::Global { .. }
            | PlaceV::GlobalBytes { .. }
            | PlaceV::GlobalAgg { .. }
            | PlaceV::GlobalBits { .. } => vec![],
        }
    }

    pub(super) fn ptr_place(&mut self, v: Val, span: Span) -> PlaceV {
        match v {
            Val::Ptr {
                index,
                elem,
                choice: Some(c),
                ..
            } => self.chosen_place(*c, index, elem),
            Val::Ptr {
                binding: Some(b),
                index,
                elem,
                choice: None,
            } => self.pointee_place(b, index, elem),
            // A null pointer, dereferenced in code that runs only when it is
            // not null (`if (buf) buf[0] = v;` inlined with `buf = NULL`), or
            // undefined behaviour: a scratch element that reads as zero and
            // takes stores, as robust buffer access treats a stray access.
            Val::Ptr {
                binding: None,
                elem,
                ..
            } => PlaceV::Slot(self.new_storage(&elem, "null", span)),
            Val::Ref(p) | Val::Addr(p) => *p,
            Val::Void => self.dummy_place(),
            _ => {
                self.error(span, "expected a pointer");
                self.dummy_place()
            }
        }
    }

    pub(super) fn ptr_add(&mut self, p: Val, i: IExpr, negate: bool, span: Span) -> Val {
        match p {
            Val::Ptr {
                binding,
                index,
                elem,
                choice,
            } => {
                let it = self.index_type();
                let i = self.cast_scalar(i, it);
                let op = if negate { BinaryOp::Sub } else { BinaryOp::Add };
                let index = match (&index, &i) {
                    (_, IExpr::Const(Constant::Int(_, 0))) => index,
                    (IExpr::Const(Constant::Int(_, 0)), _) if !negate => i,
                    _ => IExpr::Binary(op, Box::new(self.cast_scalar(index, it)), Box::new(i)),
                };
                Val::Ptr {
                    binding,
                    index,
                    elem,
                    choice,
                }
            }
            Val::Void => Val::Void,
            _ => {
                self.error(span, "pointer arithmetic on a non-pointer");
                Val::Void
            }
        }
    }

    pub(super) fn rvalue(&mut self, e: &thir::Expr) -> Val {
        let span = e.span;
        if let Some((field, bits)) = self.bit_field_read(e) {
            let p = self.place(field);
            return self.bit_field_value(&p, bits, field.ty.non_ref());
        }
        match &e.kind {
            TK::IntLit(v) => match self.scalar_of(&e.ty, span) {
                Some(st) => Val::Scalar(IExpr::Const(
                    super::values::convert_const(
                        Constant::Int(ScalarType::I64, *v as i64 as u64),
                        st,
                    )
                    .unwrap_or(Constant::Int(st, 0)),
                )),
                None => Val::Void,
            },
            TK::FloatLit(v) => match self.scalar_of(&e.ty, span) {
                Some(st) => Val::Scalar(IExpr::Const(float_literal(*v, st))),
                None => Val::Void,
            },
            TK::BoolLit(b) => Val::Scalar(IExpr::Const(Constant::Bool(*b))),
            TK::NullPtr => self.null_pointer(Ty::Void),
            TK::Var(_)
            | TK::This
            | TK::Field(..)
            | TK::BaseSub(..)
            | TK::Downcast(..)
            | TK::Deref(_)
            | TK::Index(..) => {
                let p = self.place(e);
                if e.lvalue {
                    Val::Ref(Box::new(p))
                } else {
                    self.load(&p)
                }
            }
            TK::Load(x) => {
                let p = self.place(x);
                self.load(&p)
            }
            TK::Temporary(x) => {
                let p = self.place(&thir::Expr {
                    kind: TK::Temporary(x.clone()),
                    ty: e.ty.clone(),
                    lvalue: true,
                    span,
                });
                Val::Ref(Box::new(p))
            }
            // An assert in a SYCL_EXTERNAL function is compiled out: the
            // device link binds no assert record to it.
            TK::Call(f, _)
                if self.external
                    && &*self.sema.func(*f).decl.name.last().ident == "__syclone_assert_fail" =>
            {
                Val::Void
            }
            TK::Call(f, args) => {
                let v = self.inline_call(*f, args, None, span);
                if e.lvalue {
                    v
                } else {
                    match v {
                        Val::Ref(p) => self.load(&p),
                        v => v,
                    }
                }
            }
            TK::Construct(f, args) => {
                let s = self.new_storage(&e.ty, "tmp", span);
                let p = PlaceV::Slot(s);
                self.inline_call(*f, args, Some(p.clone()), span);
                self.load(&p)
            }
            TK::ConstructDefault(c) => {
                let s = self.new_storage(&Ty::Class(*c), "tmp", span);
                self.load(&PlaceV::Slot(s))
            }
            TK::Aggregate(inits) => {
                if let Some(v) = self.aggregate_reading_itself(&e.ty, inits, span) {
                    return v;
                }
                let parts = inits
                    .iter()
                    .map(|init| {
                        if init.lvalue && init.ty.is_ref() {
                            Val::Ref(Box::new(self.place(init)))
                        } else {
                            match self.rvalue(init) {
                                Val::Ref(p) => self.load(&p),
                                v => v,
                            }
                        }
                    })
                    .collect();
                Val::Agg(parts)
            }
            TK::StmtExpr(stmts, value) => {
                stmts.iter().for_each(|s| self.stmt(s));
                match value {
                    Some(v) => self.rvalue(v),
                    None => Val::Void,
                }
            }
            // Outside an aggregate (which gives it its object): as written.
            TK::MemberDefault(x) => self.rvalue(x),
            TK::Lambda(c, inits) => {
                let fields = self.sema.class(*c).fields.clone();
                let mut parts = vec![];
                for (fd, init) in fields.iter().zip(inits.iter()) {
                    if fd.ty.is_ref() {
                        let p = self.place(init);
                        parts.push(Val::Ref(Box::new(p)));
                    } else {
                        let v = self.rvalue(init);
                        let v = match v {
                            Val::Ref(p) => self.load(&p),
                            v => v,
                        };
                        parts.push(v);
                    }
                }
                Val::Agg(parts)
            }
            TK::Convert(x) => self.convert_expr(x, &e.ty, span),
            TK::Unary(op, x) => self.unary(*op, x, &e.ty, span),
            TK::Binary(op, l, r) => self.binary(*op, l, r, &e.ty, span),
            TK::Assign(None, l, r) if e.ty.is_ref() => {
                // A constructor binding a reference member (`storage(s)`):
                // the member refers to the object, not a copy of it.
                let p = self.place(l);
                let target = self.place(r);
                self.store(&p, Val::Ref(Box::new(target)), span);
                Val::Ref(Box::new(p))
            }
            TK::Assign(op, l, r) => {
                let p = self.place(l);
                let bits = self.bit_field_of(l);
                let nv = match op {
                    None => {
                        let v = self.rvalue(r);
                        let v = match v {
                            Val::Ref(pp) => self.load(&pp),
                            v => v,
                        };
                        self.convert_val(v, &r.ty, &l.ty, span)
                    }
                    Some(o) => {
                        let cur = match bits {
                            Some(bits) => self.bit_field_value(&p, bits, l.ty.non_ref()),
                            None => self.load(&p),
                        };
                        let rv = self.scalar(r);
                        match cur {
                            Val::Ptr { .. } => self.ptr_add(cur, rv, *o == BinOp::Sub, span),
                            // A shift computes in the left operand's type
                            // (its amount is not converted); the others in
                            // the common type sema converted the right to.
                            Val::Scalar(c) if matches!(o, BinOp::Shl | BinOp::Shr) => {
                                let res = IExpr::Binary(binop(*o), Box::new(c), Box::new(rv));
                                Val::Scalar(self.wrap_to_width(res, l.ty.non_ref()))
                            }
                            Val::Scalar(c) => {
                                let rt = self.expr_type(&rv);
                                let lt = self.expr_type(&c);
                                let c2 = self.cast_scalar(c, rt);
                                let res = self.arithmetic(binop(*o), c2, rv, span);
                                let res = self.cast_scalar(res, lt);
                                Val::Scalar(self.wrap_to_width(res, l.ty.non_ref()))
                            }
                            _ => Val::Void,
                        }
                    }
                };
                let nv = match (bits, nv) {
                    (Some(bits), Val::Scalar(v)) => {
                        Val::Scalar(self.wrap_to_bits(v, bits, l.ty.non_ref()))
                    }
                    (_, nv) => nv,
                };
                self.store(&p, nv, span);
                Val::Ref(Box::new(p))
            }
            TK::Cond(c, a, b) => {
                let cv = self.scalar(c);
                if let IExpr::Const(Constant::Bool(k)) = cv {
                    return if k { self.rvalue(a) } else { self.rvalue(b) };
                }
                if e.ty == Ty::Void {
                    // `c ? f() : g()` of void calls: an if statement.
                    self.blocks.push(vec![]);
                    self.rvalue(a);
                    let t = self.blocks.pop().unwrap_or_default();
                    self.blocks.push(vec![]);
                    self.rvalue(b);
                    let el = self.blocks.pop().unwrap_or_default();
                    self.emit(IStmt::If {
                        cond: cv,
                        then_block: t,
                        else_block: el,
                    });
                    return Val::Void;
                }
                if is_pure(a) && is_pure(b) && !e.lvalue {
                    let av = self.rvalue(a);
                    let bv = self.rvalue(b);
                    match (self.deref_val(av), self.deref_val(bv)) {
                        (Val::Scalar(x), Val::Scalar(y)) => {
                            return Val::Scalar(IExpr::Select(
                                Box::new(cv),
                                Box::new(x),
                                Box::new(y),
                            ))
                        }
                        (a @ Val::Ptr { .. }, b @ Val::Ptr { .. }) => {
                            return self.select_pointers(cv, a, b);
                        }
                        _ => {}
                    }
                }
                let ty = e.ty.clone();
                let s = self.new_storage(&ty, "cond", span);
                let p = PlaceV::Slot(s);
                self.blocks.push(vec![]);
                let av = self.rvalue(a);
                let av = self.deref_val(av);
                self.store(&p, av, span);
                let t = self.blocks.pop().unwrap_or_default();
                self.blocks.push(vec![]);
                let bv = self.rvalue(b);
                let bv = self.deref_val(bv);
                self.store(&p, bv, span);
                let el = self.blocks.pop().unwrap_or_default();
                self.emit(IStmt::If {
                    cond: cv,
                    then_block: t,
                    else_block: el,
                });
                self.load(&p)
            }
            TK::AddrOf(x) => {
                if let Some(text) = self.constant_string_of(x) {
                    // Into the string literal the constant array holds.
                    let whole = self.outermost_plain_object(x);
                    let literal = self.string_literal(&text);
                    let within = self.place_within(x, whole, literal);
                    return self.address_of(&within, &x.ty).unwrap_or(Val::Void);
                }
                let p = self.place(x);
                if let Some(ptr) = self.address_of(&p, &x.ty) {
                    return ptr;
                }
                let whole = self.outermost_plain_object(x).ty.clone();
                if self.holds_pointers(&whole) {
                    // In (a part of) an object holding pointers, which no
                    // memory can hold: the address of its place.
                    Val::Addr(Box::new(p))
                } else if self.is_immutable_value(&p) || self.is_constant_global(x) {
                    self.address_in_copy(x)
                } else {
                    self.error(span, "taking the address of this object is not supported in Vulkan/WebGPU kernels yet: pointers can point to global and local memory, and to the local variables and parameters of the function that takes their address");
                    Val::Void
                }
            }
            TK::Intrinsic(name, args) => self.intrinsic(name, args, span),
            TK::StringLit(_) => {
                let p = self.place(e);
                self.load(&p)
            }
            TK::BracedList(_) => {
                self.error(span, "a braced list cannot be used here");
                Val::Void
            }
            TK::HostOnly(what) => {
                self.error(span, format!("{what} is not allowed in SYCL device code"));
                Val::Void
            }
            // Sema reported why, unless the failure was in host code (a
            // type alias of the enclosing host function that did not
            // resolve): a kernel must not lose what it cannot compile.
            TK::Error => {
                if !self.has_errors() {
                    self.error(span, "the device compiler could not check this expression: a declaration it uses failed in host code (pass -Wsycl-host-code to see why)");
                }
                Val::Void
            }
        }
    }

    pub(super) fn deref_val(&mut self, v: Val) -> Val {
        match v {
            Val::Ref(p) => self.load(&p),
            v => v,
        }
    }

    /// `__builtin_syclone_read_clock(scope)` (`sycl_ext_oneapi_clock`, the
    /// scope a constant 1, 2 or 3 as SPIR-V numbers device, work-group and
    /// sub-group): the clock's 64-bit count.
    fn read_clock(&mut self, args: &[thir::Expr], span: Span) -> Val {
        let scope = match args {
            [thir::Expr {
                kind: thir::ExprKind::IntLit(1),
                ..
            }] => crate::ir::ClockScope::Device,
            [thir::Expr {
                kind: thir::ExprKind::IntLit(2),
                ..
            }] => crate::ir::ClockScope::WorkGroup,
            [thir::Expr {
                kind: thir::ExprKind::IntLit(3),
                ..
            }] => crate::ir::ClockScope::SubGroup,
            _ => {
                self.error(span, "the clock's scope must be a constant clock_scope");
                return Val::Scalar(IExpr::Const(Constant::Int(ScalarType::U64, 0)));
            }
        };
        let local = self.new_local("clock", ScalarType::U64);
        self.emit(IStmt::ReadClock { scope, local });
        Val::Scalar(IExpr::Local(local))
    }

    fn intrinsic(&mut self, name: &str, args: &[thir::Expr], span: Span) -> Val {
        if name == "__builtin_syclone_group_barrier" {
            self.emit(IStmt::Barrier);
            return Val::Void;
        }
        if let Some(scope) = name.strip_prefix("__builtin_syclone_fence_") {
            self.emit(IStmt::Fence(match scope {
                "work_group" => crate::ir::FenceScope::WorkGroup,
                _ => crate::ir::FenceScope::Device,
            }));
            return Val::Void;
        }
        if name == "__builtin_syclone_read_clock" {
            return self.read_clock(args, span);
        }
        if name == "__builtin_syclone_require_aspect" {
            // Sema admitted a constant that names an image aspect.
            if let [thir::Expr {
                kind: thir::ExprKind::IntLit(value),
                ..
            }] = args
            {
                if let Some(aspect) = crate::bundle::Aspect::from_sycl(*value) {
                    self.emit(IStmt::RequireAspect(aspect));
                }
            }
            return Val::Void;
        }
        if let Some(op) = name.strip_prefix("__builtin_syclone_atomic_") {
            return self.atomic(op, args, span);
        }
        if let Some(op) = name.strip_prefix("__builtin_syclone_subgroup_") {
            return self.subgroup(op, args, span);
        }
        if name == "__builtin_syclone_spec_constant" {
            return self.spec_constant(args, span);
        }
        if name == "__builtin_syclone_assert_site" {
            return self.assert_site(args);
        }
        if name == "__builtin_syclone_printf_format" {
            return self.printf_format(args, span);
        }
        if name == "__builtin_syclone_printf_string" {
            return self.printf_string(args, span);
        }
        if name == "__builtin_syclone_printf_string_offset" {
            return self.printf_string_offset(args, span);
        }
        if name == "__builtin_syclone_private_scratch" {
            return self.scratch_array(
                args,
                Space::Private,
                private_memory::PRIVATE_SCRATCH_ELEMENTS,
                span,
            );
        }
        if name == "__builtin_syclone_group_scratch" {
            return self.scratch_array(args, Space::Workgroup, GROUP_SCRATCH_ELEMENTS, span);
        }
        if name == "__builtin_syclone_group_local_memory" {
            return self.group_local_memory(args, span);
        }
        if name == "__builtin_syclone_bit_equal" {
            return self.bit_equal_intrinsic(args);
        }
        if name == "__builtin_syclone_bit_cast" {
            return self.bit_cast_intrinsic(args, span);
        }
        if name == "__builtin_syclone_memcpy" {
            return self.memcpy_intrinsic(CopyKind::Memcpy, args, span);
        }
        if name == "__builtin_syclone_memmove" {
            return self.memcpy_intrinsic(CopyKind::Memmove, args, span);
        }
        if name == "__builtin_syclone_memset" {
            return self.memset_intrinsic(args, span);
        }
        if let Some(which) = name.strip_prefix("__builtin_syclone_launch_") {
            return self.launch_bounds_intrinsic(name, which, args, span);
        }
        if let Some((func, _)) = crate::ir::MathFn::from_builtin(name) {
            let args = args.iter().map(|a| self.scalar(a)).collect();
            return Val::Scalar(IExpr::Math(func, args));
        }
        let Some(dim) = self.constant_dimension(name, args, span) else {
            return Val::Void;
        };
        let b = match name {
            "__spirv_BuiltInGlobalInvocationId" => Builtin::GlobalInvocationId,
            "__spirv_BuiltInLocalInvocationId" => Builtin::LocalInvocationId,
            "__spirv_BuiltInWorkgroupId" => Builtin::WorkgroupId,
            "__spirv_BuiltInNumWorkgroups" => Builtin::NumWorkgroups,
            "__spirv_BuiltInSubgroupLocalInvocationId" => Builtin::SubgroupLocalId,
            "__spirv_BuiltInSubgroupSize" => Builtin::SubgroupSize,
            "__spirv_BuiltInSubgroupId" => Builtin::SubgroupId,
            "__spirv_BuiltInNumSubgroups" => Builtin::NumSubgroups,
            _ => Builtin::WorkgroupSize,
        };
        let Some(st) = self.scalar_of(&Ty::size_t(), span) else {
            return Val::Void;
        };
        self.uses_subgroups |= b.is_subgroup();
        let value = if b.is_subgroup() {
            self.subgroup_builtin(b)
        } else {
            IExpr::Builtin(b, dim)
        };
        Val::Scalar(self.cast_scalar(value, st))
    }

    /// The first argument of intrinsic `name`: a constant dimension 0..3.
    fn constant_dimension(&mut self, name: &str, args: &[thir::Expr], span: Span) -> Option<u8> {
        match args.first().map(|a| self.scalar(a)) {
            Some(IExpr::Const(Constant::Int(_, d))) if d < 3 => Some(d as u8),
            _ => {
                self.error(
                    span,
                    format!("the dimension argument of '{name}' must be a constant 0, 1 or 2"),
                );
                None
            }
        }
    }

    /// `__builtin_syclone_launch_extent(d)`, `_local(d)`, `_offset(d)`:
    /// dimension `d` of the global / local range the kernel was launched
    /// with, from its launch bounds argument.
    fn launch_bounds_intrinsic(
        &mut self,
        name: &str,
        which: &str,
        args: &[thir::Expr],
        span: Span,
    ) -> Val {
        let Some(d) = self.constant_dimension(name, args, span) else {
            return Val::Void;
        };
        let index = usize::from(match which {
            "local" => 3 + d,
            "offset" => 6 + d,
            _ => d,
        });
        match self.launch_bounds.get(index) {
            Some(e) => Val::Scalar(e.clone()),
            None => {
                self.error(span, format!("'{name}' is only available in kernels"));
                Val::Void
            }
        }
    }

    /// Whether pointer `p` is not null. A pointer into global memory may
    /// be a null pointer the host passed: its index is then
    /// [`NULL_POINTER_INDEX`] (the runtime binds a dummy buffer). Other
    /// memory (work-group, private) is never null.
    pub(super) fn is_non_null(&self, p: &Val) -> IExpr {
        if let Val::Addr(_) = p {
            return IExpr::Const(Constant::Bool(true));
        }
        let Val::Ptr {
            binding: Some(b),
            index,
            choice,
            ..
        } = p
        else {
            return IExpr::Const(Constant::Bool(false));
        };
        let global = match choice {
            Some(c) => c
                .bindings
                .iter()
                .any(|b| self.bindings[b.0 as usize].space == Space::Global),
            None => self.bindings[b.0 as usize].space == Space::Global,
        };
        if !global {
            return IExpr::Const(Constant::Bool(true));
        }
        let it = self.index_type();
        fold(IExpr::Binary(
            BinaryOp::Ne,
            Box::new(self.cast_scalar(index.clone(), it)),
            Box::new(self.null_index()),
        ))
    }

    /// The null pointer to `elem`: no allocation, at [`NULL_POINTER_INDEX`],
    /// so that a pointer variable that holds it tests as null at run time.
    fn null_pointer(&self, elem: Ty) -> Val {
        Val::Ptr {
            binding: None,
            index: self.null_index(),
            elem,
            choice: None,
        }
    }

    /// [`NULL_POINTER_INDEX`] in the index type.
    pub(super) fn null_index(&self) -> IExpr {
        let it = self.index_type();
        IExpr::Const(Constant::Int(
            it,
            NULL_POINTER_INDEX >> (64 - 8 * it.size()),
        ))
    }

    fn convert_expr(&mut self, x: &thir::Expr, to: &Ty, span: Span) -> Val {
        // A null pointer constant (`NULL`, `0`) converted to a pointer: the null pointer.
        if let (TK::IntLit(0), Ty::Ptr { pointee, .. }) = (&x.kind, to) {
            return self.null_pointer((**pointee).clone());
        }
        // A literal converted to an arithmetic type is a constant of that
        // type: `float(0.75)` needs no fp64.
        if let (TK::FloatLit(v), Ty::Float(_) | Ty::Int(_)) = (&x.kind, to) {
            if let Some(st) = self.scalar_of(to, span) {
                let c = float_literal(*v, st);
                return Val::Scalar(IExpr::Const(c));
            }
        }
        let v = self.rvalue(x);
        // `(void)e`: evaluated for its effects, whatever its type.
        if matches!(to, Ty::Void) {
            return Val::Void;
        }
        let v = self.deref_val(v);
        match (v, to) {
            (Val::Scalar(e), t) if t.is_arithmetic() => match self.scalar_of(t, span) {
                Some(st) => Val::Scalar(self.wrap_to_width(self.cast_scalar(e, st), t)),
                None => Val::Void,
            },
            (p @ Val::Ptr { .. }, Ty::Bool) => Val::Scalar(self.is_non_null(&p)),
            (
                Val::Ptr {
                    binding,
                    index,
                    elem,
                    choice,
                },
                Ty::Ptr { pointee, .. },
            ) => {
                // Every allocation of a choice must take the cast alike.
                let mut recast = None;
                let bindings = match &choice {
                    Some(c) => c.bindings.clone(),
                    None => binding.into_iter().collect(),
                };
                for b in bindings {
                    let r = self.recast_index(b, index.clone(), &elem, pointee, span);
                    match &recast {
                        Some(other) if *other != r => {
                            self.error(span, "this pointer may point into memory of different kinds (arrays of different types), which it cannot be cast alike in");
                        }
                        _ => recast = Some(r),
                    }
                }
                Val::Ptr {
                    binding,
                    index: recast.unwrap_or(index),
                    elem: (**pointee).clone(),
                    choice,
                }
            }
            // A pointer as an integer (`reinterpret_cast<uintptr_t>(p) % 16`, an
            // alignment test): its byte offset in its allocation, whose start
            // is aligned for any type; 0 for the null pointer.
            (p @ Val::Ptr { .. }, Ty::Int(_)) => {
                let Some(st) = self.scalar_of(to, span) else {
                    return Val::Void;
                };
                let non_null = self.is_non_null(&p);
                let Val::Ptr { index, elem, .. } = p else {
                    return Val::Void;
                };
                let size = self
                    .sema
                    .size_align(&elem)
                    .map_or(1, |(size, _)| size.max(1));
                let it = self.index_type();
                let index = self.cast_scalar(index, it);
                let bytes = IExpr::Binary(
                    BinaryOp::Mul,
                    Box::new(index),
                    Box::new(IExpr::Const(Constant::Int(it, size))),
                );
                let bytes = self.cast_scalar(fold(bytes), st);
                let zero = IExpr::Const(Constant::Int(st, 0));
                Val::Scalar(match non_null {
                    IExpr::Const(Constant::Bool(true)) => bytes,
                    IExpr::Const(Constant::Bool(false)) => zero,
                    test => IExpr::Select(Box::new(test), Box::new(bytes), Box::new(zero)),
                })
            }
            (v @ Val::Ptr { .. }, _) => v,
            (Val::Addr(_), Ty::Bool) => Val::Scalar(IExpr::Const(Constant::Bool(true))),
            // Adding `const`: the same object.
            (v @ Val::Addr(_), Ty::Ptr { pointee, .. }) if matches!(x.ty.non_ref(), Ty::Ptr { pointee: from, .. } if from == pointee) => {
                v
            }
            (Val::Void, _) => Val::Void,
            (v, Ty::Class(_)) => v,
            _ => {
                self.error(
                    span,
                    format!(
                        "conversion to '{}' is not supported in device code",
                        self.sema.ty_name(to)
                    ),
                );
                Val::Void
            }
        }
    }

    fn unary(&mut self, op: UnOp, x: &thir::Expr, ty: &Ty, span: Span) -> Val {
        match op {
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                let p = self.place(x);
                let bits = self.bit_field_of(x);
                let cur = match bits {
                    Some(bits) => self.bit_field_value(&p, bits, x.ty.non_ref()),
                    None => self.load(&p),
                };
                let cur = self.spill(cur, "old");
                let dec = matches!(op, UnOp::PreDec | UnOp::PostDec);
                let nv = match cur.clone() {
                    Val::Ptr { .. } => {
                        let one = IExpr::Const(Constant::Int(self.index_type(), 1));
                        self.ptr_add(cur.clone(), one, dec, span)
                    }
                    Val::Scalar(c) => {
                        let t = self.expr_type(&c);
                        let one = if t.is_float() {
                            IExpr::Const(Constant::Float(t, 1.0))
                        } else if t == ScalarType::Bool {
                            IExpr::Const(Constant::Bool(true))
                        } else {
                            IExpr::Const(Constant::Int(t, 1))
                        };
                        let next = IExpr::Binary(
                            if dec { BinaryOp::Sub } else { BinaryOp::Add },
                            Box::new(c),
                            Box::new(one),
                        );
                        let next = self.wrap_to_width(next, x.ty.non_ref());
                        Val::Scalar(match bits {
                            Some(bits) => self.wrap_to_bits(next, bits, x.ty.non_ref()),
                            None => next,
                        })
                    }
                    _ => Val::Void,
                };
                self.store(&p, nv, span);
                if matches!(op, UnOp::PreInc | UnOp::PreDec) {
                    Val::Ref(Box::new(p))
                } else {
                    cur
                }
            }
            _ => {
                let v = self.scalar(x);
                let _ = ty;
                Val::Scalar(match op {
                    UnOp::Neg => IExpr::Unary(UnaryOp::Neg, Box::new(v)),
                    UnOp::Plus => v,
                    UnOp::Not => IExpr::Unary(UnaryOp::Not, Box::new(v)),
                    _ => IExpr::Unary(UnaryOp::BitNot, Box::new(v)),
                })
            }
        }
    }

    /// `a op b`; floating-point arithmetic as the contraction state at
    /// `span` allows it to be computed (`contraction.rs`).
    fn arithmetic(&self, op: BinaryOp, a: IExpr, b: IExpr, span: Span) -> IExpr {
        if self.expr_type(&a).is_float() {
            let state = self.sources.fp_contract.at(span);
            super::contraction::float_arithmetic(op, a, b, state)
        } else {
            IExpr::Binary(op, Box::new(a), Box::new(b))
        }
    }

    fn binary(&mut self, op: BinOp, l: &thir::Expr, r: &thir::Expr, ty: &Ty, span: Span) -> Val {
        match op {
            BinOp::Comma => {
                self.rvalue(l);
                self.rvalue(r)
            }
            BinOp::LogAnd | BinOp::LogOr => {
                let lv = self.scalar(l);
                if is_pure(r) {
                    let rv = self.scalar(r);
                    return Val::Scalar(IExpr::Binary(
                        if op == BinOp::LogAnd {
                            BinaryOp::LogicalAnd
                        } else {
                            BinaryOp::LogicalOr
                        },
                        Box::new(lv),
                        Box::new(rv),
                    ));
                }
                // Short-circuit with control flow.
                let res = self.new_local("sc", ScalarType::Bool);
                self.emit(IStmt::Assign {
                    local: res,
                    value: lv.clone(),
                });
                self.blocks.push(vec![]);
                let rv = self.scalar(r);
                self.emit(IStmt::Assign {
                    local: res,
                    value: rv,
                });
                let blk = self.blocks.pop().unwrap_or_default();
                let cond = if op == BinOp::LogAnd {
                    IExpr::Local(res)
                } else {
                    IExpr::Unary(UnaryOp::Not, Box::new(IExpr::Local(res)))
                };
                self.emit(IStmt::If {
                    cond,
                    then_block: blk,
                    else_block: vec![],
                });
                Val::Scalar(IExpr::Local(res))
            }
            _ => {
                let lv = self.rvalue(l);
                let lv = self.deref_val(lv);
                let rv = self.rvalue(r);
                let rv = self.deref_val(rv);
                // `p != NULL`, `0 == p`: the integer is the null pointer.
                let (lv, rv) = match (lv, rv) {
                    (p @ Val::Ptr { .. }, _) if matches!(r.kind, TK::IntLit(0)) => {
                        (p, self.null_pointer(Ty::Void))
                    }
                    (_, p @ Val::Ptr { .. }) if matches!(l.kind, TK::IntLit(0)) => {
                        (self.null_pointer(Ty::Void), p)
                    }
                    sides => sides,
                };
                match (lv, rv) {
                    (p @ Val::Ptr { .. }, Val::Scalar(i))
                        if matches!(op, BinOp::Add | BinOp::Sub) =>
                    {
                        self.ptr_add(p, i, op == BinOp::Sub, span)
                    }
                    (Val::Scalar(i), p @ Val::Ptr { .. }) if op == BinOp::Add => {
                        self.ptr_add(p, i, false, span)
                    }
                    (
                        p @ Val::Ptr {
                            binding: Some(_), ..
                        },
                        Val::Ptr { binding: None, .. },
                    )
                    | (
                        Val::Ptr { binding: None, .. },
                        p @ Val::Ptr {
                            binding: Some(_), ..
                        },
                    ) if matches!(op, BinOp::Eq | BinOp::Ne) => {
                        let non_null = self.is_non_null(&p);
                        Val::Scalar(if op == BinOp::Ne {
                            non_null
                        } else {
                            fold(IExpr::Unary(UnaryOp::Not, Box::new(non_null)))
                        })
                    }
                    (
                        a @ Val::Ptr {
                            choice: Some(_), ..
                        },
                        b @ Val::Ptr { .. },
                    )
                    | (
                        a @ Val::Ptr { .. },
                        b @ Val::Ptr {
                            choice: Some(_), ..
                        },
                    ) => self.compare_chosen_pointers(op, a, b, ty, span),
                    (
                        Val::Ptr {
                            binding: b1,
                            index: i1,
                            ..
                        },
                        Val::Ptr {
                            binding: b2,
                            index: i2,
                            ..
                        },
                    ) => {
                        if b1 != b2 && b1.is_some() && b2.is_some() {
                            if matches!(op, BinOp::Eq | BinOp::Ne) {
                                return Val::Scalar(IExpr::Const(Constant::Bool(op == BinOp::Ne)));
                            }
                            self.error(
                                span,
                                "comparing or subtracting pointers into different allocations",
                            );
                            return Val::Void;
                        }
                        if b1 != b2 {
                            return Val::Scalar(IExpr::Const(Constant::Bool(op == BinOp::Ne)));
                        }
                        let it = self.index_type();
                        let i1 = self.cast_scalar(i1, it);
                        let i2 = self.cast_scalar(i2, it);
                        if op == BinOp::Sub {
                            let d = IExpr::Binary(BinaryOp::Sub, Box::new(i1), Box::new(i2));
                            let st = self.scalar_of(ty, span).unwrap_or(ScalarType::I64);
                            return Val::Scalar(self.cast_scalar(d, st));
                        }
                        Val::Scalar(fold(IExpr::Binary(binop(op), Box::new(i1), Box::new(i2))))
                    }
                    (Val::Scalar(a), Val::Scalar(b)) => {
                        Val::Scalar(fold(self.arithmetic(binop(op), a, b, span)))
                    }
                    _ => Val::Void,
                }
            }
        }
    }
}

fn binop(op: BinOp) -> BinaryOp {
    match op {
        BinOp::Mul => BinaryOp::Mul,
        BinOp::Div => BinaryOp::Div,
        BinOp::Rem => BinaryOp::Rem,
        BinOp::Add => BinaryOp::Add,
        BinOp::Sub => BinaryOp::Sub,
        BinOp::Shl => BinaryOp::Shl,
        BinOp::Shr => BinaryOp::Shr,
        BinOp::Lt => BinaryOp::Lt,
        BinOp::Gt => BinaryOp::Gt,
        BinOp::Le => BinaryOp::Le,
        BinOp::Ge => BinaryOp::Ge,
        BinOp::Eq => BinaryOp::Eq,
        BinOp::Ne => BinaryOp::Ne,
        BinOp::BitAnd => BinaryOp::BitAnd,
        BinOp::BitXor => BinaryOp::BitXor,
        BinOp::BitOr => BinaryOp::BitOr,
        BinOp::LogAnd => BinaryOp::LogicalAnd,
        BinOp::LogOr => BinaryOp::LogicalOr,
        // Sema makes other expressions of these.
        BinOp::Comma | BinOp::ThreeWay => BinaryOp::Add,
    }
}

/// Fold integer comparisons of constants (template-dependent conditions).
fn fold(e: IExpr) -> IExpr {
    if let IExpr::Binary(op, a, b) = &e {
        if let (IExpr::Const(Constant::Int(t, x)), IExpr::Const(Constant::Int(_, y))) = (&**a, &**b)
        {
            let (x, y) = (*x, *y);
            let signed = t.is_signed_int();
            // The bits of a narrower signed type, sign-extended.
            let shift = 64 - 8 * t.size().min(8);
            let widen = |v: u64| ((v << shift) as i64) >> shift;
            let (xs, ys) = (widen(x), widen(y));
            let r = match op {
                BinaryOp::Lt => Some(if signed { xs < ys } else { x < y }),
                BinaryOp::Gt => Some(if signed { xs > ys } else { x > y }),
                BinaryOp::Le => Some(if signed { xs <= ys } else { x <= y }),
                BinaryOp::Ge => Some(if signed { xs >= ys } else { x >= y }),
                BinaryOp::Eq => Some(x == y),
                BinaryOp::Ne => Some(x != y),
                _ => None,
            };
            if let Some(r) = r {
                return IExpr::Const(Constant::Bool(r));
            }
        }
    }
    e
}

/// No side effects: no calls, assignments, increments.
fn is_pure(e: &thir::Expr) -> bool {
    match &e.kind {
        TK::Call(..)
        | TK::Construct(..)
        | TK::Assign(..)
        | TK::Lambda(..)
        | TK::StmtExpr(..)
        | TK::Aggregate(..)
        | TK::Temporary(_) => false,
        TK::MemberDefault(x) => is_pure(x),
        TK::Unary(op, x) => {
            !matches!(
                op,
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec
            ) && is_pure(x)
        }
        TK::Binary(_, a, b) | TK::Index(a, b) => is_pure(a) && is_pure(b),
        TK::Cond(c, a, b) => is_pure(c) && is_pure(a) && is_pure(b),
        TK::Field(x, _)
        | TK::BaseSub(x, _)
        | TK::Downcast(x, _)
        | TK::Convert(x)
        | TK::Load(x)
        | TK::Deref(x)
        | TK::AddrOf(x) => is_pure(x),
        _ => true,
    }
}

fn count_returns(s: &TStmt) -> usize {
    match s {
        TStmt::Return(..) => 1,
        TStmt::Block(ss) | TStmt::Scope(ss) => ss.iter().map(count_returns).sum(),
        TStmt::If { then_s, else_s, .. } => {
            count_returns(then_s) + else_s.as_ref().map(|e| count_returns(e)).unwrap_or(0)
        }
        TStmt::Loop { body, .. } => count_returns(body),
        _ => 0,
    }
}

/// Whether `s` (a loop's body) has a `continue` of that loop (not of a
/// loop inside it).
fn continues_loop(s: &TStmt) -> bool {
    match s {
        TStmt::Continue(_) => true,
        TStmt::Block(ss) | TStmt::Scope(ss) => ss.iter().any(continues_loop),
        TStmt::If { then_s, else_s, .. } => {
            continues_loop(then_s) || else_s.as_deref().is_some_and(continues_loop)
        }
        _ => false,
    }
}

fn last_is_return(s: &TStmt) -> bool {
    match s {
        TStmt::Return(..) => true,
        TStmt::Block(ss) | TStmt::Scope(ss) => ss.last().map(last_is_return).unwrap_or(false),
        _ => false,
    }
}

/// Floating literal `v` as a constant of `st`: rounded to `float`, or
/// truncated toward zero for an integer type (a C++ conversion).
fn float_literal(v: f64, st: ScalarType) -> Constant {
    if st == ScalarType::F32 {
        Constant::Float(st, v as f32 as f64)
    } else if st.is_float() {
        Constant::Float(st, v)
    } else if st.is_signed_int() {
        Constant::Int(st, v as i64 as u64)
    } else {
        Constant::Int(st, v as u64)
    }
}

/// The value of integer constant `bits` of type `st` (sign-extended when
/// `st` is signed).
fn constant_index(st: ScalarType, bits: u64) -> i128 {
    match st {
        ScalarType::I32 => i128::from(bits as u32 as i32),
        ScalarType::I64 => i128::from(bits as i64),
        _ => i128::from(bits),
    }
}
