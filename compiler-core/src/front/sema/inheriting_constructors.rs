//! Inheriting constructors (`using Base::Base;`). Each constructor of the
//! base but its default, copy and move constructors becomes a constructor
//! of the derived class with the same parameters, which passes them on to
//! the base's (`Derived(int a) : Base(static_cast<int&&>(a)) {}`); the
//! derived class's own members get their default initializers. A
//! constructor the derived class declares with the same parameters hides
//! the inherited one.

use std::rc::Rc;

use super::types::Ty;
use super::{ClassId, Ctx, Sema};
use crate::front::ast::{
    self as a, CastKind, CtorInit, ExprKind, FunctionKind, QualName, StmtKind, TypeExprKind,
};
use crate::front::ast_build;

/// Whether `using q;` in a class names constructors: `Base::Base`,
/// `Base<T>::Base`.
pub(super) fn names_constructors(q: &QualName) -> bool {
    let n = q.parts.len();
    n >= 2 && q.parts[n - 1].ident == q.parts[n - 2].ident
}

impl Sema {
    /// Gives class `id` the constructors `using` (which
    /// [`names_constructors`]) inherits.
    pub(super) fn inherit_constructors(&mut self, id: ClassId, using: &QualName) {
        let mut base_name = using.clone();
        base_name.parts.pop();
        let env = self.class(id).env.clone();
        let base_ty = ast_build::type_expr(TypeExprKind::Named(base_name.clone()), using.span);
        let Ty::Class(base) = self.resolve_type(&base_ty, Ctx::Class(id), &env, &mut vec![]) else {
            return;
        };
        let derived_name = self.class(id).name.clone();
        let own: Vec<_> = self
            .constructors(id)
            .iter()
            .map(|o| self.declared_signature(o, Ctx::Class(id), &env))
            .collect();
        for ctor in self.constructors(base) {
            if ctor.deleted || ctor.params.is_empty() || self.copies_or_moves(base, &ctor) {
                continue;
            }
            let inherited = inheriting_constructor(&ctor, &derived_name, &base_name);
            let signature = self.declared_signature(&inherited, Ctx::Class(id), &env);
            if !own.contains(&signature) {
                self.classes[id.0 as usize].methods.push(Rc::new(inherited));
            }
        }
    }

    /// Whether constructor `ctor` of `class` is its copy or move
    /// constructor: its one parameter a reference to the class.
    fn copies_or_moves(&mut self, class: ClassId, ctor: &a::FunctionDecl) -> bool {
        if ctor.template.is_some() || ctor.params.iter().skip(1).any(|p| p.default.is_none()) {
            return false;
        }
        let env = self.class(class).env.clone();
        let ty = self.resolve_type(&ctor.params[0].ty, Ctx::Class(class), &env, &mut vec![]);
        matches!(ty, Ty::LRef(..) | Ty::RRef(_) if ty.non_ref() == &Ty::Class(class))
    }
}

/// `Derived(P1 a, P2 b) : Base(static_cast<P1&&>(a), static_cast<P2&&>(b)) {}`
/// for the base constructor `Base(P1 a, P2 b)`.
fn inheriting_constructor(
    ctor: &a::FunctionDecl,
    derived: &Rc<str>,
    base: &QualName,
) -> a::FunctionDecl {
    let span = ctor.span;
    let params: Vec<a::Param> = ctor
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| a::Param {
            name: Some(
                p.name
                    .clone()
                    .unwrap_or_else(|| Rc::from(format!("__syclone_arg{i}"))),
            ),
            ..p.clone()
        })
        .collect();
    let args = params.iter().map(forwarded).collect();
    a::FunctionDecl {
        name: QualName::simple(derived.clone(), ctor.name.span),
        kind: FunctionKind::Constructor,
        params,
        ctor_inits: vec![CtorInit {
            name: base.clone(),
            args,
            span,
            pack: false,
        }],
        body: Some(a::Stmt {
            kind: StmtKind::Compound(vec![]),
            span,
        }),
        ..ctor.clone()
    }
}

/// Parameter `p` passed on as it came: `static_cast<P&&>(p)`, expanded
/// for a pack.
fn forwarded(p: &a::Param) -> a::Expr {
    let span = p.span;
    let ty = match p.ty.kind {
        TypeExprKind::LRef(_) | TypeExprKind::RRef(_) => p.ty.clone(),
        _ => ast_build::type_expr(TypeExprKind::RRef(Box::new(p.ty.clone())), span),
    };
    let name = ast_build::name(p.name.as_deref().unwrap_or_default(), span);
    let cast = a::Expr {
        kind: ExprKind::Cast(CastKind::Static, Box::new(ty), Box::new(name)),
        span,
    };
    if p.pack {
        a::Expr {
            kind: ExprKind::PackExpansion(Box::new(cast)),
            span,
        }
    } else {
        cast
    }
}
