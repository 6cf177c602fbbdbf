//! Diagnostics as values: produced anywhere in the compiler, rendered separately
//! (clang-style text through codespan-reporting, or JSON through serde).

use crate::source::{FileId, SourceMap, Span};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
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
    /// Suggested edits (clang's fix-it hints).
    pub fixits: Vec<FixIt>,
}

/// A suggested edit: replace `span` by `replacement` (an empty span inserts).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FixIt {
    pub span: Span,
    pub replacement: String,
}

impl Diagnostic {
    pub fn error(span: impl Into<Option<Span>>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: span.into(),
            notes: vec![],
            fixits: vec![],
        }
    }
    /// A free-standing note: information, neither a warning nor an error.
    pub fn note(span: impl Into<Option<Span>>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Note,
            message: message.into(),
            span: span.into(),
            notes: vec![],
            fixits: vec![],
        }
    }
    pub fn warning(span: impl Into<Option<Span>>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            message: message.into(),
            span: span.into(),
            notes: vec![],
            fixits: vec![],
        }
    }
    /// Attach a fix-it hint replacing `span` with `replacement`.
    pub fn with_fixit(mut self, span: Span, replacement: impl Into<String>) -> Self {
        self.fixits.push(FixIt {
            span,
            replacement: replacement.into(),
        });
        self
    }
    pub fn with_note(mut self, span: impl Into<Option<Span>>, message: impl Into<String>) -> Self {
        self.notes.push(Note {
            span: span.into(),
            message: message.into(),
        });
        self
    }
}

/// Message of a note pointing at the spelling of a token that came from a
/// macro expansion; rendered as `expanded from macro 'NAME'`, NAME read at
/// the diagnostic's location (the expansion site). See [`note_message`].
pub const MACRO_EXPANSION_NOTE: &str = "expanded from macro";

/// The text of a note: [`MACRO_EXPANSION_NOTE`] gains the macro's name.
pub fn note_message(sm: &SourceMap, d: &Diagnostic, n: &Note) -> String {
    if n.message != MACRO_EXPANSION_NOTE {
        return n.message.clone();
    }
    let Some(at) = d.span else {
        return n.message.clone();
    };
    let f = sm.file(at.file);
    let rest = f.text.get(at.lo as usize..).unwrap_or("");
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
        .collect();
    if name.is_empty() {
        n.message.clone()
    } else {
        format!("{MACRO_EXPANSION_NOTE} '{name}'")
    }
}

/// Replace [`MACRO_EXPANSION_NOTE`] placeholders by their full text.
pub fn resolve_notes(sm: &SourceMap, diags: &mut [Diagnostic]) {
    for d in diags.iter_mut() {
        let texts: Vec<String> = d.notes.iter().map(|n| note_message(sm, d, n)).collect();
        for (n, t) in d.notes.iter_mut().zip(texts) {
            n.message = t;
        }
    }
}

/// An ordered collection of diagnostics with an error count.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics {
    pub list: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Drops repeats of a diagnostic (same severity, place and message),
    /// as code inlined into several kernels reports the same problem.
    pub fn drop_repeats(&mut self) {
        let mut seen = std::collections::HashSet::new();
        self.list
            .retain(|d| seen.insert((d.severity, d.span, d.message.clone())));
    }

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

/// Longest source line shown whole in a snippet; longer lines are shown as a
/// window of about this many columns around the location.
pub const MAX_SNIPPET_COLUMNS: usize = 200;

/// Render diagnostics the way clang prints them: the include chain
/// (`In file included from FILE:LINE:`), the location, message, source line
/// and caret, then notes and fix-its. Plain text.
pub fn render(sm: &SourceMap, diags: &[Diagnostic]) -> String {
    render_with(sm, diags, false)
}

/// [`render`], with ANSI colours when `color`.
pub fn render_with(sm: &SourceMap, diags: &[Diagnostic], color: bool) -> String {
    use codespan_reporting::term::termcolor::{Ansi, NoColor};
    if color {
        let mut w = Ansi::new(Vec::new());
        render_into(sm, diags, &mut w);
        String::from_utf8_lossy(&w.into_inner()).into_owned()
    } else {
        let mut w = NoColor::new(Vec::new());
        render_into(sm, diags, &mut w);
        String::from_utf8_lossy(&w.into_inner()).into_owned()
    }
}

/// `FILE:LINE:COL` of the start of a span.
fn location(sm: &SourceMap, span: Span) -> (String, u32, u32) {
    let f = sm.file(span.file);
    let (l, c) = f.line_col(span.lo.min(f.text.len() as u32));
    (f.name.clone(), l, c)
}

/// The include chain of `file`, innermost first: `In file included from` lines.
fn include_chain(sm: &SourceMap, file: FileId) -> String {
    let mut out = String::new();
    let mut seen = 0;
    let mut cur = sm.file(file).included_from;
    while let Some(sp) = cur {
        if seen > 250 {
            break;
        }
        seen += 1;
        let (name, line, _) = location(sm, sp);
        let lead = if seen == 1 {
            "In file included from"
        } else {
            "                 from"
        };
        out.push_str(&format!("{lead} {name}:{line}:\n"));
        cur = sm.file(sp.file).included_from;
    }
    out
}

/// Text of a fix-it, clang style: `insert ';'`, `replace with 'x'`, `remove`.
fn fixit_text(sm: &SourceMap, f: &FixIt) -> String {
    let (name, line, col) = location(sm, f.span);
    let what = if f.span.lo == f.span.hi {
        format!("insert '{}'", f.replacement)
    } else if f.replacement.is_empty() {
        "remove".to_string()
    } else {
        format!("replace with '{}'", f.replacement)
    };
    format!("fix-it: {what} at {name}:{line}:{col}")
}

/// A file (or a window of one long line) as codespan sees it.
struct ViewFile<'a> {
    name: &'a str,
    text: std::borrow::Cow<'a, str>,
    /// Line starts of `text`.
    starts: Vec<usize>,
    /// Line number of the first line of `text`, minus 1.
    first_line: usize,
    /// Columns (characters) cut from the start of the first line.
    col_shift: isize,
}

struct ViewFiles<'a>(Vec<ViewFile<'a>>);

impl<'a> codespan_reporting::files::Files<'a> for ViewFiles<'a> {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;
    fn name(&'a self, id: usize) -> Result<&'a str, codespan_reporting::files::Error> {
        Ok(self.0[id].name)
    }
    fn source(&'a self, id: usize) -> Result<&'a str, codespan_reporting::files::Error> {
        Ok(self.0[id].text.as_ref())
    }
    fn line_index(
        &'a self,
        id: usize,
        byte: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        let s = &self.0[id].starts;
        Ok(match s.binary_search(&byte) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        })
    }
    fn line_number(
        &'a self,
        id: usize,
        line: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        Ok(self.0[id].first_line + line + 1)
    }
    fn column_number(
        &'a self,
        id: usize,
        line: usize,
        byte: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        let f = &self.0[id];
        let range = self.line_range(id, line)?;
        let col = codespan_reporting::files::column_index(&f.text, range, byte) + 1;
        Ok(if line == 0 {
            (col as isize + f.col_shift).max(1) as usize
        } else {
            col
        })
    }
    fn line_range(
        &'a self,
        id: usize,
        line: usize,
    ) -> Result<std::ops::Range<usize>, codespan_reporting::files::Error> {
        let f = &self.0[id];
        let lo = *f
            .starts
            .get(line)
            .ok_or(codespan_reporting::files::Error::LineTooLarge {
                given: line,
                max: f.starts.len().saturating_sub(1),
            })?;
        let hi = f.starts.get(line + 1).copied().unwrap_or(f.text.len());
        Ok(lo..hi)
    }
}

/// Maps the spans of one diagnostic onto [`ViewFiles`]: whole files, except
/// lines longer than [`MAX_SNIPPET_COLUMNS`], which get a window of their own.
struct Views<'a> {
    sm: &'a SourceMap,
    files: ViewFiles<'a>,
    whole: std::collections::HashMap<FileId, usize>,
}

impl<'a> Views<'a> {
    fn map(&mut self, span: Span) -> (usize, std::ops::Range<usize>) {
        let f = self.sm.file(span.file);
        let len = f.text.len();
        let (lo, hi) = ((span.lo as usize).min(len), (span.hi as usize).min(len));
        let line = f.line_index(lo as u32);
        let lr = f.line_range(line);
        if lr.len() <= MAX_SNIPPET_COLUMNS {
            let id = *self.whole.entry(span.file).or_insert_with(|| {
                self.files.0.push(ViewFile {
                    name: &f.name,
                    text: std::borrow::Cow::Borrowed(&f.text),
                    starts: (0..f.line_count()).map(|l| f.line_range(l).start).collect(),
                    first_line: 0,
                    col_shift: 0,
                });
                self.files.0.len() - 1
            });
            return (id, lo..hi.max(lo));
        }
        // A window of the long line around `lo`.
        let half = MAX_SNIPPET_COLUMNS / 2;
        let snap_down = |mut i: usize| {
            while !f.text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let wlo = snap_down(lo.saturating_sub(half).max(lr.start));
        let whi = snap_down((lo + half).min(lr.end));
        let prefix = if wlo > lr.start { "..." } else { "" };
        let suffix = if whi < lr.end { "..." } else { "" };
        let text = format!("{prefix}{}{suffix}", &f.text[wlo..whi]);
        let cut_chars = f.text[lr.start..wlo].chars().count() as isize;
        let shift = prefix.len();
        self.files.0.push(ViewFile {
            name: &f.name,
            text: std::borrow::Cow::Owned(text),
            starts: vec![0],
            first_line: line,
            col_shift: cut_chars - shift as isize,
        });
        let id = self.files.0.len() - 1;
        let a = lo - wlo + shift;
        let b = hi.clamp(lo, whi) - wlo + shift;
        (id, a..b)
    }
}

fn render_into<W: codespan_reporting::term::termcolor::WriteColor>(
    sm: &SourceMap,
    diags: &[Diagnostic],
    w: &mut W,
) {
    use codespan_reporting::diagnostic::{Diagnostic as CsDiag, Label};
    use codespan_reporting::term::{self, Config};

    let config = Config {
        display_style: term::DisplayStyle::Rich,
        ..Config::default()
    };
    for d in diags {
        let mut views = Views {
            sm,
            files: ViewFiles(Vec::new()),
            whole: Default::default(),
        };
        if let Some(s) = d.span {
            let _ = w.write_all(include_chain(sm, s.file).as_bytes());
        }
        let mut cs = match d.severity {
            Severity::Error => CsDiag::error(),
            Severity::Warning => CsDiag::warning(),
            Severity::Note => CsDiag::note(),
        }
        .with_message(d.message.clone());
        let mut labels = vec![];
        if let Some(s) = d.span {
            let (id, r) = views.map(s);
            labels.push(Label::primary(id, r));
        }
        for f in &d.fixits {
            let (id, r) = views.map(f.span);
            let msg = if f.span.lo == f.span.hi {
                format!("insert '{}'", f.replacement)
            } else {
                format!("replace with '{}'", f.replacement)
            };
            labels.push(Label::secondary(id, r).with_message(msg));
        }
        let mut notes = vec![];
        for n in &d.notes {
            match n.span {
                Some(s) => {
                    let (id, r) = views.map(s);
                    labels.push(Label::secondary(id, r).with_message(note_message(sm, d, n)));
                }
                None => notes.push(note_message(sm, d, n)),
            }
        }
        for f in &d.fixits {
            notes.push(fixit_text(sm, f));
        }
        cs = cs.with_labels(labels).with_notes(notes);
        let Some(span) = d.span else {
            let _ = term::emit_to_write_style(w, &config, &views.files, &cs);
            continue;
        };
        // clang's header, `FILE:LINE:COL: error: message`, then codespan's
        // source snippet, caret, labels and notes (its own header line dropped).
        let mut body = codespan_reporting::term::termcolor::NoColor::new(Vec::new());
        let _ = term::emit_to_write_style(&mut body, &config, &views.files, &cs);
        let body = String::from_utf8_lossy(&body.into_inner()).into_owned();
        let snippet = body.split_once('\n').map(|(_, rest)| rest).unwrap_or("");
        let (name, line, col) = location(sm, span);
        let severity = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        let _ = write_header(w, &format!("{name}:{line}:{col}: "), severity, &d.message);
        let _ = w.write_all(snippet.as_bytes());
    }
}

/// `PREFIX severity: message` with clang's colours (bold, red errors,
/// magenta warnings, black notes) when the writer supports colour.
fn write_header<W: codespan_reporting::term::termcolor::WriteColor>(
    w: &mut W,
    prefix: &str,
    severity: &str,
    message: &str,
) -> std::io::Result<()> {
    use codespan_reporting::term::termcolor::{Color, ColorSpec};
    w.set_color(ColorSpec::new().set_bold(true))?;
    w.write_all(prefix.as_bytes())?;
    let colour = match severity {
        "error" => Color::Red,
        "warning" => Color::Magenta,
        _ => Color::Black,
    };
    w.set_color(ColorSpec::new().set_bold(true).set_fg(Some(colour)))?;
    w.write_all(format!("{severity}:").as_bytes())?;
    w.set_color(ColorSpec::new().set_bold(true))?;
    w.write_all(format!(" {message}\n").as_bytes())?;
    w.reset()
}

/// One location in [`render_json`] output (1-based line and column, in bytes).
#[derive(Serialize)]
struct JsonLocation {
    file: String,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
}

#[derive(Serialize)]
struct JsonNote {
    message: String,
    #[serde(flatten)]
    location: Option<JsonLocation>,
}

#[derive(Serialize)]
struct JsonFixIt {
    replacement: String,
    #[serde(flatten)]
    location: JsonLocation,
}

#[derive(Serialize)]
struct JsonDiagnostic {
    severity: Severity,
    message: String,
    #[serde(flatten)]
    location: Option<JsonLocation>,
    /// Outermost first: where the file of the location was included from.
    include_stack: Vec<JsonLocation>,
    notes: Vec<JsonNote>,
    fixits: Vec<JsonFixIt>,
}

fn json_location(sm: &SourceMap, span: Span) -> JsonLocation {
    let f = sm.file(span.file);
    let len = f.text.len() as u32;
    let (line, column) = f.line_col(span.lo.min(len));
    let (end_line, end_column) = f.line_col(span.hi.clamp(span.lo.min(len), len));
    JsonLocation {
        file: f.name.clone(),
        line,
        column,
        end_line,
        end_column,
    }
}

/// Diagnostics as a JSON array for editors and the playground: each with
/// `severity`, `message`, `file`, `line`, `column`, `end_line`, `end_column`
/// (1-based, columns in bytes; absent without a location), `include_stack`,
/// `notes` (each with `message` and an optional location) and `fixits`
/// (`replacement` and the location it replaces; an empty range inserts).
pub fn render_json(sm: &SourceMap, diags: &[Diagnostic]) -> String {
    let list: Vec<JsonDiagnostic> = diags
        .iter()
        .map(|d| {
            let mut include_stack = vec![];
            if let Some(s) = d.span {
                let mut cur = sm.file(s.file).included_from;
                while let Some(sp) = cur {
                    if include_stack.len() > 250 {
                        break;
                    }
                    include_stack.push(json_location(sm, sp));
                    cur = sm.file(sp.file).included_from;
                }
                include_stack.reverse();
            }
            JsonDiagnostic {
                severity: d.severity,
                message: d.message.clone(),
                location: d.span.map(|s| json_location(sm, s)),
                include_stack,
                notes: d
                    .notes
                    .iter()
                    .map(|n| JsonNote {
                        message: note_message(sm, d, n),
                        location: n.span.map(|s| json_location(sm, s)),
                    })
                    .collect(),
                fixits: d
                    .fixits
                    .iter()
                    .map(|f| JsonFixIt {
                        replacement: f.replacement.clone(),
                        location: json_location(sm, f.span),
                    })
                    .collect(),
            }
        })
        .collect();
    serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> (SourceMap, FileId, FileId) {
        let mut sm = SourceMap::default();
        let main = sm.add("main.cpp", "#include \"a.h\"\nint y;\n");
        let h = sm.add("a.h", "int x = ;\n");
        sm.set_included_from(h, Span::new(main, 1, 8));
        (sm, main, h)
    }

    #[test]
    fn include_chain_and_fixit_are_rendered() {
        let (sm, _, h) = map();
        let d = Diagnostic::error(Span::new(h, 8, 9), "expected an expression")
            .with_fixit(Span::new(h, 7, 7), "0");
        let text = render(&sm, &[d]);
        assert!(
            text.starts_with(
                "In file included from main.cpp:1:\na.h:1:9: error: expected an expression"
            ),
            "{text}"
        );
        assert!(text.contains("fix-it: insert '0' at a.h:1:8"), "{text}");
    }

    #[test]
    fn long_lines_are_windowed() {
        let mut sm = SourceMap::default();
        let line = format!("int x = {};", "1+".repeat(100_000));
        let f = sm.add("long.cpp", line.clone());
        let at = line.len() as u32 - 1;
        let text = render(&sm, &[Diagnostic::error(Span::new(f, at, at + 1), "here")]);
        assert!(text.contains(&format!("long.cpp:1:{}", at + 1)), "{text}");
        assert!(
            text.lines().all(|l| l.len() < MAX_SNIPPET_COLUMNS + 40),
            "{text}"
        );
        assert!(text.contains("1 │ ...") && text.contains("+1+;"), "{text}");
    }

    #[test]
    fn colour_uses_ansi_escapes() {
        let (sm, main, _) = map();
        let d = Diagnostic::warning(Span::new(main, 20, 21), "w");
        assert!(render_with(&sm, std::slice::from_ref(&d), true).contains("\x1b["));
        assert!(!render(&sm, &[d]).contains('\x1b'));
    }

    #[test]
    fn json_has_locations_notes_and_fixits() {
        let (sm, main, h) = map();
        let d = Diagnostic::error(Span::new(h, 8, 9), "e")
            .with_note(Span::new(main, 18, 19), "n")
            .with_fixit(Span::new(h, 9, 9), ";");
        let v: serde_json::Value = serde_json::from_str(&render_json(&sm, &[d])).unwrap();
        let d = &v[0];
        assert_eq!(d["severity"], "error");
        assert_eq!(
            (d["file"].as_str(), d["line"].as_u64(), d["column"].as_u64()),
            (Some("a.h"), Some(1), Some(9))
        );
        assert_eq!(d["end_column"], 10);
        assert_eq!(d["include_stack"][0]["file"], "main.cpp");
        assert_eq!(
            (
                d["notes"][0]["message"].as_str(),
                d["notes"][0]["line"].as_u64()
            ),
            (Some("n"), Some(2))
        );
        assert_eq!(d["fixits"][0]["replacement"], ";");
    }

    #[test]
    fn macro_notes_name_the_macro() {
        let mut sm = SourceMap::default();
        let f = sm.add("m.cpp", "#define DECL int = 3;\nDECL\n");
        let mut ds = vec![Diagnostic::error(Span::new(f, 22, 26), "e")
            .with_note(Span::new(f, 17, 18), MACRO_EXPANSION_NOTE)];
        resolve_notes(&sm, &mut ds);
        assert_eq!(ds[0].notes[0].message, "expanded from macro 'DECL'");
    }
}
