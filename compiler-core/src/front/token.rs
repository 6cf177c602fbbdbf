//! Tokens: what the lexer produces and the preprocessor hands to the parser.

use crate::source::Span;
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// Identifiers and keywords (the parser decides which by spelling).
    Ident,
    /// A pp-number that the parser classifies with `literal::parse_number`.
    Number,
    /// A character literal with its prefix and quotes, e.g. `u8'a'`.
    Char,
    /// A string literal with its prefix and quotes (raw strings included).
    String,
    /// Punctuators and operators: `::`, `<<=`, `...`, `[[`-is-two-tokens, etc.
    Punct,
    Eof,
}

/// One token after preprocessing.
#[derive(Clone, Debug)]
pub struct Token {
    pub kind: TokenKind,
    /// Exact spelling.
    pub text: Rc<str>,
    /// Where the token is spelled (inside a macro definition for expanded tokens).
    pub span: Span,
    /// For tokens produced by macro expansion: the span of the outermost macro
    /// invocation in the file being compiled (clang's expansion location).
    pub expansion: Option<Span>,
    /// Whitespace precedes this token.
    pub leading_space: bool,
    /// First token on its line.
    pub at_line_start: bool,
}

impl Token {
    pub fn is(&self, text: &str) -> bool {
        self.text.as_ref() == text && self.kind != TokenKind::String && self.kind != TokenKind::Char
    }
    /// The location to report diagnostics at: the expansion site if any.
    pub fn report_span(&self) -> Span {
        self.expansion.unwrap_or(self.span)
    }
}
