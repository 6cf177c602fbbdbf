//! Constraint expressions as diagnostics quote them, clang style: the
//! expression as written, template parameters replaced by their arguments
//! (`'std::is_arithmetic_v<S>' evaluated to false`).

use super::*;
use crate::front::ast::{Expr, ExprKind, QualName, TemplateArg, TypeExpr, TypeExprKind, UnOp};

impl Sema {
    /// `e` spelled with the parameters bound in `env` replaced.
    pub(crate) fn constraint_text(&self, e: &Expr, env: &Env) -> String {
        let mut out = String::new();
        self.expr_text(e, env, &mut out, 0);
        out
    }

    /// A name (a concept-id, a type) spelled with the parameters bound in `env` replaced.
    pub(crate) fn name_text(&self, q: &QualName, env: &Env) -> String {
        let mut out = String::new();
        self.qual_name_text(q, env, &mut out);
        out
    }

    /// A syntactic type spelled with the parameters bound in `env` replaced.
    pub(crate) fn type_text(&self, t: &TypeExpr, env: &Env) -> String {
        let mut out = String::new();
        self.type_expr_text(t, env, &mut out);
        out
    }

    /// A template argument as written, parameters replaced.
    pub(crate) fn targ_text(&self, a: &TemplateArg, env: &Env) -> String {
        let mut out = String::new();
        self.template_arg_text(a, env, &mut out);
        out
    }

    fn qual_name_text(&self, q: &QualName, env: &Env, out: &mut String) {
        if q.is_simple() {
            if let Some(a) = env.get(&q.last().ident) {
                if !matches!(a, TArg::ValueParam(_) | TArg::Template(_)) {
                    out.push_str(&self.targ_name(a));
                    return;
                }
            }
        }
        if q.global {
            out.push_str("::");
        }
        for (i, p) in q.parts.iter().enumerate() {
            if i > 0 {
                out.push_str("::");
            }
            match env.get(&p.ident) {
                // A template parameter naming a class (`T::value_type`).
                Some(a @ (TArg::Type(_) | TArg::ConstType(_)))
                    if i == 0 && q.parts.len() > 1 && !q.global =>
                {
                    out.push_str(&self.targ_name(a))
                }
                _ => out.push_str(&p.ident),
            }
            if let Some(args) = &p.template_args {
                out.push('<');
                for (k, a) in args.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.template_arg_text(a, env, out);
                }
                if out.ends_with('>') {
                    out.push(' ');
                }
                out.push('>');
            }
        }
    }

    fn template_arg_text(&self, a: &TemplateArg, env: &Env, out: &mut String) {
        match a {
            TemplateArg::Type(t) => self.type_expr_text(t, env, out),
            TemplateArg::Expr(e) => self.expr_text(e, env, out, 0),
            TemplateArg::PackExpansion(p) => {
                // An expanded pack reads as its elements.
                let pack = match &**p {
                    TemplateArg::Type(TypeExpr {
                        kind: TypeExprKind::Named(q),
                        ..
                    }) if q.is_simple() => env.get(&q.last().ident),
                    _ => None,
                };
                match pack {
                    Some(a @ TArg::Pack(_)) => out.push_str(&self.targ_name(a)),
                    _ => {
                        self.template_arg_text(p, env, out);
                        out.push_str("...");
                    }
                }
            }
        }
    }

    fn type_expr_text(&self, t: &TypeExpr, env: &Env, out: &mut String) {
        if t.is_const {
            out.push_str("const ");
        }
        if t.is_volatile {
            out.push_str("volatile ");
        }
        match &t.kind {
            TypeExprKind::Builtin(b) => out.push_str(&crate::front::ast_dump::builtin_spelling(b)),
            TypeExprKind::Named(q) => self.qual_name_text(q, env, out),
            TypeExprKind::Auto => out.push_str("auto"),
            TypeExprKind::DecltypeAuto => out.push_str("decltype(auto)"),
            TypeExprKind::Decltype { expr, .. } => {
                out.push_str("decltype(");
                self.expr_text(expr, env, out, 0);
                out.push(')');
            }
            TypeExprKind::UnderlyingType(i) => {
                out.push_str("__underlying_type(");
                self.type_expr_text(i, env, out);
                out.push(')');
            }
            TypeExprKind::Pointer(i) => {
                self.type_expr_text(i, env, out);
                out.push_str(" *");
            }
            TypeExprKind::MemberPointer(c, i) => {
                self.type_expr_text(i, env, out);
                out.push(' ');
                self.qual_name_text(c, env, out);
                out.push_str("::*");
            }
            TypeExprKind::LRef(i) => {
                self.type_expr_text(i, env, out);
                out.push_str(" &");
            }
            TypeExprKind::RRef(i) => {
                self.type_expr_text(i, env, out);
                out.push_str(" &&");
            }
            TypeExprKind::Array(i, _) => {
                self.type_expr_text(i, env, out);
                out.push_str("[]");
            }
            TypeExprKind::Function(r, ps, _) => {
                self.type_expr_text(r, env, out);
                out.push('(');
                for (k, p) in ps.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.type_expr_text(&p.ty, env, out);
                }
                out.push(')');
            }
        }
    }

    /// `prec`: the binding strength the context needs (parentheses below it).
    fn expr_text(&self, e: &Expr, env: &Env, out: &mut String, prec: u8) {
        use crate::front::ast::BinOp;
        let prec_of = |op: BinOp| -> u8 {
            use BinOp::*;
            match op {
                Mul | Div | Rem => 13,
                Add | Sub => 12,
                Shl | Shr => 11,
                ThreeWay => 10,
                Lt | Gt | Le | Ge => 9,
                Eq | Ne => 8,
                BitAnd => 7,
                BitXor => 6,
                BitOr => 5,
                LogAnd => 4,
                LogOr => 3,
                Comma => 1,
            }
        };
        match &e.kind {
            ExprKind::IntLit(v, _) => out.push_str(&v.to_string()),
            ExprKind::FloatLit(v, _) => out.push_str(&format!("{v:?}")),
            ExprKind::CharLit(c) => match char::from_u32(*c) {
                Some(ch) if !ch.is_control() => out.push_str(&format!("'{ch}'")),
                _ => out.push_str(&c.to_string()),
            },
            ExprKind::StringLit(s) => out.push_str(&format!("{s:?}")),
            ExprKind::UserLiteral(l, sfx) => {
                self.expr_text(l, env, out, 16);
                out.push_str(sfx);
            }
            ExprKind::BoolLit(b) => out.push_str(if *b { "true" } else { "false" }),
            ExprKind::Nullptr => out.push_str("nullptr"),
            ExprKind::This => out.push_str("this"),
            ExprKind::Name(q) => self.qual_name_text(q, env, out),
            ExprKind::Unary(op, x) => {
                let (pre, post) = match op {
                    UnOp::Plus => ("+", ""),
                    UnOp::Neg => ("-", ""),
                    UnOp::Not => ("!", ""),
                    UnOp::BitNot => ("~", ""),
                    UnOp::Deref => ("*", ""),
                    UnOp::AddrOf => ("&", ""),
                    UnOp::PreInc => ("++", ""),
                    UnOp::PreDec => ("--", ""),
                    UnOp::PostInc => ("", "++"),
                    UnOp::PostDec => ("", "--"),
                };
                out.push_str(pre);
                self.expr_text(x, env, out, 15);
                out.push_str(post);
            }
            ExprKind::Binary(op, l, r) => {
                let p = prec_of(*op);
                let paren = p < prec;
                if paren {
                    out.push('(');
                }
                self.expr_text(l, env, out, p);
                out.push(' ');
                out.push_str(op.spelling());
                out.push(' ');
                self.expr_text(r, env, out, p + 1);
                if paren {
                    out.push(')');
                }
            }
            ExprKind::Assign(op, l, r) => {
                if prec > 2 {
                    out.push('(');
                }
                self.expr_text(l, env, out, 3);
                out.push(' ');
                if let Some(op) = op {
                    out.push_str(op.spelling());
                }
                out.push_str("= ");
                self.expr_text(r, env, out, 2);
                if prec > 2 {
                    out.push(')');
                }
            }
            ExprKind::Cond(c, a, b) => {
                if prec > 2 {
                    out.push('(');
                }
                self.expr_text(c, env, out, 3);
                out.push_str(" ? ");
                self.expr_text(a, env, out, 0);
                out.push_str(" : ");
                self.expr_text(b, env, out, 2);
                if prec > 2 {
                    out.push(')');
                }
            }
            ExprKind::Call(callee, args) => {
                self.expr_text(callee, env, out, 16);
                self.args_text(args, env, out, "(", ")");
            }
            ExprKind::Index(b, i) => {
                self.expr_text(b, env, out, 16);
                out.push('[');
                self.expr_text(i, env, out, 0);
                out.push(']');
            }
            ExprKind::Member { base, arrow, name } => {
                self.expr_text(base, env, out, 16);
                out.push_str(if *arrow { "->" } else { "." });
                self.qual_name_text(name, env, out);
            }
            ExprKind::Cast(kind, t, x) => {
                use crate::front::ast::CastKind as K;
                let name = match kind {
                    K::CStyle | K::Functional => None,
                    K::Static => Some("static_cast"),
                    K::Reinterpret => Some("reinterpret_cast"),
                    K::Const => Some("const_cast"),
                    K::Dynamic => Some("dynamic_cast"),
                };
                match name {
                    Some(n) => {
                        out.push_str(n);
                        out.push('<');
                        self.type_expr_text(t, env, out);
                        out.push_str(">(");
                        self.expr_text(x, env, out, 0);
                        out.push(')');
                    }
                    None => {
                        out.push('(');
                        self.type_expr_text(t, env, out);
                        out.push(')');
                        self.expr_text(x, env, out, 15);
                    }
                }
            }
            ExprKind::Construct(t, args, braced) => {
                self.type_expr_text(t, env, out);
                let (open, close) = if *braced { ("{", "}") } else { ("(", ")") };
                self.args_text(args, env, out, open, close);
            }
            ExprKind::InitList(args) => self.args_text(args, env, out, "{", "}"),
            ExprKind::Designated(n, x) => {
                out.push('.');
                out.push_str(n);
                out.push_str(" = ");
                self.expr_text(x, env, out, 2);
            }
            ExprKind::PackExpansion(x) => {
                self.expr_text(x, env, out, 16);
                out.push_str("...");
            }
            ExprKind::SizeofPack(n) => out.push_str(&format!("sizeof...({n})")),
            ExprKind::Fold { op, lhs, rhs } => {
                out.push('(');
                if let Some(l) = lhs {
                    self.expr_text(l, env, out, prec_of(*op) + 1);
                    out.push(' ');
                    out.push_str(op.spelling());
                    out.push_str(" ...");
                    if rhs.is_some() {
                        out.push(' ');
                        out.push_str(op.spelling());
                    }
                } else {
                    out.push_str("... ");
                    out.push_str(op.spelling());
                }
                if let Some(r) = rhs {
                    out.push(' ');
                    self.expr_text(r, env, out, prec_of(*op) + 1);
                }
                out.push(')');
            }
            ExprKind::AlignofExpr(x) => {
                out.push_str("alignof(");
                self.expr_text(x, env, out, 0);
                out.push(')');
            }
            // clang prints an expression operand after a space, its
            // parentheses (when written) kept: `sizeof (v)`, `sizeof v`
            // (a parenthesized name's span is wider than the name's).
            ExprKind::SizeofExpr(x) if !matches!(&x.kind, ExprKind::Name(q) if q.span.hi >= x.span.hi) =>
            {
                out.push_str("sizeof (");
                self.expr_text(x, env, out, 0);
                out.push(')');
            }
            ExprKind::SizeofExpr(x) => {
                out.push_str("sizeof ");
                self.expr_text(x, env, out, 15);
            }
            ExprKind::SizeofType(t) => {
                out.push_str("sizeof(");
                self.type_expr_text(t, env, out);
                out.push(')');
            }
            ExprKind::AlignofType(t) => {
                out.push_str("alignof(");
                self.type_expr_text(t, env, out);
                out.push(')');
            }
            ExprKind::TypeTrait(t, args) => {
                out.push_str(&format!("{t:?}("));
                for (k, a) in args.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.template_arg_text(a, env, out);
                }
                out.push(')');
            }
            ExprKind::MemberPointerAccess {
                object,
                member,
                arrow,
            } => {
                self.expr_text(object, env, out, 14);
                out.push_str(if *arrow { "->*" } else { ".*" });
                self.expr_text(member, env, out, 15);
            }
            ExprKind::Requires(_) => out.push_str("requires { ... }"),
            ExprKind::Lambda(_) => out.push_str("[]{...}"),
            ExprKind::StmtExpr(_) => out.push_str("({...})"),
            ExprKind::New(t, ..) => {
                out.push_str("new ");
                self.type_expr_text(t, env, out);
            }
            ExprKind::Delete(x, array) => {
                out.push_str(if *array { "delete[] " } else { "delete " });
                self.expr_text(x, env, out, 15);
            }
            ExprKind::Throw(x) => {
                out.push_str("throw");
                if let Some(x) = x {
                    out.push(' ');
                    self.expr_text(x, env, out, 2);
                }
            }
            ExprKind::Typeid(a) => {
                out.push_str("typeid(");
                self.template_arg_text(a, env, out);
                out.push(')');
            }
            ExprKind::VaArg(x, t) => {
                out.push_str("__builtin_va_arg(");
                self.expr_text(x, env, out, 2);
                out.push_str(", ");
                self.type_expr_text(t, env, out);
                out.push(')');
            }
            ExprKind::Error => out.push_str("<error>"),
        }
    }

    fn args_text(&self, args: &[Expr], env: &Env, out: &mut String, open: &str, close: &str) {
        out.push_str(open);
        for (k, a) in args.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            self.expr_text(a, env, out, 2);
        }
        out.push_str(close);
    }
}
