//! clang's names for the lambdas of non-inline functions: `$_N`, from one
//! counter per translation unit (clang 21: per enclosing function), in the
//! order clang first mangles each closure type. Two moments do that, and the device pass, checking a body
//! in source order, sees both:
//! - while clang parses the function, an entity it hands to code generation
//!   at once and whose mangled name contains the closure type: a variable
//!   template specialization (`is_invocable_v<F>`), a static data member of
//!   a class template specialization read for its value
//!   (`is_reduction<reduction_impl<T, F>>::value`), a function template
//!   specialization instantiated at once because its return type is
//!   deduced (a generic lambda's call operator) or because it is `constexpr`
//!   (`std::min_element(b, e, [](int x, int y) {...})`: libstdc++ declares
//!   it `constexpr` since C++14). Numbered at once.
//! - when clang then generates the function's code: each lambda where it
//!   is evaluated (or, without TBAA, a lambda stored in a variable where the
//!   variable is first used). Queued, and numbered when the body is done.
//!
//! Bodies the device pass checks because a call needs them, but that clang
//! instantiates only at the end of the translation unit (function templates
//! whose return type is written), mangle nothing early.

use super::{ClassId, FuncId, Sema, TArg, Ty};
use std::collections::HashSet;

impl Sema {
    /// clang's next `$_N` for a lambda of function `enclosing`.
    fn next_unnumbered_id(&mut self, enclosing: FuncId) -> u32 {
        let counter = if self.host.numbers_unnamed_lambdas_per_function() {
            self.unnumbered_lambdas_in.entry(enclosing).or_insert(0)
        } else {
            &mut self.unnumbered_lambdas
        };
        *counter += 1;
        *counter - 1
    }

    /// Gives closure `c` its `$_N` when clang generates the code of its
    /// function: queued while a body is checked, at once otherwise.
    pub(super) fn number_closure_in_code_order(&mut self, c: ClassId) {
        if self.parse_time.is_empty() {
            self.number_closure_now(c);
        } else if !self.closure_queue.contains(&c) {
            self.closure_queue.push(c);
        }
    }

    /// A variable of type `ty` is used: a lambda stored in it that clang
    /// names on first use is named in code order from here (clang mangles
    /// its type when the variable is first called or passed).
    pub(super) fn name_closure_on_use(&mut self, ty: &Ty) {
        let Ty::Class(c) = ty.non_ref() else { return };
        let pending = self.classes[c.0 as usize]
            .closure
            .as_ref()
            .is_some_and(|cl| cl.unnumbered_on_use && cl.unnumbered_id.is_none());
        if pending {
            self.number_closure_in_code_order(*c);
        }
    }

    fn number_closure_now(&mut self, c: ClassId) {
        let pending = self.classes[c.0 as usize]
            .closure
            .as_ref()
            .filter(|cl| cl.unnumbered && cl.unnumbered_id.is_none())
            .map(|cl| cl.enclosing);
        if let Some(enclosing) = pending {
            let id = self.next_unnumbered_id(enclosing);
            if let Some(cl) = self.classes[c.0 as usize].closure.as_mut() {
                cl.unnumbered_id = Some(id);
            }
        }
    }

    /// Whether the body being checked is one clang parses now, rather than
    /// instantiates at the end of the translation unit.
    fn at_parse_time(&self) -> bool {
        self.parse_time.last() == Some(&true)
    }

    /// clang mangles, while parsing, a name whose template arguments are
    /// `args`: the closures in them get their `$_N` now, in mangling order.
    pub(super) fn closures_mangled_at_parse_time(&mut self, args: &[TArg]) {
        if self.at_parse_time() {
            for a in args {
                if let TArg::Type(t) | TArg::ConstType(t) = a {
                    self.number_closures_in(t, 0);
                }
            }
        }
    }

    /// Variable `v` is read: clang, while parsing, mangles a static data
    /// member of a class template specialization when it instantiates it.
    pub(super) fn static_member_read(&mut self, v: super::VarId) {
        if !self.at_parse_time() {
            return;
        }
        if let Some((_, super::Ctx::Class(c), _)) = &self.var(v).global {
            let c = *c;
            if self.classes[c.0 as usize].template.is_some() {
                self.number_closures_in(&Ty::Class(c), 0);
            }
        }
    }

    /// Numbers the unnumbered closures in `ty`, as the mangler meets them:
    /// a closure's enclosing closures first, a class's template arguments
    /// after it.
    fn number_closures_in(&mut self, ty: &Ty, depth: u32) {
        if depth > 16 {
            return;
        }
        match ty {
            Ty::Ptr { pointee: t, .. } | Ty::LRef(t, _) | Ty::RRef(t) | Ty::Array(t, _) => {
                self.number_closures_in(t, depth + 1)
            }
            Ty::Class(c) => {
                let c = *c;
                if let Some(cl) = &self.classes[c.0 as usize].closure {
                    let outer = self.funcs[cl.enclosing.0 as usize].class;
                    if let Some(outer) = outer {
                        self.number_closures_in(&Ty::Class(outer), depth + 1);
                    }
                    self.number_closure_now(c);
                }
                let args = self.classes[c.0 as usize]
                    .template
                    .as_ref()
                    .map(|(_, args)| args.clone())
                    .unwrap_or_default();
                for a in &args {
                    if let TArg::Type(t) | TArg::ConstType(t) = a {
                        self.number_closures_in(t, depth + 1);
                    }
                }
            }
            _ => {}
        }
    }

    /// Starts checking the body of `f`: whether clang parses it now (a
    /// function of the translation unit, or a template instantiated at once
    /// for its deduced return type or because it is `constexpr`, from a body
    /// parsed now); if it is such an instance, the closures in its mangled
    /// name get their numbers.
    pub(super) fn begin_body(&mut self, f: FuncId) {
        let now = match self.parse_time.last() {
            None => true,
            // A function the translation unit defines is parsed where it is.
            Some(_) if !self.is_template_instance(f) => true,
            Some(&outer) => {
                let d = &self.func(f).decl;
                let deduced = matches!(
                    d.ret.kind,
                    crate::front::ast::TypeExprKind::Auto
                        | crate::front::ast::TypeExprKind::DecltypeAuto
                ) && !d.trailing_return;
                outer && (deduced || d.is_constexpr)
            }
        };
        if now && !self.parse_time.is_empty() && self.is_template_instance(f) {
            let class = self.func(f).class;
            let args = self.func(f).template_args.clone();
            if let Some(c) = class {
                self.number_closures_in(&Ty::Class(c), 0);
            }
            self.closures_mangled_at_parse_time(&args);
        }
        self.parse_time.push(now);
    }

    /// A generic lambda's call operator is instantiated for `params` (a
    /// lambda body is checked where it is written, in its function's body):
    /// with a deduced return type, clang does so at once and mangles it.
    pub(super) fn generic_call_operator_instantiated(
        &mut self,
        closure: ClassId,
        params: &[Ty],
        deduced_return: bool,
    ) {
        if deduced_return && self.at_parse_time() {
            self.number_closures_in(&Ty::Class(closure), 0);
            for t in params {
                self.number_closures_in(t, 0);
            }
        }
    }

    /// Whether `f` is an instance of a template: a function template or a
    /// member of a class template.
    fn is_template_instance(&self, f: FuncId) -> bool {
        let fi = self.func(f);
        let in_template_class = fi
            .class
            .is_some_and(|c| self.classes[c.0 as usize].template.is_some());
        !fi.template_args.is_empty() || in_template_class
    }

    /// Whether the host compiler names the lambdas of `f` `$_N` (clang, in
    /// a non-inline function).
    pub(super) fn names_lambdas_by_counter(&self, f: FuncId) -> bool {
        !self.host.numbers_lambdas_of_non_inline_functions()
            && !self.lambdas_get_mangling_numbers(f)
    }

    /// Whether clang names `f`'s lambdas `$_N` and emits `f` only once code
    /// it emits uses it: a `static` function, or one in an anonymous
    /// namespace.
    fn deferred_by_clang(&self, f: FuncId) -> bool {
        if !self.names_lambdas_by_counter(f) {
            return false;
        }
        let fi = self.func(f);
        if fi.class.is_some() {
            return false;
        }
        if fi.decl.is_static {
            return true;
        }
        let mut ctx = fi.ctx;
        while let super::Ctx::Ns(n) = ctx {
            if n == super::GLOBAL_NS {
                break;
            }
            let ns = &self.namespaces[n.0 as usize];
            if ns.name.is_none() {
                return true;
            }
            match ns.parent {
                Some(p) if p != n => ctx = super::Ctx::Ns(p),
                _ => break,
            }
        }
        false
    }

    /// Ends checking the body of `f`: when clang names `f`'s lambdas `$_N`,
    /// those queued get their numbers, in code order, now (clang emits the
    /// function where it is defined) or, for a function clang emits once
    /// used, in [`Sema::number_closures_of_deferred_functions`].
    pub(super) fn end_body(&mut self, f: FuncId) {
        self.parse_time.pop();
        if !self.names_lambdas_by_counter(f) {
            return;
        }
        let queue = std::mem::take(&mut self.closure_queue);
        let (mine, others): (Vec<ClassId>, Vec<ClassId>) = queue.into_iter().partition(|c| {
            self.classes[c.0 as usize]
                .closure
                .as_ref()
                .is_some_and(|cl| cl.enclosing == f)
        });
        self.closure_queue = others;
        if self.deferred_by_clang(f) {
            self.deferred_closures.push((f, mine));
            return;
        }
        for c in mine {
            self.number_closure_now(c);
        }
    }

    /// At the end of the translation unit: clang emits the functions it
    /// deferred in the order code it emitted first used them (depth first,
    /// as `CodeGenModule::EmitDeferred`), starting from the functions it
    /// emitted where they are defined (`defined`, in source order); the
    /// lambdas of those that name theirs `$_N` get their numbers then.
    pub(super) fn number_closures_of_deferred_functions(&mut self, defined: &[FuncId]) {
        if self.deferred_closures.is_empty() {
            return;
        }
        let mut seen: HashSet<FuncId> = defined.iter().copied().collect();
        let mut to_emit = vec![];
        for &f in defined {
            if self.names_lambdas_by_counter(f) && !self.deferred_by_clang(f) {
                self.note_uses(f, &mut seen, &mut to_emit);
            }
        }
        self.emit_deferred(to_emit, &mut seen, 0);
        // Functions no emitted code uses: in source order.
        for (_, closures) in std::mem::take(&mut self.deferred_closures) {
            for c in closures {
                self.number_closure_now(c);
            }
        }
    }

    fn emit_deferred(&mut self, list: Vec<FuncId>, seen: &mut HashSet<FuncId>, depth: u32) {
        for f in list {
            if let Some(i) = self.deferred_closures.iter().position(|(g, _)| *g == f) {
                let (_, closures) = self.deferred_closures.remove(i);
                for c in closures {
                    self.number_closure_now(c);
                }
            }
            let mut more = vec![];
            self.note_uses(f, seen, &mut more);
            if !more.is_empty() && depth < 256 {
                self.emit_deferred(more, seen, depth + 1);
            }
        }
    }

    /// Appends to `out` the functions `f`'s body uses that were not seen
    /// yet, in order.
    fn note_uses(&self, f: FuncId, seen: &mut HashSet<FuncId>, out: &mut Vec<FuncId>) {
        let Some(body) = self.func(f).body.clone() else {
            return;
        };
        for g in body.called_functions() {
            if seen.insert(g) {
                out.push(g);
            }
        }
    }
}
