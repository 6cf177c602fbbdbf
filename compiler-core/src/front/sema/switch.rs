//! `switch` statements, checked into the structured forms the typed tree
//! already has: the case a value selects becomes a segment index, and the
//! body runs inside a loop that executes once, so `break` leaves the switch
//! and falling through from one segment into the next needs nothing:
//!
//! ```text
//! { v = cond; k = v == c0 ? 0 : v == c1 ? 1 : <default segment or N>;
//!   loop { if (k <= 0) seg0; if (k <= 1) seg1; ... break; } }
//! ```
//!
//! A `continue` in the body belongs to the loop around the switch: it sets
//! a flag and breaks out, and after the switch `if (flag) continue;`
//! (itself redirected when that switch is inside another one).

use super::thir::{Expr as TExpr, ExprKind as TK, Stmt as TStmt};
use super::*;
use crate::front::ast::{self as a, BinOp, StmtKind};

/// A statement run of the switch body and the labels that enter it.
struct Segment<'a> {
    cases: Vec<(i128, Span)>,
    is_default: bool,
    stmts: Vec<&'a a::Stmt>,
}

impl Sema {
    pub(super) fn check_switch(
        &mut self,
        init: Option<&a::Stmt>,
        cond: &a::Stmt,
        body: &a::Stmt,
        span: Span,
    ) -> TStmt {
        let StmtKind::Compound(items) = &body.kind else {
            return TStmt::Unsupported("switch statements without a braced body".into(), body.span);
        };
        self.push_frame();
        let mut out = vec![];
        if let Some(i) = init {
            out.push(self.check_stmt(i));
        }
        let Some(value) = self.switch_value(cond, &mut out) else {
            self.pop_frame();
            return TStmt::Unsupported(
                "switch conditions declaring several variables".into(),
                cond.span,
            );
        };
        if !(value.ty.is_integral() || matches!(value.ty, Ty::Enum(_) | Ty::Error)) {
            let msg = format!(
                "statement requires expression of integer type ('{}' invalid)",
                self.ty_name(&value.ty)
            );
            self.report(value.span, msg);
        }
        let Some(segments) = self.switch_segments(items) else {
            self.pop_frame();
            return TStmt::Block(out);
        };
        let f = self.cur_func();
        let vty = value.ty.clone();
        let v = self.new_var(Rc::from("<switch value>"), vty.clone(), Some(f), span);
        out.push(TStmt::Decl(v, Some(value)));

        // The segment the value enters (segments.len() when none).
        let int = Ty::Int(IntKind::Int);
        let lit = |n: usize| TExpr {
            kind: TK::IntLit(n as i128),
            ty: Ty::Int(IntKind::Int),
            lvalue: false,
            span,
        };
        let mut target = lit(segments
            .iter()
            .position(|s| s.is_default)
            .unwrap_or(segments.len()));
        for (k, seg) in segments.iter().enumerate().rev() {
            for &(c, csp) in seg.cases.iter().rev() {
                let var = TExpr {
                    kind: TK::Var(v),
                    ty: vty.clone(),
                    lvalue: true,
                    span: csp,
                };
                let case_value = TExpr {
                    kind: TK::IntLit(c),
                    ty: vty.clone(),
                    lvalue: false,
                    span: csp,
                };
                let var = self.rvalue(var);
                let test = self.binary_operands(BinOp::Eq, var, case_value, csp);
                target = TExpr {
                    kind: TK::Cond(Box::new(test), Box::new(lit(k)), Box::new(target)),
                    ty: int.clone(),
                    lvalue: false,
                    span,
                };
            }
        }
        let t = self.new_var(Rc::from("<switch target>"), int.clone(), Some(f), span);
        out.push(TStmt::Decl(t, Some(target)));

        // The body's `continue`s set a flag and leave the switch.
        let mut continues = vec![];
        for seg in &segments {
            for s in &seg.stmts {
                collect_continues(s, &mut continues);
            }
        }
        let flag = (!continues.is_empty()).then(|| {
            let flag = self.new_var(Rc::from("<switch continue>"), Ty::Bool, Some(f), span);
            out.push(TStmt::Decl(flag, Some(bool_lit(false, span))));
            for &c in &continues {
                self.switch_continues.entry(c).or_default().push(flag);
            }
            flag
        });

        let mut body_stmts = vec![];
        for (k, seg) in segments.iter().enumerate() {
            let stmts: Vec<TStmt> = seg.stmts.iter().map(|s| self.check_stmt(s)).collect();
            let tv = TExpr {
                kind: TK::Var(t),
                ty: int.clone(),
                lvalue: true,
                span,
            };
            let tv = self.rvalue(tv);
            let entered = self.binary_operands(BinOp::Le, tv, lit(k), span);
            body_stmts.push(TStmt::If {
                cond: entered,
                then_s: Box::new(TStmt::Block(stmts)),
                else_s: None,
            });
        }
        body_stmts.push(TStmt::Break(span));
        out.push(TStmt::Loop {
            cond: None,
            body: Box::new(TStmt::Scope(body_stmts)),
            step: None,
            test_first: true,
        });
        if let Some(flag) = flag {
            for c in &continues {
                if let Some(flags) = self.switch_continues.get_mut(c) {
                    flags.pop();
                }
            }
            // Continue the enclosing loop: through the flag of an
            // enclosing switch when the `continue` crosses one too.
            let after = match continues.first() {
                Some(&c) => self.continue_stmt(c),
                None => TStmt::Continue(span),
            };
            let set = TExpr {
                kind: TK::Var(flag),
                ty: Ty::Bool,
                lvalue: true,
                span,
            };
            out.push(TStmt::If {
                cond: self.rvalue(set),
                then_s: Box::new(after),
                else_s: None,
            });
        }
        self.pop_frame();
        TStmt::Scope(out)
    }

    /// The value a switch's condition selects by: an expression, or the
    /// variable it declares (`switch (int m = v % 3)`), whose declaration
    /// goes to `out`.
    fn switch_value(&mut self, cond: &a::Stmt, out: &mut Vec<TStmt>) -> Option<TExpr> {
        let value = match &cond.kind {
            StmtKind::Expr(e) => {
                self.capture_tentative_declarator_bounds(e);
                self.check_expr(e)
            }
            StmtKind::Decl(ds) => {
                let [a::Decl::Var(v)] = ds.as_slice() else {
                    return None;
                };
                out.push(self.check_local_var(v));
                let id = self.lookup_local(&v.name)?.0;
                TExpr {
                    kind: TK::Var(id),
                    ty: self.var(id).ty.non_ref().clone(),
                    lvalue: true,
                    span: v.span,
                }
            }
            _ => return None,
        };
        Some(self.rvalue(value))
    }

    /// `continue` at `span`: of the innermost loop, or, inside a switch
    /// (lowered as a loop run once), `flag = true; break;` for that
    /// switch's flag.
    pub(super) fn continue_stmt(&mut self, span: Span) -> TStmt {
        match self.switch_continues.get(&span).and_then(|f| f.last()) {
            Some(&flag) => {
                let place = TExpr {
                    kind: TK::Var(flag),
                    ty: Ty::Bool,
                    lvalue: true,
                    span,
                };
                TStmt::Block(vec![
                    TStmt::Expr(TExpr {
                        kind: TK::Assign(None, Box::new(place), Box::new(bool_lit(true, span))),
                        ty: Ty::Bool,
                        lvalue: true,
                        span,
                    }),
                    TStmt::Break(span),
                ])
            }
            None => TStmt::Continue(span),
        }
    }

    /// Split the switch body at its labels; None (reported) when a label is
    /// not a constant, repeats, or the body uses what the lowering cannot.
    fn switch_segments<'a>(&mut self, items: &'a [a::Stmt]) -> Option<Vec<Segment<'a>>> {
        let mut segments: Vec<Segment<'a>> = vec![];
        let mut seen: Vec<i128> = vec![];
        let mut ok = true;
        for s in items {
            let label = match &s.kind {
                StmtKind::Case(e) => {
                    let c = self.check_expr(e);
                    match self.const_eval_thir(&c) {
                        Some(v) if seen.contains(&v) => {
                            self.report(e.span, format!("duplicate case value '{v}'"));
                            ok = false;
                            None
                        }
                        Some(v) => {
                            seen.push(v);
                            Some(Some((v, e.span)))
                        }
                        None => {
                            if !c.ty.is_error() {
                                self.report(e.span, "case value is not a constant expression");
                            }
                            ok = false;
                            None
                        }
                    }
                }
                StmtKind::Default => Some(None),
                _ => None,
            };
            match label {
                Some(l) => {
                    // Consecutive labels enter the same segment.
                    let new_segment = segments.last().is_none_or(|g| !g.stmts.is_empty());
                    if new_segment {
                        segments.push(Segment {
                            cases: vec![],
                            is_default: false,
                            stmts: vec![],
                        });
                    }
                    let g = segments.last_mut().expect("a segment");
                    match l {
                        Some(case) => g.cases.push(case),
                        None if segments.iter().any(|g| g.is_default) => {
                            self.report(s.span, "multiple default labels in one switch");
                            ok = false;
                        }
                        None => segments.last_mut().expect("a segment").is_default = true,
                    }
                }
                None if matches!(s.kind, StmtKind::Case(_)) => {}
                // Statements before the first label are never reached.
                None => {
                    if let Some(g) = segments.last_mut() {
                        g.stmts.push(s);
                    }
                }
            }
        }
        for seg in &segments {
            for s in &seg.stmts {
                if let Some(sp) = nested_label(s) {
                    self.report(
                        sp,
                        "a 'case' label inside a nested statement of a switch is not supported in device code yet",
                    );
                    ok = false;
                }
            }
        }
        ok.then_some(segments)
    }
}

fn bool_lit(value: bool, span: Span) -> TExpr {
    TExpr {
        kind: TK::BoolLit(value),
        ty: Ty::Bool,
        lvalue: false,
        span,
    }
}

/// A `case`/`default` below the switch body's top level.
fn nested_label(s: &a::Stmt) -> Option<Span> {
    match &s.kind {
        StmtKind::Case(_) | StmtKind::Default => Some(s.span),
        StmtKind::Compound(ss) => ss.iter().find_map(nested_label),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => nested_label(then_branch).or_else(|| else_branch.as_deref().and_then(nested_label)),
        StmtKind::Label(_, inner) => nested_label(inner),
        // Loops and nested switches own their labels.
        _ => None,
    }
}

/// The `continue`s in `s` that leave a switch for the loop around it
/// (through nested switches too, which pass them on; loops own theirs).
fn collect_continues(s: &a::Stmt, out: &mut Vec<Span>) {
    match &s.kind {
        StmtKind::Continue => out.push(s.span),
        StmtKind::Compound(ss) => ss.iter().for_each(|s| collect_continues(s, out)),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => {
            collect_continues(then_branch, out);
            if let Some(e) = else_branch {
                collect_continues(e, out);
            }
        }
        StmtKind::Label(_, inner) => collect_continues(inner, out),
        StmtKind::Switch { body, .. } => collect_continues(body, out),
        _ => {}
    }
}
