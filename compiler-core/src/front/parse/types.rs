//! Declaration specifiers, names, template arguments and declarators.

use super::names::{NameKind, NameLookup};
use super::{PResult, Parser, Reported, SpecsPlace};
use crate::front::ast::*;
use crate::front::token::sym;
use crate::front::token::TokenKind;
use crate::source::Span;
use std::rc::Rc;

/// What a decl-specifier-seq said, besides the type.
#[derive(Default)]
pub(crate) struct DeclSpecs {
    pub ty: Option<TypeExpr>,
    pub is_typedef: bool,
    pub is_static: bool,
    pub is_extern: bool,
    pub is_inline: bool,
    pub is_constexpr: bool,
    pub is_virtual: bool,
    pub is_explicit: bool,
    pub is_friend: bool,
    pub is_const: bool,
    pub is_volatile: bool,
    pub attrs: Attributes,
    pub address_space: Option<AddressSpace>,
    /// A class or enum defined (or declared) inside the specifiers.
    pub tag_decl: Option<Decl>,
    pub span: Option<Span>,
}

/// The function part of a declarator: `(params) const -> ret`.
pub(crate) struct FuncSuffix {
    pub params: Vec<Param>,
    pub variadic: bool,
    pub is_const: bool,
    pub ref_qualifier: Option<RefQualifier>,
    pub trailing: Option<TypeExpr>,
    pub noexcept: Option<Option<Expr>>,
    /// The trailing requires-clause (`f() requires C<T>`).
    pub requires: Option<Rc<Expr>>,
}

pub(crate) struct Declarator {
    pub name: Option<QualName>,
    pub ty: TypeExpr,
    /// Set when the declarator declares a function (outermost suffix).
    pub func: Option<FuncSuffix>,
    /// `...` before the name (a parameter pack).
    pub pack: bool,
    /// Attributes after the name or its array bounds
    /// (`int i __attribute__((aligned(16)))`).
    pub attrs: Attributes,
    pub span: Span,
}

/// Nested template arguments parsed tentatively (`bool(...)` as a type,
/// then as an expression) at most: each level may read its input twice.
const MAX_SPECULATIVE_ARGS: u32 = 4;

const BUILTIN_WORDS: &[&str] = &[
    "void", "bool", "char", "short", "int", "long", "signed", "unsigned", "float", "double",
    "wchar_t", "char16_t", "char32_t", "char8_t", "half", "_Float16", "__fp16", "__int128",
];

impl Parser<'_> {
    /// Can a type start here (used to tell declarations from expressions)?
    pub(crate) fn starts_type(&self) -> bool {
        let t = self.peek();
        let s = self.text(t);
        if BUILTIN_WORDS.contains(&s) && s != "half" {
            return true;
        }
        if matches!(
            s,
            "const"
                | "volatile"
                | "typename"
                | "class"
                | "struct"
                | "union"
                | "enum"
                | "auto"
                | "decltype"
                | "__typeof__"
                | "__typeof"
        ) {
            return true;
        }
        if self.is_ident() || self.is(sym!("::")) {
            return self.qualified_type_ahead() || self.constrained_placeholder_ahead(0);
        }
        false
    }

    /// Does a (possibly qualified) name that names a type start here?
    fn qualified_type_ahead(&self) -> bool {
        let mut i = 0;
        if self.is_at(0, sym!("::")) {
            i = 1;
        }
        let mut last_kind;
        loop {
            let t = self.peek_at(i);
            if t.kind != crate::front::token::TokenKind::Ident || t.sym.is_keyword() {
                return false;
            }
            last_kind = if i > 0 {
                self.names.lookup_global(t.sym).or(self.names.lookup(t.sym))
            } else {
                self.names.lookup(t.sym)
            };
            i += 1;
            // An unknown name (a header we do not model) used as a
            // template-id in a declaration: a type.
            if last_kind.is_none()
                && self.peek_at(i).is(sym!("<"))
                && self.template_id_then_declarator_at(i)
            {
                return true;
            }
            // An unknown name before a declarator name (`rusage start;`,
            // `std::smatch m;` from an unmodelled header): two names in a
            // row are no expression.
            if last_kind.is_none() && self.unknown_type_then_declarator_at(i) {
                return true;
            }
            if self.peek_at(i).is(sym!("<"))
                && matches!(
                    last_kind,
                    Some(NameKind::TypeTemplate | NameKind::FunctionTemplate)
                )
            {
                // Skip balanced template arguments; `<`/`>` inside
                // parentheses or brackets are operators (`(sizeof(T) < 4)`).
                let mut depth = 0i32;
                let mut parens = 0i32;
                loop {
                    let s = self.text(self.peek_at(i));
                    match s {
                        "<" if parens == 0 && self.opens_template_args(i) => depth += 1,
                        ">" if parens == 0 => depth -= 1,
                        ">>" if parens == 0 => depth -= 2,
                        "(" | "[" | "{" => parens += 1,
                        ")" | "]" | "}" => parens -= 1,
                        ";" => return false,
                        "" => return false,
                        _ => {}
                    }
                    i += 1;
                    if depth <= 0 || parens < 0 {
                        break;
                    }
                }
                // `>>` closed an enclosing list too: the name ends here.
                if depth < 0 {
                    break;
                }
            }
            if self.peek_at(i).is(sym!("::")) {
                i += 1;
                if self.peek_at(i).is(sym!("template")) {
                    i += 1;
                }
                continue;
            }
            break;
        }
        // An unknown qualified name starting a parameter or a handler's
        // declaration (`catch (const std::ios_base::failure &e)`), before
        // a declarator: only a type can be there.
        if last_kind.is_none()
            && matches!(
                self.specs_place,
                SpecsPlace::Parameter | SpecsPlace::OutsideBlocks
            )
            && self.unknown_type_declarator_at(i)
        {
            return true;
        }
        matches!(last_kind, Some(NameKind::Type | NameKind::TypeTemplate))
    }

    pub(crate) fn parse_attributes(&mut self, attrs: &mut Attributes) {
        loop {
            if self.is(sym!("[")) && self.is_at(1, sym!("[")) {
                self.advance();
                self.advance();
                while !(self.at_eof() || (self.is(sym!("]")) && self.is_at(1, sym!("]")))) {
                    if self.eat(sym!(",")) {
                        continue;
                    }
                    let start = self.span();
                    let mut name = String::new();
                    while self.peek().kind == crate::front::token::TokenKind::Ident
                        || self.is(sym!("::"))
                    {
                        name.push_str(&self.bump_name());
                    }
                    let mut args = vec![];
                    if self.is(sym!("(")) {
                        args = self.parse_attribute_args();
                    }
                    if name.is_empty() {
                        self.advance();
                    } else {
                        attrs.list.push(Attribute {
                            name,
                            args,
                            span: start.to(self.prev_span()),
                        });
                    }
                }
                self.eat(sym!("]"));
                self.eat(sym!("]"));
            } else if self.is(sym!("__attribute__")) {
                self.advance();
                if self.expect(sym!("(")).is_err() || self.expect(sym!("(")).is_err() {
                    return;
                }
                while !self.at_eof() && !self.is(sym!(")")) {
                    if self.eat(sym!(",")) {
                        continue;
                    }
                    let start = self.span();
                    let name = self.bump_text().to_string();
                    let mut args = vec![];
                    if self.is(sym!("(")) {
                        args = self.parse_attribute_args();
                    }
                    attrs.list.push(Attribute {
                        name,
                        args,
                        span: start.to(self.prev_span()),
                    });
                }
                self.eat(sym!(")"));
                self.eat(sym!(")"));
            } else if self.is(sym!("alignas")) {
                self.advance();
                let args = self.parse_attribute_args();
                attrs.list.push(Attribute {
                    name: "alignas".into(),
                    args,
                    span: self.prev_span(),
                });
            } else {
                return;
            }
        }
    }

    fn parse_attribute_args(&mut self) -> Vec<TemplateArg> {
        let mut args = vec![];
        if self.expect(sym!("(")).is_err() {
            return args;
        }
        while !self.at_eof() && !self.is(sym!(")")) {
            if self.starts_type() {
                match self.parse_type_id() {
                    Ok(t) => args.push(TemplateArg::Type(t)),
                    Err(_) => break,
                }
            } else {
                match self.parse_assignment_expr() {
                    Ok(e) => args.push(TemplateArg::Expr(e)),
                    Err(_) => break,
                }
            }
            if !self.eat(sym!(",")) {
                break;
            }
        }
        if !self.eat(sym!(")")) {
            // Unknown attribute syntax: skip to the closing parenthesis.
            while !self.at_eof() && !self.eat(sym!(")")) {
                self.advance();
            }
        }
        args
    }

    /// decl-specifier-seq. `class_name` is the enclosing class (to recognise
    /// constructors, which have no type).
    /// Is the name here followed by `<...>` and then `(`: `F<T>(T *p)`, a
    /// constructor of class template F written with its arguments?
    fn template_id_then_paren(&self) -> bool {
        if !self.is_at(1, sym!("<")) {
            return false;
        }
        let mut depth = 0i32;
        for i in 1..256 {
            match self.text(self.peek_at(i)) {
                "<" => depth += 1,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                "(" | ")" | ";" | "{" | "}" | "" => return false,
                _ => {}
            }
            if depth <= 0 {
                return self.is_at(i + 1, sym!("("));
            }
        }
        false
    }

    pub(crate) fn parse_decl_specs(&mut self, class_name: Option<&str>) -> PResult<DeclSpecs> {
        let ds = self.parse_decl_specs_inner(class_name);
        // A template header makes a template of this declaration's class
        // specifier only, never of a class declared later in it.
        self.template_header_pending = false;
        ds
    }

    /// [`Self::parse_decl_specs`] read at `place` (restored after).
    pub(crate) fn parse_decl_specs_in(
        &mut self,
        place: SpecsPlace,
        class_name: Option<&str>,
    ) -> PResult<DeclSpecs> {
        let outer = std::mem::replace(&mut self.specs_place, place);
        let ds = self.parse_decl_specs(class_name);
        self.specs_place = outer;
        ds
    }

    fn parse_decl_specs_inner(&mut self, class_name: Option<&str>) -> PResult<DeclSpecs> {
        let mut ds = DeclSpecs {
            attrs: std::mem::take(&mut self.carried_attributes),
            ..DeclSpecs::default()
        };
        let mut builtin = BuiltinSpec::default();
        let mut saw_builtin = false;
        let start = self.span();
        loop {
            self.parse_attributes(&mut ds.attrs);
            if let Some(a) = ds
                .attrs
                .list
                .iter()
                .rev()
                .find_map(|a| address_space_of(&a.name))
            {
                ds.address_space = Some(a);
            }
            let s = self.text(self.peek());
            match s {
                "typedef" => ds.is_typedef = true,
                "static" => ds.is_static = true,
                "extern" if self.peek_at(1).kind != crate::front::token::TokenKind::String => {
                    ds.is_extern = true
                }
                "inline" | "__inline" | "__inline__" => ds.is_inline = true,
                "constexpr" => ds.is_constexpr = true,
                // An immediate function is a constexpr one whose every call
                // the host compiler checks is constant; `constinit` asks it
                // to check a static initializer.
                "consteval" if self.concepts => ds.is_constexpr = true,
                "constinit" if self.concepts => {}
                "virtual" => ds.is_virtual = true,
                "explicit" => {
                    ds.is_explicit = true;
                    if self.is_at(1, sym!("(")) {
                        self.advance();
                        self.skip_balanced();
                        continue;
                    }
                }
                "friend" => ds.is_friend = true,
                "mutable" | "register" | "thread_local" | "__thread" | "__extension__" => {}
                "const" => ds.is_const = true,
                "volatile" => ds.is_volatile = true,
                "__restrict" | "__restrict__" => {}
                w if BUILTIN_WORDS.contains(&w)
                    && (w != "half" || !self.names.is_type(sym!("half")))
                    && ds.ty.is_none() =>
                {
                    saw_builtin = true;
                    match w {
                        "void" => builtin.void = true,
                        "bool" => builtin.bool_ = true,
                        "char" | "char8_t" => builtin.char_ = true,
                        "short" => builtin.short = true,
                        "int" => builtin.int = true,
                        "long" => builtin.long += 1,
                        "signed" => builtin.signed = true,
                        "unsigned" => builtin.unsigned = true,
                        "float" => builtin.float = true,
                        "double" => builtin.double = true,
                        "wchar_t" => builtin.wchar = true,
                        "char16_t" => builtin.char16 = true,
                        "char32_t" => builtin.char32 = true,
                        "__int128" => builtin.int128 = true,
                        _ => builtin.half = true,
                    }
                }
                "auto" if ds.ty.is_none() && !saw_builtin => {
                    let sp = self.span();
                    ds.ty = Some(TypeExpr::plain(TypeExprKind::Auto, sp));
                }
                "decltype" if ds.ty.is_none() && !saw_builtin && self.decltype_scope_ahead() => {
                    // `decltype(a)::value_type`: a qualified name.
                    let n = self.parse_qual_name(true)?;
                    let sp = n.span;
                    ds.ty = Some(TypeExpr::plain(TypeExprKind::Named(n), sp));
                    continue;
                }
                "decltype" if ds.ty.is_none() && !saw_builtin => {
                    ds.ty = Some(self.parse_decltype_specifier()?);
                    continue;
                }
                "__underlying_type" if ds.ty.is_none() && !saw_builtin => {
                    let sp = self.span();
                    self.advance();
                    self.expect(sym!("("))?;
                    let operand = Box::new(self.parse_type_id()?);
                    self.expect(sym!(")"))?;
                    let kind = TypeExprKind::UnderlyingType(operand);
                    ds.ty = Some(TypeExpr::plain(kind, sp.to(self.prev_span())));
                    continue;
                }
                "__typeof__" | "__typeof" if ds.ty.is_none() && !saw_builtin => {
                    let sp = self.span();
                    self.advance();
                    ds.ty = Some(if self.is(sym!("(")) && self.type_in_parens_ahead() {
                        self.advance();
                        let t = self.parse_type_id()?;
                        self.expect(sym!(")"))?;
                        t
                    } else {
                        self.expect(sym!("("))?;
                        let expr = Box::new(self.parse_expr()?);
                        self.expect(sym!(")"))?;
                        let kind = TypeExprKind::Decltype {
                            expr,
                            parenthesized: false,
                            gnu_typeof: true,
                        };
                        TypeExpr::plain(kind, sp.to(self.prev_span()))
                    });
                    continue;
                }
                "class" | "struct" | "union" if ds.ty.is_none() && !saw_builtin => {
                    let (ty, decl) = self.parse_class_specifier(std::mem::take(&mut ds.attrs))?;
                    ds.ty = Some(ty);
                    ds.tag_decl = decl;
                    continue;
                }
                "enum" if ds.ty.is_none() && !saw_builtin => {
                    let (ty, decl) = self.parse_enum_specifier()?;
                    ds.ty = Some(ty);
                    ds.tag_decl = decl;
                    continue;
                }
                "typename" if ds.ty.is_none() && !saw_builtin => {
                    self.advance();
                    let n = self.parse_qual_name(true)?;
                    let sp = n.span;
                    ds.ty = Some(TypeExpr::plain(TypeExprKind::Named(n), sp));
                    continue;
                }
                _ if ds.ty.is_none() && !saw_builtin && self.constrained_placeholder_ahead(0) => {
                    // `std::integral auto`, `C<int> decltype(auto)`.
                    let constraint = Rc::new(self.parse_type_constraint()?);
                    let sp = self.span();
                    let kind = if self.eat(sym!("decltype")) {
                        self.expect(sym!("("))?;
                        self.expect(sym!("auto"))?;
                        self.expect(sym!(")"))?;
                        TypeExprKind::DecltypeAuto
                    } else {
                        self.expect(sym!("auto"))?;
                        TypeExprKind::Auto
                    };
                    let mut t = TypeExpr::plain(kind, sp.to(self.prev_span()));
                    t.constraint = Some(constraint);
                    ds.ty = Some(t);
                    continue;
                }
                _ if ds.ty.is_none()
                    && !saw_builtin
                    && (self.is_ident() || self.is(sym!("::"))) =>
                {
                    // A constructor `X(` inside class X, or `X::X(` outside.
                    if let Some(cn) = class_name {
                        if self.text(self.peek()) == cn
                            && (self.is_at(1, sym!("(")) || self.template_id_then_paren())
                        {
                            break;
                        }
                    }
                    if self.is_ident()
                        && (self.is_at(1, sym!("::")) || self.is_at(1, sym!("<")))
                        && self.ctor_out_of_class_ahead()
                    {
                        break;
                    }
                    if !self.qualified_type_ahead() && !self.unknown_type_in_specs(&ds) {
                        break;
                    }
                    let n = self.parse_qual_name(true)?;
                    let sp = n.span;
                    ds.ty = Some(TypeExpr::plain(TypeExprKind::Named(n), sp));
                    continue;
                }
                _ => break,
            }
            self.advance();
        }
        if saw_builtin {
            ds.ty = Some(TypeExpr::plain(
                TypeExprKind::Builtin(builtin),
                start.to(self.prev_span()),
            ));
        }
        if let Some(t) = ds.ty.as_mut() {
            t.is_const |= ds.is_const;
            t.is_volatile |= ds.is_volatile;
            if ds.address_space.is_some() {
                t.address_space = ds.address_space;
            }
        }
        ds.span = Some(start.to(self.prev_span()));
        Ok(ds)
    }

    /// `A::A(` / `A<T>::A(` / `A::~A(`: an out-of-class constructor or destructor.
    fn ctor_out_of_class_ahead(&self) -> bool {
        let first = self.text(self.peek());
        let mut i = 1;
        if self.peek_at(i).is(sym!("<")) {
            let mut depth = 0;
            loop {
                let s = self.text(self.peek_at(i));
                match s {
                    "<" => depth += 1,
                    ">" => depth -= 1,
                    ">>" => depth -= 2,
                    "" | ";" | "{" => return false,
                    _ => {}
                }
                i += 1;
                if depth <= 0 {
                    break;
                }
            }
        }
        if !self.peek_at(i).is(sym!("::")) {
            return false;
        }
        i += 1;
        if self.peek_at(i).is(sym!("~")) {
            i += 1;
        }
        self.text(self.peek_at(i)) == first && self.peek_at(i + 1).is(sym!("("))
    }

    /// A possibly qualified name. Template arguments are parsed after names
    /// known to be templates (or after the `template` keyword).
    /// At `<`: balanced template arguments, then what starts a declarator
    /// or continues a qualified name (`> x`, `> *p`, `>& r`, `>::type`).
    fn template_id_then_declarator_ahead(&self) -> bool {
        self.template_id_then_declarator_at(0)
    }

    /// Is token `i` a declarator name (an identifier that names no type,
    /// a variable of an outer scope at most, followed by what may follow
    /// a declarator)?
    fn unknown_type_then_declarator_at(&self, i: usize) -> bool {
        let name = self.peek_at(i);
        name.kind == crate::front::token::TokenKind::Ident
            && !name.sym.is_keyword()
            && matches!(self.names.lookup(name.sym), None | Some(NameKind::Value))
            && matches!(
                self.text(self.peek_at(i + 1)),
                ";" | "=" | "," | "[" | "{" | "(" | ")"
            )
    }

    /// Does the `<` `i` tokens ahead open template arguments, as after a
    /// name, rather than compare, as after a literal or `)` (`1 <
    /// sizeof(T)` as a template argument)? For lookahead that skips
    /// template argument lists.
    fn opens_template_args(&self, i: usize) -> bool {
        i == 0 || self.peek_at(i - 1).kind == crate::front::token::TokenKind::Ident
    }

    /// [`Self::template_id_then_declarator_ahead`] from token `start` on.
    fn template_id_then_declarator_at(&self, start: usize) -> bool {
        let (mut i, mut depth, mut parens) = (start, 0i32, 0i32);
        loop {
            match self.text(self.peek_at(i)) {
                "<" if parens == 0 && (i == start || self.opens_template_args(i)) => depth += 1,
                ">" if parens == 0 => depth -= 1,
                ">>" if parens == 0 => depth -= 2,
                "(" | "[" => parens += 1,
                ")" | "]" => parens -= 1,
                ";" | "{" | "}" | "" => return false,
                _ => {}
            }
            i += 1;
            if depth <= 0 || parens < 0 {
                break;
            }
        }
        if depth != 0 || parens != 0 {
            return false;
        }
        while matches!(self.text(self.peek_at(i)), "*" | "&" | "&&" | "const") {
            i += 1;
        }
        self.peek_at(i).kind == crate::front::token::TokenKind::Ident || self.is_at(i, sym!("::"))
    }

    pub(crate) fn parse_qual_name(&mut self, allow_template_args: bool) -> PResult<QualName> {
        let start = self.span();
        let global = self.eat(sym!("::"));
        // Most names have one part (a `Vec` would start with room for four).
        let mut parts = Vec::with_capacity(1);
        // `decltype(expr)::member`: the decltype-specifier is the first part.
        if !global && self.decltype_scope_ahead() {
            let sp = self.span();
            let t = self.parse_decltype_specifier()?;
            parts.push(NamePart {
                ident: Rc::from(DECLTYPE_PART),
                template_args: Some(vec![TemplateArg::Type(t)]),
                span: sp.to(self.prev_span()),
            });
            self.expect(sym!("::"))?;
        }
        loop {
            let forced_template = self.eat(sym!("template"));
            if self.is(sym!("~")) && self.peek_at(1).kind == crate::front::token::TokenKind::Ident {
                let sp = self.span();
                self.advance();
                let isym = self.peek().sym;
                let (id, isp) = self.expect_ident()?;
                // `~F<T>()` in class template `F` (C++17 allows naming
                // the destructor with the template-id): the arguments are
                // those of the class itself.
                if self.is(sym!("<")) && self.names.is_template(isym) {
                    self.parse_template_args()?;
                }
                parts.push(NamePart {
                    ident: Rc::from(format!("~{id}")),
                    template_args: None,
                    span: sp.to(isp),
                });
                break;
            }
            if self.is(sym!("operator")) {
                let part = self.parse_operator_name()?;
                parts.push(part);
                break;
            }
            let isym = self.peek().sym;
            let (ident, sp) = self.expect_ident()?;
            let is_tmpl = forced_template
                || (if parts.is_empty() && !global {
                    // A variable or parameter hides member templates of the
                    // same name (`step < n` with a parameter `step`).
                    self.names.is_template(isym)
                        || (self.names.lookup(isym) != Some(NameKind::Value)
                            && self.names.is_member_template(isym))
                } else {
                    self.names
                        .lookup_global(isym)
                        .map(|k| {
                            matches!(
                                k,
                                NameKind::TypeTemplate
                                    | NameKind::FunctionTemplate
                                    | NameKind::Concept
                            )
                        })
                        .unwrap_or(false)
                        || self.names.is_template(isym)
                        || self.names.is_member_template(isym)
                });
            // A name nothing declares (a header we do not model) used as
            // `name<...> declarator`: read it as a template-id so host code
            // that uses it still parses; sema reports it if device code does.
            let is_tmpl = is_tmpl
                || (allow_template_args
                    && self.is(sym!("<"))
                    && self.undeclared(isym)
                    && self.template_id_then_declarator_ahead());
            let mut template_args = None;
            if allow_template_args && is_tmpl && self.is(sym!("<")) {
                template_args = Some(self.parse_template_args()?);
            }
            parts.push(NamePart {
                ident,
                template_args,
                span: sp.to(self.prev_span()),
            });
            if self.is(sym!("::"))
                && (self.peek_at(1).kind == crate::front::token::TokenKind::Ident
                    || self.is_at(1, sym!("~"))
                    || self.is_at(1, sym!("template"))
                    || self.is_at(1, sym!("operator")))
                && !self.is_at(1, sym!("*"))
            {
                self.advance();
                continue;
            }
            break;
        }
        Ok(QualName {
            global,
            parts,
            span: start.to(self.prev_span()),
        })
    }

    /// `decltype(expr)` or `decltype(auto)`, at `decltype`.
    fn parse_decltype_specifier(&mut self) -> PResult<TypeExpr> {
        let sp = self.span();
        self.advance();
        self.expect(sym!("("))?;
        let kind = if self.is(sym!("auto")) && self.is_at(1, sym!(")")) {
            self.advance();
            TypeExprKind::DecltypeAuto
        } else {
            let parenthesized = self.is(sym!("("));
            TypeExprKind::Decltype {
                expr: Box::new(self.parse_expr()?),
                parenthesized,
                gnu_typeof: false,
            }
        };
        self.expect(sym!(")"))?;
        Ok(TypeExpr::plain(kind, sp.to(self.prev_span())))
    }

    /// At `decltype`: is it a nested-name-specifier (`decltype(e)::name`)?
    pub(crate) fn decltype_scope_ahead(&self) -> bool {
        if !self.is(sym!("decltype")) || !self.is_at(1, sym!("(")) {
            return false;
        }
        let mut depth = 0i32;
        let mut i = 1;
        loop {
            match self.text(self.peek_at(i)) {
                "(" => depth += 1,
                ")" => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                "" => return false,
                _ => {}
            }
            i += 1;
        }
        self.is_at(i + 1, sym!("::"))
            && (self.peek_at(i + 2).kind == crate::front::token::TokenKind::Ident
                || self.is_at(i + 2, sym!("template"))
                || self.is_at(i + 2, sym!("~")))
    }

    fn parse_operator_name(&mut self) -> PResult<NamePart> {
        let sp = self.span();
        self.advance(); // operator
        let op: String = match self.text(self.peek()) {
            "(" if self.is_at(1, sym!(")")) => {
                self.advance();
                self.advance();
                "()".into()
            }
            "[" if self.is_at(1, sym!("]")) => {
                self.advance();
                self.advance();
                "[]".into()
            }
            "new" | "delete" => {
                let mut s = self.bump_text().to_string();
                if self.is(sym!("[")) && self.is_at(1, sym!("]")) {
                    self.advance();
                    self.advance();
                    s.push_str("[]");
                }
                format!(" {s}")
            }
            "\"\"" => {
                self.advance();
                let (id, _) = self.expect_ident()?;
                format!("\"\"{id}")
            }
            // `operator""_deg`: the quotes and the suffix are one token.
            s if s.len() > 2 && s.starts_with("\"\"") => {
                let op = s.to_string();
                self.advance();
                op
            }
            s if self.peek().kind == crate::front::token::TokenKind::Punct && s != "(" => {
                self.bump_text().to_string()
            }
            _ => {
                // Conversion function: operator T
                let ty = self.parse_conversion_type()?;
                let part = NamePart {
                    ident: Rc::from("operator conversion"),
                    template_args: Some(vec![TemplateArg::Type(ty)]),
                    span: sp.to(self.prev_span()),
                };
                return Ok(part);
            }
        };
        Ok(NamePart {
            ident: Rc::from(format!("operator{op}")),
            template_args: None,
            span: sp.to(self.prev_span()),
        })
    }

    fn parse_conversion_type(&mut self) -> PResult<TypeExpr> {
        let ds = self.parse_decl_specs(None)?;
        let Some(mut ty) = ds.ty else {
            self.error_here("expected a type after 'operator'");
            return Err(Reported);
        };
        loop {
            let sp = self.span();
            if self.eat(sym!("*")) {
                ty = TypeExpr::plain(TypeExprKind::Pointer(Box::new(ty)), sp);
                while self.eat(sym!("const")) {
                    ty.is_const = true;
                }
            } else if self.eat(sym!("&")) {
                ty = TypeExpr::plain(TypeExprKind::LRef(Box::new(ty)), sp);
            } else if self.eat(sym!("&&")) {
                ty = TypeExpr::plain(TypeExprKind::RRef(Box::new(ty)), sp);
            } else {
                break;
            }
        }
        Ok(ty)
    }

    pub(crate) fn parse_template_args(&mut self) -> PResult<Vec<TemplateArg>> {
        self.nested(|p| p.parse_template_args_inner())
    }

    fn parse_template_args_inner(&mut self) -> PResult<Vec<TemplateArg>> {
        self.expect(sym!("<"))?;
        let mut args = Vec::with_capacity(1);
        if self.is(sym!(">")) || self.is(sym!(">>")) {
            self.expect_template_close()?;
            return Ok(args);
        }
        loop {
            // A type-id wins where both parse (C++ [temp.arg]); a type and
            // `(` that is no type-id, or that the list does not go on
            // after, is a functional cast (`bool(B::value)`, `E(MODE)`).
            // Only then is the parse tried twice: nested arguments would
            // otherwise retry exponentially.
            let tentative = (self.builtin_type_then_paren() || self.type_name_then_paren())
                && self.speculative_args < MAX_SPECULATIVE_ARGS;
            let (arg, pack) = if tentative {
                // Both attempts count: arguments nested in either are
                // tried twice only up to the bound.
                self.speculative_args += 1;
                let parsed = self.tentative_template_arg();
                self.speculative_args -= 1;
                parsed?
            } else if self.starts_type() {
                let start = self.pos;
                let (t, pack) = self.parse_type_id_or_pack()?;
                // `std::is_integral<T>{}`: a braced functional cast, an
                // expression from its start (retried within the bound); so
                // is a "type" the list does not go on after
                // (`is_arithmetic<T>::value && ...`, where a class's member
                // type `value` made the name look like a type).
                let list_goes_on = self.is(sym!(",")) || self.is(sym!(">")) || self.is(sym!(">>"));
                let qualified = (start..self.pos).any(|i| self.token(i).is(sym!("::")));
                let braced = self.is(sym!("{"));
                if (braced || (!list_goes_on && qualified))
                    && !pack
                    && self.speculative_args < MAX_SPECULATIVE_ARGS
                {
                    self.pos = start;
                    self.speculative_args += 1;
                    let e = self.parse_template_arg_expr();
                    self.speculative_args -= 1;
                    (TemplateArg::Expr(e?), false)
                } else {
                    (TemplateArg::Type(t), pack)
                }
            } else {
                (TemplateArg::Expr(self.parse_template_arg_expr()?), false)
            };
            args.push(self.pack_expansion_if(arg, pack));
            if !self.eat(sym!(",")) {
                break;
            }
        }
        self.expect_template_close()?;
        Ok(args)
    }

    /// `bool(x)` as a template argument: a type-id if the argument list
    /// goes on after it, else a functional cast.
    fn tentative_template_arg(&mut self) -> PResult<(TemplateArg, bool)> {
        let as_type = self.speculate(|p| {
            let (t, pack) = p.parse_type_id_or_pack().ok()?;
            let ends = p.is(sym!(",")) || p.is(sym!(">")) || p.is(sym!(">>")) || p.is(sym!("..."));
            ends.then_some((TemplateArg::Type(t), pack))
        });
        match as_type {
            Some(t) => Ok(t),
            None => Ok((TemplateArg::Expr(self.parse_template_arg_expr()?), false)),
        }
    }

    /// `arg...` when the declarator had `...` (`pack`) or one follows.
    pub(crate) fn pack_expansion_if(&mut self, arg: TemplateArg, pack: bool) -> TemplateArg {
        if pack || self.eat(sym!("...")) {
            TemplateArg::PackExpansion(Box::new(arg))
        } else {
            arg
        }
    }

    /// `E(x)` with `E` a type name: a function type (`std::function<R(int)>`)
    /// or a functional cast (`Load<Modifier(MODE)>` of an enum).
    fn type_name_then_paren(&mut self) -> bool {
        self.is_ident() && self.is_at(1, sym!("(")) && self.starts_type()
    }

    /// A builtin type keyword followed by `(`: `bool(x)`, `int(x)`.
    fn builtin_type_then_paren(&self) -> bool {
        matches!(
            self.text(self.peek()),
            "bool" | "char" | "short" | "int" | "long" | "float" | "double" | "unsigned" | "signed"
        ) && self.is_at(1, sym!("("))
    }

    /// type-id: specifiers plus an abstract declarator.
    pub(crate) fn parse_type_id(&mut self) -> PResult<TypeExpr> {
        Ok(self.parse_type_id_or_pack()?.0)
    }

    /// A type-id and the attributes among its specifiers and after its
    /// declarator (`int __attribute__((aligned(8)))`).
    pub(crate) fn parse_type_id_with_attributes(&mut self) -> PResult<(TypeExpr, Attributes)> {
        let ds = self.parse_decl_specs(None)?;
        let Some(base) = ds.ty else {
            self.error_here("expected a type");
            return Err(Reported);
        };
        let d = self.parse_declarator(base, true)?;
        let mut attrs = ds.attrs;
        attrs.list.extend(d.attrs.list);
        Ok((d.ty, attrs))
    }

    /// Do attributes start `i` tokens ahead, followed by `=` (an alias
    /// declaration's, `using X [[gnu::aligned(8)]] = T;`)?
    pub(crate) fn alias_attributes_at(&self, i: usize) -> bool {
        let mut i = i;
        loop {
            let t = self.peek_at(i);
            let text = self.text(t);
            if text == "__attribute__" || text == "alignas" {
                i += 1;
            } else if !(t.is(sym!("[")) && self.is_at(i + 1, sym!("["))) {
                return false;
            }
            // Past the balanced brackets or parentheses that follow.
            let mut depth = 0i32;
            loop {
                let t = self.peek_at(i);
                match self.text(t) {
                    "(" | "[" => depth += 1,
                    ")" | "]" => depth -= 1,
                    "" | ";" | "{" | "}" => return false,
                    _ => {}
                }
                i += 1;
                if depth <= 0 {
                    break;
                }
            }
            if self.is_at(i, sym!("=")) {
                return true;
            }
        }
    }

    /// A type-id, and whether `...` followed it (a pack expansion in a
    /// template argument list: `Ts...`, `const Ts&...`).
    pub(crate) fn parse_type_id_or_pack(&mut self) -> PResult<(TypeExpr, bool)> {
        let ds = self.parse_decl_specs(None)?;
        let Some(base) = ds.ty else {
            self.error_here("expected a type");
            return Err(Reported);
        };
        let d = self.parse_declarator(base, true)?;
        Ok((d.ty, d.pack))
    }

    /// Parse a declarator over `base`. `is_abstract` forbids a name.
    pub(crate) fn parse_declarator(
        &mut self,
        base: TypeExpr,
        is_abstract: bool,
    ) -> PResult<Declarator> {
        self.nested(|p| p.parse_declarator_inner(base, is_abstract))
    }

    fn parse_declarator_inner(&mut self, base: TypeExpr, is_abstract: bool) -> PResult<Declarator> {
        let start = self.span();
        let ptrs = self.parse_ptr_ops();
        self.bound_layers(ptrs.len())?;
        let ty = apply_ptrs(base, &ptrs);
        // Parenthesised declarator: `(*name)(params)`, `(&arr)[3]`,
        // `(&f())[4]`, `(*(*fp)[2])(int)`. What follows the parentheses
        // applies first (`T (D) S` declares D's name as D over `T S`), so
        // read that, then the inner declarator over it, then go on after.
        if self.is(sym!("("))
            && (self.is_at(1, sym!("*"))
                || self.is_at(1, sym!("&"))
                || self.is_at(1, sym!("&&"))
                || self.member_pointer_ahead(1).is_some())
        {
            let open = self.pos;
            self.skip_balanced();
            let (outer, _) = self.parse_declarator_suffixes(ty)?;
            let after = self.pos;
            self.pos = open + 1;
            let inner = self.parse_declarator(outer, is_abstract)?;
            self.expect(sym!(")"))?;
            self.pos = after;
            return Ok(Declarator {
                span: start.to(self.prev_span()),
                ..inner
            });
        }
        let pack = self.eat(sym!("..."));
        let mut name = None;
        if !is_abstract
            && (self.is_ident()
                || self.is(sym!("::"))
                || self.is(sym!("operator"))
                || (self.is(sym!("~"))
                    && self.peek_at(1).kind == crate::front::token::TokenKind::Ident))
        {
            name = Some(self.parse_qual_name(true)?);
        }
        let mut attrs = Attributes::default();
        self.parse_attributes(&mut attrs);
        let (ty, func) = self.parse_declarator_suffixes(ty)?;
        // `float buf[32] __attribute__((aligned(64)));`
        self.parse_attributes(&mut attrs);
        Ok(Declarator {
            name,
            ty,
            func,
            pack,
            attrs,
            span: start.to(self.prev_span()),
        })
    }

    fn parse_ptr_ops(&mut self) -> Vec<PtrOp> {
        let mut ptrs = vec![];
        loop {
            if self.eat(sym!("*")) {
                let mut c = false;
                loop {
                    if self.eat(sym!("const")) {
                        c = true;
                    } else if self.eat(sym!("volatile"))
                        || self.eat(sym!("__restrict"))
                        || self.eat(sym!("__restrict__"))
                    {
                    } else {
                        break;
                    }
                }
                ptrs.push(PtrOp::Ptr(c));
            } else if self.member_pointer_ahead(0).is_some() {
                // `C::*` / `ns::C<T>::*`, then cv-qualifiers.
                let Ok(class) = self.parse_qual_name(true) else {
                    return ptrs;
                };
                self.eat(sym!("::"));
                self.eat(sym!("*"));
                while self.eat(sym!("const")) || self.eat(sym!("volatile")) {}
                ptrs.push(PtrOp::Member(class));
            } else if self.eat(sym!("&")) {
                ptrs.push(PtrOp::LRef);
            } else if self.eat(sym!("&&")) {
                ptrs.push(PtrOp::RRef);
            } else {
                return ptrs;
            }
            let mut attrs = Attributes::default();
            self.parse_attributes(&mut attrs);
        }
    }

    /// Does `C::*` (a nested-name-specifier, then `*`) start `i` tokens
    /// ahead? Its length in tokens, through the `*`.
    pub(super) fn member_pointer_ahead(&self, i: usize) -> Option<usize> {
        let mut j = i;
        if self.is_at(j, sym!("::")) {
            j += 1;
        }
        loop {
            if self.peek_at(j).kind != TokenKind::Ident {
                return None;
            }
            j += 1;
            if self.is_at(j, sym!("<")) {
                let mut depth = 0usize;
                loop {
                    match self.text(self.peek_at(j)) {
                        "<" => depth += 1,
                        ">" => depth -= 1,
                        ">>" if depth >= 2 => depth -= 2,
                        ";" | "{" | "}" | "" => return None,
                        _ => {}
                    }
                    j += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            if !self.is_at(j, sym!("::")) {
                return None;
            }
            j += 1;
            if self.is_at(j, sym!("*")) {
                return Some(j + 1 - i);
            }
        }
    }

    fn parse_array_suffix(&mut self) -> PResult<Option<Box<Expr>>> {
        self.expect(sym!("["))?;
        if self.eat(sym!("]")) {
            return Ok(None);
        }
        let e = self.parse_expr()?;
        self.expect(sym!("]"))?;
        Ok(Some(Box::new(e)))
    }

    fn parse_declarator_suffixes(
        &mut self,
        mut ty: TypeExpr,
    ) -> PResult<(TypeExpr, Option<FuncSuffix>)> {
        let mut arrays = vec![];
        while self.is(sym!("[")) && !self.is_at(1, sym!("[")) {
            arrays.push(self.parse_array_suffix()?);
            self.bound_layers(arrays.len())?;
        }
        for a in arrays.into_iter().rev() {
            let sp = ty.span;
            ty = TypeExpr::plain(TypeExprKind::Array(Box::new(ty), a), sp);
        }
        if self.is(sym!("(")) && self.params_ahead() {
            // `B b(int(5));` and `buffer<int> b(range<1>(n));` start like
            // parameter lists but hold expressions: then `(` begins an
            // initializer, which the caller parses.
            let Some((params, variadic)) = self.speculate(|p| p.parse_params().ok()) else {
                return Ok((ty, None));
            };
            let mut is_const = false;
            let mut ref_qualifier = None;
            let mut noexcept = None;
            loop {
                if self.eat(sym!("const")) {
                    is_const = true;
                } else if self.eat(sym!("&")) {
                    ref_qualifier = Some(RefQualifier::Lvalue);
                } else if self.eat(sym!("&&")) {
                    ref_qualifier = Some(RefQualifier::Rvalue);
                } else if self.eat(sym!("volatile"))
                    || self.eat(sym!("override"))
                    || self.eat(sym!("final"))
                {
                } else if self.is(sym!("noexcept")) {
                    noexcept = Some(self.parse_noexcept_spec()?);
                } else if self.is(sym!("throw")) && self.is_at(1, sym!("(")) {
                    self.advance();
                    self.skip_balanced();
                } else {
                    break;
                }
            }
            let mut attrs = Attributes::default();
            self.parse_attributes(&mut attrs);
            let mut trailing = None;
            if self.eat(sym!("->")) {
                trailing = Some(self.parse_type_id()?);
            }
            // `virt-specifiers` may come after the trailing return type too.
            while self.eat(sym!("override")) || self.eat(sym!("final")) {}
            let requires = if self.at_requires() {
                Some(self.parse_requires_clause()?)
            } else {
                None
            };
            let sp = ty.span;
            let mut fty = TypeExpr::plain(
                TypeExprKind::Function(Box::new(ty), params.clone(), variadic),
                sp,
            );
            // `R (C::*)(A) const`: the type of a const member function.
            fty.is_const = is_const;
            return Ok((
                fty,
                Some(FuncSuffix {
                    params,
                    variadic,
                    is_const,
                    ref_qualifier,
                    trailing,
                    noexcept,
                    requires,
                }),
            ));
        }
        Ok((ty, None))
    }

    /// `noexcept` or `noexcept(expr)`, at `noexcept`.
    pub(crate) fn parse_noexcept_spec(&mut self) -> PResult<Option<Expr>> {
        self.advance();
        if !self.eat(sym!("(")) {
            return Ok(None);
        }
        let e = self.parse_expr()?;
        self.expect(sym!(")"))?;
        Ok(Some(e))
    }

    /// At `(`: is this a parameter list (vs. a direct-initializer)?
    pub(crate) fn params_ahead(&mut self) -> bool {
        if !self.is(sym!("(")) {
            return false;
        }
        let t = *self.peek_at(1);
        if t.is(sym!(")")) || t.is(sym!("...")) || self.constrained_placeholder_ahead(1) {
            return true;
        }
        if t.kind == crate::front::token::TokenKind::Ident && self.is_at(2, sym!("::")) {
            let save = self.pos;
            self.pos += 1;
            let r = self.starts_type();
            self.pos = save;
            // `(sycl::queue &q, ...)` where nothing declares `sycl` (a
            // header not included): no expression either; a parameter list
            // whose type sema or the host compiler reports.
            return r || (self.undeclared(t.sym) && self.unknown_qualified_declarator_at(1));
        }
        // Look at the token after '(' as if it started a type.
        let s = self.text(&t);
        if BUILTIN_WORDS.contains(&s)
            || matches!(
                s,
                "const"
                    | "volatile"
                    | "typename"
                    | "class"
                    | "struct"
                    | "enum"
                    | "auto"
                    | "decltype"
                    | "__typeof__"
                    | "__typeof"
                    | "["
            )
        {
            return true;
        }
        if t.kind == crate::front::token::TokenKind::Ident && !t.sym.is_keyword() {
            return match self.names.lookup(t.sym) {
                Some(NameKind::Type | NameKind::TypeTemplate) => true,
                // `(uchar4 block)`, `(uint64_t *seed)` with the type from a
                // header we do not model (or not declared at all, which sema
                // reports): an undeclared name is no expression either.
                None => self.unknown_type_declarator_at(2),
                _ => false,
            };
        }
        t.is(sym!("::"))
    }

    /// An undeclared name (from a header we do not model) where only a
    /// type can be: after `const`/`volatile` in decl-specifiers (`const
    /// dfloat *v;`), or starting a parameter's (`uint64_t *seed`), before a
    /// declarator.
    fn unknown_type_in_specs(&self, ds: &DeclSpecs) -> bool {
        let t = self.peek();
        let unknown = t.kind == crate::front::token::TokenKind::Ident
            && !t.sym.is_keyword()
            && !self.is_at(1, sym!("::"))
            && self.names.lookup(t.sym).is_none();
        if self.specs_place == SpecsPlace::Cast {
            return unknown && ds.ty.is_none();
        }
        let only_a_type_here =
            ds.is_const || ds.is_volatile || self.specs_place != SpecsPlace::Block;
        unknown && only_a_type_here && self.unknown_type_declarator_at(1)
    }

    /// Does nothing declare `name` (not even at namespace scope)?
    fn undeclared(&self, name: crate::front::token::Symbol) -> bool {
        self.names.lookup(name).is_none() && self.names.lookup_global(name).is_none()
    }

    /// Does `A::B::C` (plain identifiers) start `i` tokens ahead, followed
    /// by what [`Self::unknown_type_declarator_at`] accepts?
    fn unknown_qualified_declarator_at(&self, mut i: usize) -> bool {
        loop {
            let t = self.peek_at(i);
            if t.kind != crate::front::token::TokenKind::Ident || t.sym.is_keyword() {
                return false;
            }
            i += 1;
            if !self.is_at(i, sym!("::")) {
                return self.unknown_type_declarator_at(i);
            }
            i += 1;
        }
    }

    /// After an unknown name at token `i - 1`: a (possibly abstract)
    /// declarator, `name`, `*name`, `&`, `*const name = ...`, followed by
    /// what ends a parameter or a declaration.
    fn unknown_type_declarator_at(&self, mut i: usize) -> bool {
        let mut operators = 0;
        while matches!(self.text(self.peek_at(i)), "*" | "&" | "&&" | "const") {
            i += 1;
            operators += 1;
        }
        let t = self.peek_at(i);
        if t.kind == crate::front::token::TokenKind::Ident && !t.sym.is_keyword() {
            // Outside blocks a name followed by `(` declares a function.
            return match self.text(self.peek_at(i + 1)) {
                "," | ")" | "=" | "[" | ";" | "{" => true,
                "(" => self.specs_place == SpecsPlace::OutsideBlocks,
                _ => false,
            };
        }
        operators > 0 && matches!(self.text(t), "," | ")")
    }

    pub(crate) fn parse_params(&mut self) -> PResult<(Vec<Param>, bool)> {
        self.expect(sym!("("))?;
        let mut params = Vec::with_capacity(1);
        let mut variadic = false;
        if self.is(sym!("void")) && self.is_at(1, sym!(")")) {
            self.advance();
        }
        while !self.is(sym!(")")) && !self.at_eof() {
            if self.eat(sym!("...")) {
                variadic = true;
                break;
            }
            let start = self.span();
            let ds = self.parse_decl_specs_in(SpecsPlace::Parameter, None)?;
            let Some(base) = ds.ty else {
                self.error_here("expected a parameter type");
                return Err(Reported);
            };
            let pack = self.eat(sym!("..."));
            let d = self.parse_declarator(base, false)?;
            let pack = pack || d.pack;
            let name = d.name.as_ref().map(|n| n.last().ident.clone());
            let mut ty = d.ty;
            // Parameters of array/function type adjust to pointers.
            if let TypeExprKind::Array(elem, _) = ty.kind {
                let sp = ty.span;
                ty = TypeExpr::plain(TypeExprKind::Pointer(elem), sp);
            }
            let default = if self.eat(sym!("=")) {
                Some(Box::new(self.parse_assignment_expr()?))
            } else {
                None
            };
            params.push(Param {
                name,
                ty,
                pack,
                default,
                span: start.to(self.prev_span()),
            });
            if !self.eat(sym!(",")) {
                break;
            }
        }
        self.expect(sym!(")"))?;
        Ok((params, variadic))
    }

    pub(crate) fn declare_type_name(&mut self, name: &Rc<str>, template: bool) {
        self.declare_name(
            name,
            if template {
                NameKind::TypeTemplate
            } else {
                NameKind::Type
            },
        );
        self.declare_global_name(
            name,
            if template {
                NameKind::TypeTemplate
            } else {
                NameKind::Type
            },
        );
    }
}

pub(crate) enum PtrOp {
    Ptr(bool),
    /// `C::*`: the class.
    Member(QualName),
    LRef,
    RRef,
}

fn apply_ptrs(mut ty: TypeExpr, ptrs: &[PtrOp]) -> TypeExpr {
    for p in ptrs {
        let sp = ty.span;
        ty = match p {
            PtrOp::Ptr(c) => {
                let mut t = TypeExpr::plain(TypeExprKind::Pointer(Box::new(ty)), sp);
                t.is_const = *c;
                t
            }
            PtrOp::Member(class) => {
                TypeExpr::plain(TypeExprKind::MemberPointer(class.clone(), Box::new(ty)), sp)
            }
            PtrOp::LRef => TypeExpr::plain(TypeExprKind::LRef(Box::new(ty)), sp),
            PtrOp::RRef => TypeExpr::plain(TypeExprKind::RRef(Box::new(ty)), sp),
        };
    }
    ty
}

pub(crate) fn address_space_of(attr: &str) -> Option<AddressSpace> {
    match attr {
        "opencl_global" | "opencl_global_device" | "opencl_global_host" | "__global__" => {
            Some(AddressSpace::Global)
        }
        "opencl_local" => Some(AddressSpace::Local),
        "opencl_private" => Some(AddressSpace::Private),
        "opencl_constant" => Some(AddressSpace::Constant),
        "opencl_generic" => Some(AddressSpace::Generic),
        _ => None,
    }
}

impl TypeExpr {
    pub fn plain(kind: TypeExprKind, span: Span) -> Self {
        TypeExpr {
            kind,
            is_const: false,
            is_volatile: false,
            address_space: None,
            constraint: None,
            span,
        }
    }
}
