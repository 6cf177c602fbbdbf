//! Name lookup (unqualified through contexts, qualified through namespaces
//! and classes, class members through bases) and the resolution of
//! syntactic types to semantic ones.

use super::*;
use crate::front::ast::{QualName, TemplateArg, TypeExpr, TypeExprKind};
use typo::Wanted;

/// What a name denotes.
#[derive(Clone, Debug)]
pub(crate) enum Found {
    Entities(Vec<Entity>),
    TemplateParam(TArg),
    None,
}

impl Sema {
    pub(crate) fn ns_lookup(&self, ns: NsId, name: &str) -> Vec<Entity> {
        let mut out = vec![];
        let mut seen = vec![];
        self.ns_lookup_into(ns, name, &mut out, &mut seen);
        out
    }

    fn ns_lookup_into(&self, ns: NsId, name: &str, out: &mut Vec<Entity>, seen: &mut Vec<NsId>) {
        if seen.contains(&ns) {
            return;
        }
        seen.push(ns);
        let n = &self.namespaces[ns.0 as usize];
        if let Some(v) = n.members.get(name) {
            out.extend(v.iter().cloned());
        }
        for u in n.using_dirs.clone() {
            self.ns_lookup_into(u, name, out, seen);
        }
    }

    /// Members of a class named `name` (types, statics, methods), searching bases.
    pub(crate) fn class_lookup(&mut self, id: ClassId, name: &str) -> Vec<Entity> {
        self.class_lookup_in(id, name, &mut vec![])
    }

    /// [`Self::class_lookup`], each class searched once (an erroneous
    /// program can make a class its own base).
    fn class_lookup_in(&mut self, id: ClassId, name: &str, seen: &mut Vec<ClassId>) -> Vec<Entity> {
        if seen.contains(&id) {
            return vec![];
        }
        seen.push(id);
        // A class whose members are being registered is not laid out yet
        // (its fields may use the members still to come): its bases are
        // looked up from the declaration.
        let registering = self.class(id).registering;
        if !registering {
            self.complete_class(id);
        }
        let mut out = vec![];
        let ci = self.class(id);
        if ci.name.as_ref() == name && ci.closure.is_none() {
            out.push(Entity::ClassInst(id));
            return out;
        }
        if let Some(v) = ci.members.get(name) {
            out.extend(v.iter().cloned());
        }
        let env = ci.env.clone();
        for m in ci.methods.iter() {
            if m.name.last().ident.as_ref() == name {
                out.push(Entity::Function(m.clone(), Ctx::Class(id), env.clone()));
            }
        }
        if out.is_empty() {
            let bases: Vec<ClassId> = if registering {
                self.declared_bases(id)
            } else {
                self.class(id).bases.iter().map(|b| b.0).collect()
            };
            for b in bases {
                out = self.class_lookup_in(b, name, seen);
                if !out.is_empty() {
                    break;
                }
            }
        }
        out
    }

    /// The base classes class `id` declares, resolved without laying it out
    /// (from the enclosing scope: the class's own scope would ask for them).
    fn declared_bases(&mut self, id: ClassId) -> Vec<ClassId> {
        let Some(decl) = self.class(id).decl.clone() else {
            return vec![];
        };
        let (ctx, env) = (self.class(id).ctx, self.class(id).env.clone());
        decl.bases
            .iter()
            .flat_map(|b| self.base_types(b, ctx, &env))
            .filter_map(|ty| match ty {
                Ty::Class(c) if c != id => Some(c),
                _ => None,
            })
            .collect()
    }

    /// The types base-specifier `b` names: one, or one per element of the
    /// pack it expands (`struct All : Ts... {}`).
    pub(crate) fn base_types(
        &mut self,
        b: &crate::front::ast::BaseSpec,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Vec<Ty> {
        if b.pack {
            self.expand_param_type(&b.ty, ctx, env, &mut vec![])
        } else {
            vec![self.resolve_type(&b.ty, ctx, env, &mut vec![])]
        }
    }

    /// Unqualified lookup of `name` from context `ctx`.
    pub(crate) fn lookup_unqualified(&mut self, name: &str, ctx: Ctx, env: &Env) -> Found {
        if let Some(a) = env.get(name) {
            return Found::TemplateParam(a.clone());
        }
        let block = env.block_entities(name);
        if !block.is_empty() {
            return Found::Entities(block);
        }
        // Block-scope using-directives: their names join the namespace
        // scopes' (as if declared in the enclosing namespace).
        let mut nominated = env.block_using_dirs();
        let mut cur = Some(ctx);
        while let Some(c) = cur {
            match c {
                Ctx::Func(f) => {
                    let fi = self.func(f);
                    if let Some(a) = fi.env.get(name) {
                        return Found::TemplateParam(a.clone());
                    }
                    let block = fi.env.block_entities(name);
                    if !block.is_empty() {
                        return Found::Entities(block);
                    }
                    nominated.extend(fi.env.block_using_dirs());
                    cur = Some(fi.ctx);
                }
                Ctx::Class(id) => {
                    let found = self.class_lookup(id, name);
                    if !found.is_empty() {
                        return Found::Entities(found);
                    }
                    let ci = self.class(id);
                    if let Some(a) = ci.env.get(name) {
                        return Found::TemplateParam(a.clone());
                    }
                    cur = Some(ci.ctx);
                }
                Ctx::Ns(n) => {
                    let mut found = self.ns_lookup(n, name);
                    for u in std::mem::take(&mut nominated) {
                        found.extend(self.ns_lookup(u, name));
                    }
                    if !found.is_empty() {
                        return Found::Entities(found);
                    }
                    cur = self.namespaces[n.0 as usize].parent.map(Ctx::Ns);
                }
            }
        }
        Found::None
    }

    /// The scope designated by all parts of `q` but the last.
    pub(crate) fn resolve_prefix(
        &mut self,
        q: &QualName,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Ctx> {
        let mut scope: Option<Ctx> = if q.global {
            Some(Ctx::Ns(GLOBAL_NS))
        } else {
            None
        };
        for part in &q.parts[..q.parts.len() - 1] {
            let found = match scope {
                None => self.lookup_first_part(part, ctx, env, diags),
                Some(s) => self.lookup_in_scope(s, &part.ident),
            };
            let next = match found {
                Found::TemplateParam(TArg::Type(Ty::Class(c)) | TArg::ConstType(Ty::Class(c))) => {
                    Ctx::Class(c)
                }
                Found::TemplateParam(TArg::Template(id)) => {
                    let targs = part.template_args.as_deref().unwrap_or(&[]);
                    match self.instantiate_template_name(id, targs, ctx, env, part.span, diags) {
                        Ty::Class(c) => Ctx::Class(c),
                        _ => return None,
                    }
                }
                Found::Entities(es) => {
                    let mut r = None;
                    for e in es {
                        match e {
                            Entity::Namespace(n) => r = Some(Ctx::Ns(n)),
                            Entity::ClassInst(c) => {
                                r = Some(Ctx::Class(c));
                                // The injected-class-name with arguments
                                // (`Fact<N - 1>::v` inside `Fact`) names
                                // that specialization, not this one.
                                if let (Some(targs), Some((d, _))) =
                                    (&part.template_args, self.class(c).template.clone())
                                {
                                    let cctx = self.class(c).ctx;
                                    let cenv = self.class(c).env.parent.clone().unwrap_or_default();
                                    let args = self.resolve_template_args(targs, ctx, env, diags);
                                    r = self
                                        .instantiate_class(&d, cctx, &cenv, args, part.span, diags)
                                        .map(Ctx::Class);
                                }
                            }
                            Entity::Class(d, dctx, denv) => {
                                let args = match &part.template_args {
                                    Some(a) => self.resolve_template_args(a, ctx, env, diags),
                                    None => vec![],
                                };
                                r = self
                                    .instantiate_class(&d, dctx, &denv, args, part.span, diags)
                                    .map(Ctx::Class);
                            }
                            Entity::Alias(a, actx, aenv) => {
                                if let Ty::Class(c) = self.resolve_alias(
                                    &a,
                                    actx,
                                    &aenv,
                                    part.template_args.as_deref(),
                                    ctx,
                                    env,
                                    diags,
                                ) {
                                    r = Some(Ctx::Class(c));
                                }
                            }
                            Entity::Enum(_) => {
                                // `E::x`: handled by the caller (enumerators of scoped enums).
                                r = None;
                            }
                            _ => {}
                        }
                        if r.is_some() {
                            break;
                        }
                    }
                    r?
                }
                _ => return None,
            };
            scope = Some(next);
        }
        scope
    }

    /// The first part of a name: an unqualified name, or a
    /// `decltype(expr)` nested-name-specifier, which names the class or
    /// enumeration its type is (as a template parameter bound to it would).
    fn lookup_first_part(
        &mut self,
        part: &crate::front::ast::NamePart,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Found {
        let Some(t) = part.decltype_type() else {
            return self.lookup_unqualified(&part.ident, ctx, env);
        };
        match self.resolve_type(t, ctx, env, diags) {
            ty @ (Ty::Class(_) | Ty::Enum(_)) => Found::TemplateParam(TArg::Type(ty)),
            Ty::Error => Found::None,
            other => {
                diags.push(Diagnostic::error(
                    part.span,
                    format!(
                        "'{}' (aka '{}') is not a class, namespace, or enumeration",
                        self.type_text(t, env),
                        self.ty_name(&other)
                    ),
                ));
                Found::None
            }
        }
    }

    pub(crate) fn lookup_in_scope(&mut self, s: Ctx, name: &str) -> Found {
        let es = match s {
            Ctx::Ns(n) => self.ns_lookup(n, name),
            Ctx::Class(c) => self.class_lookup(c, name),
            Ctx::Func(_) => vec![],
        };
        if es.is_empty() {
            Found::None
        } else {
            Found::Entities(es)
        }
    }

    /// Lookup of a possibly qualified name (the last part's template args are not applied).
    pub(crate) fn lookup_qualified(
        &mut self,
        q: &QualName,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Found {
        let last = &q.last().ident;
        if q.parts.len() == 1 && !q.global {
            return self.lookup_first_part(q.last(), ctx, env, diags);
        }
        // `E::x` for a scoped enum `E`.
        if q.parts.len() >= 2 {
            let mut prefix = q.clone();
            prefix.parts.pop();
            let es = match self.lookup_qualified(&prefix, ctx, env, &mut vec![]) {
                Found::Entities(es) => es,
                // A template parameter or block-scope alias naming an enum
                // (`using c = color; ... c::red`).
                Found::TemplateParam(TArg::Type(Ty::Enum(id)) | TArg::ConstType(Ty::Enum(id))) => {
                    vec![Entity::Enum(id)]
                }
                _ => vec![],
            };
            for e in es {
                // The enum itself, or an alias of it (`using access_mode = access::mode`).
                let e = match e {
                    Entity::Alias(a, actx, aenv) => {
                        let args = prefix.last().template_args.clone();
                        match self.resolve_alias(
                            &a,
                            actx,
                            &aenv,
                            args.as_deref(),
                            ctx,
                            env,
                            &mut vec![],
                        ) {
                            Ty::Enum(id) => Entity::Enum(id),
                            _ => continue,
                        }
                    }
                    e => e,
                };
                if let Entity::Enum(id) = e {
                    let v = self.enums[id.0 as usize]
                        .enumerators
                        .iter()
                        .find(|(n, _)| n == last)
                        .map(|(_, v)| *v);
                    if let Some(v) = v {
                        return Found::Entities(vec![Entity::Enumerator(id, v)]);
                    }
                }
            }
        }
        match self.resolve_prefix(q, ctx, env, diags) {
            Some(s) => self.lookup_in_scope(s, last),
            None => Found::None,
        }
    }

    pub(crate) fn lookup_qualified_entities(
        &mut self,
        q: &QualName,
        ctx: Ctx,
        env: &Env,
    ) -> Vec<Entity> {
        match self.lookup_qualified(q, ctx, env, &mut vec![]) {
            Found::Entities(es) => es,
            _ => vec![],
        }
    }

    pub(crate) fn resolve_namespace(&mut self, q: &QualName, ctx: Ctx) -> Option<NsId> {
        self.resolve_namespace_in(q, ctx, &Env::default())
    }

    /// The namespace `q` names from `ctx`, seeing block-scope aliases in `env`.
    pub(crate) fn resolve_namespace_in(
        &mut self,
        q: &QualName,
        ctx: Ctx,
        env: &Env,
    ) -> Option<NsId> {
        match self.lookup_qualified(q, ctx, env, &mut vec![]) {
            Found::Entities(es) => es.into_iter().find_map(|e| match e {
                Entity::Namespace(n) => Some(n),
                _ => None,
            }),
            _ => None,
        }
    }

    pub(crate) fn resolve_template_args(
        &mut self,
        args: &[TemplateArg],
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<TArg> {
        let mut out = vec![];
        for a in args {
            match a {
                TemplateArg::PackExpansion(p) => {
                    let span = match &**p {
                        TemplateArg::Type(t) => t.span,
                        TemplateArg::Expr(e) => e.span,
                        TemplateArg::PackExpansion(_) => continue,
                    };
                    let elems = self.expand_template_arg(p, span, ctx, env, diags);
                    out.extend(elems);
                }
                a => out.push(self.resolve_template_arg(a, ctx, env, diags)),
            }
        }
        out
    }

    fn resolve_template_arg(
        &mut self,
        a: &TemplateArg,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> TArg {
        match a {
            TemplateArg::PackExpansion(_) => TArg::Pack(vec![]),
            TemplateArg::Type(t) => {
                // A name parsed as a type may denote a value (a template parameter or constant).
                if let TypeExprKind::Named(q) = &t.kind {
                    if q.is_simple() {
                        if let Found::TemplateParam(
                            a @ (TArg::Value(_)
                            | TArg::ValueParam(_)
                            | TArg::Var(_)
                            | TArg::Func(_)),
                        ) = self.lookup_unqualified(&q.last().ident, ctx, env)
                        {
                            return a;
                        }
                    }
                    match self.lookup_qualified(q, ctx, env, &mut vec![]) {
                        // A template named without arguments: a template
                        // template argument.
                        Found::TemplateParam(t @ TArg::Template(_))
                            if q.last().template_args.is_none() =>
                        {
                            return t
                        }
                        Found::Entities(es) => {
                            if q.last().template_args.is_none() {
                                if let Some(t) = es.iter().find_map(|e| self.template_name_arg(e)) {
                                    return t;
                                }
                            }
                            if let Some(f) = self.function_argument(q, &es, ctx, env) {
                                return TArg::Func(f);
                            }
                            for e in es {
                                match e {
                                    Entity::Enumerator(_, v) => return TArg::Value(v),
                                    Entity::Var(vid) => {
                                        if let Some(v) = self.var(vid).const_value {
                                            return TArg::Value(v);
                                        }
                                        // For a reference parameter (`template <auto &S>`).
                                        if self.var(vid).global.is_some() {
                                            return TArg::Var(vid);
                                        }
                                    }
                                    _ => {}
                                }
                            }
                        }
                        _ => {}
                    }
                }
                self.type_binding(t, ctx, env, diags)
            }
            TemplateArg::Expr(ast::Expr {
                kind: ast::ExprKind::Name(q),
                ..
            }) if q.is_simple()
                && matches!(env.get(&q.last().ident), Some(TArg::ValueParam(_))) =>
            {
                env.get(&q.last().ident).cloned().expect("bound")
            }
            TemplateArg::Expr(e) => match self.const_eval_ast(e, ctx, &Rc::new(env.clone())) {
                Some(v) => TArg::Value(v),
                None if self.referenced_global(e, ctx, env).is_some() => {
                    TArg::Var(self.referenced_global(e, ctx, env).expect("checked"))
                }
                None if self.referenced_function(e, ctx, env).is_some() => {
                    TArg::Func(self.referenced_function(e, ctx, env).expect("checked"))
                }
                None => {
                    diags.push(Diagnostic::error(
                        e.span,
                        "template argument is not a constant expression",
                    ));
                    TArg::Value(0)
                }
            },
        }
    }

    /// The function an argument of a pointer non-type parameter names
    /// (`iota`, `&ns::iota`, `scale<float>`), or that parameter itself.
    fn referenced_function(&mut self, e: &ast::Expr, ctx: Ctx, env: &Env) -> Option<FuncId> {
        let e = match &e.kind {
            ast::ExprKind::Unary(ast::UnOp::AddrOf, inner) => inner,
            _ => e,
        };
        let ast::ExprKind::Name(q) = &e.kind else {
            return None;
        };
        match self.lookup_qualified(q, ctx, env, &mut vec![]) {
            Found::TemplateParam(TArg::Func(f)) => Some(f),
            Found::Entities(es) => self.function_argument(q, &es, ctx, env),
            _ => None,
        }
    }

    /// The function `q` names among `es` as a template argument: a
    /// function, or the instance of a function template its written
    /// arguments determine. None for an overload set.
    fn function_argument(
        &mut self,
        q: &ast::QualName,
        es: &[Entity],
        ctx: Ctx,
        env: &Env,
    ) -> Option<FuncId> {
        let [Entity::Function(decl, fctx, fenv)] = es else {
            return None;
        };
        let class = match fctx {
            Ctx::Class(c) => Some(*c),
            _ => None,
        };
        let targs = match (&decl.template, &q.last().template_args) {
            (None, _) => vec![],
            (Some(_), Some(written)) => {
                let explicit = self.resolve_template_args(written, ctx, env, &mut vec![]);
                self.deduce_call(decl, *fctx, fenv, &explicit, &[])?
            }
            (Some(_), None) => return None,
        };
        self.function_instance(decl, *fctx, fenv.clone(), class, targs)
    }

    /// The global variable an argument of a reference non-type parameter
    /// names (`get<coeff_id>()`, `get<ns::id>()`), or that parameter itself.
    fn referenced_global(&mut self, e: &ast::Expr, ctx: Ctx, env: &Env) -> Option<VarId> {
        let ast::ExprKind::Name(q) = &e.kind else {
            return None;
        };
        match self.lookup_qualified(q, ctx, env, &mut vec![]) {
            Found::TemplateParam(TArg::Var(v)) => Some(v),
            Found::Entities(es) => es.into_iter().find_map(|x| match x {
                Entity::Var(v) if self.var(v).global.is_some() => Some(v),
                _ => None,
            }),
            _ => None,
        }
    }

    pub(crate) fn resolve_type(
        &mut self,
        t: &TypeExpr,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Ty {
        match &t.kind {
            TypeExprKind::Builtin(b) => builtin_ty(b),
            TypeExprKind::Named(q) => self.resolve_named_type(q, ctx, env, diags),
            TypeExprKind::Auto => Ty::Error,
            TypeExprKind::DecltypeAuto => {
                diags.push(Diagnostic::error(
                    t.span,
                    "decltype(auto) is not supported yet",
                ));
                Ty::Error
            }
            TypeExprKind::Decltype {
                expr,
                parenthesized,
                gnu_typeof,
            } => {
                let ty = self.decltype_of(expr, *parenthesized, ctx, env, diags);
                if *gnu_typeof {
                    ty.non_ref().clone()
                } else {
                    ty
                }
            }
            TypeExprKind::UnderlyingType(operand) => {
                match self.resolve_type(operand, ctx, env, diags) {
                    Ty::Enum(e) => Ty::Int(self.enums[e.0 as usize].underlying),
                    Ty::Error => Ty::Error,
                    other => {
                        diags.push(Diagnostic::error(
                            operand.span,
                            format!(
                                "'__underlying_type' of non-enumeration type '{}'",
                                self.ty_name(&other)
                            ),
                        ));
                        Ty::Error
                    }
                }
            }
            TypeExprKind::Pointer(inner) => {
                let p = self.resolve_type(inner, ctx, env, diags);
                if p.is_error() {
                    return Ty::Error;
                }
                Ty::Ptr {
                    pointee_const: self.pointee_const(&p, inner, ctx, env),
                    pointee: Box::new(p),
                    space: inner.address_space,
                }
            }
            TypeExprKind::MemberPointer(class, member) => {
                match self.resolve_named_type(class, ctx, env, diags) {
                    Ty::Class(class) => {
                        let const_method =
                            member.is_const && matches!(member.kind, TypeExprKind::Function(..));
                        let member = self.resolve_type(member, ctx, env, diags);
                        if member.is_error() {
                            return Ty::Error;
                        }
                        Ty::MemberPtr {
                            class,
                            member: Box::new(member),
                            const_method,
                        }
                    }
                    Ty::Error => Ty::Error,
                    other => {
                        diags.push(Diagnostic::error(
                            class.span,
                            format!(
                                "member pointer refers into non-class type '{}'",
                                self.ty_name(&other)
                            ),
                        ));
                        Ty::Error
                    }
                }
            }
            TypeExprKind::LRef(inner) => {
                let p = self.resolve_type(inner, ctx, env, diags);
                if p.is_error() {
                    return Ty::Error;
                }
                match p {
                    // reference collapsing
                    Ty::LRef(t, is_const) => Ty::LRef(t, is_const),
                    Ty::RRef(t) => Ty::LRef(t, self.top_level_const(inner, ctx, env)),
                    p => Ty::LRef(Box::new(p.clone()), self.pointee_const(&p, inner, ctx, env)),
                }
            }
            TypeExprKind::RRef(inner) => {
                let p = self.resolve_type(inner, ctx, env, diags);
                if p.is_error() {
                    return Ty::Error;
                }
                match p {
                    Ty::LRef(..) => p,
                    Ty::RRef(_) => p,
                    p => Ty::RRef(Box::new(p)),
                }
            }
            TypeExprKind::Array(inner, n) => {
                let e = self.resolve_type(inner, ctx, env, diags);
                // `T[N]` in a dependent signature.
                if let Some(ast::ExprKind::Name(q)) = n.as_deref().map(|n| &n.kind) {
                    if let (true, Some(TArg::ValueParam(bound))) =
                        (q.is_simple(), env.get(&q.last().ident))
                    {
                        return Ty::DependentArray {
                            element: Box::new(e),
                            bound: *bound,
                        };
                    }
                }
                let len = match n {
                    Some(n) => match self.const_eval_ast(n, ctx, &Rc::new(env.clone())) {
                        Some(v) if v >= 0 => v as u64,
                        _ => {
                            diags.push(Diagnostic::error(
                                n.span,
                                "array size is not a constant expression",
                            ));
                            return Ty::Error;
                        }
                    },
                    None => 0,
                };
                if e.is_error() {
                    return Ty::Error;
                }
                Ty::Array(Box::new(e), len)
            }
            TypeExprKind::Function(r, ps, variadic) => {
                let ret = self.resolve_type(r, ctx, env, diags);
                let mut params = vec![];
                // `R(Args...)`: a parameter pack stands for its types.
                let pack_env = ps.iter().any(|p| p.pack).then(|| Rc::new(env.clone()));
                for p in ps {
                    if let (true, Some(pack_env)) = (p.pack, &pack_env) {
                        params.extend(self.expand_param_type(&p.ty, ctx, pack_env, diags));
                    } else {
                        params.push(self.resolve_type(&p.ty, ctx, env, diags));
                    }
                }
                Ty::Function {
                    ret: Box::new(ret),
                    params,
                    variadic: *variadic,
                }
            }
        }
    }

    pub(crate) fn resolve_named_type(
        &mut self,
        q: &QualName,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Ty {
        let Some(last) = q.parts.last() else {
            diags.push(Diagnostic::error(q.span, "expected a type name"));
            return Ty::Error;
        };
        let errors_before = diags.len();
        let found = self.lookup_qualified(q, ctx, env, diags);
        match found {
            // The scope was no class (`decltype(i)::type`): said already.
            Found::None if diags.len() > errors_before => Ty::Error,
            Found::None if q.parts.len() > 1 => {
                let scope = self.resolve_prefix(q, ctx, env, &mut vec![]);
                let hint = self.qualified_hint(q, ctx, env, Wanted::Type);
                let message = match scope {
                    Some(Ctx::Class(c)) => {
                        format!(
                            "no type named '{}' in '{}'{hint}",
                            last.ident,
                            self.class_name(c)
                        )
                    }
                    _ => format!("unknown type name '{}'{hint}", q.to_string_lossy()),
                };
                diags.push(Diagnostic::error(q.span, message));
                Ty::Error
            }
            Found::TemplateParam(TArg::Type(t) | TArg::ConstType(t)) => t,
            Found::TemplateParam(TArg::Template(id)) => match &last.template_args {
                Some(targs) => self.instantiate_template_name(id, targs, ctx, env, q.span, diags),
                None => {
                    diags.push(Diagnostic::error(
                        q.span,
                        format!(
                            "template template parameter '{}' needs template arguments",
                            last.ident
                        ),
                    ));
                    Ty::Error
                }
            },
            Found::TemplateParam(TArg::Pack(_)) => {
                diags.push(Diagnostic::error(
                    q.span,
                    format!(
                        "parameter pack '{}' must be expanded with '...'",
                        last.ident
                    ),
                ));
                Ty::Error
            }
            Found::TemplateParam(
                TArg::Value(_) | TArg::ValueParam(_) | TArg::Var(_) | TArg::Func(_),
            ) => {
                diags.push(Diagnostic::error(
                    q.span,
                    format!("'{}' is a value, not a type", last.ident),
                ));
                Ty::Error
            }
            Found::Entities(es) => {
                // The class whose member alias, being resolved, was found.
                let mut defining_class = None;
                for e in es {
                    match e {
                        Entity::ClassInst(c) => {
                            if let Some(targs) = &last.template_args {
                                // injected-class-name with arguments: re-instantiate the template
                                if let Some((d, _)) = self.class(c).template.clone() {
                                    let cctx = self.class(c).ctx;
                                    let cenv = self.class(c).env.parent.clone().unwrap_or_default();
                                    let args = self.resolve_template_args(targs, ctx, env, diags);
                                    return self
                                        .instantiate_class(&d, cctx, &cenv, args, q.span, diags)
                                        .map(Ty::Class)
                                        .unwrap_or(Ty::Error);
                                }
                            }
                            return Ty::Class(c);
                        }
                        Entity::Class(d, dctx, denv) => {
                            let args = match &last.template_args {
                                Some(a) => self.resolve_template_args(a, ctx, env, diags),
                                None => vec![],
                            };
                            if d.template.is_some() && last.template_args.is_none() {
                                // Class template name inside its own definition refers to the current instance.
                                if let Some(cur) = self.enclosing_instance_of(&d, ctx) {
                                    return Ty::Class(cur);
                                }
                            }
                            return self
                                .instantiate_class(&d, dctx, &denv, args, q.span, diags)
                                .map(Ty::Class)
                                .unwrap_or(Ty::Error);
                        }
                        // The alias being resolved names something else
                        // of its name (`typedef struct State State;`).
                        Entity::Alias(a, actx, _)
                            if self
                                .resolving_aliases
                                .contains(&(Rc::as_ptr(&a) as usize, actx)) =>
                        {
                            if let Ctx::Class(c) = actx {
                                defining_class = Some(c);
                            }
                            continue;
                        }
                        // `typename remove_const<T>::type` (also through
                        // `remove_const_t<T>`) in a dependent signature
                        // stays as written: the host mangles it so.
                        Entity::Alias(_, Ctx::Class(scope), _)
                            if q.parts.len() > 1
                                && last.template_args.is_none()
                                && self.ty_is_dependent(&Ty::Class(scope)) =>
                        {
                            return Ty::DependentMember {
                                scope,
                                name: last.ident.clone(),
                            };
                        }
                        Entity::Alias(a, actx, aenv) => {
                            return self.resolve_alias(
                                &a,
                                actx,
                                &aenv,
                                last.template_args.as_deref(),
                                ctx,
                                env,
                                diags,
                            )
                        }
                        Entity::Enum(id) => return Ty::Enum(id),
                        _ => {}
                    }
                }
                // A member alias named like what it aliases (`typedef
                // Exchange<T, N> Exchange;` in a class): the name it uses
                // is looked up outside the class.
                if let Some(c) = defining_class.filter(|_| !q.global && q.parts.len() == 1) {
                    let outside = self.class(c).ctx;
                    return self.resolve_template_named_outside(q, outside, ctx, env, diags);
                }
                diags.push(Diagnostic::error(
                    q.span,
                    format!("'{}' does not name a type", q.to_string_lossy()),
                ));
                Ty::Error
            }
            Found::None => {
                if q.parts.len() == 1 || (q.parts.len() == 2 && q.parts[0].ident.as_ref() == "std")
                {
                    match last.ident.as_ref() {
                        "size_t" => return Ty::size_t(),
                        "ptrdiff_t" => return Ty::Int(IntKind::Long),
                        "nullptr_t" => return Ty::Nullptr,
                        "half" => return Ty::Float(FloatKind::Half),
                        _ => {}
                    }
                }
                let hint = if q.parts.len() == 1 && !q.global {
                    self.did_you_mean(&last.ident, ctx, env, Wanted::Type, &[])
                } else {
                    self.qualified_hint(q, ctx, env, Wanted::Type)
                };
                diags.push(Diagnostic::error(
                    q.span,
                    format!("unknown type name '{}'{hint}", q.to_string_lossy()),
                ));
                Ty::Error
            }
        }
    }

    /// Type `q`, whose name is looked up in `outside` (the scope around
    /// the class whose member alias has that name) and whose template
    /// arguments are read where they are written (`ctx`): in `typedef
    /// Layout<T, THREADS> Layout;`, `THREADS` is the class's own constant.
    fn resolve_template_named_outside(
        &mut self,
        q: &QualName,
        outside: Ctx,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Ty {
        let last = q.last();
        let Some(written) = &last.template_args else {
            return self.resolve_named_type(q, outside, env, diags);
        };
        let mut name = q.clone();
        if let Some(part) = name.parts.last_mut() {
            part.template_args = None;
        }
        let template = match self.lookup_qualified(&name, outside, env, diags) {
            Found::Entities(es) => es.into_iter().find_map(|e| match e {
                Entity::Class(d, dctx, denv) if d.template.is_some() => Some((d, dctx, denv)),
                _ => None,
            }),
            _ => None,
        };
        let Some((d, dctx, denv)) = template else {
            return self.resolve_named_type(q, outside, env, diags);
        };
        let args = self.resolve_template_args(written, ctx, env, diags);
        self.instantiate_class(&d, dctx, &denv, args, q.span, diags)
            .map(Ty::Class)
            .unwrap_or(Ty::Error)
    }

    fn enclosing_instance_of(&self, d: &Rc<ast::ClassDecl>, ctx: Ctx) -> Option<ClassId> {
        let mut cur = Some(ctx);
        while let Some(c) = cur {
            match c {
                Ctx::Class(id) => {
                    let ci = self.class(id);
                    if let Some(cd) = &ci.decl {
                        if Rc::ptr_eq(cd, d) {
                            return Some(id);
                        }
                    }
                    if let Some((td, _)) = &ci.template {
                        if Rc::ptr_eq(td, d) {
                            return Some(id);
                        }
                    }
                    cur = Some(ci.ctx);
                }
                Ctx::Func(f) => cur = Some(self.func(f).ctx),
                Ctx::Ns(_) => return None,
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn resolve_alias(
        &mut self,
        a: &Rc<ast::AliasDecl>,
        actx: Ctx,
        aenv: &Rc<Env>,
        args: Option<&[TemplateArg]>,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Ty {
        match self.alias_env(a, actx, aenv, args, ctx, env, diags) {
            Some(e) => self.resolve_alias_target(a, actx, &e, diags),
            None => Ty::Error,
        }
    }

    /// The environment the type of alias `a` is resolved in: for an alias
    /// template named with arguments, its parameters bound to them
    /// (defaults and packs completed); `None` where an argument fails,
    /// which fails the alias too, even where the alias does not use it
    /// (SFINAE through `std::void_t`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn alias_env(
        &mut self,
        a: &Rc<ast::AliasDecl>,
        actx: Ctx,
        aenv: &Rc<Env>,
        args: Option<&[TemplateArg]>,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Env> {
        let (Some(t), Some(args)) = (&a.template, args) else {
            return Some(Env {
                using_dirs: Vec::new(),
                entities: Vec::new(),
                bindings: Vec::new(),
                parent: Some(aenv.clone()),
            });
        };
        let vals = self.resolve_template_args(args, ctx, env, diags);
        if vals.iter().any(targ_is_error) {
            return None;
        }
        let vals = self.complete_template_args(t, vals, actx, aenv, a.span, diags)?;
        let bindings = t
            .params
            .iter()
            .zip(vals)
            .filter_map(|(p, v)| p.name.clone().map(|n| (n, v)))
            .collect();
        Some(Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings,
            parent: Some(aenv.clone()),
        })
    }

    /// The type alias `a` (declared in `actx`) stands for. While a
    /// non-template alias is resolved, its own name does not find it again:
    /// `typedef struct State State;` names the class; an alias with nothing
    /// else to find is an error, not a loop. (Alias templates, and member
    /// aliases of other instances, legitimately use themselves again.)
    fn resolve_alias_target(
        &mut self,
        a: &Rc<ast::AliasDecl>,
        actx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Ty {
        if a.template.is_some() {
            return self.resolve_type(&a.ty, actx, env, diags);
        }
        let key = (Rc::as_ptr(a) as usize, actx);
        if self.resolving_aliases.contains(&key) {
            diags.push(Diagnostic::error(
                a.span,
                format!("type alias '{}' refers to itself", a.name),
            ));
            return Ty::Error;
        }
        self.resolving_aliases.push(key);
        let ty = self.resolve_type(&a.ty, actx, env, diags);
        self.resolving_aliases.pop();
        ty
    }
}

pub(crate) fn builtin_ty(b: &ast::BuiltinSpec) -> Ty {
    if b.void {
        return Ty::Void;
    }
    if b.bool_ {
        return Ty::Bool;
    }
    if b.float {
        return Ty::Float(FloatKind::Float);
    }
    if b.double {
        return Ty::Float(if b.long > 0 {
            FloatKind::LongDouble
        } else {
            FloatKind::Double
        });
    }
    if b.half {
        return Ty::Float(FloatKind::Half);
    }
    if b.wchar {
        return Ty::Int(IntKind::WChar);
    }
    if b.char16 {
        return Ty::Int(IntKind::Char16);
    }
    if b.char32 {
        return Ty::Int(IntKind::Char32);
    }
    if b.int128 {
        return Ty::Int(if b.unsigned {
            IntKind::UInt128
        } else {
            IntKind::Int128
        });
    }
    let k = if b.char_ {
        if b.unsigned {
            IntKind::UChar
        } else if b.signed {
            IntKind::SChar
        } else {
            IntKind::Char
        }
    } else if b.short {
        if b.unsigned {
            IntKind::UShort
        } else {
            IntKind::Short
        }
    } else if b.long >= 2 {
        if b.unsigned {
            IntKind::ULongLong
        } else {
            IntKind::LongLong
        }
    } else if b.long == 1 {
        if b.unsigned {
            IntKind::ULong
        } else {
            IntKind::Long
        }
    } else if b.unsigned {
        IntKind::UInt
    } else {
        IntKind::Int
    };
    Ty::Int(k)
}

impl Sema {
    /// Whether the type `t` stands for is `const` at its top level: written
    /// so (`const int`), or naming a template type parameter bound to a
    /// `const` type (`T` with `T = const int`), or a type alias whose type
    /// is (`using CI = const int`, `typename add_const<T>::type`,
    /// `add_const_t<int>`), or an array of such elements (`const S[2]`:
    /// an array of const elements is itself const, so `const S (&)[2]`
    /// refers to a const object and `is_const_v<const S[2]>` holds).
    /// `Ty` keeps `const` only below pointers and references; template
    /// arguments keep it (`TArg::ConstType`).
    /// Is the pointee or referee `t` (resolved to `p`) `const`? A member
    /// left dependent (`std::add_const_t<T>`) is what is written: its
    /// constness is the instance's, which the signature does not name.
    fn pointee_const(&mut self, p: &Ty, t: &TypeExpr, ctx: Ctx, env: &Env) -> bool {
        match p {
            Ty::DependentMember { .. } => t.is_const,
            _ => self.top_level_const(t, ctx, env),
        }
    }

    /// Type `t` as a template argument or alias binds it: with its
    /// top-level `const` (`const float`, `remove_reference_t<const float
    /// &>`), which a `T *` made from it keeps.
    pub(crate) fn type_binding(
        &mut self,
        t: &TypeExpr,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> TArg {
        let ty = self.resolve_type(t, ctx, env, diags);
        let is_ref = matches!(ty, Ty::LRef(..) | Ty::RRef(_));
        if !is_ref && !ty.is_error() && self.top_level_const(t, ctx, env) {
            TArg::ConstType(ty)
        } else {
            TArg::Type(ty)
        }
    }

    pub(crate) fn top_level_const(&mut self, t: &TypeExpr, ctx: Ctx, env: &Env) -> bool {
        if t.is_const {
            return true;
        }
        if let TypeExprKind::Array(element, _) = &t.kind {
            return self.top_level_const(element, ctx, env);
        }
        // `decltype(x)` of a variable declared `const` (not a reference).
        if let TypeExprKind::Decltype {
            expr,
            parenthesized: false,
            ..
        } = &t.kind
        {
            let crate::front::ast::ExprKind::Name(q) = &expr.kind else {
                return false;
            };
            let var = match self
                .local_var(ctx, &q.last().ident)
                .filter(|_| q.is_simple())
            {
                Some(v) => Some(v),
                None => match self.lookup_qualified(q, ctx, env, &mut vec![]) {
                    Found::Entities(es) => es.into_iter().find_map(|e| match e {
                        Entity::Var(v) => Some(v),
                        _ => None,
                    }),
                    _ => None,
                },
            };
            return var.is_some_and(|v| self.var(v).is_const && !self.var(v).ty.is_ref());
        }
        let TypeExprKind::Named(q) = &t.kind else {
            return false;
        };
        match self.lookup_qualified(q, ctx, env, &mut vec![]) {
            Found::TemplateParam(a) => matches!(a, TArg::ConstType(_)),
            Found::Entities(es) => {
                let Some((a, actx, aenv)) = es.into_iter().find_map(|e| match e {
                    Entity::Alias(a, actx, aenv) => Some((a, actx, aenv)),
                    _ => None,
                }) else {
                    return false;
                };
                let key = (Rc::as_ptr(&a) as usize, actx);
                if self.resolving_aliases.contains(&key) || self.const_alias_depth > 64 {
                    return false;
                }
                let args = q.last().template_args.as_deref();
                let Some(alias_env) = self.alias_env(&a, actx, &aenv, args, ctx, env, &mut vec![])
                else {
                    return false;
                };
                self.const_alias_depth += 1;
                let is_const = self.top_level_const(&a.ty, actx, &alias_env);
                self.const_alias_depth -= 1;
                is_const
            }
            Found::None => false,
        }
    }
}

/// Did resolving this template argument fail?
fn targ_is_error(a: &TArg) -> bool {
    match a {
        TArg::Type(t) | TArg::ConstType(t) => t.is_error(),
        TArg::Pack(elems) => elems.iter().any(targ_is_error),
        TArg::Value(_) | TArg::ValueParam(_) | TArg::Var(_) | TArg::Func(_) | TArg::Template(_) => {
            false
        }
    }
}
