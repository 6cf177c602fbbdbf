//! printf format strings (C17 7.21.6.1), as kernel printf needs them: the
//! compiler checks a format against the arguments of the call, and the
//! runtime formats each conversion of a record the device wrote. Shared so
//! that both read a format alike.

use std::fmt;

/// A piece of a format string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Text printed as it is (`%%` is a `%` here).
    Text(String),
    Conversion(Conversion),
}

/// One conversion specification: `%[flags][width][.precision][length]kind`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conversion {
    /// Of `-+ #0`, as written.
    pub flags: String,
    pub width: Count,
    pub precision: Count,
    pub length: Length,
    /// `d i u o x X c s f F e E g G a A p`.
    pub kind: char,
}

/// A width or precision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    None,
    Fixed(u32),
    /// `*`: taken from an `int` argument before the value.
    Argument,
}

/// A length modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    Default,
    Char,
    Short,
    Long,
    LongLong,
    IntMax,
    Size,
    PtrDiff,
    LongDouble,
}

/// What a conversion takes from the arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgClass {
    /// `d i`, of the length's width in bytes.
    Signed(u8),
    /// `u o x X`, of the length's width in bytes.
    Unsigned(u8),
    /// `c`: an `int` printed as a character.
    Char,
    /// `f F e E g G a A`: a `double`.
    Float,
    /// `s`: a string.
    String,
    /// `p`: a pointer.
    Pointer,
}

/// Why a format string cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// Byte offset of the conversion in the format.
    pub offset: usize,
    pub kind: FormatErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatErrorKind {
    /// `%k`, or a length modifier that conversion does not take.
    InvalidSpecifier(String),
    /// A `%` at the end of the format.
    Incomplete,
    /// `%n`: writes through a pointer; kernel printf does not.
    WritesCount,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            FormatErrorKind::InvalidSpecifier(s) => write!(f, "invalid conversion specifier '{s}'"),
            FormatErrorKind::Incomplete => write!(f, "incomplete format specifier"),
            FormatErrorKind::WritesCount => {
                write!(f, "'%n' is not supported by printf in device code")
            }
        }
    }
}

impl Conversion {
    /// What the conversion takes from the arguments (after any `*`).
    pub fn arg_class(&self) -> ArgClass {
        let bytes = match self.length {
            Length::Char => 1,
            Length::Short => 2,
            Length::Default | Length::LongDouble => 4,
            Length::LongLong | Length::IntMax => 8,
            Length::Long | Length::Size | Length::PtrDiff => {
                crate::target::HostTarget::current().long_and_pointer_bytes() as u8
            }
        };
        match self.kind {
            'd' | 'i' => ArgClass::Signed(bytes),
            'u' | 'o' | 'x' | 'X' => ArgClass::Unsigned(bytes),
            'c' => ArgClass::Char,
            's' => ArgClass::String,
            'p' => ArgClass::Pointer,
            _ => ArgClass::Float,
        }
    }

    /// The arguments the conversion takes: one per `*`, then the value.
    pub fn arg_count(&self) -> usize {
        1 + usize::from(self.width == Count::Argument)
            + usize::from(self.precision == Count::Argument)
    }

    /// The C type the conversion expects, as clang names it.
    pub fn expected_type(&self) -> &'static str {
        let unsigned = matches!(self.kind, 'u' | 'o' | 'x' | 'X');
        match (self.arg_class(), self.length, unsigned) {
            (ArgClass::Char, ..) => "int",
            (ArgClass::String, ..) => "char *",
            (ArgClass::Pointer, ..) => "void *",
            (ArgClass::Float, Length::LongDouble, _) => "long double",
            (ArgClass::Float, ..) => "double",
            (_, Length::Char, false) => "char",
            (_, Length::Char, true) => "unsigned char",
            (_, Length::Short, false) => "short",
            (_, Length::Short, true) => "unsigned short",
            (_, Length::Long, false) => "long",
            (_, Length::Long, true) => "unsigned long",
            (_, Length::LongLong, false) => "long long",
            (_, Length::LongLong, true) => "unsigned long long",
            (_, Length::IntMax, false) => "intmax_t",
            (_, Length::IntMax, true) => "uintmax_t",
            (_, Length::Size, _) => "size_t",
            (_, Length::PtrDiff, _) => "ptrdiff_t",
            (_, _, false) => "int",
            (_, _, true) => "unsigned int",
        }
    }

    /// The conversion as C's printf takes it, with the `*`s replaced by
    /// `width` and `precision` and the length modifier replaced by
    /// `length` (the runtime passes every integer as 64 bits, every float
    /// as a double).
    pub fn c_spec(&self, width: Option<i32>, precision: Option<i32>, length: &str) -> String {
        let mut s = format!("%{}", self.flags);
        match (self.width, width) {
            (Count::Fixed(n), _) => s += &n.to_string(),
            (Count::Argument, Some(n)) => s += &n.to_string(),
            _ => {}
        }
        match (self.precision, precision) {
            (Count::Fixed(n), _) => s += &format!(".{n}"),
            // A negative precision is taken as if it were omitted.
            (Count::Argument, Some(n)) if n >= 0 => s += &format!(".{n}"),
            _ => {}
        }
        s += length;
        s.push(self.kind);
        s
    }
}

/// The pieces of `format`.
pub fn parse(format: &str) -> Result<Vec<Piece>, FormatError> {
    let mut pieces = vec![];
    let mut text = String::new();
    let mut rest = format.char_indices().peekable();
    while let Some((offset, c)) = rest.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        if rest.next_if(|&(_, c)| c == '%').is_some() {
            text.push('%');
            continue;
        }
        let mut flags = String::new();
        while let Some((_, f)) = rest.next_if(|&(_, c)| "-+ #0".contains(c)) {
            flags.push(f);
        }
        let count = |rest: &mut std::iter::Peekable<std::str::CharIndices<'_>>| {
            if rest.next_if(|&(_, c)| c == '*').is_some() {
                return Count::Argument;
            }
            let mut n: Option<u32> = None;
            while let Some((_, d)) = rest.next_if(|&(_, c)| c.is_ascii_digit()) {
                let digit = d.to_digit(10).unwrap_or(0);
                n = Some(n.unwrap_or(0).saturating_mul(10).saturating_add(digit));
            }
            n.map_or(Count::None, Count::Fixed)
        };
        let width = count(&mut rest);
        let precision = if rest.next_if(|&(_, c)| c == '.').is_some() {
            // `%.f`: precision 0.
            match count(&mut rest) {
                Count::None => Count::Fixed(0),
                p => p,
            }
        } else {
            Count::None
        };
        let mut length_text = String::new();
        while let Some((_, l)) = rest.next_if(|&(_, c)| "hljztL".contains(c)) {
            length_text.push(l);
        }
        let Some((_, kind)) = rest.next() else {
            return Err(FormatError {
                offset,
                kind: FormatErrorKind::Incomplete,
            });
        };
        let invalid = || FormatError {
            offset,
            kind: FormatErrorKind::InvalidSpecifier(format!("{length_text}{kind}")),
        };
        let length = match length_text.as_str() {
            "" => Length::Default,
            "hh" => Length::Char,
            "h" => Length::Short,
            "l" => Length::Long,
            "ll" => Length::LongLong,
            "j" => Length::IntMax,
            "z" => Length::Size,
            "t" => Length::PtrDiff,
            "L" => Length::LongDouble,
            _ => return Err(invalid()),
        };
        let integer = "diuoxX".contains(kind);
        let float = "fFeEgGaA".contains(kind);
        let fits = match length {
            Length::Default => integer || float || "csp".contains(kind),
            Length::LongDouble => float,
            // `%lf` is `%f`; `%lc`/`%ls` (wide) are not supported.
            Length::Long => integer || float,
            _ => integer,
        };
        if kind == 'n' {
            return Err(FormatError {
                offset,
                kind: FormatErrorKind::WritesCount,
            });
        }
        if !fits {
            return Err(invalid());
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(std::mem::take(&mut text)));
        }
        pieces.push(Piece::Conversion(Conversion {
            flags,
            width,
            precision,
            length,
            kind,
        }));
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

/// The arguments `pieces` take, in order: for each, the conversion that
/// takes it and whether it is a `*` (an `int`) rather than the value.
pub fn arguments(pieces: &[Piece]) -> Vec<(&Conversion, bool)> {
    let mut out = vec![];
    for p in pieces {
        if let Piece::Conversion(c) = p {
            for _ in 1..c.arg_count() {
                out.push((c, true));
            }
            out.push((c, false));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conversion(p: &Piece) -> &Conversion {
        match p {
            Piece::Conversion(c) => c,
            Piece::Text(t) => panic!("text {t:?}"),
        }
    }

    #[test]
    fn parses_text_and_conversions() {
        let pieces = parse("x=%-08.3lf, 100%% %*.*d %s\n").unwrap();
        assert_eq!(pieces.len(), 7);
        assert_eq!(pieces[0], Piece::Text("x=".into()));
        let f = conversion(&pieces[1]);
        assert_eq!(
            (f.flags.as_str(), f.width, f.precision, f.length, f.kind),
            ("-0", Count::Fixed(8), Count::Fixed(3), Length::Long, 'f')
        );
        assert_eq!(f.arg_class(), ArgClass::Float);
        assert_eq!(pieces[2], Piece::Text(", 100% ".into()));
        let d = conversion(&pieces[3]);
        assert_eq!(
            (d.width, d.precision, d.arg_count()),
            (Count::Argument, Count::Argument, 3)
        );
        assert_eq!(d.c_spec(Some(5), Some(-1), "ll"), "%5lld");
        assert_eq!(conversion(&pieces[5]).arg_class(), ArgClass::String);
        assert_eq!(arguments(&pieces).len(), 5);
    }

    #[test]
    fn names_the_expected_types_as_clang_does() {
        let kinds: Vec<&str> = ["%d", "%lu", "%hhx", "%zu", "%c", "%.2f", "%Lg", "%s", "%p"]
            .iter()
            .map(|f| conversion(&parse(f).unwrap()[0]).expected_type())
            .collect();
        assert_eq!(
            kinds,
            [
                "int",
                "unsigned long",
                "unsigned char",
                "size_t",
                "int",
                "double",
                "long double",
                "char *",
                "void *"
            ]
        );
    }

    #[test]
    fn rejects_what_printf_cannot_take() {
        let err = |f: &str| parse(f).unwrap_err();
        assert_eq!(
            err("a %k").kind,
            FormatErrorKind::InvalidSpecifier("k".into())
        );
        assert_eq!(err("a %k").offset, 2);
        assert_eq!(
            err("%Ld").kind,
            FormatErrorKind::InvalidSpecifier("Ld".into())
        );
        assert_eq!(
            err("%hs").kind,
            FormatErrorKind::InvalidSpecifier("hs".into())
        );
        assert_eq!(err("50%").kind, FormatErrorKind::Incomplete);
        assert_eq!(err("%n").kind, FormatErrorKind::WritesCount);
        assert_eq!(err("%qd").to_string(), "invalid conversion specifier 'q'");
    }
}
