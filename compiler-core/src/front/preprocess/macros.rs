//! Macros: `#define` parsing and checking, and expansion (argument collection,
//! pre-expansion, `#` stringizing, `##` pasting with placemarkers,
//! `__VA_ARGS__`/`__VA_OPT__`, rescanning). Recursion is stopped with
//! Prosser's hide sets: a token remembers the macros that produced it and is
//! painted blue (never expanded again) when it names one of them.

use super::{escape, Pp, PpTok, MAX_EXPANSIONS, MAX_NESTING};
use crate::front::lexer;
use crate::front::token::{sym, Symbol, Symbols, Token, TokenKind};
use crate::source::Span;
use std::rc::Rc;

/// A macro definition.
#[derive(Debug)]
pub(super) struct Macro {
    /// `None` for object-like macros; the last is `__VA_ARGS__` (or the GNU
    /// name) when `variadic`.
    params: Option<Vec<Symbol>>,
    variadic: bool,
    body: Vec<Token>,
    span: Span,
}

impl Macro {
    fn param_index(&self, t: &Token) -> Option<usize> {
        if t.kind != TokenKind::Ident {
            return None;
        }
        self.params.as_ref()?.iter().position(|&p| p == t.sym)
    }

    /// Same definition (for redefinition checks): same parameters, same
    /// spellings, same whitespace separation.
    fn same_as(&self, other: &Macro, symbols: &Symbols) -> bool {
        self.params == other.params
            && self.variadic == other.variadic
            && self.body.len() == other.body.len()
            && self
                .body
                .iter()
                .zip(&other.body)
                .enumerate()
                .all(|(i, (a, b))| {
                    symbols.spelling(a) == symbols.spelling(b)
                        && a.kind == b.kind
                        && (i == 0 || a.leading_space == b.leading_space)
                })
    }
}

/// Macros computed at each use.
pub(super) fn is_dynamic(name: Symbol) -> bool {
    [
        sym!("__LINE__"),
        sym!("__FILE__"),
        sym!("__COUNTER__"),
        sym!("__INCLUDE_LEVEL__"),
    ]
    .contains(&name)
}

/// Identifiers whose operands are not macro-expanded in `#if`.
fn is_if_operator(name: Symbol) -> bool {
    name == sym!("defined") || is_feature_test(name)
}

/// The feature-testing operators, which `defined` reports as defined (as g++
/// and clang do: `#if defined(__has_include)` guards their use).
pub(super) fn is_feature_test(name: Symbol) -> bool {
    [
        sym!("__has_include"),
        sym!("__has_include_next"),
        sym!("__has_cpp_attribute"),
        sym!("__has_attribute"),
        sym!("__has_builtin"),
        sym!("__has_feature"),
        sym!("__has_extension"),
    ]
    .contains(&name)
}

/// One element of a substituted replacement list.
enum Elem {
    Tok(PpTok),
    /// A `##` operator from the replacement list.
    Paste,
    /// An empty argument next to `##`.
    Placemarker,
}

fn union(hide: &Option<Rc<[u32]>>, id: u32) -> Option<Rc<[u32]>> {
    match hide {
        None => Some(Rc::from(vec![id])),
        Some(h) => {
            if h.contains(&id) {
                return Some(h.clone());
            }
            let mut v: Vec<u32> = h.to_vec();
            v.push(id);
            v.sort_unstable();
            Some(Rc::from(v))
        }
    }
}

fn union_all(a: &Option<Rc<[u32]>>, b: &Option<Rc<[u32]>>) -> Option<Rc<[u32]>> {
    match (a, b) {
        (None, x) | (x, None) => x.clone(),
        (Some(x), Some(y)) => {
            if Rc::ptr_eq(x, y) {
                return a.clone();
            }
            let mut v: Vec<u32> = x.iter().chain(y.iter()).copied().collect();
            v.sort_unstable();
            v.dedup();
            Some(Rc::from(v))
        }
    }
}

fn intersect(a: &Option<Rc<[u32]>>, b: &Option<Rc<[u32]>>) -> Option<Rc<[u32]>> {
    match (a, b) {
        (Some(x), Some(y)) => {
            let v: Vec<u32> = x.iter().filter(|i| y.contains(i)).copied().collect();
            if v.is_empty() {
                None
            } else {
                Some(Rc::from(v))
            }
        }
        _ => None,
    }
}

impl Pp<'_> {
    /// `#define`: `line` starts with the macro name.
    pub(super) fn define(&mut self, directive: &Token, line: &[Token]) {
        let Some(name) = line.first() else {
            self.diags.error(directive.span, "macro name missing");
            return;
        };
        if name.kind != TokenKind::Ident {
            self.diags
                .error(name.span, "macro name must be an identifier");
            return;
        }
        if name.is(sym!("defined")) || name.is(sym!("__VA_ARGS__")) || name.is(sym!("__VA_OPT__")) {
            self.diags.error(
                name.span,
                format!(
                    "'{}' cannot be used as a macro name",
                    self.symbols.text(name.sym)
                ),
            );
            return;
        }
        let mut i = 1;
        let mut params = None;
        let mut variadic = false;
        if line
            .get(1)
            .is_some_and(|t| t.is(sym!("(")) && !t.leading_space)
        {
            let mut ps: Vec<Symbol> = Vec::new();
            i = 2;
            let mut ok = false;
            while let Some(t) = line.get(i) {
                if ps.is_empty() && t.is(sym!(")")) {
                    i += 1;
                    ok = true;
                    break;
                }
                let pname = if t.is(sym!("...")) {
                    variadic = true;
                    sym!("__VA_ARGS__")
                } else if t.kind == TokenKind::Ident {
                    if line.get(i + 1).is_some_and(|t| t.is(sym!("..."))) {
                        variadic = true;
                        i += 1;
                    }
                    t.sym
                } else {
                    self.diags
                        .error(t.span, "invalid token in macro parameter list");
                    return;
                };
                if ps.contains(&pname) {
                    self.diags.error(
                        t.span,
                        format!(
                            "duplicate macro parameter name '{}'",
                            self.symbols.text(pname)
                        ),
                    );
                    return;
                }
                ps.push(pname);
                i += 1;
                match line.get(i) {
                    Some(t) if t.is(sym!(")")) => {
                        i += 1;
                        ok = true;
                        break;
                    }
                    Some(t) if t.is(sym!(",")) && !variadic => i += 1,
                    Some(t) => {
                        self.diags
                            .error(t.span, "expected ',' or ')' in macro parameter list");
                        return;
                    }
                    None => break,
                }
            }
            if !ok {
                self.diags
                    .error(name.span, "missing ')' in macro parameter list");
                return;
            }
            params = Some(ps);
        }
        let body: Vec<Token> = line[i..].to_vec();
        if let (Some(first), Some(last)) = (body.first(), body.last()) {
            if first.is(sym!("##")) {
                self.diags.error(
                    first.span,
                    "'##' cannot appear at either end of a macro expansion",
                );
                return;
            }
            if last.is(sym!("##")) {
                self.diags.error(
                    last.span,
                    "'##' cannot appear at either end of a macro expansion",
                );
                return;
            }
        }
        let m = Macro {
            params,
            variadic,
            body,
            span: name.span,
        };
        if m.params.is_some() {
            for (k, t) in m.body.iter().enumerate() {
                if t.is(sym!("#")) {
                    let next = m.body.get(k + 1);
                    let ok = next.is_some_and(|n| {
                        m.param_index(n).is_some() || (variadic && n.is(sym!("__VA_OPT__")))
                    });
                    if !ok {
                        self.diags
                            .error(t.span, "'#' is not followed by a macro parameter");
                        return;
                    }
                }
            }
        }
        if let Some(old) = self.macro_of(name.sym) {
            if !old.same_as(&m, &self.symbols) {
                let d = crate::diag::Diagnostic::warning(
                    name.span,
                    format!("'{}' macro redefined", self.symbols.text(name.sym)),
                )
                .with_note(old.span, "previous definition is here");
                self.diags.push(d);
            }
        }
        self.set_macro(name.sym, Some(Rc::new(m)));
    }

    /// Expand `toks` on their own (a macro argument, a directive line).
    pub(super) fn expand_isolated(&mut self, toks: Vec<PpTok>) -> Vec<PpTok> {
        if self.depth >= MAX_NESTING {
            if !self.aborted {
                let span = toks.first().map(|t| t.tok.report_span());
                self.fatal(
                    span,
                    format!("macro arguments nested more than {MAX_NESTING} deep"),
                );
            }
            return toks;
        }
        self.depth += 1;
        let saved_pending = std::mem::replace(&mut self.pending, toks.into_iter().rev().collect());
        let saved_iso = std::mem::replace(&mut self.isolated, true);
        let mut out = Vec::new();
        while let Some(t) = self.expand_next() {
            out.push(t);
        }
        self.pending = saved_pending;
        self.isolated = saved_iso;
        self.depth -= 1;
        out
    }

    /// The next fully macro-expanded token.
    /// The next token of the output. Most tokens come straight from the
    /// file and name no macro: they skip the hide-set wrapping.
    pub(super) fn next_output(&mut self) -> Option<Token> {
        if self.pending.is_empty() && !self.isolated {
            let tok = self.next_file_token()?;
            let plain = tok.kind != TokenKind::Ident
                || (self.macro_of(tok.sym).is_none()
                    && !(tok.sym.is_predefined() && self.is_special(tok.sym)));
            if plain {
                return Some(tok);
            }
            self.pending.push(PpTok::new(tok));
        }
        self.expand_next().map(|t| t.tok)
    }

    pub(super) fn expand_next(&mut self) -> Option<PpTok> {
        loop {
            let mut t = match self.pending.pop() {
                Some(t) => t,
                None if self.isolated => return None,
                None => {
                    // Fast path: a file token that names no macro is final.
                    let tok = self.next_file_token()?;
                    if tok.kind != TokenKind::Ident || self.macro_of(tok.sym).is_none() {
                        if tok.kind == TokenKind::Ident
                            && tok.sym.is_predefined()
                            && self.is_special(tok.sym)
                        {
                            self.pending.push(PpTok::new(tok));
                            continue;
                        }
                        return Some(PpTok::new(tok));
                    }
                    PpTok::new(tok)
                }
            };
            if t.tok.kind != TokenKind::Ident || t.no_expand || self.aborted {
                return Some(t);
            }
            let name = t.tok.sym;
            if self.if_mode && is_if_operator(name) {
                self.protect_operands(name);
                return Some(t);
            }
            if name == sym!("_Pragma") {
                if self.pragma_operator(&t) {
                    continue;
                }
                return Some(t);
            }
            let Some(m) = self.macro_of(name).cloned() else {
                if is_dynamic(name) {
                    return Some(self.dynamic(&t));
                }
                return Some(t);
            };
            let id = name.0;
            if t.hide.as_ref().is_some_and(|h| h.contains(&id)) {
                t.no_expand = true;
                return Some(t);
            }
            let (args, hide, exp) = if m.params.is_some() {
                // A function-like macro name not followed by '(' is an identifier.
                match self.next_raw() {
                    Some(p) if p.is(sym!("(")) => {}
                    Some(p) => {
                        self.pending.push(p);
                        return Some(t);
                    }
                    None => return Some(t),
                }
                let Some((args, rparen)) = self.collect_args(&m, &t) else {
                    continue;
                };
                let hide = union(&intersect(&t.hide, &rparen.hide), id);
                let exp = t
                    .tok
                    .expansion
                    .unwrap_or_else(|| t.tok.span.to(rparen.tok.report_span()));
                (args, hide, exp)
            } else {
                let exp = t.tok.expansion.unwrap_or(t.tok.span);
                (Vec::new(), union(&t.hide, id), exp)
            };
            self.expansions += 1;
            if self.expansions > MAX_EXPANSIONS {
                self.fatal(exp, format!("more than {MAX_EXPANSIONS} macro expansions"));
                return Some(t);
            }
            let mut result = self.substitute(&m, &args);
            for (k, r) in result.iter_mut().enumerate() {
                r.hide = union_all(&r.hide, &hide);
                r.tok.expansion = Some(exp);
                if k == 0 {
                    r.tok.leading_space = t.tok.leading_space;
                    r.tok.at_line_start = t.tok.at_line_start;
                } else {
                    r.tok.at_line_start = false;
                }
            }
            for r in &result {
                if !self.tick(r.tok.span) {
                    return None;
                }
            }
            self.pending.extend(result.into_iter().rev());
        }
    }

    /// Identifiers that are not macros but still need the slow path.
    fn is_special(&self, name: Symbol) -> bool {
        name == sym!("_Pragma") || is_dynamic(name) || (self.if_mode && is_if_operator(name))
    }

    /// In `#if`: keep the operand of `defined X`, `defined(X)`, `__has_include(...)`... unexpanded.
    fn protect_operands(&mut self, name: Symbol) {
        let Some(mut first) = self.next_raw() else {
            return;
        };
        if !first.is(sym!("(")) {
            if name == sym!("defined") {
                first.no_expand = true;
            }
            self.pending.push(first);
            return;
        }
        let mut taken = vec![first];
        let mut depth = 0usize;
        while let Some(mut t) = self.next_raw() {
            t.no_expand = true;
            let close = t.is(sym!(")"));
            if t.is(sym!("(")) {
                depth += 1;
            }
            taken.push(t);
            if close {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            }
        }
        self.pending.extend(taken.into_iter().rev());
    }

    /// `_Pragma("...")`: run `once`, ignore others. Returns false when the
    /// operator is malformed (the tokens are left for the parser to reject).
    fn pragma_operator(&mut self, t: &PpTok) -> bool {
        let mut taken = Vec::new();
        // `(`, a string literal (no symbol to compare), `)`.
        for want in [Some(sym!("(")), None, Some(sym!(")"))] {
            match self.next_raw() {
                Some(n) => {
                    let ok = match want {
                        None => n.tok.kind == TokenKind::String,
                        Some(s) => n.is(s),
                    };
                    taken.push(n);
                    if !ok {
                        break;
                    }
                }
                None => break,
            }
        }
        let ok = taken.len() == 3
            && taken[0].is(sym!("("))
            && taken[1].tok.kind == TokenKind::String
            && taken[2].is(sym!(")"));
        if !ok {
            self.diags.error(
                t.tok.report_span(),
                "_Pragma takes a parenthesized string literal",
            );
            self.pending.extend(taken.into_iter().rev());
            return false;
        }
        if let Ok(s) = crate::front::literal::parse_string(self.symbols.text(taken[1].tok.sym)) {
            let spaced = s
                .replace('(', " ( ")
                .replace(')', " ) ")
                .replace(',', " , ");
            let words: Vec<&str> = spaced.split_whitespace().collect();
            let at = t.tok.report_span();
            if words == ["once"] {
                self.pragma_once();
            } else if let Some(("pack", args)) = words.split_first().map(|(a, b)| (*a, b)) {
                // A `_Pragma` string's words are not macro-expanded.
                if let Some(msg) = self.pack.pragma(args, at) {
                    self.diags.warning(at, msg);
                }
            } else if let Err(msg) = self.fp.pragma(&words, at) {
                self.diags.warning(at, msg);
            }
        }
        true
    }

    /// `__LINE__`, `__FILE__`, `__COUNTER__`, `__INCLUDE_LEVEL__`.
    fn dynamic(&mut self, t: &PpTok) -> PpTok {
        let at = t.tok.report_span();
        let (kind, text) = match t.tok.sym {
            s if s == sym!("__LINE__") => (TokenKind::Number, self.presumed_line(at).to_string()),
            s if s == sym!("__FILE__") => (
                TokenKind::String,
                format!("\"{}\"", escape(&self.presumed_file())),
            ),
            s if s == sym!("__COUNTER__") => {
                self.counter += 1;
                (TokenKind::Number, (self.counter - 1).to_string())
            }
            _ => (
                TokenKind::Number,
                self.files.len().saturating_sub(2).to_string(),
            ),
        };
        let mut tok = self.scratch_token(kind, &text, &t.tok);
        tok.expansion = Some(at);
        PpTok {
            tok,
            hide: t.hide.clone(),
            no_expand: false,
        }
    }

    /// Collect the arguments of a function-like macro call (after its `(`).
    fn collect_args(&mut self, m: &Macro, name: &PpTok) -> Option<(Vec<Vec<PpTok>>, PpTok)> {
        let nparams = m.params.as_ref().map_or(0, |p| p.len());
        let mut args: Vec<Vec<PpTok>> = vec![Vec::new()];
        let mut depth = 0usize;
        let rparen = loop {
            let Some(t) = self.next_raw() else {
                if !self.aborted {
                    self.diags.error(
                        name.tok.report_span(),
                        format!(
                            "unterminated function-like macro invocation of '{}'",
                            self.symbols.text(name.tok.sym)
                        ),
                    );
                }
                return None;
            };
            if t.is(sym!("(")) {
                depth += 1;
            } else if t.is(sym!(")")) {
                if depth == 0 {
                    break t;
                }
                depth -= 1;
            } else if t.is(sym!(",")) && depth == 0 && !(m.variadic && args.len() >= nparams) {
                args.push(Vec::new());
                continue;
            }
            if let Some(a) = args.last_mut() {
                a.push(t);
            }
        };
        if nparams == 0 && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        if args.len() + 1 == nparams && m.variadic {
            args.push(Vec::new());
        }
        if args.len() != nparams {
            let which = if args.len() > nparams {
                "too many"
            } else {
                "too few"
            };
            self.diags.error(
                name.tok.report_span().to(rparen.tok.report_span()),
                format!(
                    "{which} arguments provided to function-like macro invocation of '{}'",
                    self.symbols.text(name.tok.sym)
                ),
            );
            return None;
        }
        Some((args, rparen))
    }

    /// Substitute arguments into the replacement list, then paste.
    fn substitute(&mut self, m: &Macro, args: &[Vec<PpTok>]) -> Vec<PpTok> {
        let mut expanded: Vec<Option<Vec<PpTok>>> = vec![None; args.len()];
        let elems = self.substitute_range(m, args, &mut expanded, 0, m.body.len());
        self.paste_all(elems)
    }

    fn expanded_arg(
        &mut self,
        args: &[Vec<PpTok>],
        cache: &mut [Option<Vec<PpTok>>],
        p: usize,
    ) -> Vec<PpTok> {
        if let Some(Some(v)) = cache.get(p) {
            return v.clone();
        }
        let arg = args.get(p).cloned().unwrap_or_default();
        let v = self.expand_isolated(arg);
        if let Some(slot) = cache.get_mut(p) {
            *slot = Some(v.clone());
        }
        v
    }

    /// The index of the `)` matching the `(` at `open` in the body.
    fn matching_paren(body: &[Token], open: usize, hi: usize) -> Option<usize> {
        let mut depth = 0usize;
        for (k, t) in body.iter().enumerate().take(hi).skip(open) {
            if t.is(sym!("(")) {
                depth += 1;
            } else if t.is(sym!(")")) {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(k);
                }
            }
        }
        None
    }

    fn substitute_range(
        &mut self,
        m: &Macro,
        args: &[Vec<PpTok>],
        cache: &mut [Option<Vec<PpTok>>],
        lo: usize,
        hi: usize,
    ) -> Vec<Elem> {
        let body = &m.body;
        let is_fn = m.params.is_some();
        let mut out = Vec::new();
        let mut i = lo;
        while i < hi {
            let t = &body[i];
            if is_fn && t.is(sym!("#")) && i + 1 < hi {
                let n = &body[i + 1];
                if let Some(p) = m.param_index(n) {
                    let s = self.stringize(&args[p], t);
                    out.push(Elem::Tok(s));
                    i += 2;
                    continue;
                }
                if m.variadic && n.is(sym!("__VA_OPT__")) {
                    if let Some(close) = body
                        .get(i + 2)
                        .filter(|t| t.is(sym!("(")))
                        .and(Self::matching_paren(body, i + 2, hi))
                    {
                        let inner = self.va_opt(m, args, cache, i + 2, close);
                        let toks = self.paste_all(inner);
                        let s = self.stringize(&toks, t);
                        out.push(Elem::Tok(s));
                        i = close + 1;
                        continue;
                    }
                }
            }
            // GNU `, ## __VA_ARGS__`: the comma goes when the variable
            // arguments are empty; otherwise they follow it, unexpanded.
            if is_fn
                && m.variadic
                && t.is(sym!(","))
                && i + 2 < hi
                && body[i + 1].is(sym!("##"))
                && m.param_index(&body[i + 2]) == Some(args.len().saturating_sub(1))
            {
                let rest = args.last().cloned().unwrap_or_default();
                if !rest.is_empty() {
                    out.push(Elem::Tok(PpTok::new(*t)));
                    out.extend(rest.into_iter().map(Elem::Tok));
                }
                i += 3;
                continue;
            }
            if t.is(sym!("##")) {
                out.push(Elem::Paste);
                i += 1;
                continue;
            }
            if is_fn && m.variadic && t.is(sym!("__VA_OPT__")) {
                if let Some(close) = body
                    .get(i + 1)
                    .filter(|t| t.is(sym!("(")))
                    .and(Self::matching_paren(body, i + 1, hi))
                {
                    let inner = self.va_opt(m, args, cache, i + 1, close);
                    if inner.is_empty() {
                        out.push(Elem::Placemarker);
                    } else {
                        out.extend(inner);
                    }
                    i = close + 1;
                    continue;
                }
            }
            if let Some(p) = m.param_index(t) {
                let adjacent = (i > lo && body[i - 1].is(sym!("##")))
                    || (i + 1 < hi && body[i + 1].is(sym!("##")));
                let mut toks = if adjacent {
                    args[p].clone()
                } else {
                    self.expanded_arg(args, cache, p)
                };
                if toks.is_empty() {
                    if adjacent {
                        out.push(Elem::Placemarker);
                    }
                } else {
                    toks[0].tok.leading_space = t.leading_space;
                    out.extend(toks.into_iter().map(Elem::Tok));
                }
                i += 1;
                continue;
            }
            out.push(Elem::Tok(PpTok::new(*t)));
            i += 1;
        }
        out
    }

    /// `__VA_OPT__( ... )` with its `(` at `open`: the contents when the
    /// variable arguments are not empty.
    fn va_opt(
        &mut self,
        m: &Macro,
        args: &[Vec<PpTok>],
        cache: &mut [Option<Vec<PpTok>>],
        open: usize,
        close: usize,
    ) -> Vec<Elem> {
        let present = args.last().is_some_and(|a| !a.is_empty());
        if present {
            self.substitute_range(m, args, cache, open + 1, close)
        } else {
            Vec::new()
        }
    }

    fn stringize(&mut self, toks: &[PpTok], hash: &Token) -> PpTok {
        let mut s = String::from("\"");
        for (i, t) in toks.iter().enumerate() {
            if i > 0 && (t.tok.leading_space || t.tok.at_line_start) {
                s.push(' ');
            }
            let text = self.symbols.spelling(&t.tok);
            if matches!(t.tok.kind, TokenKind::String | TokenKind::Char) {
                s.push_str(&escape(text));
            } else {
                s.push_str(text);
            }
        }
        s.push('"');
        let mut tok = self.scratch_token(TokenKind::String, &s, hash);
        tok.leading_space = hash.leading_space;
        PpTok::new(tok)
    }

    fn paste_all(&mut self, elems: Vec<Elem>) -> Vec<PpTok> {
        let mut out: Vec<Elem> = Vec::with_capacity(elems.len());
        let mut it = elems.into_iter();
        while let Some(e) = it.next() {
            match e {
                Elem::Paste => {
                    let lhs = out.pop().unwrap_or(Elem::Placemarker);
                    let rhs = match it.next() {
                        Some(Elem::Paste) | None => Elem::Placemarker,
                        Some(x) => x,
                    };
                    self.paste(lhs, rhs, &mut out);
                }
                other => out.push(other),
            }
        }
        out.into_iter()
            .filter_map(|e| match e {
                Elem::Tok(t) => Some(t),
                _ => None,
            })
            .collect()
    }

    fn paste(&mut self, lhs: Elem, rhs: Elem, out: &mut Vec<Elem>) {
        let (l, r) = match (lhs, rhs) {
            (Elem::Tok(l), Elem::Tok(r)) => (l, r),
            (Elem::Tok(l), _) => return out.push(Elem::Tok(l)),
            (_, Elem::Tok(r)) => return out.push(Elem::Tok(r)),
            _ => return out.push(Elem::Placemarker),
        };
        let text = format!(
            "{}{}",
            self.symbols.spelling(&l.tok),
            self.symbols.spelling(&r.tok)
        );
        let lexed = lexer::lex(self.scratch_file, &text, &mut self.symbols);
        let single = lexed.errors.is_empty()
            && lexed.tokens.len() == 2
            && lexed.tokens[0].span.hi as usize == text.len()
            && !text.contains('\\');
        if !single {
            self.diags.error(
                l.tok.report_span(),
                format!("pasting formed '{text}', an invalid preprocessing token"),
            );
            out.push(Elem::Tok(l));
            out.push(Elem::Tok(r));
            return;
        }
        let kind = lexed.tokens[0].kind;
        let tok = self.scratch_token(kind, &text, &l.tok);
        out.push(Elem::Tok(PpTok {
            tok,
            hide: l.hide,
            no_expand: false,
        }));
    }
}
