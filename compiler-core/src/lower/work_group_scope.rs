//! The work-group scope of hierarchical kernels (SYCL 2020 4.9.4.2.3) on
//! GPUs. A `parallel_for_work_group` function runs once per work-group: its
//! code outside `parallel_for_work_item` runs once, and its local variables
//! are shared by the group's work-items. Every work-item of the physical
//! group runs the lowered kernel, so in a work-group-scope function (the
//! function the header's `[[syclone::work_group_scope]]` wrapper calls, and
//! any function it calls that reaches a `[[syclone::work_item_scope]]`
//! function, `group::parallel_for_work_item`):
//!
//! - a statement that reaches no work-item code and leaves nothing (no
//!   `return`, no `break` or `continue` out of it) runs on the group's
//!   leader, work-item 0, alone;
//! - a local variable of arithmetic scalars lives in work-group memory,
//!   initialized (and destroyed) by the leader; other locals (pointers,
//!   references, classes holding them, `[[syclone::work_item_scope]]`
//!   classes such as `private_memory`) are each work-item's own, and every
//!   work-item initializes them;
//! - statements that reach work-item code (and `return`, `break`,
//!   `continue`) run on every work-item, after a barrier that makes the
//!   leader's writes visible; the conditions of `if`s and loops around
//!   them are read by every work-item between two barriers (so the leader
//!   changes nothing they read before all have read it), and loop steps
//!   run on the leader.
//!
//! The host device needs none of this: it runs a work-group on one thread.

use super::*;

/// The attribute of the header function whose callee is a work-group
/// function.
const WORK_GROUP_SCOPE_ATTR: &str = "syclone::work_group_scope";
/// The attribute of `parallel_for_work_item` (per-work-item code from
/// there down) and of per-work-item classes (`private_memory`).
const WORK_ITEM_SCOPE_ATTR: &str = "syclone::work_item_scope";

impl Lowerer<'_> {
    /// Whether the function being lowered runs with work-group-scope
    /// semantics at this point (not inside a statement the leader runs).
    pub(super) fn in_work_group_scope(&self) -> bool {
        self.frames.last().is_some_and(|f| f.work_group_scope)
    }

    /// Whether a call of `f` from the function being lowered enters a
    /// work-group-scope function.
    pub(super) fn enters_work_group_scope(&mut self, f: FuncId) -> bool {
        // The wrapper's call of the user's function (not a constructor of
        // the header's that its arguments may call).
        let from_wrapper = self
            .inline_stack
            .last()
            .is_some_and(|&caller| self.has_attr(caller, WORK_GROUP_SCOPE_ATTR))
            && !(self.sources.library_code)(self.sema.func(f).decl.span);
        from_wrapper
            || (self.in_work_group_scope()
                && !self.has_attr(f, WORK_ITEM_SCOPE_ATTR)
                && self.reaches_work_items(f))
    }

    fn has_attr(&self, f: FuncId, attr: &str) -> bool {
        self.sema.func(f).decl.attrs.find(attr).is_some()
    }

    /// Whether calling `f` runs per-work-item code of a hierarchical
    /// kernel (`parallel_for_work_item`, or a function calling it).
    fn reaches_work_items(&mut self, f: FuncId) -> bool {
        if let Some(&known) = self.reaches_work_items.get(&f) {
            return known;
        }
        // A cycle (recursion, reported when inlined) reaches nothing new.
        self.reaches_work_items.insert(f, false);
        let reaches = self.has_attr(f, WORK_ITEM_SCOPE_ATTR) || {
            self.sema.ensure_body(f);
            let callees = self
                .sema
                .func(f)
                .body
                .as_ref()
                .map(|b| b.called_functions())
                .unwrap_or_default();
            callees.into_iter().any(|g| self.reaches_work_items(g))
        };
        self.reaches_work_items.insert(f, reaches);
        reaches
    }

    /// Whether every work-item runs statement `s` of a work-group-scope
    /// function (see the module comment); a declaration is asked of
    /// separately, in [`Lowerer::shares_local`].
    fn runs_on_every_work_item(&mut self, s: &TStmt) -> bool {
        escapes(s, false)
            || s.called_functions()
                .into_iter()
                .any(|f| self.reaches_work_items(f))
    }

    /// Whether local `v` of a work-group-scope function lives in
    /// work-group memory, shared by the group.
    fn shares_local(&mut self, v: VarId) -> bool {
        let var = self.sema.var(v);
        if var.is_global || var.ty.is_ref() {
            return false;
        }
        let ty = var.ty.clone();
        !self.per_work_item_class(&ty) && self.only_scalars(&ty)
    }

    /// Is `ty` (or an element or member of it) a class whose objects each
    /// work-item keeps (`[[syclone::work_item_scope]]`)?
    fn per_work_item_class(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::Array(elem, _) => self.per_work_item_class(elem),
            Ty::Class(c) => {
                let marked = self
                    .sema
                    .class(*c)
                    .decl
                    .as_ref()
                    .is_some_and(|d| d.attrs.find(WORK_ITEM_SCOPE_ATTR).is_some());
                marked || {
                    let parts = self.class_parts(*c);
                    parts.iter().any(|(t, _)| self.per_work_item_class(t))
                }
            }
            _ => false,
        }
    }

    /// Lowers statement `s` of a work-group-scope function. Returns false
    /// where it is one that lowers as in any function, on every work-item
    /// (compound statements, whose parts come back here; `if`s and loops
    /// that reach work-item code, which ask for [`Lowerer::uniform_condition`]
    /// and [`Lowerer::loop_step`]).
    pub(super) fn work_group_stmt(&mut self, s: &TStmt) -> bool {
        match s {
            TStmt::Block(_) | TStmt::Scope(_) | TStmt::Nop => false,
            TStmt::Decl(v, init) => {
                if !self.shares_local(*v) {
                    self.warn_per_work_item_object(*v, init.as_ref());
                    self.work_group_barrier();
                    return false;
                }
                self.shared_decl(*v, init.as_ref());
                true
            }
            _ if self.runs_on_every_work_item(s) => {
                if !matches!(s, TStmt::If { .. } | TStmt::Loop { .. }) {
                    self.work_group_barrier();
                }
                false
            }
            _ => {
                self.by_leader(|l| l.stmt(s));
                true
            }
        }
    }

    /// Warns where a local of the work-group scope that every work-item
    /// keeps runs code of the user's when constructed or destroyed: SYCL
    /// would run it once per group.
    fn warn_per_work_item_object(&mut self, v: VarId, init: Option<&thir::Expr>) {
        let var = self.sema.var(v);
        let (ty, name, span) = (var.ty.clone(), var.name.to_string(), var.span);
        if var.is_global || ty.is_ref() || self.per_work_item_class(&ty) {
            return;
        }
        let user_constructor = matches!(init.map(|e| &e.kind), Some(TK::Construct(f, _))
            if !(self.sources.library_code)(self.sema.func(*f).decl.span));
        if user_constructor || self.needs_destruction(&ty) {
            self.diags.push(Diagnostic::warning(
                span,
                format!("every work-item of the group constructs its own '{name}': variables of the work-group scope are shared only when they hold arithmetic values, not pointers or references"),
            ));
        }
    }

    /// Local `v` in work-group memory, initialized by the leader.
    fn shared_decl(&mut self, v: VarId, init: Option<&thir::Expr>) {
        let var = self.sema.var(v);
        let (ty, name, span) = (var.ty.clone(), var.name.to_string(), var.span);
        let place = self.group_memory_object(&ty, &name, span);
        let slot = self.add_slot(Slot::Ref(place.clone()));
        self.frames.last_mut().expect("frame").vars.insert(v, slot);
        self.shared_locals.insert(v);
        if let Some(init) = init {
            self.by_leader(|l| {
                let mark = l.temporaries.len();
                l.init_from_expr(&place, &ty, init);
                l.end_full_expression(mark);
            });
        }
        self.own_local(v);
    }

    /// Runs what `lower` emits on the work-group's leader alone, as code
    /// of an ordinary function.
    pub(super) fn by_leader(&mut self, lower: impl FnOnce(&mut Self)) {
        let frame = self.frames.len() - 1;
        let was = std::mem::replace(&mut self.frames[frame].work_group_scope, false);
        self.blocks.push(vec![]);
        lower(self);
        let block = self.blocks.pop().unwrap_or_default();
        self.frames[frame].work_group_scope = was;
        if block.is_empty() {
            return;
        }
        let local_id_zero = |d| {
            Box::new(IExpr::Binary(
                BinaryOp::Eq,
                Box::new(IExpr::Builtin(Builtin::LocalInvocationId, d)),
                Box::new(IExpr::Const(Constant::Int(ScalarType::U32, 0))),
            ))
        };
        let leader = IExpr::Binary(
            BinaryOp::LogicalAnd,
            Box::new(IExpr::Binary(
                BinaryOp::LogicalAnd,
                local_id_zero(0),
                local_id_zero(1),
            )),
            local_id_zero(2),
        );
        self.emit(IStmt::If {
            cond: leader,
            then_block: block,
            else_block: vec![],
        });
    }

    /// The condition of an `if` or loop that every work-item of a
    /// work-group-scope function runs: read after the leader's writes, and
    /// kept in a local before the leader may change what it read.
    pub(super) fn uniform_condition(&mut self, cond: &thir::Expr) -> IExpr {
        self.work_group_barrier();
        let c = self.condition(cond);
        if matches!(c, IExpr::Const(_)) {
            return c;
        }
        let local = self.new_local("group.cond", ScalarType::Bool);
        self.emit(IStmt::Assign { local, value: c });
        self.emit(IStmt::Barrier);
        IExpr::Local(local)
    }

    /// A work-group barrier, unless the block being emitted ends in one.
    fn work_group_barrier(&mut self) {
        if !matches!(
            self.blocks.last().and_then(|b| b.last()),
            Some(IStmt::Barrier)
        ) {
            self.emit(IStmt::Barrier);
        }
    }

    /// A variable of work-group memory for an object of type `ty`.
    fn group_memory_object(&mut self, ty: &Ty, name: &str, span: Span) -> PlaceV {
        let Some(binding) = self.pointer_binding(ty, name, Space::Workgroup, span) else {
            return self.dummy_place();
        };
        let size = self.sema.size_align(ty).map_or(0, |x| x.0);
        let elem_size = u64::from(self.bindings[binding.0 as usize].elem.size());
        self.bindings[binding.0 as usize].fixed_len = Some(size.div_ceil(elem_size).max(1) as u32);
        let zero = IExpr::Const(Constant::Int(self.index_type(), 0));
        self.pointee_place(binding, zero, ty.clone())
    }
}

/// Whether `s` holds a `return`, or a `break` or `continue` that leaves it
/// (`in_loop`: `s` is inside a loop of the statement asked about).
fn escapes(s: &TStmt, in_loop: bool) -> bool {
    match s {
        TStmt::Return(..) => true,
        TStmt::Break(_) | TStmt::Continue(_) => !in_loop,
        TStmt::Block(ss) | TStmt::Scope(ss) => ss.iter().any(|x| escapes(x, in_loop)),
        TStmt::If { then_s, else_s, .. } => {
            escapes(then_s, in_loop) || else_s.as_ref().is_some_and(|e| escapes(e, in_loop))
        }
        TStmt::Loop { body, .. } => escapes(body, true),
        TStmt::Expr(_) | TStmt::Decl(..) | TStmt::Unsupported(..) | TStmt::Nop => false,
    }
}
