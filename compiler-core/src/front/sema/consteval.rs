//! Constant evaluation, for template arguments, array bounds, enumerators,
//! `static_assert` and `const` variables that lambdas use without
//! capturing: the entry points ([`Sema::const_eval_ast`] for integers,
//! [`Sema::const_value_ast`] for any scalar or closure), calls of constexpr
//! functions, and the integral evaluation of names, `sizeof`, type traits,
//! folds and members that the expression interpreter of
//! `constexpr_body.rs` leaves to [`Sema::const_int_ast`].

use super::const_arith;
use super::constexpr_body::Machine;
use super::constexpr_objects::ConstValue;
use super::lookup::Found;
use super::packs::{fold_operands, Expansion, PatternNames};
use super::thir::{self, ExprKind as TK};
use super::*;
use crate::front::ast::{BinOp, Expr, ExprKind, UnOp};

/// Deepest constexpr call nesting evaluated (`fib(30)` recursion and the like).
pub(super) const MAX_CONSTEXPR_DEPTH: u32 = 512;

/// The returned expression of a function whose body is just `return expr;`.
fn single_return(decl: &crate::front::ast::FunctionDecl) -> Option<&Expr> {
    use crate::front::ast::StmtKind;
    let body = decl.body.as_ref()?;
    match &body.kind {
        StmtKind::Compound(stmts) => match stmts.as_slice() {
            [only] => match &only.kind {
                StmtKind::Return(Some(e)) => Some(e),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

impl Sema {
    /// `static_assert(cond, msg)`: an error when `cond` is a constant that is
    /// false. Conditions this evaluator cannot compute are left to the host
    /// compiler, which checks every static assertion too.
    pub(crate) fn static_assertion(
        &mut self,
        cond: &Expr,
        msg: Option<&Expr>,
        span: Span,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<Diagnostic> {
        let truth = self
            .const_value_ast(cond, ctx, env)
            .and_then(|v| const_arith::truth(&v))
            .or_else(|| Some(self.const_object_as_integer(cond, ctx, env)? != 0));
        let Some(v) = truth else {
            // Our evaluator does not cover everything C++17 can evaluate
            // (statement-bodied constexpr functions); the host pass checks it.
            return Some(Diagnostic::warning(
                span,
                "static_assert condition not evaluated by the device compiler (the host compiler checks it)",
            ));
        };
        if v {
            return None;
        }
        let text = match msg.map(|m| &m.kind) {
            Some(ExprKind::StringLit(s)) => format!("static assertion failed: {s}"),
            _ => "static assertion failed".to_string(),
        };
        Some(Diagnostic::error(span, text))
    }

    /// The value of `e` if it is an integral (or `bool` or enumeration)
    /// constant; a constant object of class type converts through its
    /// conversion function (`std::is_integral<T>{}` as a `bool`).
    pub(crate) fn const_eval_ast(&mut self, e: &Expr, ctx: Ctx, env: &Rc<Env>) -> Option<i128> {
        match self.const_value_ast(e, ctx, env).and_then(|v| v.int()) {
            Some(v) => Some(v),
            None => self.const_object_as_integer(e, ctx, env),
        }
    }

    /// The value of `e` if it is a constant scalar or closure, run by the
    /// expression interpreter without locals.
    pub(crate) fn const_value_ast(
        &mut self,
        e: &Expr,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<ConstValue> {
        let mut m = Machine::new(ctx, env.clone());
        self.eval_value(&mut m, e)
    }

    /// The value of a `constexpr` variable `q` names that is not an
    /// integer: a `float` or `double` value, or a closure.
    pub(super) fn named_constant_value(
        &mut self,
        q: &crate::front::ast::QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<ConstValue> {
        if q.is_simple() && self.local_var(ctx, &q.last().ident).is_some() {
            return self.local_constexpr_value(ctx, &q.last().ident);
        }
        let mut id = self.named_variable(q, ctx, env)?;
        // An instance of a variable template (`scale_v<double>`).
        if self.var(id).template.is_some() {
            id = self.variable_template_instance_var(id, q, ctx, env)?;
        }
        match self.var(id).ty {
            Ty::Float(_) => self.global_float(id),
            _ => self.global_closure(id),
        }
    }

    /// The value computed for `constexpr` local `name` of floating-point
    /// or closure type where it was declared.
    pub(super) fn local_constexpr_value(&self, ctx: Ctx, name: &str) -> Option<ConstValue> {
        let id = self.local_var(ctx, name)?;
        self.var(id).constexpr_value.clone()
    }

    /// The value of `constexpr` local `v` of type `ty` when it is a
    /// floating-point value or a closure, from its initializer.
    pub(super) fn declared_constexpr_value(
        &mut self,
        v: &crate::front::ast::VarDecl,
        ty: &Ty,
    ) -> Option<ConstValue> {
        let closure = matches!(ty, Ty::Class(c) if self.class(*c).closure.is_some());
        if !closure && !matches!(ty, Ty::Float(_)) {
            return None;
        }
        let init = single_initializer(v.init.as_ref())?;
        let (ctx, env) = self.ctx_env();
        let value = self.const_value_ast(init, ctx, &env)?;
        const_arith::as_type(value, ty)
    }

    /// The value of a `constexpr` variable of namespace or class scope of
    /// floating-point type, from its initializer.
    fn global_float(&mut self, id: VarId) -> Option<ConstValue> {
        let ty = self.var(id).ty.clone();
        let (decl, dctx, denv) = self.var(id).global.clone()?;
        let init = single_initializer(decl.init.as_ref())?;
        if !decl.is_constexpr || self.constexpr_depth >= MAX_CONSTEXPR_DEPTH {
            return None;
        }
        self.constexpr_depth += 1;
        let value = self.const_value_ast(init, dctx, &denv);
        self.constexpr_depth -= 1;
        const_arith::convert(&value?, &ty)
    }

    /// The integral value of a name, literal, `sizeof`, type trait, fold,
    /// element or member of a constant object, or member function call on
    /// one (the expressions [`Sema::eval_value`] does not run itself).
    pub(super) fn const_int_ast(&mut self, e: &Expr, ctx: Ctx, env: &Rc<Env>) -> Option<i128> {
        if let ExprKind::Name(q) = &e.kind {
            if q.is_simple() {
                if let Some(local) = self.local_constant(ctx, &q.last().ident) {
                    if let Some(v) = local {
                        self.constant_read_in_lambda(&q.last().ident, v, e.span);
                    }
                    return local;
                }
            }
        }
        Some(match &e.kind {
            ExprKind::IntLit(v, _) => *v as i128,
            ExprKind::CharLit(c) => *c as i128,
            ExprKind::BoolLit(b) => *b as i128,
            ExprKind::Name(q) => match self.lookup_qualified(q, ctx, env, &mut vec![]) {
                Found::TemplateParam(TArg::Value(v)) => v,
                Found::Entities(es) => {
                    let mut value = None;
                    for x in es {
                        value = match x {
                            Entity::Enumerator(_, v) => Some(v),
                            Entity::Var(id) if self.var(id).template.is_some() => {
                                self.variable_template_value(id, q, ctx, env)
                            }
                            Entity::Var(id) => {
                                self.static_member_read(id);
                                self.var(id).const_value
                            }
                            _ => None,
                        };
                        if value.is_some() {
                            break;
                        }
                    }
                    value?
                }
                _ => return None,
            },
            ExprKind::Index(base, i) => {
                let k = self.const_eval_ast(i, ctx, env)?;
                match self.const_array_element(base, k, ctx, env) {
                    Some(v) => v,
                    None => self.const_element(base, i, ctx, env)?,
                }
            }
            ExprKind::Member {
                base,
                arrow: false,
                name,
            } if name.is_simple() => self.const_member(base, &name.last().ident, ctx, env)?,
            ExprKind::Call(callee, args) if is_offsetof(callee) => {
                self.offsetof(args, ctx, env)? as i128
            }
            ExprKind::Call(callee, args) if matches!(&callee.kind, ExprKind::Member { arrow: false, name, .. } if name.is_simple()) =>
            {
                let ExprKind::Member { base, name, .. } = &callee.kind else {
                    return None;
                };
                self.const_method_call(base, &name.last().ident, args, ctx, env)?
            }
            ExprKind::UserLiteral(literal, suffix) => {
                let (callee, args) = super::check::user_literal_call(literal, suffix);
                self.const_call(&callee, &args, ctx, env)?
            }
            ExprKind::SizeofPack(name) => match env.get(name) {
                Some(TArg::Pack(elems)) => elems.len() as i128,
                _ => return None,
            },
            ExprKind::Fold { op, lhs, rhs } => {
                self.const_fold(*op, lhs.as_deref(), rhs.as_deref(), ctx, env)?
            }
            ExprKind::SizeofType(t) => {
                let ty = self.resolve_type(t, ctx, env, &mut vec![]);
                self.size_align(&ty)?.0 as i128
            }
            ExprKind::AlignofType(t) => self.type_expr_align(t, ctx, env)? as i128,
            ExprKind::TypeTrait(t, args) => {
                let args = self.resolve_template_args(args, ctx, env, &mut vec![]);
                i128::from(self.type_trait(*t, &args, e.span).ok()?)
            }
            ExprKind::Requires(r) => {
                let r = r.clone();
                let ok =
                    self.in_expression_scope(ctx, env.clone(), e.span, |s| s.requires_outcome(&r));
                i128::from(ok.is_ok())
            }
            // `sizeof "text"` (a macro's string): its array's size.
            ExprKind::SizeofExpr(x) => match &x.kind {
                ExprKind::StringLit(text) => text.len() as i128 + 1,
                _ => {
                    let ty = self.probe_type(x)?;
                    self.size_align(&ty)?.0 as i128
                }
            },
            _ => return None,
        })
    }

    /// Element `k` of a `const`/`constexpr` array of namespace or class
    /// scope with a braced initializer (`widths[n - 1]` in an array bound).
    fn const_array_element(
        &mut self,
        base: &Expr,
        k: i128,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<i128> {
        let ExprKind::Name(q) = &base.kind else {
            return None;
        };
        let id = self.named_variable(q, ctx, env)?;
        let var = self.var(id);
        if !var.is_const || !matches!(var.ty, Ty::Array(..)) {
            return None;
        }
        let (decl, dctx, denv) = var.global.clone()?;
        let Some(ast::Initializer::Brace(items, _, _)) = &decl.init else {
            return None;
        };
        let item = items.get(usize::try_from(k).ok()?)?;
        self.const_eval_ast(item, dctx, &denv)
    }

    /// `offsetof(T, member)` (`__builtin_offsetof`): the byte offset of a
    /// member designator (`a`, `a.b`, `a[2]`) in class `T`, as laid out for
    /// the host ABI.
    pub(crate) fn offsetof(&mut self, args: &[Expr], ctx: Ctx, env: &Rc<Env>) -> Option<u64> {
        let [ty, designator] = args else { return None };
        let ExprKind::Name(q) = &ty.kind else {
            return None;
        };
        let t = crate::front::ast::TypeExpr::plain(
            crate::front::ast::TypeExprKind::Named(q.clone()),
            ty.span,
        );
        let t = self.resolve_type(&t, ctx, env, &mut vec![]);
        let (_, off) = self.designator_offset(&t, designator, ctx, env)?;
        Some(off)
    }

    /// The type and offset of a member designator within `ty`.
    fn designator_offset(
        &mut self,
        ty: &Ty,
        d: &Expr,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<(Ty, u64)> {
        let field = |s: &mut Self, base: &Ty, name: &str| -> Option<(Ty, u64)> {
            let Ty::Class(c) = base else { return None };
            s.complete_class(*c);
            let f = s.class(*c).fields.iter().find(|f| &*f.name == name)?;
            Some((f.ty.clone(), f.offset))
        };
        match &d.kind {
            ExprKind::Name(q) if q.is_simple() => field(self, ty, &q.last().ident),
            ExprKind::Member { base, name, .. } => {
                let (bt, boff) = self.designator_offset(ty, base, ctx, env)?;
                let (ft, foff) = field(self, &bt, &name.last().ident)?;
                Some((ft, boff + foff))
            }
            ExprKind::Index(base, i) => {
                let (bt, boff) = self.designator_offset(ty, base, ctx, env)?;
                let Ty::Array(e, _) = bt else { return None };
                let k = self.const_eval_ast(i, ctx, env)?;
                let (size, _) = self.size_align(&e)?;
                Some(((*e).clone(), boff + size * u64::try_from(k).ok()?))
            }
            _ => None,
        }
    }

    /// A fold over template parameter packs (`(Ns + ... + 0)`,
    /// `(is_integral_v<Ts> && ...)`), folded in the same nesting as at run time.
    fn const_fold(
        &mut self,
        op: BinOp,
        lhs: Option<&Expr>,
        rhs: Option<&Expr>,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<i128> {
        let expansion = |e: &Expr| Expansion::of(&PatternNames::of_expr(e), env, &[]);
        let pack_on_left = match (lhs, rhs) {
            (Some(l), Some(_)) => expansion(l).is_ok(),
            (Some(_), None) => true,
            _ => false,
        };
        let (pattern, init) = if pack_on_left {
            (lhs?, rhs)
        } else {
            (rhs?, lhs)
        };
        let exp = expansion(pattern).ok()?;
        let values = (0..exp.len)
            .map(|i| self.const_eval_ast(pattern, ctx, &exp.env_for(i, env)))
            .collect::<Option<Vec<i128>>>()?;
        let init = match init {
            Some(i) => Some(self.const_eval_ast(i, ctx, env)?),
            None => None,
        };
        if values.is_empty() && init.is_none() {
            return match op {
                BinOp::LogAnd => Some(1),
                BinOp::LogOr => Some(0),
                _ => None,
            };
        }
        fold_operands(values, init, pack_on_left, |l, r| eval_binop(op, l, r))
    }

    /// A call of a constexpr function returning an integral value: a body
    /// that is `return expr;` (the C++11 form most constant helpers have)
    /// is evaluated with its parameters bound to the argument values, other
    /// bodies are run by the statement interpreter; explicit template
    /// arguments bound too.
    fn const_call(
        &mut self,
        callee: &Expr,
        args: &[Expr],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<i128> {
        self.const_call_result(callee, args, ctx, env)?.int()
    }

    /// A call of a constexpr function returning a class or array object,
    /// as a constant object.
    pub(super) fn const_call_object(
        &mut self,
        callee: &Expr,
        args: &[Expr],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<ConstValue> {
        match self.const_call_result(callee, args, ctx, env)? {
            object @ (ConstValue::Array(_) | ConstValue::Object(..)) => Some(object),
            _ => None,
        }
    }

    /// The result of the call of the constexpr function `callee` names.
    fn const_call_result(
        &mut self,
        callee: &Expr,
        args: &[Expr],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<ConstValue> {
        let ExprKind::Name(q) = &callee.kind else {
            return None;
        };
        if self.constexpr_depth >= MAX_CONSTEXPR_DEPTH {
            return None;
        }
        let values = self.const_arguments(args, ctx, env)?;
        self.const_call_values(q, values, ctx, env)
    }

    /// A call of the constexpr function (or `constexpr` closure variable)
    /// `q` names with argument values (integers, or floating-point values,
    /// closures and objects: those need the statement interpreter): its
    /// result, converted to a scalar return type.
    pub(super) fn const_call_values(
        &mut self,
        q: &crate::front::ast::QualName,
        values: Vec<ConstValue>,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<ConstValue> {
        if self.constexpr_depth >= MAX_CONSTEXPR_DEPTH {
            return None;
        }
        let Found::Entities(es) = self.lookup_qualified(q, ctx, env, &mut vec![]) else {
            return None;
        };
        if let Some(Entity::Var(id)) = es.first() {
            let ConstValue::Closure(closure) = self.global_closure(*id)? else {
                return None;
            };
            return self.call_closure(&closure, &values);
        }
        let explicit = match &q.last().template_args {
            Some(ta) => self.resolve_template_args(ta, ctx, env, &mut vec![]),
            None => vec![],
        };
        let ints: Option<Vec<i128>> = values.iter().map(ConstValue::int).collect();
        for e in es {
            let Entity::Function(decl, dctx, denv) = e else {
                continue;
            };
            if !decl.is_constexpr || decl.params.len() != values.len() {
                continue;
            }
            if decl.template.is_none() && !self.params_accept(&decl.params, dctx, &denv, &values) {
                continue;
            }
            let Some(body) = &decl.body else {
                continue;
            };
            let mut bindings: Vec<(Rc<str>, TArg)> = vec![];
            // Template parameters not given explicitly stay unbound: a body
            // that needs them (`T(1)`) is then simply not evaluated.
            if let Some(th) = &decl.template {
                let pack_at = th
                    .params
                    .iter()
                    .position(|p| super::templates::is_pack(&p.kind));
                if explicit.len() > th.params.len() && pack_at.is_none() {
                    continue;
                }
                for (i, p) in th.params.iter().enumerate() {
                    let Some(n) = &p.name else { continue };
                    if Some(i) == pack_at {
                        let rest = explicit.get(i..).unwrap_or_default().to_vec();
                        bindings.push((n.clone(), TArg::Pack(rest)));
                        break;
                    }
                    if let Some(a) = explicit.get(i) {
                        bindings.push((n.clone(), a.clone()));
                    }
                }
            }
            // Integer arguments bound as they are, to parameters that are
            // not floating-point (those convert them: the interpreter).
            let floating_param = decl.params.iter().any(|p| {
                let ty = self.resolve_type(&p.ty, dctx, &denv, &mut vec![]);
                matches!(ty.non_ref(), Ty::Float(_))
            });
            let ints = ints.as_ref().filter(|_| !floating_param);
            self.constexpr_depth += 1;
            let r = if let (Some(ret), Some(ints)) = (single_return(&decl), ints) {
                for (p, v) in decl.params.iter().zip(ints) {
                    if let Some(n) = &p.name {
                        bindings.push((n.clone(), TArg::Value(*v)));
                    }
                }
                let call_env = Rc::new(Env {
                    using_dirs: Vec::new(),
                    entities: Vec::new(),
                    bindings,
                    parent: Some(denv),
                });
                match self.const_value_ast(ret, dctx, &call_env) {
                    Some(v) => {
                        let ret_ty = self.resolve_type(&decl.ret, dctx, &call_env, &mut vec![]);
                        const_arith::as_type(v, &ret_ty)
                    }
                    None => self.returned_object(&decl, ret, dctx, &call_env),
                }
            } else {
                let call_env = Rc::new(Env {
                    using_dirs: Vec::new(),
                    entities: Vec::new(),
                    bindings,
                    parent: Some(denv),
                });
                let ret_ty = self.resolve_type(&decl.ret, dctx, &call_env, &mut vec![]);
                let mut machine = Machine::new(dctx, call_env.clone()).returning(ret_ty);
                match self.bind_constexpr_args(&mut machine, &decl.params, &values, dctx, &call_env)
                {
                    Some(()) => self.run_constexpr_value(&mut machine, body),
                    None => None,
                }
            };
            self.constexpr_depth -= 1;
            return r;
        }
        None
    }

    /// The object `return ret;` of constexpr function `decl` returns, with
    /// its parameters bound in `env`: `return {a, b};` or `return T{a, b};`.
    fn returned_object(
        &mut self,
        decl: &crate::front::ast::FunctionDecl,
        ret: &Expr,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<ConstValue> {
        match &ret.kind {
            ExprKind::InitList(items) => {
                let ty = self.resolve_type(&decl.ret, ctx, env, &mut vec![]);
                let items = self.ast_items(items, ctx, env)?;
                self.object_from_values(&ty, &items, ctx, env)
            }
            _ => self.const_object(ret, ctx, env),
        }
    }

    /// The variable of namespace or class scope `q` names, if it names one.
    pub(super) fn named_variable(
        &mut self,
        q: &crate::front::ast::QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<VarId> {
        let Found::Entities(es) = self.lookup_qualified(q, ctx, env, &mut vec![]) else {
            return None;
        };
        es.into_iter().find_map(|x| match x {
            Entity::Var(id) => Some(id),
            _ => None,
        })
    }

    fn variable_template_value(
        &mut self,
        id: VarId,
        q: &crate::front::ast::QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<i128> {
        self.variable_template_constant(id, q, ctx, env)
            .map(|(v, _)| v)
    }

    /// The value and type of a constant variable template for the arguments
    /// `q` gives (`is_same_v<T, int>`), defaults filled in.
    pub(crate) fn variable_template_constant(
        &mut self,
        id: VarId,
        q: &crate::front::ast::QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<(i128, Ty)> {
        if self.var(id).concept.is_some() {
            return self.concept_id_value(id, q, ctx, env);
        }
        let (decl, dctx, inst_env, _) = self.variable_template_instance(id, q, ctx, env)?;
        let value = match &decl.init {
            Some(crate::front::ast::Initializer::Assign(e)) => {
                self.const_eval_ast(e, dctx, &inst_env)
            }
            Some(crate::front::ast::Initializer::Brace(es, _, _)) if es.len() == 1 => {
                self.const_eval_ast(&es[0], dctx, &inst_env)
            }
            _ => None,
        }?;
        let ty = match (&decl.ty.kind, &decl.init) {
            // `template <int V> constexpr auto twice = V * 2;`: the
            // initializer's type.
            (
                crate::front::ast::TypeExprKind::Auto,
                Some(crate::front::ast::Initializer::Assign(e)),
            ) => {
                let x = self.check_standalone_expr(e, dctx, inst_env.clone(), &mut vec![]);
                super::templates::decay(&x.ty)
            }
            _ => self.resolve_type(&decl.ty, dctx, &inst_env, &mut vec![]),
        };
        (ty.is_integral() || matches!(ty, Ty::Enum(_))).then_some((value, ty))
    }

    /// The declared type of the variable template instance `q` names.
    pub(crate) fn variable_template_type(
        &mut self,
        id: VarId,
        q: &crate::front::ast::QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<Ty> {
        let (decl, dctx, inst_env, _) = self.variable_template_instance(id, q, ctx, env)?;
        let ty = self.resolve_type(&decl.ty, dctx, &inst_env, &mut vec![]);
        (!ty.is_error()).then_some(ty)
    }

    /// The variable an instance of variable template `id` (a `const` or
    /// `constexpr` one of arithmetic type, or an array of such) is: made
    /// once per argument list, a constant of namespace scope whose
    /// initializer is evaluated with the parameters bound.
    pub(crate) fn variable_template_instance_var(
        &mut self,
        id: VarId,
        q: &crate::front::ast::QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<VarId> {
        let (decl, dctx, inst_env, key) = self.variable_template_instance(id, q, ctx, env)?;
        if !(decl.is_constexpr || decl.ty.is_const) || decl.init.is_none() {
            return None;
        }
        let ty = self.resolve_type(&decl.ty, dctx, &inst_env, &mut vec![]);
        let arithmetic = |t: &Ty| matches!(t, Ty::Float(_) | Ty::Int(_) | Ty::Bool);
        let constant = arithmetic(&ty) || matches!(&ty, Ty::Array(e, _) if arithmetic(e));
        if !constant {
            return None;
        }
        let key = (id, key);
        if let Some(v) = self.variable_template_instances.get(&key) {
            return Some(*v);
        }
        let inst = self.new_var(decl.name.clone(), ty, None, decl.span);
        let var = &mut self.vars[inst.0 as usize];
        var.is_const = true;
        var.is_global = true;
        var.global = Some((decl, dctx, inst_env));
        self.variable_template_instances.insert(key, inst);
        Some(inst)
    }

    /// The declaration of variable template `id` (or of the specialization
    /// the arguments written in `q` select) and the environment that binds
    /// its parameters to them; and the template's parameters bound to the
    /// arguments, which name the instance.
    fn variable_template_instance(
        &mut self,
        id: VarId,
        q: &crate::front::ast::QualName,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<(Rc<crate::front::ast::VarDecl>, Ctx, Rc<Env>, Bindings)> {
        let (decl, dctx, denv) = self.var(id).template.clone()?;
        let th = decl.template.as_ref()?;
        let written = q.last().template_args.as_ref()?;
        let mut d = vec![];
        let args = self.resolve_template_args(written, ctx, env, &mut d);
        let args = self.complete_template_args(th, args, dctx, &denv, q.span, &mut d)?;
        self.closures_mangled_at_parse_time(&args);
        let bindings: Bindings = th
            .params
            .iter()
            .zip(args.iter().cloned())
            .filter_map(|(p, a)| p.name.clone().map(|n| (n, a)))
            .collect();
        if let Some((sd, sctx, senv)) = self.variable_template_specialization(id, &args) {
            return Some((sd, sctx, senv, bindings));
        }
        let inst_env = Rc::new(Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings: bindings.clone(),
            parent: Some(denv),
        });
        Some((decl, dctx, inst_env, bindings))
    }

    pub(crate) fn const_eval_ast_with_enum(
        &mut self,
        e: &Expr,
        ctx: Ctx,
        env: &Rc<Env>,
        en: EnumId,
    ) -> Option<i128> {
        if let ExprKind::Name(q) = &e.kind {
            if q.is_simple() {
                if let Some((_, v)) = self.enums[en.0 as usize]
                    .enumerators
                    .iter()
                    .find(|(n, _)| *n == q.last().ident)
                {
                    return Some(*v);
                }
            }
        }
        self.const_eval_ast(e, ctx, env)
    }

    /// Evaluate a checked integral expression, if it is a constant.
    pub(crate) fn const_eval_thir(&self, e: &thir::Expr) -> Option<i128> {
        Some(match &e.kind {
            TK::IntLit(v) => *v,
            TK::BoolLit(b) => *b as i128,
            TK::Var(id) => self.var(*id).const_value?,
            TK::Load(a) | TK::Convert(a) => {
                let v = self.const_eval_thir(a)?;
                match &e.ty {
                    Ty::Int(k) => wrap(v, *k),
                    Ty::Bool => (v != 0) as i128,
                    _ if a.ty.is_integral() || matches!(a.ty, Ty::Enum(_)) => v,
                    _ => return None,
                }
            }
            TK::Unary(op, a) => {
                let a = self.const_eval_thir(a)?;
                match op {
                    UnOp::Neg => -a,
                    UnOp::Plus => a,
                    UnOp::Not => (a == 0) as i128,
                    UnOp::BitNot => !a,
                    _ => return None,
                }
            }
            TK::Binary(op, a, b) => {
                eval_binop(*op, self.const_eval_thir(a)?, self.const_eval_thir(b)?)?
            }
            TK::Cond(c, t, f) => {
                if self.const_eval_thir(c)? != 0 {
                    self.const_eval_thir(t)?
                } else {
                    self.const_eval_thir(f)?
                }
            }
            _ => return None,
        })
    }
}

/// The one expression `= e` or `{e}` initializes a variable with.
pub(super) fn single_initializer(init: Option<&crate::front::ast::Initializer>) -> Option<&Expr> {
    match init? {
        crate::front::ast::Initializer::Assign(e) => Some(e),
        crate::front::ast::Initializer::Brace(es, ..) if es.len() == 1 => Some(&es[0]),
        _ => None,
    }
}

pub(super) fn wrap(v: i128, k: IntKind) -> i128 {
    let bits = k.size() * 8;
    let m = v & ((1i128 << bits) - 1);
    if k.signed() && m >= (1i128 << (bits - 1)) {
        m - (1i128 << bits)
    } else {
        m
    }
}

pub(super) fn eval_binop(op: BinOp, a: i128, b: i128) -> Option<i128> {
    use BinOp::*;
    Some(match op {
        // An object of a comparison category, not an integer.
        ThreeWay => return None,
        Add => a.checked_add(b)?,
        Sub => a.checked_sub(b)?,
        Mul => a.checked_mul(b)?,
        Div => a.checked_div(b)?,
        Rem => a.checked_rem(b)?,
        Shl => a.checked_shl(u32::try_from(b).ok()?)?,
        Shr => a.checked_shr(u32::try_from(b).ok()?)?,
        Lt => (a < b) as i128,
        Gt => (a > b) as i128,
        Le => (a <= b) as i128,
        Ge => (a >= b) as i128,
        Eq => (a == b) as i128,
        Ne => (a != b) as i128,
        BitAnd => a & b,
        BitOr => a | b,
        BitXor => a ^ b,
        LogAnd => (a != 0 && b != 0) as i128,
        LogOr => (a != 0 || b != 0) as i128,
        Comma => b,
    })
}

/// Is `callee` the builtin `offsetof` expands to?
pub(crate) fn is_offsetof(callee: &Expr) -> bool {
    matches!(&callee.kind, ExprKind::Name(q) if q.is_simple() && &*q.last().ident == "__builtin_offsetof")
}
