//! Statements.

use super::decl::Context;
use super::names::NameKind;
use super::{PResult, Parser, Reported, SpecsPlace};
use crate::front::ast::*;
use crate::front::ast_build::{name, var_decl};
use crate::front::token::sym;
use std::rc::Rc;

impl Parser<'_> {
    pub(crate) fn parse_compound(&mut self) -> PResult<Stmt> {
        let start = self.expect(sym!("{"))?;
        self.names.push();
        let outer_class_decls = self.block_class_decls.replace(vec![]);
        let outer_place = std::mem::replace(&mut self.specs_place, SpecsPlace::Block);
        let mut stmts = vec![];
        while !self.is(sym!("}")) && !self.at_eof() {
            let before = self.pos;
            let stmt_start = self.span();
            let parsed = self.parse_statement();
            let class_decls = self.block_class_decls.replace(vec![]).unwrap_or_default();
            if !class_decls.is_empty() {
                stmts.push(Stmt {
                    kind: StmtKind::Decl(class_decls),
                    span: stmt_start,
                });
            }
            match parsed {
                Ok(s) => stmts.push(s),
                Err(Reported) => self.recover_to_semi(),
            }
            if self.pos == before {
                self.advance();
            }
        }
        self.block_class_decls = outer_class_decls;
        self.specs_place = outer_place;
        self.names.pop();
        self.expect(sym!("}"))?;
        Ok(Stmt {
            kind: StmtKind::Compound(stmts),
            span: start.to(self.prev_span()),
        })
    }

    pub(crate) fn parse_statement(&mut self) -> PResult<Stmt> {
        self.nested(|p| p.parse_statement_inner())
    }

    fn parse_statement_inner(&mut self) -> PResult<Stmt> {
        let start = self.span();
        let mut attrs = Attributes::default();
        self.parse_attributes(&mut attrs);
        let kw = self.text(self.peek());
        let kind = match kw {
            "{" => return self.parse_compound(),
            ";" => {
                self.advance();
                StmtKind::Empty
            }
            "if" => {
                self.advance();
                let is_constexpr = self.eat(sym!("constexpr"));
                self.expect(sym!("("))?;
                self.names.push();
                let (init, cond) = self.parse_condition_with_init()?;
                self.expect(sym!(")"))?;
                let then_branch = Box::new(self.parse_statement()?);
                let else_branch = if self.eat(sym!("else")) {
                    Some(Box::new(self.parse_statement()?))
                } else {
                    None
                };
                self.names.pop();
                StmtKind::If {
                    init,
                    cond: Box::new(cond),
                    then_branch,
                    else_branch,
                    is_constexpr,
                }
            }
            "while" => {
                self.advance();
                self.expect(sym!("("))?;
                self.names.push();
                let cond = self.parse_condition()?;
                self.expect(sym!(")"))?;
                let body = Box::new(self.parse_statement()?);
                self.names.pop();
                StmtKind::While {
                    cond: Box::new(cond),
                    body,
                }
            }
            "do" => {
                self.advance();
                let body = Box::new(self.parse_statement()?);
                self.expect(sym!("while"))?;
                self.expect(sym!("("))?;
                let cond = self.parse_expr()?;
                self.expect(sym!(")"))?;
                self.expect(sym!(";"))?;
                StmtKind::DoWhile { body, cond }
            }
            "for" => {
                self.advance();
                self.expect(sym!("("))?;
                self.names.push();
                let r = self.parse_for_rest(start);
                self.names.pop();
                return r;
            }
            "switch" => {
                self.advance();
                self.expect(sym!("("))?;
                self.names.push();
                let (init, cond) = self.parse_condition_with_init()?;
                self.expect(sym!(")"))?;
                let body = Box::new(self.parse_statement()?);
                self.names.pop();
                StmtKind::Switch {
                    init,
                    cond: Box::new(cond),
                    body,
                }
            }
            "case" => {
                self.advance();
                let e = self.parse_assignment_expr()?;
                self.expect(sym!(":"))?;
                StmtKind::Case(e)
            }
            "default" if self.is_at(1, sym!(":")) => {
                self.advance();
                self.advance();
                StmtKind::Default
            }
            "return" => {
                self.advance();
                let e = if self.is(sym!(";")) {
                    None
                } else if self.is(sym!("{")) {
                    let sp = self.span();
                    let l = self.parse_brace_list()?;
                    Some(Expr {
                        kind: ExprKind::InitList(l),
                        span: sp.to(self.prev_span()),
                    })
                } else {
                    Some(self.parse_expr()?)
                };
                self.expect(sym!(";"))?;
                StmtKind::Return(e)
            }
            "break" => {
                self.advance();
                self.expect(sym!(";"))?;
                StmtKind::Break
            }
            "continue" => {
                self.advance();
                self.expect(sym!(";"))?;
                StmtKind::Continue
            }
            // GNU inline assembly (`asm volatile("rdtsc" : "=a"(lo) ...)`),
            // in host code such as cycle counters: kept as a statement that
            // device code may not contain; its operands are not read.
            "asm" | "__asm__" | "__asm" => {
                self.advance();
                while ["volatile", "__volatile__", "inline", "__inline__", "goto"]
                    .contains(&self.text(self.peek()))
                {
                    self.advance();
                }
                if !self.is(sym!("(")) {
                    self.error_here("expected '(' after 'asm'");
                    return Err(Reported);
                }
                self.skip_balanced();
                self.expect(sym!(";"))?;
                StmtKind::Asm
            }
            "goto" => {
                self.advance();
                let (n, _) = self.expect_ident()?;
                self.expect(sym!(";"))?;
                StmtKind::Goto(n)
            }
            "try" => {
                self.advance();
                let body = Box::new(self.parse_compound()?);
                let mut handlers = vec![];
                while self.eat(sym!("catch")) {
                    self.expect(sym!("("))?;
                    let var = if self.eat(sym!("...")) {
                        None
                    } else {
                        let vsp = self.span();
                        let ds = self.parse_decl_specs_in(SpecsPlace::Parameter, None);
                        let base = ds?.ty.ok_or(Reported)?;
                        let d = self.parse_declarator(base, false)?;
                        d.name.map(|n| {
                            Rc::new(VarDecl {
                                name: n.last().ident.clone(),
                                qualified: None,
                                ty: d.ty,
                                init: None,
                                is_static: false,
                                is_extern: false,
                                is_constexpr: false,
                                is_inline: false,
                                template: None,
                                attrs: Attributes::default(),
                                span: vsp,
                                name_span: n.span,
                                bit_width: None,
                            })
                        })
                    };
                    self.expect(sym!(")"))?;
                    let h = self.parse_compound()?;
                    handlers.push((var, h));
                }
                StmtKind::Try { body, handlers }
            }
            _ if self.is_ident() && self.is_at(1, sym!(":")) && !self.is_at(1, sym!("::")) => {
                let (n, _) = self.expect_ident()?;
                self.advance();
                let s = self.parse_statement()?;
                StmtKind::Label(n, Box::new(s))
            }
            _ => {
                if self.is_declaration_start() {
                    let d = self.parse_declaration(Context::Block).ok_or(Reported)?;
                    StmtKind::Decl(d)
                } else {
                    let e = self.parse_expr()?;
                    self.expect(sym!(";"))?;
                    StmtKind::Expr(e)
                }
            }
        };
        Ok(Stmt {
            kind,
            span: start.to(self.prev_span()),
        })
    }

    fn is_declaration_start(&self) -> bool {
        let s = self.text(self.peek());
        if matches!(
            s,
            "static"
                | "extern"
                | "typedef"
                | "using"
                | "constexpr"
                | "static_assert"
                | "class"
                | "struct"
                | "union"
                | "enum"
                | "template"
                | "thread_local"
                | "__thread"
                | "register"
                | "inline"
                | "namespace"
        ) || (self.concepts && matches!(s, "consteval" | "constinit"))
        {
            return true;
        }
        if !self.starts_type() {
            return false;
        }
        // `T(x)` / `T{...}` at statement start is a functional cast expression
        // unless followed by a declarator name: `range<1> r(...)` is a declaration.
        !self.functional_cast_ahead()
    }

    /// Is the parenthesized group opening at lookahead `i` call arguments
    /// (a top-level `,` inside, or after it a token no declarator is
    /// followed by: `.`, `->`, `+=`, `++`...) rather than a parenthesized
    /// declarator?
    fn call_arguments_at(&self, i: usize) -> bool {
        let mut depth = 0i32;
        let mut j = i;
        loop {
            match self.text(self.peek_at(j)) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth -= 1;
                    if depth == 0 {
                        // What may follow `(*name)` in a declaration.
                        return !matches!(
                            self.text(self.peek_at(j + 1)),
                            "(" | "[" | "=" | "{" | "," | ";" | ")" | ""
                        );
                    }
                }
                "," if depth == 1 => return true,
                "" | ";" => return false,
                _ => {}
            }
            j += 1;
        }
    }

    /// After a type that starts here: is the next token `(`/`{`/`::` (an expression)?
    fn functional_cast_ahead(&self) -> bool {
        let mut i = 0;
        // skip specifiers and the type name
        let mut depth = 0i32;
        if self.is(sym!("decltype")) || matches!(self.text(self.peek()), "__typeof__" | "__typeof")
        {
            // Skip `decltype(...)`: what follows decides.
            let mut d = 0i32;
            i = 1;
            loop {
                match self.text(self.peek_at(i)) {
                    "(" => d += 1,
                    ")" => {
                        d -= 1;
                        if d <= 0 {
                            break;
                        }
                    }
                    "" => return false,
                    _ => {}
                }
                i += 1;
            }
            i += 1;
        }
        loop {
            let t = self.peek_at(i);
            let s = self.text(t);
            // `typename decltype(e)::type x`: skip the decltype-specifier.
            if depth == 0 && s == "decltype" && self.is_at(i + 1, sym!("(")) {
                let mut d = 0i32;
                i += 1;
                loop {
                    match self.text(self.peek_at(i)) {
                        "(" => d += 1,
                        ")" => {
                            d -= 1;
                            if d <= 0 {
                                break;
                            }
                        }
                        "" => return false,
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
                continue;
            }
            if depth == 0
                && i > 0
                && s == "("
                && (matches!(self.text(self.peek_at(i + 1)), "*" | "&")
                    || self.member_pointer_ahead(i + 1).is_some())
            {
                // `T (*name)(...)`, `T (C::*name)(...)`: a function pointer,
                // member pointer or array reference declarator, unless the
                // parentheses hold a list or are followed by a member access
                // (`T(*p, q).load()`).
                return self.call_arguments_at(i);
            }
            if depth == 0 {
                if s == "(" || s == "{" || s == "." || s == "->" || s == "=" || s == ";" {
                    return matches!(s, "(" | "{" | "." | "->");
                }
                if t.kind == crate::front::token::TokenKind::Ident && i > 0 {
                    let prev = self.text(self.peek_at(i - 1));
                    if prev != "::"
                        && prev != "<"
                        && prev != ","
                        // A name after `const`, `typename`... is the type's;
                        // after `unsigned`, `long`... it is the declarator's.
                        && !(prev == "const"
                            || prev == "typename"
                            || prev == "struct"
                            || prev == "class"
                            || prev == "volatile"
                            || prev == "static")
                    {
                        return false;
                    }
                }
                if s == "*" || s == "&" || s == "&&" {
                    return false;
                }
            }
            match s {
                "<" => depth += 1,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                "" => return false,
                _ => {}
            }
            i += 1;
            if i > 64 {
                return false;
            }
        }
    }

    fn parse_for_rest(&mut self, start: crate::source::Span) -> PResult<Stmt> {
        // init-statement or range declaration
        let init = if self.eat(sym!(";")) {
            None
        } else if self.is_declaration_start() {
            let dstart = self.span();
            let ds = self.parse_decl_specs(None)?;
            if self.structured_binding_ahead(&ds) {
                let (ty, names) = self.parse_structured_binding_head(&ds)?;
                if self.eat(sym!(":")) {
                    return self.parse_range_for_binding(start, dstart, ty, names);
                }
                let decls = self.finish_structured_binding(&ds, dstart, ty, names)?;
                self.expect(sym!(";"))?;
                return self.parse_for_after_init(
                    start,
                    Some(Box::new(Stmt {
                        kind: StmtKind::Decl(decls),
                        span: dstart.to(self.prev_span()),
                    })),
                );
            }
            let base = ds.ty.clone().ok_or_else(|| {
                self.error_here("expected a type");
                Reported
            })?;
            let d = self.parse_declarator(base.clone(), false)?;
            if self.eat(sym!(":")) {
                let name = d.name.ok_or(Reported)?;
                let var = Rc::new(VarDecl {
                    name: name.last().ident.clone(),
                    qualified: None,
                    ty: d.ty,
                    init: None,
                    is_static: false,
                    is_extern: false,
                    is_constexpr: false,
                    is_inline: false,
                    template: None,
                    attrs: Attributes::default(),
                    span: dstart.to(self.prev_span()),
                    name_span: name.span,
                    bit_width: None,
                });
                self.declare_name(&var.name, NameKind::Value);
                let range = self.parse_range_initializer()?;
                self.expect(sym!(")"))?;
                let body = Box::new(self.parse_statement()?);
                return Ok(Stmt {
                    kind: StmtKind::RangeFor {
                        init: None,
                        var,
                        range,
                        body,
                    },
                    span: start.to(self.prev_span()),
                });
            }
            // ordinary declaration: finish the init-declarator list
            let mut decls = vec![];
            let mut cur = d;
            loop {
                let name = cur.name.clone().ok_or_else(|| {
                    self.error_here("expected a variable name");
                    Reported
                })?;
                let init = self.parse_initializer()?;
                self.declare_name(&name.last().ident, NameKind::Value);
                decls.push(Decl::Var(Rc::new(VarDecl {
                    name: name.last().ident.clone(),
                    qualified: None,
                    ty: cur.ty.clone(),
                    init,
                    is_static: ds.is_static,
                    is_extern: false,
                    is_constexpr: ds.is_constexpr,
                    is_inline: false,
                    template: None,
                    attrs: Attributes::default(),
                    span: dstart.to(self.prev_span()),
                    name_span: name.span,
                    bit_width: None,
                })));
                if !self.eat(sym!(",")) {
                    break;
                }
                cur = self.parse_declarator(base.clone(), false)?;
            }
            self.expect(sym!(";"))?;
            Some(Box::new(Stmt {
                kind: StmtKind::Decl(decls),
                span: dstart.to(self.prev_span()),
            }))
        } else {
            let sp = self.span();
            let e = self.parse_expr()?;
            self.expect(sym!(";"))?;
            Some(Box::new(Stmt {
                kind: StmtKind::Expr(e),
                span: sp.to(self.prev_span()),
            }))
        };
        self.parse_for_after_init(start, init)
    }

    /// `for (auto [k, v] : range) body` is read as
    /// `for (auto __for_binding : range) { auto&& [k, v] = __for_binding; body }`:
    /// the hidden variable is the binding's object, the names its parts.
    fn parse_range_for_binding(
        &mut self,
        start: crate::source::Span,
        dstart: crate::source::Span,
        ty: TypeExpr,
        names: BindingNames,
    ) -> PResult<Stmt> {
        let hidden: Rc<str> = Rc::from("__for_binding");
        let head_span = dstart.to(self.prev_span());
        let var = Rc::new(var_decl(&hidden, ty, None, head_span));
        self.declare_name(&hidden, NameKind::Value);
        let range = self.parse_range_initializer()?;
        self.expect(sym!(")"))?;
        for (n, _) in &names {
            self.declare_name(n, NameKind::Value);
        }
        let body = self.parse_statement()?;
        let forwarding = TypeExpr::plain(
            TypeExprKind::RRef(Box::new(TypeExpr::plain(TypeExprKind::Auto, head_span))),
            head_span,
        );
        let binding = Decl::StructuredBinding(Rc::new(StructuredBinding {
            names,
            ty: forwarding,
            init: Initializer::Assign(name(&hidden, head_span)),
            is_static: false,
            span: head_span,
        }));
        let body_span = body.span;
        Ok(Stmt {
            kind: StmtKind::RangeFor {
                init: None,
                var,
                range,
                body: Box::new(Stmt {
                    kind: StmtKind::Compound(vec![
                        Stmt {
                            kind: StmtKind::Decl(vec![binding]),
                            span: head_span,
                        },
                        body,
                    ]),
                    span: body_span,
                }),
            },
            span: start.to(self.prev_span()),
        })
    }

    /// The range of a range-based `for`: an expression or a braced list.
    fn parse_range_initializer(&mut self) -> PResult<Expr> {
        if self.is(sym!("{")) {
            let sp = self.span();
            let l = self.parse_brace_list()?;
            Ok(Expr {
                kind: ExprKind::InitList(l),
                span: sp.to(self.prev_span()),
            })
        } else {
            self.parse_expr()
        }
    }

    /// The condition, step and body of a `for` after its init-statement.
    fn parse_for_after_init(
        &mut self,
        start: crate::source::Span,
        init: Option<Box<Stmt>>,
    ) -> PResult<Stmt> {
        if init.is_some() && self.is_declaration_start() && self.range_colon_ahead() {
            // `for (init; decl : range)` (C++20, accepted as an extension).
            let mut st = self.nested(|p| p.parse_for_rest(start))?;
            if let StmtKind::RangeFor { init: slot, .. } = &mut st.kind {
                *slot = init;
            }
            return Ok(st);
        }
        let cond = if self.is(sym!(";")) {
            None
        } else {
            Some(Box::new(self.parse_condition()?))
        };
        self.expect(sym!(";"))?;
        let step = if self.is(sym!(")")) {
            None
        } else {
            Some(self.parse_expr()?)
        };
        self.expect(sym!(")"))?;
        let body = Box::new(self.parse_statement()?);
        Ok(Stmt {
            kind: StmtKind::For {
                init,
                cond,
                step,
                body,
            },
            span: start.to(self.prev_span()),
        })
    }

    /// A `:` at this nesting level before the next `;` or `)`: a range-for declaration.
    fn range_colon_ahead(&self) -> bool {
        let mut depth = 0i32;
        let mut i = 0;
        loop {
            let t = self.peek_at(i);
            if t.kind == crate::front::token::TokenKind::Eof {
                return false;
            }
            match self.text(t) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" if depth == 0 => return false,
                ")" | "]" | "}" => depth -= 1,
                ";" if depth == 0 => return false,
                ":" if depth == 0 => return true,
                _ => {}
            }
            i += 1;
        }
    }

    /// `if (init; cond)` support.
    fn parse_condition_with_init(&mut self) -> PResult<(Option<Box<Stmt>>, Stmt)> {
        let save = self.pos;
        // Try: a declaration or expression followed by ';'
        if self.condition_declaration_ahead() {
            let cond = self.parse_condition()?;
            if self.eat(sym!(";")) {
                let c = self.parse_condition()?;
                return Ok((Some(Box::new(cond)), c));
            }
            return Ok((None, cond));
        }
        let _ = save;
        let sp = self.span();
        let e = self.parse_expr()?;
        if self.eat(sym!(";")) {
            let init = Stmt {
                kind: StmtKind::Expr(e),
                span: sp.to(self.prev_span()),
            };
            let c = self.parse_condition()?;
            return Ok((Some(Box::new(init)), c));
        }
        Ok((
            None,
            Stmt {
                kind: StmtKind::Expr(e),
                span: sp.to(self.prev_span()),
            },
        ))
    }

    /// Whether a condition (or the statement before it) is a declaration:
    /// it starts like one and its declaration specifiers are followed by a
    /// declarator (`T x = ...`, `T *p = ...`, `auto [a, b] = ...`), not by
    /// what ends an expression (`if constexpr (detail::is_floating_point<T>)`,
    /// a variable template the parser takes for a type of another namespace).
    fn condition_declaration_ahead(&mut self) -> bool {
        if !self.is_declaration_start() {
            return false;
        }
        let mut declares = false;
        // Always put the position back: the caller parses it for real.
        self.speculate(|p| {
            declares = p.parse_decl_specs(None).is_ok()
                && (p.is_ident()
                    || [
                        sym!("*"),
                        sym!("&"),
                        sym!("&&"),
                        sym!("["),
                        sym!("::"),
                        sym!("("),
                    ]
                    .iter()
                    .any(|&s| p.is(s)));
            None::<()>
        });
        declares
    }

    /// A condition: an expression or a declaration with an initializer.
    fn parse_condition(&mut self) -> PResult<Stmt> {
        let sp = self.span();
        if self.condition_declaration_ahead() {
            let ds = self.parse_decl_specs(None)?;
            if self.structured_binding_ahead(&ds) {
                // `if (auto [a, b] = f(); a < b)`: the init-statement.
                let (ty, names) = self.parse_structured_binding_head(&ds)?;
                let decls = self.finish_structured_binding(&ds, sp, ty, names)?;
                return Ok(Stmt {
                    kind: StmtKind::Decl(decls),
                    span: sp.to(self.prev_span()),
                });
            }
            let base = ds.ty.ok_or(Reported)?;
            let d = self.parse_declarator(base, false)?;
            let name = d.name.ok_or(Reported)?;
            let init = self.parse_initializer()?;
            self.declare_name(&name.last().ident, NameKind::Value);
            let v = VarDecl {
                name: name.last().ident.clone(),
                qualified: None,
                ty: d.ty,
                init,
                is_static: false,
                is_extern: false,
                is_constexpr: false,
                is_inline: false,
                template: None,
                attrs: Attributes::default(),
                span: sp.to(self.prev_span()),
                name_span: name.span,
                bit_width: None,
            };
            return Ok(Stmt {
                kind: StmtKind::Decl(vec![Decl::Var(Rc::new(v))]),
                span: sp.to(self.prev_span()),
            });
        }
        let e = self.parse_expr()?;
        Ok(Stmt {
            kind: StmtKind::Expr(e),
            span: sp.to(self.prev_span()),
        })
    }
}
