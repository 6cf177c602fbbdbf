//! C++20 concepts: concept definitions, requires-clauses, type-constraints
//! of template parameters and placeholders (`template <std::integral T>`,
//! `std::floating_point auto v`), and requires-expressions. Only in C++20
//! mode, where `concept` and `requires` are keywords.

use super::names::{NameKind, NameLookup};
use super::{PResult, Parser, Reported};
use crate::front::ast::*;
use crate::front::token::{sym, TokenKind};
use std::rc::Rc;

impl Parser<'_> {
    /// Does a concept's name (possibly qualified, possibly with template
    /// arguments: `std::convertible_to<int>`) start `i` tokens ahead? The
    /// index of the token after it.
    pub(crate) fn concept_name_end(&self, mut i: usize) -> Option<usize> {
        if !self.concepts || self.split_gt {
            return None;
        }
        if self.is_at(i, sym!("::")) {
            i += 1;
        }
        let mut first = true;
        loop {
            let t = self.peek_at(i);
            if t.kind != TokenKind::Ident || t.sym.is_keyword() || self.is_cxx20_keyword(t) {
                return None;
            }
            i += 1;
            if self.is_at(i, sym!("::")) {
                i += 1;
                first = false;
                continue;
            }
            let kind = if first {
                self.names.lookup(t.sym)
            } else {
                self.names.lookup_global(t.sym)
            };
            if kind != Some(NameKind::Concept) {
                return None;
            }
            break;
        }
        if self.is_at(i, sym!("<")) {
            // Balanced arguments (`<` / `>` inside parentheses compare).
            let mut depth = 0i32;
            let mut parens = 0i32;
            loop {
                match self.text(self.peek_at(i)) {
                    "<" if parens == 0 => depth += 1,
                    ">" if parens == 0 => depth -= 1,
                    ">>" if parens == 0 => depth -= 2,
                    "(" | "[" | "{" => parens += 1,
                    ")" | "]" | "}" => parens -= 1,
                    ";" | "" => return None,
                    _ => {}
                }
                i += 1;
                if depth <= 0 || parens < 0 {
                    break;
                }
            }
            if depth < 0 || parens < 0 {
                return None;
            }
        }
        Some(i)
    }

    /// A constrained placeholder `C auto` / `C<A> decltype(auto)` starts
    /// `i` tokens ahead.
    pub(crate) fn constrained_placeholder_ahead(&self, i: usize) -> bool {
        self.concept_name_end(i)
            .is_some_and(|j| self.is_at(j, sym!("auto")) || self.is_at(j, sym!("decltype")))
    }

    /// In a template parameter list: a type-constraint, then a type
    /// parameter (`C T`, `C<A>... Ts`, `C = int`, `C`).
    pub(crate) fn type_constraint_ahead(&self) -> bool {
        self.concept_name_end(0).is_some_and(|j| {
            let t = self.peek_at(j);
            (t.kind == TokenKind::Ident && !t.sym.is_keyword())
                || self.is_at(j, sym!("..."))
                || self.is_at(j, sym!(","))
                || self.is_at(j, sym!(">"))
                || self.is_at(j, sym!("="))
        })
    }

    /// The type-constraint at a constrained placeholder or type parameter:
    /// the concept's name with its arguments.
    pub(crate) fn parse_type_constraint(&mut self) -> PResult<QualName> {
        self.parse_qual_name(true)
    }

    /// `requires constraint-logical-or-expression`, at `requires`.
    pub(crate) fn parse_requires_clause(&mut self) -> PResult<Rc<Expr>> {
        self.advance(); // requires
        Ok(Rc::new(self.parse_constraint_or()?))
    }

    /// The primaries of a requires-clause joined by `||` and `&&` (any
    /// other operator needs parentheses there).
    fn parse_constraint_or(&mut self) -> PResult<Expr> {
        let mut lhs = self.parse_constraint_and()?;
        while self.is(sym!("||")) {
            self.advance();
            let rhs = self.nested(|p| p.parse_constraint_and())?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary(BinOp::LogOr, Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok(lhs)
    }

    fn parse_constraint_and(&mut self) -> PResult<Expr> {
        let mut lhs = self.parse_constraint_primary()?;
        while self.is(sym!("&&")) {
            self.advance();
            let rhs = self.parse_constraint_primary()?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary(BinOp::LogAnd, Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok(lhs)
    }

    /// A primary expression of a requires-clause: `(expr)`, a fold, a
    /// concept-id or other name, a literal, a requires-expression.
    fn parse_constraint_primary(&mut self) -> PResult<Expr> {
        self.nested(|p| p.parse_primary())
    }

    /// `requires (params) { requirements }`, at `requires`.
    pub(crate) fn parse_requires_expr(&mut self) -> PResult<Expr> {
        let start = self.span();
        self.advance(); // requires
        let params = if self.is(sym!("(")) {
            let (params, _variadic) = self.parse_params()?;
            params
        } else {
            vec![]
        };
        self.expect(sym!("{"))?;
        self.names.push();
        for p in &params {
            if let Some(n) = &p.name {
                self.declare_name(n, NameKind::Value);
            }
        }
        let requirements = self.nested(|p| p.parse_requirements());
        self.names.pop();
        let requirements = requirements?;
        self.expect(sym!("}"))?;
        let span = start.to(self.prev_span());
        Ok(Expr {
            kind: ExprKind::Requires(Rc::new(RequiresExpr {
                params,
                requirements,
                span,
            })),
            span,
        })
    }

    fn parse_requirements(&mut self) -> PResult<Vec<Requirement>> {
        let mut out = vec![];
        while !self.is(sym!("}")) && !self.at_eof() {
            let start = self.span();
            if self.is(sym!("typename")) {
                // `typename T::value_type;`
                self.advance();
                let q = self.parse_qual_name(true)?;
                let span = q.span;
                out.push(Requirement::Type(TypeExpr::plain(
                    TypeExprKind::Named(q),
                    span,
                )));
            } else if self.is(sym!("{")) {
                // `{ e } noexcept -> C<args>;`
                self.advance();
                let expr = self.parse_expr()?;
                self.expect(sym!("}"))?;
                let noexcept = self.eat(sym!("noexcept"));
                let constraint = if self.eat(sym!("->")) {
                    if self.concept_name_end(0).is_none() {
                        self.error_here(
                            "expected a concept name after '->' in a compound requirement",
                        );
                        return Err(Reported);
                    }
                    Some(self.parse_type_constraint()?)
                } else {
                    None
                };
                out.push(Requirement::Compound {
                    expr,
                    noexcept,
                    constraint,
                    span: start.to(self.prev_span()),
                });
            } else if self.at_requires() {
                // `requires C<T> && sizeof(T) == 4;` (any logical-or-expression).
                self.advance();
                out.push(Requirement::Nested(self.parse_expr()?));
            } else {
                out.push(Requirement::Simple(self.parse_expr()?));
            }
            self.expect(sym!(";"))?;
        }
        Ok(out)
    }

    /// `concept Name = constraint;` after its template header, at `concept`.
    pub(crate) fn parse_concept_definition(&mut self, header: TemplateHeader) -> PResult<Decl> {
        let start = self.span();
        self.advance(); // concept
        let (name, _) = self.expect_ident()?;
        // The name is a concept from here on (its definition cannot use it).
        self.declare_global_name(&name, NameKind::Concept);
        self.expect(sym!("="))?;
        let constraint = self.parse_assignment_expr()?;
        self.expect(sym!(";"))?;
        Ok(Decl::Concept(Rc::new(ConceptDecl {
            name,
            template: header,
            constraint: Rc::new(constraint),
            span: start.to(self.prev_span()),
        })))
    }
}

/// The constraint a type-constraint `C<A...>` puts on parameter `param`:
/// `C<param, A...>`, or for a pack `(C<param, A...> && ...)`.
pub(crate) fn type_constraint_expr(constraint: &QualName, param: &Rc<str>, pack: bool) -> Expr {
    let span = constraint.span;
    let mut q = constraint.clone();
    let last = q.parts.last_mut().expect("a name has a part");
    let mut args = vec![TemplateArg::Type(TypeExpr::plain(
        TypeExprKind::Named(QualName::simple(param.clone(), span)),
        span,
    ))];
    args.extend(last.template_args.take().unwrap_or_default());
    last.template_args = Some(args);
    let id = Expr {
        kind: ExprKind::Name(q),
        span,
    };
    if !pack {
        return id;
    }
    Expr {
        kind: ExprKind::Fold {
            op: BinOp::LogAnd,
            lhs: Some(Box::new(id)),
            rhs: None,
        },
        span,
    }
}
