//! Generic lambdas (`[=](auto i) {...}`, `[]<typename T, int N>(T x) {...}`):
//! the parameter patterns that decide each call operator instance's
//! parameter types from the call's arguments (and explicit template
//! arguments), and the names a generic body may capture (found
//! syntactically, since the closure's layout is fixed where the lambda is
//! written, before any call).

use super::*;
use crate::front::ast::{self as a, ExprKind, StmtKind, TypeExprKind};

/// One parameter of a generic lambda.
#[derive(Clone, Debug)]
pub enum ParamPattern {
    Concrete(Ty),
    /// An `auto` parameter: the `index`-th template parameter (invented
    /// ones follow those of an explicit template parameter list).
    Auto {
        index: usize,
        form: AutoForm,
        /// `auto... xs`: takes the remaining arguments.
        pack: bool,
    },
    /// A parameter whose type names the lambda's explicit template
    /// parameters (`T x`, `const std::array<T, N> &a`, `Ts... xs`).
    Dependent {
        ty: a::TypeExpr,
        pack: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AutoForm {
    /// `auto` (by value).
    Value,
    /// `auto&` / `const auto&`.
    LRef { is_const: bool },
    /// `auto&&` (a forwarding reference).
    Forwarding,
    /// `auto*` / `const auto*`.
    Ptr { is_const: bool },
}

impl AutoForm {
    /// The parameter type this form makes of the deduced type `t`.
    pub fn apply(self, t: Ty) -> Ty {
        match self {
            AutoForm::Value => t,
            AutoForm::LRef { is_const } => Ty::LRef(Box::new(t), is_const),
            AutoForm::Forwarding => Ty::RRef(Box::new(t)),
            AutoForm::Ptr { is_const } => Ty::Ptr {
                pointee: Box::new(t),
                pointee_const: is_const,
                space: None,
            },
        }
    }

    /// The Itanium type qualifiers the form puts before its template
    /// parameter (`RK` in `RKT_` for `const auto&`).
    pub fn mangled_qualifiers(self) -> &'static str {
        match self {
            AutoForm::Value => "",
            AutoForm::LRef { is_const: false } => "R",
            AutoForm::LRef { is_const: true } => "RK",
            AutoForm::Forwarding => "O",
            AutoForm::Ptr { is_const: false } => "P",
            AutoForm::Ptr { is_const: true } => "PK",
        }
    }
}

/// What a generic lambda's closure knows beyond an ordinary one.
#[derive(Clone, Debug)]
pub struct GenericLambda {
    pub params: Vec<ParamPattern>,
    /// The call operator as a function template over the explicit template
    /// parameter list (`[]<bool B, typename T>(T x)`), which deduction
    /// reads; none for a lambda whose only template parameters are `auto`.
    pub template: Option<Rc<a::FunctionDecl>>,
    /// The call operator instances made so far.
    pub instances: Vec<CallOperatorInstance>,
    /// Constants of the enclosing function the body names (not captured).
    pub constants: Vec<(Rc<str>, thir::Expr)>,
    /// Variables of the enclosing functions the body names only in
    /// unevaluated operands (`sizeof(x)`): not captured, known by type.
    pub unevaluated: Vec<(Rc<str>, thir::Expr)>,
    /// The synthesized call operator declaration all instances share.
    pub call_decl: Rc<a::FunctionDecl>,
}

/// One instance of a generic lambda's call operator.
#[derive(Clone, Debug)]
pub struct CallOperatorInstance {
    /// The arguments of the explicit template parameters, in order.
    pub template_args: Vec<TArg>,
    pub params: Vec<Ty>,
    pub op: FuncId,
}

impl GenericLambda {
    /// The explicit template parameter list, if the lambda has one.
    pub fn header(&self) -> Option<&a::TemplateHeader> {
        self.template.as_ref().and_then(|d| d.template.as_ref())
    }

    /// The explicit template arguments call operator `op` was made for.
    pub fn template_args_of(&self, op: FuncId) -> &[TArg] {
        self.instances
            .iter()
            .find(|i| i.op == op)
            .map_or(&[], |i| &i.template_args)
    }
}

impl Sema {
    /// A key for the lambda signature `patterns` (the closure's number is
    /// counted per signature where the host numbers lambdas that way): the
    /// parameter types, template parameters in their dependent form, so
    /// `[](auto)` and `[]<typename T>(T)` share one (both mangle `UlT_E`).
    pub(super) fn lambda_signature_key(
        &mut self,
        patterns: &[ParamPattern],
        template: Option<&a::TemplateHeader>,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> String {
        let dependent = template.map(|th| super::templates::dependent_env(th, &[], env.clone()));
        let mut key = vec![];
        // Where the name declares the explicit template parameters, their
        // kinds are part of the signature.
        if let (Some(th), Some(env), true) = (
            template,
            &dependent,
            self.host.mangles_lambda_template_params(),
        ) {
            for p in &th.params {
                let decl = match &p.kind {
                    a::TemplateParamKind::Type { .. } => "typename".to_string(),
                    a::TemplateParamKind::NonType { ty, .. } => {
                        let t = self.resolve_type(ty, ctx, env, &mut vec![]);
                        self.ty_name(&t)
                    }
                    a::TemplateParamKind::Template { params, .. } => {
                        format!("template<{}>", params.len())
                    }
                };
                let pack = if super::templates::is_pack(&p.kind) {
                    "..."
                } else {
                    ""
                };
                key.push(format!("{decl}{pack}"));
            }
        }
        for p in patterns {
            let t = match p {
                ParamPattern::Concrete(t) => t.clone(),
                ParamPattern::Auto { index, form, .. } => form.apply(Ty::Param(*index as u32)),
                ParamPattern::Dependent { ty: t, .. } => {
                    let env = dependent.as_ref().unwrap_or(env);
                    self.resolve_type(t, ctx, env, &mut vec![])
                }
            };
            key.push(self.ty_name(&t));
        }
        key.join(",")
    }
}

/// The shape of `auto` in a parameter type, if it is one.
pub fn auto_form(t: &a::TypeExpr) -> Option<AutoForm> {
    match &t.kind {
        TypeExprKind::Auto => Some(AutoForm::Value),
        TypeExprKind::LRef(i) if matches!(i.kind, TypeExprKind::Auto) => Some(AutoForm::LRef {
            is_const: i.is_const || t.is_const,
        }),
        TypeExprKind::RRef(i) if matches!(i.kind, TypeExprKind::Auto) => Some(AutoForm::Forwarding),
        TypeExprKind::Pointer(i) if matches!(i.kind, TypeExprKind::Auto) => Some(AutoForm::Ptr {
            is_const: i.is_const,
        }),
        _ => None,
    }
}

impl ParamPattern {
    /// A function parameter pack?
    pub fn is_pack(&self) -> bool {
        matches!(
            self,
            ParamPattern::Auto { pack: true, .. } | ParamPattern::Dependent { pack: true, .. }
        )
    }
}

impl AutoForm {
    /// The parameter type for an argument of type `arg` (an lvalue or not),
    /// as template argument deduction gives it.
    pub fn deduce(self, arg: &Ty, lvalue: bool) -> Ty {
        let t = arg.non_ref().clone();
        match self {
            AutoForm::Value => super::templates::decay(&t),
            AutoForm::LRef { is_const } => Ty::LRef(Box::new(t), is_const),
            AutoForm::Forwarding if lvalue => Ty::LRef(Box::new(t), false),
            AutoForm::Forwarding => Ty::RRef(Box::new(t)),
            AutoForm::Ptr { .. } => super::templates::decay(&t),
        }
    }
}

impl Sema {
    /// The parameter types of the call operator instance for `args`, with
    /// the declared parameter each comes from (a pack gives one per
    /// argument it takes); `env` binds the explicit template parameters.
    pub(super) fn lambda_param_types(
        &mut self,
        patterns: &[ParamPattern],
        args: &[(Ty, bool)],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Result<(Vec<Ty>, Vec<usize>), String> {
        let fixed = patterns.iter().filter(|p| !p.is_pack()).count();
        let has_pack = patterns.iter().any(ParamPattern::is_pack);
        if args.len() < fixed || (!has_pack && args.len() > fixed) {
            let expected = if has_pack { "at least " } else { "" };
            return Err(format!(
                "expected {expected}{fixed} arguments, got {}",
                args.len()
            ));
        }
        let mut d = vec![];
        let (mut tys, mut decls) = (vec![], vec![]);
        let mut rest = args;
        for (i, p) in patterns.iter().enumerate() {
            // A pack takes what the parameters after it leave.
            let after = patterns[i + 1..].iter().filter(|p| !p.is_pack()).count();
            let taken = if p.is_pack() { rest.len() - after } else { 1 };
            let (mine, tail) = rest.split_at(taken);
            rest = tail;
            let mut these = match p {
                ParamPattern::Concrete(t) => vec![t.clone()],
                ParamPattern::Auto { form, .. } => {
                    mine.iter().map(|(t, lv)| form.deduce(t, *lv)).collect()
                }
                ParamPattern::Dependent { ty, pack: true } => {
                    self.expand_param_type(ty, ctx, env, &mut d)
                }
                ParamPattern::Dependent { ty, pack: false } => {
                    vec![self.resolve_type(ty, ctx, env, &mut d)]
                }
            };
            if these.len() != mine.len() || these.iter().any(Ty::is_error) {
                return Err("substitution failure in the call operator's parameters".into());
            }
            decls.extend(std::iter::repeat_n(i, these.len()));
            tys.append(&mut these);
        }
        Ok((tys, decls))
    }
}

/// Simple names used in a lambda body, minus the lambda's own parameters
/// and the names the body declares: the candidates for implicit capture.
pub fn names_used(l: &a::LambdaExpr) -> Vec<Rc<str>> {
    first_uses(lambda_uses(l, false, false))
}

/// [`names_used`] outside the lambdas nested in the body.
pub fn names_used_outside_lambdas(l: &a::LambdaExpr) -> Vec<Rc<str>> {
    first_uses(lambda_uses(l, true, false))
}

/// Every use of the names [`names_used`] lists, in order, with the span of
/// the name expression (none for a name in a nested lambda's capture list).
pub fn name_uses(l: &a::LambdaExpr) -> Vec<(Rc<str>, Option<Span>)> {
    lambda_uses(l, false, false)
}

/// [`name_uses`] in the order g++ captures them: the array bounds of a
/// statement it first tries as a declaration come before the statement
/// (see `tentative_declaration.rs`).
pub fn name_uses_as_gcc_parses(l: &a::LambdaExpr) -> Vec<(Rc<str>, Option<Span>)> {
    lambda_uses(l, false, true)
}

fn first_uses(uses: Vec<(Rc<str>, Option<Span>)>) -> Vec<Rc<str>> {
    let mut out: Vec<Rc<str>> = vec![];
    for (n, _) in uses {
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

fn lambda_uses(
    l: &a::LambdaExpr,
    skip_lambdas: bool,
    bounds_first: bool,
) -> Vec<(Rc<str>, Option<Span>)> {
    collect_body(l, skip_lambdas, bounds_first).free_uses()
}

/// The names lambda `l`'s body uses and declares (its parameters among them).
fn collect_body(l: &a::LambdaExpr, skip_lambdas: bool, bounds_first: bool) -> NameCollector {
    let mut c = NameCollector {
        skip_lambdas,
        bounds_first,
        ..NameCollector::default()
    };
    c.stmt(&l.body);
    for p in &l.params {
        if let Some(n) = &p.name {
            c.declared.push(n.clone());
        }
    }
    // `[]<int N>() { return N; }` names its own parameter, not a capture.
    for p in l.template.iter().flat_map(|t| &t.params) {
        c.declared.extend(p.name.clone());
    }
    c
}

/// Simple names a lambda body uses only in unevaluated operands (`sizeof`,
/// `alignof`), minus those it declares.
pub fn unevaluated_names(l: &a::LambdaExpr) -> Vec<Rc<str>> {
    let c = collect_body(l, false, false);
    let declared = c.declared;
    let used: Vec<Rc<str>> = c.used.into_iter().map(|(n, _)| n).collect();
    first_uses(
        c.unevaluated
            .into_iter()
            .filter(|(n, _)| !declared.contains(n) && !used.contains(n))
            .collect(),
    )
}

/// Simple names a statement uses, minus those it declares.
pub fn names_used_in(s: &a::Stmt) -> Vec<Rc<str>> {
    let mut c = NameCollector::default();
    c.stmt(s);
    first_uses(c.free_uses())
}

#[derive(Default)]
struct NameCollector {
    used: Vec<(Rc<str>, Option<Span>)>,
    declared: Vec<Rc<str>>,
    /// Leave out what nested lambdas use.
    skip_lambdas: bool,
    /// Visit the array bounds of a statement's would-be declarator first.
    bounds_first: bool,
    /// Names in unevaluated operands (not in `used`).
    unevaluated: Vec<(Rc<str>, Option<Span>)>,
}

impl NameCollector {
    /// The uses of names not declared, in order.
    fn free_uses(self) -> Vec<(Rc<str>, Option<Span>)> {
        let declared = self.declared;
        self.used
            .into_iter()
            .filter(|(n, _)| !declared.contains(n))
            .collect()
    }

    fn stmt(&mut self, s: &a::Stmt) {
        match &s.kind {
            StmtKind::Expr(e) => {
                if self.bounds_first {
                    for bound in super::tentative_declaration::declarator_bounds(e) {
                        self.expr(bound);
                    }
                }
                self.expr(e)
            }
            StmtKind::Case(e) => self.expr(e),
            StmtKind::Return(e) => e.iter().for_each(|e| self.expr(e)),
            StmtKind::Decl(ds) => ds.iter().for_each(|d| self.decl(d)),
            StmtKind::Compound(ss) => ss.iter().for_each(|s| self.stmt(s)),
            StmtKind::If {
                init,
                cond,
                then_branch,
                else_branch,
                ..
            } => {
                init.iter().for_each(|s| self.stmt(s));
                self.stmt(cond);
                self.stmt(then_branch);
                else_branch.iter().for_each(|s| self.stmt(s));
            }
            StmtKind::While { cond, body } => {
                self.stmt(cond);
                self.stmt(body);
            }
            StmtKind::DoWhile { body, cond } => {
                self.stmt(body);
                self.expr(cond);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                init.iter().for_each(|s| self.stmt(s));
                cond.iter().for_each(|s| self.stmt(s));
                step.iter().for_each(|e| self.expr(e));
                self.stmt(body);
            }
            StmtKind::RangeFor {
                init,
                var,
                range,
                body,
            } => {
                init.iter().for_each(|s| self.stmt(s));
                self.declared.push(var.name.clone());
                self.expr(range);
                self.stmt(body);
            }
            StmtKind::Switch { init, cond, body } => {
                init.iter().for_each(|s| self.stmt(s));
                self.stmt(cond);
                self.stmt(body);
            }
            StmtKind::Label(_, s) => self.stmt(s),
            _ => {}
        }
    }

    fn decl(&mut self, d: &a::Decl) {
        if let a::Decl::Var(v) = d {
            self.declared.push(v.name.clone());
            self.ty(&v.ty);
            v.init
                .iter()
                .flat_map(|i| i.exprs())
                .for_each(|e| self.expr(e));
        }
    }

    /// Names in a declared type: array bounds and template arguments
    /// (`int a[N]`, `std::array<int, N>`).
    fn ty(&mut self, t: &a::TypeExpr) {
        match &t.kind {
            TypeExprKind::Array(inner, bound) => {
                self.ty(inner);
                bound.iter().for_each(|e| self.expr(e));
            }
            TypeExprKind::Pointer(inner)
            | TypeExprKind::UnderlyingType(inner)
            | TypeExprKind::LRef(inner)
            | TypeExprKind::RRef(inner) => self.ty(inner),
            TypeExprKind::Named(q) => {
                for part in &q.parts {
                    for arg in part.template_args.iter().flatten() {
                        match arg {
                            a::TemplateArg::Expr(e) => self.expr(e),
                            a::TemplateArg::Type(t) => self.ty(t),
                            a::TemplateArg::PackExpansion(_) => {}
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn expr(&mut self, e: &a::Expr) {
        match &e.kind {
            ExprKind::Name(q) if q.is_simple() => {
                self.used.push((q.last().ident.clone(), Some(e.span)))
            }
            // A nested lambda's body can name enclosing variables too.
            ExprKind::Lambda(_) if self.skip_lambdas => {}
            ExprKind::Lambda(l) => {
                self.used.extend(name_uses(l));
                for c in &l.captures {
                    if c.init.is_none() && !c.is_this {
                        self.used.push((c.name.clone(), None));
                    }
                }
            }
            ExprKind::StmtExpr(stmts) => stmts.iter().for_each(|s| self.stmt(s)),
            // Unevaluated operands capture nothing.
            ExprKind::SizeofExpr(x) | ExprKind::AlignofExpr(x) => {
                let evaluated = std::mem::take(&mut self.used);
                self.expr(x);
                let named = std::mem::replace(&mut self.used, evaluated);
                self.unevaluated.extend(named);
            }
            _ => e.for_each_child(|x| self.expr(x)),
        }
    }
}
