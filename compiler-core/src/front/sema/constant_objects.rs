//! Which uses of an enclosing function's constant objects make a lambda
//! capture them. A `constexpr` variable that is not an integer (`constexpr
//! float pi`, `constexpr int table[4]`, `constexpr Point origin`) is not
//! odr-used where its value is read ([basic.def.odr]: the lvalue-to-rvalue
//! conversion is applied to an expression whose potential results name
//! it), so `[=] { x[i] = pi * table[i % 4]; }` captures neither: the lambda
//! reads them as constants. The potential results of an expression see
//! through class member access, `?:`, the right operand of `,` and, for
//! clang only, subscripts of an array (a C++20 rule clang applies in every
//! mode; g++ 12 captures `table` there). g++ also reads a constant object
//! it copies (`Point p = origin;`), clang binds the copy constructor's
//! reference. Any other use (a reference bound to it, `&table[i]`, a member
//! function call) odr-uses it, and the lambda captures it where the host compiler lays
//! it out (see `full_expression_captures.rs`). g++ keeps state between
//! lambdas: one whose last use of a class constant read a member makes the
//! next lambda naming it capture it, whatever that one does with it.
//! Observed with g++ 12 and clang 14 (`sizeof` of closures).
//!
//! Sema names such a constant by its variable (device code computes it from
//! `VarInfo::constant_init`) and decides at the end of each statement of
//! the lambda's body, from the checked statement, which of the uses it
//! recorded there odr-use it.

use super::check::ConstantObjectUse;
use super::thir::{Expr, ExprKind as TK, Stmt};
use super::*;
use crate::front::ast::BinOp;
use std::collections::{HashMap, HashSet};

impl Sema {
    /// Does a lambda read `v`, a variable of an enclosing function, as a
    /// constant until a use odr-uses it? Integer constants have a value
    /// sema folds instead (see `capture_constant_bound_to_reference`).
    pub(super) fn is_constant_object(&self, v: VarId) -> bool {
        let var = self.var(v);
        var.constant_init.is_some() && var.const_value.is_none() && !var.ty.is_ref()
    }

    /// The names among `uses` (by the lambda at `level`) of constant
    /// objects of class or array type of the functions enclosing it.
    pub(super) fn aggregate_constants(
        &self,
        level: usize,
        uses: &[(Rc<str>, Option<Span>)],
    ) -> HashSet<Rc<str>> {
        let Some(parent) = self.fn_stack[level].parent else {
            return HashSet::new();
        };
        uses.iter()
            .filter(|(name, _)| {
                self.enclosing_local(parent, name).is_some_and(|v| {
                    self.is_constant_object(v)
                        && matches!(self.var(v).ty, Ty::Class(_) | Ty::Array(..))
                })
            })
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// The statement just checked ended the full-expressions of the uses
    /// of constant objects recorded in the body being checked: capture the
    /// objects that some use odr-uses, and make those uses read the
    /// captures. A use the statement does not hold (its expression was
    /// checked and dropped) captures nothing.
    pub(super) fn capture_odr_used_constants_in_stmt(&mut self, s: &mut Stmt) {
        self.capture_odr_used_constants_in(|uses| uses.stmt(s));
    }

    /// As `capture_odr_used_constants_in_stmt`, for a condition.
    pub(super) fn capture_odr_used_constants_in_expr(&mut self, e: &mut Expr) {
        self.capture_odr_used_constants_in(|uses| uses.expr(e, false));
    }

    /// `walk` visits the checked statement or condition: once to find the
    /// odr-uses, once more to point them at the captures made.
    fn capture_odr_used_constants_in(&mut self, mut walk: impl FnMut(&mut OdrUses<'_>)) {
        if !self.pending_constant_uses() {
            return;
        }
        let mut uses = self.odr_uses(HashMap::new());
        walk(&mut uses);
        let (odr, named) = (uses.odr, uses.named);
        let replacements = self.capture_odr_used_constants(&odr, &named);
        if !replacements.is_empty() {
            walk(&mut self.odr_uses(replacements));
        }
    }

    fn pending_constant_uses(&self) -> bool {
        self.fn_stack
            .last()
            .is_some_and(|fc| !fc.constant_object_uses.is_empty())
    }

    fn odr_uses(&self, replacements: HashMap<(Span, VarId), Expr>) -> OdrUses<'_> {
        OdrUses {
            sema: self,
            through_array_subscripts: self.host.reads_constant_array_elements_without_odr_use(),
            copies_read: self.host.copies_constant_objects_without_odr_use(),
            odr: vec![],
            named: vec![],
            member_read_at: None,
            replacements,
        }
    }

    /// Capture the constants of the recorded uses at `odr` (spans of
    /// names), and those the host captures wherever they are named, in the
    /// order they were named, and forget every recorded use; the captures
    /// the odr-uses read instead. `named` lists the uses the statement
    /// holds, in order, with whether each reads a member.
    fn capture_odr_used_constants(
        &mut self,
        odr: &[(Span, VarId)],
        named: &[(Span, VarId, bool)],
    ) -> HashMap<(Span, VarId), Expr> {
        let level = self.fn_stack.len() - 1;
        let recorded = std::mem::take(&mut self.fn_stack[level].constant_object_uses);
        let mut replacements = HashMap::new();
        let Some(closure) = self.fn_stack[level].this_class else {
            return replacements;
        };
        let mut captured_wherever_named = HashSet::new();
        if self.host.captures_class_constants_after_member_reads() {
            for &(_, var, member_read) in named {
                let is_recorded = recorded.iter().any(|u| u.var == var);
                if !is_recorded || !matches!(self.var(var).ty, Ty::Class(_)) {
                    continue;
                }
                let history =
                    self.class_constant_history
                        .entry(var)
                        .or_insert(ClassConstantHistory {
                            closure,
                            captured_here: false,
                            last_read_member: false,
                        });
                if history.closure != closure {
                    history.captured_here = history.last_read_member;
                    history.closure = closure;
                }
                history.last_read_member = member_read;
                if history.captured_here {
                    captured_wherever_named.insert(var);
                }
            }
        }
        for ConstantObjectUse {
            span,
            name,
            var,
            fields_at_use,
        } in recorded
        {
            let held = named.iter().any(|&(s, v, _)| (s, v) == (span, var));
            let captured_anyway = held && captured_wherever_named.contains(&var);
            if !(odr.contains(&(span, var)) || captured_anyway) {
                continue;
            }
            let before = self.class(closure).fields.len();
            if let Some(captured) = self.capture_constant_object(level, &name, var, span) {
                replacements.insert((span, var), captured);
            }
            if self.class(closure).fields.len() > before {
                self.place_constant_capture(closure, before, fields_at_use);
            }
        }
        replacements
    }

    /// Capture constant object `var` in the lambda at `level`, and in the
    /// lambdas between it and the function that declares `var`.
    fn capture_constant_object(
        &mut self,
        level: usize,
        name: &Rc<str>,
        var: VarId,
        span: Span,
    ) -> Option<Expr> {
        let parent = self.fn_stack[level].parent?;
        let outer = if self.local_in_frames(parent, name) == Some(var) {
            Expr {
                kind: TK::Var(var),
                ty: self.var(var).ty.clone(),
                lvalue: true,
                span,
            }
        } else {
            self.capture_constant_object(parent, name, var, span)?
        };
        self.capture(level, name, outer, span)
    }
}

/// What decides whether g++ captures a constant object of class type in
/// the lambda naming it (see `HostCompiler::captures_class_constants_after_member_reads`).
pub(super) struct ClassConstantHistory {
    /// The lambda that named it last.
    closure: ClassId,
    /// That lambda captures it wherever it names it.
    captured_here: bool,
    /// Its last use there read a member.
    last_read_member: bool,
}

/// A walk over a checked statement that finds the names (span and
/// variable) it uses other than as potential results of a value read, and
/// replaces the names that have a replacement.
struct OdrUses<'a> {
    sema: &'a Sema,
    /// Every name the walk met, in order, with whether it reads a member.
    named: Vec<(Span, VarId, bool)>,
    /// The name whose member is read, when the walk is at that name.
    member_read_at: Option<Span>,
    /// Subscripts of arrays pass potential results through (clang).
    through_array_subscripts: bool,
    /// A copy of a class object reads its value (g++).
    copies_read: bool,
    odr: Vec<(Span, VarId)>,
    replacements: HashMap<(Span, VarId), Expr>,
}

impl OdrUses<'_> {
    fn stmt(&mut self, s: &mut Stmt) {
        match s {
            // An expression statement is a discarded-value expression.
            Stmt::Expr(e) => self.expr(e, true),
            Stmt::Return(Some(e), _) => self.expr(e, false),
            // An lvalue initializing an object (not a reference) is copied.
            Stmt::Decl(v, init) => {
                let copied = !self.sema.var(*v).ty.is_ref();
                if let Some(e) = init {
                    let read = copied && e.lvalue && self.copies_read;
                    self.expr(e, read);
                }
            }
            Stmt::Block(b) | Stmt::Scope(b) => b.iter_mut().for_each(|s| self.stmt(s)),
            Stmt::If {
                cond,
                then_s,
                else_s,
            } => {
                self.expr(cond, false);
                self.stmt(then_s);
                else_s.iter_mut().for_each(|s| self.stmt(s));
            }
            Stmt::Loop {
                cond, body, step, ..
            } => {
                cond.iter_mut().for_each(|e| self.expr(e, false));
                self.stmt(body);
                step.iter_mut().for_each(|e| self.expr(e, true));
            }
            Stmt::Return(None, _)
            | Stmt::Break(_)
            | Stmt::Continue(_)
            | Stmt::Unsupported(..)
            | Stmt::Nop => {}
        }
    }

    /// Walk `e`; `read` says its value is read (lvalue-to-rvalue
    /// conversion) or discarded, so that names among its potential results
    /// are not odr-used.
    fn expr(&mut self, e: &mut Expr, read: bool) {
        let lvalue = e.lvalue;
        match &mut e.kind {
            TK::Var(v) => {
                let key = (e.span, *v);
                self.named
                    .push((e.span, *v, self.member_read_at == Some(e.span)));
                if let Some(captured) = self.replacements.get(&key) {
                    *e = captured.clone();
                } else if !read {
                    self.odr.push(key);
                }
            }
            // A trivial copy of a class object reads it (g++) or calls
            // its copy constructor (clang).
            TK::Load(x) => {
                let read = self.copies_read || !matches!(x.ty, Ty::Class(_));
                self.expr(x, read)
            }
            TK::Convert(x) => self.expr(x, x.lvalue && !matches!(x.ty, Ty::Class(_))),
            TK::Field(b, _) => {
                if read {
                    self.member_read_at = Some(b.span);
                }
                self.expr(b, read && b.lvalue)
            }
            TK::Index(b, i) => {
                let through = self.through_array_subscripts && matches!(b.ty, Ty::Array(..));
                self.expr(b, read && through);
                self.expr(i, false);
            }
            TK::Cond(c, a, b) => {
                self.expr(c, false);
                self.expr(a, read && lvalue);
                self.expr(b, read && lvalue);
            }
            TK::Binary(BinOp::Comma, a, b) => {
                self.expr(a, true);
                self.expr(b, read && lvalue);
            }
            TK::Binary(_, a, b) | TK::Assign(_, a, b) => {
                self.expr(a, false);
                self.expr(b, false);
            }
            TK::BaseSub(a, _)
            | TK::Downcast(a, _)
            | TK::Unary(_, a)
            | TK::Deref(a)
            | TK::AddrOf(a)
            | TK::Temporary(a)
            | TK::MemberDefault(a) => self.expr(a, false),
            TK::Call(_, args)
            | TK::Construct(_, args)
            | TK::Aggregate(args)
            | TK::Intrinsic(_, args) => args.iter_mut().for_each(|a| self.expr(a, false)),
            TK::StmtExpr(stmts, value) => {
                stmts.iter_mut().for_each(|s| self.stmt(s));
                value.iter_mut().for_each(|v| self.expr(v, false));
            }
            // A nested lambda's captures are checked with its body.
            TK::Lambda(..)
            | TK::IntLit(_)
            | TK::FloatLit(_)
            | TK::BoolLit(_)
            | TK::NullPtr
            | TK::StringLit(_)
            | TK::This
            | TK::ConstructDefault(_)
            | TK::HostOnly(_)
            | TK::BracedList(_)
            | TK::Error => {}
        }
    }
}
