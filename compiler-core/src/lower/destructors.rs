//! Destructors in device code. Each function being lowered keeps a stack of
//! its scopes with the objects they own: the locals of block scopes, and at
//! the bottom the function's by-value parameters. An object is destroyed
//! when control leaves its scope: at the scope's end, at a `break` or
//! `continue` leaving it, at a `return` (after the returned value is
//! computed; a local returned by name is the result itself, as g++'s
//! named return value optimization makes it). Destroying an object runs its
//! class's destructor body, then destroys its members and bases, last
//! declared first; an array's elements go last first. Temporaries are
//! destroyed at the end of their full-expression (a statement, a condition,
//! a loop step), except one a local reference binds to, which its scope
//! owns. Only objects whose class or subobjects have a destructor with
//! effects are tracked.

use super::values::PlaceV;
use super::*;
use crate::front::ast::FunctionKind;
use crate::front::sema::{ClassId, Ctx, VarId};

/// A scope of the function being lowered (innermost last in
/// `Frame::scopes`).
pub(super) enum CleanupScope {
    /// A block scope, or the function's own (its by-value parameters): the
    /// objects to destroy when control leaves it, first constructed first.
    Objects(Vec<Owned>),
    /// The body of a loop: where `break` and `continue` stop unwinding.
    Loop,
}

/// An object a scope destroys.
#[derive(Clone)]
pub(super) struct Owned {
    /// The local variable it is, if it is one (a `return` may name it).
    var: Option<VarId>,
    place: PlaceV,
    ty: Ty,
    span: Span,
}

impl CleanupScope {
    /// The scopes a function starts with: its own, for its parameters.
    pub(super) fn of_function() -> Vec<CleanupScope> {
        vec![CleanupScope::Objects(vec![])]
    }
}

impl Lowerer<'_> {
    /// Enters a block scope (or, with `is_loop`, a loop body).
    pub(super) fn enter_scope(&mut self, is_loop: bool) {
        let scope = if is_loop {
            CleanupScope::Loop
        } else {
            CleanupScope::Objects(vec![])
        };
        if let Some(f) = self.frames.last_mut() {
            f.scopes.push(scope);
        }
    }

    /// Leaves the innermost scope, destroying its objects where control
    /// reaches its end.
    pub(super) fn leave_scope(&mut self) {
        let Some(CleanupScope::Objects(objects)) =
            self.frames.last_mut().and_then(|f| f.scopes.pop())
        else {
            return;
        };
        if !self.block_ends_in_jump() {
            self.destroy_all(&objects, None);
        }
    }

    /// Lets the innermost scope own local `v` (just declared) if destroying
    /// it runs code.
    pub(super) fn own_local(&mut self, v: VarId) {
        let var = self.sema.var(v);
        if var.is_global || var.ty.is_ref() {
            return;
        }
        let (ty, span) = (var.ty.clone(), var.span);
        if !self.needs_destruction(&ty) {
            return;
        }
        let Some(slot) = self.frames.last().and_then(|f| f.vars.get(&v)).copied() else {
            return;
        };
        let place = self.deref_slot(slot);
        self.own(Owned {
            var: Some(v),
            place,
            ty,
            span,
        });
    }

    /// Lets the function's own scope own a by-value parameter of type `ty`
    /// in `slot`.
    pub(super) fn own_parameter(&mut self, slot: SlotId, ty: &Ty, span: Span) {
        if ty.is_ref() || !self.needs_destruction(ty) {
            return;
        }
        let place = self.deref_slot(slot);
        let owned = Owned {
            var: None,
            place,
            ty: ty.clone(),
            span,
        };
        if let Some(CleanupScope::Objects(objects)) =
            self.frames.last_mut().and_then(|f| f.scopes.first_mut())
        {
            objects.push(owned);
        }
    }

    fn own(&mut self, owned: Owned) {
        let scope = self.frames.last_mut().and_then(|f| {
            f.scopes.iter_mut().rev().find_map(|s| match s {
                CleanupScope::Objects(objects) => Some(objects),
                CleanupScope::Loop => None,
            })
        });
        if let Some(objects) = scope {
            objects.push(owned);
        }
    }

    /// Lowers `e`, whose value is not used: a class prvalue is a temporary.
    pub(super) fn discarded_value(&mut self, e: &thir::Expr) {
        if !e.lvalue && matches!(e.ty, Ty::Class(_)) && self.needs_destruction(&e.ty) {
            let temporary = thir::Expr {
                kind: TK::Temporary(Box::new(e.clone())),
                ty: e.ty.clone(),
                lvalue: true,
                span: e.span,
            };
            self.place(&temporary);
        } else {
            self.rvalue(e);
        }
    }

    /// The value of condition `cond`, a full-expression.
    pub(super) fn condition(&mut self, cond: &thir::Expr) -> IExpr {
        let mark = self.temporaries.len();
        let mut c = self.scalar(cond);
        if self.temporaries.len() > mark {
            c = self.snapshot_scalar(c, "cond");
        }
        self.end_full_expression(mark);
        c
    }

    /// Notes the temporary at `place` of type `ty`, materialized in the
    /// full-expression being lowered.
    pub(super) fn own_temporary(&mut self, place: &PlaceV, ty: &Ty, span: Span) {
        if self.needs_destruction(ty) {
            self.temporaries.push(Owned {
                var: None,
                place: place.clone(),
                ty: ty.clone(),
                span,
            });
        }
    }

    /// Ends the full-expression whose temporaries start at `mark`.
    pub(super) fn end_full_expression(&mut self, mark: usize) {
        let ending = self.temporaries.split_off(mark.min(self.temporaries.len()));
        if !self.block_ends_in_jump() {
            self.destroy_all(&ending, None);
        }
    }

    /// A local reference `v` bound to a temporary (`const T &r = T(...)`)
    /// extends its life to the reference's scope.
    pub(super) fn extend_bound_temporary(
        &mut self,
        v: VarId,
        init: Option<&thir::Expr>,
        mark: usize,
    ) {
        let binds_temporary = matches!(init.map(|e| &e.kind), Some(TK::Temporary(_)));
        if binds_temporary && self.sema.var(v).ty.is_ref() && self.temporaries.len() > mark {
            if let Some(t) = self.temporaries.pop() {
                self.own(t);
            }
        }
    }

    /// Before a `break` or `continue`: destroys the objects of the scopes
    /// inside the innermost loop body.
    pub(super) fn unwind_to_loop(&mut self) {
        let leaving = self.scopes_to_unwind(|s| matches!(s, CleanupScope::Loop));
        self.destroy_all(&leaving, None);
    }

    /// Before a `return` leaves the function: destroys the objects of its
    /// block scopes, except the local it returns by name. (Its parameters
    /// go when the call ends, see [`Self::take_parameters`].)
    pub(super) fn unwind_for_return(&mut self, returned: Option<VarId>) {
        let leaving = self.scopes_to_unwind(|_| false);
        self.destroy_all(&leaving, returned);
    }

    /// Whether a `return` now would destroy objects of block scopes (its
    /// value must then be read before they go).
    pub(super) fn return_destroys_objects(&self) -> bool {
        self.frames.last().is_some_and(|f| {
            f.scopes
                .iter()
                .skip(1)
                .any(|s| matches!(s, CleanupScope::Objects(o) if !o.is_empty()))
        })
    }

    /// Local `v`, returned by name from the function's last statement, is
    /// its result: its scope no longer destroys it. (A parameter returned
    /// is copied or moved into the result, see `sema/implicit_copy.rs`, and
    /// destroyed when the call ends.)
    pub(super) fn disown(&mut self, v: VarId) {
        if let Some(f) = self.frames.last_mut() {
            for s in f.scopes.iter_mut().skip(1) {
                if let CleanupScope::Objects(objects) = s {
                    objects.retain(|o| o.var != Some(v));
                }
            }
        }
    }

    /// `v` read now, whatever later code does to the objects it reads.
    pub(super) fn materialized(&mut self, v: Val) -> Val {
        let v = match v {
            Val::Ref(p) => self.load(&p),
            v => v,
        };
        self.snapshot(v)
    }

    /// The function's by-value parameters to destroy when its call ends
    /// (from the frame about to be popped).
    pub(super) fn take_parameters(&mut self) -> Vec<Owned> {
        match self
            .frames
            .last_mut()
            .map(|f| std::mem::take(&mut f.scopes))
        {
            Some(mut scopes) if !scopes.is_empty() => match scopes.swap_remove(0) {
                CleanupScope::Objects(objects) => objects,
                CleanupScope::Loop => vec![],
            },
            _ => vec![],
        }
    }

    /// Destroys `objects`, last first (all but local `except`).
    pub(super) fn destroy_all(&mut self, objects: &[Owned], except: Option<VarId>) {
        for o in objects.iter().rev() {
            if o.var.is_none() || o.var != except {
                // A work-group function's shared local goes as it came, by
                // the group's leader (`work_group_scope.rs`).
                if o.var.is_some_and(|v| self.shared_locals.contains(&v)) {
                    self.by_leader(|l| l.destroy(&o.place, &o.ty, o.span));
                } else {
                    self.destroy(&o.place, &o.ty, o.span);
                }
            }
        }
    }

    /// The objects of the innermost scopes down to (not including) the
    /// first scope `stop` accepts or the function's own, innermost last.
    fn scopes_to_unwind(&self, stop: impl Fn(&CleanupScope) -> bool) -> Vec<Owned> {
        let Some(frame) = self.frames.last() else {
            return vec![];
        };
        let mut leaving: Vec<&Owned> = vec![];
        for s in frame.scopes.iter().skip(1).rev() {
            if stop(s) {
                break;
            }
            if let CleanupScope::Objects(objects) = s {
                leaving.extend(objects.iter().rev());
            }
        }
        leaving.into_iter().rev().cloned().collect()
    }

    /// Whether the block being emitted ends in a jump (code after it in
    /// that block would never run).
    fn block_ends_in_jump(&self) -> bool {
        matches!(
            self.blocks.last().and_then(|b| b.last()),
            Some(IStmt::Break | IStmt::Continue | IStmt::Return)
        )
    }

    /// Destroys the object of type `ty` at `place`.
    fn destroy(&mut self, place: &PlaceV, ty: &Ty, span: Span) {
        match ty {
            Ty::Array(elem, n) => {
                for i in (0..*n as usize).rev() {
                    if let Some(p) = self.part(place, i, span) {
                        self.destroy(&p, elem, span);
                    }
                }
            }
            Ty::Class(c) => {
                if let Some(f) = self.destructor_body(*c) {
                    self.inline_call(f, &[], Some(place.clone()), span);
                }
                for (i, part) in self.destroyed_parts(*c).into_iter().enumerate().rev() {
                    let Some(t) = part else { continue };
                    if let Some(p) = self.part(place, i, span) {
                        self.destroy(&p, &t, span);
                    }
                }
            }
            _ => {}
        }
    }

    /// The bases then members of `c`, each with its type where destroying
    /// it runs code. A union's members (also an anonymous union's, which
    /// overlap) are not destroyed by the enclosing class.
    fn destroyed_parts(&mut self, c: ClassId) -> Vec<Option<Ty>> {
        let is_union = self.is_union(c);
        let info = self.sema.class(c);
        let offsets: Vec<u64> = info.fields.iter().map(|f| f.offset).collect();
        let overlaps = |i: usize| {
            offsets
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && *o == offsets[i])
        };
        let bases: Vec<Ty> = info.bases.iter().map(|(b, _)| Ty::Class(*b)).collect();
        let fields: Vec<(Ty, bool)> = (0..info.fields.len())
            .map(|i| (info.fields[i].ty.clone(), is_union || overlaps(i)))
            .collect();
        let mut parts: Vec<Option<Ty>> = vec![];
        for b in bases {
            parts.push(self.needs_destruction(&b).then_some(b));
        }
        for (t, shared) in fields {
            parts.push((!shared && self.needs_destruction(&t)).then_some(t));
        }
        parts
    }

    fn is_union(&self, c: ClassId) -> bool {
        self.sema
            .class(c)
            .decl
            .as_ref()
            .is_some_and(|d| d.key == crate::front::ast::ClassKey::Union)
    }

    /// Whether destroying an object of type `ty` runs code.
    pub(super) fn needs_destruction(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::Array(elem, _) => self.needs_destruction(elem),
            Ty::Class(c) => {
                if let Some(known) = self.destroys.get(c) {
                    return *known;
                }
                // (A class cannot contain itself: no cycle to guard.)
                self.destroys.insert(*c, false);
                let runs = self.destructor_body(*c).is_some()
                    || self.destroyed_parts(*c).iter().any(Option::is_some);
                self.destroys.insert(*c, runs);
                runs
            }
            _ => false,
        }
    }

    /// The user-provided destructor of `c`, where its body does something
    /// (the standard library model's destructors are declarations only).
    fn destructor_body(&mut self, c: ClassId) -> Option<FuncId> {
        self.sema.complete_class(c);
        let info = self.sema.class(c);
        let decl = info
            .methods
            .iter()
            .find(|m| m.kind == FunctionKind::Destructor && !m.defaulted && !m.deleted)?
            .clone();
        let env = info.env.clone();
        let f = self
            .sema
            .function_instance(&decl, Ctx::Class(c), env, Some(c), vec![])?;
        self.sema.ensure_body(f);
        let body = self.sema.func(f).body.clone()?;
        (!does_nothing(&body.stmt)).then_some(f)
    }
}

/// A statement that does nothing: empty blocks.
fn does_nothing(s: &TStmt) -> bool {
    match s {
        TStmt::Block(ss) | TStmt::Scope(ss) => ss.iter().all(does_nothing),
        TStmt::Nop => true,
        _ => false,
    }
}
