//! Source files and spans: the `SourceMap` owns every file the compilation read
//! (main file, user headers, model headers) and maps byte offsets to lines.

use serde::{Deserialize, Serialize};

/// Index of a file in the [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FileId(pub u32);

/// A byte range `lo..hi` in one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    pub file: FileId,
    pub lo: u32,
    pub hi: u32,
}

impl Span {
    pub fn new(file: FileId, lo: u32, hi: u32) -> Self {
        Span { file, lo, hi }
    }
    /// The smallest span covering `self` and `other` (same file assumed; else `self`).
    pub fn to(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        Span {
            file: self.file,
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }
}

/// One file the compilation read.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path as it was spelled/resolved (used in diagnostics and `__FILE__`).
    pub name: String,
    pub text: String,
    /// For a file read through `#include`: the span of the directive's
    /// name in the including file (clang's "in file included from").
    pub included_from: Option<Span>,
    line_starts: Vec<u32>,
}

impl SourceFile {
    pub fn new(name: String, text: String) -> Self {
        let mut line_starts = vec![0];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        SourceFile {
            name,
            text,
            included_from: None,
            line_starts,
        }
    }
    /// 1-based (line, column) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (line as u32 + 1, offset - self.line_starts[line] + 1)
    }
    /// 0-based line index of a byte offset.
    pub fn line_index(&self, offset: u32) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }
    /// Byte range of a 0-based line, without its line terminator.
    pub fn line_range(&self, line: usize) -> std::ops::Range<usize> {
        let lo = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |&l| l as usize);
        let mut hi = self
            .line_starts
            .get(line + 1)
            .map_or(self.text.len(), |&l| l as usize);
        let b = self.text.as_bytes();
        while hi > lo && matches!(b[hi - 1], b'\n' | b'\r') {
            hi -= 1;
        }
        lo..hi
    }
    /// Number of lines (a final line without terminator counts).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

/// All files of one compilation.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push(SourceFile::new(name.into(), text.into()));
        FileId(self.files.len() as u32 - 1)
    }
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }
    /// Replace the text of file `id` (a file added before its text was
    /// known, such as the preprocessor's scratch file).
    pub fn set_text(&mut self, id: FileId, text: String) {
        let f = &mut self.files[id.0 as usize];
        let included_from = f.included_from;
        *f = SourceFile::new(std::mem::take(&mut f.name), text);
        f.included_from = included_from;
    }
    /// Record that `id` was read through the `#include` at `from`.
    pub fn set_included_from(&mut self, id: FileId, from: Span) {
        if let Some(f) = self.files.get_mut(id.0 as usize) {
            if f.included_from.is_none() {
                f.included_from = Some(from);
            }
        }
    }
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }
    pub fn len(&self) -> usize {
        self.files.len()
    }
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
    pub fn snippet(&self, span: Span) -> &str {
        let f = self.file(span.file);
        f.text.get(span.lo as usize..span.hi as usize).unwrap_or("")
    }
}
