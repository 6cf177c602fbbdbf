//! Partial and explicit specializations of variable templates
//! (`template <class W> constexpr bool is_box_v<Box<W>> = true;`,
//! `template <> constexpr int rank_v<void> = 100;`): recorded with their
//! primary template, and chosen for an instance's arguments as class
//! template specializations are (`Sema::specialization_match`: the most
//! specialised pattern that matches).

use super::packs::flatten;
use super::templates::binding_env;
use super::*;
use crate::front::ast::{QualName, VarDecl};

/// A specialization's declaration, with the context and environment it was
/// declared in (or, once chosen, the environment binding its parameters).
pub(super) type VarInContext = (Rc<VarDecl>, Ctx, Rc<Env>);

impl Sema {
    /// Records specialization `v`, whose name `q` carries its pattern, with
    /// the variable template it specializes; one of no visible template is
    /// an error.
    pub(super) fn add_variable_template_specialization(
        &mut self,
        v: &Rc<VarDecl>,
        q: &QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) {
        let primary = QualName::simple(q.last().ident.clone(), q.span);
        let template = self
            .lookup_qualified_entities(&primary, ctx, env)
            .into_iter()
            .find_map(|e| match e {
                Entity::Var(id) if self.var(id).template.is_some() => Some(id),
                _ => None,
            });
        match template {
            Some(id) => self
                .variable_template_specializations
                .entry(id)
                .or_default()
                .push((v.clone(), ctx, env.clone())),
            None => self.diags.error(
                v.name_span,
                format!("'{}' specializes no variable template", v.name),
            ),
        }
    }

    /// The specialization of variable template `id` that arguments `args`
    /// select, with its parameters bound: the declaration, its context and
    /// environment.
    pub(super) fn variable_template_specialization(
        &mut self,
        id: VarId,
        args: &[TArg],
    ) -> Option<VarInContext> {
        let specs = self.variable_template_specializations.get(&id)?.clone();
        let flat = flatten(args);
        let mut chosen: Option<(VarInContext, (usize, usize))> = None;
        for (sd, sctx, senv) in specs {
            let Some(pats) = sd
                .qualified
                .as_ref()
                .and_then(|q| q.last().template_args.clone())
            else {
                continue;
            };
            let Some((bindings, rank)) =
                self.specialization_match(sd.template.as_ref(), &pats, &flat, sctx, &senv)
            else {
                continue;
            };
            if chosen.as_ref().is_none_or(|(_, r)| *r < rank) {
                chosen = Some(((sd.clone(), sctx, binding_env(bindings, senv)), rank));
            }
        }
        chosen.map(|(s, _)| s)
    }
}
