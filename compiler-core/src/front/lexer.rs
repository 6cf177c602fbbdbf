//! The C++ lexer: turns the text of one file into preprocessing tokens
//! (identifiers, pp-numbers, character and string literals, punctuators).
//!
//! It owns translation phases 1–3 as far as tokens are concerned: line
//! splices (backslash-newline) are removed from token spellings, comments are
//! skipped, and each token records whether whitespace precedes it and whether
//! it starts a line (the preprocessor finds directives with that).
//! Lexical errors never panic: they are returned beside the tokens, tied to
//! the token they belong to, so the preprocessor can drop errors that occur
//! inside skipped conditional blocks.

use crate::diag::Diagnostics;
use crate::front::token::{sym, Symbol, Symbols, Token, TokenKind};
use crate::source::{FileId, Span};

/// A lexical error. `token` is the index of the token it belongs to, or
/// `None` for errors that belong to no token (an unterminated comment).
#[derive(Clone, Debug)]
pub struct LexError {
    pub token: Option<usize>,
    pub span: Span,
    pub message: String,
}

/// The tokens of one file (ending with one `Eof` token) and its lexical errors.
#[derive(Clone, Debug, Default)]
pub struct Lexed {
    pub tokens: Vec<Token>,
    pub errors: Vec<LexError>,
}

/// Lex a whole file, interning spellings in `symbols`. Never fails: errors
/// are returned in [`Lexed::errors`].
pub fn lex(file: FileId, text: &str, symbols: &mut Symbols) -> Lexed {
    // About one token per five bytes of C++.
    let mut tokens = Vec::with_capacity(text.len() / 5 + 1);
    let (errors, _) = lex_part(file, text, Resume::START, usize::MAX, symbols, &mut tokens);
    Lexed { tokens, errors }
}

/// Where lexing a file goes on: the offset of a token at the start of a
/// line, and whether whitespace precedes it there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resume {
    pub offset: usize,
    pub leading_space: bool,
}

impl Resume {
    pub const START: Resume = Resume {
        offset: 0,
        leading_space: false,
    };
}

/// Lex `text` from `from` onto the end of `tokens`, stopping before the
/// first token at the start of a line at or past `stop_after` (then `Eof`
/// is not added and the [`Resume`] says where to go on). Lexing a file part
/// by part gives the same tokens as lexing it whole; the errors' token
/// indices are indices in `tokens`.
pub fn lex_part(
    file: FileId,
    text: &str,
    from: Resume,
    stop_after: usize,
    symbols: &mut Symbols,
    tokens: &mut Vec<Token>,
) -> (Vec<LexError>, Option<Resume>) {
    let mut lx = Lexer {
        src: text,
        b: text.as_bytes(),
        pos: from.offset,
        file,
        tokens,
        errors: Vec::new(),
        symbols,
        spliced: false,
        ucn: false,
    };
    // A UTF-8 byte order mark is not part of the text.
    if from.offset == 0 && text.starts_with('\u{feff}') {
        lx.pos = 3;
    }
    let resume = lx.run(from, stop_after);
    (lx.errors, resume)
}

/// Lex a file and report every lexical error to `diags` (for callers that do
/// not need to suppress errors in skipped blocks).
pub fn tokenize(
    file: FileId,
    text: &str,
    symbols: &mut Symbols,
    diags: &mut Diagnostics,
) -> Vec<Token> {
    let lexed = lex(file, text, symbols);
    for e in lexed.errors {
        diags.error(e.span, e.message);
    }
    lexed.tokens
}

/// Remove line splices (backslash followed by a newline) from a spelling.
pub fn remove_splices(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains('\\') {
        return std::borrow::Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            let n = splice_len(b, i);
            if n > 0 {
                out.push_str(&s[last..i]);
                i += n;
                last = i;
                continue;
            }
        }
        i += 1;
    }
    if last == 0 {
        return std::borrow::Cow::Borrowed(s);
    }
    out.push_str(&s[last..]);
    std::borrow::Cow::Owned(out)
}

/// Length of a line splice starting at `i` (0 if there is none).
fn splice_len(b: &[u8], i: usize) -> usize {
    if b.get(i) != Some(&b'\\') {
        return 0;
    }
    match (b.get(i + 1), b.get(i + 2)) {
        (Some(b'\n'), _) => 2,
        (Some(b'\r'), Some(b'\n')) => 3,
        (Some(b'\r'), _) => 2,
        _ => 0,
    }
}

/// Length of a universal character name (`\\u00e9`, `\\U0001F600`) at `p`
/// that names a character allowed in identifiers; 0 if there is none.
fn ucn_len(b: &[u8], p: usize) -> usize {
    if b.get(p) != Some(&b'\\') {
        return 0;
    }
    let digits = match b.get(p + 1) {
        Some(b'u') => 4,
        Some(b'U') => 8,
        _ => return 0,
    };
    let Some(hex) = b.get(p + 2..p + 2 + digits) else {
        return 0;
    };
    let value = std::str::from_utf8(hex)
        .ok()
        .filter(|h| h.bytes().all(|c| c.is_ascii_hexdigit()))
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .and_then(char::from_u32);
    match value {
        Some(ch) if ch.is_alphanumeric() || ch == '_' => 2 + digits,
        _ => 0,
    }
}

/// An identifier's spelling with its universal character names decoded.
fn decode_ucns(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut last) = (0, 0);
    while i < b.len() {
        let n = ucn_len(b, i);
        if n == 0 {
            i += 1;
            continue;
        }
        out.push_str(&text[last..i]);
        let ch = u32::from_str_radix(&text[i + 2..i + n], 16)
            .ok()
            .and_then(char::from_u32)
            .unwrap_or(char::REPLACEMENT_CHARACTER);
        out.push(ch);
        i += n;
        last = i;
    }
    out.push_str(&text[last..]);
    out
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

/// Bytes that continue an identifier (UTF-8 bytes of non-ASCII letters included).
static IDENT_CONTINUE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
        c += 1;
    }
    t
};

fn is_ident_continue(c: u8) -> bool {
    IDENT_CONTINUE[c as usize]
}

struct Lexer<'a> {
    src: &'a str,
    b: &'a [u8],
    pos: usize,
    file: FileId,
    /// Where tokens go (after those of earlier parts of the file).
    tokens: &'a mut Vec<Token>,
    errors: Vec<LexError>,
    symbols: &'a mut Symbols,
    /// The current token crossed a line splice (its spelling must be cleaned).
    spliced: bool,
    /// The current identifier contains universal character names.
    ucn: bool,
}

/// What [`Lexer::lex_token`] found.
struct Lexeme {
    kind: TokenKind,
    /// Known for punctuators; identifiers and literals are interned from their text.
    sym: Option<Symbol>,
    digraph: bool,
}

impl Lexeme {
    fn of(kind: TokenKind) -> Self {
        Lexeme {
            kind,
            sym: None,
            digraph: false,
        }
    }
}

impl<'a> Lexer<'a> {
    /// The position of the next logical character at or after `p` (skipping splices).
    #[inline]
    fn logical(&self, mut p: usize) -> usize {
        if self.b.get(p) != Some(&b'\\') {
            return p;
        }
        loop {
            let n = splice_len(self.b, p);
            if n == 0 {
                return p;
            }
            p += n;
        }
    }

    /// The `n`-th logical character from the cursor.
    fn peek_n(&self, n: usize) -> Option<u8> {
        let mut p = self.logical(self.pos);
        for _ in 0..n {
            if p >= self.b.len() {
                return None;
            }
            p = self.logical(p + 1);
        }
        self.b.get(p).copied()
    }

    fn peek(&self) -> Option<u8> {
        self.peek_n(0)
    }

    fn bump(&mut self) -> Option<u8> {
        let p = self.logical(self.pos);
        self.spliced |= p != self.pos;
        let c = self.b.get(p).copied();
        if c.is_some() {
            self.pos = p + 1;
        }
        c
    }

    fn span(&self, lo: usize, hi: usize) -> Span {
        Span::new(self.file, lo as u32, hi as u32)
    }

    fn error(&mut self, token: Option<usize>, lo: usize, hi: usize, message: impl Into<String>) {
        let span = self.span(lo, hi);
        self.errors.push(LexError {
            token,
            span,
            message: message.into(),
        });
    }

    fn run(&mut self, from: Resume, stop_after: usize) -> Option<Resume> {
        let mut at_line_start = true;
        let mut leading_space = from.leading_space;
        loop {
            // Whitespace and comments.
            let p = self.logical(self.pos);
            if p != self.pos {
                leading_space = true;
                self.pos = p;
            }
            let Some(c) = self.b.get(self.pos).copied() else {
                break;
            };
            match c {
                b'\n' => {
                    self.pos += 1;
                    at_line_start = true;
                    leading_space = false;
                    continue;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    self.pos += 1;
                    leading_space = true;
                    continue;
                }
                b'/' if self.peek_n(1) == Some(b'/') => {
                    // A line comment ends before the newline (splices continue it).
                    while let Some(c) = self.peek() {
                        if c == b'\n' {
                            break;
                        }
                        self.bump();
                    }
                    leading_space = true;
                    continue;
                }
                b'/' if self.peek_n(1) == Some(b'*') => {
                    let lo = self.pos;
                    self.bump();
                    self.bump();
                    let mut closed = false;
                    while let Some(c) = self.bump() {
                        if c == b'*' && self.peek() == Some(b'/') {
                            self.bump();
                            closed = true;
                            break;
                        }
                    }
                    if !closed {
                        self.error(None, lo, lo + 2, "unterminated /* comment");
                    }
                    leading_space = true;
                    continue;
                }
                _ => {}
            }
            let lo = self.pos;
            if at_line_start && lo >= stop_after {
                return Some(Resume {
                    offset: lo,
                    leading_space,
                });
            }
            let index = self.tokens.len();
            self.spliced = false;
            self.ucn = false;
            let lexeme = self.lex_token(index);
            let hi = self.pos.max(lo + 1).min(self.b.len());
            let mut sym = match lexeme.sym {
                Some(s) => s,
                None => self.spelling(lexeme.kind, lo, hi),
            };
            let (mut kind, mut digraph) = (lexeme.kind, lexeme.digraph);
            if kind == TokenKind::Ident && sym.is_predefined() {
                // `and`, `or`, `not_eq`...: the operators they stand for.
                if let Some(op) = alternative_token(sym) {
                    sym = op;
                    kind = TokenKind::Punct;
                    digraph = true;
                }
            }
            self.tokens.push(Token {
                kind,
                sym,
                span: self.span(lo, hi),
                expansion: None,
                leading_space,
                at_line_start,
                digraph,
            });
            at_line_start = false;
            leading_space = false;
        }
        let end = self.b.len();
        let mut eof = Token::eof(self.span(end, end));
        eof.leading_space = leading_space;
        self.tokens.push(eof);
        None
    }

    /// The symbol of a token spelled at `lo..hi`: line splices removed
    /// (except in raw strings, where the standard reverts them).
    fn spelling(&mut self, kind: TokenKind, lo: usize, hi: usize) -> Symbol {
        let raw = self.src.get(lo..hi).unwrap_or("");
        let unique = matches!(kind, TokenKind::String | TokenKind::Char);
        let mut text = if self.spliced && !(kind == TokenKind::String && is_raw_string(raw)) {
            remove_splices(raw)
        } else {
            std::borrow::Cow::Borrowed(raw)
        };
        if self.ucn {
            // `caf\u00e9` and `café` are the same identifier.
            text = std::borrow::Cow::Owned(decode_ucns(&text));
        }
        if unique {
            self.symbols.add_unique(&text)
        } else {
            self.symbols.intern(&text)
        }
    }

    /// Lex one token at the cursor (not whitespace).
    fn lex_token(&mut self, index: usize) -> Lexeme {
        let Some(c) = self.peek() else {
            return Lexeme::of(TokenKind::Eof);
        };
        if c.is_ascii_digit() || (c == b'.' && self.peek_n(1).is_some_and(|d| d.is_ascii_digit())) {
            self.lex_number();
            return Lexeme::of(TokenKind::Number);
        }
        if is_ident_start(c) {
            // Encoding prefixes and raw strings.
            if matches!(c, b'u' | b'U' | b'L' | b'R') {
                if let Some(kind) = self.try_literal_with_prefix(index) {
                    return Lexeme::of(kind);
                }
            }
            if c >= 0x80 && !self.starts_identifier_char() {
                return self.lex_stray();
            }
            self.bump();
            self.scan_identifier_rest();
            return Lexeme::of(TokenKind::Ident);
        }
        if c == b'\\' && ucn_len(self.b, self.pos) > 0 {
            self.scan_identifier_rest();
            return Lexeme::of(TokenKind::Ident);
        }
        match c {
            b'\'' => {
                self.lex_quoted(b'\'', index);
                Lexeme::of(TokenKind::Char)
            }
            b'"' => {
                self.lex_quoted(b'"', index);
                Lexeme::of(TokenKind::String)
            }
            _ => {
                let Some((n, sym, digraph)) = self.punctuator(c) else {
                    return self.lex_stray();
                };
                for _ in 0..n {
                    self.bump();
                }
                Lexeme {
                    kind: TokenKind::Punct,
                    sym: Some(sym),
                    digraph,
                }
            }
        }
    }

    /// The rest of an identifier: runs of identifier bytes and universal
    /// character names, continued across line splices.
    fn scan_identifier_rest(&mut self) {
        loop {
            let mut p = self.pos;
            loop {
                while p < self.b.len() && is_ident_continue(self.b[p]) {
                    p += 1;
                }
                let n = ucn_len(self.b, p);
                if n == 0 {
                    break;
                }
                self.ucn = true;
                p += n;
            }
            self.pos = p;
            let q = self.logical(p);
            if q == p || !self.b.get(q).is_some_and(|&c| is_ident_continue(c)) {
                return;
            }
            self.spliced = true;
            self.pos = q;
        }
    }

    /// The longest punctuator at the cursor, whose first character is `c`:
    /// its length in logical characters, its symbol, and whether it is a
    /// digraph (`<:` `:>` `<%` `%>` `%:` `%:%:`). `None` if `c` starts none.
    fn punctuator(&self, c: u8) -> Option<(usize, Symbol, bool)> {
        let c1 = self.peek_n(1);
        let one = |s| Some((1, s, false));
        let two = |s| Some((2, s, false));
        let three = |s| Some((3, s, false));
        // `c` alone, `c=`, or `cc` for the operators that have those forms.
        let with_eq_or_double = |single, eq, double: Option<Symbol>| match c1 {
            Some(b'=') => two(eq),
            Some(d) if d == c && double.is_some() => double.map(|s| (2, s, false)),
            _ => one(single),
        };
        match c {
            b'{' => one(sym!("{")),
            b'}' => one(sym!("}")),
            b'[' => one(sym!("[")),
            b']' => one(sym!("]")),
            b'(' => one(sym!("(")),
            b')' => one(sym!(")")),
            b';' => one(sym!(";")),
            b',' => one(sym!(",")),
            b'?' => one(sym!("?")),
            b'~' => one(sym!("~")),
            b'<' => match c1 {
                Some(b'<') if self.peek_n(2) == Some(b'=') => three(sym!("<<=")),
                Some(b'<') => two(sym!("<<")),
                Some(b'=') if self.peek_n(2) == Some(b'>') => three(sym!("<=>")),
                Some(b'=') => two(sym!("<=")),
                // `<::` not followed by `:` or `>` is `<` then `::` ([lex.pptoken]).
                Some(b':')
                    if self.peek_n(2) == Some(b':')
                        && !matches!(self.peek_n(3), Some(b':' | b'>')) =>
                {
                    one(sym!("<"))
                }
                Some(b':') => Some((2, sym!("["), true)),
                Some(b'%') => Some((2, sym!("{"), true)),
                _ => one(sym!("<")),
            },
            b'>' => match c1 {
                Some(b'>') if self.peek_n(2) == Some(b'=') => three(sym!(">>=")),
                Some(b'>') => two(sym!(">>")),
                Some(b'=') => two(sym!(">=")),
                _ => one(sym!(">")),
            },
            b'-' => match c1 {
                Some(b'>') if self.peek_n(2) == Some(b'*') => three(sym!("->*")),
                Some(b'>') => two(sym!("->")),
                _ => with_eq_or_double(sym!("-"), sym!("-="), Some(sym!("--"))),
            },
            b'.' => match c1 {
                Some(b'.') if self.peek_n(2) == Some(b'.') => three(sym!("...")),
                Some(b'*') => two(sym!(".*")),
                _ => one(sym!(".")),
            },
            b':' => match c1 {
                Some(b':') => two(sym!("::")),
                Some(b'>') => Some((2, sym!("]"), true)),
                _ => one(sym!(":")),
            },
            b'#' => match c1 {
                Some(b'#') => two(sym!("##")),
                _ => one(sym!("#")),
            },
            b'%' => match c1 {
                Some(b'>') => Some((2, sym!("}"), true)),
                Some(b':') if self.peek_n(2) == Some(b'%') && self.peek_n(3) == Some(b':') => {
                    Some((4, sym!("##"), true))
                }
                Some(b':') => Some((2, sym!("#"), true)),
                _ => with_eq_or_double(sym!("%"), sym!("%="), None),
            },
            b'+' => with_eq_or_double(sym!("+"), sym!("+="), Some(sym!("++"))),
            b'&' => with_eq_or_double(sym!("&"), sym!("&="), Some(sym!("&&"))),
            b'|' => with_eq_or_double(sym!("|"), sym!("|="), Some(sym!("||"))),
            b'=' => with_eq_or_double(sym!("="), sym!("=="), None),
            b'!' => with_eq_or_double(sym!("!"), sym!("!="), None),
            b'*' => with_eq_or_double(sym!("*"), sym!("*="), None),
            b'/' => with_eq_or_double(sym!("/"), sym!("/="), None),
            b'^' => with_eq_or_double(sym!("^"), sym!("^="), None),
            _ => None,
        }
    }

    /// Non-ASCII characters that are letters are identifier characters; others
    /// (say, a non-breaking space) are stray characters.
    fn starts_identifier_char(&self) -> bool {
        let p = self.logical(self.pos);
        match self.src.get(p..).and_then(|s| s.chars().next()) {
            Some(ch) => ch.is_alphanumeric() || ch == '_',
            None => false,
        }
    }

    /// A character that starts no token (`@`, `$`, a backslash...): one
    /// punctuator token holding that character; the parser rejects it.
    fn lex_stray(&mut self) -> Lexeme {
        let p = self.logical(self.pos);
        let len = self
            .src
            .get(p..)
            .and_then(|s| s.chars().next())
            .map_or(1, |c| c.len_utf8());
        self.pos = p + len;
        Lexeme::of(TokenKind::Punct)
    }

    fn lex_number(&mut self) {
        self.bump();
        while let Some(c) = self.peek() {
            if matches!(c, b'e' | b'E' | b'p' | b'P') && matches!(self.peek_n(1), Some(b'+' | b'-'))
            {
                self.bump();
                self.bump();
            } else if is_ident_continue(c) || c == b'.' {
                self.bump();
            } else if c == b'\'' && self.peek_n(1).is_some_and(is_ident_continue) {
                self.bump();
                self.bump();
            } else {
                break;
            }
        }
    }

    /// `u8"..."`, `L'x'`, `R"(...)"`, `u8R"x(...)x"` and friends.
    fn try_literal_with_prefix(&mut self, index: usize) -> Option<TokenKind> {
        let mut prefix = Vec::new();
        let mut i = 0;
        while prefix.len() < 3 {
            match self.peek_n(i) {
                Some(c) if is_ident_continue(c) => prefix.push(c),
                _ => break,
            }
            i += 1;
        }
        let try_one = |p: &[u8]| prefix.starts_with(p);
        let candidates: &[(&[u8], bool)] = &[
            (b"u8R", true),
            (b"uR", true),
            (b"UR", true),
            (b"LR", true),
            (b"R", true),
            (b"u8", false),
            (b"u", false),
            (b"U", false),
            (b"L", false),
        ];
        for (p, raw) in candidates {
            if !try_one(p) {
                continue;
            }
            let q = self.peek_n(p.len());
            if *raw && q == Some(b'"') {
                for _ in 0..p.len() {
                    self.bump();
                }
                self.lex_raw_string(index);
                return Some(TokenKind::String);
            }
            if !*raw && (q == Some(b'"') || q == Some(b'\'')) {
                for _ in 0..p.len() {
                    self.bump();
                }
                let q = q.unwrap_or(b'"');
                self.lex_quoted(q, index);
                return Some(if q == b'"' {
                    TokenKind::String
                } else {
                    TokenKind::Char
                });
            }
        }
        None
    }

    /// A quoted literal at the cursor (the opening quote), with escapes and an
    /// optional ud-suffix. An unterminated one ends at the end of the line.
    fn lex_quoted(&mut self, quote: u8, index: usize) {
        let lo = self.logical(self.pos);
        self.bump();
        loop {
            match self.peek() {
                None | Some(b'\n') => {
                    let what = if quote == b'"' { "\"" } else { "'" };
                    let hi = self.pos.max(lo + 1);
                    self.error(
                        Some(index),
                        lo,
                        hi,
                        format!("missing terminating {what} character"),
                    );
                    return;
                }
                Some(b'\\') => {
                    self.bump();
                    if self.peek().is_some_and(|c| c != b'\n') {
                        self.bump();
                    }
                }
                Some(c) => {
                    self.bump();
                    if c == quote {
                        break;
                    }
                }
            }
        }
        self.lex_ud_suffix();
    }

    fn lex_ud_suffix(&mut self) {
        if self.peek().is_some_and(is_ident_start) {
            while self.peek().is_some_and(is_ident_continue) {
                self.bump();
            }
        }
    }

    /// A raw string: the cursor is at the `"` after `R`. Splices inside the
    /// raw characters are kept (the standard reverts them).
    fn lex_raw_string(&mut self, index: usize) {
        let lo = self.logical(self.pos);
        self.bump();
        let start = self.pos;
        // The delimiter: up to 16 characters, no spaces, parentheses or backslashes.
        let mut p = start;
        while p < self.b.len() && p - start <= 16 {
            let c = self.b[p];
            if c == b'(' {
                break;
            }
            if matches!(c, b' ' | b')' | b'\\' | b'\t' | b'\n' | 0x0b | 0x0c | b'"') {
                self.pos = p;
                self.error(
                    Some(index),
                    lo,
                    p.max(lo + 1),
                    "invalid character in raw string delimiter",
                );
                self.skip_to_line_end_raw();
                return;
            }
            p += 1;
        }
        if p >= self.b.len() || self.b[p] != b'(' {
            self.error(
                Some(index),
                lo,
                lo + 1,
                "raw string delimiter longer than 16 characters",
            );
            self.pos = p.min(self.b.len());
            self.skip_to_line_end_raw();
            return;
        }
        let delim = &self.b[start..p];
        let body = p + 1;
        let mut q = body;
        while q < self.b.len() {
            if self.b[q] == b')'
                && self.b[q + 1..].starts_with(delim)
                && self.b.get(q + 1 + delim.len()) == Some(&b'"')
            {
                self.pos = q + 2 + delim.len();
                self.lex_ud_suffix();
                return;
            }
            q += 1;
        }
        self.pos = self.b.len();
        self.error(Some(index), lo, lo + 1, "unterminated raw string");
    }

    fn skip_to_line_end_raw(&mut self) {
        while self.pos < self.b.len() && self.b[self.pos] != b'\n' {
            self.pos += 1;
        }
    }
}

/// Whether a string-literal spelling is a raw string (`R"`, `u8R"`, ...).
pub fn is_raw_string(text: &str) -> bool {
    let q = text.find('"').unwrap_or(0);
    text[..q].ends_with('R')
}

/// The operator an alternative token spells (C++ [lex.digraph]).
/// The operator an alternative token (`and`, `not_eq`...) spells.
fn alternative_token(word: Symbol) -> Option<Symbol> {
    const ALTERNATIVES: [(Symbol, Symbol); 11] = [
        (sym!("and"), sym!("&&")),
        (sym!("or"), sym!("||")),
        (sym!("not"), sym!("!")),
        (sym!("xor"), sym!("^")),
        (sym!("bitand"), sym!("&")),
        (sym!("bitor"), sym!("|")),
        (sym!("compl"), sym!("~")),
        (sym!("and_eq"), sym!("&=")),
        (sym!("or_eq"), sym!("|=")),
        (sym!("xor_eq"), sym!("^=")),
        (sym!("not_eq"), sym!("!=")),
    ];
    ALTERNATIVES
        .iter()
        .find(|(alt, _)| *alt == word)
        .map(|&(_, op)| op)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexing_part_by_part_gives_the_tokens_of_the_whole_file() {
        let block =
            "#define CAT(a, b) a ## b \\\n   + 1\n  int x = 1; /* a comment\n spanning */ int y;\n\
                     auto r = R\"raw(\nline\n)raw\"; // a comment \\\ncontinued\n\
                     \tfloat z = 0x1p3f; 'c' u8\"s\" <: :> %: and not_eq caf\\u00e9\n\
                     \"unterminated\n  @ x\n";
        let src = block.repeat(20);
        let mut whole_symbols = Symbols::new();
        let whole = lex(FileId(3), &src, &mut whole_symbols);
        assert!(!whole.errors.is_empty());
        for part_bytes in [1, 7, 64, 300, 4096] {
            let mut symbols = Symbols::new();
            let mut tokens = Vec::new();
            let mut errors = Vec::new();
            let mut from = Resume::START;
            loop {
                let stop = from.offset + part_bytes;
                let (e, resume) = lex_part(FileId(3), &src, from, stop, &mut symbols, &mut tokens);
                errors.extend(e);
                match resume {
                    Some(r) => {
                        assert!(r.offset > from.offset, "no progress at {}", r.offset);
                        from = r;
                    }
                    None => break,
                }
            }
            assert_eq!(
                tokens.len(),
                whole.tokens.len(),
                "parts of {part_bytes} bytes"
            );
            for (a, b) in tokens.iter().zip(&whole.tokens) {
                assert_eq!(
                    (a.kind, a.span, a.leading_space, a.at_line_start, a.digraph),
                    (b.kind, b.span, b.leading_space, b.at_line_start, b.digraph)
                );
                assert_eq!(symbols.text(a.sym), whole_symbols.text(b.sym));
            }
            let key = |e: &LexError| (e.token, e.span, e.message.clone());
            assert_eq!(
                errors.iter().map(key).collect::<Vec<_>>(),
                whole.errors.iter().map(key).collect::<Vec<_>>()
            );
        }
    }

    fn texts(src: &str) -> Vec<String> {
        let mut symbols = Symbols::new();
        let l = lex(FileId(0), src, &mut symbols);
        l.tokens
            .iter()
            .filter(|t| t.kind != TokenKind::Eof)
            .map(|t| symbols.spelling(t).to_string())
            .collect()
    }

    fn kinds(src: &str) -> Vec<TokenKind> {
        lex(FileId(0), src, &mut Symbols::new())
            .tokens
            .iter()
            .map(|t| t.kind)
            .collect()
    }

    #[test]
    fn punctuators_longest_match() {
        assert_eq!(
            texts("a<<=b->*c...d::e<=>f"),
            ["a", "<<=", "b", "->*", "c", "...", "d", "::", "e", "<=>", "f"]
        );
        assert_eq!(texts("x+++y"), ["x", "++", "+", "y"]);
        assert_eq!(texts("[[a]]"), ["[", "[", "a", "]", "]"]);
        assert_eq!(texts("#define a ## b"), ["#", "define", "a", "##", "b"]);
        assert_eq!(texts("a.*b"), ["a", ".*", "b"]);
        assert_eq!(texts("x..y"), ["x", ".", ".", "y"]);
    }

    #[test]
    fn digraphs_are_the_punctuators_they_stand_for() {
        let mut symbols = Symbols::new();
        let l = lex(FileId(0), "<: :> <% %> %: %:%: %= %", &mut symbols);
        let syms: Vec<Symbol> = l.tokens.iter().take(8).map(|t| t.sym).collect();
        assert_eq!(
            syms,
            [
                sym!("["),
                sym!("]"),
                sym!("{"),
                sym!("}"),
                sym!("#"),
                sym!("##"),
                sym!("%="),
                sym!("%")
            ]
        );
        assert!(l.tokens[..6].iter().all(|t| t.digraph) && !l.tokens[6].digraph);
        // Spellings are kept (for -E and stringizing).
        assert_eq!(texts("a<:1:> %:%:"), ["a", "<:", "1", ":>", "%:%:"]);
        // [lex.pptoken]: `<::` not followed by `:` or `>` is `<` then `::`.
        assert_eq!(texts("A<::B>"), ["A", "<", "::", "B", ">"]);
        assert_eq!(texts("x<::>"), ["x", "<:", ":>"]);
        assert_eq!(texts("y<:::z"), ["y", "<:", "::", "z"]);
    }

    #[test]
    fn universal_character_names_in_identifiers() {
        assert_eq!(texts("caf\\u00e9 = x\\U000000E9y"), ["café", "=", "xéy"]);
        let mut symbols = Symbols::new();
        let l = lex(FileId(0), "caf\\u00e9 café", &mut symbols);
        assert_eq!(l.tokens[0].sym, l.tokens[1].sym);
        assert_eq!(l.tokens[0].kind, TokenKind::Ident);
        // Not a UCN (too short, or not a letter): a stray backslash.
        assert_eq!(
            texts("a\\u00 b\\u0020"),
            ["a", "\\", "u00", "b", "\\", "u0020"]
        );
    }

    #[test]
    fn numbers() {
        assert_eq!(
            texts("1'000'000 0x1.8p3 1e+5 .5f 0b1010u 12ull 1.2.3"),
            [
                "1'000'000",
                "0x1.8p3",
                "1e+5",
                ".5f",
                "0b1010u",
                "12ull",
                "1.2.3"
            ]
        );
        assert_eq!(texts("1+2"), ["1", "+", "2"]);
        assert_eq!(texts("0x1e+1"), ["0x1e+1"]);
        assert_eq!(kinds("42"), [TokenKind::Number, TokenKind::Eof]);
    }

    #[test]
    fn literals_with_prefixes() {
        assert_eq!(
            texts(r#"u8"a" u"b" U"c" L"d" u8'e' L'\'' "x\"y" 'a'"#),
            [
                "u8\"a\"",
                "u\"b\"",
                "U\"c\"",
                "L\"d\"",
                "u8'e'",
                "L'\\''",
                "\"x\\\"y\"",
                "'a'"
            ]
        );
        assert_eq!(
            kinds("u8'e' Lx"),
            [TokenKind::Char, TokenKind::Ident, TokenKind::Eof]
        );
        assert_eq!(texts(r#""abc"_s"#), ["\"abc\"_s"]);
    }

    #[test]
    fn raw_strings() {
        let src = "R\"x(a)\" \\\n )x\" b";
        assert_eq!(texts(src), ["R\"x(a)\" \\\n )x\"", "b"]);
        assert_eq!(texts("u8R\"(q)\""), ["u8R\"(q)\""]);
        assert!(!lex(FileId(0), "R\"(abc", &mut Symbols::new())
            .errors
            .is_empty());
    }

    #[test]
    fn comments_and_splices() {
        let mut symbols = Symbols::new();
        let l = lex(
            FileId(0),
            "a // c \\\n still comment\nb /* x\n y */ c\nd\\\ne",
            &mut symbols,
        );
        let t: Vec<_> = l
            .tokens
            .iter()
            .map(|t| {
                (
                    symbols.spelling(t).to_string(),
                    t.at_line_start,
                    t.leading_space,
                )
            })
            .collect();
        assert_eq!(t[0], ("a".into(), true, false));
        assert_eq!(t[1], ("b".into(), true, false));
        assert_eq!(t[2], ("c".into(), false, true));
        assert_eq!(t[3], ("de".into(), true, false));
        assert_eq!(l.tokens[3].span, Span::new(FileId(0), 39, 43));
        assert!(l.errors.is_empty());
    }

    #[test]
    fn errors_do_not_panic() {
        let l = lex(
            FileId(0),
            "'abc\n\"def\n/* never closed",
            &mut Symbols::new(),
        );
        assert_eq!(l.errors.len(), 3);
        assert_eq!(l.errors[0].token, Some(0));
        assert!(l.errors[2].message.contains("unterminated"));
        for src in [
            "\\",
            "R\"",
            "u8",
            "'",
            "\"\\",
            "0x",
            "a\\\r\nb",
            "é ü \u{a0} @ $",
            "R\"aaaaaaaaaaaaaaaaaaaaaaa(",
            "\u{feff}x",
        ] {
            let _ = lex(FileId(0), src, &mut Symbols::new());
        }
    }
}
