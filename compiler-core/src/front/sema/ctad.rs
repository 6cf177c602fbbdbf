//! Class template argument deduction (C++17 [over.match.class.deduct]):
//! `sycl::buffer b{v};`, `accessor a{b, h, read_only};`, `range{n}`. The
//! candidates are the class template's deduction guides, each treated as a
//! function template whose return type is the deduced specialization, and
//! chosen by ordinary overload resolution. (Guides implied by constructors
//! are not generated yet: a template needs written guides to be deduced.)

use super::overload::Candidate;
use super::thir::Expr as TExpr;
use super::*;
use crate::front::ast::{self as a, TypeExprKind};

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
            name: a::QualName::simple(g.name.clone(), g.span),
            kind: a::FunctionKind::Normal,
            template: g.template.clone(),
            outer_templates: vec![],
            explicit_specialization: false,
            attrs: a::Attributes::default(),
            ret: g.result.clone(),
            trailing_return: true,
            params: g.params.clone(),
            variadic: g.variadic,
            is_static: false,
            is_inline: true,
            is_constexpr: false,
            is_virtual: false,
            is_explicit: g.is_explicit,
            is_const: false,
            is_extern_c: false,
            is_pure: false,
            noexcept: None,
            deleted: false,
            defaulted: false,
            ctor_inits: vec![],
            body: None,
            span: g.span,
        });
        self.add_member(
            ctx,
            guide_key(&g.name),
            Entity::Function(decl, ctx, env.clone()),
        );
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
    pub(crate) fn deduce_class_type(
        &mut self,
        t: &a::TypeExpr,
        args: &[TExpr],
        ctx: Ctx,
        env: &Env,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Ty {
        let TypeExprKind::Named(q) = &t.kind else {
            return Ty::Error;
        };
        let name = q.last().ident.clone();
        let mut guides = q.clone();
        if let Some(last) = guides.parts.last_mut() {
            last.ident = guide_key(&name);
        }
        let cands: Vec<Candidate> = self
            .lookup_qualified_entities(&guides, ctx, env)
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
            .collect();
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
