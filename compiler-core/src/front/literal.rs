//! Decoding of literal spellings: pp-numbers into integer or floating values
//! (bases, digit separators, hex floats, suffixes), character literals into
//! their values and string literals into their contents. Errors are messages
//! for the caller to attach to the token's span.

/// The suffix of an integer literal (case-insensitive in the source).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntSuffix {
    None,
    U,
    L,
    UL,
    LL,
    ULL,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntLiteral {
    pub value: u128,
    pub suffix: IntSuffix,
    /// Decimal literals without `u` never get an unsigned type ([lex.icon]).
    pub is_decimal: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatSuffix {
    None,
    F,
    L,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloatLiteral {
    pub value: f64,
    pub suffix: FloatSuffix,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NumberLiteral {
    Int(IntLiteral),
    Float(FloatLiteral),
}

/// The encoding prefix of a character or string literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CharKind {
    /// No prefix: `char` (narrow, UTF-8 execution encoding).
    Narrow,
    /// A narrow character literal with more than one character (`'ab'`): type `int`.
    MultiChar,
    /// `L`: `wchar_t` (32-bit).
    Wide,
    /// `u8`: `char` in C++17 character literals, `const char[]` strings.
    Utf8,
    /// `u`: `char16_t`.
    Utf16,
    /// `U`: `char32_t`.
    Utf32,
}

const UDL: &str = "user-defined literal suffix";

/// A user-defined literal's spelling split into the literal and its
/// ud-suffix (`10ms` → `10`, `ms`; `"x"s` → `"x"`, `s`; `1.5_deg`), if it
/// has one: for a number, the last split whose suffix is an identifier and
/// whose rest is a number without one; for a character or string literal,
/// what follows the closing quote.
pub fn split_user_literal(text: &str) -> Option<(&str, &str)> {
    let is_identifier = |s: &str| {
        s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let quoted = text.contains(['"', '\'']);
    let at = if quoted {
        text.rfind(['"', '\'']).map(|q| q + 1)?
    } else {
        (1..text.len()).rev().find(|&i| {
            text.is_char_boundary(i)
                && is_identifier(&text[i..])
                && parse_number(&text[..i]).is_ok()
        })?
    };
    let (literal, suffix) = text.split_at(at);
    is_identifier(suffix).then_some((literal, suffix))
}

/// Classify and evaluate a pp-number.
pub fn parse_number(text: &str) -> Result<NumberLiteral, String> {
    if text.contains("''") || text.ends_with('\'') {
        return Err(format!("invalid digit separator in '{text}'"));
    }
    let clean: String = text.chars().filter(|&c| c != '\'').collect();
    let lower = clean.to_ascii_lowercase();
    let (radix, digits_start) = if lower.starts_with("0x") {
        (16, 2)
    } else if lower.starts_with("0b") {
        (2, 2)
    } else {
        (10, 0)
    };
    let body = &clean[digits_start..];
    if radix == 16 {
        let lb = body.to_ascii_lowercase();
        if lb.contains('.') || lb.contains('p') {
            return parse_hex_float(body, text);
        }
    } else if radix == 10 {
        // A decimal float has a '.' or an exponent among its leading characters.
        let end = body
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(body.len());
        let rest = &body[end..];
        let has_exp = (rest.starts_with('e') || rest.starts_with('E'))
            && rest[1..]
                .trim_start_matches(['+', '-'])
                .starts_with(|c: char| c.is_ascii_digit());
        if body[..end].contains('.') || has_exp {
            return parse_dec_float(body, text);
        }
    }
    parse_int(body, radix, text)
}

fn parse_int(body: &str, radix: u32, text: &str) -> Result<NumberLiteral, String> {
    let end = body
        .find(|c: char| !c.is_ascii_hexdigit() || (radix != 16 && !c.is_ascii_digit()))
        .unwrap_or(body.len());
    let (digits, suffix) = body.split_at(end);
    if digits.is_empty() {
        return Err(format!("invalid integer constant '{text}'"));
    }
    let radix = if radix == 10 && digits.len() > 1 && digits.starts_with('0') {
        8
    } else {
        radix
    };
    let mut value: u128 = 0;
    for c in digits.chars() {
        let d = c.to_digit(16).unwrap_or(99);
        if d >= radix {
            let base = match radix {
                8 => "octal",
                2 => "binary",
                _ => "decimal",
            };
            return Err(format!("invalid digit '{c}' in {base} constant"));
        }
        value = value
            .checked_mul(radix as u128)
            .and_then(|v| v.checked_add(d as u128))
            .ok_or_else(|| {
                "integer literal is too large to be represented in any integer type".to_string()
            })?;
    }
    if value > u64::MAX as u128 {
        return Err("integer literal is too large to be represented in any integer type".into());
    }
    let suffix = match suffix {
        "" => IntSuffix::None,
        "u" | "U" => IntSuffix::U,
        "l" | "L" => IntSuffix::L,
        "ul" | "uL" | "Ul" | "UL" | "lu" | "lU" | "Lu" | "LU" => IntSuffix::UL,
        "ll" | "LL" => IntSuffix::LL,
        "ull" | "uLL" | "Ull" | "ULL" | "llu" | "llU" | "LLu" | "LLU" => IntSuffix::ULL,
        s if s.starts_with('_') => return Err(format!("{UDL} '{s}' is not supported")),
        s => return Err(format!("invalid suffix '{s}' on integer constant")),
    };
    Ok(NumberLiteral::Int(IntLiteral {
        value,
        suffix,
        is_decimal: radix == 10,
    }))
}

fn float_suffix(s: &str) -> Result<FloatSuffix, String> {
    match s {
        "" => Ok(FloatSuffix::None),
        "f" | "F" => Ok(FloatSuffix::F),
        "l" | "L" => Ok(FloatSuffix::L),
        s if s.starts_with('_') => Err(format!("{UDL} '{s}' is not supported")),
        s => Err(format!("invalid suffix '{s}' on floating constant")),
    }
}

fn parse_dec_float(body: &str, text: &str) -> Result<NumberLiteral, String> {
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
        i += 1;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let ds = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j == ds {
            return Err(format!("exponent has no digits in '{text}'"));
        }
        i = j;
    }
    let (num, suffix) = body.split_at(i);
    if num.matches('.').count() > 1 {
        return Err(format!("invalid floating constant '{text}'"));
    }
    let suffix = float_suffix(suffix)?;
    // Rust's parser accepts "1.", ".5" and "1.e5" like C++ does.
    let value: f64 = num
        .parse()
        .map_err(|_| format!("invalid floating constant '{text}'"))?;
    Ok(NumberLiteral::Float(FloatLiteral { value, suffix }))
}

fn parse_hex_float(body: &str, text: &str) -> Result<NumberLiteral, String> {
    let b = body.as_bytes();
    let mut mantissa: u64 = 0;
    let mut exp_adjust: i64 = 0;
    let mut seen_dot = false;
    let mut any_digit = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'.' {
            if seen_dot {
                return Err(format!("invalid hexadecimal floating constant '{text}'"));
            }
            seen_dot = true;
        } else if let Some(d) = (c as char).to_digit(16) {
            any_digit = true;
            if mantissa >> 59 == 0 {
                mantissa = mantissa * 16 + d as u64;
                if seen_dot {
                    exp_adjust -= 4;
                }
            } else if !seen_dot {
                // Digits beyond 60 bits only scale the value (sticky rounding ignored).
                exp_adjust += 4;
            }
        } else {
            break;
        }
        i += 1;
    }
    if !any_digit {
        return Err(format!("invalid hexadecimal floating constant '{text}'"));
    }
    if i >= b.len() || (b[i] != b'p' && b[i] != b'P') {
        return Err("hexadecimal floating literal requires an exponent".into());
    }
    i += 1;
    let mut neg = false;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        neg = b[i] == b'-';
        i += 1;
    }
    let ds = i;
    let mut exp: i64 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        exp = (exp * 10 + (b[i] - b'0') as i64).min(1 << 20);
        i += 1;
    }
    if i == ds {
        return Err(format!("exponent has no digits in '{text}'"));
    }
    let suffix = float_suffix(&body[i..])?;
    let e = (if neg { -exp } else { exp }) + exp_adjust;
    let mut value = mantissa as f64;
    // Scale in steps so intermediate powers stay finite and exact.
    let mut e = e.clamp(-4000, 4000);
    while e > 0 {
        let s = e.min(1000);
        value *= 2f64.powi(s as i32);
        e -= s;
    }
    while e < 0 {
        let s = (-e).min(1000);
        value /= 2f64.powi(s as i32);
        e += s;
    }
    Ok(NumberLiteral::Float(FloatLiteral { value, suffix }))
}

/// One decoded element of a character or string literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Piece {
    /// A source character (encoded as the literal's encoding requires).
    Char(char),
    /// A numeric escape: one code unit, as written.
    Unit(u32),
}

/// Split `text` into (kind, prefix length, raw?) from its encoding prefix.
fn prefix_of(text: &str) -> (CharKind, usize, bool) {
    let q = text.find(['"', '\'']).unwrap_or(0);
    let p = &text[..q];
    let raw = p.ends_with('R');
    let enc = p.trim_end_matches('R');
    let kind = match enc {
        "u8" => CharKind::Utf8,
        "u" => CharKind::Utf16,
        "U" => CharKind::Utf32,
        "L" => CharKind::Wide,
        _ => CharKind::Narrow,
    };
    (kind, q, raw)
}

fn max_unit(kind: CharKind) -> u32 {
    match kind {
        CharKind::Narrow | CharKind::Utf8 | CharKind::MultiChar => 0xFF,
        CharKind::Utf16 => 0xFFFF,
        CharKind::Wide | CharKind::Utf32 => u32::MAX,
    }
}

/// Decode the characters between the quotes (`body`) with escapes.
fn decode_body(body: &str, kind: CharKind) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut it = body.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(Piece::Char(c));
            continue;
        }
        let Some(e) = it.next() else {
            return Err("incomplete escape sequence".into());
        };
        let simple = match e {
            'n' => Some('\n'),
            't' => Some('\t'),
            'v' => Some('\x0b'),
            'b' => Some('\x08'),
            'r' => Some('\r'),
            'f' => Some('\x0c'),
            'a' => Some('\x07'),
            '\\' => Some('\\'),
            '?' => Some('?'),
            '\'' => Some('\''),
            '"' => Some('"'),
            _ => None,
        };
        if let Some(s) = simple {
            out.push(Piece::Char(s));
            continue;
        }
        match e {
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match it.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            it.next();
                        }
                        None => break,
                    }
                }
                if v > max_unit(kind) {
                    return Err("octal escape sequence out of range".into());
                }
                out.push(Piece::Unit(v));
            }
            'x' => {
                let mut v: u64 = 0;
                let mut n = 0;
                while let Some(d) = it.peek().and_then(|c| c.to_digit(16)) {
                    v = (v * 16 + d as u64).min(1 << 40);
                    n += 1;
                    it.next();
                }
                if n == 0 {
                    return Err("\\x used with no following hex digits".into());
                }
                if v > max_unit(kind) as u64 {
                    return Err("hex escape sequence out of range".into());
                }
                out.push(Piece::Unit(v as u32));
            }
            'u' | 'U' => {
                let n = if e == 'u' { 4 } else { 8 };
                let mut v: u32 = 0;
                for _ in 0..n {
                    match it.next().and_then(|c| c.to_digit(16)) {
                        Some(d) => v = v.wrapping_mul(16).wrapping_add(d),
                        None => {
                            return Err(format!(
                                "incomplete universal character name; expected {n} hex digits"
                            ))
                        }
                    }
                }
                match char::from_u32(v) {
                    Some(ch) => out.push(Piece::Char(ch)),
                    None => return Err(format!("invalid universal character name \\{e}{v:X}")),
                }
            }
            other => {
                // Unknown escapes: clang warns and uses the character.
                out.push(Piece::Char(other));
            }
        }
    }
    Ok(out)
}

/// Split a quoted literal into (kind, body, raw?) and reject ud-suffixes.
fn split_literal(text: &str, quote: char) -> Result<(CharKind, &str, bool), String> {
    let (kind, q, raw) = prefix_of(text);
    let rest = &text[q..];
    if !rest.starts_with(quote) {
        return Err(format!("malformed literal {text}"));
    }
    let close = rest.rfind(quote).unwrap_or(0);
    if close == 0 {
        return Err(format!("missing terminating {quote} character"));
    }
    let suffix = &rest[close + 1..];
    if !suffix.is_empty() {
        return Err(format!("{UDL} '{suffix}' is not supported"));
    }
    Ok((kind, &rest[1..close], raw))
}

/// The value of a character literal and its kind. A narrow literal with
/// several characters is a `MultiChar` (type `int`, value as GCC computes it);
/// numeric escapes give the code unit as written (`'\xff'` is 255: the caller
/// sign-extends where `char` is signed).
pub fn parse_char(text: &str) -> Result<(u32, CharKind), String> {
    let (kind, body, _) = split_literal(text, '\'')?;
    let pieces = decode_body(body, kind)?;
    if pieces.is_empty() {
        return Err("empty character constant".into());
    }
    let mut units: Vec<u32> = Vec::new();
    for p in &pieces {
        match *p {
            Piece::Unit(u) => units.push(u),
            Piece::Char(c) => match kind {
                CharKind::Narrow | CharKind::Utf8 | CharKind::MultiChar => {
                    let mut buf = [0u8; 4];
                    units.extend(c.encode_utf8(&mut buf).bytes().map(u32::from));
                }
                CharKind::Utf16 => {
                    let mut buf = [0u16; 2];
                    units.extend(c.encode_utf16(&mut buf).iter().map(|&u| u as u32));
                }
                CharKind::Wide | CharKind::Utf32 => units.push(c as u32),
            },
        }
    }
    match (units.len(), kind) {
        (1, _) => Ok((units[0], kind)),
        (n, CharKind::Narrow) if n <= 4 => Ok((
            units.iter().fold(0u32, |acc, &u| (acc << 8) | (u & 0xFF)),
            CharKind::MultiChar,
        )),
        _ => Err("character too large for enclosing character literal type".into()),
    }
}

/// The decoded contents of a string literal (escapes applied, raw strings
/// taken as written, no terminating NUL). Numeric escapes become the
/// character with that code point (`"\xff"` gives U+00FF); use
/// [`parse_string_units`] for the exact code units.
pub fn parse_string(text: &str) -> Result<String, String> {
    let (kind, pieces) = string_pieces(text)?;
    let _ = kind;
    Ok(pieces
        .into_iter()
        .map(|p| match p {
            Piece::Char(c) => c,
            Piece::Unit(u) => char::from_u32(u).unwrap_or('\u{fffd}'),
        })
        .collect())
}

/// The code units of a string literal in its encoding (bytes for narrow and
/// `u8`, UTF-16 units for `u`, code points for `U` and `L`), without the
/// terminating NUL, and the literal's kind.
pub fn parse_string_units(text: &str) -> Result<(Vec<u32>, CharKind), String> {
    let (kind, pieces) = string_pieces(text)?;
    let mut units = Vec::with_capacity(pieces.len());
    for p in pieces {
        match p {
            Piece::Unit(u) => units.push(u),
            Piece::Char(c) => match kind {
                CharKind::Narrow | CharKind::Utf8 | CharKind::MultiChar => {
                    let mut buf = [0u8; 4];
                    units.extend(c.encode_utf8(&mut buf).bytes().map(u32::from));
                }
                CharKind::Utf16 => {
                    let mut buf = [0u16; 2];
                    units.extend(c.encode_utf16(&mut buf).iter().map(|&u| u as u32));
                }
                CharKind::Wide | CharKind::Utf32 => units.push(c as u32),
            },
        }
    }
    Ok((units, kind))
}

fn string_pieces(text: &str) -> Result<(CharKind, Vec<Piece>), String> {
    let (kind, q, raw) = prefix_of(text);
    if raw {
        let rest = &text[q..];
        let open = rest.find('(').ok_or("malformed raw string")?;
        let delim = &rest[1..open];
        let close_pat = format!("){delim}\"");
        let close = rest
            .rfind(&close_pat)
            .filter(|&c| c >= open)
            .ok_or("unterminated raw string")?;
        let suffix = &rest[close + close_pat.len()..];
        if !suffix.is_empty() {
            return Err(format!("{UDL} '{suffix}' is not supported"));
        }
        let body = &rest[open + 1..close];
        return Ok((kind, body.chars().map(Piece::Char).collect()));
    }
    let (kind, body, _) = split_literal(text, '"')?;
    Ok((kind, decode_body(body, kind)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(text: &str) -> (u128, IntSuffix, bool) {
        match parse_number(text) {
            Ok(NumberLiteral::Int(i)) => (i.value, i.suffix, i.is_decimal),
            other => panic!("{text}: {other:?}"),
        }
    }

    fn float(text: &str) -> (f64, FloatSuffix) {
        match parse_number(text) {
            Ok(NumberLiteral::Float(f)) => (f.value, f.suffix),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn integers() {
        assert_eq!(int("0"), (0, IntSuffix::None, true));
        assert_eq!(int("42"), (42, IntSuffix::None, true));
        assert_eq!(int("0x1F"), (31, IntSuffix::None, false));
        assert_eq!(int("0b1010"), (10, IntSuffix::None, false));
        assert_eq!(int("017"), (15, IntSuffix::None, false));
        assert_eq!(int("1'000'000"), (1_000_000, IntSuffix::None, true));
        assert_eq!(int("10u").1, IntSuffix::U);
        assert_eq!(int("10UL").1, IntSuffix::UL);
        assert_eq!(int("10lu").1, IntSuffix::UL);
        assert_eq!(int("10ll").1, IntSuffix::LL);
        assert_eq!(int("10uLL").1, IntSuffix::ULL);
        assert_eq!(int("0xFFFFFFFFFFFFFFFF").0, u64::MAX as u128);
        assert!(parse_number("0x10000000000000000").is_err());
        assert!(parse_number("09").unwrap_err().contains("octal"));
        assert!(parse_number("10lL").is_err());
        assert!(parse_number("10_km")
            .unwrap_err()
            .contains("user-defined literal suffix"));
        assert!(parse_number("10xyz")
            .unwrap_err()
            .contains("invalid suffix"));
        assert!(parse_number("0x").is_err());
    }

    #[test]
    fn floats() {
        assert_eq!(float("1.5"), (1.5, FloatSuffix::None));
        assert_eq!(float("1."), (1.0, FloatSuffix::None));
        assert_eq!(float(".25f"), (0.25, FloatSuffix::F));
        assert_eq!(float("1e3"), (1000.0, FloatSuffix::None));
        assert_eq!(float("1.e-2L"), (0.01, FloatSuffix::L));
        assert_eq!(float("2E+2F"), (200.0, FloatSuffix::F));
        assert_eq!(float("1'000.5"), (1000.5, FloatSuffix::None));
        assert_eq!(float("0x1.8p3"), (12.0, FloatSuffix::None));
        assert_eq!(float("0x1p-2f"), (0.25, FloatSuffix::F));
        assert_eq!(float("0X.8P1"), (1.0, FloatSuffix::None));
        assert_eq!(float("0x1.fffffffffffffp1023").0, f64::MAX);
        assert!(parse_number("0x1.8").is_err());
        assert!(parse_number("1e").is_err());
        assert!(parse_number("1.5_x").unwrap_err().contains("user-defined"));
        assert!(parse_number("1.2.3").is_err());
    }

    #[test]
    fn chars() {
        assert_eq!(parse_char("'a'"), Ok((97, CharKind::Narrow)));
        assert_eq!(parse_char("'\\n'"), Ok((10, CharKind::Narrow)));
        assert_eq!(parse_char("'\\''"), Ok((39, CharKind::Narrow)));
        assert_eq!(parse_char("'\\0'"), Ok((0, CharKind::Narrow)));
        assert_eq!(parse_char("'\\377'"), Ok((255, CharKind::Narrow)));
        assert_eq!(parse_char("'\\xff'"), Ok((255, CharKind::Narrow)));
        assert_eq!(parse_char("L'\\x1234'"), Ok((0x1234, CharKind::Wide)));
        assert_eq!(parse_char("u'\\u00e9'"), Ok((0xe9, CharKind::Utf16)));
        assert_eq!(parse_char("U'😀'"), Ok((0x1F600, CharKind::Utf32)));
        assert_eq!(parse_char("u8'x'"), Ok((120, CharKind::Utf8)));
        assert_eq!(parse_char("'ab'"), Ok((0x6162, CharKind::MultiChar)));
        assert!(parse_char("''").is_err());
        assert!(parse_char("'\\x100'").is_err());
        assert!(parse_char("u'😀'").is_err());
        assert!(parse_char("'a'_x").unwrap_err().contains("user-defined"));
        assert!(parse_char("'a").is_err());
    }

    #[test]
    fn strings() {
        assert_eq!(parse_string("\"abc\"").as_deref(), Ok("abc"));
        assert_eq!(
            parse_string("\"a\\tb\\\"c\\\\\"").as_deref(),
            Ok("a\tb\"c\\")
        );
        assert_eq!(parse_string("u8\"\\u00e9\"").as_deref(), Ok("é"));
        assert_eq!(parse_string("R\"(a\\n)\"").as_deref(), Ok("a\\n"));
        assert_eq!(parse_string("LR\"xy(a)\"b)xy\"").as_deref(), Ok("a)\"b"));
        assert_eq!(parse_string("\"\"").as_deref(), Ok(""));
        assert_eq!(
            parse_string_units("\"\\xffé\""),
            Ok((vec![0xff, 0xc3, 0xa9], CharKind::Narrow))
        );
        assert_eq!(
            parse_string_units("u\"😀\""),
            Ok((vec![0xd83d, 0xde00], CharKind::Utf16))
        );
        assert!(parse_string("\"abc\"_s")
            .unwrap_err()
            .contains("user-defined"));
        assert!(parse_string("\"\\x\"").is_err());
        assert!(parse_string("\"abc").is_err());
        for bad in ["", "\"", "R\"", "R\"(", "u8", "'", "\"\\", "\"\\u12\""] {
            let _ = parse_string(bad);
            let _ = parse_char(bad);
            let _ = parse_number(bad);
        }
    }
}
