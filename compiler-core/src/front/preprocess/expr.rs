//! `#if`/`#elif` expressions: integer constant expressions over
//! `intmax_t`/`uintmax_t` (64-bit) with every C operator, `defined`,
//! `__has_include`, `__has_cpp_attribute`, `__has_builtin` and friends.
//! Identifiers left after macro expansion are 0 (`true` is 1).

use super::{Pp, PpTok, MAX_NESTING};
use crate::front::literal::{self, CharKind, IntSuffix, NumberLiteral};
use crate::front::token::{sym, Symbol, TokenKind};
use crate::source::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Val {
    v: u64,
    unsigned: bool,
}

impl Val {
    fn int(v: i64) -> Val {
        Val {
            v: v as u64,
            unsigned: false,
        }
    }
    fn truth(self) -> bool {
        self.v != 0
    }
}

/// Attributes `__has_cpp_attribute` reports as supported.
const ATTRIBUTES: &[&str] = &[
    "nodiscard",
    "maybe_unused",
    "fallthrough",
    "noreturn",
    "deprecated",
    "likely",
    "unlikely",
    "clang::sycl_kernel_entry_point",
    "clang::sycl_external",
    "clang::sycl_special_kernel_parameter",
];

type Res<T> = Result<T, (Span, String)>;

struct Eval<'p, 'a> {
    pp: &'p mut Pp<'a>,
    toks: &'p [PpTok],
    pos: usize,
    /// Inside an unevaluated operand (`0 && x`): no errors for division by zero.
    skip: u32,
    depth: usize,
    end: Span,
}

/// Evaluate an expanded `#if` line; errors are reported and count as false.
pub(super) fn evaluate(pp: &mut Pp<'_>, toks: &[PpTok], dspan: Span) -> bool {
    let end = toks.last().map_or(dspan, |t| t.tok.report_span());
    let mut e = Eval {
        pp,
        toks,
        pos: 0,
        skip: 0,
        depth: 0,
        end,
    };
    let r = e.comma().and_then(|v| match e.toks.get(e.pos) {
        None => Ok(v),
        Some(t) => Err((
            t.tok.report_span(),
            format!(
                "token '{}' is not valid in preprocessor expressions",
                e.pp.symbols.spelling(&t.tok)
            ),
        )),
    });
    match r {
        Ok(v) => v.truth(),
        Err((span, msg)) => {
            e.pp.diags.error(span, msg);
            false
        }
    }
}

fn arith(a: Val, b: Val) -> (Val, Val, bool) {
    let u = a.unsigned || b.unsigned;
    (
        Val {
            v: a.v,
            unsigned: u,
        },
        Val {
            v: b.v,
            unsigned: u,
        },
        u,
    )
}

impl Eval<'_, '_> {
    fn peek(&self) -> Option<&PpTok> {
        self.toks.get(self.pos)
    }

    fn peek_is(&self, s: Symbol) -> bool {
        self.peek().is_some_and(|t| t.is(s))
    }

    fn here(&self) -> Span {
        self.peek().map_or(self.end, |t| t.tok.report_span())
    }

    fn expect(&mut self, s: Symbol) -> Res<()> {
        if self.peek_is(s) {
            self.pos += 1;
            Ok(())
        } else {
            Err((
                self.here(),
                format!(
                    "expected '{}' in preprocessor expression",
                    s.predefined_spelling()
                ),
            ))
        }
    }

    fn comma(&mut self) -> Res<Val> {
        let mut v = self.cond()?;
        while self.peek_is(sym!(",")) {
            self.pos += 1;
            v = self.cond()?;
        }
        Ok(v)
    }

    fn cond(&mut self) -> Res<Val> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err((
                self.here(),
                "preprocessor expression nested too deeply".into(),
            ));
        }
        let c = self.binary(1)?;
        let r = if self.peek_is(sym!("?")) {
            self.pos += 1;
            let take = c.truth();
            if !take {
                self.skip += 1;
            }
            let a = self.comma();
            if !take {
                self.skip -= 1;
            }
            let a = a?;
            self.expect(sym!(":"))?;
            if take {
                self.skip += 1;
            }
            let b = self.cond();
            if take {
                self.skip -= 1;
            }
            let b = b?;
            let (a, b, _) = arith(a, b);
            if take {
                a
            } else {
                b
            }
        } else {
            c
        };
        self.depth -= 1;
        Ok(r)
    }

    fn prec(op: &str) -> Option<u8> {
        Some(match op {
            "||" => 1,
            "&&" => 2,
            "|" => 3,
            "^" => 4,
            "&" => 5,
            "==" | "!=" => 6,
            "<" | ">" | "<=" | ">=" => 7,
            "<<" | ">>" => 8,
            "+" | "-" => 9,
            "*" | "/" | "%" => 10,
            _ => return None,
        })
    }

    fn binary(&mut self, min: u8) -> Res<Val> {
        let mut lhs = self.unary()?;
        while let Some(t) = self.peek() {
            if t.tok.kind != TokenKind::Punct {
                break;
            }
            let op = self.pp.symbols.rc(t.tok.sym);
            let span = t.tok.report_span();
            let Some(p) = Self::prec(&op) else { break };
            if p < min {
                break;
            }
            self.pos += 1;
            let short =
                (op.as_ref() == "&&" && !lhs.truth()) || (op.as_ref() == "||" && lhs.truth());
            if short {
                self.skip += 1;
            }
            let rhs = self.binary(p + 1);
            if short {
                self.skip -= 1;
            }
            lhs = self.apply(&op, lhs, rhs?, span)?;
        }
        Ok(lhs)
    }

    fn apply(&mut self, op: &str, a: Val, b: Val, span: Span) -> Res<Val> {
        let bool_val = |b: bool| Val::int(b as i64);
        Ok(match op {
            "||" => bool_val(a.truth() || b.truth()),
            "&&" => bool_val(a.truth() && b.truth()),
            "<<" | ">>" => {
                // The result has the type of the left operand.
                let sh = if b.unsigned || (b.v as i64) >= 0 {
                    b.v.min(64) as u32
                } else {
                    64
                };
                let v = if op == "<<" {
                    a.v.checked_shl(sh).unwrap_or(0)
                } else if a.unsigned {
                    a.v.checked_shr(sh).unwrap_or(0)
                } else {
                    ((a.v as i64) >> sh.min(63)) as u64
                };
                Val {
                    v,
                    unsigned: a.unsigned,
                }
            }
            _ => {
                let (a, b, u) = arith(a, b);
                let (x, y) = (a.v, b.v);
                let (sx, sy) = (x as i64, y as i64);
                match op {
                    "|" => Val {
                        v: x | y,
                        unsigned: u,
                    },
                    "^" => Val {
                        v: x ^ y,
                        unsigned: u,
                    },
                    "&" => Val {
                        v: x & y,
                        unsigned: u,
                    },
                    "==" => bool_val(x == y),
                    "!=" => bool_val(x != y),
                    "<" => bool_val(if u { x < y } else { sx < sy }),
                    ">" => bool_val(if u { x > y } else { sx > sy }),
                    "<=" => bool_val(if u { x <= y } else { sx <= sy }),
                    ">=" => bool_val(if u { x >= y } else { sx >= sy }),
                    "+" => Val {
                        v: x.wrapping_add(y),
                        unsigned: u,
                    },
                    "-" => Val {
                        v: x.wrapping_sub(y),
                        unsigned: u,
                    },
                    "*" => Val {
                        v: x.wrapping_mul(y),
                        unsigned: u,
                    },
                    "/" | "%" => {
                        if y == 0 {
                            if self.skip > 0 {
                                return Ok(Val { v: 0, unsigned: u });
                            }
                            let what = if op == "/" { "division" } else { "remainder" };
                            return Err((
                                span,
                                format!("{what} by zero in preprocessor expression"),
                            ));
                        }
                        let v = match (op, u) {
                            ("/", true) => x / y,
                            ("/", false) => sx.wrapping_div(sy) as u64,
                            (_, true) => x % y,
                            _ => sx.wrapping_rem(sy) as u64,
                        };
                        Val { v, unsigned: u }
                    }
                    _ => {
                        return Err((
                            span,
                            format!("invalid operator '{op}' in preprocessor expression"),
                        ))
                    }
                }
            }
        })
    }

    fn unary(&mut self) -> Res<Val> {
        let Some(t) = self.peek().cloned() else {
            return Err((self.end, "expected value in expression".into()));
        };
        if t.tok.kind == TokenKind::Punct {
            let op = self.pp.symbols.rc(t.tok.sym);
            let op = op.as_ref();
            if matches!(op, "+" | "-" | "~" | "!") {
                self.pos += 1;
                self.depth += 1;
                if self.depth > MAX_NESTING {
                    return Err((
                        self.here(),
                        "preprocessor expression nested too deeply".into(),
                    ));
                }
                let v = self.unary();
                self.depth -= 1;
                let v = v?;
                return Ok(match op {
                    "+" => v,
                    "-" => Val {
                        v: v.v.wrapping_neg(),
                        unsigned: v.unsigned,
                    },
                    "~" => Val {
                        v: !v.v,
                        unsigned: v.unsigned,
                    },
                    _ => Val::int(!v.truth() as i64),
                });
            }
            if op == "(" {
                self.pos += 1;
                let v = self.comma()?;
                self.expect(sym!(")"))?;
                return Ok(v);
            }
        }
        self.pos += 1;
        let span = t.tok.report_span();
        match t.tok.kind {
            TokenKind::Number => match literal::parse_number(self.pp.symbols.text(t.tok.sym)) {
                Ok(NumberLiteral::Int(i)) => {
                    let v = i.value as u64;
                    let unsigned =
                        matches!(i.suffix, IntSuffix::U | IntSuffix::UL | IntSuffix::ULL)
                            || v > i64::MAX as u64;
                    Ok(Val { v, unsigned })
                }
                Ok(NumberLiteral::Float(_)) => Err((
                    span,
                    "floating point literal in preprocessor expression".into(),
                )),
                Err(e) => Err((span, e)),
            },
            TokenKind::Char => match literal::parse_char(self.pp.symbols.text(t.tok.sym)) {
                Ok((v, CharKind::Narrow)) => Ok(Val::int(v as u8 as i8 as i64)),
                Ok((v, CharKind::MultiChar)) => Ok(Val::int(v as i32 as i64)),
                Ok((v, CharKind::Wide)) => Ok(Val::int(v as i32 as i64)),
                Ok((v, _)) => Ok(Val {
                    v: v as u64,
                    unsigned: false,
                }),
                Err(e) => Err((span, e)),
            },
            TokenKind::Ident => self.identifier(&t),
            _ => Err((
                span,
                format!(
                    "invalid token '{}' at start of a preprocessor expression",
                    self.pp.symbols.spelling(&t.tok)
                ),
            )),
        }
    }

    fn identifier(&mut self, t: &PpTok) -> Res<Val> {
        let span = t.tok.report_span();
        let name = self.pp.symbols.rc(t.tok.sym);
        match name.as_ref() {
            "true" => Ok(Val::int(1)),
            "false" => Ok(Val::int(0)),
            "defined" => {
                let paren = self.peek_is(sym!("("));
                if paren {
                    self.pos += 1;
                }
                let Some(n) = self
                    .peek()
                    .filter(|n| n.tok.kind == TokenKind::Ident)
                    .cloned()
                else {
                    return Err((self.here(), "macro name must be an identifier".into()));
                };
                self.pos += 1;
                if paren {
                    self.expect(sym!(")"))?;
                }
                Ok(Val::int(self.pp.is_defined(n.tok.sym) as i64))
            }
            "__has_include" | "__has_include_next" => {
                self.expect(sym!("("))?;
                let start = self.pos;
                let close = (start..self.toks.len()).find(|&k| self.toks[k].is(sym!(")")));
                let Some(close) = close else {
                    return Err((span, "missing ')' after __has_include".into()));
                };
                // `<a>` ends at the last ')' only if '>' comes before it.
                let Some((hname, angled)) = self.pp.header_name(&self.toks[start..close]) else {
                    return Err((span, "expected \"FILENAME\" or <FILENAME>".into()));
                };
                self.pos = close + 1;
                let found = self
                    .pp
                    .resolve(&hname, angled, name.as_ref() == "__has_include_next")
                    .is_some();
                Ok(Val::int(found as i64))
            }
            "__has_cpp_attribute"
            | "__has_attribute"
            | "__has_builtin"
            | "__has_feature"
            | "__has_extension" => {
                self.expect(sym!("("))?;
                let mut spelled = String::new();
                while let Some(n) = self.peek() {
                    if n.is(sym!(")")) {
                        break;
                    }
                    spelled.push_str(self.pp.symbols.spelling(&n.tok));
                    self.pos += 1;
                }
                self.expect(sym!(")"))?;
                let bare = spelled.trim_start_matches("__").trim_end_matches("__");
                let v = match name.as_ref() {
                    "__has_cpp_attribute" => {
                        let std_name = spelled.strip_prefix("gnu::").unwrap_or(&spelled);
                        if ATTRIBUTES.contains(&std_name) || ATTRIBUTES.contains(&bare) {
                            201803
                        } else {
                            0
                        }
                    }
                    "__has_attribute" => ATTRIBUTES.contains(&bare) as i64,
                    "__has_builtin" => {
                        (spelled.starts_with("__spirv_") || spelled == "__builtin_expect") as i64
                    }
                    _ => 0,
                };
                Ok(Val::int(v))
            }
            _ => {
                if self.peek_is(sym!("(")) {
                    return Err((span, format!("function-like macro '{name}' is not defined")));
                }
                Ok(Val::int(0))
            }
        }
    }
}
