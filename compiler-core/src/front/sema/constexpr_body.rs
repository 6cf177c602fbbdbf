//! Statement-bodied constexpr functions (C++14): the constant evaluator runs
//! such a body as a small interpreter with mutable integral locals, loops,
//! `if`, `break`/`continue` and `return`. Expressions without side effects
//! go to [`Sema::const_eval_ast`] with the current locals bound; assignments,
//! compound assignments and increments of locals are executed here. Anything
//! else (non-integral locals, `switch`, `goto`, side effects nested inside an
//! expression) makes the call not a constant for us, never a wrong one.

use super::consteval::{eval_binop, wrap};
use super::*;
use crate::front::ast::{BinOp, Decl, Expr, ExprKind, Initializer, Stmt, StmtKind, UnOp, VarDecl};

/// Statements and loop iterations one top-level evaluation may execute, so a
/// loop that never ends is "not a constant" rather than a hang.
const MAX_STEPS: u32 = 1 << 20;

/// One local or parameter: its name, value and the integral type its stores
/// wrap to (`None`: `auto` and the like, kept as computed).
struct Local {
    name: Rc<str>,
    value: i128,
    wraps_to: Option<Ty>,
}

/// The state of one call being interpreted.
pub(super) struct Machine {
    locals: Vec<Local>,
    scopes: Vec<usize>,
    ctx: Ctx,
    env: Rc<Env>,
}

/// How a statement finished.
enum Flow {
    Normal,
    Break,
    Continue,
    Return(i128),
}

impl Machine {
    /// A call in `ctx` with `env` (its template arguments) and its
    /// parameters already bound to the argument values.
    pub(super) fn new(ctx: Ctx, env: Rc<Env>) -> Self {
        Machine {
            locals: vec![],
            scopes: vec![],
            ctx,
            env,
        }
    }

    fn slot(&mut self, name: &str) -> Option<&mut Local> {
        self.locals.iter_mut().rev().find(|l| &*l.name == name)
    }

    /// The environment that binds every visible local to its value.
    fn bound_env(&self) -> Rc<Env> {
        Rc::new(Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings: self
                .locals
                .iter()
                .map(|l| (l.name.clone(), TArg::Value(l.value)))
                .collect(),
            parent: Some(self.env.clone()),
        })
    }
}

/// Does `e` assign or increment anything (outside lambdas)?
fn has_effect(e: &Expr) -> bool {
    let mut found = matches!(
        e.kind,
        ExprKind::Assign(..)
            | ExprKind::StmtExpr(_)
            | ExprKind::Unary(
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                _
            )
    );
    e.for_each_child(|c| found |= has_effect(c));
    found
}

fn store(ty: &Option<Ty>, v: i128) -> i128 {
    match ty {
        Some(Ty::Int(k)) => wrap(v, *k),
        Some(Ty::Bool) => (v != 0) as i128,
        _ => v,
    }
}

impl Sema {
    /// Binds a parameter of the call `m` runs, wrapped to its type.
    pub(super) fn bind_constexpr_param(
        &mut self,
        m: &mut Machine,
        name: Rc<str>,
        ty: &crate::front::ast::TypeExpr,
        value: i128,
    ) {
        let wraps_to = self.integral_type(ty, m.ctx, &m.env.clone());
        m.locals.push(Local {
            name,
            value: store(&wraps_to, value),
            wraps_to,
        });
    }

    /// Runs the body of a constexpr function; `Some` when it returns an
    /// integral constant.
    pub(super) fn run_constexpr_body(&mut self, m: &mut Machine, body: &Stmt) -> Option<i128> {
        let mut steps = 0;
        match self.exec(m, body, &mut steps)? {
            Flow::Return(v) => Some(v),
            _ => None,
        }
    }

    fn integral_type(
        &mut self,
        ty: &crate::front::ast::TypeExpr,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<Ty> {
        match self.resolve_type(ty, ctx, env, &mut vec![]) {
            t @ (Ty::Int(_) | Ty::Bool) => Some(t),
            _ => None,
        }
    }

    fn exec(&mut self, m: &mut Machine, s: &Stmt, steps: &mut u32) -> Option<Flow> {
        *steps += 1;
        if *steps > MAX_STEPS {
            return None;
        }
        Some(match &s.kind {
            StmtKind::Empty => Flow::Normal,
            StmtKind::Expr(e) => {
                self.eval_effect(m, e)?;
                Flow::Normal
            }
            StmtKind::Decl(decls) => {
                for d in decls {
                    self.exec_decl(m, d)?;
                }
                Flow::Normal
            }
            StmtKind::Compound(stmts) => {
                m.scopes.push(m.locals.len());
                let mut flow = Flow::Normal;
                for st in stmts {
                    flow = self.exec(m, st, steps)?;
                    if !matches!(flow, Flow::Normal) {
                        break;
                    }
                }
                m.locals.truncate(m.scopes.pop()?);
                flow
            }
            StmtKind::Return(Some(e)) => Flow::Return(self.eval_effect(m, e)?),
            StmtKind::Break => Flow::Break,
            StmtKind::Continue => Flow::Continue,
            StmtKind::If {
                init,
                cond,
                then_branch,
                else_branch,
                ..
            } => {
                m.scopes.push(m.locals.len());
                if let Some(i) = init {
                    self.exec(m, i, steps)?;
                }
                let taken = self.condition(m, cond)? != 0;
                let flow = match (taken, else_branch) {
                    (true, _) => self.exec(m, then_branch, steps)?,
                    (false, Some(e)) => self.exec(m, e, steps)?,
                    (false, None) => Flow::Normal,
                };
                m.locals.truncate(m.scopes.pop()?);
                flow
            }
            StmtKind::While { cond, body } => {
                self.run_loop(m, None, Some(cond), None, body, false, steps)?
            }
            StmtKind::DoWhile { body, cond } => {
                let cond = Stmt {
                    kind: StmtKind::Expr(cond.clone()),
                    span: cond.span,
                };
                self.run_loop(m, None, Some(&cond), None, body, true, steps)?
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => self.run_loop(
                m,
                init.as_deref(),
                cond.as_deref(),
                step.as_ref(),
                body,
                false,
                steps,
            )?,
            _ => return None,
        })
    }

    /// `for`, `while` and `do`-`while` (`body_first`) loops.
    #[allow(clippy::too_many_arguments)]
    fn run_loop(
        &mut self,
        m: &mut Machine,
        init: Option<&Stmt>,
        cond: Option<&Stmt>,
        step: Option<&Expr>,
        body: &Stmt,
        body_first: bool,
        steps: &mut u32,
    ) -> Option<Flow> {
        m.scopes.push(m.locals.len());
        if let Some(i) = init {
            self.exec(m, i, steps)?;
        }
        let mut first = true;
        let flow = loop {
            *steps += 1;
            if *steps > MAX_STEPS {
                return None;
            }
            let skip_test = body_first && first;
            first = false;
            if !skip_test {
                if let Some(c) = cond {
                    // A condition declaration lives for one iteration.
                    m.scopes.push(m.locals.len());
                    let go = self.condition(m, c)?;
                    m.locals.truncate(m.scopes.pop()?);
                    if go == 0 {
                        break Flow::Normal;
                    }
                }
            }
            match self.exec(m, body, steps)? {
                Flow::Break => break Flow::Normal,
                Flow::Return(v) => break Flow::Return(v),
                Flow::Normal | Flow::Continue => {}
            }
            if let Some(s) = step {
                self.eval_effect(m, s)?;
            }
        };
        m.locals.truncate(m.scopes.pop()?);
        Some(flow)
    }

    /// The value of an `if`/`while`/`for` condition: an expression or a
    /// declaration (whose variable stays visible in the statement).
    fn condition(&mut self, m: &mut Machine, cond: &Stmt) -> Option<i128> {
        match &cond.kind {
            StmtKind::Expr(e) => self.eval_effect(m, e),
            StmtKind::Decl(decls) => {
                let [d] = decls.as_slice() else { return None };
                self.exec_decl(m, d)?;
                m.locals.last().map(|l| l.value)
            }
            _ => None,
        }
    }

    fn exec_decl(&mut self, m: &mut Machine, d: &Decl) -> Option<()> {
        match d {
            Decl::Var(v) => self.declare_local(m, v),
            Decl::StaticAssert(..) | Decl::Alias(_) | Decl::Empty => Some(()),
            _ => None,
        }
    }

    fn declare_local(&mut self, m: &mut Machine, v: &VarDecl) -> Option<()> {
        if v.is_static {
            return None;
        }
        let init = match &v.init {
            Some(Initializer::Assign(e)) => self.eval_effect(m, e)?,
            Some(Initializer::Paren(args, _) | Initializer::Brace(args, _, _)) => {
                match args.as_slice() {
                    [] => 0,
                    [e] => self.eval_effect(m, e)?,
                    _ => return None,
                }
            }
            None => return None,
        };
        let wraps_to = self.integral_type(&v.ty, m.ctx, &m.env.clone());
        m.locals.push(Local {
            name: v.name.clone(),
            value: store(&wraps_to, init),
            wraps_to,
        });
        Some(())
    }

    /// An expression that may assign to or increment locals: those and the
    /// operators around them (`,`, `&&` and `||` short-circuiting, `?:`)
    /// are executed here, the side-effect-free parts evaluated as constants.
    fn eval_effect(&mut self, m: &mut Machine, e: &Expr) -> Option<i128> {
        let local_name = |x: &Expr| match &x.kind {
            ExprKind::Name(q) if q.is_simple() => Some(q.last().ident.clone()),
            _ => None,
        };
        match &e.kind {
            ExprKind::Assign(op, lhs, rhs) => {
                let name = local_name(lhs)?;
                let r = self.eval_effect(m, rhs)?;
                let slot = m.slot(&name)?;
                let v = match op {
                    Some(op) => eval_binop(*op, slot.value, r)?,
                    None => r,
                };
                slot.value = store(&slot.wraps_to, v);
                Some(slot.value)
            }
            ExprKind::Unary(
                op @ (UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec),
                x,
            ) => {
                let name = local_name(x)?;
                let slot = m.slot(&name)?;
                let old = slot.value;
                let delta = if matches!(op, UnOp::PreInc | UnOp::PostInc) {
                    1
                } else {
                    -1
                };
                slot.value = store(&slot.wraps_to, old + delta);
                Some(if matches!(op, UnOp::PreInc | UnOp::PreDec) {
                    slot.value
                } else {
                    old
                })
            }
            ExprKind::Binary(op, a, b) if has_effect(a) || has_effect(b) => {
                let l = self.eval_effect(m, a)?;
                match op {
                    BinOp::LogAnd if l == 0 => Some(0),
                    BinOp::LogOr if l != 0 => Some(1),
                    BinOp::LogAnd | BinOp::LogOr => Some((self.eval_effect(m, b)? != 0) as i128),
                    _ => {
                        let r = self.eval_effect(m, b)?;
                        eval_binop(*op, l, r)
                    }
                }
            }
            ExprKind::Unary(op @ (UnOp::Neg | UnOp::Plus | UnOp::Not | UnOp::BitNot), x)
                if has_effect(x) =>
            {
                let v = self.eval_effect(m, x)?;
                Some(match op {
                    UnOp::Neg => -v,
                    UnOp::Not => (v == 0) as i128,
                    UnOp::BitNot => !v,
                    _ => v,
                })
            }
            ExprKind::Cond(c, a, b) if has_effect(e) => {
                if self.eval_effect(m, c)? != 0 {
                    self.eval_effect(m, a)
                } else {
                    self.eval_effect(m, b)
                }
            }
            _ => {
                let env = m.bound_env();
                self.const_eval_ast(e, m.ctx, &env)
            }
        }
    }
}
