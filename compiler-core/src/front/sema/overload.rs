//! Overload resolution: candidate instantiation (with deduction for
//! templates), viability, ranking, ambiguity, and the diagnostics that list
//! the candidates.

use super::convert::{Rank, ELLIPSIS, EXACT, RVALUE_TO_LVALUE_REF};
use super::thir::Expr;
use super::*;
use crate::front::ast::FunctionDecl;

#[derive(Clone)]
pub(crate) struct Candidate {
    pub decl: Rc<FunctionDecl>,
    pub ctx: Ctx,
    pub env: Rc<Env>,
    pub class: Option<ClassId>,
}

/// The functions among `entities`, as candidates called without an object.
pub(crate) fn free_candidates(entities: impl IntoIterator<Item = Entity>) -> Vec<Candidate> {
    entities
        .into_iter()
        .filter_map(|e| match e {
            Entity::Function(decl, ctx, env) => Some(Candidate {
                decl,
                ctx,
                env,
                class: None,
            }),
            _ => None,
        })
        .collect()
}

impl Sema {
    /// Pick the best viable function for a call with `args` (not including
    /// an implicit object argument). Reports a diagnostic and returns None
    /// when there is no viable or no single best function.
    pub(crate) fn resolve_overload(
        &mut self,
        cands: &[Candidate],
        explicit: &[TArg],
        args: &[Expr],
        what: &str,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<FuncId> {
        let mut viable: Vec<(FuncId, Vec<Rank>, bool)> = vec![];
        // For deduction, a `const` lvalue is typed as a reference to const:
        // a `T &` parameter deduces `T` as `const X` from it.
        let arg_tys: Vec<(Ty, bool)> = args
            .iter()
            .map(|a| match a.ty {
                Ty::LRef(..) | Ty::RRef(_) => (a.ty.clone(), a.lvalue),
                _ if a.lvalue && self.is_const_lvalue(a) => {
                    (Ty::LRef(Box::new(a.ty.clone()), true), true)
                }
                // An xvalue deduces as an rvalue (`T&&` makes `T` its type).
                _ if self.is_xvalue(a) => (a.ty.clone(), false),
                _ => (a.ty.clone(), a.lvalue),
            })
            .collect();
        let mut rejected = vec![];
        let mut rejected_constraints: Vec<(Span, String, Vec<super::constraints::Because>)> =
            vec![];
        for (i, c) in cands.iter().enumerate() {
            // One function reached twice (using-declarations) is one candidate.
            if cands[..i].iter().any(|p| Rc::ptr_eq(&p.decl, &c.decl)) {
                continue;
            }
            let is_template = c.decl.template.is_some();
            // Too few or too many arguments for the declaration: rejected
            // before any instance (and its signature's errors) is made.
            let required = c
                .decl
                .params
                .iter()
                .filter(|p| p.default.is_none() && !p.pack)
                .count();
            let unbounded = c.decl.variadic || c.decl.params.iter().any(|p| p.pack);
            if args.len() < required || (args.len() > c.decl.params.len() && !unbounded) {
                rejected.push((c.decl.span, arity_mismatch(required, args.len())));
                continue;
            }
            let f = if is_template {
                let from_lists = match self.deduce_from_braced_lists(
                    &c.decl,
                    c.ctx,
                    &c.env,
                    explicit.len(),
                    args,
                ) {
                    Ok(b) => b,
                    Err(conflict) => {
                        let why = self.conflicting_deduction_message(&conflict);
                        rejected.push((c.decl.span, why));
                        continue;
                    }
                };
                let deduced =
                    self.deduce_call_from(&c.decl, c.ctx, &c.env, explicit, &arg_tys, from_lists);
                match deduced {
                    Some(targs) => {
                        self.function_instance(&c.decl, c.ctx, c.env.clone(), c.class, targs)
                    }
                    None => {
                        rejected.push((
                            c.decl.span,
                            "template argument deduction failed".to_string(),
                        ));
                        continue;
                    }
                }
            } else {
                if !explicit.is_empty() {
                    continue;
                }
                self.function_instance(&c.decl, c.ctx, c.env.clone(), c.class, vec![])
            };
            let Some(f) = f else { continue };
            // C++20: a candidate whose constraints are not satisfied for
            // these arguments is not viable.
            if Sema::is_constrained(&c.decl) {
                if let super::constraints::Satisfaction::Unsatisfied(notes) =
                    self.function_satisfaction(f)
                {
                    let why = if is_template {
                        format!(
                            "candidate template ignored: constraints not satisfied{}",
                            self.template_args_text(f)
                        )
                    } else {
                        "candidate function not viable: constraints not satisfied".to_string()
                    };
                    rejected_constraints.push((c.decl.span, why, notes));
                    continue;
                }
            }
            if self.func(f).decl.deleted {
                continue;
            }
            // SFINAE: a return or parameter type that does not exist for the
            // deduced arguments (`enable_if_t<false, T>`) removes the candidate.
            if is_template && self.substitution_failed(f) {
                rejected.push((
                    c.decl.span,
                    "substitution failure in the function's signature".to_string(),
                ));
                continue;
            }
            let params = self.func(f).params.clone();
            let required = self
                .func(f)
                .decl
                .params
                .iter()
                .filter(|p| p.default.is_none() && !p.pack)
                .count();
            let variadic = self.func(f).decl.variadic;
            if args.len() < required || (args.len() > params.len() && !variadic) {
                rejected.push((c.decl.span, arity_mismatch(required, args.len())));
                continue;
            }
            let mut ranks = vec![];
            let mut ok = true;
            for (a, p) in args.iter().zip(params.iter()) {
                match self.conversion_rank(a, p) {
                    Some(r) => ranks.push(r),
                    None => {
                        rejected.push((
                            c.decl.span,
                            format!(
                                "no known conversion from '{}' to '{}'",
                                self.ty_name(&a.ty),
                                self.ty_name(p)
                            ),
                        ));
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                ranks.extend(args.iter().skip(params.len()).map(|_| ELLIPSIS));
                viable.push((f, ranks, is_template));
            }
        }
        if viable.is_empty() {
            let mut d =
                Diagnostic::error(span, format!("no matching function for call to '{what}'"));
            for (sp, why) in rejected {
                d = d.with_note(sp, format!("candidate not viable: {why}"));
            }
            for (sp, why, notes) in rejected_constraints {
                d = d.with_note(sp, why);
                for (nsp, because) in notes {
                    d = d.with_note(nsp, because);
                }
            }
            diags.push(d);
            return None;
        }
        // Best: better-or-equal in every argument, then non-template.
        // Ties between members differing only in `const` go to the non-const one
        // (a `const` object's call offers only the `const` ones).
        // Between templates, one without a function parameter pack is more
        // specialized than one with (`f(T)` over `f(T, Rest...)`), and a
        // written deduction guide beats one a constructor implies.
        let funcs: Vec<(bool, bool, bool, bool)> = viable
            .iter()
            .map(|v| {
                let fi = self.func(v.0);
                let has_pack = fi.decl.params.iter().any(|p| p.pack);
                let implicit = self.is_implicit_guide(&fi.decl);
                (fi.class.is_some(), fi.decl.is_const, has_pack, implicit)
            })
            .collect();
        // Partial ordering, approximated: of two templates, the one with
        // fewer parameters that are a bare template parameter (`T`, `const
        // T&`) is more specialized (`max(const vec<T, N>&, const vec<T,
        // N>&)` over `max(T, T)`).
        let bare: Vec<usize> = viable
            .iter()
            .map(|v| bare_template_params(&self.func(v.0).decl))
            .collect();
        let distinct: Vec<usize> = viable
            .iter()
            .map(|v| distinct_bare_params(&self.func(v.0).decl))
            .collect();
        let deduced: Vec<usize> = viable
            .iter()
            .map(|v| deduced_template_params(&self.func(v.0).decl))
            .collect();
        // Per lvalue argument: whether the candidate binds it to a `T&`
        // (Some(false)) or a `const T&` (Some(true)). Of two bindings that
        // differ only there, the reference to the less cv-qualified type is
        // better ([over.ics.rank]/3.2.6).
        let ref_bindings: Vec<Vec<Option<bool>>> = viable
            .iter()
            .map(|v| {
                let params = &self.func(v.0).params;
                (0..args.len())
                    .map(|i| match params.get(i) {
                        Some(Ty::LRef(_, is_const)) if args[i].lvalue => Some(*is_const),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        // Which candidates have constraints, and which pairs declare the
        // same signature (template parameters standing for themselves).
        let constrained: Vec<bool> = viable
            .iter()
            .map(|v| Sema::is_constrained(&self.func(v.0).decl))
            .collect();
        let signatures: Vec<Option<Vec<Ty>>> = if constrained.iter().any(|c| *c) {
            viable
                .iter()
                .map(|v| self.dependent_param_types(v.0))
                .collect()
        } else {
            vec![None; viable.len()]
        };
        let same_signature: Vec<Vec<bool>> = signatures
            .iter()
            .map(|x| signatures.iter().map(|y| x.is_some() && x == y).collect())
            .collect();
        let mut better = |ia: usize, ib: usize| -> bool {
            let (a, b) = (&viable[ia], &viable[ib]);
            let less_cv =
                |x: &Option<bool>, y: &Option<bool>| *x == Some(false) && *y == Some(true);
            let (ra, rb) = (&ref_bindings[ia], &ref_bindings[ib]);
            let ref_tie = ra.iter().zip(rb).all(|(x, y)| x == y || less_cv(x, y))
                && ra.iter().zip(rb).any(|(x, y)| less_cv(x, y));
            // An rvalue bound to `const T&` is worse only than one bound
            // to `T&&`; beside a by-value parameter both are exact.
            let rank = |v: usize, i: usize, r: Rank| -> Rank {
                let other = if v == ia { ib } else { ia };
                let other_rref =
                    matches!(self.func(viable[other].0).params.get(i), Some(Ty::RRef(_)));
                if r == RVALUE_TO_LVALUE_REF && !other_rref {
                    EXACT
                } else {
                    r
                }
            };
            let pairs = || {
                a.1.iter()
                    .zip(b.1.iter())
                    .enumerate()
                    .map(|(i, (x, y))| (rank(ia, i, *x), rank(ib, i, *y)))
            };
            let ge = pairs().all(|(x, y)| x <= y);
            let gt = pairs().any(|(x, y)| x < y);
            let const_tie = funcs[ia].0 && funcs[ib].0 && !funcs[ia].1 && funcs[ib].1;
            let pack_tie = a.2 && b.2 && !funcs[ia].2 && funcs[ib].2;
            let guide_tie = !funcs[ia].3 && funcs[ib].3;
            let same_arity = self.func(a.0).decl.params.len() == self.func(b.0).decl.params.len();
            let fewer_params = distinct[ia] < distinct[ib]
                || (distinct[ia] == distinct[ib] && deduced[ia] < deduced[ib]);
            let specialized_tie = a.2
                && b.2
                && (bare[ia] < bare[ib] || (same_arity && bare[ia] == bare[ib] && fewer_params));
            // Of two derived-to-base conversions of an argument, the one to
            // the more derived base is better ([over.ics.rank]/4.4:
            // `f(B&)` over `f(A&)` for a `C` derived from `B` derived
            // from `A`), references and pointers alike.
            let base_tie = {
                let class_of = |t: &Ty| match t.non_ref() {
                    Ty::Ptr { pointee, .. } => match &**pointee {
                        Ty::Class(c) => Some(*c),
                        _ => None,
                    },
                    Ty::Class(c) => Some(*c),
                    _ => None,
                };
                let (pa, pb) = (&self.func(a.0).params, &self.func(b.0).params);
                let mut better_somewhere = false;
                let mut worse_somewhere = false;
                for (x, y) in pa.iter().zip(pb.iter()) {
                    if let (Some(cx), Some(cy)) = (class_of(x), class_of(y)) {
                        if cx != cy {
                            let (tx, ty) = (Ty::Class(cx), Ty::Class(cy));
                            if self.derived_to_base(&tx, &ty) {
                                better_somewhere = true;
                            } else if self.derived_to_base(&ty, &tx) {
                                worse_somewhere = true;
                            }
                        }
                    }
                }
                better_somewhere && !worse_somewhere
            };
            // `f(const T&)` is more specialized than `f(T&)` (and `f(const
            // T*)` than `f(T*)`): where a `const` argument made both
            // instances alike, the one written `const`.
            let cv_tie = a.2
                && b.2
                && self.func(a.0).params == self.func(b.0).params
                && more_const_refs(&self.func(a.0).decl, &self.func(b.0).decl);
            // C++20: of two templates with equivalent signatures (or two
            // non-templates with the same parameters), the more
            // constrained ([over.match.best]/2.6).
            let constraint_tie = constrained[ia] && a.2 == b.2 && same_signature[ia][ib];
            let constraint_tie = constraint_tie && self.more_constrained_function(a.0, b.0);
            ge && (gt
                || constraint_tie
                || (!a.2 && b.2)
                || const_tie
                || pack_tie
                || guide_tie
                || ref_tie
                || specialized_tie
                || cv_tie
                || base_tie)
        };
        let mut best: Vec<usize> = vec![];
        for i in 0..viable.len() {
            if (0..viable.len()).all(|j| i == j || !better(j, i)) {
                best.push(i);
            }
        }
        if best.is_empty() {
            // The approximate ordering found a cycle: every candidate ties.
            best = (0..viable.len()).collect();
        }
        if best.len() != 1 {
            // Identical instantiations (same FuncId) are not ambiguous.
            let first = viable[best[0]].0;
            if best.iter().all(|&i| viable[i].0 == first) {
                return Some(first);
            }
            let mut d = Diagnostic::error(span, format!("call to '{what}' is ambiguous"));
            for &i in &best {
                d = d.with_note(self.func(viable[i].0).decl.span, "candidate function");
            }
            diags.push(d);
            return None;
        }
        Some(viable[best[0]].0)
    }

    /// The parameter types of `f` as its template declares them, its own
    /// template parameters standing for themselves (`Ty::Param`): what
    /// makes two templates' signatures equivalent. None when a parameter
    /// is a pack or does not resolve.
    pub(crate) fn dependent_param_types(&mut self, f: FuncId) -> Option<Vec<Ty>> {
        let fi = self.func(f);
        let decl = fi.decl.clone();
        let ctx = fi.ctx;
        let env = match (&decl.template, fi.env.parent.clone()) {
            (Some(th), Some(parent)) => {
                super::templates::dependent_env(th, &fi.template_args, parent)
            }
            _ => fi.env.clone(),
        };
        let mut out = vec![];
        for p in &decl.params {
            if p.pack {
                return None;
            }
            let t = self.resolve_type(&p.ty, ctx, &env, &mut vec![]);
            if t.is_error() {
                return None;
            }
            out.push(t);
        }
        // Template parameter lists of different shapes are not equivalent.
        let shape = decl
            .template
            .iter()
            .flat_map(|t| t.params.iter())
            .map(|p| match &p.kind {
                crate::front::ast::TemplateParamKind::Type { pack, .. } => {
                    Ty::Int(if *pack { IntKind::Long } else { IntKind::Int })
                }
                _ => Ty::Void,
            });
        out.push(Ty::Void);
        out.extend(shape);
        Some(out)
    }

    /// Did substituting the template arguments into `f`'s signature fail?
    pub(crate) fn substitution_failed(&self, f: FuncId) -> bool {
        let fi = self.func(f);
        let deduced_ret = super::check::deduced_return(&fi.decl.ret).is_some();
        (!deduced_ret && fi.ret.is_error()) || fi.params.iter().any(Ty::is_error)
    }

    /// Convert call arguments to the parameter types of `f` and append default arguments.
    pub(crate) fn finish_call_args(
        &mut self,
        f: FuncId,
        args: Vec<Expr>,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<Expr> {
        let params = self.func(f).params.clone();
        let mut out = vec![];
        for (i, a) in args.into_iter().enumerate() {
            match params.get(i) {
                Some(p) => out.push(self.convert(a, p, diags)),
                None => out.push(self.rvalue(a)), // C variadic
            }
        }
        self.append_default_args(f, &mut out, diags);
        out
    }

    pub(crate) fn append_default_args(
        &mut self,
        f: FuncId,
        args: &mut Vec<Expr>,
        diags: &mut Vec<Diagnostic>,
    ) {
        let decl = self.func(f).decl.clone();
        let params = self.func(f).params.clone();
        let param_decls = self.func(f).param_decls.clone();
        let env = self.func(f).env.clone();
        for (i, pty) in params.iter().enumerate().skip(args.len()) {
            let Some(d) = &decl.params[param_decls[i]].default else {
                break;
            };
            // A default argument is checked in the scope of its function's
            // declaration (template parameters visible), as an expression of
            // its own: `= {}`, `= DefaultOrder` (an enum template parameter).
            let e = match &d.kind {
                // `= {}`, `= {a, b}`: copy-list-initialisation of the parameter.
                crate::front::ast::ExprKind::InitList(items) if !self.fn_stack.is_empty() => {
                    self.list_init(&pty.non_ref().clone(), items, d.span)
                }
                _ => self.check_standalone_expr(d, Ctx::Func(f), env.clone(), diags),
            };
            // A value template parameter is an int literal whatever its
            // declared type: for an enum parameter it is of the enum type.
            let e = match e.kind {
                super::thir::ExprKind::IntLit(_) if matches!(pty, Ty::Enum(_)) => {
                    super::thir::Expr {
                        ty: pty.clone(),
                        ..e
                    }
                }
                _ => e,
            };
            let e = self.convert(e, pty, diags);
            args.push(e);
        }
    }
}

/// Why a candidate needing `required` arguments does not take `given`.
fn arity_mismatch(required: usize, given: usize) -> String {
    format!(
        "requires {} argument{}, but {} {} provided",
        required,
        if required == 1 { "" } else { "s" },
        given,
        if given == 1 { "was" } else { "were" }
    )
}

/// Whether `a` writes `const` on the referenced or pointed-to type of at
/// least one reference or pointer parameter where `b` does not, and nowhere
/// the other way round (`f(const T*)` over `f(T*)`).
fn more_const_refs(a: &FunctionDecl, b: &FunctionDecl) -> bool {
    use crate::front::ast::TypeExprKind as K;
    let written = |f: &FunctionDecl| -> Vec<bool> {
        f.params
            .iter()
            .map(|p| matches!(&p.ty.kind, K::LRef(inner) | K::Pointer(inner) if inner.is_const))
            .collect()
    };
    let (wa, wb) = (written(a), written(b));
    wa.len() == wb.len()
        && wa.iter().zip(&wb).all(|(x, y)| *x || !*y)
        && wa.iter().zip(&wb).any(|(x, y)| *x && !*y)
}

/// How many of `f`'s function parameters are one of its own template
/// parameters, bare or behind `const`/references.
fn bare_template_params(f: &FunctionDecl) -> usize {
    bare_params(f).len()
}

/// The template parameters that `f`'s parameters are, bare (`T`, `const
/// T&`), one per such parameter.
fn bare_params(f: &FunctionDecl) -> Vec<&Rc<str>> {
    use crate::front::ast::TypeExprKind as K;
    let Some(th) = &f.template else {
        return vec![];
    };
    let names: Vec<&Rc<str>> = th.params.iter().filter_map(|p| p.name.as_ref()).collect();
    f.params
        .iter()
        .filter_map(|p| {
            let mut t = &p.ty;
            while let K::LRef(inner) | K::RRef(inner) = &t.kind {
                t = inner;
            }
            match &t.kind {
                K::Named(q) if q.is_simple() => {
                    names.iter().copied().find(|n| **n == q.last().ident)
                }
                _ => None,
            }
        })
        .collect()
}

/// How many of `f`'s template parameters its function parameters use: of
/// two templates otherwise alike, the one deducing fewer is more
/// specialized (`f(Int2Type<LEN>, Op)` over `f(Int2Type<I>, Op)`, the
/// base case of a compile-time recursion).
fn deduced_template_params(f: &FunctionDecl) -> usize {
    let Some(th) = &f.template else {
        return 0;
    };
    th.params
        .iter()
        .filter_map(|p| p.name.clone())
        .filter(|name| {
            let one = [name.clone()];
            f.params
                .iter()
                .any(|p| super::templates::mentions_params(&p.ty, &one))
        })
        .count()
}

/// Of two templates whose parameters are all bare template parameters,
/// one that repeats a template parameter is more specialized than one that
/// does not (`max(const T&, const T&)` over `max(const T&, const U&)`):
/// the number of distinct template parameters its parameters use, when
/// every parameter is bare (else `usize::MAX`, no preference).
fn distinct_bare_params(f: &FunctionDecl) -> usize {
    let bare = bare_params(f);
    if bare.len() != f.params.len() || bare.is_empty() {
        return usize::MAX;
    }
    let mut distinct: Vec<&Rc<str>> = vec![];
    for n in bare {
        if !distinct.contains(&n) {
            distinct.push(n);
        }
    }
    distinct.len()
}
