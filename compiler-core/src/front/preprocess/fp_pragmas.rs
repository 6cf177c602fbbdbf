//! The floating-point contraction pragmas as the preprocessor meets them:
//! `#pragma STDC FP_CONTRACT ON|OFF|DEFAULT`, `#pragma clang fp
//! contract(on|off|fast)` and `#pragma float_control(push|pop)`, recorded in
//! an [`FpContractMap`]. A pragma inside braces holds until their closing
//! brace (the C rule for compound statements; here also for a namespace's or
//! class's braces), one outside all braces until the next pragma.

use crate::front::fp_contract::{FpContract, FpContractMap};
use crate::front::token::{sym, Token};
use crate::source::{FileId, Span};

pub(super) struct FpPragmas {
    default: FpContract,
    current: FpContract,
    /// `float_control(push)`ed states.
    pushed: Vec<FpContract>,
    /// (brace depth, state to restore at that depth's closing brace).
    scopes: Vec<(u32, FpContract)>,
    depth: u32,
    map: FpContractMap,
}

impl FpPragmas {
    pub fn new(default: FpContract) -> Self {
        FpPragmas {
            default,
            current: default,
            pushed: vec![],
            scopes: vec![],
            depth: 0,
            map: FpContractMap::new(default),
        }
    }

    pub fn finish(self) -> FpContractMap {
        self.map
    }

    /// A file is entered (from its start) or resumed at `offset` after an
    /// `#include`: the state there is the current one.
    pub fn enter(&mut self, file: FileId, offset: u32) {
        self.map.record(file, offset, self.current);
    }

    /// A token the preprocessor produced: braces open and close scopes.
    pub fn token(&mut self, t: &Token) {
        if t.is(sym!("{")) {
            self.depth += 1;
        } else if t.is(sym!("}")) {
            if let Some(&(depth, saved)) = self.scopes.last() {
                if depth == self.depth {
                    self.scopes.pop();
                    let at = t.report_span();
                    self.set(at.file, at.hi, saved);
                }
            }
            self.depth = self.depth.saturating_sub(1);
        }
    }

    /// The words of a `#pragma` line (after `pragma`), at `at`: applied if
    /// a floating-point pragma, else ignored. The error says how a
    /// floating-point pragma is malformed.
    pub fn pragma(&mut self, words: &[&str], at: Span) -> Result<(), String> {
        let state = match words {
            ["STDC", "FP_CONTRACT", rest @ ..] => match rest {
                ["ON"] => FpContract::On,
                ["OFF"] => FpContract::Off,
                ["DEFAULT"] => self.default,
                _ => {
                    return Err(
                        "expected 'ON', 'OFF' or 'DEFAULT' in '#pragma STDC FP_CONTRACT'".into(),
                    )
                }
            },
            ["clang", "fp", rest @ ..] => match rest {
                ["contract", "(", value, ")"] => match FpContract::from_name(value) {
                    Some(s) => s,
                    None => {
                        return Err(format!(
                            "unexpected argument '{value}' to '#pragma clang fp contract'; expected 'on', 'off' or 'fast'"
                        ))
                    }
                },
                // Other options of `#pragma clang fp` (reassociate,
                // exceptions...) change nothing a driver is told.
                [option, ..] if *option != "contract" => return Ok(()),
                _ => return Err("expected 'contract(on|off|fast)'".into()),
            },
            ["float_control", "(", "push", ")"] => {
                self.pushed.push(self.current);
                return Ok(());
            }
            ["float_control", "(", "pop", ")"] => {
                return match self.pushed.pop() {
                    Some(s) => {
                        self.set(at.file, at.hi, s);
                        Ok(())
                    }
                    None => Err(
                        "'#pragma float_control(pop)' without a matching push".into(),
                    ),
                };
            }
            // float_control's other forms (`except`, `precise`) and other
            // pragmas: nothing a driver is told.
            _ => return Ok(()),
        };
        if self.depth > 0 && self.scopes.last().is_none_or(|&(d, _)| d != self.depth) {
            self.scopes.push((self.depth, self.current));
        }
        self.set(at.file, at.hi, state);
        Ok(())
    }

    fn set(&mut self, file: FileId, offset: u32, state: FpContract) {
        self.current = state;
        self.map.record(file, offset, state);
    }
}
