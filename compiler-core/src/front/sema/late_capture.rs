//! g++'s late captures. In a template, g++ cannot tell while parsing a
//! lambda whether a use of a `const` integer local with a value-dependent
//! initializer (`const int n = v.size();` with `v` of a dependent type, or
//! `= member;` inside a lambda of a class template's member function) reads
//! a constant, so it decides at instantiation and appends the capture after
//! the lambda's other captures. The closure layout must match the host's;
//! observed with g++ 12 (closure bytes of probe programs); g++ 13 and clang
//! capture in order of use. Only uses as the direct operand of a built-in operator
//! in the lambda's own body are deferred (`n / 2`, `i < n`, `p[n]`, `-n`,
//! `k += n`); with any ordinary use as well (an initializer, a call
//! argument, the right side of `=`, a cast operand, a use in a nested
//! lambda) g++ captures in order of first use. Not modelled: `if (n)` as a
//! condition, which g++ also defers.

use super::*;
use crate::front::ast as a;

impl Sema {
    /// Does type expression `t` name a template parameter of the body
    /// being checked?
    pub(super) fn names_template_param(&self, t: &a::TypeExpr) -> bool {
        if !self.in_template_instance() {
            return false;
        }
        let names = self.template_param_names();
        !names.is_empty() && templates::mentions_params(t, &names)
    }

    /// Record what the host compiler needs to know about local `id` just
    /// declared by `v`: whether its type is dependent, and whether g++
    /// captures it late.
    pub(super) fn classify_template_local(&mut self, id: VarId, v: &a::VarDecl) {
        if !self.in_template_instance() {
            return;
        }
        self.vars[id.0 as usize].dependent_type = self.names_template_param(&v.ty);
        let var = self.var(id);
        let candidate = self.host.captures_dependent_constants_last()
            && var.is_const
            && var.const_value.is_none()
            && (var.ty.is_integral() || matches!(var.ty, Ty::Enum(_)));
        if !candidate {
            return;
        }
        let init: Vec<&a::Expr> = match &v.init {
            Some(a::Initializer::Assign(e)) => vec![e],
            Some(a::Initializer::Paren(es, _) | a::Initializer::Brace(es, _, _)) => {
                es.iter().collect()
            }
            None => vec![],
        };
        let level = self.fn_stack.len() - 1;
        let dependent = init.iter().any(|e| self.value_dependent(level, e, false));
        self.vars[id.0 as usize].late_capture = dependent;
    }

    /// Is initializer `e` (in the body at `level`) value-dependent as g++
    /// sees it? Observed (g++ 12, probes of closure bytes): it names a
    /// template parameter or a variable of dependent type; it uses `this`
    /// explicitly; or it names a member through the implicit `this` inside
    /// a lambda, or as the operand of a functional or C-style cast
    /// (`int(m)`, `(int)m`; not `m`, `m + 0`, `f(m)` or `static_cast`).
    fn value_dependent(&self, level: usize, e: &a::Expr, in_cast: bool) -> bool {
        use a::ExprKind as E;
        let walk = |x: &a::Expr| self.value_dependent(level, x, in_cast);
        match &e.kind {
            E::This => true,
            E::Name(q) if q.is_simple() => {
                self.name_value_dependent(level, &q.last().ident, in_cast)
            }
            E::Cast(kind, ty, x) => {
                let cast = matches!(kind, a::CastKind::CStyle | a::CastKind::Functional);
                self.names_template_param(ty) || self.value_dependent(level, x, cast)
            }
            E::Construct(ty, args, _) => {
                self.names_template_param(ty)
                    || args.iter().any(|x| self.value_dependent(level, x, true))
            }
            E::Unary(_, x) | E::PackExpansion(x) => walk(x),
            E::Binary(_, l, r) | E::Assign(_, l, r) | E::Index(l, r) => walk(l) || walk(r),
            E::Cond(c, t, f) => walk(c) || walk(t) || walk(f),
            E::Member { base, .. } => walk(base),
            E::Call(callee, args) => {
                let callee_dependent = match &callee.kind {
                    E::Member { base, .. } => walk(base),
                    _ => false,
                };
                callee_dependent || args.iter().any(walk)
            }
            _ => false,
        }
    }

    /// [`Self::value_dependent`] for a simple name.
    fn name_value_dependent(&self, level: usize, name: &Rc<str>, in_cast: bool) -> bool {
        if self.template_param_names().contains(name) {
            return true;
        }
        if let Some(v) = self.var_seen_from(level, name) {
            return self.var(v).dependent_type;
        }
        let in_lambda = self.fn_stack[level].parent.is_some();
        (in_lambda || in_cast)
            && self
                .enclosing_class(level)
                .is_some_and(|c| self.class(c).fields.iter().any(|f| &f.name == name))
    }

    /// Does g++ capture the variable `name` (seen from the body at `level`)
    /// late?
    pub(super) fn captured_late(&self, level: usize, name: &Rc<str>) -> bool {
        self.var_seen_from(level, name)
            .is_some_and(|v| self.var(v).late_capture)
    }

    /// The local variable `name` denotes in the body at `level` or the
    /// bodies enclosing it (innermost first).
    pub(super) fn var_seen_from(&self, level: usize, name: &str) -> Option<VarId> {
        let mut at = Some(level);
        while let Some(l) = at {
            let fc = &self.fn_stack[l];
            for fr in fc.frames.iter().rev() {
                if let Some((_, v)) = fr.iter().rev().find(|(n, _)| n.as_ref() == name) {
                    return Some(*v);
                }
            }
            at = fc.parent;
        }
        None
    }

    /// Is the body being checked (or the function a lambda is in) an
    /// instance of a function template or a member of a class template?
    fn in_template_instance(&self) -> bool {
        let mut at = self.fn_stack.len().checked_sub(1);
        while let Some(l) = at {
            let fi = self.func(self.fn_stack[l].func);
            if !fi.template_args.is_empty()
                || fi.class.is_some_and(|c| self.class(c).template.is_some())
            {
                return true;
            }
            at = self.fn_stack[l].parent;
        }
        false
    }

    /// The names of the template parameters bound where the body being
    /// checked was instantiated.
    fn template_param_names(&self) -> Vec<Rc<str>> {
        let mut out = vec![];
        let Some(fc) = self.fn_stack.last() else {
            return out;
        };
        let mut env = Some(&*fc.env);
        while let Some(e) = env {
            out.extend(e.bindings.iter().map(|(n, _)| n.clone()));
            env = e.parent.as_deref();
        }
        out
    }
}

/// Is `e` a built-in operator expression whose direct operands g++ reads
/// without capturing them at once?
pub(super) fn is_operator(e: &a::Expr) -> bool {
    use a::ExprKind as E;
    match &e.kind {
        E::Binary(..) | E::Index(..) | E::Cond(..) => true,
        E::Unary(op, _) => *op != a::UnOp::AddrOf,
        E::Assign(op, ..) => op.is_some(),
        _ => false,
    }
}

/// The order fields are laid out in: ordinary captures by index (a
/// `deferred` field after the fields that existed when it was captured,
/// see `full_expression_captures.rs`), then the late ones.
pub(super) fn layout_order(
    fields: usize,
    late: &[usize],
    deferred: &[(usize, usize)],
) -> Vec<usize> {
    let mut ordinary: Vec<(usize, u8, usize)> = (0..fields)
        .filter(|i| !late.contains(i))
        .map(|i| match deferred.iter().find(|(f, _)| *f == i) {
            Some(&(_, after)) => (after, 0, i),
            None => (i, 1, i),
        })
        .collect();
    ordinary.sort_unstable();
    ordinary
        .into_iter()
        .map(|(_, _, i)| i)
        .chain(late.iter().copied())
        .collect()
}

impl Sema {
    /// Late capture `field` of `closure` also has an ordinary use: g++
    /// then captures it while parsing the template, and its instantiation
    /// captures in order of first use.
    pub(super) fn undefer_capture(&mut self, closure: ClassId, field: usize) {
        if let Some(cl) = self.classes[closure.0 as usize].closure.as_mut() {
            cl.late_fields.retain(|f| *f != field);
        }
    }
}
