//! Preprocessing and parsing at once. Natively the preprocessor (about a
//! third of the frontend's time) runs on a thread of its own, beside the
//! parser, and hands the parser its tokens in batches, each with
//! the spellings it introduced; the parser appends those to its own symbol
//! table (same ids: both tables start from the predefined symbols and grow
//! in the same order). WebAssembly builds run the halves one after the
//! other. Either way the result is the one [`preprocess`] then
//! [`parse_translation_unit`] give, diagnostics in the same order.
//!
//! [`preprocess`]: crate::front::preprocess::preprocess
//! [`parse_translation_unit`]: crate::front::parse::parse_translation_unit

use crate::diag::{Diagnostic, Diagnostics};
use crate::front::ast::TranslationUnit;
use crate::front::fp_contract::FpContractMap;
use crate::front::pragma_pack::PackMap;
use crate::front::preprocess::PpOptions;
use crate::front::token::{Symbol, Symbols, Token};
use crate::source::{FileId, SourceMap};
use crate::IncludeProvider;
use std::sync::mpsc::{Receiver, SyncSender};

/// Tokens per batch: large enough that handing one over costs little,
/// small enough that the parser starts early.
pub const BATCH_TOKENS: usize = 1 << 15;

/// Batches in flight before the preprocessor waits for the parser.
#[cfg(not(target_family = "wasm"))]
const BATCHES_IN_FLIGHT: usize = 8;

/// The preprocessor thread's stack: nested macro arguments and `#if`
/// operands recurse up to `preprocess::MAX_NESTING` levels.
#[cfg(not(target_family = "wasm"))]
const PREPROCESSOR_STACK_BYTES: usize = 64 << 20;

/// What the frontend made of one translation unit.
pub struct Frontend {
    pub tu: TranslationUnit,
    /// The preprocessor's diagnostics (reported before the parser's).
    pub preprocessor_diagnostics: Vec<Diagnostic>,
    pub parser_diagnostics: Vec<Diagnostic>,
    /// Files read through `#include`, in first-read order.
    pub included_files: Vec<String>,
    pub fp_contract: FpContractMap,
    /// Where `#pragma pack` changed the largest alignment of class members.
    pub pack: PackMap,
}

/// One batch of preprocessed tokens and the spellings first made for them.
pub struct TokenBatch {
    tokens: Vec<Token>,
    /// The id of the first spelling in `texts`.
    first_symbol: usize,
    /// New spellings in id order, and whether each is deduplicated.
    texts: Vec<(Box<str>, bool)>,
}

/// The preprocessor's end of the channel.
pub(crate) struct BatchSender {
    batches: SyncSender<TokenBatch>,
    symbols_sent: usize,
}

impl BatchSender {
    /// Send `tokens` with the spellings made since the previous batch;
    /// false when the parser stopped reading.
    pub(crate) fn send(&mut self, tokens: Vec<Token>, symbols: &Symbols) -> bool {
        let first_symbol = self.symbols_sent;
        let texts = (first_symbol..symbols.len())
            .map(|i| {
                let s = Symbol(i as u32);
                (Box::from(symbols.text(s)), symbols.is_deduplicated(s))
            })
            .collect();
        self.symbols_sent = symbols.len();
        self.batches
            .send(TokenBatch {
                tokens,
                first_symbol,
                texts,
            })
            .is_ok()
    }
}

/// The parser's end: batches arrive as it asks for tokens.
pub struct TokenStream {
    batches: Receiver<TokenBatch>,
}

impl TokenStream {
    /// The next batch's tokens, its new spellings appended to `symbols`;
    /// `None` once the preprocessor is done.
    pub(crate) fn next_batch(&self, symbols: &Symbols) -> Option<Vec<Token>> {
        let batch = self.batches.recv().ok()?;
        debug_assert_eq!(batch.first_symbol, symbols.len());
        for (text, deduplicated) in &batch.texts {
            symbols.append(text, *deduplicated);
        }
        Some(batch.tokens)
    }
}

/// Preprocess `main` and parse the result. Natively the two run at once;
/// `parse_despite_errors: false` lets a build without threads skip the
/// parse when preprocessing failed (its result is not used then).
pub fn preprocess_and_parse(
    sm: &mut SourceMap,
    main: FileId,
    provider: &dyn IncludeProvider,
    opts: &PpOptions,
    parse_despite_errors: bool,
) -> Frontend {
    #[cfg(not(target_family = "wasm"))]
    {
        let _ = parse_despite_errors;
        concurrently(sm, main, provider, opts)
    }
    #[cfg(target_family = "wasm")]
    {
        one_after_the_other(sm, main, provider, opts, parse_despite_errors)
    }
}

#[cfg(not(target_family = "wasm"))]
fn concurrently(
    sm: &mut SourceMap,
    main: FileId,
    provider: &dyn IncludeProvider,
    opts: &PpOptions,
) -> Frontend {
    let (sender, receiver) = std::sync::mpsc::sync_channel(BATCHES_IN_FLIGHT);
    // Both tables start with the predefined symbols.
    let symbols = Symbols::new();
    let predefined = symbols.len();
    let mut parser_diags = Diagnostics::default();
    let (tu, (included_files, fp_contract, pack, pp_diags)) = std::thread::scope(|scope| {
        let preprocessor = std::thread::Builder::new()
            .name("preprocessor".into())
            .stack_size(PREPROCESSOR_STACK_BYTES)
            .spawn_scoped(scope, move || {
                let mut diags = Diagnostics::default();
                let batches = BatchSender {
                    batches: sender,
                    symbols_sent: predefined,
                };
                let (included, fp, pack) = crate::front::preprocess::preprocess_into(
                    sm, main, provider, opts, &mut diags, batches,
                );
                (included, fp, pack, diags.list)
            })
            .expect("spawning the preprocessor thread");
        let stream = TokenStream { batches: receiver };
        let tu =
            crate::front::parse::parse_token_stream(stream, &symbols, &mut parser_diags, opts.lang);
        match preprocessor.join() {
            Ok(pp) => (tu, pp),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    });
    Frontend {
        tu,
        preprocessor_diagnostics: pp_diags,
        parser_diagnostics: parser_diags.list,
        included_files,
        fp_contract,
        pack,
    }
}

#[cfg(any(target_family = "wasm", test))]
fn one_after_the_other(
    sm: &mut SourceMap,
    main: FileId,
    provider: &dyn IncludeProvider,
    opts: &PpOptions,
    parse_despite_errors: bool,
) -> Frontend {
    let mut pp_diags = Diagnostics::default();
    let pp = crate::front::preprocess::preprocess(sm, main, provider, opts, &mut pp_diags);
    let mut parser_diags = Diagnostics::default();
    let tu = if parse_despite_errors || !pp_diags.has_errors() {
        crate::front::parse::parse_translation_unit(
            pp.tokens,
            &pp.symbols,
            &mut parser_diags,
            opts.lang,
        )
    } else {
        TranslationUnit { decls: vec![] }
    };
    Frontend {
        tu,
        preprocessor_diagnostics: pp_diags.list,
        parser_diagnostics: parser_diags.list,
        included_files: pp.included_files,
        fp_contract: pp.fp_contract,
        pack: pp.pack,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::ast_dump;
    use crate::front::preprocess::preprocess;

    /// A translation unit of several batches: names pasted by a macro
    /// (scratch tokens), templates, and what `tail` adds at the end.
    fn source(tail: &str) -> String {
        let mut s = String::from("#define PASTE(a, b) a##b\n");
        for i in 0..2500 {
            s.push_str(&format!(
                "namespace n{i} {{ int PASTE(v, {i}) = {i}; }}\n\
                 template <typename T> struct S{i} {{ T x; int f(int a) {{ return a * 2 + x; }} }};\n"
            ));
        }
        s.push_str(tail);
        s
    }

    /// The AST dump and the diagnostics (severity, message, place) of `src`.
    fn frontend(src: &str, concurrently: bool) -> (String, Vec<String>) {
        let mut sm = SourceMap::default();
        let main = sm.add("t.cpp", src);
        let opts = PpOptions::default();
        let f = if concurrently {
            preprocess_and_parse(&mut sm, main, &crate::NoIncludes, &opts, true)
        } else {
            one_after_the_other(&mut sm, main, &crate::NoIncludes, &opts, true)
        };
        let mut diags = f.preprocessor_diagnostics;
        diags.extend(f.parser_diagnostics);
        let tu = f.tu;
        let place = |sp: Option<crate::source::Span>| {
            sp.map(|s| (sm.file(s.file).name.clone(), s.lo, s.hi))
        };
        let diags = diags
            .iter()
            .map(|d| format!("{:?} {} {:?}", d.severity, d.message, place(d.span)))
            .collect();
        (ast_dump::dump(&tu, &sm), diags)
    }

    #[test]
    fn concurrent_frontend_gives_what_one_thread_gives() {
        let tokens = {
            let mut sm = SourceMap::default();
            let main = sm.add("t.cpp", source(""));
            let mut d = Diagnostics::default();
            let opts = PpOptions::default();
            preprocess(&mut sm, main, &crate::NoIncludes, &opts, &mut d)
                .tokens
                .len()
        };
        assert!(tokens > 2 * BATCH_TOKENS, "{tokens} tokens");
        for tail in [
            "",
            "#warning late\nint broken = ;\nstruct { int a }\nint PASTE(after, 1) = 2;\n",
            "#error stop here\nint z = PASTE(v, 7);\n",
        ] {
            let src = source(tail);
            let one_thread = frontend(&src, false);
            let concurrent = frontend(&src, true);
            assert_eq!(concurrent.1, one_thread.1, "diagnostics with tail {tail:?}");
            assert!(
                concurrent.0 == one_thread.0,
                "AST dumps differ with tail {tail:?}"
            );
        }
    }
}
