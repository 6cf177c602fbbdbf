//! Declarations: namespaces, templates, classes, enums, functions, variables,
//! aliases, using-declarations and static assertions.

use super::names::{NameKind, NameLookup};
use super::types::DeclSpecs;
use super::{PResult, Parser, Reported, SpecsPlace};
use crate::front::ast::*;
use crate::front::token::sym;
use crate::front::token::TokenKind;
use std::rc::Rc;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Context<'a> {
    Namespace,
    Class(&'a str),
    Block,
}

impl Parser<'_> {
    /// Parse one declaration (possibly several declarators). `None` after
    /// an error that was recovered from.
    pub(crate) fn parse_declaration(&mut self, ctx: Context) -> Option<Vec<Decl>> {
        // `class K` first named inside a namespace-scope declaration (a
        // template argument: `using p = pipe<class K, int>;`, also in a
        // class member's) declares K in the namespace, before it.
        let outer_class_decls = match ctx {
            Context::Namespace => Some(self.block_class_decls.replace(vec![])),
            Context::Class(_) | Context::Block => None,
        };
        let parsed = self.parse_declaration_inner(ctx, None);
        let parsed = match outer_class_decls {
            Some(outer) => {
                let class_decls = std::mem::replace(&mut self.block_class_decls, outer);
                parsed.map(|d| {
                    class_decls
                        .unwrap_or_default()
                        .into_iter()
                        .chain(d)
                        .collect()
                })
            }
            None => parsed,
        };
        match parsed {
            Ok(d) => Some(d),
            Err(Reported) => {
                self.recover_to_semi();
                // A stray `)` or `]` can close nothing at namespace scope:
                // skip it (and a `;` after it) instead of cascading.
                if ctx == Context::Namespace && (self.is(sym!(")")) || self.is(sym!("]"))) {
                    self.advance();
                    self.eat(sym!(";"));
                }
                None
            }
        }
    }

    fn parse_declaration_inner(
        &mut self,
        ctx: Context,
        template: Option<TemplateHeader>,
    ) -> PResult<Vec<Decl>> {
        if self.eat(sym!(";")) {
            return Ok(vec![]);
        }
        if self.is(sym!("template")) {
            return self.parse_template_declaration(ctx, None);
        }
        if self.is(sym!("namespace"))
            || (self.is(sym!("inline")) && self.is_at(1, sym!("namespace")))
        {
            return self.nested(|p| p.parse_namespace());
        }
        if self.is(sym!("extern")) && self.is_at(1, sym!("template")) {
            let sp = self.span();
            self.advance();
            return self.parse_template_declaration(ctx, Some(sp));
        }
        if self.is(sym!("extern")) && self.peek_at(1).kind == TokenKind::String {
            return self.nested(|p| p.parse_linkage_spec(ctx));
        }
        if let Some(attrs) = self.attributes_before_linkage_spec() {
            // `SYCL_EXTERNAL extern "C" double f(double);`: as in g++ and
            // clang, the attributes belong to the one declaration.
            self.carried_attributes = attrs;
            return self.nested(|p| p.parse_linkage_spec(ctx));
        }
        if self.is(sym!("static_assert")) {
            let sp = self.span();
            self.advance();
            self.expect(sym!("("))?;
            let e = self.parse_assignment_expr()?;
            let message = if self.eat(sym!(",")) {
                Some(Box::new(self.parse_assignment_expr()?))
            } else {
                None
            };
            self.expect(sym!(")"))?;
            self.expect(sym!(";"))?;
            return Ok(vec![Decl::StaticAssert(
                Box::new(e),
                message,
                sp.to(self.prev_span()),
            )]);
        }
        if self.is(sym!("using")) {
            return self.parse_using(template);
        }
        if let Context::Class(_) = ctx {
            if (self.is(sym!("public")) || self.is(sym!("private")) || self.is(sym!("protected")))
                && self.is_at(1, sym!(":"))
            {
                // handled by the class body loop
                self.error_here("unexpected access specifier");
                return Err(Reported);
            }
        }
        let class_name = match ctx {
            Context::Class(n) => Some(n),
            _ => None,
        };
        if self.deduction_guide_ahead() {
            return self.parse_deduction_guide(template);
        }
        let start = self.span();
        let place = match ctx {
            Context::Block => SpecsPlace::Block,
            Context::Namespace | Context::Class(_) => SpecsPlace::OutsideBlocks,
        };
        let ds = self.parse_decl_specs_in(place, class_name)?;
        if ds.is_friend {
            let decls = if self.eat(sym!(";")) {
                ds.tag_decl.into_iter().collect()
            } else {
                self.parse_declarators(ctx, template, &ds, start)?
            };
            let span = start.to(self.prev_span());
            let mut out: Vec<Decl> = decls
                .into_iter()
                .map(|d| Decl::Friend(Box::new(d), span))
                .collect();
            if out.is_empty() {
                // `friend T;` of a type that is not a class being declared.
                out.push(Decl::Friend(Box::new(Decl::Empty), span));
            }
            return Ok(out);
        }
        if self.eat(sym!(";")) {
            // `class X;`, `struct X { ... };`, `enum E { ... };`
            return Ok(ds.tag_decl.into_iter().collect());
        }
        if self.structured_binding_ahead(&ds) {
            return self.parse_structured_binding(&ds, start);
        }
        self.parse_declarators(ctx, template, &ds, start)
    }

    /// The init-declarator list after the decl-specifiers, through the `;`
    /// (or a function body). The tag declared in the specifiers comes first.
    fn parse_declarators(
        &mut self,
        ctx: Context,
        template: Option<TemplateHeader>,
        ds: &DeclSpecs,
        start: crate::source::Span,
    ) -> PResult<Vec<Decl>> {
        // Usually one declaration (a `Vec` would start with room for four).
        let mut out: Vec<Decl> = Vec::with_capacity(1);
        out.extend(ds.tag_decl.clone());
        // `typedef struct { ... } Name;`: the class takes the typedef's
        // name (C++ [dcl.typedef]/9); later declarators use that name.
        let mut unnamed_class = match &ds.tag_decl {
            Some(Decl::Class(c)) if ds.is_typedef && c.name.is_none() && c.members.is_some() => {
                Some(c.clone())
            }
            _ => None,
        };
        let mut base = ds.ty.clone().unwrap_or_else(|| {
            TypeExpr::plain(
                TypeExprKind::Builtin(BuiltinSpec {
                    void: true,
                    ..Default::default()
                }),
                start,
            )
        });
        // `union { ... } value;`: the unnamed class gets a name of its own
        // (unique per definition) that its declarators' type refers to.
        if let Some(Decl::Class(c)) = &ds.tag_decl {
            if !ds.is_typedef && c.name.is_none() && c.members.is_some() && !self.is(sym!(";")) {
                let key = match c.key {
                    ClassKey::Union => "union",
                    ClassKey::Class => "class",
                    ClassKey::Struct => "struct",
                };
                let name: Rc<str> = Rc::from(format!(
                    "(unnamed {key} at {}:{})",
                    c.span.file.0, c.span.lo
                ));
                out[0] = Decl::Class(Rc::new(ClassDecl {
                    name: Some(name.clone()),
                    ..(**c).clone()
                }));
                base.kind = TypeExprKind::Named(QualName::simple(name, c.span));
            }
        }
        // `typedef enum { ... } Mode;` / `enum { A, B } value;`: the unnamed
        // enum takes the typedef's name (as a class does), else a name of its
        // own, so that its declarators have a type.
        let mut typedef_named_enum = None;
        if let Some(Decl::Enum(e)) = &ds.tag_decl {
            if e.name.is_none() && !e.scoped && !self.is(sym!(";")) {
                let name: Rc<str> = match (ds.is_typedef, self.peek().kind) {
                    (true, TokenKind::Ident) => Rc::from(self.text(self.peek())),
                    _ => Rc::from(format!("(unnamed enum at {}:{})", e.span.file.0, e.span.lo)),
                };
                if ds.is_typedef {
                    typedef_named_enum = Some(name.clone());
                }
                out[0] = Decl::Enum(Rc::new(EnumDecl {
                    name: Some(name.clone()),
                    ..(**e).clone()
                }));
                base.kind = TypeExprKind::Named(QualName::simple(name, e.span));
            }
        }
        let is_ctor_like = ds.ty.is_none();
        if ds.tag_decl.is_some() && self.missing_semi_after_tag() {
            // `struct S { ... }` then a new declaration on the next line.
            let prev = self.prev_span();
            let at = crate::source::Span::new(prev.file, prev.hi, prev.hi);
            let kind = (0..self.pos)
                .rev()
                .map(|i| self.token(i))
                .find(|t| {
                    t.is(sym!("struct"))
                        || t.is(sym!("class"))
                        || t.is(sym!("union"))
                        || t.is(sym!("enum"))
                })
                .map_or("class".to_string(), |t| self.text(t).to_string());
            let d = crate::diag::Diagnostic::error(at, format!("expected ';' after {kind}"))
                .with_fixit(at, ";");
            self.report(d);
            return Ok(out);
        }
        loop {
            let d = self.parse_declarator(base.clone(), false)?;
            if let (true, Some(func), Some(name)) = (ds.is_typedef, &d.func, &d.name) {
                // `typedef void write_func(void *, int);`: a function type.
                let ident = name.last().ident.clone();
                self.declare_name(&ident, NameKind::Type);
                if ctx != Context::Block {
                    self.declare_global_name(&ident, NameKind::Type);
                }
                let ret = func.trailing.clone().unwrap_or(d.ty);
                let function =
                    TypeExprKind::Function(Box::new(ret), func.params.clone(), func.variadic);
                out.push(Decl::Alias(Rc::new(AliasDecl {
                    name: ident,
                    ty: TypeExpr::plain(function, d.span),
                    template: None,
                    attrs: Attributes::default(),
                    type_attrs: Attributes::default(),
                    span: start.to(self.prev_span()),
                })));
                if !self.eat(sym!(",")) {
                    break;
                }
                continue;
            }
            if let Some(func) = d.func {
                let Some(name) = d.name.clone() else {
                    self.error_at(d.span, "expected a function name");
                    return Err(Reported);
                };
                let f = self.parse_function_rest(
                    ds,
                    name,
                    d.ty,
                    func,
                    template.clone(),
                    ctx,
                    is_ctor_like,
                    start,
                )?;
                let is_def = f.body.is_some() || self.pending_body_pos.is_some();
                out.push(Decl::Function(Rc::new(f)));
                if is_def {
                    return Ok(out);
                }
            } else if d.name.is_none() && self.is(sym!(":")) && !ds.is_typedef {
                // An unnamed bit-field: `unsigned : 0;`
                self.advance();
                let width = self.parse_assignment_expr()?;
                out.push(Decl::Var(Rc::new(VarDecl {
                    name: Rc::from(""),
                    qualified: None,
                    ty: d.ty,
                    init: None,
                    is_static: false,
                    is_extern: false,
                    is_constexpr: false,
                    is_inline: false,
                    template: None,
                    attrs: ds.attrs.clone(),
                    span: start.to(self.prev_span()),
                    name_span: d.span,
                    bit_width: Some(width),
                })));
            } else {
                let Some(name) = d.name.clone() else {
                    self.error_at(d.span, "expected a name in declaration");
                    return Err(Reported);
                };
                let ident = name.last().ident.clone();
                let name_span = name.span;
                let names_unnamed_class = unnamed_class.is_some()
                    && matches!(&d.ty.kind, TypeExprKind::Named(q) if q.is_simple() && q.last().ident.as_ref() == "<anonymous>");
                if ds.is_typedef && names_unnamed_class {
                    self.declare_name(&ident, NameKind::Type);
                    if ctx != Context::Block {
                        self.declare_global_name(&ident, NameKind::Type);
                    }
                    if let Some(c) = unnamed_class.take() {
                        // `typedef struct { short id; } Header;`: a class derived from
                        // Header inherits `id` too.
                        if let Some(members) = &c.members {
                            self.record_class_values(&ident, members, vec![]);
                        }
                        out[0] = Decl::Class(Rc::new(ClassDecl {
                            name: Some(ident.clone()),
                            ..(*c).clone()
                        }));
                    }
                    base = TypeExpr::plain(
                        TypeExprKind::Named(QualName::simple(ident, name_span)),
                        name_span,
                    );
                } else if ds.is_typedef {
                    self.declare_name(&ident, NameKind::Type);
                    if ctx != Context::Block {
                        self.declare_global_name(&ident, NameKind::Type);
                    }
                    let names_the_enum = typedef_named_enum.as_ref() == Some(&ident)
                        && matches!(&d.ty.kind, TypeExprKind::Named(q) if q.is_simple() && q.last().ident == ident);
                    if names_the_enum {
                        // The enum itself took this name.
                        typedef_named_enum = None;
                    } else {
                        let mut attrs = ds.attrs.clone();
                        attrs.list.extend(d.attrs.list.iter().cloned());
                        out.push(Decl::Alias(Rc::new(AliasDecl {
                            name: ident,
                            ty: d.ty,
                            template: None,
                            attrs,
                            type_attrs: Attributes::default(),
                            span: start.to(self.prev_span()),
                        })));
                    }
                } else {
                    let mut attrs = ds.attrs.clone();
                    attrs.list.extend(d.attrs.list.iter().cloned());
                    let bit_width = if self.eat(sym!(":")) {
                        let width = self.parse_assignment_expr()?;
                        // `unsigned b : 30 __attribute__((packed));`
                        self.parse_attributes(&mut attrs);
                        Some(width)
                    } else {
                        None
                    };
                    let init = self.parse_initializer()?;
                    self.declare_name(&ident, NameKind::Value);
                    out.push(Decl::Var(Rc::new(VarDecl {
                        name: ident,
                        // `S::member`, or a variable template's
                        // specialization `is_box_v<Box<W>>`.
                        qualified: if name.parts.len() > 1 || name.last().template_args.is_some() {
                            Some(name.clone())
                        } else {
                            None
                        },
                        ty: d.ty,
                        init,
                        is_static: ds.is_static,
                        is_extern: ds.is_extern,
                        is_constexpr: ds.is_constexpr,
                        is_inline: ds.is_inline,
                        template: template.clone(),
                        attrs,
                        span: start.to(self.prev_span()),
                        name_span,
                        bit_width,
                    })));
                }
            }
            if !self.eat(sym!(",")) {
                break;
            }
        }
        self.expect(sym!(";"))?;
        Ok(out)
    }

    /// `[explicit] Name(params) -> type;` where `Name` is a class template.
    fn deduction_guide_ahead(&self) -> bool {
        let mut i = 0;
        if self.is_at(0, sym!("explicit")) {
            i = 1;
        }
        let t = self.peek_at(i);
        if t.kind != TokenKind::Ident
            || t.sym.is_keyword()
            || self.names.lookup(t.sym) != Some(NameKind::TypeTemplate)
            || !self.is_at(i + 1, sym!("("))
        {
            return false;
        }
        let mut depth = 0i32;
        let mut j = i + 1;
        loop {
            let t = self.peek_at(j);
            if t.kind == TokenKind::Eof {
                return false;
            }
            match self.text(t) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth -= 1;
                    if depth == 0 {
                        return self.is_at(j + 1, sym!("->"));
                    }
                }
                _ => {}
            }
            j += 1;
        }
    }

    fn parse_deduction_guide(&mut self, template: Option<TemplateHeader>) -> PResult<Vec<Decl>> {
        let start = self.span();
        let is_explicit = self.eat(sym!("explicit"));
        let (name, _) = self.expect_ident()?;
        let (params, variadic) = self.parse_params()?;
        self.expect(sym!("->"))?;
        let result = self.parse_type_id()?;
        self.expect(sym!(";"))?;
        Ok(vec![Decl::DeductionGuide(Rc::new(DeductionGuide {
            name,
            template,
            params,
            variadic,
            result,
            is_explicit,
            span: start.to(self.prev_span()),
        }))])
    }

    /// `auto [`, `auto& [`, `auto&& [` (cv-qualifiers are in the specifiers).
    pub(crate) fn structured_binding_ahead(&self, ds: &DeclSpecs) -> bool {
        matches!(ds.ty.as_ref().map(|t| &t.kind), Some(TypeExprKind::Auto))
            && (self.is(sym!("["))
                || ((self.is(sym!("&")) || self.is(sym!("&&"))) && self.is_at(1, sym!("["))))
    }

    pub(crate) fn parse_structured_binding(
        &mut self,
        ds: &DeclSpecs,
        start: crate::source::Span,
    ) -> PResult<Vec<Decl>> {
        let (ty, names) = self.parse_structured_binding_head(ds)?;
        let decls = self.finish_structured_binding(ds, start, ty, names)?;
        self.expect(sym!(";"))?;
        Ok(decls)
    }

    /// The initializer after a structured binding's names.
    pub(crate) fn finish_structured_binding(
        &mut self,
        ds: &DeclSpecs,
        start: crate::source::Span,
        ty: TypeExpr,
        names: BindingNames,
    ) -> PResult<Vec<Decl>> {
        let Some(init) = self.parse_initializer()? else {
            self.error_here("a structured binding declaration needs an initializer");
            return Err(Reported);
        };
        for (n, _) in &names {
            self.declare_name(n, NameKind::Value);
        }
        Ok(vec![Decl::StructuredBinding(Rc::new(StructuredBinding {
            names,
            ty,
            init,
            is_static: ds.is_static,
            span: start.to(self.prev_span()),
        }))])
    }

    /// The declared type (`auto` with its reference) and the bracketed
    /// names of a structured binding, up to the initializer or `:`.
    pub(crate) fn parse_structured_binding_head(
        &mut self,
        ds: &DeclSpecs,
    ) -> PResult<(TypeExpr, BindingNames)> {
        let mut ty = ds.ty.clone().ok_or(Reported)?;
        if self.is(sym!("&")) || self.is(sym!("&&")) {
            let rref = self.bump_text() == "&&";
            let sp = ty.span.to(self.prev_span());
            let inner = Box::new(ty);
            ty = TypeExpr::plain(
                if rref {
                    TypeExprKind::RRef(inner)
                } else {
                    TypeExprKind::LRef(inner)
                },
                sp,
            );
        }
        self.expect(sym!("["))?;
        let mut names = vec![];
        loop {
            let (n, sp) = self.expect_ident()?;
            names.push((n, sp));
            if !self.eat(sym!(",")) {
                break;
            }
        }
        self.expect(sym!("]"))?;
        Ok((ty, names))
    }

    pub(crate) fn parse_initializer(&mut self) -> PResult<Option<Initializer>> {
        if self.eat(sym!("=")) {
            if self.is(sym!("{")) {
                let sp = self.span();
                let list = self.parse_brace_list()?;
                let sp = sp.to(self.prev_span());
                return Ok(Some(Initializer::Brace(list, sp, ListForm::Copy)));
            }
            return Ok(Some(Initializer::Assign(self.parse_assignment_expr()?)));
        }
        if self.is(sym!("(")) {
            let sp = self.span();
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
            return Ok(Some(Initializer::Paren(args, sp.to(self.prev_span()))));
        }
        if self.is(sym!("{")) {
            let sp = self.span();
            let list = self.parse_brace_list()?;
            let sp = sp.to(self.prev_span());
            return Ok(Some(Initializer::Brace(list, sp, ListForm::Direct)));
        }
        Ok(None)
    }

    pub(crate) fn parse_brace_list(&mut self) -> PResult<Vec<Expr>> {
        self.nested(|p| p.parse_brace_list_inner())
    }

    fn parse_brace_list_inner(&mut self) -> PResult<Vec<Expr>> {
        self.expect(sym!("{"))?;
        let mut list = vec![];
        while !self.is(sym!("}")) && !self.at_eof() {
            if self.is(sym!("{")) {
                let sp = self.span();
                let inner = self.parse_brace_list()?;
                list.push(Expr {
                    kind: ExprKind::InitList(inner),
                    span: sp.to(self.prev_span()),
                });
            } else if self.is(sym!(".")) && self.peek_at(1).kind == TokenKind::Ident {
                // designated initializer: `.field = value` / `.field{value}`
                let sp = self.span();
                self.advance();
                let field = self.bump_name();
                let value = if self.is(sym!("{")) {
                    let lsp = self.span();
                    let inner = self.parse_brace_list()?;
                    Expr {
                        kind: ExprKind::InitList(inner),
                        span: lsp.to(self.prev_span()),
                    }
                } else {
                    self.expect(sym!("="))?;
                    if self.is(sym!("{")) {
                        let lsp = self.span();
                        let inner = self.parse_brace_list()?;
                        Expr {
                            kind: ExprKind::InitList(inner),
                            span: lsp.to(self.prev_span()),
                        }
                    } else {
                        self.parse_assignment_expr()?
                    }
                };
                list.push(Expr {
                    kind: ExprKind::Designated(field, Box::new(value)),
                    span: sp.to(self.prev_span()),
                });
            } else {
                list.push(self.parse_assignment_expr()?);
            }
            self.wrap_pack_expansion(&mut list);
            if !self.eat(sym!(",")) {
                break;
            }
        }
        self.expect(sym!("}"))?;
        Ok(list)
    }

    #[allow(clippy::too_many_arguments)]
    fn parse_function_rest(
        &mut self,
        ds: &DeclSpecs,
        name: QualName,
        fty: TypeExpr,
        func: super::types::FuncSuffix,
        template: Option<TemplateHeader>,
        ctx: Context,
        is_ctor_like: bool,
        start: crate::source::Span,
    ) -> PResult<FunctionDecl> {
        let last = name.last().ident.clone();
        let class_ident = match ctx {
            Context::Class(c) => Some(c.to_string()),
            _ => name
                .parts
                .len()
                .checked_sub(2)
                .map(|i| name.parts[i].ident.to_string()),
        };
        let kind = if last.starts_with('~') {
            FunctionKind::Destructor
        } else if last.as_ref() == "operator conversion" {
            FunctionKind::Conversion
        } else if is_ctor_like && class_ident.as_deref() == Some(last.as_ref()) {
            FunctionKind::Constructor
        } else {
            FunctionKind::Normal
        };
        let ret = match (&func.trailing, fty.kind) {
            (Some(t), _) => t.clone(),
            (None, TypeExprKind::Function(r, _, _)) => *r,
            (None, _) => unreachable_type(start),
        };
        let ret = if kind == FunctionKind::Conversion {
            match &name.last().template_args {
                Some(args) => match args.first() {
                    Some(TemplateArg::Type(t)) => t.clone(),
                    _ => ret,
                },
                None => ret,
            }
        } else {
            ret
        };
        let mut params = func.params;
        let template = invent_auto_template_params(&mut params, template, start);
        let trailing_requires = func.requires;
        // Declare the name for later parsing.
        if name.parts.len() == 1 && kind == FunctionKind::Normal {
            let k = if template.is_some() {
                NameKind::FunctionTemplate
            } else {
                NameKind::Value
            };
            if let Context::Class(_) = ctx {
                if template.is_some() {
                    self.declare_member_template_name(&last);
                }
            } else {
                self.declare_name(&last, k);
            }
        }
        let mut f = FunctionDecl {
            name,
            kind,
            template,
            outer_templates: vec![],
            explicit_specialization: false,
            attrs: ds.attrs.clone(),
            ret,
            trailing_return: func.trailing.is_some(),
            params,
            variadic: func.variadic,
            is_static: ds.is_static,
            is_inline: ds.is_inline,
            is_constexpr: ds.is_constexpr,
            is_virtual: ds.is_virtual,
            is_explicit: ds.is_explicit,
            is_const: func.is_const,
            ref_qualifier: func.ref_qualifier,
            is_extern_c: false,
            is_pure: false,
            noexcept: func.noexcept,
            trailing_requires,
            deleted: false,
            defaulted: false,
            ctor_inits: vec![],
            body: None,
            span: start,
        };
        let mut attrs = Attributes::default();
        self.parse_attributes(&mut attrs);
        f.attrs.list.extend(attrs.list);
        if self.eat(sym!("=")) {
            if self.eat(sym!("delete")) {
                f.deleted = true;
            } else if self.eat(sym!("default")) {
                f.defaulted = true;
            } else if self.is(sym!("0")) {
                self.advance();
                f.is_pure = true;
            } else {
                self.error_here("expected 'delete', 'default' or '0'");
                return Err(Reported);
            }
            f.span = start.to(self.prev_span());
            return Ok(f);
        }
        if self.eat(sym!(":")) {
            loop {
                let sp = self.span();
                let n = self.parse_qual_name(true)?;
                let args = if self.is(sym!("{")) {
                    // `d{a, b}`: one braced list, which list-initializes the
                    // member (an array or aggregate) or calls a base's
                    // constructor with its items.
                    let lsp = self.span();
                    let items = self.parse_brace_list()?;
                    vec![Expr {
                        kind: ExprKind::InitList(items),
                        span: lsp.to(self.prev_span()),
                    }]
                } else {
                    self.expect(sym!("("))?;
                    let mut args = vec![];
                    while !self.is(sym!(")")) && !self.at_eof() {
                        args.push(self.parse_assignment_expr()?);
                        self.wrap_pack_expansion(&mut args);
                        if !self.eat(sym!(",")) {
                            break;
                        }
                    }
                    self.expect(sym!(")"))?;
                    args
                };
                let pack = self.eat(sym!("..."));
                f.ctor_inits.push(CtorInit {
                    name: n,
                    args,
                    span: sp.to(self.prev_span()),
                    pack,
                });
                if !self.eat(sym!(",")) {
                    break;
                }
            }
        }
        if self.is(sym!("{"))
            && matches!(ctx, Context::Class(_))
            && !self.deferred_bodies.is_empty()
        {
            // Parsed when the class is complete.
            let pos = self.pos;
            self.skip_balanced();
            self.pending_body_pos = Some(pos);
            f.span = start.to(self.prev_span());
            return Ok(f);
        }
        if self.is(sym!("{")) || self.is(sym!("try")) {
            self.eat(sym!("try"));
            self.names.push();
            if !matches!(ctx, Context::Class(_)) {
                self.declare_members_of_enclosing_class(class_ident.as_deref());
            }
            for p in &f.params {
                if let Some(n) = &p.name {
                    self.declare_name(n, NameKind::Value);
                }
            }
            let body = self.parse_compound();
            self.names.pop();
            while self.is(sym!("catch")) {
                self.advance();
                self.skip_balanced();
                self.skip_balanced();
            }
            f.body = Some(body?);
            f.span = start.to(self.prev_span());
            return Ok(f);
        }
        f.span = start.to(self.prev_span());
        Ok(f)
    }

    /// `template <...> decl`, or an explicit instantiation `[extern] template decl`
    /// (`extern_span` is where a leading `extern` was).
    fn parse_template_declaration(
        &mut self,
        ctx: Context,
        extern_span: Option<crate::source::Span>,
    ) -> PResult<Vec<Decl>> {
        let is_extern = extern_span.is_some();
        let start = extern_span.unwrap_or_else(|| self.span());
        self.advance(); // template
        if !self.is(sym!("<")) {
            // explicit instantiation: `template class X<int>;`
            let decls = self.parse_declaration_inner(ctx, None)?;
            let span = start.to(self.prev_span());
            return Ok(decls
                .into_iter()
                .map(|d| Decl::ExplicitInstantiation {
                    decl: Box::new(d),
                    is_extern,
                    span,
                })
                .collect());
        }
        if is_extern {
            self.error_here("expected an explicit instantiation after 'extern template'");
            return Err(Reported);
        }
        self.advance();
        self.names.push();
        let params = self.parse_template_params();
        let params = match params {
            Ok(p) => p,
            Err(e) => {
                self.names.pop();
                return Err(e);
            }
        };
        let r = self.expect_template_close();
        if r.is_err() {
            self.names.pop();
            return Err(Reported);
        }
        let (params, constraints) = params;
        // `template <typename T> requires C<T> ...`
        let requires = if self.at_requires() {
            match self.parse_requires_clause() {
                Ok(r) => Some(r),
                Err(e) => {
                    self.names.pop();
                    return Err(e);
                }
            }
        } else {
            None
        };
        self.finish_template_declaration(ctx, start, params, conjoin(constraints, requires))
    }

    /// The parameters of a template header, up to (not including) the closing
    /// `>`; each is declared in the current (header) scope. With them, the
    /// constraints their type-constraints make (`C<T>` for `C T`), joined.
    pub(crate) fn parse_template_params(
        &mut self,
    ) -> PResult<(Vec<TemplateParam>, Option<Rc<Expr>>)> {
        self.nested(|p| p.parse_template_params_inner())
    }

    fn parse_template_params_inner(&mut self) -> PResult<(Vec<TemplateParam>, Option<Rc<Expr>>)> {
        let mut params = vec![];
        let mut constraints = None;
        while !self.is(sym!(">")) && !self.at_eof() {
            let psp = self.span();
            if self.type_constraint_ahead() {
                // `C T`, `C<A>... Ts`, `C T = int`: a constrained type parameter.
                let constraint = self.parse_type_constraint()?;
                let pack = self.eat(sym!("..."));
                let name: Rc<str> = if self.is_ident() {
                    self.bump_name()
                } else {
                    // An unnamed parameter is constrained all the same.
                    Rc::from(format!("__syclone_constrained_{}", params.len()))
                };
                self.declare_name(&name, NameKind::Type);
                let default = if self.eat(sym!("=")) {
                    Some(self.parse_type_id()?)
                } else {
                    None
                };
                let c = super::constraints::type_constraint_expr(&constraint, &name, pack);
                constraints = conjoin(constraints, Some(Rc::new(c)));
                params.push(TemplateParam {
                    name: Some(name),
                    kind: TemplateParamKind::Type { default, pack },
                    span: psp.to(self.prev_span()),
                });
                if !self.eat(sym!(",")) {
                    break;
                }
                continue;
            }
            // `typename X::type = 0` (SFINAE) declares a value, not a type.
            let typename_specifier = self.is(sym!("typename"))
                && (self.is_at(1, sym!("::"))
                    || (self.peek_at(1).kind == TokenKind::Ident
                        && (self.is_at(2, sym!("::")) || self.is_at(2, sym!("<")))));
            if (self.is(sym!("typename")) || self.is(sym!("class"))) && !typename_specifier {
                self.advance();
                let pack = self.eat(sym!("..."));
                let name = if self.is_ident() {
                    Some(self.bump_name())
                } else {
                    None
                };
                if let Some(n) = &name {
                    self.declare_name(n, NameKind::Type);
                }
                let default = if self.eat(sym!("=")) {
                    Some(self.parse_type_id()?)
                } else {
                    None
                };
                params.push(TemplateParam {
                    name,
                    kind: TemplateParamKind::Type { default, pack },
                    span: psp.to(self.prev_span()),
                });
            } else if self.is(sym!("template")) {
                self.advance();
                self.expect(sym!("<"))?;
                self.names.push();
                let inner = self.parse_template_params();
                let close = inner.is_ok() && self.expect_template_close().is_ok();
                self.names.pop();
                let (inner, _constraints) = inner?;
                if !close {
                    return Err(Reported);
                }
                if !(self.eat(sym!("class")) || self.eat(sym!("typename"))) {
                    self.error_here(
                        "expected 'class' or 'typename' in a template template parameter",
                    );
                    return Err(Reported);
                }
                let pack = self.eat(sym!("..."));
                let name = if self.is_ident() {
                    Some(self.bump_name())
                } else {
                    None
                };
                if let Some(n) = &name {
                    self.declare_name(n, NameKind::TypeTemplate);
                }
                let default = if self.eat(sym!("=")) {
                    Some(self.parse_qual_name(false)?)
                } else {
                    None
                };
                params.push(TemplateParam {
                    name,
                    kind: TemplateParamKind::Template {
                        params: inner,
                        default,
                        pack,
                    },
                    span: psp.to(self.prev_span()),
                });
            } else {
                let ds = self.parse_decl_specs(None)?;
                let Some(base) = ds.ty else {
                    self.error_here("expected a template parameter");
                    return Err(Reported);
                };
                let pack = self.eat(sym!("..."));
                let d = self.parse_declarator(base, false)?;
                let pack = pack || d.pack;
                let name = d.name.map(|n| n.last().ident.clone());
                if let Some(n) = &name {
                    self.declare_name(n, NameKind::Value);
                }
                let default = if self.eat(sym!("=")) {
                    Some(self.parse_template_arg_expr()?)
                } else {
                    None
                };
                params.push(TemplateParam {
                    name,
                    kind: TemplateParamKind::NonType {
                        ty: d.ty,
                        default,
                        pack,
                    },
                    span: psp.to(self.prev_span()),
                });
            }
            if !self.eat(sym!(",")) {
                break;
            }
            if self.is(sym!(">")) {
                self.error_here("expected a template parameter");
            }
        }
        Ok((params, constraints))
    }

    /// After a template header: the templated declaration. Pops the header scope.
    fn finish_template_declaration(
        &mut self,
        ctx: Context,
        start: crate::source::Span,
        params: Vec<TemplateParam>,
        requires: Option<Rc<Expr>>,
    ) -> PResult<Vec<Decl>> {
        let header = TemplateHeader {
            params,
            requires,
            span: start.to(self.prev_span()),
        };
        if self.concepts && self.is(sym!("concept")) {
            let d = self.parse_concept_definition(header);
            self.names.pop();
            let d = d?;
            if let Decl::Concept(c) = &d {
                self.declare_name(&c.name, NameKind::Concept);
            }
            return Ok(vec![d]);
        }
        // Nested `template<...> template<...>` (member templates defined out of class).
        let result = if self.is(sym!("template")) {
            let inner = self.parse_template_declaration(ctx, None);
            let mut inner = match inner {
                Ok(d) => d,
                Err(e) => {
                    self.names.pop();
                    return Err(e);
                }
            };
            for d in &mut inner {
                if let Decl::Function(f) = d {
                    let nf = Rc::make_mut(f);
                    nf.outer_templates.insert(0, header.clone());
                }
            }
            Ok(inner)
        } else {
            self.template_header_pending = true;
            let decls = self.parse_declaration_inner(ctx, Some(header.clone()));
            self.template_header_pending = false;
            decls
        };
        self.names.pop();
        let mut decls = result?;
        // Re-declare template names in the enclosing scope now that the header scope is gone.
        let explicit_spec = header.params.is_empty();
        for d in &mut decls {
            match d {
                Decl::Class(c) => {
                    if let Some(n) = &c.name {
                        self.declare_type_name(n, true);
                    }
                    if c.template.is_none() {
                        let nc = Rc::make_mut(c);
                        nc.template = Some(header.clone());
                    }
                }
                Decl::Function(f) => {
                    let n = f.name.last().ident.clone();
                    if explicit_spec {
                        let nf = Rc::make_mut(f);
                        nf.explicit_specialization = true;
                        nf.template = None;
                    } else if f.name.parts.len() == 1 {
                        match ctx {
                            Context::Class(_) => self.declare_member_template_name(&n),
                            _ => self.declare_name(&n, NameKind::FunctionTemplate),
                        }
                    }
                }
                Decl::Alias(a) => {
                    let n = a.name.clone();
                    self.declare_type_name(&n, true);
                }
                // Variable templates take template arguments like function templates.
                Decl::Var(v) if !explicit_spec && v.qualified.is_none() => {
                    let n = v.name.clone();
                    self.declare_name(&n, NameKind::FunctionTemplate);
                }
                _ => {}
            }
        }
        Ok(decls)
    }

    /// `extern "C" declaration` and `extern "C" { ... }` (nests, so bounded).
    /// Attributes followed by `extern "C"` and a single declaration (not a
    /// braced list): what parsing them took, the parser left at `extern`.
    fn attributes_before_linkage_spec(&mut self) -> Option<Attributes> {
        let starts_attribute = (self.is(sym!("[")) && self.is_at(1, sym!("[")))
            || self.text(self.peek()) == "__attribute__";
        if !starts_attribute {
            return None;
        }
        self.speculate(|p| {
            let mut attrs = Attributes::default();
            p.parse_attributes(&mut attrs);
            let linkage = p.is(sym!("extern"))
                && p.peek_at(1).kind == TokenKind::String
                && !p.is_at(2, sym!("{"));
            linkage.then_some(attrs)
        })
    }

    fn parse_linkage_spec(&mut self, ctx: Context<'_>) -> PResult<Vec<Decl>> {
        self.advance();
        self.advance();
        if self.eat(sym!("{")) {
            let mut decls = vec![];
            while !self.is(sym!("}")) && !self.at_eof() {
                let before = self.pos;
                if let Some(d) = self.parse_declaration(ctx) {
                    decls.extend(d);
                }
                if self.pos == before {
                    self.advance();
                }
            }
            self.expect(sym!("}"))?;
            mark_extern_c(&mut decls);
            return Ok(vec![Decl::LinkageSpec(decls)]);
        }
        let mut decls = self.parse_declaration_inner(ctx, None)?;
        mark_extern_c(&mut decls);
        Ok(vec![Decl::LinkageSpec(decls)])
    }

    fn parse_namespace(&mut self) -> PResult<Vec<Decl>> {
        let start = self.span();
        let inline = self.eat(sym!("inline"));
        self.advance(); // namespace
        let mut names = vec![];
        while self.is_ident() {
            names.push(self.bump_name());
            if !self.eat(sym!("::")) {
                break;
            }
            self.eat(sym!("inline"));
        }
        let mut attrs = Attributes::default();
        self.parse_attributes(&mut attrs);
        if self.eat(sym!("=")) {
            // namespace alias
            let target = self.parse_qual_name(false)?;
            self.expect(sym!(";"))?;
            let Some(alias) = names.first() else {
                return Ok(vec![]);
            };
            self.declare_global_name(alias, NameKind::Namespace);
            return Ok(vec![Decl::NamespaceAlias(alias.clone(), target)]);
        }
        self.expect(sym!("{"))?;
        let mut decls = vec![];
        while !self.is(sym!("}")) && !self.at_eof() {
            let before = self.pos;
            if let Some(d) = self.parse_declaration(Context::Namespace) {
                decls.extend(d);
            }
            if self.pos == before {
                self.error_here("expected a declaration");
                self.advance();
            }
        }
        self.expect(sym!("}"))?;
        let span = start.to(self.prev_span());
        let mut decl = None;
        for (i, n) in names.iter().enumerate().rev() {
            let inner = match decl.take() {
                Some(d) => vec![d],
                None => std::mem::take(&mut decls),
            };
            decl = Some(Decl::Namespace(Rc::new(NamespaceDecl {
                name: Some(n.clone()),
                inline: inline && i == names.len() - 1,
                decls: inner,
                span,
            })));
        }
        if names.is_empty() {
            decl = Some(Decl::Namespace(Rc::new(NamespaceDecl {
                name: None,
                inline,
                decls,
                span,
            })));
        }
        for n in &names {
            self.declare_global_name(n, NameKind::Namespace);
        }
        Ok(decl.into_iter().collect())
    }

    fn parse_using(&mut self, template: Option<TemplateHeader>) -> PResult<Vec<Decl>> {
        let start = self.span();
        self.advance(); // using
        if self.eat(sym!("namespace")) {
            let n = self.parse_qual_name(false)?;
            self.expect(sym!(";"))?;
            return Ok(vec![Decl::UsingDirective(n)]);
        }
        if self.is_ident() && (self.is_at(1, sym!("=")) || self.alias_attributes_at(1)) {
            let (name, _) = self.expect_ident()?;
            // `using X [[gnu::aligned(8)]] = T;`
            let mut attrs = Attributes::default();
            self.parse_attributes(&mut attrs);
            self.expect(sym!("="))?;
            let (ty, type_attrs) = self.parse_type_id_with_attributes()?;
            self.expect(sym!(";"))?;
            self.declare_type_name(&name, template.is_some());
            return Ok(vec![Decl::Alias(Rc::new(AliasDecl {
                name,
                ty,
                template,
                attrs,
                type_attrs,
                span: start.to(self.prev_span()),
            }))]);
        }
        // `using typename Base<T>::value_type;` names a type of a dependent
        // base; `using Base<T>::f;` a member; C++17 lists several
        // (`using std::min, std::max;`).
        let mut decls = vec![];
        loop {
            let names_type = self.eat(sym!("typename"));
            let n = self.parse_qual_name(true)?;
            // `using Bases::operator()...;` (the pack is not kept).
            self.eat(sym!("..."));
            let last = n.last().ident.clone();
            // Without `typename`, a member of a class template's instance
            // (`using group_base<D>::type;`) is no type, whatever other
            // classes call `type`; `using Base<T>::Base;` names constructors.
            let qualifier = &n.parts[..n.parts.len() - 1];
            let dependent_value = qualifier.iter().any(|p| p.template_args.is_some())
                && qualifier.last().is_some_and(|p| p.ident != last);
            if names_type {
                self.declare_type_name(&last, false);
            } else if let Some(k) = self.names.lookup_global(self.symbol_of(&last)) {
                let k = match k {
                    NameKind::Type | NameKind::TypeTemplate if dependent_value => NameKind::Value,
                    k => k,
                };
                self.declare_name(&last, k);
            }
            decls.push(Decl::UsingDecl(n));
            if !self.eat(sym!(",")) {
                break;
            }
        }
        self.expect(sym!(";"))?;
        Ok(decls)
    }

    /// class-specifier or elaborated type specifier, at `class`/`struct`/`union`.
    pub(crate) fn parse_class_specifier(
        &mut self,
        attrs: Attributes,
    ) -> PResult<(TypeExpr, Option<Decl>)> {
        self.nested(|p| p.parse_class_specifier_inner(attrs))
    }

    fn parse_class_specifier_inner(
        &mut self,
        mut attrs: Attributes,
    ) -> PResult<(TypeExpr, Option<Decl>)> {
        let start = self.span();
        let key = match self.bump_text() {
            "class" => ClassKey::Class,
            "struct" => ClassKey::Struct,
            _ => ClassKey::Union,
        };
        // A class template's own name is a template inside its definition
        // (`node<T, N - 1> next() const;`); nested classes are not templates.
        let templated = std::mem::take(&mut self.template_header_pending);
        self.parse_attributes(&mut attrs);
        let mut name: Option<QualName> = None;
        let mut new_name = false;
        if self.is_ident() || self.is(sym!("::")) {
            // Declare first so `template<> struct X<...>` parses its args.
            let ident = self.peek().sym;
            // A class at namespace scope hidden by a function of the same
            // name (`class conv2D;` beside `void conv2D(...)`) is still what
            // an elaborated type specifier names.
            let hidden_class = matches!(
                self.names.lookup_global(ident),
                Some(NameKind::Type | NameKind::TypeTemplate)
            );
            new_name = !self.names.is_type(ident) && !hidden_class;
            let primary_template = templated && !self.is_at(1, sym!("<"));
            if primary_template && !self.is_at(1, sym!("::")) {
                self.names.declare(ident, NameKind::TypeTemplate);
            } else if !self.names.is_type(ident) && !self.is_at(1, sym!("::")) {
                self.names.declare(ident, NameKind::Type);
            }
            name = Some(self.parse_qual_name(true)?);
        }
        self.parse_attributes(&mut attrs);
        let name_span = name.as_ref().map(|n| n.span).unwrap_or(start);
        let ident = name.as_ref().map(|n| n.last().ident.clone());
        let spec_args = name.as_ref().and_then(|n| n.last().template_args.clone());
        let scope = name
            .as_ref()
            .filter(|n| n.parts.len() > 1)
            .map(|n| QualName {
                parts: n.parts[..n.parts.len() - 1].to_vec(),
                ..n.clone()
            });
        let is_final =
            self.is(sym!("final")) && (self.is_at(1, sym!("{")) || self.is_at(1, sym!(":")));
        if is_final {
            self.advance();
        }
        let is_def = self.is(sym!("{")) || self.is(sym!(":"));
        if !is_def {
            // Elaborated type specifier / forward declaration.
            let Some(n) = name else {
                self.error_here("expected a class name");
                return Err(Reported);
            };
            let ident = n.last().ident.clone();
            if !self.names.is_type(self.symbol_of(&ident)) {
                self.declare_type_name(&ident, false);
            }
            let ty = TypeExpr::plain(TypeExprKind::Named(n.clone()), n.span);
            let span = start.to(self.prev_span());
            let forward = |spec_args, elaborated| {
                Decl::Class(Rc::new(ClassDecl {
                    key,
                    name: Some(ident.clone()),
                    scope: scope.clone(),
                    template: None,
                    specialization_args: spec_args,
                    attrs: attrs.clone(),
                    bases: vec![],
                    members: None,
                    is_final: false,
                    elaborated,
                    span,
                    name_span,
                }))
            };
            let simple = n.parts.len() == 1;
            let decl = if self.is(sym!(";")) && simple {
                Some(forward(spec_args, false))
            } else {
                // `class K` first named inside a statement declares K in
                // the enclosing block. A name the parser knows may be of a
                // class that is not visible here (`sycl::kernel` for
                // `class kernel`): sema decides.
                if simple && spec_args.is_none() {
                    if let Some(decls) = self.block_class_decls.as_mut() {
                        decls.push(forward(None, !new_name));
                    }
                }
                None
            };
            return Ok((ty, decl));
        }
        if let Some(i) = &ident {
            if !self.names.is_type(self.symbol_of(i)) {
                self.declare_type_name(i, false);
            }
        }
        let mut bases = vec![];
        if self.eat(sym!(":")) {
            loop {
                let mut access = if key == ClassKey::Class {
                    Access::Private
                } else {
                    Access::Public
                };
                let mut is_virtual = false;
                loop {
                    if self.eat(sym!("public")) {
                        access = Access::Public;
                    } else if self.eat(sym!("private")) {
                        access = Access::Private;
                    } else if self.eat(sym!("protected")) {
                        access = Access::Protected;
                    } else if self.eat(sym!("virtual")) {
                        is_virtual = true;
                    } else {
                        break;
                    }
                }
                let ty = if self.is(sym!("decltype")) {
                    self.parse_decl_specs(None)?.ty.ok_or(Reported)?
                } else {
                    let n = self.parse_qual_name(true)?;
                    let sp = n.span;
                    TypeExpr::plain(TypeExprKind::Named(n), sp)
                };
                let pack = self.eat(sym!("..."));
                bases.push(BaseSpec {
                    ty,
                    access,
                    is_virtual,
                    pack,
                });
                if !self.eat(sym!(",")) {
                    break;
                }
            }
        }
        self.expect(sym!("{"))?;
        self.names.push();
        let inherited = self.declare_inherited_values(&bases);
        self.deferred_bodies.push(vec![]);
        let cname = ident.clone().unwrap_or_else(|| Rc::from(""));
        let mut members = vec![];
        let mut access = if key == ClassKey::Class {
            Access::Private
        } else {
            Access::Public
        };
        while !self.is(sym!("}")) && !self.at_eof() {
            if (self.is(sym!("public")) || self.is(sym!("private")) || self.is(sym!("protected")))
                && self.is_at(1, sym!(":"))
            {
                access = match self.bump_text() {
                    "public" => Access::Public,
                    "private" => Access::Private,
                    _ => Access::Protected,
                };
                self.advance();
                continue;
            }
            let before = self.pos;
            self.pending_body_pos = None;
            if let Some(ds) = self.parse_declaration(Context::Class(&cname)) {
                for d in ds {
                    let is_func = match &d {
                        Decl::Function(_) => true,
                        Decl::Friend(inner, _) => matches!(**inner, Decl::Function(_)),
                        _ => false,
                    };
                    if let (true, Some(pos)) = (is_func, self.pending_body_pos.take()) {
                        let member_index = members.len();
                        self.deferred_bodies
                            .last_mut()
                            .expect("class")
                            .push(super::DeferredBody { member_index, pos });
                    }
                    members.push(Member { access, decl: d });
                }
            }
            if self.pos == before {
                self.error_here("expected a member declaration");
                self.advance();
            }
        }
        // The class is complete: member names are known, bodies can be parsed.
        self.declare_member_names(&members);
        if let Some(name) = &ident {
            self.record_class_values(name, &members, inherited);
        }
        let deferred = self.deferred_bodies.pop().unwrap_or_default();
        let close = self.pos;
        for d in deferred {
            self.parse_deferred_body(&mut members, d);
        }
        super::defaulted_comparisons::define_defaulted_comparisons(&mut members, &bases);
        self.pos = close;
        self.split_gt = false;
        self.names.pop();
        self.expect(sym!("}"))?;
        // `struct S { ... } __attribute__((packed));`
        self.parse_attributes(&mut attrs);
        // Member templates and nested types stay known after the class scope closes.
        self.declare_member_names(&members);
        let span = start.to(self.prev_span());
        let decl = ClassDecl {
            key,
            name: ident,
            scope,
            template: None,
            specialization_args: spec_args,
            attrs,
            bases,
            members: Some(members),
            is_final,
            elaborated: false,
            span,
            name_span,
        };
        let ty = match &name {
            Some(n) => TypeExpr::plain(TypeExprKind::Named(n.clone()), n.span),
            None => TypeExpr::plain(
                TypeExprKind::Named(QualName::simple(Rc::from("<anonymous>"), span)),
                span,
            ),
        };
        Ok((ty, Some(Decl::Class(Rc::new(decl)))))
    }

    fn parse_deferred_body(&mut self, members: &mut [Member], d: super::DeferredBody) {
        let Some(f) = deferred_function(&mut members[d.member_index].decl) else {
            return;
        };
        // The names the body sees: template parameters, then parameters.
        let mut names: Vec<(Rc<str>, NameKind)> = Vec::new();
        if let Some(t) = &f.template {
            for p in &t.params {
                if let Some(n) = &p.name {
                    let k = match p.kind {
                        TemplateParamKind::Type { .. } => NameKind::Type,
                        _ => NameKind::Value,
                    };
                    names.push((n.clone(), k));
                }
            }
        }
        for p in &f.params {
            if let Some(n) = &p.name {
                names.push((n.clone(), NameKind::Value));
            }
        }
        self.pos = d.pos;
        self.split_gt = false;
        self.names.push();
        for (n, k) in &names {
            self.declare_name(n, *k);
        }
        let body = self.parse_compound();
        self.names.pop();
        if let (Ok(b), Some(f)) = (body, deferred_function(&mut members[d.member_index].decl)) {
            Rc::make_mut(f).body = Some(b);
        }
    }

    /// Declares, in the class scope just opened, the data members and
    /// member functions the class inherits from `bases` (those of classes
    /// parsed before); returns them.
    fn declare_inherited_values(&mut self, bases: &[BaseSpec]) -> Vec<Rc<str>> {
        let mut inherited = vec![];
        for b in bases {
            let TypeExprKind::Named(name) = &b.ty.kind else {
                continue;
            };
            if let Some(values) = self.class_values.get(&name.last().ident).cloned() {
                for v in values.iter() {
                    self.declare_name(v, NameKind::Value);
                }
                inherited.extend(values.iter().cloned());
            }
        }
        inherited
    }

    /// In the body of an out-of-line member definition (`X::f() { .. }`),
    /// the data members and member functions of `X` hide namespace names
    /// (`up < r.low || low > r.up` with a member `up` is a comparison).
    fn declare_members_of_enclosing_class(&mut self, class: Option<&str>) {
        let Some(values) = class.and_then(|c| self.class_values.get(c)).cloned() else {
            return;
        };
        for v in values.iter() {
            self.declare_name(v, NameKind::Value);
        }
    }

    /// Remembers the values a class derived from `class` inherits.
    fn record_class_values(
        &mut self,
        class: &Rc<str>,
        members: &[Member],
        mut values: Vec<Rc<str>>,
    ) {
        for m in members {
            match &m.decl {
                Decl::Var(v) => values.push(v.name.clone()),
                Decl::Function(f)
                    if f.template.is_none()
                        && matches!(f.kind, FunctionKind::Normal)
                        && !f.name.last().ident.starts_with("operator") =>
                {
                    values.push(f.name.last().ident.clone())
                }
                _ => {}
            }
        }
        if !values.is_empty() {
            self.class_values.insert(class.clone(), values.into());
        }
    }

    fn declare_member_names(&mut self, members: &[Member]) {
        for m in members {
            match &m.decl {
                Decl::Function(f) if f.template.is_some() => {
                    self.declare_member_template_name(&f.name.last().ident)
                }
                Decl::Class(c) => {
                    if let Some(n) = &c.name {
                        self.declare_global_name(
                            n,
                            if c.template.is_some() {
                                NameKind::TypeTemplate
                            } else {
                                NameKind::Type
                            },
                        );
                    }
                }
                Decl::Alias(a) => self.declare_global_name(
                    &a.name,
                    if a.template.is_some() {
                        NameKind::TypeTemplate
                    } else {
                        NameKind::Type
                    },
                ),
                _ => {}
            }
        }
    }

    pub(crate) fn parse_enum_specifier(&mut self) -> PResult<(TypeExpr, Option<Decl>)> {
        let start = self.span();
        self.advance(); // enum
        let scoped = self.eat(sym!("class")) || self.eat(sym!("struct"));
        let mut attrs = Attributes::default();
        self.parse_attributes(&mut attrs);
        let name = if self.is_ident() {
            Some(self.bump_name())
        } else {
            None
        };
        if let Some(n) = &name {
            self.declare_type_name(n, false);
        }
        let underlying = if self.eat(sym!(":")) {
            Some(self.parse_type_id()?)
        } else {
            None
        };
        let ty_name = QualName::simple(
            name.clone().unwrap_or_else(|| Rc::from("<anonymous enum>")),
            start,
        );
        let ty = TypeExpr::plain(TypeExprKind::Named(ty_name), start);
        if !self.is(sym!("{")) {
            let decl = Decl::Enum(Rc::new(EnumDecl {
                name,
                scoped,
                underlying,
                enumerators: vec![],
                span: start,
            }));
            return Ok((ty, Some(decl)));
        }
        self.advance();
        let mut enumerators = vec![];
        while !self.is(sym!("}")) && !self.at_eof() {
            let (n, sp) = self.expect_ident()?;
            let mut a = Attributes::default();
            self.parse_attributes(&mut a);
            let v = if self.eat(sym!("=")) {
                Some(self.parse_assignment_expr()?)
            } else {
                None
            };
            if !scoped {
                self.declare_name(&n, NameKind::Value);
            }
            enumerators.push((n, v, sp));
            if !self.eat(sym!(",")) {
                break;
            }
        }
        self.expect(sym!("}"))?;
        let decl = Decl::Enum(Rc::new(EnumDecl {
            name,
            scoped,
            underlying,
            enumerators,
            span: start.to(self.prev_span()),
        }));
        Ok((ty, Some(decl)))
    }
}

/// The member function (possibly a friend) whose body was deferred.
fn deferred_function(decl: &mut Decl) -> Option<&mut Rc<FunctionDecl>> {
    match decl {
        Decl::Function(f) => Some(f),
        Decl::Friend(inner, _) => match &mut **inner {
            Decl::Function(f) => Some(f),
            _ => None,
        },
        _ => None,
    }
}

fn mark_extern_c(decls: &mut [Decl]) {
    for d in decls {
        if let Decl::Function(f) = d {
            let nf = Rc::make_mut(f);
            nf.is_extern_c = true;
        }
    }
}

fn unreachable_type(span: crate::source::Span) -> TypeExpr {
    TypeExpr::plain(
        TypeExprKind::Builtin(BuiltinSpec {
            void: true,
            ..Default::default()
        }),
        span,
    )
}

impl Parser<'_> {
    /// After a class or enum definition's `}`: the next token starts a new
    /// declaration on a new line, so the `;` was forgotten.
    fn missing_semi_after_tag(&self) -> bool {
        const STARTS: &[crate::front::token::Symbol] = &[
            sym!("int"),
            sym!("void"),
            sym!("char"),
            sym!("bool"),
            sym!("float"),
            sym!("double"),
            sym!("long"),
            sym!("short"),
            sym!("unsigned"),
            sym!("signed"),
            sym!("auto"),
            sym!("struct"),
            sym!("class"),
            sym!("union"),
            sym!("enum"),
            sym!("template"),
            sym!("namespace"),
            sym!("typedef"),
            sym!("using"),
            sym!("static"),
            sym!("extern"),
            sym!("inline"),
            sym!("constexpr"),
            sym!("static_assert"),
        ];
        let t = self.peek();
        self.pos > 0
            && self.token(self.pos - 1).is(sym!("}"))
            && t.at_line_start
            && STARTS.iter().any(|&s| t.is(s))
    }
}

/// C++20 abbreviated function templates (`void f(int i, const auto &x)`):
/// each parameter declared `auto` (by value, by reference, as a forwarding
/// reference or a pointer; `auto... xs` too) names a type template parameter
/// invented for it and appended to the function's template parameters,
/// which makes the function a template if it was not one.
fn invent_auto_template_params(
    params: &mut [Param],
    template: Option<TemplateHeader>,
    span: crate::source::Span,
) -> Option<TemplateHeader> {
    let mut header = template;
    for p in params.iter_mut() {
        let direct = matches!(p.ty.kind, TypeExprKind::Auto);
        let slot = match &mut p.ty.kind {
            _ if direct => &mut p.ty,
            TypeExprKind::LRef(i) | TypeExprKind::RRef(i) | TypeExprKind::Pointer(i)
                if matches!(i.kind, TypeExprKind::Auto) =>
            {
                &mut **i
            }
            _ => continue,
        };
        let h = header.get_or_insert_with(|| TemplateHeader {
            params: vec![],
            requires: None,
            span,
        });
        let ident: Rc<str> = format!("__syclone_auto_{}", h.params.len()).into();
        // `std::integral auto x`: the invented parameter is constrained.
        if let Some(c) = slot.constraint.take() {
            let e = super::constraints::type_constraint_expr(&c, &ident, p.pack);
            h.requires = conjoin(h.requires.take(), Some(Rc::new(e)));
        }
        slot.kind = TypeExprKind::Named(QualName {
            global: false,
            parts: vec![NamePart {
                ident: ident.clone(),
                template_args: None,
                span: slot.span,
            }],
            span: slot.span,
        });
        h.params.push(TemplateParam {
            name: Some(ident),
            kind: TemplateParamKind::Type {
                default: None,
                pack: p.pack,
            },
            span: p.span,
        });
    }
    header
}
