//! Templates: class template instantiation (with default arguments and
//! partial/explicit specializations), and template argument deduction for
//! function templates and specializations by matching syntactic patterns
//! against semantic types.

use super::lookup::Found;
use super::*;
use crate::front::ast::{
    ClassDecl, FunctionDecl, TemplateArg, TemplateHeader, TemplateParamKind, TypeExpr, TypeExprKind,
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
        let Some(th) = decl.template.clone() else {
            let key = (Rc::as_ptr(decl) as usize, vec![]);
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
        let key = (Rc::as_ptr(decl) as usize, args.clone());
        if let Some(c) = self.class_cache.get(&key) {
            return Some(*c);
        }
        let name = decl.name.clone().unwrap_or_else(|| Rc::from(""));
        // Partial / explicit specializations.
        let specs = match ctx {
            Ctx::Ns(n) => self.namespaces[n.0 as usize]
                .specializations
                .get(&name)
                .cloned()
                .unwrap_or_default(),
            _ => vec![],
        };
        let mut chosen: Option<(ClassInContext, Bindings)> = None;
        for (sd, sctx, senv) in specs {
            let Some(pats) = &sd.specialization_args else {
                continue;
            };
            let params: Vec<Rc<str>> = sd
                .template
                .as_ref()
                .map(|t| t.params.iter().filter_map(|p| p.name.clone()).collect())
                .unwrap_or_default();
            let mut bindings = vec![];
            if pats.len() != args.len() {
                continue;
            }
            let ok = pats
                .iter()
                .zip(args.iter())
                .all(|(p, a)| self.match_template_arg(p, a, &params, sctx, &senv, &mut bindings));
            if ok && params.iter().all(|p| bindings.iter().any(|(n, _)| n == p)) {
                // Prefer the specialization with fewer free parameters.
                if chosen
                    .as_ref()
                    .map(|c| c.1.len() > bindings.len())
                    .unwrap_or(true)
                {
                    chosen = Some(((sd.clone(), sctx, senv.clone()), bindings));
                }
            }
        }
        let (body_decl, benv) = match chosen {
            Some(((sd, _, senv), bindings)) => (
                sd,
                Rc::new(Env {
                    bindings,
                    parent: Some(senv),
                }),
            ),
            None => {
                let bindings = th
                    .params
                    .iter()
                    .zip(args.iter())
                    .filter_map(|(p, a)| p.name.clone().map(|n| (n, a.clone())))
                    .collect();
                (
                    decl.clone(),
                    Rc::new(Env {
                        bindings,
                        parent: Some(env.clone()),
                    }),
                )
            }
        };
        let id = self.new_class(
            name,
            Some(body_decl.clone()),
            Some((decl.clone(), args)),
            ctx,
            benv,
        );
        self.class_cache.insert(key, id);
        self.register_class_members(id, &body_decl, &mut vec![]);
        Some(id)
    }

    /// Append default template arguments; diagnose missing ones.
    pub(crate) fn complete_template_args(
        &mut self,
        th: &TemplateHeader,
        mut args: Vec<TArg>,
        ctx: Ctx,
        env: &Rc<Env>,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Vec<TArg>> {
        let has_pack = th.params.iter().any(|p| {
            matches!(
                p.kind,
                TemplateParamKind::Type { pack: true, .. }
                    | TemplateParamKind::NonType { pack: true, .. }
            )
        });
        if args.len() > th.params.len() && !has_pack {
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
            let bindings: Vec<(Rc<str>, TArg)> = th
                .params
                .iter()
                .zip(args.iter())
                .filter_map(|(p, a)| p.name.clone().map(|n| (n, a.clone())))
                .collect();
            let e = Env {
                bindings,
                parent: Some(env.clone()),
            };
            match &p.kind {
                TemplateParamKind::Type {
                    default: Some(t), ..
                } => args.push(TArg::Type(self.resolve_type(t, ctx, &e, diags))),
                TemplateParamKind::NonType {
                    default: Some(x), ..
                } => match self.const_eval_ast(x, ctx, &Rc::new(e)) {
                    Some(v) => args.push(TArg::Value(v)),
                    None => return None,
                },
                TemplateParamKind::Type { pack: true, .. }
                | TemplateParamKind::NonType { pack: true, .. } => break,
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
                        return bind(b, &q.last().ident, arg.clone());
                    }
                }
                match arg {
                    TArg::Type(at) => self.match_type(t, at, params, ctx, env, b),
                    TArg::Value(v) => {
                        // A value pattern parsed as a type (a constant's name).
                        let e = Env {
                            bindings: b.clone(),
                            parent: Some(env.clone()),
                        };
                        matches!(self.resolve_template_args(std::slice::from_ref(pat), ctx, &e, &mut vec![]).first(), Some(TArg::Value(x)) if x == v)
                    }
                    TArg::ValueParam(_) => false,
                }
            }
            (TemplateArg::Expr(e), TArg::Value(v)) => {
                if let crate::front::ast::ExprKind::Name(q) = &e.kind {
                    if q.is_simple() && params.contains(&q.last().ident) {
                        return bind(b, &q.last().ident, arg.clone());
                    }
                }
                let ev = Env {
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
            TypeExprKind::Named(q) => {
                if q.is_simple() && params.contains(&q.last().ident) {
                    return bind(b, &q.last().ident, TArg::Type(ty.clone()));
                }
                if let Some(pargs) = &q.last().template_args {
                    // `C<P...>` against an instance of C.
                    let Ty::Class(c) = ty else { return false };
                    let Some((tdecl, targs)) = self.class(*c).template.clone() else {
                        return false;
                    };
                    let mut head = q.clone();
                    head.parts.last_mut().expect("part").template_args = None;
                    let e = Env {
                        bindings: vec![],
                        parent: Some(env.clone()),
                    };
                    let found = self.lookup_qualified(&head, ctx, &e, &mut vec![]);
                    let Found::Entities(es) = found else {
                        return false;
                    };
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
                    if !same || pargs.len() > targs.len() {
                        return false;
                    }
                    return pargs
                        .iter()
                        .zip(targs.iter())
                        .all(|(p, a)| self.match_template_arg(p, a, params, ctx, env, b));
                }
                if !mentions_params(pat, params) {
                    let e = Env {
                        bindings: b.clone(),
                        parent: Some(env.clone()),
                    };
                    let t = self.resolve_type(pat, ctx, &e, &mut vec![]);
                    return &t == ty;
                }
                false
            }
            TypeExprKind::Pointer(inner) => match ty {
                Ty::Ptr { pointee, .. } => self.match_type(inner, pointee, params, ctx, env, b),
                _ => false,
            },
            TypeExprKind::LRef(inner) => match ty {
                Ty::LRef(t, _) => self.match_type(inner, t, params, ctx, env, b),
                _ => false,
            },
            TypeExprKind::RRef(inner) => match ty {
                Ty::RRef(t) => self.match_type(inner, t, params, ctx, env, b),
                _ => false,
            },
            TypeExprKind::Array(inner, _) => match ty {
                Ty::Array(t, _) => self.match_type(inner, t, params, ctx, env, b),
                _ => false,
            },
            _ => {
                let e = Env {
                    bindings: b.clone(),
                    parent: Some(env.clone()),
                };
                let t = self.resolve_type(pat, ctx, &e, &mut vec![]);
                &t == ty
            }
        }
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
        let th = f.template.as_ref()?;
        let params: Vec<Rc<str>> = th.params.iter().filter_map(|p| p.name.clone()).collect();
        let mut b: Vec<(Rc<str>, TArg)> = vec![];
        for (p, a) in th.params.iter().zip(explicit.iter()) {
            if let Some(n) = &p.name {
                b.push((n.clone(), a.clone()));
            }
        }
        for (pd, (aty, _lv)) in f.params.iter().zip(args.iter()) {
            if !mentions_params(&pd.ty, &params) {
                continue;
            }
            let (pat, aty) = match &pd.ty.kind {
                TypeExprKind::LRef(inner) => (inner.as_ref(), aty.non_ref().clone()),
                TypeExprKind::RRef(inner) => (inner.as_ref(), aty.non_ref().clone()),
                _ => (&pd.ty, decay(aty.non_ref())),
            };
            if !self.match_type(pat, &aty, &params, ctx, env, &mut b) {
                return None;
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
            let e = Env {
                bindings: b.clone(),
                parent: Some(env.clone()),
            };
            // SFINAE: a non-type parameter whose type does not exist for
            // these arguments (`enable_if<false>::type`) removes the candidate.
            if let TemplateParamKind::NonType { ty, .. } = &p.kind {
                if self.resolve_type(ty, ctx, &e, &mut vec![]).is_error() {
                    return None;
                }
            }
            let v = match &p.kind {
                TemplateParamKind::Type {
                    default: Some(t), ..
                } => TArg::Type(self.resolve_type(t, ctx, &e, &mut vec![])),
                TemplateParamKind::NonType {
                    default: Some(x), ..
                } => TArg::Value(self.const_eval_ast(x, ctx, &Rc::new(e))?),
                TemplateParamKind::Type { pack: true, .. }
                | TemplateParamKind::NonType { pack: true, .. } => break,
                _ => {
                    return None;
                }
            };
            if let Some(n) = &p.name {
                b.push((n.clone(), v.clone()));
            }
            ordered.push(v);
        }
        Some(ordered)
    }
}

fn bind(b: &mut Vec<(Rc<str>, TArg)>, name: &Rc<str>, a: TArg) -> bool {
    if let Some((_, old)) = b.iter().find(|(n, _)| n == name) {
        return *old == a;
    }
    b.push((name.clone(), a));
    true
}

pub(crate) fn decay(t: &Ty) -> Ty {
    match t {
        Ty::Array(e, _) => Ty::ptr_to((**e).clone()),
        Ty::Function { .. } => Ty::ptr_to(t.clone()),
        t => t.clone(),
    }
}

/// Does a syntactic type mention any of `params`?
pub(crate) fn mentions_params(t: &TypeExpr, params: &[Rc<str>]) -> bool {
    match &t.kind {
        TypeExprKind::Named(q) => q.parts.iter().any(|p| {
            params.contains(&p.ident)
                || p.template_args.as_ref().map(|a| {
                    a.iter().any(|x| match x {
                        TemplateArg::Type(t) => mentions_params(t, params),
                        TemplateArg::Expr(e) => matches!(&e.kind, crate::front::ast::ExprKind::Name(q) if params.contains(&q.last().ident)),
                    })
                }).unwrap_or(false)
        }),
        TypeExprKind::Pointer(i) | TypeExprKind::LRef(i) | TypeExprKind::RRef(i) | TypeExprKind::Array(i, _) => mentions_params(i, params),
        TypeExprKind::Function(r, ps, _) => mentions_params(r, params) || ps.iter().any(|p| mentions_params(&p.ty, params)),
        _ => false,
    }
}
