//! `#pragma pack`: the largest alignment a class member may have (g++'s
//! "maximum field alignment") at each point of the sources. The
//! preprocessor records where pragmas changed it (`preprocess/pack_pragmas.rs`);
//! class layout (`sema/decls.rs`, `complete_class`, and closures under
//! g++) asks for the value in effect where a class is defined. Unlike the
//! floating-point pragmas, `#pragma pack` is not scoped by braces: it holds
//! until the next one, across namespaces, classes and files.

use crate::source::{FileId, Span};
use rustc_hash::FxHashMap as HashMap;

/// How the host compiler reads the forms of `#pragma pack` on which g++
/// and clang differ (both agree on `pack(N)`, `pack()`, `push`, `pop` and
/// labels that are found).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PackDialect {
    /// g++: the arguments are not macro-expanded (`pack(N)` with `N` a
    /// macro is an unknown action), `pack(pop, N)` is malformed, and
    /// `pack(pop, label)` with no such label pops the last push.
    Gcc,
    /// clang: arguments are macro-expanded, `pack(pop, N)` pops and then
    /// sets `N`, and a `pop` to a label that was never pushed does nothing.
    #[default]
    Clang,
}

/// The `#pragma pack` value at every point of a translation unit: per file,
/// the offsets where it changed (pragmas, and the points where an
/// `#include` entered or left a file). `None` is no limit (the natural
/// layout).
#[derive(Clone, Debug, Default)]
pub struct PackMap {
    changes: HashMap<FileId, Vec<(u32, Option<u32>)>>,
}

impl PackMap {
    /// From `offset` of `file` on, the limit is `value`. Changes of a file
    /// are recorded in the order the preprocessor reads it.
    pub fn record(&mut self, file: FileId, offset: u32, value: Option<u32>) {
        let list = self.changes.entry(file).or_default();
        // A file read again (included twice) starts over.
        if list.last().is_some_and(|&(at, _)| at > offset) {
            list.retain(|&(at, _)| at < offset);
        }
        if let Some(&(at, v)) = list.last() {
            if v == value {
                return;
            }
            if at == offset {
                list.pop();
            }
        }
        list.push((offset, value));
    }

    /// The limit in effect at `offset` of `file`.
    pub fn at(&self, file: FileId, offset: u32) -> Option<u32> {
        let list = self.changes.get(&file)?;
        match list.partition_point(|&(at, _)| at <= offset) {
            0 => None,
            n => list[n - 1].1,
        }
    }

    /// The limit in effect where a class spanning `span` is defined: at
    /// its closing brace as g++ reads it (`closing`), at its start as
    /// clang does (a pragma inside the braces is g++'s only).
    pub fn for_class(&self, span: Span, closing: bool) -> Option<u32> {
        let offset = if closing { span.hi } else { span.lo };
        self.at(span.file, offset)
    }
}

/// A `#pragma pack` value: 1, 2, 4, 8 or 16, or 0 for "none" (as
/// `pack()`); anything else is not one.
pub fn pack_value(text: &str) -> Option<Option<u32>> {
    match text.parse::<u32>().ok()? {
        0 => Some(None),
        n @ (1 | 2 | 4 | 8 | 16) => Some(Some(n)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_change_before_a_point_holds_there() {
        let f = FileId(1);
        let mut m = PackMap::default();
        m.record(f, 10, Some(1));
        m.record(f, 50, None);
        m.record(f, 70, Some(4));
        assert_eq!(m.at(f, 5), None);
        assert_eq!(m.at(f, 10), Some(1));
        assert_eq!(m.at(f, 49), Some(1));
        assert_eq!(m.at(f, 50), None);
        assert_eq!(m.at(f, 80), Some(4));
        assert_eq!(m.at(FileId(2), 20), None);
        // g++ reads a class's limit at its closing brace, clang at its start.
        let class = Span::new(f, 40, 60);
        assert_eq!(m.for_class(class, true), None);
        assert_eq!(m.for_class(class, false), Some(1));
    }

    #[test]
    fn a_file_read_again_starts_over() {
        let f = FileId(3);
        let mut m = PackMap::default();
        m.record(f, 0, None);
        m.record(f, 20, Some(2));
        m.record(f, 0, Some(8));
        assert_eq!(m.at(f, 30), Some(8));
    }

    #[test]
    fn values() {
        assert_eq!(pack_value("1"), Some(Some(1)));
        assert_eq!(pack_value("16"), Some(Some(16)));
        assert_eq!(pack_value("0"), Some(None));
        assert_eq!(pack_value("3"), None);
        assert_eq!(pack_value("32"), None);
        assert_eq!(pack_value("x"), None);
    }
}
