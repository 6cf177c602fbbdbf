//! C++20 constraints: concepts, satisfaction and subsumption.
//!
//! A concept is a variable template in name lookup ([`VarInfo::concept`]);
//! the value of `C<args>` is whether its constraint is satisfied for the
//! arguments. Satisfaction follows [temp.constr]: a conjunction or
//! disjunction is satisfied as `&&`/`||` are (the second operand not
//! substituted when the first decides), a concept-id by its concept's
//! constraint, and an atomic constraint when it is a constant `true`; a
//! substitution failure (an invalid type or expression for these
//! arguments) makes it unsatisfied, never an error. Unsatisfied
//! constraints say why, in clang's words ("because 'C<int>' evaluated to
//! false"), down to the atomic constraint that failed.
//!
//! Overload resolution and partial specialization drop the candidates whose
//! associated constraints (the template header's and the trailing
//! requires-clause) are not satisfied, and prefer the more constrained of
//! two otherwise equal ones: constraints are normalized into conjunctions
//! and disjunctions of atomic constraints (concept-ids expanded), an atomic
//! constraint being the same as another when it is the same expression of
//! the same concept with the same arguments, and one normal form subsumes
//! another when every disjunctive clause of the first implies every
//! conjunctive clause of the second ([temp.constr.order]).

use super::lookup::Found;
use super::packs::PatternNames;
use super::*;
use crate::diag::Severity;
use crate::front::ast::{BinOp, Expr, ExprKind, QualName, TemplateArg, TemplateHeader};

/// One note of an unsatisfied constraint: where, and why ("because ...").
pub(crate) type Because = (Span, String);

#[derive(Clone, Debug)]
pub(crate) enum Satisfaction {
    Satisfied,
    Unsatisfied(Vec<Because>),
    /// An atomic constraint the device compiler cannot evaluate (the host
    /// compiler checks it): treated as satisfied.
    Unknown,
}

impl Satisfaction {
    pub(crate) fn is_unsatisfied(&self) -> bool {
        matches!(self, Satisfaction::Unsatisfied(_))
    }
}

/// Deepest nesting of concepts satisfied inside one another (a concept
/// whose constraint names itself through others never ends).
const MAX_CONCEPT_DEPTH: usize = 64;

/// A constraint in normal form: atomic constraints (by expression and the
/// arguments of the concept it belongs to) in conjunctions and disjunctions.
#[derive(Clone, Debug)]
enum Norm {
    Atom(Atom),
    And(Box<Norm>, Box<Norm>),
    Or(Box<Norm>, Box<Norm>),
}

#[derive(Clone, Debug, PartialEq)]
struct Atom {
    expr: usize,
    mapping: Vec<TArg>,
}

/// Most clauses a normal form is expanded into before subsumption gives up
/// (it then says "not subsumed").
const MAX_CLAUSES: usize = 256;

impl Sema {
    /// The concept `q` names, if it names one.
    pub(crate) fn concept_named(&mut self, q: &QualName, ctx: Ctx, env: &Env) -> Option<VarId> {
        match self.lookup_qualified(q, ctx, env, &mut vec![]) {
            Found::Entities(es) => es.iter().find_map(|e| match e {
                Entity::Var(v) if self.var(*v).concept.is_some() => Some(*v),
                _ => None,
            }),
            _ => None,
        }
    }

    /// `C<args>` of concept `id`: its arguments resolved in `ctx`/`env`
    /// (`first` before the written ones, for a type-constraint), completed
    /// with default arguments. None when an argument does not exist for
    /// these template arguments (a substitution failure).
    fn concept_args(
        &mut self,
        id: VarId,
        first: Option<TArg>,
        written: &[TemplateArg],
        ctx: Ctx,
        env: &Env,
        span: Span,
    ) -> Option<Vec<TArg>> {
        let concept = self.var(id).concept.clone()?;
        let (_, cctx, cenv) = self.var(id).template.clone()?;
        let mut d = vec![];
        let mut args: Vec<TArg> = first.into_iter().collect();
        args.extend(self.resolve_template_args(written, ctx, env, &mut d));
        if d.iter().any(|x| x.severity == Severity::Error) || args.iter().any(targ_is_error) {
            return None;
        }
        self.complete_template_args(&concept.template, args, cctx, &cenv, span, &mut d)
    }

    /// The value of concept-id `q` (`C<int>` in an expression): whether the
    /// concept is satisfied, a `bool`; None when that is unknown.
    pub(crate) fn concept_id_value(
        &mut self,
        id: VarId,
        q: &QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<(i128, Ty)> {
        let written = q.last().template_args.clone().unwrap_or_default();
        let sat = match self.concept_args(id, None, &written, ctx, env, q.span) {
            Some(args) => self.concept_satisfaction(id, args),
            None => Satisfaction::Unsatisfied(vec![]),
        };
        match sat {
            Satisfaction::Satisfied => Some((1, Ty::Bool)),
            Satisfaction::Unsatisfied(_) => Some((0, Ty::Bool)),
            Satisfaction::Unknown => None,
        }
    }

    /// Does a template argument name an unsubstituted template parameter
    /// (in a signature resolved as declared)? Constraints are not checked
    /// for such arguments.
    pub(crate) fn targ_is_dependent(&self, a: &TArg) -> bool {
        match a {
            TArg::Type(t) | TArg::ConstType(t) => self.ty_is_dependent(t),
            TArg::ValueParam(_) => true,
            TArg::Pack(es) => es.iter().any(|e| self.targ_is_dependent(e)),
            _ => false,
        }
    }

    pub(crate) fn ty_is_dependent(&self, t: &Ty) -> bool {
        match t {
            Ty::Param(_) | Ty::DependentMember { .. } | Ty::DependentArray { .. } => true,
            Ty::Ptr { pointee: t, .. } | Ty::LRef(t, _) | Ty::RRef(t) | Ty::Array(t, _) => {
                self.ty_is_dependent(t)
            }
            Ty::Function { ret, params, .. } => {
                self.ty_is_dependent(ret) || params.iter().any(|p| self.ty_is_dependent(p))
            }
            Ty::Class(c) => self
                .class(*c)
                .template
                .as_ref()
                .is_some_and(|(_, args)| args.iter().any(|a| self.targ_is_dependent(a))),
            _ => false,
        }
    }

    /// Whether concept `id` is satisfied for `args` (cached).
    pub(crate) fn concept_satisfaction(&mut self, id: VarId, args: Vec<TArg>) -> Satisfaction {
        if args.iter().any(|a| self.targ_is_dependent(a)) {
            return Satisfaction::Unknown;
        }
        let key = (id, args);
        if let Some(s) = self.satisfactions.get(&key) {
            return s.clone();
        }
        if self.satisfying.contains(&key) || self.satisfying.len() >= MAX_CONCEPT_DEPTH {
            // Satisfaction that depends on itself: not a constant.
            return Satisfaction::Unknown;
        }
        let (Some(concept), Some((_, cctx, cenv))) =
            (self.var(id).concept.clone(), self.var(id).template.clone())
        else {
            return Satisfaction::Unknown;
        };
        self.satisfying.push(key.clone());
        let benv = super::templates::bound_env(&concept.template, &key.1, cenv);
        let s = self.constraint_satisfaction(&concept.constraint, cctx, &benv);
        self.satisfying.pop();
        self.satisfactions.insert(key, s.clone());
        s
    }

    /// Whether constraint expression `e` is satisfied with the template
    /// parameters bound in `env`.
    pub(crate) fn constraint_satisfaction(
        &mut self,
        e: &Expr,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Satisfaction {
        use Satisfaction::*;
        match &e.kind {
            ExprKind::Binary(BinOp::LogAnd, l, r) => {
                match self.constraint_satisfaction(l, ctx, env) {
                    Unsatisfied(n) => Unsatisfied(n),
                    Satisfied => self.constraint_satisfaction(r, ctx, env),
                    Unknown => match self.constraint_satisfaction(r, ctx, env) {
                        Unsatisfied(n) => Unsatisfied(n),
                        _ => Unknown,
                    },
                }
            }
            ExprKind::Binary(BinOp::LogOr, l, r) => match self.constraint_satisfaction(l, ctx, env)
            {
                Satisfied => Satisfied,
                Unsatisfied(mut nl) => match self.constraint_satisfaction(r, ctx, env) {
                    Unsatisfied(nr) => {
                        nl.extend(nr);
                        Unsatisfied(nl)
                    }
                    s => s,
                },
                Unknown => match self.constraint_satisfaction(r, ctx, env) {
                    Satisfied => Satisfied,
                    _ => Unknown,
                },
            },
            ExprKind::Name(q) if q.last().template_args.is_some() => {
                let Some(id) = self.concept_named(q, ctx, env) else {
                    return self.atomic_satisfaction(e, ctx, env);
                };
                let text = self.name_text(q, env);
                let written = q.last().template_args.clone().unwrap_or_default();
                let Some(args) = self.concept_args(id, None, &written, ctx, env, q.span) else {
                    return Unsatisfied(vec![(
                        e.span,
                        format!("because substituted constraint expression '{text}' is ill-formed"),
                    )]);
                };
                match self.concept_satisfaction(id, args) {
                    Unsatisfied(notes) => {
                        let first = match (type_constraint_form(q), written.as_slice()) {
                            // `template <C T>`: clang's "'X' does not satisfy 'C'".
                            (Some(rest), _) => {
                                let arg = match written.first() {
                                    Some(a) => self.targ_text(a, env),
                                    None => String::new(),
                                };
                                format!(
                                    "because '{arg}' does not satisfy '{}'",
                                    self.concept_spelling(&rest, env)
                                )
                            }
                            // So is a concept-id of one argument (`std::integral<T>`).
                            (None, [only]) => format!(
                                "because '{}' does not satisfy '{}'",
                                self.targ_text(only, env),
                                q.last().ident
                            ),
                            (None, _) => format!("because '{text}' evaluated to false"),
                        };
                        let mut all = vec![(e.span, first)];
                        all.extend(notes);
                        Unsatisfied(all)
                    }
                    s => s,
                }
            }
            ExprKind::Requires(r) => {
                let r = r.clone();
                match self.in_expression_scope(ctx, env.clone(), e.span, |s| s.requires_outcome(&r))
                {
                    Ok(()) => Satisfied,
                    Err(notes) => Unsatisfied(notes),
                }
            }
            // `(C<Ts> && ...)`: each element in turn, so the note names the
            // one that fails.
            ExprKind::Fold {
                op: BinOp::LogAnd,
                lhs: Some(pattern),
                rhs: None,
            } => {
                let names: Vec<(Rc<str>, Vec<TArg>)> = PatternNames::of_expr(pattern)
                    .0
                    .into_iter()
                    .filter_map(|n| match env.get(&n) {
                        Some(TArg::Pack(elems)) => Some((n, elems.clone())),
                        _ => None,
                    })
                    .collect();
                let Some(len) = names.first().map(|(_, e)| e.len()) else {
                    return self.atomic_satisfaction(e, ctx, env);
                };
                let mut unknown = false;
                for i in 0..len {
                    let bindings = names
                        .iter()
                        .filter_map(|(n, elems)| Some((n.clone(), elems.get(i)?.clone())))
                        .collect();
                    let ei = Rc::new(Env {
                        using_dirs: Vec::new(),
                        entities: Vec::new(),
                        bindings,
                        parent: Some(env.clone()),
                    });
                    match self.constraint_satisfaction(pattern, ctx, &ei) {
                        Unsatisfied(n) => return Unsatisfied(n),
                        Unknown => unknown = true,
                        Satisfied => {}
                    }
                }
                if unknown {
                    Unknown
                } else {
                    Satisfied
                }
            }
            _ => self.atomic_satisfaction(e, ctx, env),
        }
    }

    /// An atomic constraint: satisfied when it is a constant `true`; an
    /// expression that is invalid for these arguments is not satisfied.
    fn atomic_satisfaction(&mut self, e: &Expr, ctx: Ctx, env: &Rc<Env>) -> Satisfaction {
        let text = self.constraint_text(e, env);
        let false_note =
            |text: &str| vec![(e.span, format!("because '{text}' evaluated to false"))];
        if let Some(v) = self.const_eval_ast(e, ctx, env) {
            if v != 0 {
                return Satisfaction::Satisfied;
            }
            // A comparison of constants shows their values, as clang
            // does: `'sizeof(char) == 4' (1 == 4)`.
            if let ExprKind::Binary(
                op @ (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge),
                l,
                r,
            ) = &e.kind
            {
                let (lv, rv) = (
                    self.const_eval_ast(l, ctx, env),
                    self.const_eval_ast(r, ctx, env),
                );
                if let (Some(lv), Some(rv)) = (lv, rv) {
                    let values = format!("{lv} {} {rv}", op.spelling());
                    return Satisfaction::Unsatisfied(vec![(
                        e.span,
                        format!("because '{text}' ({values}) evaluated to false"),
                    )]);
                }
            }
            return Satisfaction::Unsatisfied(false_note(&text));
        }
        // Not a constant the evaluator reads off the syntax: check it as an
        // expression (an error is a substitution failure).
        let mut diags = vec![];
        self.unevaluated += 1;
        let x = self.check_standalone_expr(e, ctx, env.clone(), &mut diags);
        self.unevaluated -= 1;
        if let Some(d) = diags.iter().find(|d| d.severity == Severity::Error) {
            return Satisfaction::Unsatisfied(vec![(
                e.span,
                format!(
                    "because substituted constraint expression '{text}' is ill-formed: {}",
                    d.message
                ),
            )]);
        }
        if x.ty.is_error() {
            return Satisfaction::Unsatisfied(vec![(
                e.span,
                format!("because substituted constraint expression '{text}' is ill-formed"),
            )]);
        }
        if x.ty != Ty::Bool {
            return Satisfaction::Unsatisfied(vec![(
                e.span,
                format!(
                    "because atomic constraint '{text}' must be of type 'bool' (found '{}')",
                    self.ty_name(&x.ty)
                ),
            )]);
        }
        match self.const_eval_thir(&x) {
            Some(0) => Satisfaction::Unsatisfied(false_note(&text)),
            Some(_) => Satisfaction::Satisfied,
            None => Satisfaction::Unknown,
        }
    }

    /// Whether type `ty` satisfies type-constraint `c` (`std::integral`,
    /// `std::convertible_to<int>`: `C<ty, args...>`), written in `ctx`/`env`.
    /// The notes start with clang's "because 'T' does not satisfy 'C'".
    pub(crate) fn type_constraint_satisfaction(
        &mut self,
        c: &QualName,
        ty: &Ty,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Satisfaction {
        let Some(id) = self.concept_named(c, ctx, env) else {
            return Satisfaction::Unsatisfied(vec![(
                c.span,
                format!("because '{}' does not name a concept", c.to_string_lossy()),
            )]);
        };
        let written = c.last().template_args.clone().unwrap_or_default();
        let first = TArg::Type(ty.clone());
        let Some(args) = self.concept_args(id, Some(first), &written, ctx, env, c.span) else {
            return Satisfaction::Unsatisfied(vec![(
                c.span,
                format!(
                    "because substituted type constraint '{}' is ill-formed",
                    c.to_string_lossy()
                ),
            )]);
        };
        match self.concept_satisfaction(id, args) {
            Satisfaction::Unsatisfied(notes) => {
                let name = self.concept_spelling(c, env);
                let mut all = vec![(
                    c.span,
                    format!("because '{}' does not satisfy '{name}'", self.ty_name(ty)),
                )];
                all.extend(notes);
                Satisfaction::Unsatisfied(all)
            }
            s => s,
        }
    }

    /// The associated constraints of function `f` (its template header's,
    /// then its trailing requires-clause), for its template arguments.
    pub(crate) fn function_satisfaction(&mut self, f: FuncId) -> Satisfaction {
        if let Some(s) = self.function_satisfactions.get(&f) {
            return s.clone();
        }
        let decl = self.func(f).decl.clone();
        let ctx = self.func(f).ctx;
        let env = self.func(f).env.clone();
        if self
            .func(f)
            .template_args
            .iter()
            .any(|a| self.targ_is_dependent(a))
        {
            return Satisfaction::Unknown;
        }
        let header = decl.template.as_ref().and_then(|t| t.requires.clone());
        let mut s = Satisfaction::Satisfied;
        for e in [header, decl.trailing_requires.clone()]
            .into_iter()
            .flatten()
        {
            match self.constraint_satisfaction(&e, ctx, &env) {
                Satisfaction::Satisfied => {}
                Satisfaction::Unknown => s = Satisfaction::Unknown,
                u => {
                    s = u;
                    break;
                }
            }
        }
        self.function_satisfactions.insert(f, s.clone());
        s
    }

    /// A type-constraint as clang names it: the concept without its
    /// qualifiers, with the arguments written after the first
    /// (`convertible_to<int>`).
    pub(crate) fn concept_spelling(&self, c: &QualName, env: &Env) -> String {
        let last = QualName {
            global: false,
            parts: vec![c.last().clone()],
            span: c.span,
        };
        self.name_text(&last, env)
    }

    /// `f`'s associated constraints as written, its template parameters by
    /// position: what makes two declarations of a name the same function.
    pub(crate) fn constraints_spelling(
        &self,
        f: &crate::front::ast::FunctionDecl,
        env: &Rc<Env>,
    ) -> Option<String> {
        if !Sema::is_constrained(f) {
            return None;
        }
        let env = match &f.template {
            Some(th) => super::templates::dependent_env(th, &[], env.clone()),
            None => env.clone(),
        };
        let header = f.template.as_ref().and_then(|t| t.requires.as_ref());
        let parts: Vec<String> = [header, f.trailing_requires.as_ref()]
            .into_iter()
            .map(|e| e.map(|e| self.constraint_text(e, &env)).unwrap_or_default())
            .collect();
        Some(parts.join(" | "))
    }

    /// Does `f` have associated constraints?
    pub(crate) fn is_constrained(decl: &crate::front::ast::FunctionDecl) -> bool {
        decl.trailing_requires.is_some()
            || decl.template.as_ref().is_some_and(|t| t.requires.is_some())
    }

    /// A template argument in "[with T = ...]": a pack's elements in
    /// angle brackets (`<int, float>`), as clang shows them.
    pub(crate) fn with_arg_text(&self, a: &TArg) -> String {
        match a {
            TArg::Pack(_) => format!("<{}>", self.targ_name(a)),
            _ => self.targ_name(a),
        }
    }

    /// "[with T = int, U = float]": the template arguments of instance `f`.
    pub(crate) fn template_args_text(&self, f: FuncId) -> String {
        let fi = self.func(f);
        let Some(th) = &fi.decl.template else {
            return String::new();
        };
        let parts: Vec<String> =
            th.params
                .iter()
                .zip(&fi.template_args)
                .map(|(p, a)| {
                    let name = match &p.name {
                        // An `auto` parameter's: clang's `x:auto`.
                        Some(n) if n.starts_with("__syclone_auto_") => {
                            let param =
                                fi.decl.params.iter().find(|fp| {
                                    PatternNames::of_type(&fp.ty).0.iter().any(|x| x == n)
                                });
                            match param.and_then(|fp| fp.name.as_deref()) {
                                Some(pn) => format!("{pn}:auto"),
                                None => "auto".to_string(),
                            }
                        }
                        Some(n) => n.to_string(),
                        None => "<anonymous>".to_string(),
                    };
                    format!("{name} = {}", self.with_arg_text(a))
                })
                .collect();
        if parts.is_empty() {
            String::new()
        } else {
            format!(" [with {}]", parts.join(", "))
        }
    }

    /// Are the constraints of `a` more constrained than those of `b`
    /// (`a`'s subsume `b`'s, not the other way round)? Both functions are
    /// instances of templates with equivalent parameter lists, or both
    /// non-templates.
    pub(crate) fn more_constrained_function(&mut self, a: FuncId, b: FuncId) -> bool {
        let (na, nb) = (self.function_normal_form(a), self.function_normal_form(b));
        if na.is_none() {
            return false;
        }
        subsumes(na.as_ref(), nb.as_ref()) && !subsumes(nb.as_ref(), na.as_ref())
    }

    /// The normal form of function `f`'s associated constraints, its own
    /// template parameters standing for themselves (by position).
    fn function_normal_form(&mut self, f: FuncId) -> Option<Norm> {
        let fi = self.func(f);
        let decl = fi.decl.clone();
        let ctx = fi.ctx;
        let targs = fi.template_args.clone();
        let env = match (&decl.template, fi.env.parent.clone()) {
            (Some(th), Some(parent)) => super::templates::dependent_env(th, &targs, parent),
            _ => fi.env.clone(),
        };
        let header = decl.template.as_ref().and_then(|t| t.requires.clone());
        self.normal_form_of(&[header, decl.trailing_requires.clone()], ctx, &env)
    }

    /// Is partial specialization `a` (a header declared in `ctx`/`env`)
    /// more constrained than `b`?
    pub(crate) fn more_constrained_header(
        &mut self,
        a: (&TemplateHeader, Ctx, &Rc<Env>),
        b: (&TemplateHeader, Ctx, &Rc<Env>),
    ) -> bool {
        let form = |s: &mut Self, (h, ctx, env): (&TemplateHeader, Ctx, &Rc<Env>)| {
            let denv = super::templates::dependent_env(h, &[], env.clone());
            s.normal_form_of(std::slice::from_ref(&h.requires), ctx, &denv)
        };
        let na = form(self, a);
        let nb = form(self, b);
        if na.is_none() {
            return false;
        }
        subsumes(na.as_ref(), nb.as_ref()) && !subsumes(nb.as_ref(), na.as_ref())
    }

    /// The conjunction of the normal forms of `exprs`.
    fn normal_form_of(
        &mut self,
        exprs: &[Option<Rc<Expr>>],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<Norm> {
        let mut out: Option<Norm> = None;
        for e in exprs.iter().flatten() {
            let n = self.normalize(e, ctx, env, &[], 0);
            out = Some(match out {
                Some(o) => Norm::And(Box::new(o), Box::new(n)),
                None => n,
            });
        }
        out
    }

    /// [temp.constr.normal]: `&&`/`||` stay, a concept-id becomes its
    /// concept's constraint (with the arguments as the parameter mapping),
    /// anything else is atomic.
    fn normalize(
        &mut self,
        e: &Expr,
        ctx: Ctx,
        env: &Rc<Env>,
        mapping: &[TArg],
        depth: usize,
    ) -> Norm {
        match &e.kind {
            ExprKind::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), l, r) => {
                let l = Box::new(self.normalize(l, ctx, env, mapping, depth));
                let r = Box::new(self.normalize(r, ctx, env, mapping, depth));
                if *op == BinOp::LogAnd {
                    Norm::And(l, r)
                } else {
                    Norm::Or(l, r)
                }
            }
            ExprKind::Name(q) if q.last().template_args.is_some() && depth < MAX_CONCEPT_DEPTH => {
                let concept = self.concept_named(q, ctx, env);
                let written = q.last().template_args.clone().unwrap_or_default();
                let args = concept.and_then(|id| {
                    let args = self.concept_args(id, None, &written, ctx, env, q.span)?;
                    Some((id, args))
                });
                let Some((id, args)) = args else {
                    return atom(e, mapping);
                };
                let (Some(c), Some((_, cctx, cenv))) =
                    (self.var(id).concept.clone(), self.var(id).template.clone())
                else {
                    return atom(e, mapping);
                };
                let benv = super::templates::bound_env(&c.template, &args, cenv);
                let flat = super::packs::flatten(&args);
                self.normalize(&c.constraint, cctx, &benv, &flat, depth + 1)
            }
            _ => atom(e, mapping),
        }
    }
}

/// A concept-id the parser made of a type-constraint (`C<A> T` is
/// `C<T, A>`, its first argument spanning the whole constraint): the
/// constraint as written (`C<A>`).
fn type_constraint_form(q: &QualName) -> Option<QualName> {
    let args = q.last().template_args.as_ref()?;
    match args.first()? {
        TemplateArg::Type(t) if t.span == q.span => {
            let mut rest = q.clone();
            let last = rest.parts.last_mut()?;
            let written: Vec<TemplateArg> = args[1..].to_vec();
            last.template_args = (!written.is_empty()).then_some(written);
            Some(rest)
        }
        _ => None,
    }
}

fn atom(e: &Expr, mapping: &[TArg]) -> Norm {
    Norm::Atom(Atom {
        expr: e as *const Expr as usize,
        mapping: mapping.to_vec(),
    })
}

fn targ_is_error(a: &TArg) -> bool {
    match a {
        TArg::Type(t) | TArg::ConstType(t) => t.is_error(),
        TArg::Pack(es) => es.iter().any(targ_is_error),
        _ => false,
    }
}

/// Which normal form [`normal_form`] builds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// Disjunctive: a disjunction of conjunctive clauses.
    Disjunctive,
    /// Conjunctive: a conjunction of disjunctive clauses.
    Conjunctive,
}

/// `n` in normal form `form`: its clauses, or `None` past [`MAX_CLAUSES`].
/// The operator of the form's outer level joins clause lists; the other
/// distributes over it.
fn normal_form(n: &Norm, form: Form) -> Option<Vec<Vec<Atom>>> {
    let (joined, distributed) = match (n, form) {
        (Norm::Atom(a), _) => return Some(vec![vec![a.clone()]]),
        (Norm::Or(l, r), Form::Disjunctive) | (Norm::And(l, r), Form::Conjunctive) => {
            (Some((l, r)), None)
        }
        (Norm::And(l, r), Form::Disjunctive) | (Norm::Or(l, r), Form::Conjunctive) => {
            (None, Some((l, r)))
        }
    };
    if let Some((l, r)) = joined {
        let mut v = normal_form(l, form)?;
        v.extend(normal_form(r, form)?);
        return Some(v);
    }
    let (l, r) = distributed?;
    let (l, r) = (normal_form(l, form)?, normal_form(r, form)?);
    if l.len() * r.len() > MAX_CLAUSES {
        return None;
    }
    Some(
        l.iter()
            .flat_map(|a| r.iter().map(move |b| a.iter().chain(b).cloned().collect()))
            .collect(),
    )
}

/// Does `p` subsume `q` ([temp.constr.order]): every disjunctive clause of
/// `p`'s DNF shares an atomic constraint with every conjunctive clause of
/// `q`'s CNF? No constraints is `true`, which subsumes only itself.
fn subsumes(p: Option<&Norm>, q: Option<&Norm>) -> bool {
    let Some(q) = q else {
        return true;
    };
    let Some(p) = p else {
        return false;
    };
    let (Some(pd), Some(qc)) = (
        normal_form(p, Form::Disjunctive),
        normal_form(q, Form::Conjunctive),
    ) else {
        return false;
    };
    pd.iter()
        .all(|pi| qc.iter().all(|qj| pi.iter().any(|a| qj.contains(a))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(i: usize) -> Norm {
        Norm::Atom(Atom {
            expr: i,
            mapping: vec![],
        })
    }
    fn and(x: Norm, y: Norm) -> Norm {
        Norm::And(Box::new(x), Box::new(y))
    }
    fn or(x: Norm, y: Norm) -> Norm {
        Norm::Or(Box::new(x), Box::new(y))
    }

    #[test]
    fn conjunctions_subsume_their_parts() {
        let ab = and(a(1), a(2));
        assert!(subsumes(Some(&ab), Some(&a(1))));
        assert!(!subsumes(Some(&a(1)), Some(&ab)));
        assert!(subsumes(Some(&a(1)), None));
        assert!(!subsumes(None, Some(&a(1))));
        assert!(subsumes(None, None));
    }

    #[test]
    fn disjunctions_are_subsumed_by_each_part() {
        let a_or_b = or(a(1), a(2));
        assert!(subsumes(Some(&a(1)), Some(&a_or_b)));
        assert!(!subsumes(Some(&a_or_b), Some(&a(1))));
        // (A && B) || (A && C) subsumes A, not B.
        let x = or(and(a(1), a(2)), and(a(1), a(3)));
        assert!(subsumes(Some(&x), Some(&a(1))));
        assert!(!subsumes(Some(&x), Some(&a(2))));
    }
}
