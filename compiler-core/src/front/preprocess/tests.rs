//! Tests of the preprocessor: macro expansion (the C standard's examples),
//! conditionals, includes, spans, limits, and a no-panic property test.

use super::*;
use crate::diag::Severity;
use crate::VirtualFiles;

struct Run {
    sm: SourceMap,
    out: PpOutput,
    diags: Diagnostics,
}

impl Run {
    fn text(&self) -> String {
        let mut s = String::new();
        for t in &self.out.tokens {
            if t.kind == TokenKind::Eof {
                break;
            }
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(self.out.symbols.spelling(t));
        }
        s
    }
    fn errors(&self) -> Vec<String> {
        self.diags
            .list
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message.clone())
            .collect()
    }
    fn warnings(&self) -> Vec<String> {
        self.diags
            .list
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .map(|d| d.message.clone())
            .collect()
    }
}

fn run_with(src: &str, files: &[(&str, &str)], opts: &PpOptions) -> Run {
    let mut sm = SourceMap::default();
    let main = sm.add("dir/main.cpp", src);
    let vf = VirtualFiles(
        files
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
    );
    let mut diags = Diagnostics::default();
    let out = preprocess(&mut sm, main, &vf, opts, &mut diags);
    Run { sm, out, diags }
}

fn run(src: &str) -> Run {
    run_with(src, &[], &PpOptions::default())
}

fn pp(src: &str) -> String {
    let r = run(src);
    assert!(r.errors().is_empty(), "{src}: {:?}", r.errors());
    r.text()
}

#[test]
fn object_and_function_macros() {
    assert_eq!(pp("#define X 1 + 2\nint a = X;"), "int a = 1 + 2 ;");
    assert_eq!(
        pp("#define F(a, b) a * b\nF(1, 2) F((1,2), 3) F(,)"),
        "1 * 2 ( 1 , 2 ) * 3 *"
    );
    assert_eq!(pp("#define F(x) x\n#define G F\nG(3) F"), "3 F");
    assert_eq!(pp("#define E()\nE() E ( ) x"), "x");
    assert_eq!(pp("#define F(x) [x]\nF(\n1\n)"), "[ 1 ]");
    assert_eq!(pp("#define X 1\n#undef X\nX"), "X");
}

#[test]
fn no_recursion_painted_blue() {
    assert_eq!(pp("#define foo foo\nfoo"), "foo");
    assert_eq!(pp("#define a b\n#define b a\na b"), "a b");
    assert_eq!(pp("#define f(x) x f\nf(1)(2)"), "1 f ( 2 )");
    // Once painted blue, the token is not expanded in a later context either.
    assert_eq!(
        pp("#define foo() foo\n#define g(x) x\ng(foo()())"),
        "foo ( )"
    );
}

#[test]
fn c_standard_example_rescanning() {
    // C11 6.10.3.5 example 3.
    let src = r#"#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };"#;
    let expected = "f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1); \
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1); \
int i[] = { 1, 23, 4, 5, }; \
char c[2][6] = { \"hello\", \"\" };";
    let got = pp(src);
    let strip = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    assert_eq!(strip(&got), strip(expected), "{got}");
}

#[test]
fn c_standard_example_stringize_paste() {
    // C11 6.10.3.5 example 4.
    let src = r#"#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)"#;
    let got = pp(src);
    assert_eq!(
        got,
        r#"printf ( "x" "1" "= %d, x" "2" "= %s" , x1 , x2 ) ; fputs ( "strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n" , s ) ; "vers2.h" "hello" ; "hello" ", world""#
    );
}

#[test]
fn paste_placemarkers_and_variadics() {
    // C11 6.10.3.5 example 5 and 7.
    assert_eq!(
        pp("#define t(x,y,z) x ## y ## z\nint j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,), t(10,,), t(,11,), t(,,12), t(,,) };"),
        "int j [ ] = { 123 , 45 , 67 , 89 , 10 , 11 , 12 , } ;"
    );
    assert_eq!(
        pp("#define debug(...) fprintf(stderr, __VA_ARGS__)\n#define showlist(...) puts(#__VA_ARGS__)\ndebug(\"Flag\"); debug(\"X = %d\\n\", x); showlist(The first, second, and third items.);"),
        "fprintf ( stderr , \"Flag\" ) ; fprintf ( stderr , \"X = %d\\n\" , x ) ; puts ( \"The first, second, and third items.\" ) ;"
    );
    assert_eq!(
        pp("#define F(a, ...) f(a __VA_OPT__(,) __VA_ARGS__)\nF(1) F(1, 2, 3)"),
        "f ( 1 ) f ( 1 , 2 , 3 )"
    );
    assert_eq!(
        pp("#define G(X, ...) X __VA_OPT__(- __VA_ARGS__ -)\nG(a) G(a,b)"),
        "a a - b -"
    );
    // GNU comma swallowing, also with a named variadic parameter.
    assert_eq!(
        pp("#define D(fmt, ...) p(fmt, ## __VA_ARGS__)\n#define E(f, a...) q(f,##a)\n#define N 7\nD(\"x\") D(\"y\", 1, N) E(2) E(3, N)"),
        "p ( \"x\" ) p ( \"y\" , 1 , 7 ) q ( 2 ) q ( 3 , 7 )"
    );
    assert_eq!(
        pp("#define H(a, args...) g(a, args)\nH(1, 2, 3)"),
        "g ( 1 , 2 , 3 )"
    );
    assert_eq!(
        pp("#define cat(a,b) a##b\ncat(<,<=) cat(1,e) cat(x,1)"),
        "<<= 1e x1"
    );
    // A pasted identifier is rescanned.
    assert_eq!(
        pp("#define AB done\n#define cat(a,b) a##b\ncat(A,B)"),
        "done"
    );
    // Object-like macros paste too.
    assert_eq!(pp("#define XY 7\n#define P X ## Y\nP"), "7");
}

#[test]
fn invalid_paste_and_bad_defines_are_errors() {
    let r = run("#define cat(a,b) a##b\ncat(+,/)");
    assert!(
        r.errors()[0].contains("pasting formed '+/'"),
        "{:?}",
        r.errors()
    );
    assert!(run("#define F(x) #y\n").errors()[0].contains("'#' is not followed"));
    assert!(run("#define F(x) ## x\n").errors()[0].contains("'##' cannot appear"));
    assert!(run("#define defined 1\n").errors()[0].contains("cannot be used as a macro name"));
    assert!(run("#define F(x, x) x\n").errors()[0].contains("duplicate"));
    assert!(run("#define F(x\n").errors()[0].contains("macro parameter list"));
    assert!(run("#define 3 x\n").errors()[0].contains("identifier"));
    assert!(run("#define F(x) x\nF(1, 2)").errors()[0].contains("too many arguments"));
    assert!(run("#define F(x, y) x\nF(1)").errors()[0].contains("too few arguments"));
    assert!(run("#define F(x) x\nF(1").errors()[0].contains("unterminated function-like macro"));
}

#[test]
fn redefinition_warns_only_when_different() {
    let r = run("#define X 1 + 2\n#define X 1 + 2\n#define X 1+2\n");
    assert_eq!(r.warnings(), ["'X' macro redefined"]);
    assert_eq!(r.diags.list[0].notes.len(), 1);
}

#[test]
fn conditionals() {
    assert_eq!(pp("#if 1\na\n#else\nb\n#endif"), "a");
    assert_eq!(pp("#if 0\na\n#elif 2 > 1\nb\n#else\nc\n#endif"), "b");
    assert_eq!(
        pp("#define X\n#ifdef X\na\n#endif\n#ifndef X\nb\n#endif"),
        "a"
    );
    assert_eq!(
        pp("#if 0\n#if 1\na\n#else\nb\n#endif\n#else\nc\n#endif"),
        "c"
    );
    assert_eq!(
        pp("#if 0\n#bogus directive\n'unterminated\n#error not me\n#endif\nok"),
        "ok"
    );
    assert_eq!(
        pp("#if defined X || defined(__cplusplus) && __cplusplus >= 201703L\nyes\n#endif"),
        "yes"
    );
    assert_eq!(pp("#if -1 < 0u\nwrong\n#else\nright\n#endif"), "right");
    assert_eq!(pp("#if (2 || 1/0) && 0 ? 1/0 : 3 == 3\nok\n#endif"), "ok");
    assert_eq!(
        pp("#if 0x10 == 16 && 010 == 8 && 0b11 == 3 && 'A' == 65 && '\\377' < 0\nok\n#endif"),
        "ok"
    );
    assert_eq!(pp("#if (1 << 63) < 0 && -9223372036854775807 - 1 < 0 && 18446744073709551615u == -1\nok\n#endif"), "ok");
    assert_eq!(pp("#if UNKNOWN == 0 && !UNKNOWN && true && ~0 == -1 && 7 % 3 == 1 && (5, 6) == 6\nok\n#endif"), "ok");
    assert_eq!(
        pp("#define F(x) (x + 1)\n#define D defined(F)\n#if F(2) == 3 && D\nok\n#endif"),
        "ok"
    );
    assert_eq!(
        pp("#if __has_cpp_attribute(nodiscard) == 201803 && !__has_cpp_attribute(foo)\nok\n#endif"),
        "ok"
    );
    assert_eq!(pp("#if __has_builtin(__spirv_BuiltInGlobalInvocationId) && !__has_builtin(__builtin_trap)\nok\n#endif"), "ok");
    assert_eq!(
        pp("#if __has_include(<vector>) && !__has_include(\"nope.h\")\nok\n#endif"),
        "ok"
    );
    assert_eq!(
        pp("#if __has_attribute(noreturn) && !__has_feature(cxx_rtti)\nok\n#endif"),
        "ok"
    );
    // Headers guard their use by testing that they exist, as g++ and clang
    // let them (SYCLomatic's dpct headers: `#if defined(__has_include) &&
    // __has_include(<filesystem>)`).
    assert_eq!(
        pp("#if defined(__has_include) && defined __has_cpp_attribute\nok\n#endif"),
        "ok"
    );
    assert_eq!(
        pp("#ifdef __has_builtin\nok\n#endif\n#ifndef __has_include_next\nno\n#endif"),
        "ok"
    );
    assert_eq!(pp("#if defined(__has_includes)\nno\n#endif"), "");
}

#[test]
fn conditional_errors() {
    assert!(run("#if 1/0\n#endif").errors()[0].contains("division by zero"));
    assert!(run("#if 1 %0\n#endif").errors()[0].contains("remainder by zero"));
    assert!(run("#if 1\nx").errors()[0].contains("unterminated conditional"));
    assert!(run("#endif").errors()[0].contains("#endif without #if"));
    assert!(run("#else").errors()[0].contains("#else without #if"));
    assert!(run("#if 1\n#else\n#else\n#endif").errors()[0].contains("#else after #else"));
    assert!(run("#if 1\n#else\n#elif 1\n#endif").errors()[0].contains("#elif after #else"));
    assert!(run("#if\n#endif").errors()[0].contains("expected value"));
    assert!(run("#if 1 +\n#endif").errors()[0].contains("expected value"));
    assert!(run("#if (1\n#endif").errors()[0].contains("expected ')'"));
    assert!(run("#if 1.0\n#endif").errors()[0].contains("floating"));
    assert!(run("#if FOO(1)\n#endif").errors()[0].contains("function-like macro 'FOO'"));
    assert!(run("#foo").errors()[0].contains("invalid preprocessing directive"));
    let r = run("#error stop here, don't go on\n#warning careful");
    assert_eq!(r.errors(), ["stop here, don't go on"]);
    assert_eq!(r.warnings(), ["careful"]);
}

#[test]
fn predefined_and_command_line_macros() {
    let opts = PpOptions {
        defines: vec![
            ("A".into(), None),
            ("B".into(), Some("2".into())),
            ("F(x)".into(), Some("x+x".into())),
        ],
        undefines: vec!["__SYCLONE__".into()],
        device_pass: true,
        date_time: Some(("Feb  3 2024".into(), "12:34:56".into())),
        ..Default::default()
    };
    let r = run_with("__cplusplus SYCL_LANGUAGE_VERSION __SYCL_DEVICE_ONLY__ A B F(1) __SYCLONE__ __DATE__ __TIME__", &[], &opts);
    assert_eq!(
        r.text(),
        "201703L 202012 1 1 2 1 + 1 __SYCLONE__ \"Feb  3 2024\" \"12:34:56\""
    );
    assert_eq!(
        pp("__SYCL_DEVICE_ONLY__ __GNUC__ __clang__ __SYCLONE__ __CHAR_BIT__"),
        "__SYCL_DEVICE_ONLY__ __GNUC__ __clang__ 1 8"
    );
    assert_eq!(pp("__DATE__ __TIME__"), "\"Jan  1 1970\" \"00:00:00\"");
    assert_eq!(pp("__LINE__\n\n__LINE__ __FILE__"), "1 3 \"dir/main.cpp\"");
    assert_eq!(pp("__COUNTER__ __COUNTER__ __COUNTER__"), "0 1 2");
    assert_eq!(pp("#define L __LINE__\n\nL\n#line 100\n__LINE__"), "3 100");
    assert_eq!(
        pp("#line 7 \"other.cpp\"\n__FILE__ __LINE__"),
        "\"other.cpp\" 7"
    );
    assert_eq!(pp("#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && __LP64__ && __x86_64__ && __linux__\nle\n#endif"), "le");
}

#[test]
fn includes() {
    let files = [
        ("dir/a.h", "#pragma once\nint a;\n#include \"b.h\"\n"),
        ("dir/b.h", "#ifndef B_H\n#define B_H\nint b;\n#endif\n"),
        ("inc/c.h", "int c; __FILE__\n"),
        ("sys/c.h", "int sys_c;\n"),
        ("sys/d.h", "int d;\n#include_next <d.h>\n"),
        ("sys2/d.h", "int d2;\n"),
        ("inc/sub/e.h", "#include \"f.h\"\n"),
        ("inc/sub/f.h", "int f;\n"),
    ];
    let opts = PpOptions {
        include_dirs: vec!["inc".into()],
        system_include_dirs: vec!["sys".into(), "sys2".into()],
        ..Default::default()
    };
    let r = run_with(
        "#include \"a.h\"\n#include \"a.h\"\n#include \"b.h\"\n#include <c.h>\n#define H <d.h>\n#include H\n#include <sub/e.h>\n#include <cstddef>\nend",
        &files,
        &opts,
    );
    assert!(r.errors().is_empty(), "{:?}", r.errors());
    let t = r.text();
    assert!(
        t.starts_with("int a ; int b ; int c ; \"inc/c.h\" int d ; int d2 ; int f ;"),
        "{t}"
    );
    assert!(t.ends_with("end"));
    assert_eq!(
        r.out.included_files,
        [
            "dir/a.h",
            "dir/b.h",
            "inc/c.h",
            "sys/d.h",
            "sys2/d.h",
            "inc/sub/e.h",
            "inc/sub/f.h"
        ]
    );
    assert!(r.sm.files().any(|(_, f)| f.name == "<model>/cstddef"));

    // The host compiler's directories come after the model headers.
    let files = [
        ("usr/cstddef", "host_cstddef\n"),
        ("usr/stb/stb.h", "int stb;\n#include_next <next.h>\n"),
        ("usr2/next.h", "int next;\n"),
    ];
    let opts = PpOptions {
        fallback_include_dirs: vec!["usr".into(), "usr2".into()],
        ..Default::default()
    };
    let r = run_with(
        "#include <cstddef>\n#include <stb/stb.h>\nend",
        &files,
        &opts,
    );
    assert!(r.errors().is_empty(), "{:?}", r.errors());
    let t = r.text();
    assert!(!t.contains("host_cstddef"), "{t}");
    assert!(t.ends_with("int stb ; int next ; end"), "{t}");

    let r = run("#include \"missing.h\"\nafter");
    assert!(r.errors()[0].contains("'missing.h' file not found"));
    let r = run("#include\n");
    assert!(r.errors()[0].contains("expected \"FILENAME\""));
}

#[test]
fn include_cycle_hits_depth_limit() {
    let r = run_with(
        "#include \"self.h\"\n",
        &[(
            "dir/self.h",
            "#include \"self.h\"\n#include \"self.h\"\nx\n",
        )],
        &PpOptions::default(),
    );
    assert_eq!(r.errors().len(), 1, "{:?}", r.errors());
    assert!(r.errors()[0].contains("nested depth"));
}

#[test]
fn spans_of_expanded_tokens() {
    let r = run("#define ADD(a, b) a + b\nint x = ADD(1, 2);\n#define S(x) #x\nS(q)");
    let toks = &r.out.tokens;
    let plus = toks.iter().find(|t| t.is(sym!("+"))).unwrap();
    assert_eq!(r.sm.snippet(plus.span), "+");
    assert_eq!(plus.span.lo, 20);
    let exp = plus.expansion.unwrap();
    assert_eq!(r.sm.snippet(exp), "ADD(1, 2)");
    let one = toks
        .iter()
        .find(|t| r.out.symbols.spelling(t) == "1")
        .unwrap();
    assert_eq!(r.sm.file(one.span.file).line_col(one.span.lo).0, 2);
    assert_eq!(one.expansion, Some(exp));
    let int = toks.iter().find(|t| t.is(sym!("int"))).unwrap();
    assert_eq!(int.expansion, None);
    let s = toks.iter().find(|t| t.kind == TokenKind::String).unwrap();
    assert_eq!(r.sm.snippet(s.span), "\"q\"");
    assert_eq!(r.sm.file(s.span.file).name, "<scratch>");
    assert_eq!(r.sm.snippet(s.expansion.unwrap()), "S(q)");
    // Nested: the outermost invocation.
    let r = run("#define A B\n#define B 5\nA");
    assert_eq!(r.sm.snippet(r.out.tokens[0].span), "5");
    assert_eq!(r.sm.snippet(r.out.tokens[0].expansion.unwrap()), "A");
    assert_eq!(
        r.out
            .tokens
            .iter()
            .filter(|t| t.kind == TokenKind::Eof)
            .count(),
        1
    );
}

#[test]
fn pragmas() {
    assert_eq!(
        pp("#pragma omp parallel\n_Pragma(\"unroll\") x\n#pragma"),
        "x"
    );
    let r = run_with(
        "#include \"p.h\"\n#include \"p.h\"\n",
        &[("dir/p.h", "_Pragma(\"once\") p\n")],
        &PpOptions::default(),
    );
    assert_eq!(r.text(), "p");
    assert!(run("_Pragma(1)").errors()[0].contains("_Pragma"));
}

#[test]
fn lexical_errors_are_reported_once_and_not_in_skipped_groups() {
    let r = run("'abc\n#if 0\n\"unterminated\n#endif\n/* open");
    assert_eq!(r.errors().len(), 2, "{:?}", r.errors());
}

#[test]
fn expansion_limits() {
    // Exponential growth stops at a limit with an error, not a hang.
    let mut src = String::from("#define A0 x x\n");
    for i in 1..40 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str("A39\n");
    let r = run(&src);
    assert!(
        r.errors().iter().any(|e| e.contains("macro expansions")),
        "{:?}",
        r.errors()
    );
    // Deeply nested macro arguments.
    let src = format!("#define F(x) x\n{}1{}", "F(".repeat(1000), ")".repeat(1000));
    let r = run(&src);
    assert!(
        r.errors().iter().any(|e| e.contains("nested")),
        "{:?}",
        r.errors()
    );
    let src = format!("#if {}1{}\n#endif", "(".repeat(2000), ")".repeat(2000));
    assert!(!run(&src).errors().is_empty());
    let src = format!("#if {}1\n#endif", "-".repeat(2000));
    assert!(!run(&src).errors().is_empty());
}

/// A small deterministic PRNG (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

#[test]
fn no_panic_on_random_input() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let pieces = [
        "#",
        "##",
        "#define",
        "#undef",
        "#if",
        "#ifdef",
        "#elif",
        "#else",
        "#endif",
        "#include",
        "#line",
        "\n",
        " ",
        "(",
        ")",
        ",",
        "...",
        "__VA_ARGS__",
        "__VA_OPT__",
        "F",
        "G",
        "x",
        "1",
        "0",
        "/",
        "%",
        "'",
        "\"",
        "<",
        ">",
        "defined",
        "__has_include",
        "__LINE__",
        "_Pragma",
        "\\\n",
        "/*",
        "*/",
        "//",
        "R\"(",
        "u8",
        "0x1p",
        "?",
        ":",
        "#define F(a, ...) a ## __VA_ARGS__ #a\n",
        "#define G(x) F(x, G)\n",
        "#define x x x\n",
        "\"a.h\"",
        "<a.h>",
        "@",
        "é",
        "\t",
        "\r\n",
    ];
    let files = [("dir/a.h", "#include \"a.h\"\nF(G(1))\n")];
    let opts = PpOptions::default();
    for _ in 0..300 {
        let n = (rng.next() % 60) as usize;
        let mut src = String::new();
        for _ in 0..n {
            src.push_str(rng.pick(&pieces));
            if rng.next().is_multiple_of(3) {
                src.push(' ');
            }
        }
        let r = run_with(&src, &files, &opts);
        assert_eq!(r.out.tokens.last().map(|t| t.kind), Some(TokenKind::Eof));
        for t in &r.out.tokens {
            let _ = r.sm.snippet(t.span);
        }
    }
    // Random bytes (as lossy UTF-8).
    for _ in 0..300 {
        let n = (rng.next() % 80) as usize;
        let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
        let src = String::from_utf8_lossy(&bytes).into_owned();
        let _ = run_with(&src, &files, &opts);
    }
}

/// The contraction state at each token spelled `name` of the output.
fn fp_states(r: &Run, name: &str) -> Vec<crate::front::fp_contract::FpContract> {
    r.out
        .tokens
        .iter()
        .filter(|t| r.out.symbols.spelling(t) == name)
        .map(|t| r.out.fp_contract.at(t.report_span()))
        .collect()
}

#[test]
fn floating_point_contraction_pragmas() {
    use crate::front::fp_contract::FpContract::{Fast, Off, On};
    // File scope: until the next pragma; inside braces: until their end.
    let r = run(concat!(
        "x\n#pragma STDC FP_CONTRACT OFF\nx\n",
        "{ x\n#pragma clang fp contract(fast)\nx }\nx\n",
        "#pragma STDC FP_CONTRACT DEFAULT\nx\n",
        "_Pragma(\"clang fp contract(fast)\") x\n",
    ));
    assert!(r.warnings().is_empty(), "{:?}", r.warnings());
    assert_eq!(fp_states(&r, "x"), [On, Off, Off, Fast, Off, On, Fast]);
    // push/pop around an included header; the includer goes on as it was.
    let header = "#pragma float_control(push)\n#pragma STDC FP_CONTRACT OFF\nh\n#pragma float_control(pop)\n";
    let r = run_with(
        "#pragma STDC FP_CONTRACT ON\nx\n#include \"h.h\"\nx\n",
        &[("dir/h.h", header)],
        &PpOptions::default(),
    );
    assert_eq!(fp_states(&r, "x"), [On, On]);
    assert_eq!(fp_states(&r, "h"), [Off]);
    // `-ffp-contract=off` is the default that DEFAULT restores.
    let opts = PpOptions {
        fp_contract: Off,
        ..PpOptions::default()
    };
    let r = run_with(
        "x\n#pragma STDC FP_CONTRACT ON\nx\n#pragma STDC FP_CONTRACT DEFAULT\nx\n",
        &[],
        &opts,
    );
    assert_eq!(fp_states(&r, "x"), [Off, On, Off]);
}

#[test]
fn malformed_contraction_pragmas_are_warnings() {
    let r = run(concat!(
        "#pragma STDC FP_CONTRACT MAYBE\n",
        "#pragma clang fp contract(sometimes)\n",
        "#pragma float_control(pop)\n",
        "#pragma clang fp reassociate(on)\n",
        "x\n",
    ));
    assert_eq!(r.text(), "x");
    let w = r.warnings();
    assert_eq!(w.len(), 3, "{w:?}");
    assert!(w[0].contains("'ON', 'OFF' or 'DEFAULT'"));
    assert!(w[1].contains("'sometimes'"));
    assert!(w[2].contains("without a matching push"));
}

/// The `#pragma pack` value at each token spelled `name` of the output.
fn pack_values(r: &Run, name: &str) -> Vec<Option<u32>> {
    r.out
        .tokens
        .iter()
        .filter(|t| r.out.symbols.spelling(t) == name)
        .map(|t| {
            let at = t.report_span();
            r.out.pack.at(at.file, at.lo)
        })
        .collect()
}

fn run_for(src: &str, files: &[(&str, &str)], dialect: PackDialect) -> Run {
    let opts = PpOptions {
        pack_dialect: dialect,
        ..PpOptions::default()
    };
    run_with(src, files, &opts)
}

#[test]
fn pack_pragmas_set_push_and_pop_the_limit() {
    for dialect in [PackDialect::Gcc, PackDialect::Clang] {
        let r = run_for(
            concat!(
                "x\n#pragma pack(2)\nx\n",
                // Braces do not end a `#pragma pack`.
                "{\n#pragma pack(push, 4)\nx }\nx\n",
                "#pragma pack(pop)\nx\n",
                "#pragma pack(push)\n#pragma pack(1)\nx\n#pragma pack(pop)\nx\n",
                "#pragma pack(push, outer, 8)\n#pragma pack(push, 1)\n#pragma pack(push, 16)\nx\n",
                "#pragma pack(pop, outer)\nx\n",
                "#pragma pack(push, inner)\n#pragma pack(4)\n#pragma pack(pop, inner)\nx\n",
                "#pragma pack(0)\nx\n#pragma pack(16)\n#pragma pack()\nx\n",
                "_Pragma(\"pack(push, 1)\") x _Pragma(\"pack(pop)\") x\n",
            ),
            &[],
            dialect,
        );
        assert!(r.warnings().is_empty(), "{:?}", r.warnings());
        assert_eq!(
            pack_values(&r, "x"),
            [
                None,
                Some(2),
                Some(4),
                Some(4),
                Some(2),
                Some(1),
                Some(2),
                Some(16),
                Some(2),
                Some(2),
                None,
                None,
                Some(1),
                None,
            ]
        );
    }
}

#[test]
fn pack_pragmas_hold_across_includes() {
    // A header that sets the limit and one that pushes and pops around its
    // own classes; the includer goes on with what the first one left.
    let r = run_with(
        concat!(
            "#pragma pack(4)\nx\n#include \"set.h\"\nx\n",
            "#include \"scoped.h\"\nx\n",
        ),
        &[
            ("dir/set.h", "h\n#pragma pack(1)\nh\n"),
            (
                "dir/scoped.h",
                "#pragma pack(push, 8)\ns\n#pragma pack(pop)\ns\n",
            ),
        ],
        &PpOptions::default(),
    );
    assert!(r.warnings().is_empty(), "{:?}", r.warnings());
    assert_eq!(pack_values(&r, "x"), [Some(4), Some(1), Some(1)]);
    assert_eq!(pack_values(&r, "h"), [Some(4), Some(1)]);
    assert_eq!(pack_values(&r, "s"), [Some(8), Some(1)]);
}

#[test]
fn pack_pragmas_follow_the_host_compiler_where_g_and_clang_differ() {
    // clang macro-expands the arguments and reads `pop, N` as a pop and
    // then N; g++ does neither, and a pop to a missing label pops the last
    // push (clang's does nothing).
    let src = concat!(
        "#define ONE 1\n#pragma pack(ONE)\na\n#pragma pack()\n",
        "#pragma pack(push, 2)\n#pragma pack(pop, 1)\nb\n#pragma pack(pop)\n",
        "#pragma pack(4)\n#pragma pack(push, lbl)\n#pragma pack(1)\n#pragma pack(pop, nosuch)\nc\n",
    );
    let gcc = run_for(src, &[], PackDialect::Gcc);
    assert_eq!(pack_values(&gcc, "a"), [None]);
    assert_eq!(pack_values(&gcc, "b"), [Some(2)]);
    assert_eq!(pack_values(&gcc, "c"), [Some(4)]);
    let w = gcc.warnings();
    assert_eq!(w.len(), 3, "{w:?}");
    assert!(w[0].contains("unknown action"), "{w:?}");
    assert!(w[1].contains("expected integer or identifier"), "{w:?}");
    assert!(w[2].contains("pop, nosuch"), "{w:?}");
    let clang = run_for(src, &[], PackDialect::Clang);
    assert_eq!(pack_values(&clang, "a"), [Some(1)]);
    assert_eq!(pack_values(&clang, "b"), [Some(1)]);
    assert_eq!(pack_values(&clang, "c"), [Some(1)]);
    let w = clang.warnings();
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(w[0].contains("stack empty"), "{w:?}");
    assert!(w[1].contains("pop, nosuch"), "{w:?}");
}

#[test]
fn malformed_pack_pragmas_are_warnings_that_change_nothing() {
    let r = run(concat!(
        "#pragma pack(2)\n",
        "#pragma pack(3)\n",
        "#pragma pack(32)\n",
        "#pragma pack\n",
        "#pragma pack 1\n",
        "#pragma pack(1\n",
        "#pragma pack(1) x\n",
        "#pragma pack(push, 4, 1)\n",
        "#pragma pack(push, 3)\n",
        "#pragma pack(1, 2)\n",
        "#pragma pack(sideways)\n",
        "#pragma pack(show)\n",
        "#pragma pack(\"1\")\n",
        "_Pragma(\"pack(\")\n",
        "y\n",
        "#pragma pack(pop)\n",
        "#pragma pack(pop)\n",
        "z\n",
    ));
    assert!(r.errors().is_empty(), "{:?}", r.errors());
    assert_eq!(r.text(), "y z");
    let w = r.warnings();
    let expected = [
        "expected #pragma pack parameter to be '1', '2', '4', '8', or '16'",
        "expected #pragma pack parameter to be '1', '2', '4', '8', or '16'",
        "missing '(' after '#pragma pack' - ignoring",
        "missing '(' after '#pragma pack' - ignoring",
        "missing ')' after '#pragma pack' - ignoring",
        "extra tokens at end of '#pragma pack' - ignored",
        "expected integer or identifier in '#pragma pack' - ignored",
        "expected #pragma pack parameter to be '1', '2', '4', '8', or '16'",
        "expected integer or identifier in '#pragma pack' - ignored",
        "unknown action for '#pragma pack' - ignored",
        "value of #pragma pack(show) == 2",
        "expected integer or identifier in '#pragma pack' - ignored",
        "missing ')' after '#pragma pack' - ignoring",
        "#pragma pack(pop, ...) failed: stack empty",
        "#pragma pack(pop, ...) failed: stack empty",
    ];
    assert_eq!(w, expected);
    assert_eq!(pack_values(&r, "y"), [Some(2)]);
    assert_eq!(pack_values(&r, "z"), [Some(2)]);
}

#[test]
fn cplusplus_follows_the_language_mode() {
    let cxx20 = PpOptions {
        lang: crate::front::lang::LangStd::Cxx20,
        ..Default::default()
    };
    assert_eq!(
        run_with("__cplusplus", &[], &cxx20).text().trim(),
        "202002L"
    );
    assert_eq!(pp("__cplusplus").trim(), "201703L");
}
