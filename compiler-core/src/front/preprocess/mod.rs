//! The C preprocessor: turns the main file and everything it includes into
//! one token stream for the parser.
//!
//! This module owns the driver (the stack of files being read, directives,
//! conditional groups, `#include` search, predefined macros and the limits that
//! turn hostile input into diagnostics). [`macros`] owns `#define` and macro
//! expansion, [`expr`] the evaluation of `#if` expressions.
//!
//! Tokens created by the preprocessor (stringized, pasted, `__LINE__`...) are
//! spelled in a scratch file named `<scratch>`, added to the [`SourceMap`]
//! first and given its text at the end, so every span stays valid.

mod expr;
mod fp_pragmas;
mod macros;
mod pack_pragmas;
pub mod print;

use crate::diag::Diagnostics;
use crate::front::fp_contract::{FpContract, FpContractMap};
use crate::front::lexer::{self, LexError, Resume};
use crate::front::pipeline::{BatchSender, BATCH_TOKENS};
use crate::front::pragma_pack::{PackDialect, PackMap};
use crate::front::token::{sym, Symbol, Symbols, Token, TokenKind};
use crate::source::{FileId, SourceMap, Span};
use crate::target::HostTarget;
use crate::IncludeProvider;
use fp_pragmas::FpPragmas;
use macros::Macro;
use pack_pragmas::PackPragmas;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::rc::Rc;

#[derive(Clone, Debug, Default)]
pub struct PpOptions {
    pub defines: Vec<(String, Option<String>)>,
    pub undefines: Vec<String>,
    pub include_dirs: Vec<String>,
    pub system_include_dirs: Vec<String>,
    /// Searched after the model headers (the host compiler's system
    /// directories).
    pub fallback_include_dirs: Vec<String>,
    /// Defines `__SYCL_DEVICE_ONLY__`.
    pub device_pass: bool,
    pub date_time: Option<(String, String)>,
    /// `-ffp-contract=`: the state `#pragma STDC FP_CONTRACT DEFAULT` restores.
    pub fp_contract: FpContract,
    /// Which host compiler's reading of `#pragma pack` to follow.
    pub pack_dialect: PackDialect,
    /// The language mode (`__cplusplus`; the parser's keywords).
    pub lang: crate::front::lang::LangStd,
    /// The host's platform and data model macros (`__x86_64__`, `__wasm32__`...).
    pub host_target: crate::target::HostTarget,
}

pub struct PpOutput {
    /// The token stream, ending with one `Eof` token.
    pub tokens: Vec<Token>,
    /// The spellings of the tokens.
    pub symbols: Symbols,
    /// Names of the files read through `#include`, in first-read order
    /// (files read through the [`IncludeProvider`]; model headers are not
    /// files and are not listed).
    pub included_files: Vec<String>,
    /// Where `#pragma STDC FP_CONTRACT` and its kin changed the contraction state.
    pub fp_contract: FpContractMap,
    /// Where `#pragma pack` changed the largest alignment of class members.
    pub pack: PackMap,
}

/// Deepest `#include` nesting.
pub const MAX_INCLUDE_DEPTH: usize = 200;
/// Most macro expansions in one translation unit.
pub const MAX_EXPANSIONS: u64 = 1_000_000;
/// Most tokens read or produced in one translation unit.
pub const MAX_TOKENS: u64 = 50_000_000;
/// Deepest recursion (nested macro arguments, parentheses in `#if`).
pub const MAX_NESTING: usize = 256;

/// Preprocess `main` and everything it includes.
pub fn preprocess(
    sm: &mut SourceMap,
    main: FileId,
    provider: &dyn IncludeProvider,
    opts: &PpOptions,
    diags: &mut Diagnostics,
) -> PpOutput {
    run(sm, main, provider, opts, diags, None)
}

/// Preprocess as [`preprocess`] does, handing the tokens to a parser on
/// another thread in batches as they are made (see `front::pipeline`).
#[cfg(not(target_family = "wasm"))]
pub(crate) fn preprocess_into(
    sm: &mut SourceMap,
    main: FileId,
    provider: &dyn IncludeProvider,
    opts: &PpOptions,
    diags: &mut Diagnostics,
    batches: BatchSender,
) -> (Vec<String>, FpContractMap, PackMap) {
    let out = run(sm, main, provider, opts, diags, Some(batches));
    (out.included_files, out.fp_contract, out.pack)
}

fn run(
    sm: &mut SourceMap,
    main: FileId,
    provider: &dyn IncludeProvider,
    opts: &PpOptions,
    diags: &mut Diagnostics,
    mut batches: Option<BatchSender>,
) -> PpOutput {
    // Scratch tokens are spelled in a file whose text is known at the end
    // (added first, so that file ids do not depend on whether it is used).
    let scratch_file = sm.add("<scratch>", "");
    let builtin_text = predefines(opts);
    let builtin = sm.add("<built-in>", builtin_text);
    let mut pp = Pp {
        sm,
        provider,
        opts,
        diags,
        files: Vec::new(),
        pending: Vec::new(),
        isolated: false,
        if_mode: false,
        macros: Vec::new(),
        symbols: Symbols::new(),
        scratch: String::new(),
        once: HashSet::default(),
        file_cache: HashMap::default(),
        lexed: HashMap::default(),
        included: Vec::new(),
        included_set: HashSet::default(),
        counter: 0,
        expansions: 0,
        work: 0,
        aborted: false,
        depth: 0,
        fp: FpPragmas::new(opts.fp_contract),
        pack: PackPragmas::new(opts.pack_dialect),
        scratch_file,
    };
    let main_name = pp.sm.file(main).name.clone();
    pp.push_file(main, main_name, None);
    pp.push_file(builtin, "<built-in>".into(), None);

    // Most tokens of a translation unit come from the main file (about one
    // per five bytes); batches for a parser on another thread are full.
    let capacity = match batches {
        Some(_) => BATCH_TOKENS,
        None => {
            let main_tokens = pp.sm.file(main).text.len() / 5;
            main_tokens + main_tokens / 4
        }
    };
    let mut tokens = Vec::with_capacity(capacity);
    while let Some(t) = pp.next_output() {
        pp.fp.token(&t);
        tokens.push(t);
        if tokens.len() >= BATCH_TOKENS {
            if let Some(sender) = &mut batches {
                let batch = std::mem::replace(&mut tokens, Vec::with_capacity(BATCH_TOKENS));
                if !sender.send(batch, &pp.symbols) {
                    // The parser stopped reading: nothing more is needed.
                    break;
                }
            }
        }
    }
    let end = pp.sm.file(main).text.len() as u32;
    let scratch_text = std::mem::take(&mut pp.scratch);
    let included = std::mem::take(&mut pp.included);
    let symbols = std::mem::take(&mut pp.symbols);
    let fp_contract = pp.fp.finish();
    let pack = pp.pack.finish();

    sm.set_text(scratch_file, scratch_text);
    tokens.push(Token::eof(Span::new(main, end, end)));
    if let Some(mut sender) = batches {
        sender.send(std::mem::take(&mut tokens), &symbols);
    }
    PpOutput {
        tokens,
        symbols,
        included_files: included,
        fp_contract,
        pack,
    }
}

/// Files are lexed in parts of about this many bytes.
const LEX_PART_BYTES: usize = 64 * 1024;

/// The errors of lexed tokens; errors outside tokens (unterminated
/// comments) are reported now.
fn token_errors(errors: Vec<LexError>, diags: &mut Diagnostics) -> Vec<LexError> {
    let mut kept = Vec::new();
    for e in errors {
        match e.token {
            Some(_) => kept.push(e),
            None => diags.error(e.span, e.message),
        }
    }
    kept
}

/// Lex the next part of `f` (its tokens ran out) and append it; a file
/// lexed to its end is remembered in `lexed` for when it is read again.
fn lex_next_part(
    f: &mut FileState,
    sm: &SourceMap,
    symbols: &mut Symbols,
    diags: &mut Diagnostics,
    lexed: &mut HashMap<FileId, LexedFile>,
) {
    let Some(from) = f.resume else {
        return;
    };
    let (errors, resume) = lexer::lex_part(
        f.id,
        &sm.file(f.id).text,
        from,
        from.offset + LEX_PART_BYTES,
        symbols,
        Rc::make_mut(&mut f.tokens),
    );
    Rc::make_mut(&mut f.errors).extend(token_errors(errors, diags));
    f.resume = resume;
    if resume.is_none() {
        lexed.insert(f.id, (f.tokens.clone(), f.errors.clone()));
    }
}

/// The text of the `<built-in>` file: predefined macros, then `-D`/`-U`.
fn predefines(opts: &PpOptions) -> String {
    let (date, time) = opts
        .date_time
        .clone()
        .unwrap_or_else(|| ("Jan  1 1970".into(), "00:00:00".into()));
    let mut s = String::new();
    let defs: &[(&str, &str)] = &[
        ("__cplusplus", opts.lang.cplusplus()),
        ("SYCL_LANGUAGE_VERSION", "202012"),
        ("__SYCLONE__", "1"),
        ("__STDC_HOSTED__", "1"),
        ("__CHAR_BIT__", "8"),
        ("__SIZEOF_LONG_LONG__", "8"),
        ("__SIZEOF_INT__", "4"),
        ("__SIZEOF_SHORT__", "2"),
        ("__SIZEOF_FLOAT__", "4"),
        ("__SIZEOF_DOUBLE__", "8"),
        ("__ORDER_LITTLE_ENDIAN__", "1234"),
        ("__ORDER_BIG_ENDIAN__", "4321"),
        ("__BYTE_ORDER__", "__ORDER_LITTLE_ENDIAN__"),
        ("__SIZE_TYPE__", "long unsigned int"),
        ("__PTRDIFF_TYPE__", "long int"),
        ("__INTPTR_TYPE__", "long int"),
        ("__UINTPTR_TYPE__", "long unsigned int"),
    ];
    let host: &[(&str, &str)] = match opts.host_target {
        HostTarget::X86_64Linux => &[
            ("__x86_64__", "1"),
            ("__x86_64", "1"),
            ("__linux__", "1"),
            ("__linux", "1"),
            ("__unix__", "1"),
            ("__LP64__", "1"),
            ("_LP64", "1"),
            ("__SIZEOF_POINTER__", "8"),
            ("__SIZEOF_LONG__", "8"),
            ("__SIZEOF_SIZE_T__", "8"),
            ("__INT64_TYPE__", "long int"),
            ("__UINT64_TYPE__", "long unsigned int"),
            ("__INTMAX_TYPE__", "long int"),
            ("__UINTMAX_TYPE__", "long unsigned int"),
        ],
        // As clang --target=wasm32-wasi predefines them.
        HostTarget::Wasm32Wasi => &[
            ("__wasm__", "1"),
            ("__wasm32__", "1"),
            ("__wasm", "1"),
            ("__wasm32", "1"),
            ("__wasi__", "1"),
            ("__ILP32__", "1"),
            ("_ILP32", "1"),
            ("__SIZEOF_POINTER__", "4"),
            ("__SIZEOF_LONG__", "4"),
            ("__SIZEOF_SIZE_T__", "4"),
            ("__INT64_TYPE__", "long long int"),
            ("__UINT64_TYPE__", "long long unsigned int"),
            ("__INTMAX_TYPE__", "long long int"),
            ("__UINTMAX_TYPE__", "long long unsigned int"),
            // The host's library is libc++: model headers lay out what
            // it lays out differently (`<tuple>`) as it does.
            ("__SYCLONE_HOST_LIBCXX", "1"),
        ],
    };
    for (n, v) in defs.iter().chain(host) {
        s.push_str(&format!("#define {n} {v}\n"));
    }
    s.push_str(&format!(
        "#define __DATE__ \"{}\"\n#define __TIME__ \"{}\"\n",
        escape(&date),
        escape(&time)
    ));
    if opts.device_pass {
        s.push_str("#define __SYCL_DEVICE_ONLY__ 1\n");
    }
    // -D and -U in command-line order: all -D first keeps clang's behaviour
    // only when they do not interleave; we follow the given lists.
    for (name, value) in &opts.defines {
        let value = value.as_deref().unwrap_or("1");
        s.push_str(&format!(
            "#define {} {}\n",
            name.replace('\n', " "),
            value.replace('\n', " ")
        ));
    }
    for name in &opts.undefines {
        s.push_str(&format!("#undef {}\n", name.replace('\n', " ")));
    }
    s
}

/// Escape `\` and `"` for a string literal spelling.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// A token with its macro-expansion state.
#[derive(Clone, Debug)]
struct PpTok {
    tok: Token,
    /// Names of the macros whose expansion produced this token (Prosser's hide set).
    hide: Option<Rc<[u32]>>,
    /// Painted blue: never expanded again.
    no_expand: bool,
}

impl PpTok {
    fn new(tok: Token) -> Self {
        PpTok {
            tok,
            hide: None,
            no_expand: false,
        }
    }
    fn is(&self, s: Symbol) -> bool {
        self.tok.is(s)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CondState {
    /// The current group is being read.
    Active,
    /// No group taken yet: an `#elif`/`#else` may still be.
    Seeking,
    /// A group was taken (or the whole conditional is inside a skipped group).
    Done,
}

#[derive(Clone, Debug)]
struct Cond {
    span: Span,
    state: CondState,
    seen_else: bool,
}

/// The tokens of a file and the lexical errors tied to them.
type LexedFile = (Rc<Vec<Token>>, Rc<Vec<LexError>>);

/// One file on the include stack.
struct FileState {
    id: FileId,
    /// The tokens lexed so far (all of them, ending with `Eof`, once
    /// `resume` is `None`).
    tokens: Rc<Vec<Token>>,
    errors: Rc<Vec<LexError>>,
    /// Where lexing goes on when the tokens run out (a large file is
    /// lexed part by part, so its first tokens are out sooner).
    resume: Option<Resume>,
    pos: usize,
    err_pos: usize,
    conds: Vec<Cond>,
    /// The resolved path (for `#pragma once`, the directory of `"..."` includes).
    path: String,
    /// Index in the search list where it was found (for `#include_next`).
    search_idx: Option<usize>,
    /// `#line`: presumed line minus physical line, and presumed name.
    line_delta: i64,
    presumed_name: Option<String>,
}

impl FileState {
    fn skipping(&self) -> bool {
        self.conds
            .last()
            .is_some_and(|c| c.state != CondState::Active)
    }
}

struct Pp<'a> {
    /// The floating-point contraction pragmas met so far.
    fp: FpPragmas,
    /// The `#pragma pack` state.
    pack: PackPragmas,
    sm: &'a mut SourceMap,
    provider: &'a dyn IncludeProvider,
    opts: &'a PpOptions,
    diags: &'a mut Diagnostics,
    files: Vec<FileState>,
    /// Tokens to read before the file (a stack: the last is next).
    pending: Vec<PpTok>,
    /// Read only `pending` (expanding a macro argument or a directive line).
    isolated: bool,
    /// Expanding an `#if` line: leave the operands of `defined` alone.
    if_mode: bool,
    /// The macro defined for each symbol (indexed by symbol id).
    macros: Vec<Option<Rc<Macro>>>,
    symbols: Symbols,
    /// The file scratch tokens are spelled in (its text is `scratch` once
    /// preprocessing ends).
    scratch_file: FileId,
    scratch: String,
    once: HashSet<String>,
    file_cache: HashMap<String, FileId>,
    lexed: HashMap<FileId, LexedFile>,
    included: Vec<String>,
    included_set: HashSet<String>,
    counter: u64,
    expansions: u64,
    work: u64,
    aborted: bool,
    depth: usize,
}

/// The directory part of a path (before the last `/`), or "" if none.
fn dir_of(path: &str) -> &str {
    match path.rfind('/') {
        Some(i) => &path[..i],
        None => "",
    }
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() || name.starts_with('/') {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

impl Pp<'_> {
    fn fatal(&mut self, span: impl Into<Option<Span>>, msg: impl Into<String>) {
        self.diags.error(span, msg);
        self.aborted = true;
    }

    /// Count work; stop (once, with an error) when a limit is passed.
    fn tick(&mut self, span: Span) -> bool {
        self.work += 1;
        if self.work > MAX_TOKENS && !self.aborted {
            self.fatal(
                span,
                format!("preprocessing produced more than {MAX_TOKENS} tokens"),
            );
        }
        !self.aborted
    }

    fn push_file(&mut self, id: FileId, path: String, search_idx: Option<usize>) {
        let (tokens, errors, resume) = match self.lexed.get(&id) {
            Some((t, e)) => (t.clone(), e.clone(), None),
            None => {
                let text = &self.sm.file(id).text;
                // About one token per five bytes of C++.
                let mut tokens = Vec::with_capacity(text.len() / 5 + 1);
                let (errors, resume) = lexer::lex_part(
                    id,
                    text,
                    Resume::START,
                    LEX_PART_BYTES,
                    &mut self.symbols,
                    &mut tokens,
                );
                let errs = token_errors(errors, self.diags);
                let entry = (Rc::new(tokens), Rc::new(errs));
                if resume.is_none() {
                    self.lexed.insert(id, entry.clone());
                }
                (entry.0, entry.1, resume)
            }
        };
        self.fp.enter(id, 0);
        self.pack.enter(id, 0);
        self.files.push(FileState {
            id,
            tokens,
            errors,
            resume,
            pos: 0,
            err_pos: 0,
            conds: Vec::new(),
            path,
            search_idx,
            line_delta: 0,
            presumed_name: None,
        });
    }

    /// Take the next token of the top file; report its lexical errors when `report`.
    fn take_file_token(&mut self, report: bool) -> Option<Token> {
        let f = self.files.last_mut()?;
        let i = f.pos;
        let t = *f.tokens.get(i)?;
        if t.kind != TokenKind::Eof {
            f.pos += 1;
            if f.pos == f.tokens.len() {
                lex_next_part(f, self.sm, &mut self.symbols, self.diags, &mut self.lexed);
            }
        }
        if f.err_pos >= f.errors.len() {
            return Some(t);
        }
        let mut errs = Vec::new();
        while let Some(e) = f.errors.get(f.err_pos) {
            match e.token {
                Some(k) if k > i => break,
                Some(k) if k == i && report => errs.push((e.span, e.message.clone())),
                Some(_) => {}
                None => {}
            }
            f.err_pos += 1;
        }
        for (s, m) in errs {
            self.diags.error(s, m);
        }
        Some(t)
    }

    fn peek_file_token(&self) -> Option<&Token> {
        let f = self.files.last()?;
        f.tokens.get(f.pos)
    }

    /// The next token before macro expansion: from `pending`, else from the
    /// files (running directives and skipping excluded groups on the way).
    fn next_raw(&mut self) -> Option<PpTok> {
        if let Some(t) = self.pending.pop() {
            return Some(t);
        }
        if self.isolated {
            return None;
        }
        self.next_file_token().map(PpTok::new)
    }

    /// The next token of the files, directives run and skipped groups skipped.
    fn next_file_token(&mut self) -> Option<Token> {
        // Fast path: an ordinary token in an active group, with no lexical
        // error tied to it, under the token limit.
        if let Some(f) = self.files.last_mut() {
            if let Some(&t) = f.tokens.get(f.pos) {
                let ordinary = t.kind != TokenKind::Eof
                    && !(t.at_line_start && t.is(sym!("#")))
                    && !f.skipping()
                    && f.errors
                        .get(f.err_pos)
                        .is_none_or(|e| e.token > Some(f.pos))
                    && self.work < MAX_TOKENS
                    && !self.aborted;
                if ordinary {
                    f.pos += 1;
                    self.work += 1;
                    if f.pos == f.tokens.len() {
                        lex_next_part(f, self.sm, &mut self.symbols, self.diags, &mut self.lexed);
                    }
                    return Some(t);
                }
            }
        }
        loop {
            if self.aborted {
                return None;
            }
            let (span, kind, hash_at_line_start) = {
                let t = self.peek_file_token()?;
                (t.span, t.kind, t.at_line_start && t.is(sym!("#")))
            };
            if !self.tick(span) {
                return None;
            }
            if kind == TokenKind::Eof {
                self.end_of_file();
                continue;
            }
            let skipping = self.files.last().is_some_and(|f| f.skipping());
            if hash_at_line_start {
                self.directive(skipping);
                continue;
            }
            let t = self.take_file_token(!skipping)?;
            if skipping {
                continue;
            }
            return Some(t);
        }
    }

    fn end_of_file(&mut self) {
        if let Some(f) = self.files.pop() {
            for c in f.conds.iter().rev() {
                self.diags
                    .error(c.span, "unterminated conditional directive");
            }
        }
        // The includer goes on in the state the included file left.
        if let Some(f) = self.files.last() {
            let offset = f.tokens.get(f.pos).map_or(0, |t| t.span.lo);
            self.fp.enter(f.id, offset);
            self.pack.enter(f.id, offset);
        }
    }

    /// Read the rest of a directive line (after `#`), reporting lexical errors when `report`.
    fn directive_line(&mut self, report: bool) -> Vec<Token> {
        let mut line = Vec::new();
        while let Some(t) = self.peek_file_token() {
            if t.kind == TokenKind::Eof || t.at_line_start {
                break;
            }
            let span = t.span;
            if !self.tick(span) {
                break;
            }
            match self.take_file_token(report) {
                Some(t) => line.push(t),
                None => break,
            }
        }
        line
    }

    fn directive(&mut self, skipping: bool) {
        let Some(hash) = self.take_file_token(false) else {
            return;
        };
        let name = match self.peek_file_token() {
            Some(t) if !t.at_line_start && t.kind != TokenKind::Eof => *t,
            _ => return, // the null directive
        };
        let dname = self.symbols.rc(name.sym);
        let is_cond = matches!(
            dname.as_ref(),
            "if" | "ifdef" | "ifndef" | "elif" | "else" | "endif"
        );
        let is_message = matches!(dname.as_ref(), "error" | "warning");
        let line = self.directive_line(!skipping && !is_message);
        if skipping && !is_cond {
            return;
        }
        let rest = &line[1..];
        let dspan = hash.span.to(name.span);
        match dname.as_ref() {
            "if" | "ifdef" | "ifndef" => self.open_cond(&name, rest, skipping, dspan),
            "elif" => self.elif(rest, dspan),
            "else" => self.else_(dspan),
            "endif" => {
                let f = self.files.last_mut();
                if f.and_then(|f| f.conds.pop()).is_none() {
                    self.diags.error(dspan, "#endif without #if");
                }
            }
            "define" => self.define(&name, rest),
            "undef" => match rest.first() {
                Some(t) if t.kind == TokenKind::Ident => {
                    if rest.len() > 1 {
                        self.diags
                            .warning(rest[1].span, "extra tokens at end of #undef directive");
                    }
                    self.set_macro(t.sym, None);
                }
                _ => self
                    .diags
                    .error(name.span, "macro name must be an identifier"),
            },
            "include" | "include_next" | "import" => {
                self.include(&name, rest, name.is(sym!("include_next")))
            }
            "line" => self.line_directive(&name, rest),
            "error" | "warning" => {
                let msg = match (line.get(1), line.last()) {
                    (Some(a), Some(b)) => {
                        let f = self.sm.file(a.span.file);
                        f.text
                            .get(a.span.lo as usize..b.span.hi as usize)
                            .unwrap_or("")
                            .to_string()
                    }
                    _ => String::new(),
                };
                let msg = lexer::remove_splices(&msg).into_owned();
                if name.is(sym!("error")) {
                    self.diags.error(dspan, msg);
                } else {
                    self.diags.warning(dspan, msg);
                }
            }
            "pragma" => {
                if rest.first().is_some_and(|t| t.is(sym!("once"))) {
                    self.pragma_once();
                } else if rest
                    .first()
                    .is_some_and(|t| self.symbols.text(t.sym) == "pack")
                {
                    self.pragma_pack(&rest[1..], dspan);
                } else {
                    let words: Vec<&str> = rest.iter().map(|t| self.symbols.text(t.sym)).collect();
                    if let Err(msg) = self.fp.pragma(&words, dspan) {
                        self.diags.warning(dspan, msg);
                    }
                }
            }
            "ident" | "sccs" | "assert" | "unassert" => {}
            _ if name.kind == TokenKind::Number => self.line_directive(&name, &line),
            _ => self.diags.error(
                name.span,
                format!("invalid preprocessing directive '#{dname}'"),
            ),
        }
    }

    /// `#pragma pack` with its arguments `args` (macro-expanded first when
    /// the host compiler does so).
    fn pragma_pack(&mut self, args: &[Token], at: Span) {
        let expanded: Vec<Token> = if self.pack.expands_macros() {
            self.expand_line(args, false)
                .into_iter()
                .map(|t| t.tok)
                .collect()
        } else {
            args.to_vec()
        };
        let words: Vec<&str> = expanded.iter().map(|t| self.symbols.text(t.sym)).collect();
        if let Some(msg) = self.pack.pragma(&words, at) {
            self.diags.warning(at, msg);
        }
    }

    fn pragma_once(&mut self) {
        if let Some(f) = self.files.last() {
            self.once.insert(f.path.clone());
        }
    }

    fn open_cond(&mut self, name: &Token, rest: &[Token], skipping: bool, dspan: Span) {
        let state = if skipping {
            CondState::Done
        } else {
            let taken = match name.sym {
                s if s == sym!("if") => self.eval_condition(rest, dspan),
                _ => match rest.first() {
                    Some(t) if t.kind == TokenKind::Ident => {
                        if rest.len() > 1 {
                            self.diags.warning(
                                rest[1].span,
                                format!(
                                    "extra tokens at end of #{} directive",
                                    self.symbols.text(name.sym)
                                ),
                            );
                        }
                        let d = self.is_defined(t.sym);
                        if name.is(sym!("ifdef")) {
                            d
                        } else {
                            !d
                        }
                    }
                    Some(t) => {
                        self.diags.error(t.span, "macro name must be an identifier");
                        false
                    }
                    None => {
                        self.diags.error(name.span, "macro name missing");
                        false
                    }
                },
            };
            if taken {
                CondState::Active
            } else {
                CondState::Seeking
            }
        };
        if let Some(f) = self.files.last_mut() {
            f.conds.push(Cond {
                span: dspan,
                state,
                seen_else: false,
            });
        }
    }

    fn elif(&mut self, rest: &[Token], dspan: Span) {
        let Some(c) = self.files.last().and_then(|f| f.conds.last()).cloned() else {
            self.diags.error(dspan, "#elif without #if");
            return;
        };
        if c.seen_else {
            self.diags.error(dspan, "#elif after #else");
        }
        let state = match c.state {
            CondState::Active | CondState::Done => CondState::Done,
            CondState::Seeking => {
                if self.eval_condition(rest, dspan) {
                    CondState::Active
                } else {
                    CondState::Seeking
                }
            }
        };
        if let Some(c) = self.files.last_mut().and_then(|f| f.conds.last_mut()) {
            c.state = state;
        }
    }

    fn else_(&mut self, dspan: Span) {
        let Some(c) = self.files.last_mut().and_then(|f| f.conds.last_mut()) else {
            self.diags.error(dspan, "#else without #if");
            return;
        };
        let again = c.seen_else;
        c.seen_else = true;
        c.state = match c.state {
            CondState::Seeking => CondState::Active,
            _ => CondState::Done,
        };
        if again {
            self.diags.error(dspan, "#else after #else");
        }
    }

    fn is_defined(&self, name: Symbol) -> bool {
        self.macro_of(name).is_some() || macros::is_dynamic(name) || macros::is_feature_test(name)
    }

    /// The macro named `name`, if defined.
    #[inline]
    fn macro_of(&self, name: Symbol) -> Option<&Rc<Macro>> {
        self.macros.get(name.0 as usize)?.as_ref()
    }

    fn set_macro(&mut self, name: Symbol, m: Option<Rc<Macro>>) {
        let i = name.0 as usize;
        if i >= self.macros.len() {
            if m.is_none() {
                return;
            }
            self.macros.resize(i + 1, None);
        }
        self.macros[i] = m;
    }

    /// Macro-expand a directive line on its own.
    fn expand_line(&mut self, line: &[Token], if_mode: bool) -> Vec<PpTok> {
        let saved = self.if_mode;
        self.if_mode = if_mode;
        let out = self.expand_isolated(line.iter().copied().map(PpTok::new).collect());
        self.if_mode = saved;
        out
    }

    fn eval_condition(&mut self, rest: &[Token], dspan: Span) -> bool {
        if rest.is_empty() {
            self.diags.error(dspan, "expected value in expression");
            return false;
        }
        let toks = self.expand_line(rest, true);
        expr::evaluate(self, &toks, dspan)
    }

    /// Find a header: returns (file, path, search index).
    fn resolve(
        &mut self,
        name: &str,
        angled: bool,
        next: bool,
    ) -> Option<(FileId, String, Option<usize>)> {
        let dirs: Vec<String> = self
            .opts
            .include_dirs
            .iter()
            .chain(self.opts.system_include_dirs.iter())
            .cloned()
            .collect();
        let mut start = 0;
        if next {
            if let Some(i) = self.files.last().and_then(|f| f.search_idx) {
                start = i + 1;
            }
        } else if !angled || name.starts_with('/') {
            let dir = self
                .files
                .last()
                .map(|f| dir_of(&f.path).to_string())
                .unwrap_or_default();
            let path = join(&dir, name);
            if let Some(id) = self.read(&path) {
                return Some((id, path, None));
            }
            if name.starts_with('/') {
                return None;
            }
        }
        for (i, d) in dirs.iter().enumerate().skip(start) {
            let path = join(d, name);
            if let Some(id) = self.read(&path) {
                return Some((id, path, Some(i)));
            }
        }
        if start <= dirs.len() {
            let path = format!("<model>/{name}");
            if let Some(&id) = self.file_cache.get(&path) {
                return Some((id, path, Some(dirs.len())));
            }
            if let Some(text) = crate::model_headers::lookup(name) {
                let id = self.sm.add(path.clone(), text);
                self.file_cache.insert(path.clone(), id);
                return Some((id, path, Some(dirs.len())));
            }
        }
        // After the model: the host compiler's own directories, numbered on
        // from it for `#include_next`.
        let fallback: Vec<String> = self.opts.fallback_include_dirs.clone();
        let first = dirs.len() + 1;
        for (i, d) in fallback.iter().enumerate() {
            if first + i < start {
                continue;
            }
            let path = join(d, name);
            if let Some(id) = self.read(&path) {
                return Some((id, path, Some(first + i)));
            }
        }
        None
    }

    fn read(&mut self, path: &str) -> Option<FileId> {
        if let Some(&id) = self.file_cache.get(path) {
            return Some(id);
        }
        let text = self.provider.read(path)?;
        let id = self.sm.add(path.to_string(), text);
        self.file_cache.insert(path.to_string(), id);
        Some(id)
    }

    /// The header name of an `#include` or `__has_include`: (name, angled).
    fn header_name(&mut self, toks: &[PpTok]) -> Option<(String, bool)> {
        let first = toks.first()?;
        if first.tok.kind == TokenKind::String {
            let t = self.symbols.text(first.tok.sym);
            if t.starts_with('"') && t.len() >= 2 && t.ends_with('"') {
                return Some((t[1..t.len() - 1].to_string(), false));
            }
            return None;
        }
        if first.is(sym!("<")) {
            let close = toks.iter().position(|t| t.is(sym!(">")))?;
            let (a, b) = (&first.tok, &toks[close].tok);
            // Spelled directly in a file: the characters between the brackets.
            if a.expansion.is_none()
                && b.expansion.is_none()
                && a.span.file == b.span.file
                && a.span.file != self.scratch_file
            {
                let f = self.sm.file(a.span.file);
                if let Some(s) = f.text.get(a.span.hi as usize..b.span.lo as usize) {
                    return Some((lexer::remove_splices(s).trim().to_string(), true));
                }
            }
            let mut s = String::new();
            for (i, t) in toks[1..close].iter().enumerate() {
                if i > 0 && t.tok.leading_space {
                    s.push(' ');
                }
                s.push_str(self.symbols.spelling(&t.tok));
            }
            return Some((s, true));
        }
        None
    }

    fn include(&mut self, name_tok: &Token, rest: &[Token], next: bool) {
        let direct: Vec<PpTok> = rest.iter().copied().map(PpTok::new).collect();
        let toks = match direct.first() {
            Some(t) if t.tok.kind == TokenKind::String || t.is(sym!("<")) => direct,
            _ => self.expand_line(rest, false),
        };
        let Some((name, angled)) = self.header_name(&toks) else {
            self.diags.error(
                name_tok.span,
                format!(
                    "expected \"FILENAME\" or <FILENAME> after #{}",
                    self.symbols.text(name_tok.sym)
                ),
            );
            return;
        };
        if name.is_empty() {
            self.diags.error(name_tok.span, "empty filename");
            return;
        }
        if self.files.len() > MAX_INCLUDE_DEPTH {
            self.fatal(
                name_tok.span,
                format!("#include nested depth exceeds maximum of {MAX_INCLUDE_DEPTH}"),
            );
            return;
        }
        let Some((id, path, idx)) = self.resolve(&name, angled, next) else {
            self.fatal(name_tok.span, format!("'{name}' file not found"));
            return;
        };
        if self.once.contains(&path) {
            return;
        }
        if !path.starts_with("<model>/") && self.included_set.insert(path.clone()) {
            self.included.push(path.clone());
        }
        self.sm.set_included_from(id, name_tok.span);
        self.push_file(id, path, idx);
    }

    fn line_directive(&mut self, name: &Token, rest: &[Token]) {
        let toks = self.expand_line(rest, false);
        let Some(n) = toks.first().filter(|t| t.tok.kind == TokenKind::Number) else {
            self.diags.error(
                name.span,
                "#line directive requires a simple digit sequence",
            );
            return;
        };
        let Ok(line) = self.symbols.text(n.tok.sym).parse::<i64>() else {
            self.diags.error(
                n.tok.span,
                "#line directive requires a simple digit sequence",
            );
            return;
        };
        let file_name = match toks.get(1) {
            Some(t) if t.tok.kind == TokenKind::String => {
                crate::front::literal::parse_string(self.symbols.text(t.tok.sym)).ok()
            }
            Some(t) if name.kind != TokenKind::Number => {
                self.diags
                    .error(t.tok.span, "invalid filename for #line directive");
                None
            }
            _ => None,
        };
        let next_line = self.physical_line(name.span) + 1;
        if let Some(f) = self.files.last_mut() {
            f.line_delta = line - next_line;
            if file_name.is_some() {
                f.presumed_name = file_name;
            }
        }
    }

    fn physical_line(&self, span: Span) -> i64 {
        if span.file != self.scratch_file {
            self.sm.file(span.file).line_col(span.lo).0 as i64
        } else {
            0
        }
    }

    /// `__LINE__` for a token at `span` (its expansion site if any).
    fn presumed_line(&self, span: Span) -> i64 {
        let delta = self
            .files
            .last()
            .filter(|f| f.id == span.file)
            .map_or(0, |f| f.line_delta);
        self.physical_line(span) + delta
    }

    fn presumed_file(&self) -> String {
        match self.files.last() {
            Some(f) => f
                .presumed_name
                .clone()
                .unwrap_or_else(|| self.sm.file(f.id).name.clone()),
            None => String::new(),
        }
    }

    /// A new token spelled in the scratch file.
    fn scratch_token(&mut self, kind: TokenKind, text: &str, like: &Token) -> Token {
        let lo = self.scratch.len() as u32;
        self.scratch.push_str(text);
        let hi = self.scratch.len() as u32;
        self.scratch.push('\n');
        let sym = match kind {
            TokenKind::String | TokenKind::Char => self.symbols.add_unique(text),
            _ => self.symbols.intern(text),
        };
        Token {
            kind,
            sym,
            span: Span::new(self.scratch_file, lo, hi),
            expansion: Some(like.report_span()),
            leading_space: like.leading_space,
            at_line_start: like.at_line_start,
            digraph: false,
        }
    }
}

#[cfg(test)]
mod tests;
