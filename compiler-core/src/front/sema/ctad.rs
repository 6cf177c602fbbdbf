//! Class template argument deduction (C++17 [over.match.class.deduct]):
//! `sycl::buffer b{v};`, `accessor a{b, h, read_only};`, `range{n}`. The
//! candidates are the class template's deduction guides, each treated as a
//! function template whose return type is the deduced specialization, and
//! chosen by ordinary overload resolution. Besides the written guides, each
//! constructor of the primary template implies one: its parameters, the
//! class template's parameters (then the constructor's own), and the class
//! specialization named by those parameters as the result.

use super::overload::{free_candidates, Candidate};
use super::thir::Expr as TExpr;
use super::*;
use crate::front::ast::{self as a, TypeExprKind};

/// `name<P1, P2, Ps...>`: the specialization of class template `name`
/// (with template header `header`) named by its own parameters, as a guide
/// returns it. `None` when a parameter is unnamed.
fn specialization_of_own_params(
    header: &a::TemplateHeader,
    name: &Rc<str>,
    span: Span,
) -> Option<a::QualName> {
    let named = |ident: &Rc<str>| a::QualName::simple(ident.clone(), span);
    let args = header
        .params
        .iter()
        .map(|p| {
            let pname = p.name.clone()?;
            let arg = match p.kind {
                a::TemplateParamKind::NonType { .. } => a::TemplateArg::Expr(a::Expr {
                    kind: a::ExprKind::Name(named(&pname)),
                    span,
                }),
                _ => a::TemplateArg::Type(a::TypeExpr::plain(
                    TypeExprKind::Named(named(&pname)),
                    span,
                )),
            };
            Some(if super::templates::is_pack(&p.kind) {
                a::TemplateArg::PackExpansion(Box::new(arg))
            } else {
                arg
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let mut result = named(name);
    result.parts[0].template_args = Some(args);
    Some(result)
}

/// The guide a constructor `ctor` of class template `class` implies.
fn implicit_guide(class: &a::ClassDecl, ctor: &a::FunctionDecl) -> Option<a::FunctionDecl> {
    let header = class.template.as_ref()?;
    let name = class.name.clone()?;
    let span = ctor.span;
    let result = specialization_of_own_params(header, &name, span)?;
    // Inside the class the injected-class-name `name` means the
    // specialization; the guide lives outside, so it must say so.
    let ctor_params = ctor
        .params
        .iter()
        .map(|p| a::Param {
            ty: name_specialization(&p.ty, &name, &result),
            ..p.clone()
        })
        .collect();
    let mut params = header.params.clone();
    if let Some(own) = &ctor.template {
        params.extend(own.params.iter().cloned());
    }
    Some(a::FunctionDecl {
        name: a::QualName::simple(name.clone(), span),
        kind: a::FunctionKind::Normal,
        template: Some(a::TemplateHeader {
            params,
            requires: a::conjoin(
                header.requires.clone(),
                ctor.template.as_ref().and_then(|t| t.requires.clone()),
            ),
            span: header.span,
        }),
        ret: a::TypeExpr::plain(TypeExprKind::Named(result), span),
        trailing_return: true,
        params: ctor_params,
        ctor_inits: vec![],
        body: None,
        ..ctor.clone()
    })
}

/// The aggregate deduction candidate of class template `class` for a
/// braced list of `n` elements (C++20 [over.match.class.deduct]/1.8): a
/// guide whose parameters are the aggregate's elements, its bases then its
/// non-static data members (a base pack expansion `Ts...` a parameter
/// pack), and whose result is the specialization they name. None for a
/// class that is no aggregate (it declares constructors or virtual
/// functions) or whose elements it cannot list.
fn aggregate_guide(class: &a::ClassDecl, n: usize) -> Option<a::FunctionDecl> {
    let header = class.template.as_ref()?;
    let name = class.name.clone()?;
    let span = class.span;
    let mut params = vec![];
    for b in &class.bases {
        if b.is_virtual {
            return None;
        }
        params.push(a::Param {
            name: None,
            ty: b.ty.clone(),
            pack: b.pack,
            default: None,
            span,
        });
    }
    for m in class.members.iter().flatten() {
        match &m.decl {
            a::Decl::Function(f) if f.kind == a::FunctionKind::Constructor || f.is_virtual => {
                return None;
            }
            a::Decl::Var(v) if !v.is_static && v.bit_width.is_none() => params.push(a::Param {
                name: None,
                ty: v.ty.clone(),
                pack: false,
                default: None,
                span,
            }),
            a::Decl::Class(c) if c.name.is_none() => return None,
            _ => {}
        }
    }
    // A pack takes what the others leave only as the last element; the
    // elements after the list's are left to their defaults (not deduced).
    let packs = params.iter().filter(|p| p.pack).count();
    if packs > 1 || params.iter().rev().skip(1).any(|p| p.pack) {
        return None;
    }
    if packs == 0 {
        if n > params.len() {
            return None;
        }
        params.truncate(n);
    }
    let result = specialization_of_own_params(header, &name, span)?;
    let params = params
        .into_iter()
        .map(|p| a::Param {
            ty: name_specialization(&p.ty, &name, &result),
            ..p
        })
        .collect();
    Some(a::FunctionDecl {
        template: Some(header.clone()),
        trailing_return: true,
        is_inline: true,
        ..crate::front::ast_build::function_decl(
            a::QualName::simple(name.clone(), span),
            a::TypeExpr::plain(TypeExprKind::Named(result), span),
            params,
            None,
            span,
        )
    })
}

/// `t` with each use of the injected-class-name `name` (the bare name,
/// without template arguments) replaced by `specialization`.
fn name_specialization(t: &a::TypeExpr, name: &str, specialization: &a::QualName) -> a::TypeExpr {
    let wrap = |inner: &a::TypeExpr| Box::new(name_specialization(inner, name, specialization));
    let kind = match &t.kind {
        TypeExprKind::Named(q)
            if q.parts.len() == 1
                && q.last().template_args.is_none()
                && &*q.last().ident == name =>
        {
            TypeExprKind::Named(specialization.clone())
        }
        TypeExprKind::Pointer(inner) => TypeExprKind::Pointer(wrap(inner)),
        TypeExprKind::UnderlyingType(inner) => TypeExprKind::UnderlyingType(wrap(inner)),
        TypeExprKind::LRef(inner) => TypeExprKind::LRef(wrap(inner)),
        TypeExprKind::RRef(inner) => TypeExprKind::RRef(wrap(inner)),
        TypeExprKind::Array(inner, n) => TypeExprKind::Array(wrap(inner), n.clone()),
        other => other.clone(),
    };
    a::TypeExpr { kind, ..t.clone() }
}

/// The name under which the guides of class template `name` are declared
/// in its scope (not an identifier, so no user name collides).
fn guide_key(name: &str) -> Rc<str> {
    Rc::from(format!("<deduction guide for {name}>"))
}

impl Sema {
    /// Declare a deduction guide as a function template named by [`guide_key`].
    pub(super) fn declare_deduction_guide(
        &mut self,
        g: &a::DeductionGuide,
        ctx: Ctx,
        env: &Rc<Env>,
    ) {
        let decl = Rc::new(a::FunctionDecl {
            template: g.template.clone(),
            trailing_return: true,
            variadic: g.variadic,
            is_inline: true,
            is_explicit: g.is_explicit,
            ..crate::front::ast_build::function_decl(
                a::QualName::simple(g.name.clone(), g.span),
                g.result.clone(),
                g.params.clone(),
                None,
                g.span,
            )
        });
        self.add_member(
            ctx,
            guide_key(&g.name),
            Entity::Function(decl, ctx, env.clone()),
        );
    }

    /// Is `f` a guide a constructor implies (not a written one)?
    pub(crate) fn is_implicit_guide(&self, f: &Rc<a::FunctionDecl>) -> bool {
        self.implicit_guide_decls
            .contains(&(Rc::as_ptr(f) as usize))
    }

    /// The guides the constructors of class template `decl` imply.
    fn implicit_guides_of(&mut self, decl: &Rc<a::ClassDecl>) -> Vec<Rc<a::FunctionDecl>> {
        let key = Rc::as_ptr(decl) as usize;
        if let Some(g) = self.implicit_guides.get(&key) {
            return g.clone();
        }
        let guides: Vec<Rc<a::FunctionDecl>> = decl
            .members
            .iter()
            .flatten()
            .filter_map(|m| match &m.decl {
                a::Decl::Function(f) if f.kind == a::FunctionKind::Constructor && !f.deleted => {
                    implicit_guide(decl, f).map(Rc::new)
                }
                _ => None,
            })
            .collect();
        self.implicit_guide_decls
            .extend(guides.iter().map(|g| Rc::as_ptr(g) as usize));
        self.implicit_guides.insert(key, guides.clone());
        guides
    }

    /// Whether the type `t` is a class template named without arguments
    /// (a placeholder for a deduced class type).
    pub(crate) fn is_deduced_class_placeholder(
        &mut self,
        t: &a::TypeExpr,
        ctx: Ctx,
        env: &Env,
    ) -> bool {
        let TypeExprKind::Named(q) = &t.kind else {
            return false;
        };
        if q.last().template_args.is_some() {
            return false;
        }
        self.lookup_qualified_entities(q, ctx, env)
            .iter()
            .any(|e| matches!(e, Entity::Class(d, ..) if d.template.is_some()))
    }

    /// The specialization of the class template `t` names, deduced from
    /// the initializer's arguments through its deduction guides.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn deduce_class_type(
        &mut self,
        t: &a::TypeExpr,
        args: &[TExpr],
        braced: bool,
        ctx: Ctx,
        env: &Env,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Ty {
        let TypeExprKind::Named(q) = &t.kind else {
            return Ty::Error;
        };
        let name = q.last().ident.clone();
        // The copy deduction candidate ([over.match.class.deduct]): one
        // argument of a specialization of the template deduces that
        // specialization (`host_accessor h2 = h1;`).
        if let [arg] = args {
            let inner = match &arg.ty {
                Ty::LRef(t, _) | Ty::RRef(t) => &**t,
                t => t,
            };
            if let Ty::Class(c) = inner {
                if let Some((template, _)) = self.class(*c).template.clone() {
                    let same = self
                        .lookup_qualified_entities(q, ctx, env)
                        .into_iter()
                        .any(|e| matches!(e, Entity::Class(d, ..) if Rc::ptr_eq(&d, &template)));
                    if same {
                        return Ty::Class(*c);
                    }
                }
            }
        }
        let mut guides = q.clone();
        if let Some(last) = guides.parts.last_mut() {
            last.ident = guide_key(&name);
        }
        let mut cands = free_candidates(self.lookup_qualified_entities(&guides, ctx, env));
        for e in self.lookup_qualified_entities(q, ctx, env) {
            if let Entity::Class(decl, cctx, cenv) = e {
                for g in self.implicit_guides_of(&decl) {
                    cands.push(Candidate {
                        decl: g,
                        ctx: cctx,
                        env: cenv.clone(),
                        class: None,
                    });
                }
                // C++20: a braced list of an aggregate also deduces from
                // its elements (`overloaded{l1, l2}` without a guide).
                if braced && cands.is_empty() {
                    let key = (Rc::as_ptr(&decl) as usize, args.len());
                    let guide = match self.aggregate_guides.get(&key) {
                        Some(g) => Some(g.clone()),
                        None => aggregate_guide(&decl, args.len()).map(|g| {
                            let g = Rc::new(g);
                            self.implicit_guide_decls.insert(Rc::as_ptr(&g) as usize);
                            self.aggregate_guides.insert(key, g.clone());
                            g
                        }),
                    };
                    if let Some(g) = guide {
                        cands.push(Candidate {
                            decl: g,
                            ctx: cctx,
                            env: cenv.clone(),
                            class: None,
                        });
                    }
                }
            }
        }
        if cands.is_empty() {
            diags.push(Diagnostic::error(
                span,
                format!("cannot deduce the template arguments of '{name}': it has no deduction guides (write the arguments, e.g. '{name}<...>')"),
            ));
            return Ty::Error;
        }
        let what = format!("deduction guide for '{name}'");
        match self.resolve_overload(&cands, &[], args, &what, span, diags) {
            Some(f) => self.func(f).ret.clone(),
            None => Ty::Error,
        }
    }
}
