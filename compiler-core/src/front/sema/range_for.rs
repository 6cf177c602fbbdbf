//! Range-based `for` (C++ [stmt.ranged]), checked as the loop it stands
//! for, written as syntax and checked like the user's own code:
//!
//! ```text
//! { auto &&__range = RANGE;                  // a braced list: T __range[] = {...}
//!   for (unsigned long __index = 0; __index < BOUND; ++__index) {
//!     VAR = __range[__index];                // arrays and contiguous containers
//!     BODY } }
//! { auto &&__range = RANGE;
//!   for (auto __begin = __range.begin(), __end = __range.end(); __begin != __end; ++__begin) {
//!     VAR = *__begin;                        // any other class
//!     BODY } }
//! ```
//!
//! Arrays and classes with `data()` and `size()` (std::array, std::vector)
//! are indexed rather than iterated, which is equivalent for them and what
//! device code can lower (an index into a private array, never a pointer
//! into one).

use super::thir::Stmt as TStmt;
use super::*;
use crate::front::ast::{self as a, ExprKind, StmtKind, TypeExprKind, UnOp};
use crate::front::ast_build::{
    binary, call, decl_stmt, expr_stmt, int_lit, member, name, type_expr, unary, var_decl,
};

const RANGE: &str = "__range";
const INDEX: &str = "__index";
const BEGIN: &str = "__begin";
const END: &str = "__end";

impl Sema {
    pub(super) fn check_range_for(
        &mut self,
        init: Option<&a::Stmt>,
        var: &a::VarDecl,
        range: &a::Expr,
        body: &a::Stmt,
        span: Span,
    ) -> TStmt {
        self.push_frame();
        let mut out = vec![];
        if let Some(i) = init {
            out.push(self.check_stmt(i));
        }
        let sp = range.span;
        let range_var = match &range.kind {
            // `for (x : {a, b})`: an array of the elements' (decayed) type,
            // which they must share, as for the initializer_list it stands for.
            ExprKind::InitList(items) if !items.is_empty() => {
                let elem = self.reported_element_type(items, sp);
                let ty = Ty::Array(Box::new(elem), self.list_len(items) as u64);
                let init = self.list_init(&ty, items, sp);
                let f = self.fn_stack.last().expect("in a body").func;
                let id = self.new_var(Rc::from(RANGE), ty, Some(f), sp);
                self.bind_local(RANGE, id);
                TStmt::Decl(id, Some(init))
            }
            _ => {
                let rref = a::TypeExpr {
                    kind: TypeExprKind::RRef(Box::new(type_expr(TypeExprKind::Auto, sp))),
                    ..type_expr(TypeExprKind::Auto, sp)
                };
                self.check_stmt(&decl_stmt(var_decl(RANGE, rref, Some(range.clone()), sp)))
            }
        };
        out.push(range_var);
        let range_ty = self
            .local_var_type(RANGE)
            .map(|t| t.non_ref().clone())
            .unwrap_or(Ty::Error);
        let bound = match &range_ty {
            Ty::Array(_, n) => Some(int_lit(*n as u128, sp)),
            Ty::Class(c) if self.has_member(*c, "data") && self.has_member(*c, "size") => {
                Some(call(member(name(RANGE, sp), "size", sp), sp))
            }
            _ => None,
        };
        let lowered = match bound {
            Some(bound) => index_loop(var, bound, body, span),
            None => iterator_loop(var, body, span),
        };
        out.push(self.check_stmt(&lowered));
        self.pop_frame();
        TStmt::Scope(out)
    }

    fn bind_local(&mut self, name: &str, id: VarId) {
        self.fn_stack
            .last_mut()
            .expect("in a body")
            .frames
            .last_mut()
            .expect("frame")
            .push((Rc::from(name), id));
    }

    fn local_var_type(&self, name: &str) -> Option<Ty> {
        let frames = &self.fn_stack.last()?.frames;
        frames
            .iter()
            .rev()
            .find_map(|f| f.iter().rev().find(|(n, _)| n.as_ref() == name))
            .map(|(_, v)| self.var(*v).ty.clone())
    }

    fn has_member(&mut self, c: ClassId, member: &str) -> bool {
        self.complete_class(c);
        let mut classes = vec![c];
        while let Some(k) = classes.pop() {
            let info = self.class(k);
            if info.methods.iter().any(|m| &*m.name.last().ident == member) {
                return true;
            }
            classes.extend(info.bases.iter().map(|(b, _)| *b));
        }
        false
    }
}

/// `for (unsigned long __index = 0; __index < BOUND; ++__index) { VAR = __range[__index]; BODY }`
fn index_loop(var: &a::VarDecl, bound: a::Expr, body: &a::Stmt, span: Span) -> a::Stmt {
    let sp = span;
    let unsigned_long = TypeExprKind::Builtin(a::BuiltinSpec {
        unsigned: true,
        long: 1,
        ..Default::default()
    });
    let index = var_decl(
        INDEX,
        type_expr(unsigned_long, sp),
        Some(int_lit(0, sp)),
        sp,
    );
    let element = a::Expr {
        kind: ExprKind::Index(Box::new(name(RANGE, sp)), Box::new(name(INDEX, sp))),
        span: sp,
    };
    a::Stmt {
        kind: StmtKind::For {
            init: Some(Box::new(decl_stmt(index))),
            cond: Some(Box::new(expr_stmt(binary(
                a::BinOp::Lt,
                name(INDEX, sp),
                bound,
                sp,
            )))),
            step: Some(unary(UnOp::PreInc, name(INDEX, sp), sp)),
            body: Box::new(loop_body(var, element, body)),
        },
        span,
    }
}

/// `for (auto __begin = __range.begin(), __end = __range.end(); __begin != __end; ++__begin) { VAR = *__begin; BODY }`
fn iterator_loop(var: &a::VarDecl, body: &a::Stmt, span: Span) -> a::Stmt {
    let sp = span;
    let auto = || type_expr(TypeExprKind::Auto, sp);
    let begin = var_decl(
        BEGIN,
        auto(),
        Some(call(member(name(RANGE, sp), "begin", sp), sp)),
        sp,
    );
    let end = var_decl(
        END,
        auto(),
        Some(call(member(name(RANGE, sp), "end", sp), sp)),
        sp,
    );
    let init = a::Stmt {
        kind: StmtKind::Decl(vec![
            a::Decl::Var(Rc::new(begin)),
            a::Decl::Var(Rc::new(end)),
        ]),
        span: sp,
    };
    let element = unary(UnOp::Deref, name(BEGIN, sp), sp);
    a::Stmt {
        kind: StmtKind::For {
            init: Some(Box::new(init)),
            cond: Some(Box::new(expr_stmt(binary(
                a::BinOp::Ne,
                name(BEGIN, sp),
                name(END, sp),
                sp,
            )))),
            step: Some(unary(UnOp::PreInc, name(BEGIN, sp), sp)),
            body: Box::new(loop_body(var, element, body)),
        },
        span,
    }
}

/// `{ VAR = element; BODY }`
fn loop_body(var: &a::VarDecl, element: a::Expr, body: &a::Stmt) -> a::Stmt {
    let mut var = var.clone();
    var.init = Some(a::Initializer::Assign(element));
    a::Stmt {
        kind: StmtKind::Compound(vec![decl_stmt(var), body.clone()]),
        span: body.span,
    }
}
