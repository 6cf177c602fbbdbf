//! Declared types of a function template's signature that compute with its
//! parameters in expressions (`std::enable_if_t<std::is_integral_v<T>, T>`,
//! `std::conditional_t<(sizeof(T) > 4), double, float>`, `decltype(x +
//! 1)`): the host compilers mangle such a type as written, alias templates
//! expanded, each expression as `X <expression> E`, so the key of a kernel
//! in such a template is that spelling, not a resolved type.
//!
//! Parts of the type that compute with no parameter are resolved and
//! mangled as any type is, so they share the substitution candidates the
//! rest of the signature registers. A construct not modelled here (calls,
//! members of objects, packs) leaves the type to the resolved form.

use super::*;
use crate::front::ast::{BinOp, Expr, ExprKind, QualName, TemplateArg, TypeExpr, UnOp};
use crate::front::literal::IntSuffix;
use crate::front::sema::lookup::Found;

/// Where the names of a type being mangled are looked up: the function
/// template's signature, or a template (alias or class) being expanded
/// with the arguments written in the frame around it.
struct Frame<'a> {
    ctx: Ctx,
    /// Template parameters bound to resolved arguments, for the parts
    /// that are resolved.
    env: Rc<Env>,
    /// The expanded template's parameters and the arguments written for
    /// them (empty in the signature's frame).
    args: Vec<(Rc<str>, TemplateArg)>,
    outer: Option<&'a Frame<'a>>,
    /// The signature's template and function parameters: the names a
    /// dependent expression mentions (the signature's frame only).
    signature: Option<Signature<'a>>,
}

struct Signature<'a> {
    template_params: Vec<Rc<str>>,
    function_params: &'a [ast::Param],
}

impl Frame<'_> {
    /// The argument written for parameter `name` of the template this
    /// frame expands.
    fn bound(&self, name: &str) -> Option<&TemplateArg> {
        self.args
            .iter()
            .find(|(n, _)| n.as_ref() == name)
            .map(|(_, a)| a)
    }

    /// Does a name here stand for something that depends on the
    /// signature's parameters?
    fn is_dependent_name(&self, name: &str) -> bool {
        if let Some(sig) = &self.signature {
            return sig.template_params.iter().any(|p| p.as_ref() == name)
                || sig
                    .function_params
                    .iter()
                    .any(|p| p.name.as_deref() == Some(name));
        }
        match (self.bound(name), self.outer) {
            (Some(arg), Some(outer)) => outer.arg_mentions(arg),
            _ => false,
        }
    }

    fn arg_mentions(&self, a: &TemplateArg) -> bool {
        match a {
            TemplateArg::Type(t) => self.type_mentions(t),
            TemplateArg::Expr(e) => self.mentions(e),
            TemplateArg::PackExpansion(_) => true,
        }
    }

    /// Does type syntax `t` name something dependent?
    fn type_mentions(&self, t: &TypeExpr) -> bool {
        use ast::TypeExprKind as K;
        match &t.kind {
            K::Named(q) => self.name_mentions(q),
            K::Pointer(i) | K::LRef(i) | K::RRef(i) | K::Array(i, _) => self.type_mentions(i),
            K::Decltype { expr, .. } => self.mentions(expr),
            K::Function(r, ps, _) => {
                self.type_mentions(r) || ps.iter().any(|p| self.type_mentions(&p.ty))
            }
            _ => false,
        }
    }

    fn name_mentions(&self, q: &QualName) -> bool {
        (!q.global && self.is_dependent_name(&q.parts[0].ident))
            || written_args(q).any(|a| self.arg_mentions(a))
    }

    /// Does expression `e` name something dependent?
    fn mentions(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(q) => self.name_mentions(q),
            ExprKind::Unary(_, x)
            | ExprKind::SizeofExpr(x)
            | ExprKind::AlignofExpr(x)
            | ExprKind::PackExpansion(x) => self.mentions(x),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                self.mentions(a) || self.mentions(b)
            }
            ExprKind::Cond(a, b, c) => self.mentions(a) || self.mentions(b) || self.mentions(c),
            ExprKind::SizeofType(t) | ExprKind::AlignofType(t) => self.type_mentions(t),
            ExprKind::Cast(_, t, x) => self.type_mentions(t) || self.mentions(x),
            ExprKind::Construct(t, xs, _) => {
                self.type_mentions(t) || xs.iter().any(|x| self.mentions(x))
            }
            ExprKind::Call(f, xs) => self.mentions(f) || xs.iter().any(|x| self.mentions(x)),
            ExprKind::Member { base, .. } => self.mentions(base),
            ExprKind::SizeofPack(_) | ExprKind::Fold { .. } => true,
            _ => false,
        }
    }
}

/// The template arguments written in any part of `q`.
fn written_args(q: &QualName) -> impl Iterator<Item = &TemplateArg> {
    q.parts
        .iter()
        .flat_map(|p| p.template_args.iter().flatten())
}

/// A single unqualified identifier without template arguments.
fn plain_ident(q: &QualName) -> Option<&Rc<str>> {
    match (q.global, q.parts.as_slice()) {
        (false, [p]) if p.template_args.is_none() => Some(&p.ident),
        _ => None,
    }
}

impl Mangler {
    /// The declared type `t` of a function template's signature, mangled
    /// as written when an expression in it computes with the template's
    /// parameters; `None` when none does, or for a construct not modelled
    /// (the caller mangles the resolved type).
    pub(super) fn dependent_signature_type(
        &mut self,
        s: &mut Sema,
        t: &TypeExpr,
        ctx: Ctx,
        env: &Rc<Env>,
        header: &ast::TemplateHeader,
        function_params: &[ast::Param],
    ) -> Option<String> {
        let frame = Frame {
            ctx,
            env: env.clone(),
            args: vec![],
            outer: None,
            signature: Some(Signature {
                template_params: header
                    .params
                    .iter()
                    .filter_map(|p| p.name.clone())
                    .collect(),
                function_params,
            }),
        };
        if !self.type_computes(s, t, &frame) {
            return None;
        }
        let saved = self.subs.clone();
        let r = self.written_computing_type(s, t, &frame);
        if r.is_none() {
            self.subs = saved;
        }
        r
    }

    // ---- which parts compute with parameters ----

    /// Is `t` a type whose spelling the host compilers keep: one with a
    /// template argument that is an expression mentioning a dependent
    /// name, or an alias template whose expansion has one, or `decltype`
    /// of a dependent expression?
    fn type_computes(&mut self, s: &mut Sema, t: &TypeExpr, frame: &Frame) -> bool {
        use ast::TypeExprKind as K;
        match &t.kind {
            K::Pointer(i) | K::LRef(i) | K::RRef(i) | K::Array(i, _) => {
                self.type_computes(s, i, frame)
            }
            K::Decltype { expr, .. } => frame.mentions(expr),
            K::Named(q) => self.name_computes(s, q, frame),
            _ => false,
        }
    }

    fn name_computes(&mut self, s: &mut Sema, q: &QualName, frame: &Frame) -> bool {
        if let Some(id) = plain_ident(q) {
            if let (Some(arg), Some(outer)) = (frame.bound(id).cloned(), frame.outer) {
                return self.arg_computes(s, &arg, outer);
            }
        }
        if written_args(q).any(|a| self.arg_computes(s, a, frame)) {
            return true;
        }
        match self.alias_frame(s, q, frame) {
            Some((alias, inner)) => self.type_computes(s, &alias.ty, &inner),
            None => false,
        }
    }

    /// Is template argument `a` an expression computing with a dependent
    /// name (a lone non-type parameter is not: it resolves), or a type
    /// that [`Self::type_computes`]?
    fn arg_computes(&mut self, s: &mut Sema, a: &TemplateArg, frame: &Frame) -> bool {
        let e = match a {
            TemplateArg::PackExpansion(_) => return false,
            TemplateArg::Type(t) => match self.value_name(s, t, frame) {
                Some(q) => return self.value_computes(s, &q, frame),
                None => return self.type_computes(s, t, frame),
            },
            TemplateArg::Expr(e) => e,
        };
        match &e.kind {
            ExprKind::Name(q) => self.value_computes(s, q, frame),
            _ => frame.mentions(e),
        }
    }

    /// A name used as a value: a lone parameter stands for its argument; a
    /// signature's non-type parameter resolves; anything else computes if
    /// it mentions a dependent name.
    fn value_computes(&mut self, s: &mut Sema, q: &QualName, frame: &Frame) -> bool {
        if let Some(id) = plain_ident(q) {
            if let (Some(arg), Some(outer)) = (frame.bound(id).cloned(), frame.outer) {
                return self.arg_computes(s, &arg, outer);
            }
            if frame.signature.is_some() {
                return false;
            }
        }
        frame.name_mentions(q)
    }

    /// The name type syntax `t` spells when it names a value (a variable
    /// or variable template, a non-type parameter, an argument written as
    /// an expression): the parser reads `std::is_integral_v<T>` as a type.
    fn value_name(&mut self, s: &mut Sema, t: &TypeExpr, frame: &Frame) -> Option<QualName> {
        let ast::TypeExprKind::Named(q) = &t.kind else {
            return None;
        };
        if let Some(id) = plain_ident(q) {
            if let (Some(arg), Some(outer)) = (frame.bound(id).cloned(), frame.outer) {
                return match arg {
                    TemplateArg::Expr(_) => Some(q.clone()),
                    TemplateArg::Type(t) => self.value_name(s, &t, outer).map(|_| q.clone()),
                    TemplateArg::PackExpansion(_) => None,
                };
            }
        }
        let is_value = match s.lookup_qualified(q, frame.ctx, &frame.env, &mut vec![]) {
            Found::TemplateParam(a) => !matches!(a, TArg::Type(_) | TArg::ConstType(_)),
            Found::Entities(es) => es
                .iter()
                .any(|e| matches!(e, Entity::Var(_) | Entity::Enumerator(..))),
            Found::None => false,
        };
        is_value.then(|| q.clone())
    }

    /// The alias template `q` names with arguments, and the frame that
    /// expands it.
    fn alias_frame<'f>(
        &mut self,
        s: &mut Sema,
        q: &QualName,
        frame: &'f Frame<'f>,
    ) -> Option<(Rc<ast::AliasDecl>, Frame<'f>)> {
        let args = q.last().template_args.clone()?;
        let found = s.lookup_qualified_entities(q, frame.ctx, &frame.env);
        let (alias, actx, aenv) = found.into_iter().find_map(|e| match e {
            Entity::Alias(a, c, env) if a.template.is_some() => Some((a, c, env)),
            _ => None,
        })?;
        let header = alias.template.clone()?;
        let inner = self.expansion_frame(s, &header, &args, actx, aenv, frame)?;
        Some((alias, inner))
    }

    /// The frame of template `header` named with `args` in `frame`: each
    /// parameter bound to its argument (or its default), and, where the
    /// argument resolves, to the resolved argument too.
    fn expansion_frame<'f>(
        &mut self,
        s: &mut Sema,
        header: &ast::TemplateHeader,
        args: &[TemplateArg],
        ctx: Ctx,
        env: Rc<Env>,
        frame: &'f Frame<'f>,
    ) -> Option<Frame<'f>> {
        let mut inner = Frame {
            ctx,
            env,
            args: vec![],
            outer: Some(frame),
            signature: None,
        };
        for (i, p) in header.params.iter().enumerate() {
            if super::super::templates::is_pack(&p.kind) {
                return None;
            }
            let name = p.name.clone()?;
            let (arg, resolved) = match args.get(i) {
                Some(a) => {
                    let resolved = self.resolved_arg(s, a, frame);
                    (a.clone(), resolved)
                }
                // A default is written in the template's own scope, over
                // the parameters before it (resolved where they resolve).
                None => {
                    let a = match &p.kind {
                        ast::TemplateParamKind::Type {
                            default: Some(t), ..
                        } => TemplateArg::Type(t.clone()),
                        ast::TemplateParamKind::NonType {
                            default: Some(e), ..
                        } => TemplateArg::Expr(e.clone()),
                        _ => return None,
                    };
                    if inner.arg_mentions(&a) {
                        return None;
                    }
                    let resolved = self.resolved_arg(s, &a, &inner);
                    (a, resolved)
                }
            };
            if let Some(r) = resolved {
                inner.env = super::super::templates::binding_env(
                    vec![(name.clone(), r)],
                    inner.env.clone(),
                );
            }
            inner.args.push((name, arg));
        }
        Some(inner)
    }

    /// Argument `a` resolved in `frame`, unless it computes with a
    /// dependent name.
    fn resolved_arg(&mut self, s: &mut Sema, a: &TemplateArg, frame: &Frame) -> Option<TArg> {
        if self.arg_computes(s, a, frame) {
            return None;
        }
        let value = match a {
            TemplateArg::Type(t) => match self.value_name(s, t, frame) {
                Some(q) => Expr {
                    kind: ExprKind::Name(q),
                    span: t.span,
                },
                None => {
                    let ty = s.resolve_type(t, frame.ctx, &frame.env, &mut vec![]);
                    return match ty {
                        Ty::Error => None,
                        ty if t.is_const => Some(TArg::ConstType(ty)),
                        ty => Some(TArg::Type(ty)),
                    };
                }
            },
            TemplateArg::Expr(e) => e.clone(),
            TemplateArg::PackExpansion(_) => return None,
        };
        if let ExprKind::Name(q) = &value.kind {
            if let Found::TemplateParam(a @ TArg::ValueParam(_)) =
                s.lookup_qualified(q, frame.ctx, &frame.env, &mut vec![])
            {
                return Some(a);
            }
        }
        s.const_eval_ast(&value, frame.ctx, &frame.env)
            .map(TArg::Value)
    }

    // ---- mangling as written ----

    /// `<type>` of `t` in `frame`: as written where it computes with a
    /// dependent name, else resolved.
    fn written_type(&mut self, s: &mut Sema, t: &TypeExpr, frame: &Frame) -> Option<String> {
        if self.type_computes(s, t, frame) {
            return self.written_computing_type(s, t, frame);
        }
        match s.resolve_type(t, frame.ctx, &frame.env, &mut vec![]) {
            Ty::Error => None,
            ty if t.is_const => Some(self.const_ty(s, &ty)),
            ty => Some(self.ty(s, &ty)),
        }
    }

    /// `<type>` of `t`, which [`Self::type_computes`], as written.
    fn written_computing_type(
        &mut self,
        s: &mut Sema,
        t: &TypeExpr,
        frame: &Frame,
    ) -> Option<String> {
        use ast::TypeExprKind as K;
        let unqualified = match &t.kind {
            K::Pointer(i) => format!("P{}", self.written_type(s, i, frame)?),
            K::LRef(i) => format!("R{}", self.written_type(s, i, frame)?),
            K::RRef(i) => format!("O{}", self.written_type(s, i, frame)?),
            K::Decltype { expr, .. } => format!("DT{}E", self.written_expr(s, expr, frame)?),
            // Already the candidate it is.
            K::Named(q) => match self.written_expansion(s, q, frame) {
                Some(expanded) => expanded?,
                None => self.written_named_type(s, q, frame)?,
            },
            _ => return None,
        };
        let unqualified = match &t.kind {
            K::Named(_) => unqualified,
            _ => self.candidate(unqualified),
        };
        Some(match t.is_const {
            true => self.candidate(format!("K{unqualified}")),
            false => unqualified,
        })
    }

    /// `r`, a type that is a substitution candidate, or its earlier
    /// substitution.
    fn candidate(&mut self, r: String) -> String {
        let key = format!("written:{r}");
        if let Some(sub) = self.lookup(&key) {
            return sub;
        }
        self.add(key);
        r
    }

    /// A parameter standing for the type written as its argument, or an
    /// alias template: the type it expands to (`None` for other names).
    fn written_expansion(
        &mut self,
        s: &mut Sema,
        q: &QualName,
        frame: &Frame,
    ) -> Option<Option<String>> {
        if let Some(id) = plain_ident(q) {
            if let (Some(arg), Some(outer)) = (frame.bound(id).cloned(), frame.outer) {
                return Some(match arg {
                    TemplateArg::Type(t) => self.written_type(s, &t, outer),
                    _ => None,
                });
            }
        }
        let (alias, inner) = self.alias_frame(s, q, frame)?;
        Some(self.written_type(s, &alias.ty, &inner))
    }

    /// A class template-id or `typename C<...>::name`, a substitution
    /// candidate (or its earlier substitution).
    fn written_named_type(&mut self, s: &mut Sema, q: &QualName, frame: &Frame) -> Option<String> {
        // `typename C<...>::name`: `N <C's prefix> <name> E`.
        if q.parts.len() >= 2 && q.last().template_args.is_none() {
            let mut scope = q.clone();
            scope.parts.pop();
            let (prefix, _) = self.written_class(s, &scope, frame)?;
            let member = format!("N{prefix}{}E", source_name(&q.last().ident));
            return Some(self.candidate(member));
        }
        let (id, nested) = self.written_class(s, q, frame)?;
        Some(match nested {
            true => format!("N{id}E"),
            false => id,
        })
    }

    /// A class template named with arguments, as a prefix (without
    /// `N`/`E`), and whether it needs them as a type (a namespace other
    /// than `::` and `std` encloses it, and it is not an earlier
    /// substitution). The template-id is a candidate.
    fn written_class(
        &mut self,
        s: &mut Sema,
        q: &QualName,
        frame: &Frame,
    ) -> Option<(String, bool)> {
        let args = q.last().template_args.clone()?;
        let found = s.lookup_qualified_entities(q, frame.ctx, &frame.env);
        let (decl, cctx, cenv) = found.into_iter().find_map(|e| match e {
            Entity::Class(d, c, env) if d.template.is_some() => Some((d, c, env)),
            _ => None,
        })?;
        let header = decl.template.clone()?;
        let name = source_name(decl.name.as_deref()?);
        let head = self.template_head(s, format!("tmpl:{:p}", Rc::as_ptr(&decl)), cctx, &name);
        // The arguments with the defaults of those not written.
        let inner = self.expansion_frame(s, &header, &args, cctx, cenv, frame)?;
        let mut a = String::from("I");
        for (i, p) in header.params.iter().enumerate() {
            let (arg, in_frame) = match args.get(i) {
                Some(arg) => (arg.clone(), frame),
                None => (inner.bound(p.name.as_deref()?)?.clone(), &inner),
            };
            let value_ty = match &p.kind {
                ast::TemplateParamKind::NonType { ty, .. } => Some((ty, &inner)),
                _ => None,
            };
            a.push_str(&self.written_template_arg(s, &arg, value_ty, in_frame)?);
        }
        a.push('E');
        let id = format!("{head}{a}");
        let key = format!("written:{id}");
        if let Some(sub) = self.lookup(&key) {
            return Some((sub, false));
        }
        self.add(key);
        let nested = !matches!(cctx, Ctx::Ns(n) if n == GLOBAL_NS)
            && (!is_std(s, cctx) || self.in_std_inline(s, cctx));
        Some((id, nested))
    }

    /// `<template-arg>` of `a`; a computed value is typed by `value_ty`
    /// (a non-type parameter's declared type and the frame of its
    /// template, which binds the parameters before it); without one, a
    /// literal by its own type, other values `int`.
    fn written_template_arg(
        &mut self,
        s: &mut Sema,
        a: &TemplateArg,
        value_ty: Option<(&TypeExpr, &Frame)>,
        frame: &Frame,
    ) -> Option<String> {
        let e = match a {
            TemplateArg::PackExpansion(_) => return None,
            TemplateArg::Type(t) => match self.value_name(s, t, frame) {
                Some(q) => Expr {
                    kind: ExprKind::Name(q),
                    span: t.span,
                },
                None => return self.written_type(s, t, frame),
            },
            TemplateArg::Expr(e) => e.clone(),
        };
        if let ExprKind::Name(q) = &e.kind {
            if let Some(id) = plain_ident(q) {
                if let (Some(arg), Some(outer)) = (frame.bound(id).cloned(), frame.outer) {
                    return self.written_template_arg(s, &arg, value_ty, outer);
                }
            }
        }
        if !self.arg_computes(s, &TemplateArg::Expr(e.clone()), frame) {
            // A value the host compiler computed: `L <type> <value> E`
            // typed by the parameter.
            let literal_of_its_own_type =
                value_ty.is_none() && matches!(e.kind, ExprKind::IntLit(..) | ExprKind::BoolLit(_));
            if literal_of_its_own_type {
                return self.written_expr(s, &e, frame);
            }
            return match self.resolved_arg(s, &TemplateArg::Expr(e), frame)? {
                TArg::ValueParam(i) => Some(format!("X{}E", template_param(i))),
                TArg::Value(v) => {
                    let ty = match value_ty {
                        Some((ty, pframe)) => {
                            s.resolve_type(ty, pframe.ctx, &pframe.env, &mut vec![])
                        }
                        None => Ty::Int(IntKind::Int),
                    };
                    match ty {
                        Ty::Error => None,
                        ty => Some(literal(&self.ty(s, &ty), v)),
                    }
                }
                _ => None,
            };
        }
        Some(format!("X{}E", self.written_expr(s, &e, frame)?))
    }

    /// `<expression>` of `e` as written in `frame`.
    fn written_expr(&mut self, s: &mut Sema, e: &Expr, frame: &Frame) -> Option<String> {
        let as_written = s.host.mangles_dependent_names_as_written();
        Some(match &e.kind {
            ExprKind::IntLit(v, suffix) => int_literal(*v, *suffix)?,
            ExprKind::BoolLit(b) => format!("Lb{}E", u8::from(*b)),
            ExprKind::Unary(UnOp::Neg, x) if !as_written => match &x.kind {
                ExprKind::IntLit(v, suffix) => {
                    let lit = int_literal(*v, *suffix)?;
                    format!("{}n{}", &lit[..2], &lit[2..])
                }
                _ => format!("ng{}", self.written_expr(s, x, frame)?),
            },
            ExprKind::Unary(op, x) => {
                let code = match op {
                    UnOp::Plus => "ps",
                    UnOp::Neg => "ng",
                    UnOp::Not => "nt",
                    UnOp::BitNot => "co",
                    UnOp::Deref => "de",
                    UnOp::AddrOf => "ad",
                    _ => return None,
                };
                format!("{code}{}", self.written_expr(s, x, frame)?)
            }
            ExprKind::Binary(op, a, b) => {
                let code = binary_operator(*op)?;
                let a = self.written_expr(s, a, frame)?;
                let b = self.written_expr(s, b, frame)?;
                format!("{code}{a}{b}")
            }
            ExprKind::Cond(a, b, c) => {
                let a = self.written_expr(s, a, frame)?;
                let b = self.written_expr(s, b, frame)?;
                let c = self.written_expr(s, c, frame)?;
                format!("qu{a}{b}{c}")
            }
            ExprKind::SizeofType(t) => format!("st{}", self.written_type(s, t, frame)?),
            ExprKind::AlignofType(t) => format!("at{}", self.written_type(s, t, frame)?),
            ExprKind::SizeofExpr(x) => format!("sz{}", self.written_expr(s, x, frame)?),
            ExprKind::AlignofExpr(x) => format!("az{}", self.written_expr(s, x, frame)?),
            ExprKind::Cast(kind, t, x) => {
                let code = match kind {
                    ast::CastKind::CStyle | ast::CastKind::Functional => "cv",
                    ast::CastKind::Static => "sc",
                    ast::CastKind::Const => "cc",
                    ast::CastKind::Reinterpret => "rc",
                    ast::CastKind::Dynamic => "dc",
                };
                let t = self.written_type(s, t, frame)?;
                format!("{code}{t}{}", self.written_expr(s, x, frame)?)
            }
            // `T{...}`: `tl <type> <expression>* E`; `T(x)`: a conversion.
            ExprKind::Construct(t, xs, braced) => {
                let t = self.written_type(s, t, frame)?;
                let mut r = String::new();
                for x in xs {
                    r.push_str(&self.written_expr(s, x, frame)?);
                }
                match (braced, xs.len()) {
                    (true, _) => format!("tl{t}{r}E"),
                    (false, 1) => format!("cv{t}{r}"),
                    (false, _) => format!("cv{t}_{r}E"),
                }
            }
            ExprKind::Name(q) => self.written_value_name(s, q, frame)?,
            _ => return None,
        })
    }

    /// A name used as a value in a dependent expression.
    fn written_value_name(&mut self, s: &mut Sema, q: &QualName, frame: &Frame) -> Option<String> {
        if let Some(id) = plain_ident(q) {
            if let (Some(arg), Some(outer)) = (frame.bound(id).cloned(), frame.outer) {
                return match arg {
                    TemplateArg::Expr(e) => self.written_expr(s, &e, outer),
                    TemplateArg::Type(t) => {
                        let q = self.value_name(s, &t, outer)?;
                        self.written_value_name(s, &q, outer)
                    }
                    TemplateArg::PackExpansion(_) => None,
                };
            }
            if let Some(sig) = &frame.signature {
                // `fp_`, `fp0_`...: the function parameter at that index,
                // `K` for a `const` one where clang writes it.
                if let Some(i) = sig
                    .function_params
                    .iter()
                    .position(|p| p.name.as_deref() == Some(id))
                {
                    let is_const = sig.function_params[i].ty.is_const;
                    let cv = match is_const && s.host.mangles_dependent_names_as_written() {
                        true => "K",
                        false => "",
                    };
                    let index = if i == 0 {
                        String::new()
                    } else {
                        (i - 1).to_string()
                    };
                    return Some(format!("fp{cv}{index}_"));
                }
            }
        }
        let found = s.lookup_qualified(q, frame.ctx, &frame.env, &mut vec![]);
        if let Found::TemplateParam(TArg::ValueParam(i)) = found {
            return Some(template_param(i));
        }
        let as_written = s.host.mangles_dependent_names_as_written();
        let last = q.last();
        let name = source_name(&last.ident);
        if !frame.name_mentions(q) {
            // A variable by its mangled name (`L_ZL4flagE`), an
            // enumerator by its value (`L4Mode2E`).
            let Found::Entities(es) = &found else {
                return None;
            };
            return es.iter().find_map(|e| match e {
                Entity::Var(v) => Some(format!("L{}E", self.variable(s, *v))),
                Entity::Enumerator(id, value) => Some(literal(&self.ty(s, &Ty::Enum(*id)), *value)),
                _ => None,
            });
        }
        let is_variable_template = matches!(&found, Found::Entities(es)
            if es.iter().any(|e| matches!(e, Entity::Var(v) if s.var(v.to_owned()).template.is_some())));
        if is_variable_template {
            let args = self.written_unresolved_args(s, last.template_args.as_deref()?, frame)?;
            if as_written && q.parts.len() > 1 && !q.global {
                let levels = self.written_levels(s, &q.parts[..q.parts.len() - 1], frame)?;
                return Some(format!("sr{levels}E{name}{args}"));
            }
            return Some(format!("{name}{args}"));
        }
        // A member of a dependent class: `sr <scope> <name>`.
        if q.parts.len() < 2 || last.template_args.is_some() || q.global {
            return None;
        }
        let mut scope = q.clone();
        scope.parts.pop();
        if as_written {
            let levels = self.written_levels(s, &scope.parts, frame)?;
            return Some(format!("sr{levels}E{name}"));
        }
        let t = TypeExpr {
            kind: ast::TypeExprKind::Named(scope),
            is_const: false,
            is_volatile: false,
            address_space: None,
            constraint: None,
            span: q.span,
        };
        Some(format!("sr{}{name}", self.written_type(s, &t, frame)?))
    }

    /// The qualifiers of an unresolved name as written, clang's
    /// `<unresolved-qualifier-level>`s: each a source name with its
    /// template arguments, none a substitution candidate.
    fn written_levels(
        &mut self,
        s: &mut Sema,
        parts: &[ast::NamePart],
        frame: &Frame,
    ) -> Option<String> {
        let mut r = String::new();
        for p in parts {
            r.push_str(&source_name(&p.ident));
            if let Some(args) = &p.template_args {
                r.push_str(&self.written_unresolved_args(s, args, frame)?);
            }
        }
        Some(r)
    }

    /// `I ... E` of the arguments of an unresolved name, as written (no
    /// defaults; a value typed `int`).
    fn written_unresolved_args(
        &mut self,
        s: &mut Sema,
        args: &[TemplateArg],
        frame: &Frame,
    ) -> Option<String> {
        let mut r = String::from("I");
        for a in args {
            r.push_str(&self.written_template_arg(s, a, None, frame)?);
        }
        r.push('E');
        Some(r)
    }
}

/// `L <type> <value> E`, `n` for a negative value.
fn literal(ty: &str, v: i128) -> String {
    match v < 0 {
        true => format!("L{ty}n{}E", -v),
        false => format!("L{ty}{v}E"),
    }
}

/// An integer literal typed as C++ types it: by its suffix, `int` when
/// its value fits, else the next wider type.
fn int_literal(v: u128, suffix: IntSuffix) -> Option<String> {
    let ty = match suffix {
        IntSuffix::None if v <= i32::MAX as u128 => "i",
        IntSuffix::None | IntSuffix::L if v <= i64::MAX as u128 => "l",
        IntSuffix::U if v <= u32::MAX as u128 => "j",
        IntSuffix::U | IntSuffix::UL => "m",
        IntSuffix::LL => "x",
        IntSuffix::ULL => "y",
        _ => return None,
    };
    Some(format!("L{ty}{v}E"))
}

/// The `<operator-name>` of a binary operator.
fn binary_operator(op: BinOp) -> Option<&'static str> {
    use BinOp::*;
    Some(match op {
        Mul => "ml",
        Div => "dv",
        Rem => "rm",
        Add => "pl",
        Sub => "mi",
        Shl => "ls",
        Shr => "rs",
        Lt => "lt",
        Gt => "gt",
        Le => "le",
        Ge => "ge",
        ThreeWay => "ss",
        Eq => "eq",
        Ne => "ne",
        BitAnd => "an",
        BitXor => "eo",
        BitOr => "or",
        LogAnd => "aa",
        LogOr => "oo",
        Comma => "cm",
    })
}
