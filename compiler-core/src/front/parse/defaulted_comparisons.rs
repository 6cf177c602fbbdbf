//! Defaulted comparison operators (C++20 [class.compare]): a class's
//! `bool operator==(const C &) const = default;` and `auto
//! operator<=>(const C &) const = default;` (or the friend forms taking two
//! `const C &`) get the bodies the standard gives them, written as C++ the
//! rest of the front end checks: each base class, then each non-static data
//! member in declaration order (arrays element by element), compared with
//! `==`, or with `<=>` returning the first result that is not equal.
//! `auto` as the `<=>` result is the common comparison category of the
//! members' (`std::common_comparison_category_t`). A class that defaults
//! `<=>` and declares no `operator==` gets a defaulted `operator==` too.

use crate::front::ast::{
    self as a, BinOp, Decl, Expr, ExprKind, FunctionDecl, Member, Param, QualName, Stmt, StmtKind,
    TemplateArg, TypeExpr, TypeExprKind, UnOp,
};
use crate::front::ast_build::{
    binary, decl_stmt, expr_stmt, global_name, int_lit, member, name, type_expr, unary, var_decl,
};
use crate::source::Span;
use std::rc::Rc;

/// Gives each defaulted comparison operator of a class (members `members`,
/// bases `bases`) its body.
pub(super) fn define_defaulted_comparisons(members: &mut Vec<Member>, bases: &[a::BaseSpec]) {
    let fields = data_members(members);
    let mut implied_equality = None;
    let mut declares_equality = false;
    for m in members.iter_mut() {
        let (f, friend) = match &mut m.decl {
            Decl::Function(f) => (f, false),
            Decl::Friend(d, _) => match &mut **d {
                Decl::Function(f) => (f, true),
                _ => continue,
            },
            _ => continue,
        };
        let op = &*f.name.last().ident;
        declares_equality |= op == "operator==";
        if !f.defaulted || !matches!(op, "operator==" | "operator<=>") {
            continue;
        }
        let Some(defined) = defined(f, friend, &fields, bases) else {
            continue;
        };
        if op == "operator<=>" && !friend {
            implied_equality = Some((equality_of(f), m.access));
        }
        *f = Rc::new(defined);
    }
    if let (Some((eq, access)), false) = (implied_equality, declares_equality) {
        if let Some(defined) = defined(&eq, false, &fields, bases) {
            members.push(Member {
                access,
                decl: Decl::Function(Rc::new(defined)),
            });
        }
    }
}

/// A non-static data member: its name and declared type.
struct Field {
    name: Rc<str>,
    ty: TypeExpr,
}

fn data_members(members: &[Member]) -> Vec<Field> {
    members
        .iter()
        .filter_map(|m| match &m.decl {
            Decl::Var(v) if !v.is_static && !v.is_constexpr => Some(Field {
                name: v.name.clone(),
                ty: v.ty.clone(),
            }),
            _ => None,
        })
        .collect()
}

/// The `operator==` a defaulted member `operator<=>` implies: its
/// parameter, `bool`, defaulted.
fn equality_of(three_way: &FunctionDecl) -> FunctionDecl {
    let span = three_way.span;
    let mut name = three_way.name.clone();
    if let Some(last) = name.parts.last_mut() {
        last.ident = Rc::from("operator==");
    }
    FunctionDecl {
        name,
        ret: type_expr(
            TypeExprKind::Builtin(a::BuiltinSpec {
                bool_: true,
                ..Default::default()
            }),
            span,
        ),
        trailing_return: false,
        body: None,
        ..three_way.clone()
    }
}

/// The operator `f` (a friend taking both operands when `friend`) with its
/// defaulted body; `None` for a signature that is not a comparison of the
/// class (left as declared).
fn defined(
    f: &FunctionDecl,
    friend: bool,
    fields: &[Field],
    bases: &[a::BaseSpec],
) -> Option<FunctionDecl> {
    let span = f.span;
    let mut params = f.params.clone();
    if params.len() != if friend { 2 } else { 1 } || bases.iter().any(|b| b.pack) {
        return None;
    }
    let names = ["__lhs", "__rhs"];
    let skip = if friend { 0 } else { 1 };
    for (p, n) in params.iter_mut().zip(&names[skip..]) {
        if p.name.is_none() {
            p.name = Some(Rc::from(*n));
        }
    }
    let operand = |p: &Param| name(p.name.as_deref().expect("named above"), span);
    let lhs = match friend {
        true => Operand::Object(operand(&params[0])),
        false => Operand::This,
    };
    let rhs = Operand::Object(operand(params.last().expect("one parameter")));
    let equality = &*f.name.last().ident == "operator==";
    let mut body = vec![];
    let mut categories = vec![];
    for b in bases {
        let base_ty = const_ref(b.ty.clone());
        let (l, r) = (lhs.base(&base_ty, span), rhs.base(&base_ty, span));
        body.push(compare(equality, l, r, span));
        categories.push(b.ty.clone());
    }
    for field in fields {
        let (l, r) = (lhs.member(&field.name, span), rhs.member(&field.name, span));
        body.push(compare_elements(equality, l, r, &field.ty, 0, span));
        categories.push(element_type(&field.ty).clone());
    }
    let result = match equality {
        true => bool_lit(true, span),
        false => a::Expr {
            kind: ExprKind::Name(global_name(&["std", "strong_ordering", "equal"], span)),
            span,
        },
    };
    body.push(stmt(StmtKind::Return(Some(result)), span));
    let ret = match (equality, &f.ret.kind) {
        (false, TypeExprKind::Auto) => common_category(&categories, span),
        _ => f.ret.clone(),
    };
    Some(FunctionDecl {
        params,
        ret,
        body: Some(stmt(StmtKind::Compound(body), span)),
        defaulted: false,
        is_constexpr: true,
        ..f.clone()
    })
}

/// One side of the comparison: the object the member function is called
/// on, or a parameter.
enum Operand {
    This,
    Object(Expr),
}

impl Operand {
    fn member(&self, field: &str, span: Span) -> Expr {
        match self {
            Operand::This => a::Expr {
                kind: ExprKind::Member {
                    base: Box::new(a::Expr {
                        kind: ExprKind::This,
                        span,
                    }),
                    arrow: true,
                    name: QualName::simple(Rc::from(field), span),
                },
                span,
            },
            Operand::Object(e) => member(e.clone(), field, span),
        }
    }

    /// `static_cast<const B &>(operand)`.
    fn base(&self, base_ref: &TypeExpr, span: Span) -> Expr {
        let object = match self {
            Operand::This => unary(
                UnOp::Deref,
                a::Expr {
                    kind: ExprKind::This,
                    span,
                },
                span,
            ),
            Operand::Object(e) => e.clone(),
        };
        a::Expr {
            kind: ExprKind::Cast(
                a::CastKind::Static,
                Box::new(base_ref.clone()),
                Box::new(object),
            ),
            span,
        }
    }
}

/// `if (!(l == r)) return false;`, or `if (auto __c = l <=> r; __c != 0)
/// return __c;`.
fn compare(equality: bool, l: Expr, r: Expr, span: Span) -> Stmt {
    if equality {
        let differ = unary(UnOp::Not, binary(BinOp::Eq, l, r, span), span);
        return if_then(
            None,
            differ,
            stmt(StmtKind::Return(Some(bool_lit(false, span))), span),
            span,
        );
    }
    let auto = type_expr(TypeExprKind::Auto, span);
    let c = var_decl("__c", auto, Some(binary(BinOp::ThreeWay, l, r, span)), span);
    let init = decl_stmt(c);
    let unequal = binary(BinOp::Ne, name("__c", span), int_lit(0, span), span);
    if_then(
        Some(init),
        unequal,
        stmt(StmtKind::Return(Some(name("__c", span))), span),
        span,
    )
}

/// [`compare`] of a member of type `ty`, an array element by element
/// (index `__i<depth>`).
fn compare_elements(
    equality: bool,
    l: Expr,
    r: Expr,
    ty: &TypeExpr,
    depth: usize,
    span: Span,
) -> Stmt {
    let TypeExprKind::Array(element, _) = &ty.kind else {
        return compare(equality, l, r, span);
    };
    let i = format!("__i{depth}");
    let index = |e: Expr| a::Expr {
        kind: ExprKind::Index(Box::new(e), Box::new(name(&i, span))),
        span,
    };
    // `sizeof(l) / sizeof(l[0])` elements.
    let count = binary(
        BinOp::Div,
        sized(l.clone(), span),
        sized(index_zero(l.clone(), span), span),
        span,
    );
    let body = compare_elements(equality, index(l), index(r), element, depth + 1, span);
    let unsigned_long = type_expr(
        TypeExprKind::Builtin(a::BuiltinSpec {
            long: 1,
            unsigned: true,
            ..Default::default()
        }),
        span,
    );
    let init = var_decl(&i, unsigned_long, Some(int_lit(0, span)), span);
    stmt(
        StmtKind::For {
            init: Some(Box::new(decl_stmt(init))),
            cond: Some(Box::new(expr_stmt(binary(
                BinOp::Lt,
                name(&i, span),
                count,
                span,
            )))),
            step: Some(unary(UnOp::PreInc, name(&i, span), span)),
            body: Box::new(body),
        },
        span,
    )
}

fn sized(e: Expr, span: Span) -> Expr {
    a::Expr {
        kind: ExprKind::SizeofExpr(Box::new(e)),
        span,
    }
}

fn index_zero(e: Expr, span: Span) -> Expr {
    a::Expr {
        kind: ExprKind::Index(Box::new(e), Box::new(int_lit(0, span))),
        span,
    }
}

/// The element type of a (possibly multi-dimensional) array type.
fn element_type(ty: &TypeExpr) -> &TypeExpr {
    match &ty.kind {
        TypeExprKind::Array(e, _) => element_type(e),
        _ => ty,
    }
}

/// `std::common_comparison_category_t<decltype(std::declval<const T &>()
/// <=> std::declval<const T &>())...>` over the compared types.
fn common_category(types: &[TypeExpr], span: Span) -> TypeExpr {
    let args = types
        .iter()
        .map(|t| {
            let declval = || {
                let mut q = global_name(&["std", "declval"], span);
                q.parts[1].template_args = Some(vec![TemplateArg::Type(const_ref(t.clone()))]);
                a::Expr {
                    kind: ExprKind::Call(
                        Box::new(a::Expr {
                            kind: ExprKind::Name(q),
                            span,
                        }),
                        vec![],
                    ),
                    span,
                }
            };
            TemplateArg::Type(type_expr(
                TypeExprKind::Decltype {
                    expr: Box::new(binary(BinOp::ThreeWay, declval(), declval(), span)),
                    parenthesized: false,
                    gnu_typeof: false,
                },
                span,
            ))
        })
        .collect();
    let mut q = global_name(&["std", "common_comparison_category_t"], span);
    q.parts[1].template_args = Some(args);
    type_expr(TypeExprKind::Named(q), span)
}

/// `const T &`.
fn const_ref(t: TypeExpr) -> TypeExpr {
    let span = t.span;
    type_expr(
        TypeExprKind::LRef(Box::new(TypeExpr {
            is_const: true,
            ..t
        })),
        span,
    )
}

fn bool_lit(v: bool, span: Span) -> Expr {
    a::Expr {
        kind: ExprKind::BoolLit(v),
        span,
    }
}

fn if_then(init: Option<Stmt>, cond: Expr, then: Stmt, span: Span) -> Stmt {
    stmt(
        StmtKind::If {
            init: init.map(Box::new),
            cond: Box::new(expr_stmt(cond)),
            then_branch: Box::new(then),
            else_branch: None,
            is_constexpr: false,
        },
        span,
    )
}

fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt { kind, span }
}
