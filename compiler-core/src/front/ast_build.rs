//! Small builders of AST nodes, for the places that desugar C++ into
//! other C++ (range-based `for`, structured bindings): a declaration, a
//! name, a literal, a member access, a call, an operator, a function.

use crate::front::ast::{self as a, ExprKind, StmtKind, TypeExprKind, UnOp};
use crate::source::Span;
use std::rc::Rc;

pub(crate) fn type_expr(kind: TypeExprKind, span: Span) -> a::TypeExpr {
    a::TypeExpr {
        kind,
        is_const: false,
        is_volatile: false,
        address_space: None,
        constraint: None,
        span,
    }
}

pub(crate) fn var_decl(n: &str, ty: a::TypeExpr, init: Option<a::Expr>, span: Span) -> a::VarDecl {
    a::VarDecl {
        name: Rc::from(n),
        qualified: None,
        ty,
        init: init.map(a::Initializer::Assign),
        is_static: false,
        is_extern: false,
        is_constexpr: false,
        is_inline: false,
        template: None,
        attrs: Default::default(),
        span,
        name_span: span,
        bit_width: None,
    }
}

pub(crate) fn decl_stmt(v: a::VarDecl) -> a::Stmt {
    let span = v.span;
    a::Stmt {
        kind: StmtKind::Decl(vec![a::Decl::Var(Rc::new(v))]),
        span,
    }
}

pub(crate) fn expr_stmt(e: a::Expr) -> a::Stmt {
    let span = e.span;
    a::Stmt {
        kind: StmtKind::Expr(e),
        span,
    }
}

pub(crate) fn name(n: &str, span: Span) -> a::Expr {
    a::Expr {
        kind: ExprKind::Name(a::QualName::simple(Rc::from(n), span)),
        span,
    }
}

/// `::a::b...` (`::std::strong_ordering`), each part without template
/// arguments.
pub(crate) fn global_name(parts: &[&str], span: Span) -> a::QualName {
    a::QualName {
        global: true,
        parts: parts
            .iter()
            .map(|p| a::NamePart {
                ident: Rc::from(*p),
                template_args: None,
                span,
            })
            .collect(),
        span,
    }
}

pub(crate) fn int_lit(v: u128, span: Span) -> a::Expr {
    a::Expr {
        kind: ExprKind::IntLit(v, crate::front::literal::IntSuffix::None),
        span,
    }
}

pub(crate) fn member(base: a::Expr, n: &str, span: Span) -> a::Expr {
    a::Expr {
        kind: ExprKind::Member {
            base: Box::new(base),
            arrow: false,
            name: a::QualName::simple(Rc::from(n), span),
        },
        span,
    }
}

pub(crate) fn call(f: a::Expr, span: Span) -> a::Expr {
    a::Expr {
        kind: ExprKind::Call(Box::new(f), vec![]),
        span,
    }
}

pub(crate) fn unary(op: UnOp, e: a::Expr, span: Span) -> a::Expr {
    a::Expr {
        kind: ExprKind::Unary(op, Box::new(e)),
        span,
    }
}

pub(crate) fn binary(op: a::BinOp, l: a::Expr, r: a::Expr, span: Span) -> a::Expr {
    a::Expr {
        kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
        span,
    }
}

/// A plain function declaration `ret name(params) body`: not a template,
/// no specifiers (callers set what differs).
pub(crate) fn function_decl(
    name: a::QualName,
    ret: a::TypeExpr,
    params: Vec<a::Param>,
    body: Option<a::Stmt>,
    span: Span,
) -> a::FunctionDecl {
    a::FunctionDecl {
        name,
        kind: a::FunctionKind::Normal,
        template: None,
        outer_templates: vec![],
        explicit_specialization: false,
        attrs: a::Attributes::default(),
        ret,
        trailing_return: false,
        params,
        variadic: false,
        is_static: false,
        is_inline: false,
        is_constexpr: false,
        is_virtual: false,
        is_explicit: false,
        is_const: false,
        ref_qualifier: None,
        is_extern_c: false,
        is_pure: false,
        noexcept: None,
        trailing_requires: None,
        deleted: false,
        defaulted: false,
        ctor_inits: vec![],
        body,
        span,
    }
}
