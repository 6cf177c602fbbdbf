//! Recursive-descent C++ parser producing `front::ast`. It keeps going after
//! errors (skipping to the next `;` or `}`) and reports each one once.
//!
//! The C++ grammar needs to know which names are types and templates; the
//! parser asks through the [`names::NameLookup`] trait, answered today by
//! [`names::NameTable`] (scoped, filled by the parser) and by sema later.

mod constraints;
mod decl;
mod defaulted_comparisons;
mod expr;
pub mod names;
mod stmt;
mod tokens;
mod types;

use crate::diag::{Diagnostic, Diagnostics};
use crate::front::ast::{Attributes, TranslationUnit};
use crate::front::lang::LangStd;
use crate::front::token::{sym, Symbol, Symbols, Token, TokenKind, EMPTY};
use crate::source::Span;
use names::{NameKind, NameTable};
use rustc_hash::FxHashMap as HashMap;
use std::cell::Cell;
use std::rc::Rc;
use tokens::TokenStore;

pub use crate::front::pipeline::TokenStream;

/// Parse the preprocessed `tokens`, whose spellings are in `symbols`.
pub fn parse_translation_unit(
    tokens: Vec<Token>,
    symbols: &Symbols,
    diags: &mut Diagnostics,
    lang: LangStd,
) -> TranslationUnit {
    let tokens = TokenStore::whole(tokens);
    Parser::new(&tokens, symbols, diags, lang).translation_unit()
}

/// Parse tokens as `stream` delivers them (the preprocessor still running
/// on another thread); each batch's new spellings are appended to `symbols`.
pub fn parse_token_stream(
    stream: TokenStream,
    symbols: &Symbols,
    diags: &mut Diagnostics,
    lang: LangStd,
) -> TranslationUnit {
    let tokens = TokenStore::streamed(stream);
    Parser::new(&tokens, symbols, diags, lang).translation_unit()
}

impl Parser<'_> {
    fn translation_unit(mut self) -> TranslationUnit {
        let mut decls = vec![];
        while !self.at_eof() {
            let before = self.pos;
            if let Some(d) = self.parse_declaration(decl::Context::Namespace) {
                decls.extend(d);
            }
            if self.pos == before {
                self.error_here("expected a declaration");
                self.bump();
            }
        }
        TranslationUnit { decls }
    }
}

/// Parse failure: a diagnostic was already reported.
#[derive(Debug)]
pub(crate) struct Reported;
pub(crate) type PResult<T> = Result<T, Reported>;

/// Where decl-specifiers are read, for an undeclared name (from a header we
/// do not model, or a macro the build did not define) before a declarator:
/// where no expression can start, only a type can be there (`dfloat x;`
/// anywhere; `dfloat *alloc(int);` outside blocks; `(dfloat *)p`), and it is
/// taken as one, so that the type is what gets diagnosed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum SpecsPlace {
    /// A block, where `a * b` may be an expression.
    Block,
    /// A parameter or a handler's exception declaration.
    Parameter,
    /// A declaration at namespace or class scope.
    OutsideBlocks,
    /// The parentheses of a C-style cast that no expression can fill.
    Cast,
}

pub(crate) struct Parser<'d> {
    tokens: &'d TokenStore,
    /// The chunk of `tokens` read last and the index of its first token.
    window: Cell<(&'d [Token], usize)>,
    pos: usize,
    symbols: &'d Symbols,
    diags: &'d mut Diagnostics,
    names: NameTable,
    /// A pending `>` left after splitting `>>` while closing template arguments.
    split_gt: bool,
    errors: u32,
    /// Inline member function bodies of the classes being parsed: parsed
    /// when the outermost class is complete, as C++ requires.
    deferred_bodies: Vec<Vec<DeferredBody>>,
    /// The data members and member functions of each class parsed so far,
    /// inherited ones included, by class name: in a class derived from it
    /// they hide types of the same name (`id = rhs.id;` beside `sycl::id`).
    class_values: HashMap<Rc<str>, Rc<[Rc<str>]>>,
    /// Set by a member function definition whose body was deferred.
    pending_body_pos: Option<usize>,
    /// Current nesting of recursive constructs (bounded by [`MAX_NESTING`]).
    depth: u32,
    /// Set while the declaration after a template header is parsed, until
    /// a class specifier takes it (that class is then a template).
    template_header_pending: bool,
    /// Where the decl-specifiers being read are (see [`SpecsPlace`]).
    specs_place: SpecsPlace,
    /// Attributes written before `extern "C"` that the declaration after it
    /// takes (see `attributes_before_linkage_spec`).
    carried_attributes: Attributes,
    /// Classes first named by an elaborated type specifier inside the
    /// statement being parsed (`q.parallel_for<class K>(...)`), declared in
    /// its block just before it; `None` outside blocks.
    block_class_decls: Option<Vec<crate::front::ast::Decl>>,
    /// Template arguments being parsed tentatively as types around the
    /// current point (bounded: each level may parse its input twice).
    speculative_args: u32,
    /// C++20: `concept` and `requires` are keywords (before, identifiers).
    concepts: bool,
}

/// Deepest nesting of expressions, statements, declarators and template
/// argument lists: hostile input gets a diagnostic, not a stack overflow.
pub const MAX_NESTING: u32 = 256;

/// A member function whose body starts at token `pos`.
pub(crate) struct DeferredBody {
    pub member_index: usize,
    pub pos: usize,
}

const MAX_ERRORS: u32 = 200;

impl<'d> Parser<'d> {
    fn new(
        tokens: &'d TokenStore,
        symbols: &'d Symbols,
        diags: &'d mut Diagnostics,
        lang: LangStd,
    ) -> Self {
        Parser {
            tokens,
            window: Cell::new((&[], 0)),
            pos: 0,
            symbols,
            diags,
            names: NameTable::new(),
            split_gt: false,
            errors: 0,
            deferred_bodies: vec![],
            class_values: HashMap::default(),
            pending_body_pos: None,
            template_header_pending: false,
            specs_place: SpecsPlace::Block,
            carried_attributes: Attributes::default(),
            block_class_decls: None,
            speculative_args: 0,
            depth: 0,
            concepts: lang.has_concepts(),
        }
    }

    /// Run `f` one nesting level deeper; past [`MAX_NESTING`] report once and fail.
    pub(crate) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_NESTING {
            return self.too_deep();
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    /// Report nesting past [`MAX_NESTING`] and skip the rest of the input
    /// (resynchronising inside such nesting only cascades).
    pub(crate) fn too_deep<T>(&mut self) -> PResult<T> {
        let sp = self.span();
        self.error_at(
            sp,
            &format!("nesting is too deep (the limit is {MAX_NESTING} levels)"),
        );
        while !self.at_eof() {
            self.advance();
        }
        Err(Reported)
    }

    /// `count` type layers (pointers, arrays) built in a loop nest as deeply
    /// as recursion would: bound them the same way.
    pub(crate) fn bound_layers(&mut self, count: usize) -> PResult<()> {
        if count >= MAX_NESTING as usize {
            return self.too_deep();
        }
        Ok(())
    }

    fn peek(&self) -> &'d Token {
        self.token(self.pos)
    }
    fn peek_at(&self, n: usize) -> &'d Token {
        self.token(self.pos + n)
    }
    /// Token `i` of the translation unit (the final `Eof` past its end).
    #[inline]
    fn token(&self, i: usize) -> &'d Token {
        let (window, base) = self.window.get();
        match window.get(i.wrapping_sub(base)) {
            Some(t) => t,
            None => self.token_in_another_chunk(i),
        }
    }
    #[cold]
    fn token_in_another_chunk(&self, i: usize) -> &'d Token {
        let (chunk, base) = self.tokens.chunk_of(i, self.symbols);
        self.window.set((chunk, base));
        chunk
            .get(i - base)
            .unwrap_or_else(|| chunk.last().expect("the last chunk ends with Eof"))
    }
    fn at_eof(&self) -> bool {
        self.peek().kind == TokenKind::Eof
    }
    /// Is the current token the keyword, punctuator or identifier `s`?
    #[inline]
    fn is(&self, s: Symbol) -> bool {
        if self.split_gt {
            return s == sym!(">");
        }
        self.peek().sym == s
    }
    fn is_at(&self, n: usize, s: Symbol) -> bool {
        self.peek_at(n).is(s)
    }
    fn is_ident(&self) -> bool {
        let t = self.peek();
        !self.split_gt
            && t.kind == TokenKind::Ident
            && !t.sym.is_keyword()
            && !self.is_cxx20_keyword(t)
    }
    /// `concept`, `requires`, `consteval` or `constinit` in C++20 (an
    /// identifier before).
    fn is_cxx20_keyword(&self, t: &Token) -> bool {
        self.concepts
            && [
                sym!("requires"),
                sym!("concept"),
                sym!("consteval"),
                sym!("constinit"),
            ]
            .contains(&t.sym)
    }
    /// At the keyword `requires` (C++20)?
    fn at_requires(&self) -> bool {
        self.concepts && self.is(sym!("requires"))
    }
    /// The text of a token's symbol (digraphs read as what they stand for),
    /// borrowed from the symbol table, not from the parser.
    fn text(&self, t: &Token) -> &'d str {
        self.symbols.text(t.sym)
    }
    /// The shared spelling of a token, for names kept in the AST.
    fn name(&self, t: &Token) -> Rc<str> {
        self.symbols.rc(t.sym)
    }
    /// The current token's shared spelling, stepping past it.
    fn bump_name(&mut self) -> Rc<str> {
        let t = self.bump();
        self.name(&t)
    }
    /// The current token's text, stepping past it.
    fn bump_text(&mut self) -> &'d str {
        let t = self.bump();
        self.text(&t)
    }
    /// The symbol of a name taken from the AST (every such name was a token).
    fn symbol_of(&self, name: &str) -> Symbol {
        self.symbols.lookup(name).unwrap_or(EMPTY)
    }
    fn declare_name(&mut self, name: &str, kind: NameKind) {
        let s = self.symbol_of(name);
        self.names.declare(s, kind);
    }
    /// Try a parse: keep it when `f` returns Some; otherwise put the
    /// position and the diagnostics back as they were.
    fn speculate<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let (pos, ndiags, errors) = (self.pos, self.diags.list.len(), self.errors);
        let r = f(self);
        if r.is_none() {
            self.pos = pos;
            self.split_gt = false;
            self.diags.list.truncate(ndiags);
            self.errors = errors;
        }
        r
    }

    fn declare_global_name(&mut self, name: &str, kind: NameKind) {
        let s = self.symbol_of(name);
        self.names.declare_global(s, kind);
    }
    fn declare_member_template_name(&mut self, name: &str) {
        let s = self.symbol_of(name);
        self.names.declare_member_template(s);
    }
    fn span(&self) -> Span {
        self.peek().report_span()
    }
    fn prev_span(&self) -> Span {
        if self.pos == 0 {
            return self.span();
        }
        self.token(self.pos - 1).report_span()
    }
    /// Step past the current token (or the pending half of a split `>>`).
    fn advance(&mut self) {
        if self.split_gt {
            self.split_gt = false;
            self.pos += 1;
        } else if self.peek().kind != TokenKind::Eof {
            self.pos += 1;
        }
    }
    /// The current token, stepping past it.
    fn bump(&mut self) -> Token {
        if self.split_gt {
            self.split_gt = false;
            let t = *self.peek();
            self.pos += 1;
            return t;
        }
        let t = *self.peek();
        if t.kind != TokenKind::Eof {
            self.pos += 1;
        }
        t
    }
    fn eat(&mut self, s: Symbol) -> bool {
        if self.is(s) {
            self.advance();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, sym: Symbol) -> PResult<Span> {
        if self.is(sym) {
            let sp = self.span();
            self.advance();
            Ok(sp)
        } else {
            let found = if self.at_eof() {
                "end of file".to_string()
            } else {
                format!("'{}'", self.symbols.spelling(self.peek()))
            };
            let s = sym.predefined_spelling();
            let msg = format!("expected '{s}', found {found}");
            // A closing token or `;` that is plainly missing: suggest inserting
            // it after the previous token, as clang does.
            let fixit = matches!(s, ";" | ")" | "}" | "]" | ">") && self.pos > 0;
            if fixit {
                let prev = self.prev_span();
                let at = Span::new(prev.file, prev.hi, prev.hi);
                let d = self.token_diagnostic(msg).with_fixit(at, s);
                self.report(d);
            } else {
                self.error_here(&msg);
            }
            Err(Reported)
        }
    }
    /// An error at the current token, with an "expanded from macro" note
    /// when the token comes from a macro expansion.
    fn token_diagnostic(&self, msg: String) -> Diagnostic {
        let t = self.peek();
        let d = Diagnostic::error(t.report_span(), msg);
        match t.expansion {
            Some(_) if t.kind != TokenKind::Eof => {
                d.with_note(t.span, crate::diag::MACRO_EXPANSION_NOTE)
            }
            _ => d,
        }
    }
    /// Report a parse error (counted against the error limit).
    fn report(&mut self, d: Diagnostic) {
        self.errors += 1;
        if self.errors <= MAX_ERRORS {
            self.diags.push(d);
        } else if self.errors == MAX_ERRORS + 1 {
            let span = d.span;
            self.diags
                .error(span, "too many errors emitted, stopping now".to_string());
        }
    }
    fn expect_ident(&mut self) -> PResult<(Rc<str>, Span)> {
        if self.is_ident() {
            let t = self.bump();
            Ok((self.name(&t), t.report_span()))
        } else {
            let found = if self.at_eof() {
                "end of file".to_string()
            } else {
                format!("'{}'", self.symbols.spelling(self.peek()))
            };
            self.error_here(&format!("expected an identifier, found {found}"));
            Err(Reported)
        }
    }
    fn error_at(&mut self, span: Span, msg: &str) {
        let mut d = Diagnostic::error(span, msg.to_string());
        // At a token from a macro expansion: point at its spelling too.
        let here = self.pos;
        for i in [Some(here), here.checked_sub(1)].into_iter().flatten() {
            let t = self.token(i);
            if t.expansion == Some(span) || (t.expansion.is_some() && t.report_span() == span) {
                d = d.with_note(t.span, crate::diag::MACRO_EXPANSION_NOTE);
                break;
            }
        }
        self.report(d);
    }
    fn error_here(&mut self, msg: &str) {
        let d = self.token_diagnostic(msg.to_string());
        self.report(d);
    }

    /// `>` closing template arguments, splitting `>>` / `>=` / `>>=`.
    fn expect_template_close(&mut self) -> PResult<()> {
        if self.split_gt {
            self.split_gt = false;
            self.pos += 1;
            return Ok(());
        }
        match self.peek().sym {
            s if s == sym!(">") => {
                self.advance();
                Ok(())
            }
            s if s == sym!(">>") => {
                self.split_gt = true;
                Ok(())
            }
            _ => {
                self.error_here("expected '>' to close template arguments");
                Err(Reported)
            }
        }
    }

    /// Skip to just after the next `;` at this nesting level, or before a `}`.
    fn recover_to_semi(&mut self) {
        self.split_gt = false;
        let mut depth = 0i32;
        while !self.at_eof() {
            let t = self.text(self.peek());
            match t {
                "{" | "(" | "[" => depth += 1,
                "}" | ")" | "]" => {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                    if depth == 0 && t == "}" {
                        self.advance();
                        self.eat(sym!(";"));
                        return;
                    }
                }
                ";" if depth == 0 => {
                    self.advance();
                    return;
                }
                _ => {}
            }
            self.advance();
        }
    }

    /// Skip a balanced group starting at the current opening bracket.
    fn skip_balanced(&mut self) {
        let mut depth = 0i32;
        loop {
            if self.at_eof() {
                return;
            }
            let t = self.bump();
            if t.kind != TokenKind::Punct {
                continue;
            }
            if t.is(sym!("{")) || t.is(sym!("(")) || t.is(sym!("[")) {
                depth += 1;
            } else if t.is(sym!("}")) || t.is(sym!(")")) || t.is(sym!("]")) {
                depth -= 1;
                if depth <= 0 {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
