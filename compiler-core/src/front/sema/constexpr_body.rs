//! Statement-bodied constexpr functions (C++14) and the expressions of
//! constant evaluation: the constant evaluator runs such a body as a small
//! interpreter with mutable locals (integers, `float` and `double` values,
//! closures, arrays and class objects, see [`ConstValue`]), loops
//! (range-`for` over local arrays too), `if`, `switch`, `break`/`continue`
//! and `return`. Names, literals, the arithmetic operators (through
//! `const_arith.rs`), conversions to scalar types, calls (of constexpr
//! functions and of closures), lambda expressions, assignments, compound
//! assignments and increments of locals, elements and members, reads of
//! elements and members and member function calls on local objects are
//! executed here; an expression [`Sema::const_value_ast`] evaluates outside
//! any call is run by a machine without locals. Other expressions (`sizeof`,
//! type traits, members of constant objects) go to the integral evaluator
//! of `consteval.rs` with the integer locals bound. Anything else (`goto`, a
//! `case` inside a nested block) makes the call not a constant for us,
//! never a wrong one.

use super::const_arith;
use super::consteval::is_offsetof;
use super::constexpr_objects::ConstValue;
use super::*;
use crate::front::ast::{
    BinOp, Decl, Expr, ExprKind, Initializer, Stmt, StmtKind, TypeExprKind, UnOp, VarDecl,
};

/// Statements and loop iterations one top-level evaluation may execute, so a
/// loop that never ends is "not a constant" rather than a hang.
const MAX_STEPS: u32 = 1 << 20;

/// One local or parameter: its name, value and type (`None`: `auto` and
/// the like, whose integer value is kept as computed); stores convert to
/// the scalar type of what they store to.
struct Local {
    name: Rc<str>,
    value: ConstValue,
    ty: Option<Ty>,
}

/// One item of an initializer list, evaluated: a value, a nested list, or
/// a designated member's item.
pub(super) enum Item {
    Value(ConstValue),
    List(Vec<Item>),
    Designated(Rc<str>, Box<Item>),
}

/// One step into an array or class object.
#[derive(Clone, Copy)]
enum Step {
    Element(usize),
    Member(usize),
}

/// What an assignment or increment stores to, or a read of an element or
/// member reads: a local, then steps into it.
struct Place {
    local: Rc<str>,
    steps: Vec<Step>,
}

/// The state of one call being interpreted.
pub(super) struct Machine {
    locals: Vec<Local>,
    scopes: Vec<usize>,
    ctx: Ctx,
    env: Rc<Env>,
    /// The function's return type, where a `return {...};` needs it.
    ret: Option<Ty>,
}

/// How a statement finished.
enum Flow {
    Normal,
    Break,
    Continue,
    Return(ConstValue),
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
            ret: None,
        }
    }

    /// The machine of a function returning `ret` (a class or array result
    /// of `return {...};` is built as that type).
    pub(super) fn returning(mut self, ret: Ty) -> Self {
        self.ret = Some(ret);
        self
    }

    fn slot(&mut self, name: &str) -> Option<&mut Local> {
        self.locals.iter_mut().rev().find(|l| &*l.name == name)
    }

    /// The environment that binds every visible integer local to its value.
    fn bound_env(&self) -> Rc<Env> {
        if self.locals.is_empty() {
            return self.env.clone();
        }
        Rc::new(Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings: self
                .locals
                .iter()
                .filter_map(|l| Some((l.name.clone(), TArg::Value(l.value.int()?))))
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

/// `v` as stored to a local, element or member of type `ty` (see
/// [`const_arith::as_type`]).
fn stored(ty: &Option<Ty>, v: ConstValue) -> Option<ConstValue> {
    match ty {
        Some(t) => const_arith::as_type(v, t),
        None => Some(v),
    }
}

/// The type a local keeps for a value whose declared type is `auto`: a
/// floating-point value keeps its type, integers are kept as computed.
fn deduced_type(v: &ConstValue) -> Option<Ty> {
    match v {
        ConstValue::Float(_, k) => Some(Ty::Float(*k)),
        _ => None,
    }
}

impl Sema {
    /// Binds a scalar parameter of the call `m` runs, converted to its type.
    pub(super) fn bind_constexpr_param(
        &mut self,
        m: &mut Machine,
        name: Rc<str>,
        ty: &crate::front::ast::TypeExpr,
        value: ConstValue,
    ) -> Option<()> {
        let ty = self.scalar_type(ty, m.ctx, &m.env.clone())?;
        let ty = ty.or_else(|| deduced_type(&value));
        let value = stored(&ty, value)?;
        m.locals.push(Local { name, value, ty });
        Some(())
    }

    /// Binds a captured copy (or a closure parameter) in `m`, typed by its
    /// value.
    pub(super) fn bind_captured_value(m: &mut Machine, name: Rc<str>, value: ConstValue) {
        let ty = deduced_type(&value);
        m.locals.push(Local { name, value, ty });
    }

    /// Binds a local of type `ty` (a parameter, or a member of the object
    /// whose member function `m` runs) to a value.
    pub(super) fn bind_constexpr_value(m: &mut Machine, name: Rc<str>, ty: &Ty, value: ConstValue) {
        let ty = Some(ty.clone());
        let value = stored(&ty, value.clone()).unwrap_or(value);
        m.locals.push(Local { name, value, ty });
    }

    /// The members of the object whose member function `m` runs, bound as
    /// locals.
    pub(super) fn bind_constexpr_members(&mut self, m: &mut Machine, object: &ConstValue) {
        let ConstValue::Object(c, members) = object else {
            return;
        };
        let fields = self.class(*c).fields.clone();
        for (field, value) in fields.iter().zip(members) {
            Self::bind_constexpr_value(m, field.name.clone(), &field.ty, value.clone());
        }
    }

    /// The object whose member function `m` ran, with its members' values
    /// at the end of the call.
    pub(super) fn constexpr_members_after(
        &self,
        m: &Machine,
        object: &ConstValue,
    ) -> Option<ConstValue> {
        let ConstValue::Object(c, members) = object else {
            return None;
        };
        let fields = &self.class(*c).fields;
        let after = fields
            .iter()
            .zip(members)
            .map(|(f, _)| {
                m.locals
                    .iter()
                    .find(|l| l.name == f.name)
                    .map(|l| l.value.clone())
            })
            .collect::<Option<Vec<_>>>()?;
        Some(ConstValue::Object(*c, after))
    }

    /// Runs the body of a constexpr function; `Some` when it returns an
    /// integral constant.
    pub(super) fn run_constexpr_body(&mut self, m: &mut Machine, body: &Stmt) -> Option<i128> {
        self.run_constexpr_value(m, body)?.int()
    }

    /// Runs the body of a constexpr function; `Some` when it returns a
    /// constant (an integer, or a class or array object).
    pub(super) fn run_constexpr_value(
        &mut self,
        m: &mut Machine,
        body: &Stmt,
    ) -> Option<ConstValue> {
        let mut steps = 0;
        match self.exec(m, body, &mut steps)? {
            Flow::Return(v) => Some(v),
            _ => None,
        }
    }

    /// The value a `return e;` returns, converted to a scalar return type.
    fn returned_value(&mut self, m: &mut Machine, e: &Expr) -> Option<ConstValue> {
        let value = match &e.kind {
            ExprKind::InitList(items) => {
                let ty = m.ret.clone()?;
                let items = self.eval_items(m, items)?;
                let env = m.bound_env();
                return self.object_from_values(&ty, &items, m.ctx, &env);
            }
            _ if self.designates_object(m, e) => self.eval_object(m, e)?,
            ExprKind::Construct(..) | ExprKind::Call(..) if !has_effect(e) => {
                match self.eval_value(m, e) {
                    Some(v) => v,
                    None => self.eval_object(m, e)?,
                }
            }
            _ => self.eval_value(m, e)?,
        };
        stored(&m.ret, value)
    }

    /// The type a local or parameter declared with `ty` keeps: `Some(None)`
    /// where values are kept as computed (`auto` and the like), `None` for
    /// floating-point types whose values we do not compute.
    fn scalar_type(
        &mut self,
        ty: &crate::front::ast::TypeExpr,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<Option<Ty>> {
        if matches!(ty.kind, TypeExprKind::Auto) {
            return Some(None);
        }
        // A `const T&` parameter or local: its value converted to `T`.
        match self
            .resolve_type(ty, ctx, env, &mut vec![])
            .non_ref()
            .clone()
        {
            t if const_arith::is_scalar(&t) && !matches!(t, Ty::Enum(_)) => Some(Some(t)),
            Ty::Float(_) => None,
            _ => Some(None),
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
                self.eval_value(m, e)?;
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
            StmtKind::Return(Some(e)) => Flow::Return(self.returned_value(m, e)?),
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
                let taken = self.condition(m, cond)?;
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
            StmtKind::Switch { init, cond, body } => {
                self.run_switch(m, init.as_deref(), cond, body, steps)?
            }
            // Labels of the `switch` being run: where it starts is decided there.
            StmtKind::Case(_) | StmtKind::Default => Flow::Normal,
            StmtKind::RangeFor {
                init: None,
                var,
                range,
                body,
            } => self.run_range_for(m, var, range, body, steps)?,
            _ => return None,
        })
    }

    /// A `switch` whose labels are statements of its body's block: runs
    /// from the `case` of the condition's value (else `default`, else
    /// nothing) to the end or a `break`, falling through the labels.
    fn run_switch(
        &mut self,
        m: &mut Machine,
        init: Option<&Stmt>,
        cond: &Stmt,
        body: &Stmt,
        steps: &mut u32,
    ) -> Option<Flow> {
        m.scopes.push(m.locals.len());
        if let Some(i) = init {
            self.exec(m, i, steps)?;
        }
        let value = self.switch_integer(m, cond)?;
        let StmtKind::Compound(stmts) = &body.kind else {
            return None;
        };
        let mut start = None;
        let mut default = None;
        for (i, st) in stmts.iter().enumerate() {
            match &st.kind {
                StmtKind::Case(e) if start.is_none() && self.eval_value(m, e)?.int()? == value => {
                    start = Some(i);
                }
                StmtKind::Default => default = Some(i),
                _ => {}
            }
        }
        m.scopes.push(m.locals.len());
        let mut flow = Flow::Normal;
        for st in start.or(default).map_or(&stmts[..0], |i| &stmts[i..]) {
            flow = self.exec(m, st, steps)?;
            if !matches!(flow, Flow::Normal) {
                break;
            }
        }
        m.locals.truncate(m.scopes.pop()?);
        m.locals.truncate(m.scopes.pop()?);
        Some(match flow {
            Flow::Break => Flow::Normal,
            f => f,
        })
    }

    /// `for (T x : arr)` over a local array or `std::array`: `x` takes each
    /// element's value.
    fn run_range_for(
        &mut self,
        m: &mut Machine,
        var: &VarDecl,
        range: &Expr,
        body: &Stmt,
        steps: &mut u32,
    ) -> Option<Flow> {
        let ExprKind::Name(q) = &range.kind else {
            return None;
        };
        let elems = match m.slot(&q.last().ident)?.value.clone() {
            ConstValue::Array(elems) => elems,
            // A `std::array`: its one member's elements.
            ConstValue::Object(c, mut members) if members.len() == 1 => {
                self.std_array_elements(c)?;
                match members.pop()? {
                    ConstValue::Array(elems) => elems,
                    _ => return None,
                }
            }
            _ => return None,
        };
        let ty = self.scalar_type(&var.ty, m.ctx, &m.env.clone())?;
        for value in elems {
            *steps += 1;
            if *steps > MAX_STEPS {
                return None;
            }
            if !matches!(value, ConstValue::Int(_) | ConstValue::Float(..)) {
                return None;
            }
            let ty = ty.clone().or_else(|| deduced_type(&value));
            m.scopes.push(m.locals.len());
            m.locals.push(Local {
                name: var.name.clone(),
                value: stored(&ty, value)?,
                ty,
            });
            let flow = self.exec(m, body, steps)?;
            m.locals.truncate(m.scopes.pop()?);
            match flow {
                Flow::Break => break,
                Flow::Return(v) => return Some(Flow::Return(v)),
                Flow::Normal | Flow::Continue => {}
            }
        }
        Some(Flow::Normal)
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
                    if !go {
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
                self.eval_value(m, s)?;
            }
        };
        m.locals.truncate(m.scopes.pop()?);
        Some(flow)
    }

    /// The value of an `if`/`while`/`for` condition converted to `bool`:
    /// an expression or a declaration (whose variable stays visible in the
    /// statement).
    fn condition(&mut self, m: &mut Machine, cond: &Stmt) -> Option<bool> {
        const_arith::truth(&self.condition_value(m, cond)?)
    }

    /// The integer a `switch` condition gives.
    fn switch_integer(&mut self, m: &mut Machine, cond: &Stmt) -> Option<i128> {
        self.condition_value(m, cond)?.int()
    }

    fn condition_value(&mut self, m: &mut Machine, cond: &Stmt) -> Option<ConstValue> {
        match &cond.kind {
            StmtKind::Expr(e) => self.eval_value(m, e),
            StmtKind::Decl(decls) => {
                let [d] = decls.as_slice() else { return None };
                self.exec_decl(m, d)?;
                m.locals.last().map(|l| l.value.clone())
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
        let resolved = self.resolve_type(&v.ty, m.ctx, &m.env.clone(), &mut vec![]);
        let closure_type = matches!(resolved, Ty::Class(c) if self.class(c).closure.is_some());
        if matches!(resolved, Ty::Array(..) | Ty::Class(_)) && !closure_type {
            let items: &[Expr] = match &v.init {
                Some(Initializer::Brace(items, _, _) | Initializer::Paren(items, _)) => items,
                Some(Initializer::Assign(Expr {
                    kind: ExprKind::InitList(items),
                    ..
                })) => items,
                None => &[],
                Some(Initializer::Assign(e)) => {
                    let value = self.eval_object(m, e)?;
                    Self::bind_constexpr_value(m, v.name.clone(), &resolved, value);
                    return Some(());
                }
            };
            let items = self.eval_items(m, items)?;
            let env = m.bound_env();
            let value = self.object_from_values(&resolved, &items, m.ctx, &env)?;
            Self::bind_constexpr_value(m, v.name.clone(), &resolved, value);
            return Some(());
        }
        let init = match &v.init {
            Some(Initializer::Assign(e)) => self.eval_value(m, e)?,
            Some(Initializer::Paren(args, _) | Initializer::Brace(args, _, _)) => {
                match args.as_slice() {
                    [] => ConstValue::Int(0),
                    [e] => self.eval_value(m, e)?,
                    _ => return None,
                }
            }
            None => return None,
        };
        let ty = self.scalar_type(&v.ty, m.ctx, &m.env.clone())?;
        let ty = ty.or_else(|| deduced_type(&init));
        m.locals.push(Local {
            name: v.name.clone(),
            value: stored(&ty, init)?,
            ty,
        });
        Some(())
    }

    /// The items of an initializer list, each a scalar or an object (a
    /// local, or a nested list kept for the type it initializes).
    fn eval_items(&mut self, m: &mut Machine, items: &[Expr]) -> Option<Vec<Item>> {
        items
            .iter()
            .map(|e| match &e.kind {
                ExprKind::InitList(inner) => Some(Item::List(self.eval_items(m, inner)?)),
                ExprKind::Designated(name, value) => Some(Item::Designated(
                    name.clone(),
                    Box::new(self.eval_items(m, std::slice::from_ref(&**value))?.pop()?),
                )),
                _ if self.designates_object(m, e) => Some(Item::Value(self.eval_object(m, e)?)),
                _ => Some(Item::Value(self.eval_value(m, e)?)),
            })
            .collect()
    }

    /// The value of an expression that designates an object: a local (or
    /// an element or member of one), or a constant the evaluator knows.
    fn eval_object(&mut self, m: &mut Machine, e: &Expr) -> Option<ConstValue> {
        if let Some(place) = self.place(m, e) {
            return Self::load(m, &place);
        }
        // An operator of a class, or a member function, returning an object.
        if matches!(
            e.kind,
            ExprKind::Binary(..) | ExprKind::Unary(..) | ExprKind::Call(..)
        ) {
            if let Some(v) = self.eval_value(m, e).filter(is_object) {
                return Some(v);
            }
        }
        let env = m.bound_env();
        self.const_object(e, m.ctx, &env)
    }

    /// An operand's value: a number, or the object it designates.
    fn operand_value(&mut self, m: &mut Machine, e: &Expr) -> Option<ConstValue> {
        match self.eval_value(m, e) {
            Some(v) => Some(v),
            // Operators and calls were evaluated whole above.
            None if matches!(
                e.kind,
                ExprKind::Binary(..) | ExprKind::Unary(..) | ExprKind::Call(..)
            ) =>
            {
                None
            }
            None => self.eval_object(m, e),
        }
    }

    /// What `e` designates inside a local: the local, then its elements
    /// and members.
    fn place(&mut self, m: &mut Machine, e: &Expr) -> Option<Place> {
        match &e.kind {
            ExprKind::Name(q) if q.is_simple() => {
                m.slot(&q.last().ident)?;
                Some(Place {
                    local: q.last().ident.clone(),
                    steps: vec![],
                })
            }
            ExprKind::Index(base, index) => {
                let i = self.eval_value(m, index)?.int()?;
                let mut place = self.place(m, base)?;
                // `std::array`'s elements: its one member.
                if let ConstValue::Object(c, _) = Self::load(m, &place)? {
                    self.std_array_elements(c)?;
                    place.steps.push(Step::Member(0));
                }
                let ConstValue::Array(elems) = Self::load(m, &place)? else {
                    return None;
                };
                let i = usize::try_from(i).ok().filter(|i| *i < elems.len())?;
                place.steps.push(Step::Element(i));
                Some(place)
            }
            ExprKind::Member {
                base,
                arrow: false,
                name,
            } if name.is_simple() => {
                let mut place = self.place(m, base)?;
                let ConstValue::Object(c, _) = Self::load(m, &place)? else {
                    return None;
                };
                let k = self
                    .class(c)
                    .fields
                    .iter()
                    .position(|f| f.name == name.last().ident)?;
                place.steps.push(Step::Member(k));
                Some(place)
            }
            _ => None,
        }
    }

    /// `Some` if class `c` is a `std::array`, whose one member holds its
    /// elements.
    fn std_array_elements(&self, c: ClassId) -> Option<()> {
        let info = self.class(c);
        let (decl, _) = info.template.as_ref()?;
        let is_array = decl.name.as_deref() == Some("array")
            && super::mangle::is_std(self, info.ctx)
            && matches!(info.fields.as_slice(), [f] if matches!(f.ty, Ty::Array(..)));
        is_array.then_some(())
    }

    /// The value at `p`.
    fn load(m: &mut Machine, p: &Place) -> Option<ConstValue> {
        let mut v = &m.slot(&p.local)?.value;
        for step in &p.steps {
            v = match (step, v) {
                (Step::Element(i), ConstValue::Array(elems)) => elems.get(*i)?,
                (Step::Member(k), ConstValue::Object(_, members)) => members.get(*k)?,
                _ => return None,
            };
        }
        Some(v.clone())
    }

    /// Stores the scalar `v` at `p`, converted to the scalar type there;
    /// the value stored.
    fn store_at(&self, m: &mut Machine, p: &Place, v: ConstValue) -> Option<ConstValue> {
        let slot = m.slot(&p.local)?;
        let mut ty = slot.ty.clone();
        let mut target = &mut slot.value;
        for step in &p.steps {
            (target, ty) = match (step, target, ty) {
                (Step::Element(i), ConstValue::Array(elems), ty) => {
                    let elem = match ty {
                        Some(Ty::Array(elem, _)) => Some(*elem),
                        _ => None,
                    };
                    (elems.get_mut(*i)?, elem)
                }
                (Step::Member(k), ConstValue::Object(c, members), _) => {
                    let field = self.class(*c).fields.get(*k).map(|f| f.ty.clone());
                    (members.get_mut(*k)?, field)
                }
                _ => return None,
            };
        }
        if !matches!(target, ConstValue::Int(_) | ConstValue::Float(..)) {
            return None;
        }
        *target = stored(&ty, v)?;
        Some(target.clone())
    }

    /// Whether `e` (without side effects) designates a local array or
    /// object, or an element or member of one that is an array or object.
    fn designates_object(&mut self, m: &mut Machine, e: &Expr) -> bool {
        !has_effect(e)
            && self
                .place(m, e)
                .and_then(|p| Self::load(m, &p))
                .is_some_and(|v| matches!(v, ConstValue::Array(_) | ConstValue::Object(..)))
    }

    /// Whether `e` names a local that is not an integer anywhere.
    fn mentions_object_local(m: &Machine, e: &Expr) -> bool {
        if let ExprKind::Name(q) = &e.kind {
            if q.is_simple() {
                return m
                    .locals
                    .iter()
                    .rev()
                    .find(|l| l.name == q.last().ident)
                    .is_some_and(|l| !matches!(l.value, ConstValue::Int(_)));
            }
        }
        let mut found = false;
        e.for_each_child(|c| found |= Self::mentions_object_local(m, c));
        found
    }

    /// Whether evaluating `e` needs the interpreter rather than the constant
    /// evaluator: it stores something or uses a local array or object.
    fn needs_machine(m: &Machine, e: &Expr) -> bool {
        has_effect(e) || Self::mentions_object_local(m, e)
    }

    /// The values of call arguments: local objects, scalars, closures, and
    /// constant objects.
    fn argument_values(&mut self, m: &mut Machine, args: &[Expr]) -> Option<Vec<ConstValue>> {
        if args.iter().any(has_effect) {
            return None;
        }
        args.iter()
            .map(|a| {
                if self.designates_object(m, a) {
                    return self.eval_object(m, a);
                }
                match self.eval_value(m, a) {
                    Some(v) => Some(v),
                    None => {
                        let env = m.bound_env();
                        self.const_object(a, m.ctx, &env)
                    }
                }
            })
            .collect()
    }

    /// A call: of a member function on a local or constant object, of a
    /// closure (a local, a constant, or any expression giving one), or of
    /// a constexpr function.
    fn eval_call(
        &mut self,
        m: &mut Machine,
        e: &Expr,
        callee: &Expr,
        args: &[Expr],
    ) -> Option<ConstValue> {
        match &callee.kind {
            _ if is_offsetof(callee) => self.eval_other(m, e),
            ExprKind::Member {
                base,
                arrow: false,
                name,
            } if name.is_simple() => {
                if !Self::needs_machine(m, e) {
                    if let Some(v) = self.eval_other(m, e) {
                        return Some(v);
                    }
                }
                let values = self.argument_values(m, args)?;
                let place = self.place(m, base);
                let object = match &place {
                    Some(p) => Self::load(m, p)?,
                    None => {
                        let env = m.bound_env();
                        self.const_object(base, m.ctx, &env)?
                    }
                };
                let (result, after) = self.run_method(object, &name.last().ident, &values)?;
                // A member function may change the local object it runs on.
                if let (Some(p), Some(after)) = (place, after) {
                    Self::replace_at(m, &p, after)?;
                }
                Some(result)
            }
            ExprKind::Name(q) => {
                let local = q.is_simple().then(|| m.slot(&q.last().ident)).flatten();
                let closure = match local {
                    Some(l) => Some(l.value.clone()),
                    None if q.is_simple() => self.local_constexpr_value(m.ctx, &q.last().ident),
                    None => None,
                };
                let values = self.argument_values(m, args)?;
                match closure {
                    Some(ConstValue::Closure(c)) => self.call_closure(&c, &values),
                    Some(_) => None,
                    None => {
                        let env = m.bound_env();
                        self.const_call_values(q, values, m.ctx, &env)
                    }
                }
            }
            _ => {
                let ConstValue::Closure(c) = self.eval_value(m, callee)? else {
                    return None;
                };
                let values = self.argument_values(m, args)?;
                self.call_closure(&c, &values)
            }
        }
    }

    /// Replaces the object at `p` (after a member function changed it).
    fn replace_at(m: &mut Machine, p: &Place, value: ConstValue) -> Option<()> {
        let mut target = &mut m.slot(&p.local)?.value;
        for step in &p.steps {
            target = match (step, target) {
                (Step::Element(i), ConstValue::Array(elems)) => elems.get_mut(*i)?,
                (Step::Member(k), ConstValue::Object(_, members)) => members.get_mut(*k)?,
                _ => return None,
            };
        }
        *target = value;
        Some(())
    }

    /// The value of an expression in the call `m` runs (or, for a machine
    /// without locals, of a constant expression): assignments and
    /// increments of locals, the operators (`,`, `&&` and `||`
    /// short-circuiting, `?:`), conversions to scalar types, calls and
    /// lambda expressions are executed here, the rest evaluated by the
    /// integral evaluator.
    pub(super) fn eval_value(&mut self, m: &mut Machine, e: &Expr) -> Option<ConstValue> {
        match &e.kind {
            ExprKind::FloatLit(v, suffix) => const_arith::float_literal(*v, *suffix),
            // A string literal, as the array of its characters (UTF-8
            // bytes) and the terminating null character.
            ExprKind::StringLit(text) => Some(ConstValue::Array(
                text.bytes()
                    .chain([0])
                    .map(|b| ConstValue::Int(i128::from(b)))
                    .collect(),
            )),
            ExprKind::Name(q) => {
                if q.is_simple() {
                    if let Some(l) = m.slot(&q.last().ident) {
                        return Some(l.value.clone());
                    }
                }
                if let Some(v) = self.eval_other(m, e) {
                    return Some(v);
                }
                let env = m.bound_env();
                self.named_constant_value(q, m.ctx, &env)
            }
            ExprKind::Assign(None, lhs, rhs) if self.designates_object(m, lhs) => {
                // A whole array or object assigned.
                let value = self.eval_object(m, rhs)?;
                let place = self.place(m, lhs)?;
                Self::replace_at(m, &place, value.clone())?;
                Some(value)
            }
            ExprKind::Assign(op, lhs, rhs) => {
                let r = self.eval_value(m, rhs)?;
                let place = self.place(m, lhs)?;
                let v = match op {
                    Some(op) => const_arith::binary(*op, &Self::load(m, &place)?, &r)?,
                    None => r,
                };
                self.store_at(m, &place, v)
            }
            ExprKind::Unary(
                op @ (UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec),
                x,
            ) => {
                let place = self.place(m, x)?;
                let old = Self::load(m, &place)?;
                let step = if matches!(op, UnOp::PreInc | UnOp::PostInc) {
                    BinOp::Add
                } else {
                    BinOp::Sub
                };
                let new = const_arith::binary(step, &old, &ConstValue::Int(1))?;
                let new = self.store_at(m, &place, new)?;
                Some(if matches!(op, UnOp::PreInc | UnOp::PreDec) {
                    new
                } else {
                    old
                })
            }
            ExprKind::Index(..) | ExprKind::Member { .. } if Self::needs_machine(m, e) => {
                let place = self.place(m, e)?;
                Self::load(m, &place)
            }
            ExprKind::Call(callee, args) => self.eval_call(m, e, callee, args),
            ExprKind::Binary(op, a, b) => {
                let l = self.operand_value(m, a)?;
                match op {
                    BinOp::LogAnd | BinOp::LogOr => {
                        let l = const_arith::truth(&l)?;
                        if l == (*op == BinOp::LogOr) {
                            return Some(ConstValue::Int(i128::from(l)));
                        }
                        let r = const_arith::truth(&self.eval_value(m, b)?)?;
                        Some(ConstValue::Int(i128::from(r)))
                    }
                    _ => {
                        let r = self.operand_value(m, b)?;
                        if is_object(&l) || is_object(&r) {
                            return self.const_operator_call(
                                (m.ctx, m.bound_env()),
                                op.spelling(),
                                vec![l, r],
                                e.span,
                            );
                        }
                        const_arith::binary(*op, &l, &r)
                    }
                }
            }
            ExprKind::Unary(op @ (UnOp::Neg | UnOp::Plus | UnOp::Not | UnOp::BitNot), x) => {
                let v = self.operand_value(m, x)?;
                if is_object(&v) {
                    let spelling = super::constexpr_operators::unary_spelling(*op)?;
                    return self.const_operator_call(
                        (m.ctx, m.bound_env()),
                        spelling,
                        vec![v],
                        e.span,
                    );
                }
                const_arith::unary(*op, &v)
            }
            ExprKind::Cond(c, a, b) => {
                if const_arith::truth(&self.eval_value(m, c)?)? {
                    self.eval_value(m, a)
                } else {
                    self.eval_value(m, b)
                }
            }
            ExprKind::Cast(_, t, x) => {
                let ty = self.resolve_type(t, m.ctx, &m.env.clone(), &mut vec![]);
                if !const_arith::is_scalar(&ty) {
                    return self.eval_other(m, e);
                }
                let v = self.eval_value(m, x)?;
                const_arith::convert(&v, &ty)
            }
            ExprKind::Construct(t, args, _) if args.len() <= 1 => {
                let ty = self.resolve_type(t, m.ctx, &m.env.clone(), &mut vec![]);
                if !const_arith::is_scalar(&ty) {
                    // An operand of an operator: a class object converts
                    // (`!std::is_same<T, U>{}`).
                    let env = m.bound_env();
                    return match self.const_object_as_integer(e, m.ctx, &env) {
                        Some(v) => Some(ConstValue::Int(v)),
                        None => self.eval_other(m, e),
                    };
                }
                let v = match args.as_slice() {
                    [x] => self.eval_value(m, x)?,
                    _ => ConstValue::Int(0),
                };
                const_arith::convert(&v, &ty)
            }
            ExprKind::Lambda(lambda) => {
                let visible = m
                    .locals
                    .iter()
                    .map(|l| (l.name.clone(), l.value.clone()))
                    .collect();
                let (ctx, env) = (m.ctx, m.env.clone());
                self.closure_value(lambda, ctx, env, visible, |s, x| {
                    if s.designates_object(m, x) {
                        s.eval_object(m, x)
                    } else {
                        s.eval_value(m, x)
                    }
                })
            }
            _ => self.eval_other(m, e),
        }
    }

    /// An expression the integral evaluator computes, the integer locals
    /// bound.
    fn eval_other(&mut self, m: &mut Machine, e: &Expr) -> Option<ConstValue> {
        let env = m.bound_env();
        self.const_int_ast(e, m.ctx, &env).map(ConstValue::Int)
    }
}

/// Whether a value is an object of class or array type.
fn is_object(v: &ConstValue) -> bool {
    matches!(v, ConstValue::Array(_) | ConstValue::Object(..))
}
