//! Diagnostics as values: produced anywhere in the compiler, rendered separately
//! (clang-style text through codespan-reporting, or JSON through serde).

use crate::source::{SourceMap, Span};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

/// A secondary location or a free-standing note attached to a diagnostic.
#[derive(Clone, Debug, Serialize)]
pub struct Note {
    pub span: Option<Span>,
    pub message: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    pub span: Option<Span>,
    pub notes: Vec<Note>,
}

impl Diagnostic {
    pub fn error(span: impl Into<Option<Span>>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: span.into(),
            notes: vec![],
        }
    }
    pub fn warning(span: impl Into<Option<Span>>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            message: message.into(),
            span: span.into(),
            notes: vec![],
        }
    }
    pub fn with_note(mut self, span: impl Into<Option<Span>>, message: impl Into<String>) -> Self {
        self.notes.push(Note {
            span: span.into(),
            message: message.into(),
        });
        self
    }
}

/// An ordered collection of diagnostics with an error count.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics {
    pub list: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.list.push(d);
    }
    pub fn error(&mut self, span: impl Into<Option<Span>>, message: impl Into<String>) {
        self.push(Diagnostic::error(span, message));
    }
    pub fn warning(&mut self, span: impl Into<Option<Span>>, message: impl Into<String>) {
        self.push(Diagnostic::warning(span, message));
    }
    pub fn has_errors(&self) -> bool {
        self.list.iter().any(|d| d.severity == Severity::Error)
    }
    pub fn extend(&mut self, other: Diagnostics) {
        self.list.extend(other.list);
    }
}

/// Render diagnostics the way clang prints them: `file:line:col: error: message`
/// followed by the source line and a caret, then notes.
pub fn render(sm: &SourceMap, diags: &[Diagnostic]) -> String {
    use codespan_reporting::diagnostic::{Diagnostic as CsDiag, Label};
    use codespan_reporting::files::SimpleFiles;
    use codespan_reporting::term::{self, Config};

    let mut files = SimpleFiles::new();
    let ids: Vec<usize> = sm
        .files()
        .map(|(_, f)| files.add(f.name.clone(), f.text.clone()))
        .collect();
    let mut out = String::new();
    let config = Config {
        display_style: term::DisplayStyle::Rich,
        ..Config::default()
    };
    for d in diags {
        let mut cs = match d.severity {
            Severity::Error => CsDiag::error(),
            Severity::Warning => CsDiag::warning(),
            Severity::Note => CsDiag::note(),
        }
        .with_message(d.message.clone());
        let mut labels = vec![];
        if let Some(s) = d.span {
            labels.push(Label::primary(
                ids[s.file.0 as usize],
                s.lo as usize..s.hi as usize,
            ));
        }
        let mut notes = vec![];
        for n in &d.notes {
            match n.span {
                Some(s) => labels.push(
                    Label::secondary(ids[s.file.0 as usize], s.lo as usize..s.hi as usize)
                        .with_message(n.message.clone()),
                ),
                None => notes.push(n.message.clone()),
            }
        }
        cs = cs.with_labels(labels).with_notes(notes);
        let _ = term::emit_to_string(&mut out, &config, &files, &cs);
    }
    out
}
