//! Expressions, by precedence climbing; lambdas; casts.

use super::names::{NameKind, NameLookup};
use super::{PResult, Parser, Reported, SpecsPlace};
use crate::front::ast::*;
use crate::front::literal;
use crate::front::token::sym;
use crate::front::token::TokenKind;
use std::rc::Rc;

fn binop_of(s: &str) -> Option<(BinOp, u8)> {
    use BinOp::*;
    Some(match s {
        "*" => (Mul, 13),
        "/" => (Div, 13),
        "%" => (Rem, 13),
        "+" => (Add, 12),
        "-" => (Sub, 12),
        "<<" => (Shl, 11),
        ">>" => (Shr, 11),
        "<=>" => (ThreeWay, 10),
        "<" => (Lt, 9),
        ">" => (Gt, 9),
        "<=" => (Le, 9),
        ">=" => (Ge, 9),
        "==" => (Eq, 8),
        "!=" => (Ne, 8),
        "&" => (BitAnd, 7),
        "^" => (BitXor, 6),
        "|" => (BitOr, 5),
        "&&" => (LogAnd, 4),
        "||" => (LogOr, 3),
        _ => return None,
    })
}

fn assign_op_of(s: &str) -> Option<Option<BinOp>> {
    use BinOp::*;
    Some(match s {
        "=" => None,
        "+=" => Some(Add),
        "-=" => Some(Sub),
        "*=" => Some(Mul),
        "/=" => Some(Div),
        "%=" => Some(Rem),
        "<<=" => Some(Shl),
        ">>=" => Some(Shr),
        "&=" => Some(BitAnd),
        "|=" => Some(BitOr),
        "^=" => Some(BitXor),
        _ => return None,
    })
}

impl Parser<'_> {
    pub(crate) fn parse_expr(&mut self) -> PResult<Expr> {
        let mut e = self.parse_assignment_expr()?;
        while self.is(sym!(",")) {
            self.advance();
            let r = self.parse_assignment_expr()?;
            let sp = e.span.to(r.span);
            e = Expr {
                kind: ExprKind::Binary(BinOp::Comma, Box::new(e), Box::new(r)),
                span: sp,
            };
        }
        Ok(e)
    }

    pub(crate) fn parse_assignment_expr(&mut self) -> PResult<Expr> {
        self.parse_assignment_inner(false)
    }

    /// A template argument expression: `>` ends it.
    pub(crate) fn parse_template_arg_expr(&mut self) -> PResult<Expr> {
        self.parse_conditional(true)
    }

    fn parse_assignment_inner(&mut self, no_gt: bool) -> PResult<Expr> {
        if self.is(sym!("throw")) {
            let sp = self.span();
            self.advance();
            let e = if self.is(sym!(";")) || self.is(sym!(")")) || self.is(sym!(",")) {
                None
            } else {
                Some(Box::new(self.parse_assignment_expr()?))
            };
            return Ok(Expr {
                kind: ExprKind::Throw(e),
                span: sp.to(self.prev_span()),
            });
        }
        let lhs = self.parse_conditional(no_gt)?;
        self.parse_assignment_rest(lhs, no_gt)
    }

    /// An assignment operator and its right side after `lhs`, if present.
    fn parse_assignment_rest(&mut self, lhs: Expr, no_gt: bool) -> PResult<Expr> {
        if let Some(op) = assign_op_of(self.text(self.peek())) {
            if self.peek().kind == TokenKind::Punct && !self.split_gt {
                self.advance();
                let rhs = if self.is(sym!("{")) {
                    let sp = self.span();
                    let l = self.parse_brace_list()?;
                    Expr {
                        kind: ExprKind::InitList(l),
                        span: sp.to(self.prev_span()),
                    }
                } else {
                    // Right-associative: `a = b = c ...` recurses.
                    self.nested(|p| p.parse_assignment_inner(no_gt))?
                };
                let sp = lhs.span.to(rhs.span);
                return Ok(Expr {
                    kind: ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)),
                    span: sp,
                });
            }
        }
        Ok(lhs)
    }

    fn parse_conditional(&mut self, no_gt: bool) -> PResult<Expr> {
        let c = self.parse_binary(0, no_gt)?;
        self.parse_conditional_rest(c, no_gt)
    }

    fn parse_conditional_rest(&mut self, c: Expr, no_gt: bool) -> PResult<Expr> {
        if self.is(sym!("?")) {
            self.advance();
            // Both arms recurse (`a ? b ? c : d : e ? ...`).
            let (a, b) = self.nested(|p| {
                let a = p.parse_expr()?;
                p.expect(sym!(":"))?;
                let b = p.parse_assignment_inner(no_gt)?;
                Ok((a, b))
            })?;
            let sp = c.span.to(b.span);
            return Ok(Expr {
                kind: ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
                span: sp,
            });
        }
        Ok(c)
    }

    fn parse_binary(&mut self, min_prec: u8, no_gt: bool) -> PResult<Expr> {
        let lhs = self.parse_unary()?;
        self.parse_binary_rest(lhs, min_prec, no_gt)
    }

    /// Continue a full expression (binary, conditional, assignment, comma)
    /// whose first operand `e` is already parsed.
    fn continue_expr(&mut self, e: Expr) -> PResult<Expr> {
        let e = self.parse_binary_rest(e, 0, false)?;
        let e = self.parse_conditional_rest(e, false)?;
        let mut e = self.parse_assignment_rest(e, false)?;
        while self.is(sym!(",")) {
            self.advance();
            let r = self.parse_assignment_expr()?;
            let sp = e.span.to(r.span);
            e = Expr {
                kind: ExprKind::Binary(BinOp::Comma, Box::new(e), Box::new(r)),
                span: sp,
            };
        }
        Ok(e)
    }

    /// `...` after an element of a call argument, init or template
    /// argument list: wrap the last element in a pack expansion.
    pub(crate) fn wrap_pack_expansion(&mut self, list: &mut [Expr]) {
        if self.is(sym!("...")) {
            self.advance();
            if let Some(last) = list.last_mut() {
                let span = last.span.to(self.prev_span());
                let inner = std::mem::replace(
                    last,
                    Expr {
                        kind: ExprKind::Error,
                        span,
                    },
                );
                *last = Expr {
                    kind: ExprKind::PackExpansion(Box::new(inner)),
                    span,
                };
            }
        }
    }

    fn parse_binary_rest(&mut self, mut lhs: Expr, min_prec: u8, no_gt: bool) -> PResult<Expr> {
        let mut chain = 0usize;
        loop {
            if self.split_gt {
                break;
            }
            let t = self.peek();
            if t.kind != TokenKind::Punct {
                break;
            }
            // `.*` and `->*` bind tighter than `*`.
            let member_access = matches!(self.text(t), ".*" | "->*").then(|| self.is(sym!("->*")));
            let Some((op, prec)) =
                binop_of(self.text(t)).or(member_access.map(|_| (BinOp::Mul, 14)))
            else {
                break;
            };
            if no_gt && matches!(self.text(t), ">" | ">>" | ">=") {
                break;
            }
            if prec <= min_prec {
                break;
            }
            if self.is_at(1, sym!("...")) {
                // `(pack op ...)`: the fold is finished by the caller.
                break;
            }
            // A left-associative chain builds a tree as deep as it is long,
            // and later passes recurse over it: bound it.
            chain += 1;
            if chain > MAX_BINARY_CHAIN {
                let sp = self.span();
                self.error_at(
                    sp,
                    &format!(
                        "expression is too long (the limit is {MAX_BINARY_CHAIN} binary operators in a row)"
                    ),
                );
                while !self.at_eof() {
                    self.advance();
                }
                return Err(Reported);
            }
            self.advance();
            let rhs = self.parse_binary(prec, no_gt)?;
            let sp = lhs.span.to(rhs.span);
            let kind = match member_access {
                Some(arrow) => ExprKind::MemberPointerAccess {
                    object: Box::new(lhs),
                    member: Box::new(rhs),
                    arrow,
                },
                None => ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
            };
            lhs = Expr { kind, span: sp };
        }
        Ok(lhs)
    }

    /// `__is_class(T)`, `__is_constructible(T, Args...)`: a built-in type
    /// trait over type-ids and type pack expansions.
    fn parse_type_trait(&mut self, trait_: TypeTrait, start: crate::source::Span) -> PResult<Expr> {
        self.advance();
        self.expect(sym!("("))?;
        let mut args = vec![];
        while !self.is(sym!(")")) {
            let (t, pack) = self.parse_type_id_or_pack()?;
            let arg = self.pack_expansion_if(TemplateArg::Type(t), pack);
            args.push(arg);
            if !self.eat(sym!(",")) {
                break;
            }
        }
        self.expect(sym!(")"))?;
        Ok(Expr {
            kind: ExprKind::TypeTrait(trait_, args),
            span: start.to(self.prev_span()),
        })
    }

    fn parse_unary(&mut self) -> PResult<Expr> {
        self.nested(|p| p.parse_unary_inner())
    }

    fn parse_unary_inner(&mut self) -> PResult<Expr> {
        let sp = self.span();
        let op = match self.text(self.peek()) {
            "-" => Some(UnOp::Neg),
            "+" => Some(UnOp::Plus),
            "!" => Some(UnOp::Not),
            "~" => Some(UnOp::BitNot),
            "*" => Some(UnOp::Deref),
            "&" => Some(UnOp::AddrOf),
            "++" => Some(UnOp::PreInc),
            "--" => Some(UnOp::PreDec),
            _ => None,
        };
        if let Some(op) = op {
            if self.peek().kind == TokenKind::Punct && !self.split_gt {
                self.advance();
                let e = self.parse_unary()?;
                let s = sp.to(e.span);
                return Ok(Expr {
                    kind: ExprKind::Unary(op, Box::new(e)),
                    span: s,
                });
            }
        }
        if let Some(trait_) = TypeTrait::from_name(self.text(self.peek())) {
            if self.is_at(1, sym!("(")) {
                return self.parse_type_trait(trait_, sp);
            }
        }
        // `::new (p) T(args)`, `::delete p`: the global allocation
        // functions, which are the only ones the model has.
        if self.is(sym!("::")) && matches!(self.text(self.peek_at(1)), "new" | "delete") {
            self.advance();
        }
        match self.text(self.peek()) {
            "__builtin_va_arg" if self.is_at(1, sym!("(")) => {
                self.advance();
                self.expect(sym!("("))?;
                let ap = self.parse_assignment_expr()?;
                self.expect(sym!(","))?;
                let t = self.parse_type_id()?;
                self.expect(sym!(")"))?;
                return Ok(Expr {
                    kind: ExprKind::VaArg(Box::new(ap), Box::new(t)),
                    span: sp.to(self.prev_span()),
                });
            }
            "sizeof" => {
                self.advance();
                if self.eat(sym!("...")) {
                    self.expect(sym!("("))?;
                    let (name, _) = self.expect_ident()?;
                    self.expect(sym!(")"))?;
                    return Ok(Expr {
                        kind: ExprKind::SizeofPack(name),
                        span: sp.to(self.prev_span()),
                    });
                }
                if self.is(sym!("(")) && self.type_in_parens_ahead() {
                    self.advance();
                    let t = self.parse_type_id()?;
                    self.expect(sym!(")"))?;
                    return Ok(Expr {
                        kind: ExprKind::SizeofType(Box::new(t)),
                        span: sp.to(self.prev_span()),
                    });
                }
                let e = self.parse_unary()?;
                return Ok(Expr {
                    kind: ExprKind::SizeofExpr(Box::new(e)),
                    span: sp.to(self.prev_span()),
                });
            }
            "alignof" | "__alignof__" => {
                self.advance();
                if !(self.is(sym!("(")) && self.type_in_parens_ahead()) {
                    let e = self.parse_unary()?;
                    return Ok(Expr {
                        kind: ExprKind::AlignofExpr(Box::new(e)),
                        span: sp.to(self.prev_span()),
                    });
                }
                self.expect(sym!("("))?;
                let t = self.parse_type_id()?;
                self.expect(sym!(")"))?;
                return Ok(Expr {
                    kind: ExprKind::AlignofType(Box::new(t)),
                    span: sp.to(self.prev_span()),
                });
            }
            "new" => {
                self.advance();
                let mut placement = vec![];
                if self.is(sym!("(")) && !self.type_in_parens_ahead() {
                    self.advance();
                    while !self.is(sym!(")")) && !self.at_eof() {
                        placement.push(self.parse_assignment_expr()?);
                        self.wrap_pack_expansion(&mut placement);
                        if !self.eat(sym!(",")) {
                            break;
                        }
                    }
                    self.expect(sym!(")"))?;
                }
                let paren_ty = self.is(sym!("("));
                if paren_ty {
                    self.advance();
                }
                let t = self.parse_new_type()?;
                if paren_ty {
                    self.expect(sym!(")"))?;
                }
                let mut args = vec![];
                if self.is(sym!("(")) {
                    self.advance();
                    while !self.is(sym!(")")) && !self.at_eof() {
                        args.push(self.parse_assignment_expr()?);
                        // `new T(std::forward<Args>(args)...)`
                        self.wrap_pack_expansion(&mut args);
                        if !self.eat(sym!(",")) {
                            break;
                        }
                    }
                    self.expect(sym!(")"))?;
                } else if self.is(sym!("{")) {
                    args = self.parse_brace_list()?;
                }
                return Ok(Expr {
                    kind: ExprKind::New(Box::new(t), args, placement),
                    span: sp.to(self.prev_span()),
                });
            }
            "delete" => {
                self.advance();
                let arr = self.is(sym!("["));
                if arr {
                    self.advance();
                    self.expect(sym!("]"))?;
                }
                let e = self.parse_unary()?;
                return Ok(Expr {
                    kind: ExprKind::Delete(Box::new(e), arr),
                    span: sp.to(self.prev_span()),
                });
            }
            _ => {}
        }
        // C-style cast
        if self.is(sym!("(")) && self.type_in_parens_ahead() {
            if let Some(t) = self.speculative_cast_type() {
                return self.finish_cast(t, sp);
            }
        }
        self.parse_postfix()
    }

    /// `(T)` of a C-style cast, or `None` (input untouched) when the
    /// parentheses hold an expression that starts like a type:
    /// `(int(i) * 2)` is a functional cast inside parentheses, and no
    /// expression is cast to a function type.
    fn speculative_cast_type(&mut self) -> Option<TypeExpr> {
        let unknown_type = self.unknown_type_cast_ahead();
        self.speculate(|p| {
            p.advance();
            let t = if unknown_type {
                let outer = std::mem::replace(&mut p.specs_place, SpecsPlace::Cast);
                let t = p.parse_type_id();
                p.specs_place = outer;
                t.ok()?
            } else {
                p.parse_type_id().ok()?
            };
            let function_type = matches!(t.kind, TypeExprKind::Function(..));
            (!function_type && p.eat(sym!(")")) && p.can_start_cast_operand()).then_some(t)
        })
    }

    /// Whether the current token can begin the operand of a C-style cast
    /// (or a compound literal's braces): after `(N::value)` a `?`, `)`,
    /// `,` or binary operator means the parentheses held an expression
    /// (`(std::numeric_limits<T>::is_signed) ? a : b`).
    fn can_start_cast_operand(&self) -> bool {
        let t = self.peek();
        if t.kind != TokenKind::Punct || self.split_gt {
            return t.kind != TokenKind::Eof && !self.split_gt;
        }
        [
            sym!("("),
            sym!("{"),
            sym!("["),
            sym!("+"),
            sym!("-"),
            sym!("!"),
            sym!("~"),
            sym!("*"),
            sym!("&"),
            sym!("&&"),
            sym!("++"),
            sym!("--"),
            sym!("::"),
        ]
        .contains(&t.sym)
    }

    /// After `(T)`: a compound literal `(T){...}` or a cast of a unary expression.
    fn finish_cast(&mut self, t: TypeExpr, sp: crate::source::Span) -> PResult<Expr> {
        if self.is(sym!("{")) {
            let l = self.parse_brace_list()?;
            return Ok(Expr {
                kind: ExprKind::Construct(Box::new(t), l, true),
                span: sp.to(self.prev_span()),
            });
        }
        let e = self.parse_unary()?;
        Ok(Expr {
            kind: ExprKind::Cast(CastKind::CStyle, Box::new(t), Box::new(e)),
            span: sp.to(self.prev_span()),
        })
    }

    /// `x.f<...>(` where `f` is not known to be a member template (its class
    /// is only declared for the host): accept template arguments when they
    /// parse and are followed by `(`; otherwise leave `<` as less-than.
    fn speculative_template_args(&mut self) -> Option<Vec<TemplateArg>> {
        self.speculate(|p| {
            let args = p.parse_template_args().ok()?;
            (p.is(sym!("(")) && !p.split_gt).then_some(args)
        })
    }

    fn parse_new_type(&mut self) -> PResult<TypeExpr> {
        let ds = self.parse_decl_specs(None)?;
        let Some(mut ty) = ds.ty else {
            self.error_here("expected a type after 'new'");
            return Err(Reported);
        };
        while self.eat(sym!("*")) {
            let sp = ty.span;
            ty = TypeExpr::plain(TypeExprKind::Pointer(Box::new(ty)), sp);
        }
        while self.is(sym!("[")) {
            self.advance();
            let e = self.parse_expr()?;
            self.expect(sym!("]"))?;
            let sp = ty.span;
            ty = TypeExpr::plain(TypeExprKind::Array(Box::new(ty), Some(Box::new(e))), sp);
        }
        Ok(ty)
    }

    /// At `(`: does a type-id follow, closed by `)`?
    pub(crate) fn type_in_parens_ahead(&mut self) -> bool {
        if !self.is(sym!("(")) {
            return false;
        }
        let save = self.pos;
        self.pos += 1;
        let r = self.starts_type();
        self.pos = save;
        if !r {
            return self.unknown_type_cast_ahead();
        }
        // A name that is a type followed by `(` or `{` is a functional cast
        // expression: `(T(1))`; but `(T (*)[4])` may be a pointer to an
        // array or function, which the speculative type-id parse decides.
        let t1 = self.peek_at(1).sym;
        let parenthesised_declarator = self.is_at(2, sym!("("))
            && (self.is_at(3, sym!("*")) || self.is_at(3, sym!("&")) || self.is_at(3, sym!("&&")));
        !(self.names.lookup(t1) == Some(NameKind::Type)
            && (self.is_at(2, sym!("(")) || self.is_at(2, sym!("{")))
            && !parenthesised_declarator)
    }

    /// `(dfloat *)p`, `(real)1`: an undeclared name (from a header we do
    /// not model, or a macro the build did not define) in parentheses that
    /// no expression can be: before `*`/`&` and the `)`, or followed by an
    /// operand. Parsed as a cast, so that the type is what gets diagnosed.
    fn unknown_type_cast_ahead(&self) -> bool {
        let name = self.peek_at(1);
        if name.kind != TokenKind::Ident
            || name.sym.is_keyword()
            || self.names.lookup(name.sym).is_some()
        {
            return false;
        }
        let mut i = 2;
        while matches!(self.text(self.peek_at(i)), "*" | "&" | "&&" | "const") {
            i += 1;
        }
        if !self.is_at(i, sym!(")")) {
            return false;
        }
        if i > 2 {
            return true;
        }
        let operand = self.peek_at(i + 1);
        match operand.kind {
            TokenKind::Ident => {
                !operand.sym.is_keyword()
                    || matches!(
                        self.text(operand),
                        "sizeof" | "this" | "true" | "false" | "nullptr"
                    )
            }
            TokenKind::Number | TokenKind::Char | TokenKind::String => true,
            _ => false,
        }
    }

    fn parse_postfix(&mut self) -> PResult<Expr> {
        let mut e = self.parse_primary()?;
        let mut chain = 0usize;
        loop {
            if self.split_gt {
                break;
            }
            // `f()()()...`, `a.b.c...` nest like a binary chain: same bound.
            chain += 1;
            if chain > MAX_BINARY_CHAIN {
                return self.too_deep();
            }
            let s = self.text(self.peek());
            match s {
                "(" => {
                    self.advance();
                    let mut args = vec![];
                    while !self.is(sym!(")")) && !self.at_eof() {
                        if self.is(sym!("{")) {
                            let sp = self.span();
                            let l = self.parse_brace_list()?;
                            args.push(Expr {
                                kind: ExprKind::InitList(l),
                                span: sp.to(self.prev_span()),
                            });
                        } else {
                            args.push(self.parse_assignment_expr()?);
                        }
                        self.wrap_pack_expansion(&mut args);
                        if !self.eat(sym!(",")) {
                            break;
                        }
                    }
                    self.expect(sym!(")"))?;
                    let sp = e.span.to(self.prev_span());
                    e = Expr {
                        kind: ExprKind::Call(Box::new(e), args),
                        span: sp,
                    };
                }
                "[" => {
                    self.advance();
                    let i = self.parse_expr()?;
                    self.expect(sym!("]"))?;
                    let sp = e.span.to(self.prev_span());
                    e = Expr {
                        kind: ExprKind::Index(Box::new(e), Box::new(i)),
                        span: sp,
                    };
                }
                "." | "->" => {
                    self.advance();
                    let arrow = s == "->";
                    let forced = self.eat(sym!("template"));
                    let qualified =
                        self.peek().kind == TokenKind::Ident && self.is_at(1, sym!("::"));
                    let name = if (self.is(sym!("~")) || qualified) && !forced {
                        // `x.~T()`, and `x.Base::m` naming a base's member.
                        self.parse_qual_name(false)?
                    } else {
                        let is_operator = self.is(sym!("operator"));
                        let (ident, sp) = if is_operator {
                            let n = self.parse_qual_name(false)?;
                            (n.last().ident.clone(), n.span)
                        } else {
                            self.expect_ident()?
                        };
                        // `x.template f<...>` takes arguments; so does a
                        // name some class declares as a member template
                        // where they parse as such, else `<` compares
                        // (`p.first < q.first` when another class has a
                        // template `first`); `x.operator()<...>(...)` can
                        // only be a call with template arguments.
                        let targs = if !self.is(sym!("<")) {
                            None
                        } else if forced {
                            Some(self.parse_template_args()?)
                        } else if is_operator {
                            self.speculate(|p| {
                                let a = p.parse_template_args().ok()?;
                                p.is(sym!("(")).then_some(a)
                            })
                        } else if self.names.is_member_template(self.symbol_of(&ident)) {
                            self.speculate(|p| p.parse_template_args().ok())
                        } else {
                            self.speculative_template_args()
                        };
                        QualName {
                            global: false,
                            parts: vec![NamePart {
                                ident,
                                template_args: targs,
                                span: sp,
                            }],
                            span: sp.to(self.prev_span()),
                        }
                    };
                    let sp = e.span.to(self.prev_span());
                    e = Expr {
                        kind: ExprKind::Member {
                            base: Box::new(e),
                            arrow,
                            name,
                        },
                        span: sp,
                    };
                }
                "++" | "--" => {
                    self.advance();
                    let op = if s == "++" {
                        UnOp::PostInc
                    } else {
                        UnOp::PostDec
                    };
                    let sp = e.span.to(self.prev_span());
                    e = Expr {
                        kind: ExprKind::Unary(op, Box::new(e)),
                        span: sp,
                    };
                }
                _ => break,
            }
        }
        Ok(e)
    }

    /// The expression of a number or character literal's spelling
    /// (without a ud-suffix).
    fn literal_expr(&self, kind: TokenKind, text: &str) -> Result<ExprKind, String> {
        if kind == TokenKind::Char {
            return literal::parse_char(text).map(|(v, _)| ExprKind::CharLit(v));
        }
        Ok(match literal::parse_number(text)? {
            literal::NumberLiteral::Int(i) => ExprKind::IntLit(i.value, i.suffix),
            literal::NumberLiteral::Float(f) => ExprKind::FloatLit(f.value, f.suffix),
        })
    }

    pub(crate) fn parse_primary(&mut self) -> PResult<Expr> {
        let sp = self.span();
        let t = *self.peek();
        match t.kind {
            TokenKind::Number | TokenKind::Char => {
                self.advance();
                let text = self.text(&t).to_string();
                // A plain literal, else one with a ud-suffix.
                let (parsed, suffix) = match self.literal_expr(t.kind, &text) {
                    Err(msg) => match literal::split_user_literal(&text) {
                        Some((l, s)) => (self.literal_expr(t.kind, l), Some(s)),
                        None => (Err(msg), None),
                    },
                    plain => (plain, None),
                };
                let kind = parsed.unwrap_or_else(|msg| {
                    self.error_at(sp, &msg);
                    ExprKind::Error
                });
                return Ok(user_literal(Expr { kind, span: sp }, suffix));
            }
            TokenKind::String => {
                let mut s = String::new();
                let mut end = sp;
                let mut suffix: Option<String> = None;
                while self.peek().kind == TokenKind::String {
                    let tt = self.bump();
                    end = tt.report_span();
                    let text = self.text(&tt).to_string();
                    let piece = match literal::split_user_literal(&text) {
                        Some((l, sfx)) => {
                            suffix = Some(sfx.to_string());
                            l
                        }
                        None => &text,
                    };
                    match literal::parse_string(piece) {
                        Ok(v) => s.push_str(&v),
                        Err(msg) => self.error_at(end, &msg),
                    }
                }
                let string = Expr {
                    kind: ExprKind::StringLit(s),
                    span: sp.to(end),
                };
                return Ok(user_literal(string, suffix.as_deref()));
            }
            TokenKind::Eof => {
                self.error_here("expected an expression, found end of file");
                return Err(Reported);
            }
            _ => {}
        }
        let s = self.name(&t);
        match s.as_ref() {
            "true" | "false" => {
                self.advance();
                return Ok(Expr {
                    kind: ExprKind::BoolLit(s.as_ref() == "true"),
                    span: sp,
                });
            }
            "nullptr" => {
                self.advance();
                return Ok(Expr {
                    kind: ExprKind::Nullptr,
                    span: sp,
                });
            }
            "requires" if self.concepts => return self.nested(|p| p.parse_requires_expr()),
            "this" => {
                self.advance();
                return Ok(Expr {
                    kind: ExprKind::This,
                    span: sp,
                });
            }
            "(" if self.is_at(1, sym!("{")) => {
                self.advance();
                let body = self.nested(|p| p.parse_compound())?;
                self.expect(sym!(")"))?;
                let StmtKind::Compound(stmts) = body.kind else {
                    unreachable!("parse_compound returns a compound statement")
                };
                return Ok(Expr {
                    kind: ExprKind::StmtExpr(stmts),
                    span: sp.to(self.prev_span()),
                });
            }
            "(" => {
                self.advance();
                return self.nested(|p| p.parse_paren_or_fold(sp));
            }
            "[" => return self.parse_lambda(),
            "{" => {
                let l = self.parse_brace_list()?;
                return Ok(Expr {
                    kind: ExprKind::InitList(l),
                    span: sp.to(self.prev_span()),
                });
            }
            "static_cast" | "reinterpret_cast" | "const_cast" | "dynamic_cast" => {
                self.advance();
                let kind = match s.as_ref() {
                    "static_cast" => CastKind::Static,
                    "reinterpret_cast" => CastKind::Reinterpret,
                    "const_cast" => CastKind::Const,
                    _ => CastKind::Dynamic,
                };
                self.expect(sym!("<"))?;
                let ty = self.parse_type_id()?;
                self.expect_template_close()?;
                self.expect(sym!("("))?;
                let e = self.parse_expr()?;
                self.expect(sym!(")"))?;
                return Ok(Expr {
                    kind: ExprKind::Cast(kind, Box::new(ty), Box::new(e)),
                    span: sp.to(self.prev_span()),
                });
            }
            "typeid" => {
                self.advance();
                self.expect(sym!("("))?;
                let arg = if self.starts_type() {
                    TemplateArg::Type(self.parse_type_id()?)
                } else {
                    TemplateArg::Expr(self.parse_expr()?)
                };
                self.expect(sym!(")"))?;
                return Ok(Expr {
                    kind: ExprKind::Typeid(Box::new(arg)),
                    span: sp.to(self.prev_span()),
                });
            }
            "__builtin_bit_cast" if self.is_at(1, sym!("(")) => {
                // `__builtin_bit_cast(T, e)` (what std::bit_cast is built on)
                // is the device pass's `__builtin_syclone_bit_cast(T(), e)`.
                self.advance();
                self.expect(sym!("("))?;
                let ty = self.parse_type_id()?;
                let ty_span = ty.span;
                self.expect(sym!(","))?;
                let e = self.parse_assignment_expr()?;
                self.expect(sym!(")"))?;
                let span = sp.to(self.prev_span());
                let callee = Expr {
                    kind: ExprKind::Name(QualName::simple(
                        Rc::from("__builtin_syclone_bit_cast"),
                        sp,
                    )),
                    span: sp,
                };
                let target = Expr {
                    kind: ExprKind::Construct(Box::new(ty), vec![], false),
                    span: ty_span,
                };
                return Ok(Expr {
                    kind: ExprKind::Call(Box::new(callee), vec![target, e]),
                    span,
                });
            }
            "noexcept" => {
                self.advance();
                self.skip_balanced();
                return Ok(Expr {
                    kind: ExprKind::BoolLit(true),
                    span: sp.to(self.prev_span()),
                });
            }
            _ => {}
        }
        // A type used as a value: `float(i)`, `sycl::range<1>(n)`, `T{...}`.
        if self.starts_type() && !self.is(sym!("::")) || (self.is(sym!("::")) && self.starts_type())
        {
            let save = self.pos;
            let ty = {
                let ds = self.parse_decl_specs(None);
                ds.ok().and_then(|d| d.ty)
            };
            if let Some(ty) = ty {
                if self.is(sym!("(")) {
                    self.advance();
                    let mut args = vec![];
                    while !self.is(sym!(")")) && !self.at_eof() {
                        args.push(self.parse_assignment_expr()?);
                        self.wrap_pack_expansion(&mut args);
                        if !self.eat(sym!(",")) {
                            break;
                        }
                    }
                    self.expect(sym!(")"))?;
                    return Ok(Expr {
                        kind: ExprKind::Construct(Box::new(ty), args, false),
                        span: sp.to(self.prev_span()),
                    });
                }
                if self.is(sym!("{")) {
                    let l = self.parse_brace_list()?;
                    return Ok(Expr {
                        kind: ExprKind::Construct(Box::new(ty), l, true),
                        span: sp.to(self.prev_span()),
                    });
                }
                if let TypeExprKind::Named(n) = &ty.kind {
                    // A type name used as a value (e.g. `T::value` parsed as type): treat as a name.
                    return Ok(Expr {
                        kind: ExprKind::Name(n.clone()),
                        span: sp.to(self.prev_span()),
                    });
                }
            }
            self.pos = save;
            self.split_gt = false;
        }
        if self.is_ident() || self.is(sym!("::")) || self.is(sym!("operator")) || self.is(sym!("~"))
        {
            let n = self.parse_qual_name(true)?;
            let span = n.span;
            // `ns::undeclared{...}`: a type the parser has never heard of,
            // constructed; sema says what the name lacks.
            if n.parts.len() > 1 && self.is(sym!("{")) {
                let last = self.symbol_of(&n.last().ident);
                if self.names.lookup_global(last).is_none() {
                    let ty = TypeExpr::plain(TypeExprKind::Named(n), span);
                    let l = self.parse_brace_list()?;
                    return Ok(Expr {
                        kind: ExprKind::Construct(Box::new(ty), l, true),
                        span: sp.to(self.prev_span()),
                    });
                }
            }
            return Ok(Expr {
                kind: ExprKind::Name(n),
                span,
            });
        }
        let found = self.text(&t).to_string();
        self.error_here(&format!("expected an expression, found '{found}'"));
        Err(Reported)
    }

    /// After `(`: a parenthesized expression or a fold expression
    /// `(pack op ...)`, `(... op pack)`, `(init op ... op pack)`.
    fn parse_paren_or_fold(&mut self, sp: crate::source::Span) -> PResult<Expr> {
        if self.is(sym!("throw")) {
            let e = self.parse_expr()?;
            self.expect(sym!(")"))?;
            return Ok(Expr {
                kind: e.kind,
                span: sp.to(self.prev_span()),
            });
        }
        if self.is(sym!("...")) {
            self.advance();
            let op = self.fold_operator()?;
            let rhs = self.parse_unary()?;
            self.expect(sym!(")"))?;
            return Ok(Expr {
                kind: ExprKind::Fold {
                    op,
                    lhs: None,
                    rhs: Some(Box::new(rhs)),
                },
                span: sp.to(self.prev_span()),
            });
        }
        let e = self.parse_unary()?;
        if self.fold_operator_ahead() {
            let op = self.fold_operator()?;
            self.expect(sym!("..."))?;
            let rhs = if self.is(sym!(")")) {
                None
            } else {
                let op2 = self.fold_operator()?;
                if op2 != op {
                    self.error_at(
                        self.prev_span(),
                        "the operators of a binary fold expression must be the same",
                    );
                }
                Some(Box::new(self.parse_unary()?))
            };
            self.expect(sym!(")"))?;
            return Ok(Expr {
                kind: ExprKind::Fold {
                    op,
                    lhs: Some(Box::new(e)),
                    rhs,
                },
                span: sp.to(self.prev_span()),
            });
        }
        // Not a fold: continue the expression from what was parsed.
        let e = self.continue_expr(e)?;
        self.expect(sym!(")"))?;
        Ok(Expr {
            kind: e.kind,
            span: sp.to(self.prev_span()),
        })
    }

    /// `op ...` follows (a fold operator then an ellipsis)?
    fn fold_operator_ahead(&self) -> bool {
        let t = self.text(self.peek());
        (binop_of(t).is_some() || assign_op_of(t).is_some() || t == ",")
            && self.peek().kind == TokenKind::Punct
            && self.is_at(1, sym!("..."))
    }

    fn fold_operator(&mut self) -> PResult<BinOp> {
        let t = self.text(self.peek());
        if let Some((op, _)) = binop_of(t) {
            self.advance();
            return Ok(op);
        }
        if t == "," {
            self.advance();
            return Ok(BinOp::Comma);
        }
        if let Some(Some(op)) = assign_op_of(t) {
            // Compound-assignment folds keep the underlying operator.
            self.advance();
            return Ok(op);
        }
        self.error_here("expected a fold operator");
        Err(Reported)
    }

    fn parse_lambda(&mut self) -> PResult<Expr> {
        let sp = self.span();
        self.expect(sym!("["))?;
        let mut default_capture = CaptureDefault::None;
        let mut captures = vec![];
        while !self.is(sym!("]")) && !self.at_eof() {
            let csp = self.span();
            if self.is(sym!("=")) && (self.is_at(1, sym!(",")) || self.is_at(1, sym!("]"))) {
                self.advance();
                default_capture = CaptureDefault::ByCopy;
            } else if self.is(sym!("&")) && (self.is_at(1, sym!(",")) || self.is_at(1, sym!("]"))) {
                self.advance();
                default_capture = CaptureDefault::ByRef;
            } else if self.eat(sym!("this")) {
                captures.push(Capture {
                    name: Rc::from("this"),
                    by_ref: true,
                    init: None,
                    is_this: true,
                    pack: false,
                    span: csp,
                });
            } else if self.is(sym!("*")) && self.is_at(1, sym!("this")) {
                self.advance();
                self.advance();
                captures.push(Capture {
                    name: Rc::from("this"),
                    by_ref: false,
                    init: None,
                    is_this: true,
                    pack: false,
                    span: csp,
                });
            } else {
                let by_ref = self.eat(sym!("&"));
                let init_pack = self.eat(sym!("..."));
                let (name, _) = self.expect_ident()?;
                let pack = self.eat(sym!("...")) || init_pack;
                let init = if self.eat(sym!("=")) {
                    Some(self.parse_assignment_expr()?)
                } else if self.is(sym!("(")) || self.is(sym!("{")) {
                    match self.parse_initializer()? {
                        Some(Initializer::Paren(mut a, _))
                        | Some(Initializer::Brace(mut a, _, _))
                            if a.len() == 1 =>
                        {
                            a.pop()
                        }
                        _ => None,
                    }
                } else {
                    None
                };
                captures.push(Capture {
                    name,
                    by_ref,
                    init,
                    is_this: false,
                    pack,
                    span: csp.to(self.prev_span()),
                });
            }
            if !self.eat(sym!(",")) {
                break;
            }
        }
        self.expect(sym!("]"))?;
        self.names.push();
        let result = self.parse_lambda_rest(sp, default_capture, captures);
        self.names.pop();
        result
    }

    fn parse_lambda_rest(
        &mut self,
        sp: crate::source::Span,
        default_capture: CaptureDefault,
        captures: Vec<Capture>,
    ) -> PResult<Expr> {
        for c in &captures {
            self.declare_name(&c.name, NameKind::Value);
        }
        let mut params = vec![];
        let mut is_mutable = false;
        let mut ret = None;
        let mut is_constexpr = false;
        let mut template = None;
        let mut trailing_requires = None;
        let mut attrs = Attributes::default();
        if self.is(sym!("<")) {
            let tsp = self.span();
            self.advance();
            let (tparams, constraints) = self.parse_template_params()?;
            self.expect_template_close()?;
            // `[]<typename T> requires C<T> (T x)`: part of the header's
            // constraints.
            let requires = if self.at_requires() {
                Some(self.parse_requires_clause()?)
            } else {
                None
            };
            template = Some(TemplateHeader {
                params: tparams,
                requires: conjoin(constraints, requires),
                span: tsp.to(self.prev_span()),
            });
        }
        if self.is(sym!("(")) {
            let (p, _) = self.parse_params()?;
            params = p;
            loop {
                if self.eat(sym!("mutable")) {
                    is_mutable = true;
                } else if self.eat(sym!("constexpr"))
                    || (self.concepts && self.eat(sym!("consteval")))
                {
                    is_constexpr = true;
                } else if self.is(sym!("noexcept")) {
                    self.parse_noexcept_spec()?;
                } else {
                    break;
                }
            }
            self.parse_attributes(&mut attrs);
            for p in &params {
                if let Some(n) = &p.name {
                    self.declare_name(n, NameKind::Value);
                }
            }
            if self.eat(sym!("->")) {
                ret = Some(self.parse_type_id()?);
            }
            // The trailing requires-clause, which may name the parameters
            // (`[](auto x) requires C<decltype(x)>`).
            if self.at_requires() {
                trailing_requires = Some(self.parse_requires_clause()?);
            }
        }
        let is_generic = params.iter().any(|p| type_mentions_auto(&p.ty));
        let body = self.parse_compound()?;
        let span = sp.to(self.prev_span());
        let l = LambdaExpr {
            default_capture,
            captures,
            params,
            ret,
            is_mutable,
            is_constexpr,
            template,
            trailing_requires,
            body,
            span,
            is_generic,
            attrs,
        };
        Ok(Expr {
            kind: ExprKind::Lambda(Rc::new(l)),
            span,
        })
    }
}

fn type_mentions_auto(t: &TypeExpr) -> bool {
    match &t.kind {
        TypeExprKind::Auto => true,
        TypeExprKind::Pointer(i) | TypeExprKind::LRef(i) | TypeExprKind::RRef(i) => {
            type_mentions_auto(i)
        }
        _ => false,
    }
}

/// Most binary operators in one left-associative chain (`a + b + c ...`).
const MAX_BINARY_CHAIN: usize = 10_000;

/// `literal` with its ud-suffix, if it has one (`10ms`, `"tag"s`).
fn user_literal(literal: Expr, suffix: Option<&str>) -> Expr {
    match suffix {
        Some(s) => Expr {
            span: literal.span,
            kind: ExprKind::UserLiteral(Box::new(literal), Rc::from(s)),
        },
        None => literal,
    }
}
