//! The parser's tokens: all of them at once, or in batches that arrive
//! while the preprocessor still runs on another thread
//! (`front::pipeline`). Either way they sit in chunks that never move once
//! stored, so the parser can hold on to a token (and to the chunk it reads
//! from) while more arrive.

use crate::front::pipeline::{TokenStream, BATCH_TOKENS};
use crate::front::token::{Symbols, Token, TokenKind};
use crate::source::{FileId, Span};
use elsa::FrozenVec;
use std::cell::Cell;

pub struct TokenStore {
    /// Every chunk but the last holds exactly `1 << shift` tokens; the
    /// last ends with `Eof` once all have arrived.
    chunks: FrozenVec<Box<[Token]>>,
    shift: u32,
    /// Where the next batches come from; `None` when all are here.
    stream: Option<TokenStream>,
    ended: Cell<bool>,
}

impl TokenStore {
    /// All the tokens of a translation unit, in one chunk.
    pub fn whole(mut tokens: Vec<Token>) -> Self {
        end_with_eof(&mut tokens);
        let chunks = FrozenVec::new();
        chunks.push(tokens.into_boxed_slice());
        TokenStore {
            chunks,
            shift: usize::BITS - 1,
            stream: None,
            ended: Cell::new(true),
        }
    }

    /// Tokens that `stream` delivers in batches of [`BATCH_TOKENS`].
    pub fn streamed(stream: TokenStream) -> Self {
        TokenStore {
            chunks: FrozenVec::new(),
            shift: BATCH_TOKENS.trailing_zeros(),
            stream: Some(stream),
            ended: Cell::new(false),
        }
    }

    /// The chunk holding token `i` and the index of its first token,
    /// receiving batches until it has arrived. Past the end: the last
    /// chunk, whose last token is the final `Eof`.
    pub fn chunk_of(&self, i: usize, symbols: &Symbols) -> (&[Token], usize) {
        loop {
            let c = i >> self.shift;
            if let Some(chunk) = self.chunks.get(c) {
                let base = c << self.shift;
                if i - base < chunk.len() {
                    return (chunk, base);
                }
            }
            if self.ended.get() {
                let last = self.chunks.len() - 1;
                return (&self.chunks[last], last << self.shift);
            }
            self.receive(symbols);
        }
    }

    /// Store the next batch (the last one ends with `Eof`).
    fn receive(&self, symbols: &Symbols) {
        let batch = self.stream.as_ref().and_then(|s| s.next_batch(symbols));
        let mut tokens = batch.unwrap_or_default();
        let last = tokens.last().is_none_or(|t| t.kind == TokenKind::Eof)
            || tokens.len() < 1 << self.shift;
        if last {
            self.ended.set(true);
            if tokens.is_empty() {
                // The preprocessor ended without its last batch.
                let span = self
                    .chunks
                    .iter()
                    .last()
                    .and_then(|c| c.last())
                    .map_or(Span::new(FileId(0), 0, 0), |t| t.span);
                tokens.push(Token::eof(span));
            } else {
                end_with_eof(&mut tokens);
            }
        }
        self.chunks.push(tokens.into_boxed_slice());
    }
}

/// Make `toks` end with an `Eof` token.
fn end_with_eof(toks: &mut Vec<Token>) {
    if toks.last().is_none_or(|t| t.kind != TokenKind::Eof) {
        let span = toks.last().map_or(Span::new(FileId(0), 0, 0), |t| t.span);
        toks.push(Token::eof(span));
    }
}
