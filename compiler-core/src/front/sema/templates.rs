//! Templates: class template instantiation (with default arguments and
//! partial/explicit specializations), and template argument deduction for
//! function templates and specializations by matching syntactic patterns
//! against semantic types.

use super::lookup::Found;
use super::packs::{flatten, PatternNames};
use super::*;
use crate::front::ast::{
    ClassDecl, FunctionDecl, TemplateArg, TemplateHeader, TemplateParam, TemplateParamKind,
    TypeExpr, TypeExprKind,
};

impl Sema {
    /// Instantiate (or find) `decl<args>`; fills default arguments and picks
    /// the most specialised matching partial specialization.
    pub(crate) fn instantiate_class(
        &mut self,
        decl: &Rc<ClassDecl>,
        ctx: Ctx,
        env: &Rc<Env>,
        args: Vec<TArg>,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<ClassId> {
        let enclosing = match ctx {
            Ctx::Class(c) => Some(c),
            _ => None,
        };
        let Some(th) = decl.template.clone() else {
            let key = (Rc::as_ptr(decl) as usize, enclosing, vec![]);
            if let Some(c) = self.class_cache.get(&key) {
                return Some(*c);
            }
            let name = decl.name.clone().unwrap_or_else(|| Rc::from(""));
            let id = self.new_class(name, Some(decl.clone()), None, ctx, env.clone());
            self.class_cache.insert(key, id);
            self.register_class_members(id, decl, &mut vec![]);
            return Some(id);
        };
        let args = self.complete_template_args(&th, args, ctx, env, span, diags)?;
        let key = (Rc::as_ptr(decl) as usize, enclosing, args.clone());
        if let Some(c) = self.class_cache.get(&key) {
            return Some(*c);
        }
        // C++20: the arguments must satisfy the template's constraints
        // (not checked for a signature resolved as declared, whose
        // arguments name template parameters).
        let dependent = args.iter().any(|a| self.targ_is_dependent(a));
        if let Some(req) = th.requires.clone().filter(|_| !dependent) {
            let e = bound_env(&th, &args, env.clone());
            if let super::constraints::Satisfaction::Unsatisfied(notes) =
                self.constraint_satisfaction(&req, ctx, &e)
            {
                let name = decl.name.as_deref().unwrap_or("");
                let bound: Vec<String> = th
                    .params
                    .iter()
                    .zip(&args)
                    .map(|(p, a)| {
                        format!(
                            "{} = {}",
                            p.name.as_deref().unwrap_or("?"),
                            self.targ_name(a)
                        )
                    })
                    .collect();
                let mut d = Diagnostic::error(
                    span,
                    format!(
                        "constraints not satisfied for class template '{name}' [with {}]",
                        bound.join(", ")
                    ),
                );
                for (sp, why) in notes {
                    d = d.with_note(sp, why);
                }
                diags.push(d);
                return None;
            }
        }
        let name = decl.name.clone().unwrap_or_else(|| Rc::from(""));
        // Partial / explicit specializations.
        let specs = match ctx {
            Ctx::Ns(n) => self.namespaces[n.0 as usize].specializations.get(&name),
            Ctx::Class(c) => self.classes[c.0 as usize].specializations.get(&name),
            Ctx::Func(_) => None,
        }
        .cloned()
        .unwrap_or_default();
        let mut chosen: Option<(ClassInContext, Bindings, (usize, usize))> = None;
        let flat = flatten(&args);
        for (sd, sctx, senv) in specs {
            let Some(pats) = &sd.specialization_args else {
                continue;
            };
            if let Some((bindings, rank)) =
                self.specialization_match(sd.template.as_ref(), pats, &flat, sctx, &senv)
            {
                // Of equally specialised patterns, the more constrained one.
                let better = match &chosen {
                    None => true,
                    Some(c) if c.2 < rank => true,
                    Some(((cd, cctx, cenv), _, crank)) if *crank == rank => {
                        match (&sd.template, cd.template.clone()) {
                            (Some(h), Some(ch)) => {
                                let (cctx, cenv) = (*cctx, cenv.clone());
                                self.more_constrained_header((h, sctx, &senv), (&ch, cctx, &cenv))
                            }
                            _ => false,
                        }
                    }
                    _ => false,
                };
                if better {
                    chosen = Some(((sd.clone(), sctx, senv.clone()), bindings, rank));
                }
            }
        }
        let (body_decl, benv) = match chosen {
            Some(((sd, _, senv), bindings, _)) => (
                sd,
                Rc::new(Env {
                    using_dirs: Vec::new(),
                    entities: Vec::new(),
                    bindings,
                    parent: Some(senv),
                }),
            ),
            None => (decl.clone(), bound_env(&th, &args, env.clone())),
        };
        let id = self.new_class(
            name,
            Some(body_decl.clone()),
            Some((decl.clone(), args)),
            ctx,
            benv,
        );
        self.class_cache.insert(key, id);
        // Registering members evaluates static constants, which may
        // instantiate further classes (`G<N + 1>::v`): bounded like
        // function bodies, so runaway recursion is a diagnostic.
        if self.depth > MAX_INSTANTIATION_DEPTH {
            // Reported once, whatever the caller does with `diags`.
            if !self.instantiation_limit_reported {
                self.instantiation_limit_reported = true;
                self.diags.error(
                    span,
                    format!("recursive template instantiation exceeded the maximum depth of {MAX_INSTANTIATION_DEPTH}"),
                );
            }
            return None;
        }
        self.depth += 1;
        self.register_class_members(id, &body_decl, &mut vec![]);
        self.depth -= 1;
        Some(id)
    }

    /// Append default template arguments; diagnose missing ones.
    pub(crate) fn complete_template_args(
        &mut self,
        th: &TemplateHeader,
        args: Vec<TArg>,
        ctx: Ctx,
        env: &Rc<Env>,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Vec<TArg>> {
        let mut args = flatten(&args);
        let pack_at = th.params.iter().position(|p| is_pack(&p.kind));
        if let Some(k) = pack_at {
            // The pack takes every argument from its position on.
            if args.len() >= k {
                let rest = args.split_off(k);
                args.push(TArg::Pack(rest));
            }
        }
        if args.len() > th.params.len() {
            diags.push(Diagnostic::error(
                span,
                format!(
                    "too many template arguments: expected at most {}, got {}",
                    th.params.len(),
                    args.len()
                ),
            ));
            return None;
        }
        for i in args.len()..th.params.len() {
            let p = &th.params[i];
            let e = bound_env(th, &args, env.clone());
            match &p.kind {
                TemplateParamKind::Type {
                    default: Some(t), ..
                } => args.push(TArg::Type(self.resolve_type(t, ctx, &e, diags))),
                TemplateParamKind::NonType {
                    default: Some(x), ..
                } => match self.const_eval_ast(x, ctx, &e) {
                    Some(v) => args.push(TArg::Value(v)),
                    None => return None,
                },
                TemplateParamKind::Template {
                    default: Some(q), ..
                } => match self.template_name_of(q, ctx, &e) {
                    Some(t) => args.push(t),
                    None => {
                        diags.push(Diagnostic::error(
                            q.span,
                            format!("'{}' does not name a template", q.to_string_lossy()),
                        ));
                        return None;
                    }
                },
                k if is_pack(k) => args.push(TArg::Pack(vec![])),
                _ => {
                    diags.push(Diagnostic::error(
                        span,
                        format!(
                            "too few template arguments: missing a value for '{}'",
                            p.name.as_deref().unwrap_or("?")
                        ),
                    ));
                    return None;
                }
            }
        }
        Some(args)
    }

    /// How a partial or explicit specialization (of template header
    /// `header`, pattern `pats`, declared in `sctx`/`senv`) matches the
    /// flattened arguments `flat`: its parameters all bound, and its rank.
    /// The higher rank is the more specialised pattern: more structure that
    /// is not a bare parameter (`S<impl<T, U>, Rest...>` over
    /// `S<R, Rest...>`), then fewer free parameters (`S<T, T>` over
    /// `S<T, U>`). None when it does not match, or its constraints (C++20)
    /// are not satisfied.
    pub(super) fn specialization_match(
        &mut self,
        header: Option<&TemplateHeader>,
        pats: &[TemplateArg],
        flat: &[TArg],
        sctx: Ctx,
        senv: &Rc<Env>,
    ) -> Option<(Bindings, (usize, usize))> {
        let params: Vec<Rc<str>> = header
            .map(|t| t.params.iter().filter_map(|p| p.name.clone()).collect())
            .unwrap_or_default();
        // Template arguments carry a top-level `const` (`TArg::ConstType`)
        // but no `volatile`, so `X<volatile T>` would match every `X<U>`
        // (and derive from itself when written `X<volatile T> : X<T>`):
        // it matches none.
        let volatile_param = pats.iter().any(|p| match p {
            TemplateArg::Type(t) => {
                t.is_volatile
                    && matches!(&t.kind, TypeExprKind::Named(q) if q.is_simple() && params.contains(&q.last().ident))
            }
            _ => false,
        });
        if volatile_param {
            return None;
        }
        let mut bindings = vec![];
        let matched = self.match_template_args(pats, flat, &params, sctx, senv, &mut bindings)
            && !drops_pointee_const(pats, flat)
            && params.iter().all(|p| bindings.iter().any(|(n, _)| n == p));
        if !matched {
            return None;
        }
        if let Some(req) = header.and_then(|t| t.requires.clone()) {
            let e = binding_env(bindings.clone(), senv.clone());
            if self
                .constraint_satisfaction(&req, sctx, &e)
                .is_unsatisfied()
            {
                return None;
            }
        }
        let rank = (
            pattern_specificity(pats, &params),
            usize::MAX - bindings.len(),
        );
        Some((bindings, rank))
    }

    /// Match an argument list pattern against (flattened) arguments, one
    /// for one; a trailing `P...` takes the rest.
    fn match_template_args(
        &mut self,
        pats: &[TemplateArg],
        args: &[TArg],
        params: &[Rc<str>],
        ctx: Ctx,
        env: &Rc<Env>,
        b: &mut Bindings,
    ) -> bool {
        for (i, pat) in pats.iter().enumerate() {
            if let TemplateArg::PackExpansion(inner) = pat {
                let rest = &args[i.min(args.len())..];
                return i + 1 == pats.len() && self.match_pack(inner, rest, params, ctx, env, b);
            }
            let Some(a) = args.get(i) else { return false };
            if !self.match_template_arg(pat, a, params, ctx, env, b) {
                return false;
            }
        }
        pats.len() == args.len()
    }

    /// Match every argument against the pattern of a pack expansion, binding
    /// each pack the pattern names to the elements deduced.
    fn match_pack(
        &mut self,
        pattern: &TemplateArg,
        args: &[TArg],
        params: &[Rc<str>],
        ctx: Ctx,
        env: &Rc<Env>,
        b: &mut Bindings,
    ) -> bool {
        let all_names = PatternNames::of_targ(pattern);
        let outer = enclosing_packs(&all_names, params, env);
        let names = pack_names(all_names, params);
        if names.is_empty() && !outer.is_empty() {
            return self.match_enclosing_pack(pattern, &outer, args, params, ctx, env, b);
        }
        let packs = self.pack_elements(&names, args, b, |s, a, bi| {
            s.match_template_arg(pattern, a, params, ctx, env, bi)
        });
        packs.is_some_and(|ps| ps.into_iter().all(|(n, p)| bind(b, &n, p)))
    }

    /// Match `args` against a pack expansion of packs an enclosing class
    /// template already bound (`seq<I...>` in a member template of the
    /// specialization for `seq<I...>`): one argument per element, each
    /// against the pattern with the packs' elements in their place.
    #[allow(clippy::too_many_arguments)]
    fn match_enclosing_pack(
        &mut self,
        pattern: &TemplateArg,
        outer: &[(Rc<str>, Vec<TArg>)],
        args: &[TArg],
        params: &[Rc<str>],
        ctx: Ctx,
        env: &Rc<Env>,
        b: &mut Bindings,
    ) -> bool {
        if outer.iter().any(|(_, elems)| elems.len() != args.len()) {
            return false;
        }
        for (k, a) in args.iter().enumerate() {
            let mut bi = b.clone();
            bi.extend(outer.iter().map(|(n, elems)| (n.clone(), elems[k].clone())));
            if !self.match_template_arg(pattern, a, params, ctx, env, &mut bi) {
                return false;
            }
        }
        true
    }

    /// Match each argument on its own against a pack pattern (with the
    /// bindings known so far, minus the packs' own) and gather, for each
    /// pack in `names`, the element every match bound: `(name, Pack)`.
    fn pack_elements<A>(
        &mut self,
        names: &[Rc<str>],
        args: &[A],
        b: &Bindings,
        mut matches: impl FnMut(&mut Self, &A, &mut Bindings) -> bool,
    ) -> Option<Vec<(Rc<str>, TArg)>> {
        let mut elems: Vec<Vec<TArg>> = vec![vec![]; names.len()];
        for a in args {
            let mut bi = b.clone();
            bi.retain(|(n, _)| !names.contains(n));
            if !matches(self, a, &mut bi) {
                return None;
            }
            for (k, n) in names.iter().enumerate() {
                let (_, v) = bi.iter().find(|(bn, _)| bn == n)?;
                elems[k].push(v.clone());
            }
        }
        Some(
            names
                .iter()
                .cloned()
                .zip(elems.into_iter().map(TArg::Pack))
                .collect(),
        )
    }

    fn match_template_arg(
        &mut self,
        pat: &TemplateArg,
        arg: &TArg,
        params: &[Rc<str>],
        ctx: Ctx,
        env: &Rc<Env>,
        b: &mut Vec<(Rc<str>, TArg)>,
    ) -> bool {
        match (pat, arg) {
            (TemplateArg::Type(t), _) => {
                if let TypeExprKind::Named(q) = &t.kind {
                    if q.is_simple() && params.contains(&q.last().ident) {
                        // Template arguments match exactly: `const T` takes
                        // a `const` type and binds `T` without it.
                        let bound = match (t.is_const, arg) {
                            (false, _) => arg.clone(),
                            (true, TArg::ConstType(ty)) => TArg::Type(ty.clone()),
                            (true, _) => return false,
                        };
                        return bind_exact(b, &q.last().ident, bound);
                    }
                }
                // An array matches element by element: the const of an
                // array is its elements' (`T[N]` takes `const float[4]`
                // with `T = const float`).
                if let TypeExprKind::Array(element, size) = &t.kind {
                    let (elem, n, is_const) = match arg {
                        TArg::Type(Ty::Array(e, n)) => (e, *n, t.is_const),
                        TArg::ConstType(Ty::Array(e, n)) => (e, *n, true),
                        _ => return false,
                    };
                    let elem_arg = if is_const {
                        TArg::ConstType((**elem).clone())
                    } else {
                        TArg::Type((**elem).clone())
                    };
                    let elem_pat = TemplateArg::Type((**element).clone());
                    return self.match_extent(size.as_deref(), n, params, ctx, env, b)
                        && self.match_template_arg(&elem_pat, &elem_arg, params, ctx, env, b);
                }
                // A pattern that is not a parameter is `const` as written
                // or as the names it uses stand for (`buffer<DataT>` with
                // `DataT = const int`).
                if self.top_level_const(t, ctx, env) != matches!(arg, TArg::ConstType(_)) {
                    return false;
                }
                match arg {
                    TArg::Type(at) | TArg::ConstType(at) => {
                        self.match_type(t, at, params, ctx, env, b)
                    }
                    TArg::Value(v) => {
                        // A value pattern parsed as a type (a constant's name).
                        let e = Env {
                            using_dirs: Vec::new(),
                            entities: Vec::new(),
                            bindings: b.clone(),
                            parent: Some(env.clone()),
                        };
                        matches!(self.resolve_template_args(std::slice::from_ref(pat), ctx, &e, &mut vec![]).first(), Some(TArg::Value(x)) if x == v)
                    }
                    TArg::Var(v) => {
                        // The variable's name.
                        let e = Env {
                            using_dirs: Vec::new(),
                            entities: Vec::new(),
                            bindings: b.clone(),
                            parent: Some(env.clone()),
                        };
                        matches!(self.resolve_template_args(std::slice::from_ref(pat), ctx, &e, &mut vec![]).first(), Some(TArg::Var(x)) if x == v)
                    }
                    TArg::Func(f) => {
                        let e = Env {
                            using_dirs: Vec::new(),
                            entities: Vec::new(),
                            bindings: b.clone(),
                            parent: Some(env.clone()),
                        };
                        matches!(self.resolve_template_args(std::slice::from_ref(pat), ctx, &e, &mut vec![]).first(), Some(TArg::Func(x)) if x == f)
                    }
                    TArg::ValueParam(_) | TArg::Pack(_) | TArg::Template(_) => false,
                }
            }
            (TemplateArg::Expr(e), TArg::Value(v)) => {
                if let crate::front::ast::ExprKind::Name(q) = &e.kind {
                    if q.is_simple() && params.contains(&q.last().ident) {
                        return bind(b, &q.last().ident, arg.clone());
                    }
                }
                let ev = Env {
                    using_dirs: Vec::new(),
                    entities: Vec::new(),
                    bindings: b.clone(),
                    parent: Some(env.clone()),
                };
                self.const_eval_ast(e, ctx, &Rc::new(ev)) == Some(*v)
            }
            _ => false,
        }
    }

    /// Match a type pattern containing template parameters against a type.
    pub(crate) fn match_type(
        &mut self,
        pat: &TypeExpr,
        ty: &Ty,
        params: &[Rc<str>],
        ctx: Ctx,
        env: &Rc<Env>,
        b: &mut Vec<(Rc<str>, TArg)>,
    ) -> bool {
        match &pat.kind {
            // `typename C<T>::type` is a non-deduced context: the argument
            // is checked against it once the parameters are known.
            TypeExprKind::Named(q)
                if q.parts.len() > 1
                    && q.parts[..q.parts.len() - 1].iter().any(|p| {
                        params.contains(&p.ident)
                            || p.template_args
                                .iter()
                                .flatten()
                                .any(|a| targ_mentions_params(a, params))
                    }) =>
            {
                true
            }
            TypeExprKind::Named(q) => {
                if q.is_simple() && params.contains(&q.last().ident) {
                    return bind(b, &q.last().ident, TArg::Type(ty.clone()));
                }
                if let (true, Some(pargs)) = (q.parts.len() == 1, &q.last().template_args) {
                    if params.contains(&q.last().ident) {
                        // `C<T...>` with `C` a template template parameter:
                        // `C` is the template `ty` instantiates.
                        let Ty::Class(c) = ty else { return false };
                        let Some((tdecl, targs)) = self.class(*c).template.clone() else {
                            return false;
                        };
                        let tctx = self.class(*c).ctx;
                        let tenv = self.class(*c).env.parent.clone().unwrap_or_default();
                        let Some(t) = self.template_name_arg(&Entity::Class(tdecl, tctx, tenv))
                        else {
                            return false;
                        };
                        if !bind(b, &q.last().ident, t) {
                            return false;
                        }
                        let flat = flatten(&targs);
                        let n = pargs.len().min(flat.len());
                        let has_pack = pargs
                            .iter()
                            .any(|a| matches!(a, TemplateArg::PackExpansion(_)));
                        let args = if has_pack { &flat[..] } else { &flat[..n] };
                        return self.match_template_args(pargs, args, params, ctx, env, b);
                    }
                }
                if let Some(pargs) = &q.last().template_args {
                    // The template named, looked up once.
                    let mut head = q.clone();
                    head.parts.last_mut().expect("part").template_args = None;
                    let e = Env {
                        using_dirs: Vec::new(),
                        entities: Vec::new(),
                        bindings: vec![],
                        parent: Some(env.clone()),
                    };
                    let es = match self.lookup_qualified(&head, ctx, &e, &mut vec![]) {
                        Found::Entities(es) => es,
                        _ => vec![],
                    };
                    // An alias template is its target: `index_sequence<I...>`
                    // deduces as `integer_sequence<size_t, I...>`.
                    if let Some(found) =
                        self.match_through_alias(&es, pargs, ty, params, ctx, env, b)
                    {
                        return found;
                    }
                    // An alias template whose parameters its target does not
                    // deduce (`std::void_t<decltype(...)>`) or a class that
                    // is not an instance: a non-deduced context, compared
                    // once the parameters it names are known.
                    let is_alias = es.iter().any(|x| matches!(x, Entity::Alias(..)));
                    let instance = match ty {
                        Ty::Class(c) => self.class(*c).template.clone(),
                        _ => None,
                    };
                    // A class template's instance matches no other type;
                    // resolving the pattern with its parameters unbound
                    // would instantiate the template with errors.
                    let names_class_template = es.iter().any(|x| matches!(x, Entity::Class(..)));
                    if instance.is_none() && names_class_template && !is_alias {
                        return false;
                    }
                    let Some((tdecl, targs)) = instance.filter(|_| !is_alias) else {
                        let e = Env {
                            using_dirs: Vec::new(),
                            entities: Vec::new(),
                            bindings: b.clone(),
                            parent: Some(env.clone()),
                        };
                        return &self.resolve_type(pat, ctx, &e, &mut vec![]) == ty;
                    };
                    // `C<P...>` against an instance of C.
                    let same = es.iter().any(|x| match x {
                        Entity::Class(d, _, _) => Rc::ptr_eq(d, &tdecl),
                        Entity::ClassInst(ci) => self
                            .class(*ci)
                            .template
                            .as_ref()
                            .map(|(d, _)| Rc::ptr_eq(d, &tdecl))
                            .unwrap_or(false),
                        _ => false,
                    });
                    if !same {
                        return false;
                    }
                    let flat = flatten(&targs);
                    let has_pack = pargs
                        .iter()
                        .any(|a| matches!(a, TemplateArg::PackExpansion(_)));
                    if has_pack || pargs.len() >= flat.len() {
                        return self.match_template_args(pargs, &flat, params, ctx, env, b);
                    }
                    // `vector<T>` against `vector<int, allocator<int>>`: the
                    // arguments written deduce, then the pattern with its
                    // default arguments must name the same class.
                    if !self.match_template_args(pargs, &flat[..pargs.len()], params, ctx, env, b) {
                        return false;
                    }
                    let e = Env {
                        using_dirs: Vec::new(),
                        entities: Vec::new(),
                        bindings: b.clone(),
                        parent: Some(env.clone()),
                    };
                    return &self.resolve_type(pat, ctx, &e, &mut vec![]) == ty;
                }
                if !mentions_params(pat, params) {
                    let e = Env {
                        using_dirs: Vec::new(),
                        entities: Vec::new(),
                        bindings: b.clone(),
                        parent: Some(env.clone()),
                    };
                    let t = self.resolve_type(pat, ctx, &e, &mut vec![]);
                    return &t == ty;
                }
                false
            }
            // A non-deduced context: the argument converts to the type once
            // the parameters are known (`decltype(&T::f) = nullptr`).
            TypeExprKind::Decltype { .. } | TypeExprKind::UnderlyingType(_) => true,
            // `R(A...)` against a function type (`std::function<int(int)>`).
            TypeExprKind::Function(ret_pat, param_pats, variadic_pat) => {
                let Ty::Function {
                    ret,
                    params: arg_params,
                    variadic,
                } = ty
                else {
                    return false;
                };
                if variadic != variadic_pat || !self.match_type(ret_pat, ret, params, ctx, env, b) {
                    return false;
                }
                let mut rest = arg_params.as_slice();
                for (k, p) in param_pats.iter().enumerate() {
                    if p.pack {
                        // A trailing pack `A...` takes the remaining parameter types.
                        let TypeExprKind::Named(q) = &p.ty.kind else {
                            return false;
                        };
                        if k + 1 != param_pats.len()
                            || !q.is_simple()
                            || !params.contains(&q.last().ident)
                        {
                            return false;
                        }
                        let elems = rest.iter().map(|t| TArg::Type(t.clone())).collect();
                        return bind(b, &q.last().ident, TArg::Pack(elems));
                    }
                    let Some((first, tail)) = rest.split_first() else {
                        return false;
                    };
                    if !self.match_type(&p.ty, first, params, ctx, env, b) {
                        return false;
                    }
                    rest = tail;
                }
                rest.is_empty()
            }
            // `T C::*` and `R (C::*)(A...) const` against a member pointer:
            // the class deduces as a class type, the member as its type; a
            // pattern's `const` on a member function must be the type's.
            TypeExprKind::MemberPointer(class_pat, member_pat) => {
                let Ty::MemberPtr {
                    class,
                    member,
                    const_method,
                } = ty
                else {
                    return false;
                };
                let function_pat = matches!(member_pat.kind, TypeExprKind::Function(..));
                if function_pat && member_pat.is_const != *const_method {
                    return false;
                }
                let class_pat = TypeExpr::plain(TypeExprKind::Named(class_pat.clone()), pat.span);
                self.match_type(&class_pat, &Ty::Class(*class), params, ctx, env, b)
                    && self.match_type(member_pat, member, params, ctx, env, b)
            }
            TypeExprKind::Pointer(inner) => match ty {
                Ty::Ptr {
                    pointee,
                    pointee_const,
                    ..
                } => {
                    if *pointee_const {
                        self.deduce_from_const(inner, pointee, params, ctx, env, b)
                    } else {
                        self.match_type(inner, pointee, params, ctx, env, b)
                    }
                }
                _ => false,
            },
            TypeExprKind::LRef(inner) => match ty {
                Ty::LRef(t, true) => self.deduce_from_const(inner, t, params, ctx, env, b),
                Ty::LRef(t, false) => self.match_type(inner, t, params, ctx, env, b),
                _ => false,
            },
            TypeExprKind::RRef(inner) => match ty {
                Ty::RRef(t) => self.match_type(inner, t, params, ctx, env, b),
                _ => false,
            },
            // `T (&)[N]` deduces the bound too.
            TypeExprKind::Array(inner, size) => match ty {
                Ty::Array(t, n) => {
                    self.match_extent(size.as_deref(), *n, params, ctx, env, b)
                        && self.match_type(inner, t, params, ctx, env, b)
                }
                _ => false,
            },
            _ => {
                let e = Env {
                    using_dirs: Vec::new(),
                    entities: Vec::new(),
                    bindings: b.clone(),
                    parent: Some(env.clone()),
                };
                let t = self.resolve_type(pat, ctx, &e, &mut vec![]);
                &t == ty
            }
        }
    }

    /// Deduces `pat` from `ty` qualified `const` (the pointee of a `const
    /// X*`, what a `const X&` refers to): a plain parameter `T` is `const
    /// X`, and an array's elements carry its const (`T (&)[N]` from a
    /// `const float (&)[4]` deduces `T = const float`).
    fn deduce_from_const(
        &mut self,
        pat: &TypeExpr,
        ty: &Ty,
        params: &[Rc<str>],
        ctx: Ctx,
        env: &Rc<Env>,
        b: &mut Vec<(Rc<str>, TArg)>,
    ) -> bool {
        if !pat.is_const {
            match (&pat.kind, ty) {
                (TypeExprKind::Named(q), _)
                    if q.is_simple() && params.contains(&q.last().ident) =>
                {
                    return bind(b, &q.last().ident, TArg::ConstType(ty.clone()));
                }
                (TypeExprKind::Array(inner, size), Ty::Array(t, n)) => {
                    return self.match_extent(size.as_deref(), *n, params, ctx, env, b)
                        && self.deduce_from_const(inner, t, params, ctx, env, b);
                }
                _ => {}
            }
        }
        self.match_type(pat, ty, params, ctx, env, b)
    }

    /// The bound `size` of an array pattern against an array of `n`
    /// elements: a parameter (`T[N]`) deduces it; a constant must equal
    /// it; `T[]` takes only an array of unknown bound (`n` = 0).
    fn match_extent(
        &mut self,
        size: Option<&crate::front::ast::Expr>,
        n: u64,
        params: &[Rc<str>],
        ctx: Ctx,
        env: &Rc<Env>,
        b: &mut Vec<(Rc<str>, TArg)>,
    ) -> bool {
        let Some(size) = size else {
            return n == 0;
        };
        if let crate::front::ast::ExprKind::Name(q) = &size.kind {
            if q.is_simple() && params.contains(&q.last().ident) {
                return bind(b, &q.last().ident, TArg::Value(n as i128));
            }
        }
        let e = binding_env(b.clone(), env.clone());
        // A bound that depends on parameters not deduced yet is checked
        // when the arguments are substituted.
        self.const_eval_ast(size, ctx, &e)
            .is_none_or(|v| v == n as i128)
    }

    /// `A<P...>` with `A` an alias template, against `ty`: the alias's
    /// target deduces the alias's own parameters, whose values then match
    /// the pattern's arguments. None when `A` is no alias template or its
    /// target leaves a parameter undeduced (the caller compares instead).
    #[allow(clippy::too_many_arguments)]
    fn match_through_alias(
        &mut self,
        entities: &[Entity],
        pargs: &[TemplateArg],
        ty: &Ty,
        params: &[Rc<str>],
        ctx: Ctx,
        env: &Rc<Env>,
        b: &mut Vec<(Rc<str>, TArg)>,
    ) -> Option<bool> {
        let (alias, actx, aenv) = entities.iter().find_map(|e| match e {
            Entity::Alias(a, actx, aenv) if a.template.is_some() => {
                Some((a.clone(), *actx, aenv.clone()))
            }
            _ => None,
        })?;
        let header = alias.template.as_ref()?;
        // `template <class...> using void_t = void`: nothing to deduce.
        let alias_params: Vec<Rc<str>> = header
            .params
            .iter()
            .map(|p| p.name.clone())
            .collect::<Option<_>>()?;
        let mut deduced = vec![];
        if !self.match_type(&alias.ty, ty, &alias_params, actx, &aenv, &mut deduced) {
            return Some(false);
        }
        let mut values = vec![];
        for name in &alias_params {
            match deduced
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())?
            {
                TArg::Pack(elems) => values.extend(elems),
                v => values.push(v),
            }
        }
        Some(self.match_template_args(pargs, &values, params, ctx, env, b))
    }

    /// Deduce the template arguments of a call to function template `f`
    /// from explicit arguments and call argument types (lvalue-ness given).
    pub(crate) fn deduce_call(
        &mut self,
        f: &Rc<FunctionDecl>,
        ctx: Ctx,
        env: &Rc<Env>,
        explicit: &[TArg],
        args: &[(Ty, bool)],
    ) -> Option<Vec<TArg>> {
        self.deduce_call_from(f, ctx, env, explicit, args, vec![])
    }

    /// `deduce_call` with the parameters in `known` already deduced.
    pub(crate) fn deduce_call_from(
        &mut self,
        f: &Rc<FunctionDecl>,
        ctx: Ctx,
        env: &Rc<Env>,
        explicit: &[TArg],
        args: &[(Ty, bool)],
        known: Vec<(Rc<str>, TArg)>,
    ) -> Option<Vec<TArg>> {
        let th = f.template.as_ref()?;
        let params: Vec<Rc<str>> = th.params.iter().filter_map(|p| p.name.clone()).collect();
        let mut b: Vec<(Rc<str>, TArg)> = known;
        let has_pack = th.params.iter().any(|p| is_pack(&p.kind));
        if !has_pack && explicit.len() > th.params.len() {
            return None;
        }
        for (i, p) in th.params.iter().enumerate() {
            if is_pack(&p.kind) {
                // Explicit arguments from here on belong to the pack.
                if let (Some(n), true) = (&p.name, explicit.len() > i) {
                    b.push((n.clone(), TArg::Pack(explicit[i..].to_vec())));
                }
                break;
            }
            if let Some(a) = explicit.get(i) {
                // A type for a non-type parameter, or a value for a type
                // one: the template is not a candidate.
                let fits = match (&p.kind, a) {
                    (TemplateParamKind::Type { .. }, TArg::Type(_) | TArg::ConstType(_)) => true,
                    (TemplateParamKind::Type { .. }, _) => false,
                    (TemplateParamKind::NonType { .. }, TArg::Type(_) | TArg::ConstType(_)) => {
                        false
                    }
                    _ => true,
                };
                if !fits {
                    return None;
                }
                if let Some(n) = &p.name {
                    b.push((n.clone(), a.clone()));
                }
            }
        }
        // Explicit arguments are substituted before deduction: a parameter
        // whose type names only those is not deduced from, and its argument
        // converts to it (`std::min<long long>(x, 3u)`).
        let deducible: Vec<Rc<str>> = params
            .iter()
            .filter(|n| !b.iter().any(|(bn, _)| bn == *n))
            .cloned()
            .collect();
        let mut next_arg = 0;
        for pd in &f.params {
            if pd.pack {
                // A pack of an enclosing class template (`const Done &...done`
                // in a member of `Split<Done...>`) is already known: it takes
                // as many arguments as it has elements, deduces nothing, and
                // may be followed by other parameters.
                if let Some(len) = enclosing_pack_len(&pd.ty, &params, env) {
                    next_arg += len;
                    continue;
                }
                // A function parameter pack takes the remaining arguments.
                let rest = &args[next_arg.min(args.len())..];
                next_arg = args.len();
                if !self.deduce_pack(pd, rest, &params, ctx, env, &mut b) {
                    return None;
                }
                continue;
            }
            let Some(arg) = args.get(next_arg) else { break };
            next_arg += 1;
            // A braced-init-list argument (typed `void` until a parameter
            // gives it one) is a non-deduced context ([temp.deduct.call]/1).
            if !mentions_params(&pd.ty, &deducible)
                || is_non_deduced(&pd.ty, &deducible)
                || arg.0 == Ty::Void
            {
                continue;
            }
            if !self.deduce_param(&pd.ty, arg, &params, ctx, env, &mut b) {
                // Template parameters it names only in non-deduced contexts
                // (`const R<std::remove_const_t<E>> &` with `E = T`) take
                // their defaults; then the parameter must match as a whole.
                let unbound: Vec<&TemplateParam> = th
                    .params
                    .iter()
                    .filter(|p| {
                        p.name.as_ref().is_some_and(|n| {
                            !b.iter().any(|(bn, _)| bn == n)
                                && mentions_params(&pd.ty, std::slice::from_ref(n))
                        })
                    })
                    .collect();
                if unbound.is_empty() {
                    return None;
                }
                for p in unbound {
                    let v = self.default_template_arg(p, ctx, env, &b)?;
                    b.push((p.name.clone()?, v));
                }
                if !self.deduce_param(&pd.ty, arg, &params, ctx, env, &mut b) {
                    return None;
                }
            }
        }
        // Order by parameter: deduced or explicit values, else defaults.
        let mut ordered = vec![];
        for p in &th.params {
            if let Some((_, a)) = p
                .name
                .as_ref()
                .and_then(|n| b.iter().find(|(bn, _)| bn == n))
            {
                ordered.push(a.clone());
                continue;
            }
            let v = self.default_template_arg(p, ctx, env, &b)?;
            if let Some(n) = &p.name {
                b.push((n.clone(), v.clone()));
            }
            ordered.push(v);
        }
        Some(ordered)
    }

    /// The default argument of template parameter `p` with the parameters
    /// in `b` known (an empty pack for a pack); None if it has none, or
    /// if substituting them fails (SFINAE).
    fn default_template_arg(
        &mut self,
        p: &TemplateParam,
        ctx: Ctx,
        env: &Rc<Env>,
        b: &[(Rc<str>, TArg)],
    ) -> Option<TArg> {
        let e = Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings: b.to_vec(),
            parent: Some(env.clone()),
        };
        // SFINAE: a non-type parameter whose type does not exist for
        // these arguments (`enable_if<false>::type`) removes the candidate.
        if let TemplateParamKind::NonType { ty, .. } = &p.kind {
            if self.resolve_type(ty, ctx, &e, &mut vec![]).is_error() {
                return None;
            }
        }
        Some(match &p.kind {
            TemplateParamKind::Type {
                default: Some(t), ..
            } => {
                // `typename E = T` keeps the `const` of a `const X` T.
                let arg = self.type_binding(t, ctx, &e, &mut vec![]);
                // SFINAE: `typename = enable_if_t<false>` removes the candidate.
                if matches!(&arg, TArg::Type(ty) if ty.is_error()) {
                    return None;
                }
                arg
            }
            TemplateParamKind::NonType {
                default: Some(x), ..
            } => TArg::Value(self.const_eval_ast(x, ctx, &Rc::new(e))?),
            TemplateParamKind::Template {
                default: Some(q), ..
            } => self.template_name_of(q, ctx, &e)?,
            k if is_pack(k) => TArg::Pack(vec![]),
            _ => return None,
        })
    }
}

/// A scope below `parent` that binds template parameter names only.
pub(crate) fn binding_env(bindings: Vec<(Rc<str>, TArg)>, parent: Rc<Env>) -> Rc<Env> {
    Rc::new(Env {
        using_dirs: Vec::new(),
        entities: Vec::new(),
        bindings,
        parent: Some(parent),
    })
}

/// `parent` with the parameters of `header` bound to `args`, in order.
pub(crate) fn bound_env(header: &TemplateHeader, args: &[TArg], parent: Rc<Env>) -> Rc<Env> {
    let bindings = header
        .params
        .iter()
        .zip(args)
        .filter_map(|(p, a)| Some((p.name.clone()?, a.clone())))
        .collect();
    binding_env(bindings, parent)
}

/// `parent` with each parameter of `header` bound to its dependent form
/// (`Ty::Param(i)`, `TArg::ValueParam(i)`), to resolve a signature as
/// declared; a template template parameter binds to its argument in `args`.
pub(crate) fn dependent_env(header: &TemplateHeader, args: &[TArg], parent: Rc<Env>) -> Rc<Env> {
    let bindings = header
        .params
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let arg = match p.kind {
                TemplateParamKind::Type { .. } => TArg::Type(Ty::Param(i as u32)),
                TemplateParamKind::NonType { .. } => TArg::ValueParam(i as u32),
                _ => args.get(i)?.clone(),
            };
            Some((p.name.clone()?, arg))
        })
        .collect();
    binding_env(bindings, parent)
}

pub(crate) fn is_pack(k: &TemplateParamKind) -> bool {
    matches!(
        k,
        TemplateParamKind::Type { pack: true, .. }
            | TemplateParamKind::NonType { pack: true, .. }
            | TemplateParamKind::Template { pack: true, .. }
    )
}

impl Sema {
    /// Deduce from one call argument (its type, and whether it is an
    /// lvalue) against parameter type `pty`: references match the referred
    /// type, values the decayed one, and a forwarding reference `T&&` makes
    /// `T` an lvalue reference for an lvalue.
    pub(super) fn deduce_param(
        &mut self,
        pty: &TypeExpr,
        (aty, lvalue): &(Ty, bool),
        params: &[Rc<str>],
        ctx: Ctx,
        env: &Rc<Env>,
        b: &mut Bindings,
    ) -> bool {
        // A braced list deduces no element of a parameter pack: the
        // candidate is not viable (`queue(const Args &...)` for `{sel, {p}}`).
        if *aty == Ty::Void {
            return false;
        }
        if let TypeExprKind::RRef(inner) = &pty.kind {
            if let TypeExprKind::Named(q) = &inner.kind {
                let forwarding =
                    *lvalue && !inner.is_const && q.is_simple() && params.contains(&q.last().ident);
                if forwarding {
                    let is_const = matches!(aty, Ty::LRef(_, true));
                    let r = Ty::LRef(Box::new(aty.non_ref().clone()), is_const);
                    return bind(b, &q.last().ident, TArg::Type(r));
                }
            }
        }
        let (pat, aty) = match &pty.kind {
            TypeExprKind::LRef(inner) => {
                // `T &` from a `const X` lvalue: `T` is `const X`; `T
                // (&)[N]` from a const array: `T` is its const element.
                if let Ty::LRef(t, true) = aty {
                    let takes_const = match &inner.kind {
                        TypeExprKind::Named(q) => q.is_simple() && params.contains(&q.last().ident),
                        TypeExprKind::Array(..) => true,
                        _ => false,
                    };
                    if takes_const && !inner.is_const {
                        return self.deduce_from_const(inner, t, params, ctx, env, b);
                    }
                }
                (inner.as_ref(), aty.non_ref().clone())
            }
            TypeExprKind::RRef(inner) => (inner.as_ref(), aty.non_ref().clone()),
            _ => (pty, decay_argument(aty)),
        };
        let before = b.clone();
        if self.match_type(pat, &aty, params, ctx, env, b) {
            return true;
        }
        // [temp.deduct.call]/4.3: a `B<T>` parameter also deduces from a
        // base class of a derived-class argument (`f(const Shape<S>&)`
        // called with a CRTP `Square`).
        let Ty::Class(c) = aty else { return false };
        let mut pending: Vec<ClassId> = vec![c];
        while let Some(cur) = pending.pop() {
            self.complete_class(cur);
            let bases: Vec<ClassId> = self.class(cur).bases.iter().map(|x| x.0).collect();
            for base in bases {
                *b = before.clone();
                if self.match_type(pat, &Ty::Class(base), params, ctx, env, b) {
                    return true;
                }
                pending.push(base);
            }
        }
        *b = before;
        false
    }

    /// Deduce the packs a function parameter pack (`Ts&&... args`) names
    /// from the arguments it takes, element by element.
    fn deduce_pack(
        &mut self,
        pd: &crate::front::ast::Param,
        args: &[(Ty, bool)],
        params: &[Rc<str>],
        ctx: Ctx,
        env: &Rc<Env>,
        b: &mut Bindings,
    ) -> bool {
        let names = pack_names(PatternNames::of_type(&pd.ty), params);
        // Packs given explicitly are not deduced again.
        if names.iter().any(|n| b.iter().any(|(bn, _)| bn == n)) {
            return true;
        }
        let packs = self.pack_elements(&names, args, b, |s, arg, bi| {
            s.deduce_param(&pd.ty, arg, params, ctx, env, bi)
        });
        match packs {
            Some(ps) => {
                b.extend(ps);
                true
            }
            None => false,
        }
    }
}

/// Bind `name` to `a`, or check that it is bound to exactly `a` (`const`
/// included): template arguments of one class agree exactly
/// (`is_same<T, T>` is not `is_same<const int, int>`).
fn bind_exact(b: &mut Vec<(Rc<str>, TArg)>, name: &Rc<str>, a: TArg) -> bool {
    match b.iter().find(|(n, _)| n == name) {
        Some((_, old)) => *old == a,
        None => {
            b.push((name.clone(), a));
            true
        }
    }
}

/// The length of the pack a function parameter pack's pattern `ty` expands
/// when that pack is not one of the function template's own `params` but
/// one bound in `env` (a pack of an enclosing class template).
fn enclosing_pack_len(ty: &TypeExpr, params: &[Rc<str>], env: &Env) -> Option<usize> {
    let names = PatternNames::of_type(ty);
    if names.0.iter().any(|n| params.contains(n)) {
        return None;
    }
    let packs = enclosing_packs(&names, params, env);
    packs.first().map(|(_, elems)| elems.len())
}

/// The packs a pattern mentions that are not among the template's own
/// `params` but bound in `env` (an enclosing class template's), with their
/// elements.
fn enclosing_packs(
    names: &PatternNames,
    params: &[Rc<str>],
    env: &Env,
) -> Vec<(Rc<str>, Vec<TArg>)> {
    names
        .0
        .iter()
        .filter(|n| !params.contains(n))
        .filter_map(|n| match env.get(n) {
            Some(TArg::Pack(elems)) => Some((n.clone(), elems.clone())),
            _ => None,
        })
        .collect()
}

/// The template parameters among the names a pack pattern mentions.
fn pack_names(names: PatternNames, params: &[Rc<str>]) -> Vec<Rc<str>> {
    names.0.into_iter().filter(|n| params.contains(n)).collect()
}

fn bind(b: &mut Vec<(Rc<str>, TArg)>, name: &Rc<str>, a: TArg) -> bool {
    if let Some((_, old)) = b.iter().find(|(n, _)| n == name) {
        // Objects are not tracked as const everywhere: `T` deduced as
        // `const X` and as `X` agree (the first stays).
        return match (old, &a) {
            (TArg::Type(x) | TArg::ConstType(x), TArg::Type(y) | TArg::ConstType(y)) => x == y,
            _ => *old == a,
        };
    }
    b.push((name.clone(), a));
    true
}

/// What an argument of type `aty` (`LRef` for an lvalue) passes by value
/// as: [`decay`]d, a const array to a pointer to its const elements.
fn decay_argument(aty: &Ty) -> Ty {
    if let Ty::LRef(a, true) = aty {
        if let Ty::Array(e, _) = &**a {
            return Ty::Ptr {
                pointee: e.clone(),
                pointee_const: true,
                space: None,
            };
        }
    }
    decay(aty.non_ref())
}

pub(crate) fn decay(t: &Ty) -> Ty {
    match t {
        Ty::Array(e, _) => Ty::ptr_to((**e).clone()),
        Ty::Function { .. } => Ty::ptr_to(t.clone()),
        t => t.clone(),
    }
}

fn targ_mentions_params(a: &TemplateArg, params: &[Rc<str>]) -> bool {
    match a {
        TemplateArg::Type(t) => mentions_params(t, params),
        TemplateArg::Expr(e) => {
            matches!(&e.kind, crate::front::ast::ExprKind::Name(q) if params.contains(&q.last().ident))
        }
        TemplateArg::PackExpansion(p) => targ_mentions_params(p, params),
    }
}

/// Does a syntactic type mention any of `params`?
/// Does `t` contain a `decltype(expr)` (which may name function parameters)?
pub(crate) fn mentions_decltype(t: &TypeExpr) -> bool {
    match &t.kind {
        TypeExprKind::Decltype { .. } => true,
        TypeExprKind::Named(q) => q.parts.iter().any(|p| {
            p.template_args.iter().flatten().any(|a| match a {
                TemplateArg::Type(t) => mentions_decltype(t),
                _ => false,
            })
        }),
        TypeExprKind::Pointer(i)
        | TypeExprKind::UnderlyingType(i)
        | TypeExprKind::LRef(i)
        | TypeExprKind::RRef(i)
        | TypeExprKind::Array(i, _) => mentions_decltype(i),
        _ => false,
    }
}

/// The names of `header`'s type parameters by position (`None` for the
/// others): what `dependent_member_spelling` spells parameters with.
pub(super) fn type_parameter_names(
    header: &crate::front::ast::TemplateHeader,
) -> Vec<Option<Rc<str>>> {
    header
        .params
        .iter()
        .map(|p| match p.kind {
            TemplateParamKind::Type { .. } => p.name.clone(),
            _ => None,
        })
        .collect()
}

/// A member of a type template parameter (`P::name`: two parts, no template
/// arguments) under `const`, pointers and references, spelled with the
/// parameter by position (`typename P::DTypeO *` as `$3::DTypeO*`): the
/// type such a declared parameter has before instantiation, as redeclarations
/// compare it and the mangler keys its substitutions. None for any other
/// type.
pub(super) fn dependent_member_spelling(
    t: &TypeExpr,
    type_params: &[Option<Rc<str>>],
) -> Option<String> {
    let constness = if t.is_const { "const " } else { "" };
    let inner = match &t.kind {
        TypeExprKind::Named(q)
            if q.parts.len() == 2 && q.parts.iter().all(|p| p.template_args.is_none()) =>
        {
            let param = type_params
                .iter()
                .position(|p| p.as_ref() == Some(&q.parts[0].ident))?;
            format!("${param}::{}", q.parts[1].ident)
        }
        TypeExprKind::Pointer(i) => format!("{}*", dependent_member_spelling(i, type_params)?),
        TypeExprKind::LRef(i) => format!("{}&", dependent_member_spelling(i, type_params)?),
        TypeExprKind::RRef(i) => format!("{}&&", dependent_member_spelling(i, type_params)?),
        _ => return None,
    };
    Some(format!("{constness}{inner}"))
}

/// Whether the parameters in `t` are in a non-deduced context ([temp.deduct.type]/5):
/// the type is, under pointers and references, a member of a template
/// instance (`typename X<T>::type`) or of a parameter being deduced
/// (`typename P::value_type`), or a standard `_t` alias of one
/// (`std::remove_all_extents_t<T>`); deduction learns nothing from it and
/// the argument converts to it once the parameters are known.
fn is_non_deduced(t: &TypeExpr, params: &[Rc<str>]) -> bool {
    match &t.kind {
        TypeExprKind::Named(q) => {
            let n = q.parts.len();
            q.parts[..n.saturating_sub(1)]
                .iter()
                .any(|p| p.template_args.is_some() || params.contains(&p.ident))
                || (n > 1
                    && &*q.parts[0].ident == "std"
                    && q.last().template_args.is_some()
                    && q.last().ident.ends_with("_t"))
        }
        TypeExprKind::Pointer(i) | TypeExprKind::LRef(i) | TypeExprKind::RRef(i) => {
            is_non_deduced(i, params)
        }
        _ => false,
    }
}

pub(crate) fn mentions_params(t: &TypeExpr, params: &[Rc<str>]) -> bool {
    match &t.kind {
        TypeExprKind::Named(q) => q.parts.iter().any(|p| {
            params.contains(&p.ident)
                || p.template_args
                    .as_ref()
                    .map(|a| a.iter().any(|x| targ_mentions_params(x, params)))
                    .unwrap_or(false)
        }),
        TypeExprKind::Array(i, n) => {
            let bound_is_param = matches!(
                n.as_deref().map(|n| &n.kind),
                Some(crate::front::ast::ExprKind::Name(q)) if params.contains(&q.last().ident)
            );
            bound_is_param || mentions_params(i, params)
        }
        TypeExprKind::Pointer(i)
        | TypeExprKind::UnderlyingType(i)
        | TypeExprKind::LRef(i)
        | TypeExprKind::RRef(i) => mentions_params(i, params),
        TypeExprKind::Function(r, ps, _) => {
            mentions_params(r, params) || ps.iter().any(|p| mentions_params(&p.ty, params))
        }
        // Whatever its operand names: resolved once the parameters are known.
        TypeExprKind::Decltype { .. } => true,
        _ => false,
    }
}

/// Whether a pattern `const T *` (at any pointer depth) stands where the
/// argument's pointee is not const: deduction allows that conversion for
/// function arguments, but a specialization must match its arguments
/// exactly (`S<const T *>` is not `S<float *>`).
fn drops_pointee_const(pats: &[TemplateArg], args: &[TArg]) -> bool {
    fn mismatch(pat: &TypeExpr, ty: &Ty) -> bool {
        match (&pat.kind, ty) {
            (
                TypeExprKind::Pointer(inner),
                Ty::Ptr {
                    pointee,
                    pointee_const,
                    ..
                },
            ) => (inner.is_const && !*pointee_const) || mismatch(inner, pointee),
            _ => false,
        }
    }
    pats.iter()
        .take_while(|p| !matches!(p, TemplateArg::PackExpansion(_)))
        .zip(args)
        .any(|(p, a)| match (p, a) {
            (TemplateArg::Type(t), TArg::Type(ty) | TArg::ConstType(ty)) => mismatch(t, ty),
            _ => false,
        })
}

/// How much of a specialization's argument patterns is fixed structure:
/// every type constructor, named type, template-id and expression counts
/// one; a bare template parameter (`T`, `Ts...`) counts nothing.
fn pattern_specificity(pats: &[TemplateArg], params: &[Rc<str>]) -> usize {
    pats.iter().map(|p| arg_specificity(p, params)).sum()
}

fn arg_specificity(arg: &TemplateArg, params: &[Rc<str>]) -> usize {
    match arg {
        TemplateArg::Type(t) => type_specificity(t, params),
        TemplateArg::PackExpansion(inner) => arg_specificity(inner, params),
        TemplateArg::Expr(e) => match &e.kind {
            crate::front::ast::ExprKind::Name(q)
                if q.is_simple() && params.contains(&q.last().ident) =>
            {
                0
            }
            _ => 1,
        },
    }
}

fn type_specificity(t: &TypeExpr, params: &[Rc<str>]) -> usize {
    let cv = usize::from(t.is_const) + usize::from(t.is_volatile);
    cv + match &t.kind {
        TypeExprKind::Named(q) if q.is_simple() && params.contains(&q.last().ident) => 0,
        TypeExprKind::Named(q) => {
            1 + q
                .parts
                .iter()
                .filter_map(|part| part.template_args.as_ref())
                .map(|args| pattern_specificity(args, params))
                .sum::<usize>()
        }
        TypeExprKind::Pointer(inner)
        | TypeExprKind::LRef(inner)
        | TypeExprKind::RRef(inner)
        | TypeExprKind::Array(inner, _) => 1 + type_specificity(inner, params),
        TypeExprKind::MemberPointer(class, inner) => {
            let class = TypeExpr::plain(TypeExprKind::Named(class.clone()), t.span);
            1 + type_specificity(&class, params) + type_specificity(inner, params)
        }
        TypeExprKind::Function(ret, ps, _) => {
            1 + type_specificity(ret, params)
                + ps.iter()
                    .map(|p| type_specificity(&p.ty, params))
                    .sum::<usize>()
        }
        _ => 1,
    }
}
