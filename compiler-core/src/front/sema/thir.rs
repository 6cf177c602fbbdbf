//! The typed tree of checked function bodies: every expression has a type and
//! a value category, every name is resolved, implicit conversions and
//! implicit object arguments are explicit.

use super::types::*;
use super::FuncId;
use crate::front::ast::{BinOp, UnOp};
use crate::source::Span;

#[derive(Clone, Debug)]
pub struct Body {
    pub params: Vec<VarId>,
    /// For a lambda call operator or member function: the object (`*this`) type.
    pub this_class: Option<ClassId>,
    pub stmt: Stmt,
}

#[derive(Clone, Debug)]
pub enum Stmt {
    Expr(Expr),
    /// A local variable and its initializer: a value of the variable's type
    /// (constructors already applied), or the lvalue a reference binds to.
    Decl(VarId, Option<Expr>),
    /// Statements in sequence (several declarators of one declaration,
    /// statements the checker synthesizes): no scope of their own.
    Block(Vec<Stmt>),
    /// A block scope (a compound statement, the scope of an `if`, `for`,
    /// `switch` or range-for, a sub-statement): the objects its own
    /// declarations create are destroyed, last first, when control leaves it.
    Scope(Vec<Stmt>),
    If {
        cond: Expr,
        then_s: Box<Stmt>,
        else_s: Option<Box<Stmt>>,
    },
    /// `while (cond) body`, `for (;cond;step) body` (init hoisted into a Block).
    Loop {
        cond: Option<Expr>,
        body: Box<Stmt>,
        step: Option<Expr>,
        test_first: bool,
    },
    Return(Option<Expr>, Span),
    Break(Span),
    Continue(Span),
    /// A statement device code may not contain (throw, try, goto, switch…),
    /// with the reason; fine in host code.
    Unsupported(String, Span),
    Nop,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Ty,
    /// An lvalue (designates an object) rather than a prvalue.
    pub lvalue: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    IntLit(i128),
    FloatLit(f64),
    BoolLit(bool),
    NullPtr,
    StringLit(String),
    Var(VarId),
    /// `*this` of the current member function / closure.
    This,
    /// Field `index` of the class object designated by the lvalue `base`.
    Field(Box<Expr>, usize),
    /// Base-class subobject at an index in `ClassInfo::bases`.
    BaseSub(Box<Expr>, usize),
    /// The object of a derived class whose base subobject the lvalue `base`
    /// is (`static_cast<D&>(b)`, `static_cast<D*>(this)`): `path` leads from
    /// the derived class to the base, as `BaseSub` indices.
    Downcast(Box<Expr>, Vec<usize>),
    /// A call; for member functions `args[0]` is the object (an lvalue).
    Call(FuncId, Vec<Expr>),
    /// Constructs a temporary of a class type with a constructor.
    Construct(FuncId, Vec<Expr>),
    /// Zero initialisation of a class temporary (no default member initializers).
    ConstructDefault(ClassId),
    /// Aggregate initialisation of a class (bases, then fields) or array
    /// temporary: one initializer per element, converted to its type.
    Aggregate(Vec<Expr>),
    /// Built-in operators on arithmetic and pointer operands (converted already).
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Value conversion to `Expr::ty` (arithmetic, bool, pointer).
    Convert(Box<Expr>),
    /// lvalue → prvalue.
    Load(Box<Expr>),
    Deref(Box<Expr>),
    AddrOf(Box<Expr>),
    /// Pointer + integer index, as an lvalue of the element.
    Index(Box<Expr>, Box<Expr>),
    /// A lambda expression: creates the closure; one initializer per field.
    Lambda(ClassId, Vec<Expr>),
    /// A compiler intrinsic (`__spirv_BuiltInGlobalInvocationId`...).
    Intrinsic(String, Vec<Expr>),
    /// A GNU statement expression: the statements, then the value (a
    /// prvalue; none: void).
    StmtExpr(Vec<Stmt>, Option<Box<Expr>>),
    /// Materialises a prvalue of class type into a temporary (an lvalue).
    Temporary(Box<Expr>),
    /// A default member initializer as an element of an `Aggregate` of a
    /// class: `this` in it is the object the aggregate initializes (whose
    /// earlier members it may read: `int b = a * 2;`).
    MemberDefault(Box<Expr>),
    /// An expression that is only meaningful on the host (typeid, new, ...).
    HostOnly(String),
    /// A braced-init-list call argument, until overload resolution gives it
    /// the type of its parameter (see `sema/braced.rs`).
    BracedList(Vec<crate::front::ast::Expr>),
    Error,
}

impl Expr {
    pub fn error(span: Span) -> Expr {
        Expr {
            kind: ExprKind::Error,
            ty: Ty::Error,
            lvalue: false,
            span,
        }
    }
}

impl Body {
    /// The functions the body calls (and constructs with), in order.
    pub fn called_functions(&self) -> Vec<FuncId> {
        self.stmt.called_functions()
    }
}

impl Stmt {
    /// The functions the statement calls (and constructs with), in order.
    pub fn called_functions(&self) -> Vec<FuncId> {
        let mut out = vec![];
        walk_stmt(self, &mut |e| {
            if let ExprKind::Call(f, _) | ExprKind::Construct(f, _) = &e.kind {
                out.push(*f);
            }
        });
        out
    }
}

impl Expr {
    /// Whether `this` appears in the expression (outside nested lambdas'
    /// bodies, which are functions of their own).
    pub fn mentions_this(&self) -> bool {
        let mut found = false;
        walk_expr(self, &mut |e| found |= matches!(e.kind, ExprKind::This));
        found
    }
}

/// Calls `f` on every expression of `s`, each after its operands.
fn walk_stmt(s: &Stmt, f: &mut impl FnMut(&Expr)) {
    match s {
        Stmt::Expr(e) | Stmt::Return(Some(e), _) => walk_expr(e, f),
        Stmt::Decl(_, e) => e.iter().for_each(|e| walk_expr(e, f)),
        Stmt::Block(b) | Stmt::Scope(b) => b.iter().for_each(|s| walk_stmt(s, f)),
        Stmt::If {
            cond,
            then_s,
            else_s,
        } => {
            walk_expr(cond, f);
            walk_stmt(then_s, f);
            else_s.iter().for_each(|s| walk_stmt(s, f));
        }
        Stmt::Loop {
            cond, body, step, ..
        } => {
            cond.iter().for_each(|e| walk_expr(e, f));
            walk_stmt(body, f);
            step.iter().for_each(|e| walk_expr(e, f));
        }
        Stmt::Return(None, _)
        | Stmt::Break(_)
        | Stmt::Continue(_)
        | Stmt::Unsupported(..)
        | Stmt::Nop => {}
    }
}

/// Calls `f` on `e` and every expression inside it, operands first.
fn walk_expr(e: &Expr, f: &mut impl FnMut(&Expr)) {
    match &e.kind {
        ExprKind::Call(_, args)
        | ExprKind::Construct(_, args)
        | ExprKind::Aggregate(args)
        | ExprKind::Lambda(_, args)
        | ExprKind::Intrinsic(_, args) => args.iter().for_each(|a| walk_expr(a, f)),
        ExprKind::Field(b, _) | ExprKind::BaseSub(b, _) | ExprKind::Downcast(b, _) => {
            walk_expr(b, f)
        }
        ExprKind::Unary(_, a)
        | ExprKind::Convert(a)
        | ExprKind::Load(a)
        | ExprKind::Deref(a)
        | ExprKind::AddrOf(a)
        | ExprKind::Temporary(a)
        | ExprKind::MemberDefault(a) => walk_expr(a, f),
        ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
            walk_expr(a, f);
            walk_expr(b, f);
        }
        ExprKind::Cond(a, b, c) => {
            walk_expr(a, f);
            walk_expr(b, f);
            walk_expr(c, f);
        }
        ExprKind::StmtExpr(stmts, value) => {
            stmts.iter().for_each(|s| walk_stmt(s, f));
            value.iter().for_each(|v| walk_expr(v, f));
        }
        ExprKind::IntLit(_)
        | ExprKind::FloatLit(_)
        | ExprKind::BoolLit(_)
        | ExprKind::NullPtr
        | ExprKind::StringLit(_)
        | ExprKind::Var(_)
        | ExprKind::This
        | ExprKind::ConstructDefault(_)
        | ExprKind::HostOnly(_)
        | ExprKind::BracedList(_)
        | ExprKind::Error => {}
    }
    f(e);
}
