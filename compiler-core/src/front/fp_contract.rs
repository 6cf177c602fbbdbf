//! Floating-point contraction: whether the device compiler may let the
//! driver fuse and reassociate a floating-point operation (`-ffp-contract=`,
//! `#pragma STDC FP_CONTRACT`, `#pragma clang fp contract`), and where in
//! the sources the pragmas changed it. The preprocessor records the
//! changes; the lowering asks for the state at each arithmetic expression.

use crate::source::{FileId, Span};
use rustc_hash::FxHashMap as HashMap;
use serde::{Deserialize, Serialize};

/// What a floating-point operation may become on the device.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FpContract {
    /// The driver may fuse it with others and reassociate it, as Vulkan
    /// lets drivers do with SPIR-V that says nothing (`-ffp-contract=fast`).
    Fast,
    /// A product may be fused into an add or subtract of the same
    /// expression, nothing else (`on`: the C++ default, as in clang).
    #[default]
    On,
    /// Every operation computed as written.
    Off,
}

impl FpContract {
    /// The state a `-ffp-contract=` value or a pragma argument names.
    pub fn from_name(name: &str) -> Option<FpContract> {
        match name.to_ascii_lowercase().as_str() {
            "fast" | "fast-honor-pragmas" => Some(FpContract::Fast),
            "on" => Some(FpContract::On),
            "off" => Some(FpContract::Off),
            _ => None,
        }
    }

    /// The `-ffp-contract=` value of the state.
    pub fn name(self) -> &'static str {
        match self {
            FpContract::Fast => "fast",
            FpContract::On => "on",
            FpContract::Off => "off",
        }
    }
}

/// The contraction state at every point of a translation unit: the
/// command-line default, and per file the offsets where it changed
/// (pragmas, the end of the braces a pragma was scoped to, the points where
/// an `#include` entered or left a file).
#[derive(Clone, Debug, Default)]
pub struct FpContractMap {
    default: FpContract,
    changes: HashMap<FileId, Vec<(u32, FpContract)>>,
}

impl FpContractMap {
    pub fn new(default: FpContract) -> Self {
        FpContractMap {
            default,
            changes: HashMap::default(),
        }
    }

    /// From `offset` of `file` on, the state is `state`. Changes of a file
    /// are recorded in the order the preprocessor reads it.
    pub fn record(&mut self, file: FileId, offset: u32, state: FpContract) {
        let list = self.changes.entry(file).or_default();
        // A file read again (included twice) starts over.
        if list.last().is_some_and(|&(at, _)| at > offset) {
            list.retain(|&(at, _)| at < offset);
        }
        list.push((offset, state));
    }

    /// The state of code beginning at `span`.
    pub fn at(&self, span: Span) -> FpContract {
        let Some(list) = self.changes.get(&span.file) else {
            return self.default;
        };
        match list.partition_point(|&(at, _)| at <= span.lo) {
            0 => self.default,
            n => list[n - 1].1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_change_before_a_point_holds_there() {
        let f = FileId(1);
        let mut m = FpContractMap::new(FpContract::On);
        m.record(f, 10, FpContract::Off);
        m.record(f, 50, FpContract::Fast);
        assert_eq!(m.at(Span::new(f, 5, 6)), FpContract::On);
        assert_eq!(m.at(Span::new(f, 10, 12)), FpContract::Off);
        assert_eq!(m.at(Span::new(f, 49, 52)), FpContract::Off);
        assert_eq!(m.at(Span::new(f, 50, 52)), FpContract::Fast);
        assert_eq!(m.at(Span::new(FileId(2), 20, 21)), FpContract::On);
    }

    #[test]
    fn names_of_states() {
        assert_eq!(FpContract::from_name("OFF"), Some(FpContract::Off));
        assert_eq!(
            FpContract::from_name("fast-honor-pragmas"),
            Some(FpContract::Fast)
        );
        assert_eq!(FpContract::from_name("sometimes"), None);
    }
}
