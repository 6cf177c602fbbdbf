//! The C++ language mode of a translation unit (`-std=`): what
//! `__cplusplus` says, and which keywords the parser knows (`concept` and
//! `requires` are keywords from C++20 on, ordinary identifiers before).

use serde::{Deserialize, Serialize};

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum LangStd {
    /// C++17 (and the modes before it, which the device pass reads as C++17).
    #[default]
    Cxx17,
    /// C++20 and later.
    Cxx20,
}

impl LangStd {
    /// The mode a `-std=` value names (`c++20`, `gnu++2a`, `c++23`...):
    /// C++20 from `20`/`2a` on, else C++17. `None` for a value that is not a
    /// C++ standard.
    pub fn from_std_flag(value: &str) -> Option<LangStd> {
        let v = value.to_ascii_lowercase();
        let year = v.strip_prefix("c++").or_else(|| v.strip_prefix("gnu++"))?;
        Some(match year {
            "20" | "2a" | "23" | "2b" | "26" | "2c" => LangStd::Cxx20,
            _ => LangStd::Cxx17,
        })
    }

    /// The value of `__cplusplus` in this mode.
    pub fn cplusplus(self) -> &'static str {
        match self {
            LangStd::Cxx17 => "201703L",
            LangStd::Cxx20 => "202002L",
        }
    }

    /// The `-std=` spelling of the mode.
    pub fn name(self) -> &'static str {
        match self {
            LangStd::Cxx17 => "c++17",
            LangStd::Cxx20 => "c++20",
        }
    }

    /// Are `concept` and `requires` keywords (C++20 concepts)?
    pub fn has_concepts(self) -> bool {
        self >= LangStd::Cxx20
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn std_flags_name_their_mode() {
        assert_eq!(LangStd::from_std_flag("c++20"), Some(LangStd::Cxx20));
        assert_eq!(LangStd::from_std_flag("gnu++2a"), Some(LangStd::Cxx20));
        assert_eq!(LangStd::from_std_flag("c++23"), Some(LangStd::Cxx20));
        assert_eq!(LangStd::from_std_flag("c++17"), Some(LangStd::Cxx17));
        assert_eq!(LangStd::from_std_flag("gnu++14"), Some(LangStd::Cxx17));
        assert_eq!(LangStd::from_std_flag("c11"), None);
        assert_eq!(LangStd::Cxx20.cplusplus(), "202002L");
    }
}
