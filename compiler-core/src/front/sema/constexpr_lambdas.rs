//! Lambdas in constant evaluation (C++17 makes a lambda's call operator
//! `constexpr` whenever it can be): a lambda expression evaluates to a
//! closure value, its body and the values it captured by copy (`[n]`,
//! `[k = e]`, and for `[=]` every local in scope, a copy being a snapshot);
//! calling it (`square(4)`, `g(g(v))`, `[](int x) { ... }(3)`) runs the body
//! with the captures and then the parameters bound. Closures of
//! `constexpr` variables of namespace scope come from their initializers,
//! those of block scope from the value computed when they were declared.
//! Captures by reference, `this`, packs, `mutable` lambdas (whose copies
//! change between calls) and lambdas with a template parameter list are
//! not evaluated: not a constant for us, never a wrong one.

use super::constexpr_body::Machine;
use super::constexpr_objects::ConstValue;
use super::*;
use crate::front::ast::{CaptureDefault, Expr, LambdaExpr};

/// A closure object in constant evaluation.
#[derive(Debug)]
pub(crate) struct ClosureValue {
    lambda: Rc<LambdaExpr>,
    /// Where the lambda was written: names in its body are looked up there.
    ctx: Ctx,
    env: Rc<Env>,
    /// Its captured copies, in the order they are bound (later ones hide
    /// earlier ones of the same name).
    captures: Vec<(Rc<str>, ConstValue)>,
}

impl Sema {
    /// The closure value of `lambda` written in `ctx`/`env`, its captures
    /// read through `capture` (the value a name has where the lambda is)
    /// and `visible` (every local in scope, for `[=]`).
    pub(super) fn closure_value(
        &mut self,
        lambda: &Rc<LambdaExpr>,
        ctx: Ctx,
        env: Rc<Env>,
        visible: Vec<(Rc<str>, ConstValue)>,
        mut capture: impl FnMut(&mut Self, &Expr) -> Option<ConstValue>,
    ) -> Option<ConstValue> {
        if lambda.is_mutable
            || lambda.template.is_some()
            || lambda.default_capture == CaptureDefault::ByRef
        {
            return None;
        }
        let mut captures = match lambda.default_capture {
            CaptureDefault::ByCopy => visible,
            _ => vec![],
        };
        for c in &lambda.captures {
            if c.by_ref || c.is_this || c.pack {
                return None;
            }
            let value = match &c.init {
                Some(init) => capture(self, init)?,
                None => {
                    let name = Expr {
                        kind: crate::front::ast::ExprKind::Name(
                            crate::front::ast::QualName::simple(c.name.clone(), c.span),
                        ),
                        span: c.span,
                    };
                    capture(self, &name)?
                }
            };
            captures.push((c.name.clone(), value));
        }
        Some(ConstValue::Closure(Rc::new(ClosureValue {
            lambda: lambda.clone(),
            ctx,
            env,
            captures,
        })))
    }

    /// A call of a closure with argument values: its body run with the
    /// captures and parameters bound; the value it returns (converted to
    /// its declared return type).
    pub(super) fn call_closure(
        &mut self,
        closure: &ClosureValue,
        args: &[ConstValue],
    ) -> Option<ConstValue> {
        let lambda = &closure.lambda;
        if lambda.params.len() != args.len()
            || self.constexpr_depth >= super::consteval::MAX_CONSTEXPR_DEPTH
        {
            return None;
        }
        let mut m = Machine::new(closure.ctx, closure.env.clone());
        if let Some(ret) = &lambda.ret {
            let ret = self.resolve_type(ret, closure.ctx, &closure.env, &mut vec![]);
            m = m.returning(ret);
        }
        for (name, value) in &closure.captures {
            Self::bind_captured_value(&mut m, name.clone(), value.clone());
        }
        self.bind_constexpr_args(&mut m, &lambda.params, args, closure.ctx, &closure.env)?;
        self.constexpr_depth += 1;
        let result = self.run_constexpr_value(&mut m, &lambda.body);
        self.constexpr_depth -= 1;
        result
    }

    /// The closure a `constexpr` variable of namespace or class scope holds
    /// (`constexpr auto square = [](int x) { return x * x; };`).
    pub(super) fn global_closure(&mut self, id: VarId) -> Option<ConstValue> {
        let (decl, dctx, denv) = self.var(id).global.clone()?;
        if !decl.is_constexpr {
            return None;
        }
        let init = super::consteval::single_initializer(decl.init.as_ref())?;
        if !matches!(init.kind, crate::front::ast::ExprKind::Lambda(_)) {
            return None;
        }
        self.const_value_ast(init, dctx, &denv)
    }
}
