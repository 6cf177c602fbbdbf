//! Template template parameters: a class or alias template passed as a
//! template argument (`Holder<std::vector>`, `f<Box>()`) becomes
//! [`TArg::Template`], and a use of the parameter with arguments
//! (`C<int, 3>`) instantiates the template it names.

use super::*;
use crate::front::ast::{QualName, TemplateArg};

impl Sema {
    /// The template argument for entity `e` when it is a class or alias
    /// template (named without arguments).
    pub(crate) fn template_name_arg(&mut self, e: &Entity) -> Option<TArg> {
        let key = match e {
            Entity::Class(d, ..) if d.template.is_some() => Rc::as_ptr(d) as usize,
            Entity::Alias(a, ..) if a.template.is_some() => Rc::as_ptr(a) as usize,
            _ => return None,
        };
        if let Some(id) = self.template_name_ids.get(&key) {
            return Some(TArg::Template(*id));
        }
        let id = TemplateId(self.template_names.len() as u32);
        self.template_names.push(e.clone());
        self.template_name_ids.insert(key, id);
        Some(TArg::Template(id))
    }

    /// The template a template template parameter's default names.
    pub(crate) fn template_name_of(&mut self, q: &QualName, ctx: Ctx, env: &Env) -> Option<TArg> {
        match self.lookup_qualified(q, ctx, env, &mut vec![]) {
            super::lookup::Found::TemplateParam(t @ TArg::Template(_)) => Some(t),
            super::lookup::Found::Entities(es) => es.iter().find_map(|e| self.template_name_arg(e)),
            _ => None,
        }
    }

    /// `C<args>` where `C` is a template template parameter bound to `id`.
    pub(crate) fn instantiate_template_name(
        &mut self,
        id: TemplateId,
        args: &[TemplateArg],
        ctx: Ctx,
        env: &Env,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Ty {
        match self.template_names[id.0 as usize].clone() {
            Entity::Class(d, dctx, denv) => {
                let vals = self.resolve_template_args(args, ctx, env, diags);
                self.instantiate_class(&d, dctx, &denv, vals, span, diags)
                    .map(Ty::Class)
                    .unwrap_or(Ty::Error)
            }
            Entity::Alias(a, actx, aenv) => {
                self.resolve_alias(&a, actx, &aenv, Some(args), ctx, env, diags)
            }
            _ => Ty::Error,
        }
    }

    /// The declaration `id` names: its name, and its scope for mangling.
    pub(crate) fn template_name_decl(&self, id: TemplateId) -> (Rc<str>, Ctx) {
        match &self.template_names[id.0 as usize] {
            Entity::Class(d, ctx, _) => (d.name.clone().unwrap_or_else(|| Rc::from("")), *ctx),
            Entity::Alias(a, ctx, _) => (a.name.clone(), *ctx),
            _ => (Rc::from(""), Ctx::Ns(GLOBAL_NS)),
        }
    }
}
