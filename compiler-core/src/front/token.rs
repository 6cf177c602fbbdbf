//! Tokens and their spellings: what the lexer produces and the preprocessor
//! hands to the parser.
//!
//! As in clang, a token is classified once: its spelling is a [`Symbol`], an
//! id in the translation unit's [`Symbols`] table. Keywords, punctuators and
//! the identifiers the preprocessor and parser look for are predefined, with
//! ids fixed at compile time (`sym!("const")`), so the preprocessor and parser
//! compare ids, never text; identifiers with the same spelling share one id,
//! so the macro table and the parser's name table are keyed by id.

use crate::source::Span;
use elsa::FrozenVec;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// Identifiers and keywords (keywords are the symbols below [`Symbol::is_keyword`]).
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

/// The interned spelling of a token (see [`Symbols`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub u32);

/// Keywords first (so that [`Symbol::is_keyword`] is one comparison), then
/// punctuators, then identifiers the preprocessor and parser test for.
const KEYWORDS: &[&str] = &[
    "alignas",
    "alignof",
    "asm",
    "auto",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "char16_t",
    "char32_t",
    "char8_t",
    "class",
    "const",
    "constexpr",
    "const_cast",
    "continue",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "nullptr",
    "operator",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "static_cast",
    "struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "wchar_t",
    "while",
    "__attribute__",
    "__restrict",
    "__restrict__",
    "__inline",
    "__inline__",
    "__extension__",
    "_Float16",
    "__fp16",
];

const PUNCTUATORS: &[&str] = &[
    "{", "}", "[", "]", "(", ")", ";", ",", "?", "~", ":", "::", ".", "...", ".*", "->", "->*",
    "+", "++", "+=", "-", "--", "-=", "*", "*=", "/", "/=", "%", "%=", "^", "^=", "&", "&&", "&=",
    "|", "||", "|=", "!", "!=", "=", "==", "<", "<=", "<=>", "<<", "<<=", ">", ">=", ">>", ">>=",
    "#", "##",
];

const OTHER_NAMES: &[&str] = &[
    // Preprocessing directives and operators.
    "define",
    "undef",
    "include",
    "include_next",
    "import",
    "ifdef",
    "ifndef",
    "elif",
    "endif",
    "line",
    "error",
    "warning",
    "pragma",
    "ident",
    "sccs",
    "assert",
    "unassert",
    "once",
    "defined",
    "_Pragma",
    "__VA_ARGS__",
    "__VA_OPT__",
    "__LINE__",
    "__FILE__",
    "__COUNTER__",
    "__INCLUDE_LEVEL__",
    "__has_include",
    "__has_include_next",
    "__has_cpp_attribute",
    "__has_attribute",
    "__has_builtin",
    "__has_feature",
    "__has_extension",
    // Contextual words of the parser.
    "final",
    "override",
    // C++20 keywords, identifiers in the modes before it.
    "concept",
    "requires",
    "consteval",
    "constinit",
    "half",
    "0",
    "size_t",
    "ptrdiff_t",
    "nullptr_t",
    "max_align_t",
    // Alternative tokens, which the lexer turns into the operators they spell.
    "and",
    "or",
    "not",
    "xor",
    "bitand",
    "bitor",
    "compl",
    "and_eq",
    "or_eq",
    "xor_eq",
    "not_eq",
];

/// The number of predefined symbols.
const PREDEFINED_LEN: usize = KEYWORDS.len() + PUNCTUATORS.len() + OTHER_NAMES.len();

/// The spelling of predefined symbol `i`.
const fn predefined_text(i: usize) -> &'static str {
    if i < KEYWORDS.len() {
        KEYWORDS[i]
    } else if i < KEYWORDS.len() + PUNCTUATORS.len() {
        PUNCTUATORS[i - KEYWORDS.len()]
    } else {
        OTHER_NAMES[i - KEYWORDS.len() - PUNCTUATORS.len()]
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

impl Symbol {
    /// The predefined symbol spelled `s`; used through `sym!` so that a
    /// spelling missing from the table is a compile-time error.
    pub const fn predefined(s: &str) -> Symbol {
        let mut i = 0;
        while i < PREDEFINED_LEN {
            if str_eq(predefined_text(i), s) {
                return Symbol(i as u32);
            }
            i += 1;
        }
        panic!("not a predefined symbol")
    }
    /// Keywords, punctuators and the identifiers the frontend tests for.
    pub fn is_predefined(self) -> bool {
        (self.0 as usize) < PREDEFINED_LEN
    }
    pub fn is_keyword(self) -> bool {
        (self.0 as usize) < KEYWORDS.len()
    }
    /// The spelling of a predefined symbol (for messages about expected tokens).
    pub fn predefined_spelling(self) -> &'static str {
        predefined_text(self.0 as usize)
    }
}

/// The predefined [`Symbol`] for a keyword, punctuator or known identifier,
/// checked at compile time: `sym!("const")`.
macro_rules! sym {
    ($s:literal) => {{
        const S: $crate::front::token::Symbol = $crate::front::token::Symbol::predefined($s);
        S
    }};
}
pub(crate) use sym;

/// The spellings of one translation unit. Identifiers and numbers are
/// deduplicated (one id per spelling); string and character literals get an
/// id each (they are not looked up, so hashing them would be wasted).
///
/// The preprocessor fills the table through `&mut self`. A parser reading
/// tokens while another thread still preprocesses (`front::pipeline`) gets
/// the new spellings with each batch and appends them through `&self`
/// ([`Symbols::append`]), while the texts it already borrowed stay put.
pub struct Symbols {
    ids: RefCell<FxHashMap<Rc<str>, Symbol>>,
    /// The deduplicated symbols by the address of their shared text: names
    /// the parser keeps as `Rc<str>` find their symbol without hashing text.
    by_address: RefCell<FxHashMap<usize, Symbol>>,
    /// Every symbol's text, by id (borrowed for as long as the table lives).
    texts: FrozenVec<Rc<str>>,
    /// The same texts, shared out as AST names.
    shared: RefCell<Vec<Rc<str>>>,
    /// Deduplicated symbols appended but not yet in `ids` (indexed when a
    /// lookup by text first needs them: most names are found by address).
    unindexed: RefCell<Vec<Symbol>>,
}

impl Default for Symbols {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Symbols {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Symbols({} spellings)", self.len())
    }
}

impl Symbols {
    pub fn new() -> Self {
        let mut s = Symbols {
            ids: RefCell::default(),
            by_address: RefCell::default(),
            texts: FrozenVec::new(),
            shared: RefCell::new(Vec::with_capacity(PREDEFINED_LEN + 1024)),
            unindexed: RefCell::default(),
        };
        for i in 0..PREDEFINED_LEN {
            s.intern(predefined_text(i));
        }
        s.intern("");
        s
    }
    /// How many symbols there are (the next one gets this id).
    pub fn len(&self) -> usize {
        self.texts.len()
    }
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }
    /// The symbol spelled `text` (the same id for the same spelling).
    pub fn intern(&mut self, text: &str) -> Symbol {
        self.index_appended();
        if let Some(&s) = self.ids.get_mut().get(text) {
            return s;
        }
        self.push(Rc::from(text), true)
    }
    /// Append the next symbol (the id [`Symbols::len`]) through a shared
    /// reference: `deduplicated` says whether [`Symbols::intern`] made it
    /// (so [`Symbols::lookup`] finds it) or [`Symbols::add_unique`] did.
    pub fn append(&self, text: &str, deduplicated: bool) -> Symbol {
        let rc: Rc<str> = Rc::from(text);
        let s = Symbol(self.texts.len() as u32);
        if deduplicated {
            self.by_address.borrow_mut().insert(rc.as_ptr() as usize, s);
            self.unindexed.borrow_mut().push(s);
        }
        self.shared.borrow_mut().push(rc.clone());
        self.texts.push(rc);
        s
    }
    /// Put the appended symbols in the by-text index.
    fn index_appended(&self) {
        let mut unindexed = self.unindexed.borrow_mut();
        if unindexed.is_empty() {
            return;
        }
        let shared = self.shared.borrow();
        let mut ids = self.ids.borrow_mut();
        for s in unindexed.drain(..) {
            ids.insert(shared[s.0 as usize].clone(), s);
        }
    }
    fn push(&mut self, rc: Rc<str>, deduplicated: bool) -> Symbol {
        let s = Symbol(self.texts.len() as u32);
        if deduplicated {
            self.by_address.get_mut().insert(rc.as_ptr() as usize, s);
            self.ids.get_mut().insert(rc.clone(), s);
        }
        self.shared.get_mut().push(rc.clone());
        self.texts.as_mut().push(rc);
        s
    }
    /// Whether symbol `s` was deduplicated ([`Symbols::intern`]) rather
    /// than made unique ([`Symbols::add_unique`]).
    pub fn is_deduplicated(&self, s: Symbol) -> bool {
        self.lookup(self.text(s)) == Some(s)
    }
    /// The symbol spelled `text`, if any token was.
    pub fn lookup(&self, text: &str) -> Option<Symbol> {
        // A text this table shares out is found by its address (the table
        // keeps it alive, so no other text can have that address).
        if let Some(&s) = self.by_address.borrow().get(&(text.as_ptr() as usize)) {
            if self.text(s).len() == text.len() {
                return Some(s);
            }
        }
        self.index_appended();
        self.ids.borrow().get(text).copied()
    }
    /// A new symbol for a literal's spelling (never shared).
    pub fn add_unique(&mut self, text: &str) -> Symbol {
        self.push(Rc::from(text), false)
    }
    pub fn text(&self, s: Symbol) -> &str {
        &self.texts[s.0 as usize]
    }
    /// The shared spelling (for names kept in the AST).
    pub fn rc(&self, s: Symbol) -> Rc<str> {
        self.shared.borrow()[s.0 as usize].clone()
    }
    /// The token as spelled in the source: its symbol's text, or the
    /// digraph it was written as.
    pub fn spelling(&self, t: &Token) -> &str {
        if t.digraph {
            return digraph_spelling(t.sym);
        }
        self.text(t.sym)
    }
}

/// The spelling of a punctuator written as a digraph (`<:` for `[`...) or
/// an alternative token (`and` for `&&`...): the two sets do not overlap.
fn digraph_spelling(s: Symbol) -> &'static str {
    match s {
        s if s == sym!("[") => "<:",
        s if s == sym!("]") => ":>",
        s if s == sym!("{") => "<%",
        s if s == sym!("}") => "%>",
        s if s == sym!("#") => "%:",
        s if s == sym!("&&") => "and",
        s if s == sym!("||") => "or",
        s if s == sym!("!") => "not",
        s if s == sym!("^") => "xor",
        s if s == sym!("&") => "bitand",
        s if s == sym!("|") => "bitor",
        s if s == sym!("~") => "compl",
        s if s == sym!("&=") => "and_eq",
        s if s == sym!("|=") => "or_eq",
        s if s == sym!("^=") => "xor_eq",
        s if s == sym!("!=") => "not_eq",
        _ => "%:%:",
    }
}

/// One token after preprocessing: small and `Copy`; its text is in [`Symbols`].
#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: TokenKind,
    pub sym: Symbol,
    /// Where the token is spelled (inside a macro definition for expanded tokens).
    pub span: Span,
    /// For tokens produced by macro expansion: the span of the outermost macro
    /// invocation in the file being compiled (clang's expansion location).
    pub expansion: Option<Span>,
    /// Whitespace precedes this token.
    pub leading_space: bool,
    /// First token on its line.
    pub at_line_start: bool,
    /// A punctuator spelled as a digraph (`<:` is `[`).
    pub digraph: bool,
}

impl Token {
    /// An end-of-file token at `span`.
    pub fn eof(span: Span) -> Token {
        Token {
            kind: TokenKind::Eof,
            sym: EMPTY,
            span,
            expansion: None,
            leading_space: false,
            at_line_start: true,
            digraph: false,
        }
    }
    /// Is this the identifier, keyword or punctuator `s`? (Literals have
    /// symbols of their own, never predefined ones.)
    #[inline]
    pub fn is(&self, s: Symbol) -> bool {
        self.sym == s
    }
    /// The location to report diagnostics at: the expansion site if any.
    pub fn report_span(&self) -> Span {
        self.expansion.unwrap_or(self.span)
    }
}

/// The symbol spelled "" (end-of-file tokens): `Symbols::new` interns it
/// right after the predefined table.
pub const EMPTY: Symbol = Symbol(PREDEFINED_LEN as u32);
