//! `SYCL_EXTERNAL` functions across translation units (seed 003's device
//! link): a call of one that this unit does not define becomes an
//! [`IStmt::Call`], and each one this unit defines is compiled to an
//! [`ir::Function`] for the device link to inline into the kernels of other
//! units. Both sides flatten the C++ parameters the same way, by type (see
//! [`ir::Function`]), which is the whole calling convention; a member
//! function's object is its first parameter, a reference copied back
//! unless the function is `const`; a returned pointer or reference comes
//! back as an element index and the position of the pointer argument whose
//! allocation it points into.

use super::pointer_choice::ChoiceHints;
use super::values::{PlaceV, Slot, SlotId, Val};
use super::{
    destructors, mutation, Frame, Lowerer, LoweringHints, RetInfo, Sources, TakenDiagnostics,
};
use crate::bundle::FunctionName;
use crate::diag::{Diagnostic, Severity};
use crate::front::sema::thir;
use crate::front::sema::{mangle, FuncId, Sema, Ty};
use crate::ir::{self, CallArg, FunctionParam, LocalId, ScalarType, Space, Stmt as IStmt};
use crate::source::Span;
use crate::target::TargetProperties;
use std::collections::HashMap;

/// Compiles the `SYCL_EXTERNAL` function `f` (a definition) for the device
/// link; `None` after errors, which are in `diags`.
pub fn lower_external_function(
    sema: &mut Sema,
    f: FuncId,
    target: &TargetProperties,
    sources: Sources<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<ir::Function> {
    // Lowered again while pointer variables turn out to need a choice of
    // allocations (see `pointer_choice.rs`), with the function's own
    // diagnostics put back for each attempt.
    sema.ensure_body(f);
    let own_diags = sema.funcs[f.0 as usize].diags.clone();
    let mut hints = LoweringHints::default();
    loop {
        sema.funcs[f.0 as usize].diags = own_diags.clone();
        let mut attempt = vec![];
        let (function, choices, taken) =
            lower_external_once(sema, f, target, sources, &hints.choices, &mut attempt);
        let wanted = LoweringHints {
            choices,
            ..LoweringHints::default()
        };
        if hints.covers(&wanted) {
            diags.extend(attempt);
            return function;
        }
        for (g, d) in taken {
            sema.funcs[g.0 as usize].diags = d;
        }
        hints.extend(wanted);
    }
}

fn lower_external_once(
    sema: &mut Sema,
    f: FuncId,
    target: &TargetProperties,
    sources: Sources<'_>,
    choices: &ChoiceHints,
    diags: &mut Vec<Diagnostic>,
) -> (Option<ir::Function>, ChoiceHints, TakenDiagnostics) {
    let mut lw = Lowerer::new(sema, target, sources);
    lw.external = true;
    lw.forced_choices = choices.clone();
    let Some(body) = lw.sema.func(f).body.clone() else {
        return (None, ChoiceHints::new(), vec![]);
    };
    let params = lw.sema.func(f).params.clone();
    let ret = lw.sema.func(f).ret.clone();
    let span = lw.sema.func(f).decl.name.span;
    let name = mangle::function_symbol(lw.sema, f);
    let own_diags = std::mem::take(&mut lw.sema.funcs[f.0 as usize].diags);
    lw.source_errors |= own_diags.iter().any(|d| d.severity == Severity::Error);
    lw.diags.extend(own_diags);
    lw.inline_stack.push(f);

    let mut fparams = vec![];
    let mut vars = HashMap::new();
    let mut copied_out = vec![];
    // A member function's object comes first, as `external_call` passes it.
    let fi = lw.sema.func(f);
    let object = match fi.class {
        Some(c) if !fi.decl.is_static => Some((Ty::Class(c), fi.decl.is_const)),
        _ => None,
    };
    let this_place = object.map(|(class, is_const)| {
        let storage = lw.param_storage(&class, "this", &mut fparams, span);
        if !is_const {
            copied_out.push(storage);
        }
        PlaceV::Slot(storage)
    });
    for (v, ty) in body.params.iter().zip(&params) {
        let pname = lw.sema.var(*v).name.to_string();
        let storage = lw.param_storage(ty.non_ref(), &pname, &mut fparams, span);
        let slot = if ty.is_ref() {
            if is_mutable_lvalue_ref(ty) {
                copied_out.push(storage);
            }
            lw.add_slot(Slot::Ref(PlaceV::Slot(storage)))
        } else {
            storage
        };
        vars.insert(*v, slot);
    }
    lw.check_external_return(&ret, span);
    let by_ref = ret.is_ref();
    let value = if by_ref {
        let it = lw.index_type();
        let offset = lw.new_local("ret.offset", it);
        Some(lw.new_pointer_slot(None, false, offset, ret.non_ref().clone()))
    } else {
        (!matches!(ret, Ty::Void)).then(|| lw.new_storage(&ret, "ret", span))
    };
    let flag = lw.new_local("returned", ScalarType::Bool);
    lw.emit(IStmt::Assign {
        local: flag,
        value: ir::Expr::Const(ir::Constant::Bool(false)),
    });
    lw.frames.push(Frame {
        vars,
        this_place,
        ret: Some(RetInfo {
            value,
            flag: Some(flag),
            by_ref,
            private_returns: None,
        }),
        uses: mutation::var_uses(lw.sema, &body, &lw.callee_summaries),
        scopes: destructors::CleanupScope::of_function(),
        work_group_scope: false,
    });
    // A loop to leave at `return`, as for an inlined function with several returns.
    lw.blocks.push(vec![]);
    lw.stmt(&body.stmt);
    lw.emit(IStmt::Break);
    let loop_body = lw.blocks.pop().unwrap_or_default();
    lw.emit(IStmt::Loop {
        body: loop_body,
        continuing: vec![],
    });
    let mut results = vec![];
    let returns_pointer = ret.is_ref() || matches!(ret, Ty::Ptr { .. });
    match value {
        Some(slot) if returns_pointer => lw.pointer_results(slot, &fparams, &mut results, span),
        Some(slot) => lw.slot_scalars(slot, &mut results),
        None => {}
    }
    for slot in copied_out {
        lw.slot_scalars(slot, &mut results);
    }
    let body = lw.with_prologue();
    if !lw.spec_constants.is_empty() {
        lw.error(
            span,
            "a SYCL_EXTERNAL function cannot read specialization constants yet (read them in the kernel and pass the values)",
        );
    }
    let failed = lw.has_errors();
    diags.extend(lw.diags);
    if failed {
        return (None, lw.wanted_choices, lw.taken_diags);
    }
    let function = ir::Function {
        name,
        params: fparams,
        results,
        bindings: lw.bindings,
        locals: lw.locals,
        body,
    };
    (Some(function), lw.wanted_choices, lw.taken_diags)
}

/// `ns::scale(float, float)`.
pub fn function_display_name(sema: &Sema, f: FuncId) -> String {
    let fi = sema.func(f);
    let params: Vec<String> = fi.params.iter().map(|p| sema.ty_name(p)).collect();
    format!(
        "{}{}({})",
        sema.ctx_prefix(fi.ctx),
        fi.decl.name.last().ident,
        params.join(", ")
    )
}

/// `T&` (not `const T&`): the callee's changes are copied back.
fn is_mutable_lvalue_ref(ty: &Ty) -> bool {
    matches!(ty, Ty::LRef(_, false))
}

impl Lowerer<'_> {
    /// A call of the `SYCL_EXTERNAL` function `f`, defined in another
    /// translation unit: a [`IStmt::Call`] the device link resolves. A
    /// constructor constructs the object at `ctor_this`.
    pub(super) fn external_call(
        &mut self,
        f: FuncId,
        args: &[thir::Expr],
        ctor_this: Option<PlaceV>,
        span: Span,
    ) -> Val {
        let fi = self.sema.func(f);
        let fname = fi.decl.name.to_string_lossy();
        let kind = fi.decl.kind;
        if kind == crate::front::ast::FunctionKind::Destructor {
            self.error(span, format!("'{fname}' is a destructor defined in another translation unit; a destructor cannot be called across translation units yet"));
            return Val::Void;
        }
        // A member function takes its object as a reference parameter
        // before the others (copied back unless the function is const); a
        // constructor takes the object it constructs.
        let object = match fi.class {
            Some(c) if !fi.decl.is_static => Some((Ty::Class(c), fi.decl.is_const)),
            _ => None,
        };
        let params = fi.params.clone();
        let ret = fi.ret.clone();
        let name = mangle::function_symbol(self.sema, f);
        if !self.check_external_return(&ret, span) {
            return Val::Void;
        }
        if !self.callees.iter().any(|(c, _)| c.symbol == name) {
            let display = function_display_name(self.sema, f);
            let callee = FunctionName {
                symbol: name.clone(),
                display,
            };
            self.callees.push((callee, span));
        }
        let mut call_args = vec![];
        // Non-const reference arguments: where the callee's changes go.
        let mut copied_out: Vec<(PlaceV, Ty, Val)> = vec![];
        let mut args = args;
        if kind == crate::front::ast::FunctionKind::Constructor {
            if let (Some((class, _)), Some(p)) = (object, ctor_this) {
                let v = self.load(&p);
                copied_out.push((p, class.clone(), v.clone()));
                self.flatten_arg(&class, v, &mut call_args, span);
            }
        } else if let (Some((class, is_const)), Some((a, rest))) = (object, args.split_first()) {
            args = rest;
            let p = self.place(a);
            let v = self.load(&p);
            if !is_const {
                copied_out.push((p, class.clone(), v.clone()));
            }
            self.flatten_arg(&class, v, &mut call_args, a.span);
        }
        for (a, pty) in args.iter().zip(&params) {
            let v = if pty.is_ref() {
                let p = self.place(a);
                let v = self.load(&p);
                if is_mutable_lvalue_ref(pty) {
                    copied_out.push((p, pty.non_ref().clone(), v.clone()));
                }
                v
            } else {
                let v = self.rvalue(a);
                self.convert_val(v, &a.ty, pty, a.span)
            };
            self.flatten_arg(pty.non_ref(), v, &mut call_args, a.span);
        }
        let mut results = vec![];
        let value = if matches!(ret, Ty::Void) {
            Val::Void
        } else if ret.is_ref() || matches!(ret, Ty::Ptr { .. }) {
            self.pointer_result(&ret, &call_args, &mut results, span)
        } else {
            self.result_val(&ret, None, &mut results, span)
        };
        let stores: Vec<(PlaceV, Val)> = copied_out
            .into_iter()
            .map(|(place, ty, passed)| {
                let v = self.result_val(&ty, Some(&passed), &mut results, span);
                (place, v)
            })
            .collect();
        self.emit(IStmt::Call {
            function: name,
            args: call_args,
            results,
        });
        for (place, v) in stores {
            self.store(&place, v, span);
        }
        // A returned reference designates what the returned pointer points to.
        if ret.is_ref() && matches!(value, Val::Ptr { .. }) {
            return Val::Ref(Box::new(self.ptr_place(value, span)));
        }
        value
    }

    /// A return type results can carry: values, and pointers or references
    /// into the allocations of its pointer arguments (not classes holding
    /// pointers).
    fn check_external_return(&mut self, ret: &Ty, span: Span) -> bool {
        let pointer = ret.is_ref() || matches!(ret, Ty::Ptr { .. });
        if !pointer && self.contains_pointer(ret) {
            let name = self.sema.ty_name(ret);
            self.error(span, format!("a SYCL_EXTERNAL function called across translation units cannot return '{name}' yet (a class holding pointers); return its values, or a pointer"));
            return false;
        }
        true
    }

    /// The pointer a call of a function of another unit returns (for a
    /// reference: the pointer to what it refers to): into the allocation of
    /// one of the pointer arguments, the callee says which (results: the
    /// element index, then the position of that argument among the pointer
    /// arguments).
    fn pointer_result(
        &mut self,
        ret: &Ty,
        call_args: &[CallArg],
        results: &mut Vec<LocalId>,
        span: Span,
    ) -> Val {
        let bindings: Vec<_> = call_args
            .iter()
            .filter_map(|a| match a {
                CallArg::Pointer { binding, .. } => Some(*binding),
                CallArg::Value(_) => None,
            })
            .collect();
        let Some(&first) = bindings.first() else {
            let name = self.sema.ty_name(ret);
            self.error(span, format!("a SYCL_EXTERNAL function of another translation unit that returns '{name}' must take the pointer it returns into as an argument"));
            return Val::Void;
        };
        let it = self.index_type();
        let index = self.new_local("call.pointer", it);
        let which = self.new_local("call.which", ScalarType::U32);
        results.push(index);
        results.push(which);
        let elem = match ret {
            Ty::Ptr { pointee, .. } => (**pointee).clone(),
            other => other.non_ref().clone(),
        };
        let single = bindings.iter().all(|b| *b == first);
        Val::Ptr {
            binding: Some(first),
            index: ir::Expr::Local(index),
            elem,
            choice: (!single).then(|| {
                Box::new(super::pointer_choice::PtrChoice {
                    bindings,
                    which: ir::Expr::Local(which),
                })
            }),
        }
    }

    /// The results of a compiled function returning the pointer in `slot`
    /// (see [`Self::pointer_result`]): its index, and which pointer
    /// parameter's allocation it points into.
    fn pointer_results(
        &mut self,
        slot: SlotId,
        params: &[FunctionParam],
        results: &mut Vec<LocalId>,
        span: Span,
    ) {
        let pointer_params: Vec<_> = params
            .iter()
            .filter_map(|p| match p {
                FunctionParam::Pointer { binding, .. } => Some(*binding),
                FunctionParam::Value(_) => None,
            })
            .collect();
        let Val::Ptr {
            binding,
            index,
            choice,
            ..
        } = self.load_pointer(slot)
        else {
            return;
        };
        let candidates = match &choice {
            Some(c) => c.bindings.clone(),
            None => binding.into_iter().collect(),
        };
        let mut positions = vec![];
        for b in &candidates {
            match pointer_params.iter().position(|p| p == b) {
                Some(i) => positions.push(i as u64),
                None => {
                    self.error(span, "a SYCL_EXTERNAL function called from other translation units can return only a pointer into the allocation of one of its pointer arguments");
                    return;
                }
            }
        }
        let u32c = |v: u64| ir::Expr::Const(ir::Constant::Int(ScalarType::U32, v));
        // The chosen allocation's position among the pointer parameters.
        let which = match &choice {
            Some(c) => positions
                .iter()
                .enumerate()
                .rev()
                .fold(u32c(0), |rest, (k, &pos)| {
                    ir::Expr::Select(
                        Box::new(ir::Expr::Binary(
                            ir::BinaryOp::Eq,
                            Box::new(c.which.clone()),
                            Box::new(u32c(k as u64)),
                        )),
                        Box::new(u32c(pos)),
                        Box::new(rest),
                    )
                }),
            None => u32c(positions.first().copied().unwrap_or(0)),
        };
        let it = self.index_type();
        let index_out = self.new_local("ret.index", it);
        let which_out = self.new_local("ret.which", ScalarType::U32);
        let index = self.cast_scalar(index, it);
        self.emit(IStmt::Assign {
            local: index_out,
            value: index,
        });
        self.emit(IStmt::Assign {
            local: which_out,
            value: which,
        });
        results.push(index_out);
        results.push(which_out);
    }

    fn contains_pointer(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::Ptr { .. } => true,
            Ty::Array(e, _) => self.contains_pointer(e),
            Ty::Class(c) => {
                let c = *c;
                self.sema.complete_class(c);
                let bases = self.sema.class(c).bases.clone();
                let fields = self.sema.class(c).fields.clone();
                bases
                    .iter()
                    .any(|(b, _)| self.contains_pointer(&Ty::Class(*b)))
                    || fields.iter().any(|f| self.contains_pointer(&f.ty))
            }
            _ => false,
        }
    }

    /// The members of class `c` in flattening order: bases, then fields
    /// (`None` for a reference member, which cannot be passed).
    fn flattened_members(&mut self, c: crate::front::sema::ClassId) -> Vec<Option<Ty>> {
        self.sema.complete_class(c);
        let class = self.sema.class(c);
        let mut out: Vec<Option<Ty>> = class
            .bases
            .iter()
            .map(|(b, _)| Some(Ty::Class(*b)))
            .collect();
        out.extend(
            class
                .fields
                .iter()
                .map(|f| (!f.ty.is_ref()).then(|| f.ty.clone())),
        );
        out
    }

    /// Appends the scalars and pointers of `v` (of type `ty`) to `out`.
    fn flatten_arg(&mut self, ty: &Ty, v: Val, out: &mut Vec<CallArg>, span: Span) {
        let v = match v {
            Val::Ref(p) => self.load(&p),
            Val::Void => return,
            v => v,
        };
        match (ty, v) {
            (Ty::Class(c), Val::Agg(parts)) => {
                for (member, part) in self.flattened_members(*c).into_iter().zip(parts) {
                    match member {
                        Some(mty) => self.flatten_arg(&mty, part, out, span),
                        None => {
                            let name = self.sema.ty_name(ty);
                            self.error(span, format!("'{name}' has a reference member and cannot be passed to a SYCL_EXTERNAL function of another translation unit"));
                        }
                    }
                }
            }
            (Ty::Array(e, _), Val::Agg(parts)) => {
                for part in parts {
                    self.flatten_arg(e, part, out, span);
                }
            }
            (Ty::Ptr { .. }, Val::Ptr { choice: Some(_), .. }) => {
                self.error(span, "a pointer that points into one of several allocations chosen at run time cannot be passed to a SYCL_EXTERNAL function of another translation unit yet");
            }
            (Ty::Ptr { .. }, Val::Ptr { binding, index, .. }) => match binding {
                Some(binding) if self.bindings[binding.0 as usize].space == Space::Private => {
                    self.error(span, "a pointer to private memory (a local variable, or a constant array each work-item holds a copy of) cannot be passed to a SYCL_EXTERNAL function of another translation unit yet");
                }
                Some(binding) => {
                    let it = self.index_type();
                    let index = self.cast_scalar(index, it);
                    out.push(CallArg::Pointer { binding, index });
                }
                None => self.error(span, "this pointer does not point into a known allocation (a null or unset pointer); a SYCL_EXTERNAL function of another translation unit needs one"),
            },
            (_, Val::Scalar(e)) => {
                if let Some(st) = self.scalar_of(ty, span) {
                    let e = self.cast_scalar(e, st);
                    out.push(CallArg::Value(e));
                }
            }
            _ => {
                let name = self.sema.ty_name(ty);
                self.error(span, format!("a value of type '{name}' cannot be passed to a SYCL_EXTERNAL function of another translation unit yet"));
            }
        }
    }

    /// A value of type `ty` made of fresh result locals (appended to
    /// `results`); pointers are those of `passed` (a copied-back argument).
    fn result_val(
        &mut self,
        ty: &Ty,
        passed: Option<&Val>,
        results: &mut Vec<LocalId>,
        span: Span,
    ) -> Val {
        let part = |i: usize| match passed {
            Some(Val::Agg(parts)) => parts.get(i),
            _ => None,
        };
        match ty {
            Ty::Class(c) => {
                let members = self.flattened_members(*c);
                let parts = members
                    .into_iter()
                    .enumerate()
                    .map(|(i, m)| match m {
                        Some(mty) => self.result_val(&mty, part(i), results, span),
                        None => Val::Void,
                    })
                    .collect();
                Val::Agg(parts)
            }
            Ty::Array(e, n) => Val::Agg(
                (0..*n as usize)
                    .map(|i| self.result_val(e, part(i), results, span))
                    .collect(),
            ),
            Ty::Ptr { .. } => passed.cloned().unwrap_or(Val::Void),
            _ => match self.scalar_of(ty, span) {
                Some(st) => {
                    let l = self.new_local("call.result", st);
                    results.push(l);
                    Val::Scalar(ir::Expr::Local(l))
                }
                None => Val::Void,
            },
        }
    }

    /// Storage for a parameter of a compiled `SYCL_EXTERNAL` function, made
    /// of the parameter locals it appends to `params`; each pointer points
    /// into a placeholder binding of its own.
    fn param_storage(
        &mut self,
        ty: &Ty,
        name: &str,
        params: &mut Vec<FunctionParam>,
        span: Span,
    ) -> SlotId {
        match ty {
            Ty::Class(c) => {
                let kids = self
                    .flattened_members(*c)
                    .into_iter()
                    .enumerate()
                    .map(|(i, m)| match m {
                        Some(mty) => self.param_storage(&mty, &format!("{name}.{i}"), params, span),
                        None => {
                            let cname = self.sema.ty_name(ty);
                            self.error(span, format!("parameter '{name}' of type '{cname}' has a reference member; a SYCL_EXTERNAL function cannot take it"));
                            self.add_slot(Slot::Value(Val::Void))
                        }
                    })
                    .collect();
                self.add_slot(Slot::Agg(kids))
            }
            Ty::Array(e, n) => {
                let kids = (0..*n)
                    .map(|i| self.param_storage(e, &format!("{name}[{i}]"), params, span))
                    .collect();
                self.add_slot(Slot::Agg(kids))
            }
            Ty::Ptr { pointee, .. } => {
                let Some(binding) = self.pointer_binding(pointee, name, Space::Global, span) else {
                    return self.add_slot(Slot::Value(Val::Void));
                };
                let it = self.index_type();
                let index = self.new_local(&format!("{name}.offset"), it);
                params.push(FunctionParam::Pointer { binding, index });
                self.new_pointer_slot(Some(binding), true, index, (**pointee).clone())
            }
            _ => match self.scalar_of(ty, span) {
                Some(st) => {
                    let l = self.new_local(name, st);
                    params.push(FunctionParam::Value(l));
                    self.add_slot(Slot::Scalar(l))
                }
                None => self.add_slot(Slot::Value(Val::Void)),
            },
        }
    }

    /// The scalar locals of a storage slot, in flattening order (pointers,
    /// which a call cannot change, are left out).
    fn slot_scalars(&self, slot: SlotId, out: &mut Vec<LocalId>) {
        match &self.slots[slot.0 as usize] {
            Slot::Scalar(l) => out.push(*l),
            Slot::Agg(kids) => {
                for k in kids.clone() {
                    self.slot_scalars(k, out);
                }
            }
            _ => {}
        }
    }
}
