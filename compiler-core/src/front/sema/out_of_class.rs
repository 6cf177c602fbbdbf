//! Definitions written outside the scope they belong to: member functions of
//! classes and class templates (`int box<D>::get() const { ... }`,
//! `box::box(int v) : v(v) {}`, `template <int D> template <class F> int
//! box<D>::apply(F f) const`) and namespace functions defined with a
//! qualified name (`float ns::len(P p) { ... }`).
//!
//! A member definition is recorded by the class declaration it belongs to and
//! attached to the member it defines in every instance of that class: the
//! ones that exist when the definition is met and the ones instantiated
//! later. The definition keeps what only the in-class declaration says
//! (`static`, `explicit`, `virtual`, default arguments, attributes).
//! Definitions of static data members of class templates (`template <class
//! T> const int S<T>::w = sizeof(T);`) are recorded and attached the same
//! way, each instance's member initialized with its own arguments.

use std::rc::Rc;

use super::decls::{inherit_from_declaration, Pending};
use super::{ClassId, Ctx, Entity, Env, Sema, TArg};
use crate::front::ast::{ClassDecl, FunctionDecl, QualName, TemplateHeader, VarDecl};

impl Sema {
    /// `f`, whose name is qualified, met in `ctx`.
    pub(super) fn collect_qualified_definition(
        &mut self,
        f: &Rc<FunctionDecl>,
        ctx: Ctx,
        env: &Rc<Env>,
        to_check: &mut Pending,
    ) {
        let mut head = f.name.clone();
        head.parts.pop();
        if let Some(last) = head.parts.last_mut() {
            // `box<D>::get`: the template itself, not an instance.
            last.template_args = None;
        }
        let mut keys = vec![];
        for e in self.lookup_qualified_entities(&head, ctx, env) {
            match e {
                Entity::Namespace(ns) => {
                    self.define_namespace_member(f, Ctx::Ns(ns), env, to_check);
                    return;
                }
                Entity::Class(decl, _, _) => keys.push(Rc::as_ptr(&decl) as usize),
                Entity::ClassInst(id) => keys.extend(
                    self.class(id)
                        .decl
                        .as_ref()
                        .map(|decl| Rc::as_ptr(decl) as usize),
                ),
                _ => {}
            }
        }
        if keys.is_empty() {
            // `Outer<T>::Inner<U>::get`: a member class template of a class
            // template, found in the template's own declaration.
            keys.extend(
                self.member_class_template(&head, ctx, env)
                    .map(|decl| Rc::as_ptr(&decl) as usize),
            );
        }
        if let Some(key) = keys.first().copied() {
            self.out_of_class_defs
                .entry(key)
                .or_default()
                .push(f.clone());
            let instances = self.attach_to_instances(key);
            // A member function of a class (not a template) defined here is
            // code this unit emits, called here or not: its body is checked
            // (in source order) for the kernels it launches.
            if f.template.is_none() && f.outer_templates.is_empty() && f.body.is_some() {
                for id in instances {
                    let ci = self.class(id);
                    if ci.template.is_some() {
                        continue;
                    }
                    let env = ci.env.clone();
                    if let Some(merged) = ci
                        .methods
                        .iter()
                        .find(|m| m.span == f.span && m.body.is_some())
                    {
                        to_check.push((merged.clone(), Ctx::Class(id), env));
                    }
                }
            }
        }
    }

    /// `v`, a static data member of a class template defined outside it
    /// (`template <class T> const int S<T>::w = sizeof(T);`): recorded for
    /// every instance of the template. False when `v` is something else.
    pub(super) fn collect_static_member_template_definition(
        &mut self,
        v: &Rc<VarDecl>,
        q: &QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> bool {
        if v.template.as_ref().is_none_or(|t| t.params.is_empty()) {
            return false;
        }
        let mut head = q.clone();
        head.parts.pop();
        if let Some(last) = head.parts.last_mut() {
            last.template_args = None;
        }
        let class = self
            .lookup_qualified_entities(&head, ctx, env)
            .into_iter()
            .find_map(|e| match e {
                Entity::Class(decl, _, _) if decl.template.is_some() => Some(decl),
                _ => None,
            })
            .or_else(|| self.member_class_template(&head, ctx, env));
        let Some(key) = class.map(|decl| Rc::as_ptr(&decl) as usize) else {
            return false;
        };
        self.out_of_class_vars
            .entry(key)
            .or_default()
            .push(v.clone());
        self.attach_to_instances(key);
        true
    }

    /// Attaches the definitions recorded under `key` to every class made
    /// from that declaration so far; returns those classes.
    fn attach_to_instances(&mut self, key: usize) -> Vec<ClassId> {
        let instances: Vec<ClassId> = (0..self.classes.len() as u32)
            .map(ClassId)
            .filter(|c| class_key(self, *c) == Some(key))
            .collect();
        for &id in &instances {
            self.attach_out_of_class_definitions(id);
        }
        instances
    }

    /// The class template `head` names inside another class template's
    /// declaration (`Outer<T>::Inner` with `T` a parameter of the
    /// definition, which no lookup knows).
    fn member_class_template(
        &mut self,
        head: &QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<Rc<ClassDecl>> {
        let rest = head.parts.get(1..).filter(|r| !r.is_empty())?;
        let mut outer = head.clone();
        outer.parts.truncate(1);
        outer.parts[0].template_args = None;
        let mut class = self
            .lookup_qualified_entities(&outer, ctx, env)
            .into_iter()
            .find_map(|e| match e {
                Entity::Class(decl, _, _) if decl.template.is_some() => Some(decl),
                _ => None,
            })?;
        for part in rest {
            class = class.members.as_ref()?.iter().find_map(|m| match &m.decl {
                crate::front::ast::Decl::Class(c)
                    if c.name.as_deref() == Some(&*part.ident) && c.members.is_some() =>
                {
                    Some(c.clone())
                }
                _ => None,
            })?;
        }
        Some(class)
    }

    /// Gives the static data members of class template instance `id`
    /// declared without an initializer the definitions recorded for its
    /// template.
    fn attach_static_member_definitions(&mut self, id: ClassId, key: usize) {
        let Some(defs) = self.out_of_class_vars.get(&key).cloned() else {
            return;
        };
        let Some(declared) = self
            .class(id)
            .template
            .as_ref()
            .and_then(|(d, _)| d.template.clone())
        else {
            return;
        };
        for def in defs {
            let Some(written) = &def.template else {
                continue;
            };
            self.bind_definition_parameters(id, written, &declared);
            let env = self.class(id).env.clone();
            let vars: Vec<_> = self
                .class(id)
                .members
                .get(&def.name)
                .into_iter()
                .flatten()
                .filter_map(|e| match e {
                    Entity::Var(var) => Some(*var),
                    _ => None,
                })
                .collect();
            for var in vars {
                if let Some(global) = &mut self.vars[var.0 as usize].global {
                    global.2 = env.clone();
                }
                self.define_static_member(var, &def, false);
            }
        }
    }

    /// `float ns::len(P p) { ... }`: the definition of `ns::len`.
    fn define_namespace_member(
        &mut self,
        f: &Rc<FunctionDecl>,
        ns: Ctx,
        env: &Rc<Env>,
        to_check: &mut Pending,
    ) {
        let name = f.name.last().ident.clone();
        match self.merge_redeclaration(ns, &name, f, env) {
            Some(Some(definition)) => {
                if definition.template.is_none() {
                    to_check.push((definition, ns, env.clone()));
                }
            }
            Some(None) => {}
            None => {
                self.add_member(ns, name, Entity::Function(f.clone(), ns, env.clone()));
                if f.template.is_none() && f.body.is_some() {
                    to_check.push((f.clone(), ns, env.clone()));
                }
            }
        }
    }

    /// Gives the members of class `id` declared without a body the
    /// out-of-class definitions recorded for its class.
    pub(super) fn attach_out_of_class_definitions(&mut self, id: ClassId) {
        let Some(key) = class_key(self, id) else {
            return;
        };
        self.attach_static_member_definitions(id, key);
        let Some(defs) = self.out_of_class_defs.get(&key).cloned() else {
            return;
        };
        let class_template = self
            .class(id)
            .template
            .as_ref()
            .and_then(|(d, _)| d.template.clone());
        for def in defs {
            let attached = self
                .class(id)
                .methods
                .iter()
                .any(|m| m.span == def.span && m.body.is_some());
            if attached {
                continue;
            }
            // One header per template-id of the qualifier (`Outer<T>::
            // Inner<U>::`), the innermost being the class's own, then the
            // member's when it is a template itself.
            let mut headers: Vec<TemplateHeader> = def.outer_templates.clone();
            headers.extend(def.template.clone());
            let qualifier = &def.name.parts[..def.name.parts.len().saturating_sub(1)];
            let class_levels = qualifier
                .iter()
                .filter(|p| p.template_args.is_some())
                .count();
            let member_header = if headers.len() > class_levels {
                headers.pop()
            } else {
                None
            };
            if headers.len() > class_levels {
                continue;
            }
            let class_header = match &class_template {
                Some(_) => match headers.pop() {
                    Some(h) => Some(h),
                    None => continue,
                },
                None => None,
            };
            if let (Some(written), Some(declared)) = (&class_header, &class_template) {
                self.bind_definition_parameters(id, written, declared);
            }
            let Some(index) = self.defined_member(id, &def, member_header.is_some(), false) else {
                continue;
            };
            let declared = self.classes[id.0 as usize].methods[index].clone();
            let mut merged = (*def).clone();
            merged.template = member_header;
            merged.outer_templates = class_header.into_iter().collect();
            merged.is_static |= declared.is_static;
            merged.is_virtual |= declared.is_virtual;
            merged.is_explicit |= declared.is_explicit;
            merged.is_constexpr |= declared.is_constexpr;
            merged.is_inline |= declared.is_inline || declared.is_constexpr;
            if merged.noexcept.is_none() {
                merged.noexcept = declared.noexcept.clone();
            }
            inherit_from_declaration(&mut merged, &declared);
            self.classes[id.0 as usize].methods[index] = Rc::new(merged);
        }
    }

    /// `template <int N> int box<N>::get()` for `template <int D> struct
    /// box`: the definition's names for the class's parameters stand for the
    /// instance's arguments too.
    fn bind_definition_parameters(
        &mut self,
        id: ClassId,
        written: &TemplateHeader,
        declared: &TemplateHeader,
    ) {
        let env = self.class(id).env.clone();
        let bindings: Vec<(Rc<str>, TArg)> = written
            .params
            .iter()
            .zip(&declared.params)
            .filter_map(|(w, d)| {
                let (w, d) = (w.name.clone()?, d.name.as_ref()?);
                if &w == d || env.get(&w).is_some() {
                    return None;
                }
                Some((w, env.get(d)?.clone()))
            })
            .collect();
        if !bindings.is_empty() {
            self.classes[id.0 as usize].env = Rc::new(Env {
                using_dirs: Vec::new(),
                entities: Vec::new(),
                bindings,
                parent: Some(env),
            });
        }
    }

    /// The index in class `id`'s methods of the member `def` defines: same
    /// name, kind, parameter count, constness and templateness, declared
    /// without a body unless `replacing` (an explicit specialization takes
    /// the place of the template's definition); parameter types decide
    /// between overloads.
    pub(super) fn defined_member(
        &mut self,
        id: ClassId,
        def: &FunctionDecl,
        template: bool,
        replacing: bool,
    ) -> Option<usize> {
        let name = def.name.last().ident.clone();
        let candidates: Vec<usize> = self
            .class(id)
            .methods
            .iter()
            .enumerate()
            .filter(|(_, m)| {
                (replacing || (m.body.is_none() && !m.deleted && !m.defaulted))
                    && m.name.last().ident == name
                    && m.kind == def.kind
                    && m.params.len() == def.params.len()
                    && m.is_const == def.is_const
                    && m.ref_qualifier == def.ref_qualifier
                    && m.template.is_some() == template
            })
            .map(|(i, _)| i)
            .collect();
        if candidates.len() <= 1 {
            return candidates.first().copied();
        }
        let (ctx, env) = (Ctx::Class(id), self.class(id).env.clone());
        let wanted = self.declared_signature(def, ctx, &env)?;
        candidates.into_iter().find(|&i| {
            let m = self.class(id).methods[i].clone();
            self.declared_signature(&m, ctx, &env).as_ref() == Some(&wanted)
        })
    }
}

/// The class declaration out-of-class definitions of class `id`'s members
/// are recorded under: the primary template of an instance made from it, the
/// class's own declaration otherwise.
fn class_key(sema: &Sema, id: ClassId) -> Option<usize> {
    let class = sema.class(id);
    let decl = class.decl.as_ref()?;
    match &class.template {
        Some((primary, _)) if !Rc::ptr_eq(primary, decl) => None,
        _ => Some(Rc::as_ptr(decl) as usize),
    }
}
