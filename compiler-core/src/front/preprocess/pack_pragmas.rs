//! `#pragma pack` as the preprocessor meets it, recorded in a [`PackMap`]:
//! `pack(N)`, `pack()`, `pack(push)`, `pack(push, N)`, `pack(push, label)`,
//! `pack(push, label, N)`, `pack(pop)`, `pack(pop, label)` (and clang's
//! `pack(pop, N)`), `pack(show)`. A malformed one is a warning (worded as
//! clang words it) and changes nothing.

use crate::front::pragma_pack::{pack_value, PackDialect, PackMap};
use crate::source::{FileId, Span};

pub(super) struct PackPragmas {
    dialect: PackDialect,
    current: Option<u32>,
    /// `push`ed values, with their labels.
    pushed: Vec<(Option<String>, Option<u32>)>,
    map: PackMap,
}

/// One argument of `pack(...)`.
enum Arg<'a> {
    Value(Option<u32>),
    Label(&'a str),
}

const BAD_VALUE: &str = "expected #pragma pack parameter to be '1', '2', '4', '8', or '16'";
const MALFORMED: &str = "expected integer or identifier in '#pragma pack' - ignored";

impl PackPragmas {
    pub fn new(dialect: PackDialect) -> Self {
        PackPragmas {
            dialect,
            current: None,
            pushed: vec![],
            map: PackMap::default(),
        }
    }

    pub fn finish(self) -> PackMap {
        self.map
    }

    /// Whether the preprocessor macro-expands the arguments first.
    pub fn expands_macros(&self) -> bool {
        self.dialect == PackDialect::Clang
    }

    /// A file is entered (from its start) or resumed at `offset` after an
    /// `#include`: the value there is the current one.
    pub fn enter(&mut self, file: FileId, offset: u32) {
        self.map.record(file, offset, self.current);
    }

    /// The words of `#pragma pack ...` after `pack`, at `at`: applied if
    /// well formed. The result is a warning to report, if any.
    pub fn pragma(&mut self, words: &[&str], at: Span) -> Option<String> {
        let Some(("(", inner)) = words.split_first().map(|(a, b)| (*a, b)) else {
            return Some("missing '(' after '#pragma pack' - ignoring".into());
        };
        let Some(close) = inner.iter().position(|w| *w == ")") else {
            return Some("missing ')' after '#pragma pack' - ignoring".into());
        };
        if close + 1 != inner.len() {
            return Some("extra tokens at end of '#pragma pack' - ignored".into());
        }
        let mut args = inner[..close].split(|w| *w == ",");
        let first = args.next().unwrap_or(&[]);
        let rest: Vec<&[&str]> = args.collect();
        if first.is_empty() && rest.is_empty() {
            // `pack()`: back to the natural layout.
            self.set(at, None);
            return None;
        }
        let [action] = first else {
            return Some(MALFORMED.into());
        };
        let mut parsed = vec![];
        for a in &rest {
            match a {
                [w] if w.starts_with(|c: char| c.is_ascii_digit()) => match pack_value(w) {
                    Some(v) => parsed.push(Arg::Value(v)),
                    None => return Some(BAD_VALUE.into()),
                },
                [w] if is_identifier(w) => parsed.push(Arg::Label(w)),
                _ => return Some(MALFORMED.into()),
            }
        }
        match (*action, parsed.as_slice()) {
            (n, []) if n.starts_with(|c: char| c.is_ascii_digit()) => match pack_value(n) {
                Some(v) => self.set(at, v),
                None => return Some(BAD_VALUE.into()),
            },
            ("show", []) => {
                return Some(format!(
                    "value of #pragma pack(show) == {}",
                    self.current.unwrap_or(8)
                ))
            }
            ("push", args) => {
                let (label, value) = match args {
                    [] => (None, None),
                    [Arg::Value(v)] => (None, Some(*v)),
                    [Arg::Label(l)] => (Some(l.to_string()), None),
                    [Arg::Label(l), Arg::Value(v)] => (Some(l.to_string()), Some(*v)),
                    _ => return Some(MALFORMED.into()),
                };
                self.pushed.push((label, self.current));
                if let Some(v) = value {
                    self.set(at, v);
                }
            }
            ("pop", args) => {
                let (label, value) = match args {
                    [] => (None, None),
                    [Arg::Label(l)] => (Some(*l), None),
                    [Arg::Value(v)] if self.dialect == PackDialect::Clang => (None, Some(*v)),
                    [Arg::Label(l), Arg::Value(v)] if self.dialect == PackDialect::Clang => {
                        (Some(*l), Some(*v))
                    }
                    _ => return Some(MALFORMED.into()),
                };
                let warning = self.pop(label, at);
                if let Some(v) = value {
                    self.set(at, v);
                }
                return warning;
            }
            (a, _) if is_identifier(a) && !matches!(a, "push" | "pop" | "show") => {
                return Some("unknown action for '#pragma pack' - ignored".into())
            }
            _ => return Some(MALFORMED.into()),
        }
        None
    }

    /// `pop` (to `label`, if given): restores the value saved by the push.
    fn pop(&mut self, label: Option<&str>, at: Span) -> Option<String> {
        let Some(label) = label else {
            return match self.pushed.pop() {
                Some((_, v)) => {
                    self.set(at, v);
                    None
                }
                None => Some("#pragma pack(pop, ...) failed: stack empty".into()),
            };
        };
        let found = self
            .pushed
            .iter()
            .rposition(|(l, _)| l.as_deref() == Some(label));
        let warning = format!(
            "#pragma pack(pop, {label}) failed: no '#pragma pack(push, {label})' before it"
        );
        match found {
            Some(i) => {
                let (_, v) = self.pushed[i];
                self.pushed.truncate(i);
                self.set(at, v);
                None
            }
            // g++ pops the last push, clang nothing.
            None if self.dialect == PackDialect::Gcc => {
                if let Some((_, v)) = self.pushed.pop() {
                    self.set(at, v);
                }
                Some(warning)
            }
            None => Some(warning),
        }
    }

    fn set(&mut self, at: Span, value: Option<u32>) {
        self.current = value;
        self.map.record(at.file, at.hi, value);
    }
}

fn is_identifier(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}
