//! Explicit specializations of functions: of function templates
//! (`template <> float poly<3>(float)`, `template <> float2 splat(float)`,
//! also named with a namespace, `template <> int ns::f<2>()`), of member
//! functions of a class template's instance (`template <> void Gen<int>::f()`)
//! and of member function templates of such an instance (`template <>
//! template <> float Gen<unsigned>::next<float>()`).
//!
//! A specialization's template arguments are written (`poly<3>`) or deduced
//! from its function type, return type included, against the template it
//! specialises. Instances of the template with those arguments use the
//! specialization's body.

use std::rc::Rc;

use super::lookup::Found;
use super::templates::mentions_params;
use super::{ClassId, Ctx, DeclIn, Entity, Env, Sema, TArg, Ty};
use crate::front::ast::{FunctionDecl, QualName, TypeExpr, TypeExprKind};

impl Sema {
    /// `template <> R f<args>(params) {...}` met in `ctx`: recorded as the
    /// instance of the function templates `f` that take as many parameters
    /// (found in `ctx`, or in the namespace or class instance its name
    /// qualifies).
    pub(super) fn register_explicit_specialization(
        &mut self,
        f: &Rc<FunctionDecl>,
        ctx: Ctx,
        env: &Rc<Env>,
    ) {
        let name = f.name.last().ident.clone();
        let scope = if f.name.parts.len() > 1 {
            let mut head: QualName = f.name.clone();
            head.parts.pop();
            if head.last().template_args.is_some() {
                let class = TypeExpr {
                    kind: TypeExprKind::Named(head),
                    is_const: false,
                    is_volatile: false,
                    address_space: None,
                    constraint: None,
                    span: f.span,
                };
                if let Ty::Class(id) = self.resolve_type(&class, ctx, env, &mut vec![]) {
                    self.register_member_specialization(id, f);
                }
                return;
            }
            match self.lookup_qualified_entities(&head, ctx, env).first() {
                Some(Entity::Namespace(ns)) => Ctx::Ns(*ns),
                Some(Entity::ClassInst(id)) => {
                    self.register_member_specialization(*id, f);
                    return;
                }
                _ => return,
            }
        } else {
            ctx
        };
        let Found::Entities(es) = self.lookup_in_scope(scope, &name) else {
            return;
        };
        for e in es {
            if let Entity::Function(primary, _, _) = e {
                if primary.template.is_some() && primary.params.len() == f.params.len() {
                    self.explicit_specializations
                        .entry(Rc::as_ptr(&primary) as usize)
                        .or_default()
                        .push((f.clone(), ctx, env.clone()));
                }
            }
        }
    }

    /// `template <> [template <>] R C<args>::f[<targs>](params)`: a member
    /// of the instance `C<args>`, class `id`.
    fn register_member_specialization(&mut self, id: ClassId, f: &Rc<FunctionDecl>) {
        let of_member_template =
            f.name.last().template_args.is_some() || !f.outer_templates.is_empty();
        let name = f.name.last().ident.clone();
        if of_member_template {
            let declared = self.class(id).methods.iter().find(|m| {
                m.template.is_some()
                    && m.name.last().ident == name
                    && m.params.len() == f.params.len()
            });
            let Some(declared) = declared.cloned() else {
                return;
            };
            let merged = with_declaration(f, &declared);
            self.member_specializations
                .entry(id)
                .or_default()
                .push(Rc::new(merged));
            return;
        }
        // A member function of the instance: its definition there.
        let Some(index) = self.defined_member(id, f, false, true) else {
            return;
        };
        let declared = self.class(id).methods[index].clone();
        let merged = with_declaration(f, &declared);
        self.classes[id.0 as usize].methods[index] = Rc::new(merged);
    }

    /// The explicit specialization of function template `decl` (a member
    /// template of class `owner`, or not a member) for `targs`, if one was
    /// declared.
    pub(super) fn explicit_specialization_of(
        &mut self,
        decl: &Rc<FunctionDecl>,
        (decl_ctx, decl_env): (Ctx, &Rc<Env>),
        owner: Option<ClassId>,
        targs: &[TArg],
    ) -> Option<DeclIn> {
        let specs: Vec<DeclIn> = match owner {
            None => self
                .explicit_specializations
                .get(&(Rc::as_ptr(decl) as usize))?
                .clone(),
            Some(c) => {
                let env = self.class(c).env.clone();
                self.member_specializations
                    .get(&c)?
                    .iter()
                    .filter(|s| {
                        s.name.last().ident == decl.name.last().ident
                            && s.params.len() == decl.params.len()
                    })
                    .map(|s| (s.clone(), Ctx::Class(c), env.clone()))
                    .collect()
            }
        };
        specs.into_iter().find(|(spec, ctx, env)| {
            let args = match &spec.name.last().template_args {
                Some(args) => self.resolve_template_args(args, *ctx, env, &mut vec![]),
                None => {
                    match self.deduce_specialization(decl, (decl_ctx, decl_env), spec, (*ctx, env))
                    {
                        Some(args) => args,
                        None => return false,
                    }
                }
            };
            args.len() <= targs.len() && args[..] == targs[..args.len()]
        })
    }

    /// The arguments of template `decl` that specialization `spec` (written
    /// without them) stands for, deduced from its return and parameter types.
    fn deduce_specialization(
        &mut self,
        decl: &Rc<FunctionDecl>,
        (decl_ctx, decl_env): (Ctx, &Rc<Env>),
        spec: &FunctionDecl,
        (ctx, env): (Ctx, &Rc<Env>),
    ) -> Option<Vec<TArg>> {
        let names: Vec<Rc<str>> = decl
            .template
            .as_ref()?
            .params
            .iter()
            .filter_map(|p| p.name.clone())
            .collect();
        let mut from_return = vec![];
        if mentions_params(&decl.ret, &names) {
            let ret: Ty = self.resolve_type(&spec.ret, ctx, env, &mut vec![]);
            if !self.match_type(
                &decl.ret,
                &ret,
                &names,
                decl_ctx,
                decl_env,
                &mut from_return,
            ) {
                return None;
            }
        }
        let params: Vec<(Ty, bool)> = spec
            .params
            .iter()
            .map(|p| (self.resolve_type(&p.ty, ctx, env, &mut vec![]), true))
            .collect();
        self.deduce_call_from(decl, decl_ctx, decl_env, &[], &params, from_return)
    }
}

/// Specialization `f` with what only the member's declaration in the class
/// says (`static`, `inline`, default arguments, attributes).
fn with_declaration(f: &FunctionDecl, declared: &FunctionDecl) -> FunctionDecl {
    let mut merged = f.clone();
    merged.explicit_specialization = false;
    merged.is_static |= declared.is_static;
    merged.is_inline |= declared.is_inline;
    super::decls::inherit_from_declaration(&mut merged, declared);
    merged
}
