//! Preprocessed output (`syclcc -E`): the token stream printed back as text,
//! clang style — tokens keep their line and their leading whitespace, and a
//! `# LINE "FILE"` marker is printed whenever the file changes or the line
//! jumps. Tokens that came from macro expansions are placed at their
//! expansion site.

use crate::front::token::{Symbols, Token, TokenKind};
use crate::source::{FileId, SourceMap};

/// Two-character punctuators: printing their halves next to each other
/// would lex as one token, so a space goes between.
const PASTING: &[&str] = &[
    "++", "--", "+=", "-=", "->", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "&=", "|=", "^=",
    "*=", "/=", "%=", "::", "##", "<:", "<%", "%:", ":>", "%>", ".*", "//", "/*", "..", "<=", "->",
];

/// Whether `b` printed right after `a` would lex differently.
fn needs_space(symbols: &Symbols, a: &Token, b: &Token) -> bool {
    use TokenKind::*;
    let (at, bt) = (symbols.spelling(a), symbols.spelling(b));
    let word = |t: &Token| matches!(t.kind, Ident | Number);
    if word(a) && (word(b) || matches!(b.kind, Char | String)) {
        return true;
    }
    if a.kind == Number && b.kind == Punct && (bt.starts_with('.') || bt == "+" || bt == "-") {
        return true;
    }
    if a.kind == Punct && b.kind == Punct {
        let (Some(x), Some(y)) = (at.chars().last(), bt.chars().next()) else {
            return false;
        };
        let pair: std::string::String = [x, y].iter().collect();
        return PASTING.contains(&pair.as_str());
    }
    if a.kind == Punct && at == "." && b.kind == Number {
        return true;
    }
    false
}

/// Print preprocessed tokens (the final `Eof` is ignored).
pub fn print_tokens(sm: &SourceMap, symbols: &Symbols, tokens: &[Token]) -> String {
    let mut out = String::new();
    let mut cur: Option<(FileId, u32)> = None;
    let mut prev: Option<&Token> = None;
    for t in tokens {
        if t.kind == TokenKind::Eof {
            break;
        }
        let at = t.report_span();
        let f = sm.file(at.file);
        let (line, col) = f.line_col(at.lo.min(f.text.len() as u32));
        match cur {
            Some((file, l)) if file == at.file && line >= l && line <= l + 8 => {
                if line > l {
                    for _ in l..line {
                        out.push('\n');
                    }
                    indent(&mut out, col);
                } else if t.leading_space || prev.is_some_and(|p| needs_space(symbols, p, t)) {
                    out.push(' ');
                }
            }
            _ => {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&format!("# {line} \"{}\"\n", escape(&f.name)));
                indent(&mut out, col);
            }
        }
        out.push_str(symbols.spelling(t));
        cur = Some((at.file, line));
        prev = Some(t);
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

/// Leading indentation of the first token on a line (clang keeps the column).
fn indent(out: &mut String, col: u32) {
    for _ in 1..col.min(80) {
        out.push(' ');
    }
}

fn escape(name: &str) -> String {
    name.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use crate::front::preprocess::{preprocess, PpOptions};
    use crate::source::SourceMap;

    fn pp(src: &str) -> String {
        let mut sm = SourceMap::default();
        let main = sm.add("t.cpp", src);
        let mut diags = crate::diag::Diagnostics::default();
        let out = preprocess(
            &mut sm,
            main,
            &crate::NoIncludes,
            &PpOptions::default(),
            &mut diags,
        );
        super::print_tokens(&sm, &out.symbols, &out.tokens)
    }

    #[test]
    fn lines_markers_and_spacing() {
        let text = pp("#define INC(x) x+ +1\nint a = INC(b);\n\n\n\n\n\n\n\n\n\n\nint c;\n");
        assert_eq!(
            text,
            "# 2 \"t.cpp\"\nint a = b+ +1;\n# 13 \"t.cpp\"\nint c;\n"
        );
    }

    #[test]
    fn digraphs_print_as_spelled() {
        let text = pp("%:define A(x) x<:0:>\nint b = A(v) <%%>;\n");
        assert_eq!(text, "# 2 \"t.cpp\"\nint b = v<:0:> <%%>;\n");
    }

    #[test]
    fn tokens_that_would_paste_are_separated() {
        let text = pp("#define P +\n#define CAT(a,b) a b\nint x = CAT(P,P)1;\n");
        assert!(text.contains("+ +1"), "{text}");
    }
}
