//! Hostile inputs: macro bombs, include cycles, deep nesting, huge literals,
//! huge tokens, control characters, odd Unicode. Each goes through the whole
//! device pass (`compiler_core::compile`) on a 64 MiB stack (as syclcc runs
//! it) and must come back with diagnostics: no panic, no stack overflow, no
//! hang (a hang would time out the test run; nothing here is timed).
//!
//! Small inputs live as files in `tests/hostile/`; the big ones (100k nested
//! parentheses, a 10 MB string...) are generated here.

use compiler_core::{compile, CompileOptions, CompileOutput, VirtualFiles};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hostile");

/// Compile `src` (named `/hostile/NAME`, with the other hostile files and
/// `files` reachable by `#include`) on a 64 MiB-stack thread.
fn compile_hostile(name: &str, src: String, files: VirtualFiles) -> CompileOutput {
    let name = format!("/hostile/{name}");
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let opts = CompileOptions {
                main_file_name: name,
                include_dirs: vec!["/hostile".into()],
                date_time: Some(("Jan  1 2000".into(), "00:00:00".into())),
                ..CompileOptions::default()
            };
            compile(&src, &opts, &files)
        })
        .expect("spawn")
        .join()
        .unwrap_or_else(|_| panic!("the compiler panicked"))
}

fn errors(out: &CompileOutput) -> Vec<String> {
    out.diagnostics
        .iter()
        .filter(|d| d.severity == compiler_core::diag::Severity::Error)
        .map(|d| d.message.clone())
        .collect()
}

/// Compile and require at least one error whose message contains `needle`.
#[track_caller]
fn expect_error(name: &str, src: String, files: VirtualFiles, needle: &str) {
    let out = compile_hostile(name, src, files);
    let errs = errors(&out);
    assert!(
        errs.iter().any(|m| m.contains(needle)),
        "{name}: expected an error containing {needle:?}, got {errs:?}"
    );
    assert!(out.bundle.is_none(), "{name}: an image despite errors");
}

fn file(name: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{name}")).expect("hostile file")
}

fn hostile_files() -> VirtualFiles {
    let mut files = VirtualFiles::default();
    for e in std::fs::read_dir(DIR).expect("hostile dir") {
        let p = e.expect("entry").path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        files.0.insert(
            format!("/hostile/{name}"),
            std::fs::read_to_string(&p).expect("read"),
        );
    }
    files
}

#[test]
fn every_hostile_file_gives_errors_not_panics() {
    let mut names: Vec<String> = std::fs::read_dir(DIR)
        .expect("hostile dir")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".cpp"))
        .collect();
    names.sort();
    assert!(names.len() >= 10, "hostile corpus missing: {names:?}");
    for name in names {
        eprintln!("{name}");
        let out = compile_hostile(&name, file(&name), hostile_files());
        assert!(
            out.has_errors(),
            "{name}: hostile input compiled without an error:\n{}",
            out.rendered_diagnostics
        );
    }
}

#[test]
fn exponential_macro_bomb_hits_the_expansion_limit() {
    expect_error(
        "macro_bomb.cpp",
        file("macro_bomb.cpp"),
        VirtualFiles::default(),
        "more than",
    );
}

#[test]
fn include_cycles_hit_the_depth_limit() {
    let mut files = VirtualFiles::default();
    files
        .0
        .insert("/hostile/a.h".into(), "#include \"b.h\"\nint a;\n".into());
    files
        .0
        .insert("/hostile/b.h".into(), "#include <a.h>\nint b;\n".into());
    expect_error("cycle.cpp", "#include \"a.h\"\n".into(), files, "include");
    expect_error(
        "include_self.cpp",
        file("include_self.cpp"),
        hostile_files(),
        "include",
    );
}

#[test]
fn unterminated_conditional_is_diagnosed() {
    expect_error(
        "if_without_endif.cpp",
        file("if_without_endif.cpp"),
        VirtualFiles::default(),
        "unterminated conditional",
    );
}

#[test]
fn deep_if_nesting() {
    let n = 100_000;
    let mut s = String::with_capacity(n * 12);
    for _ in 0..n {
        s.push_str("#if 1\n");
    }
    s.push_str("int x = ;\n");
    for _ in 0..n {
        s.push_str("#endif\n");
    }
    let out = compile_hostile("deep_if.cpp", s, VirtualFiles::default());
    assert!(out.has_errors());
}

#[test]
fn hundred_thousand_nested_parentheses() {
    let n = 100_000;
    let src = format!("int x = {}1{};\n", "(".repeat(n), ")".repeat(n));
    expect_error("parens.cpp", src, VirtualFiles::default(), "too deep");
    // Inside `#if` too.
    let src = format!("#if {}1{}\n#endif\n", "(".repeat(n), ")".repeat(n));
    let out = compile_hostile("pp_parens.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
    // Unbalanced.
    let src = format!("int x = {};\n", "(".repeat(n));
    let out = compile_hostile("open_parens.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
}

#[test]
fn fifty_thousand_nested_braces() {
    let n = 50_000;
    let src = format!("void f() {}{}\n", "{".repeat(n), "}".repeat(n));
    expect_error("braces.cpp", src, VirtualFiles::default(), "too deep");
    // Braced initializers nest iteratively: no error needed, just an end.
    let src = format!("int a[] = {}1{};\n", "{".repeat(n), "}".repeat(n));
    drop(compile_hostile(
        "init_braces.cpp",
        src,
        VirtualFiles::default(),
    ));
    let src = format!("namespace a {{ {} }}\n", "namespace b { ".repeat(n));
    expect_error("namespaces.cpp", src, VirtualFiles::default(), "too deep");
    let src = format!("{} int x;\n", "extern \"C\" { ".repeat(n));
    expect_error(
        "extern_blocks.cpp",
        src,
        VirtualFiles::default(),
        "too deep",
    );
    let src = format!("{} int x;\n", "extern \"C\" ".repeat(n));
    let out = compile_hostile("externs.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
}

#[test]
fn hundred_thousand_nested_template_brackets() {
    let n = 100_000;
    let src = format!(
        "template <class T> struct S {{}};\nint x = sizeof({}int{});\n",
        "S<".repeat(n),
        ">".repeat(n)
    );
    expect_error("angles.cpp", src, VirtualFiles::default(), "too deep");
    let src = format!("{}\n", "template <".repeat(n));
    let out = compile_hostile("template_heads.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
}

/// `S<bool(S<bool(...)>)>`: each argument may be parsed as a type and then
/// as an expression; nesting must not multiply the work.
#[test]
fn nested_functional_casts_in_template_arguments() {
    let n = 10_000;
    let src = format!(
        "template <bool B> struct S {{}};\nS<{}1{}> x;\n",
        "bool(S<bool(".repeat(n),
        ")>)".repeat(n)
    );
    let out = compile_hostile("casts.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
}

#[test]
fn other_deep_nesting() {
    let n = 100_000;
    for (name, src) in [
        ("unary.cpp", format!("int x = {}1;\n", "-".repeat(n))),
        ("not.cpp", format!("int x = {}1;\n", "!".repeat(n))),
        ("deref.cpp", format!("int x = {}p;\n", "*".repeat(n))),
        ("ptrs.cpp", format!("int {}p;\n", "*".repeat(n))),
        ("arrays.cpp", format!("int a{};\n", "[1]".repeat(n))),
        (
            "ternary.cpp",
            format!("int x = {}1{};\n", "1 ? ".repeat(n), " : 1".repeat(n)),
        ),
        (
            "lambdas.cpp",
            format!(
                "auto x = {}0{};\n",
                "[]{ return ".repeat(n),
                "; }()".repeat(n)
            ),
        ),
        (
            "ifs.cpp",
            format!("void f() {{ {} ; }}\n", "if (1) ".repeat(n)),
        ),
        (
            "assign.cpp",
            format!("void f() {{ int a; {} 1; }}\n", "a = ".repeat(n)),
        ),
        ("casts.cpp", format!("int x = {}1;\n", "(int)".repeat(n))),
        (
            "decl_parens.cpp",
            format!("int {}x{};\n", "(".repeat(n), ")".repeat(n)),
        ),
    ] {
        if std::env::var("HOSTILE_ONLY").is_ok_and(|o| o != name) {
            continue;
        }
        eprintln!("{name}");
        let out = compile_hostile(name, src, VirtualFiles::default());
        assert!(out.has_errors(), "{name}: no error");
    }
}

#[test]
fn ten_megabyte_string_literal() {
    let big = "x".repeat(10 << 20);
    // Valid: the string is fine, the missing `;` is the error.
    let src = format!("const char *s = \"{big}\"\n");
    let out = compile_hostile("big_string.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
    // Unterminated.
    let src = format!("const char *s = \"{big}\n");
    let out = compile_hostile("open_string.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
    // Stringized by a macro.
    let src = format!("#define S(x) #x\nconst char *s = S({big}) +;\n");
    let out = compile_hostile("stringized.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
}

#[test]
fn huge_literals_give_overflow_diagnostics() {
    let out = compile_hostile(
        "huge_literals.cpp",
        file("huge_literals.cpp"),
        VirtualFiles::default(),
    );
    let errs = errors(&out);
    assert!(
        errs.iter()
            .any(|m| m.contains("too large") || m.contains("range")),
        "no overflow diagnostic: {errs:?}"
    );
    let digits = "9".repeat(1 << 20);
    let src = format!("int x = {digits};\ndouble y = {digits}.5e{digits};\n#if {digits}\n#endif\n");
    let out = compile_hostile("huge_digits.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
}

#[test]
fn a_million_tokens_on_one_line() {
    let src = format!("int x = {}1;\n", "1 + ".repeat(1_000_000));
    eprintln!("long_line");
    let out = compile_hostile("long_line.cpp", src, VirtualFiles::default());
    // A left-associative chain is a tree as deep as it is long: bounded.
    assert!(
        errors(&out).iter().any(|m| m.contains("too long")),
        "{:?}",
        errors(&out)
    );
    // Within the bound it compiles.
    let src = format!("int x = {}1;\n", "1 + ".repeat(9_999));
    let out = compile_hostile("long_sum.cpp", src, VirtualFiles::default());
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    for (name, src) in [
        ("calls.cpp", format!("int x = f{};\n", "()".repeat(500_000))),
        (
            "members.cpp",
            format!("int x = a{};\n", ".b".repeat(500_000)),
        ),
        (
            "subscripts.cpp",
            format!("int x = a{};\n", "[0]".repeat(500_000)),
        ),
    ] {
        let out = compile_hostile(name, src, VirtualFiles::default());
        assert!(out.has_errors(), "{name}: no error");
    }
    let src = format!("{} int\n", "int a, ".repeat(500_000));
    eprintln!("long_decl");
    let out = compile_hostile("long_decl.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
    let src = "}".repeat(1_000_000);
    eprintln!("closers");
    let out = compile_hostile("closers.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
}

#[test]
fn megabyte_identifiers() {
    let id = "a".repeat(1 << 20);
    let src = format!("int {id} = 1;\nint y = {id} + ;\n#define {id} {id}\n{id} {id}\n");
    let out = compile_hostile("long_ident.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
}

#[test]
fn nul_and_control_characters() {
    let out = compile_hostile(
        "control_chars.cpp",
        file("control_chars.cpp"),
        VirtualFiles::default(),
    );
    assert!(out.has_errors());
    let src: String = (0u8..32).map(char::from).cycle().take(100_000).collect();
    let out = compile_hostile("all_controls.cpp", src, VirtualFiles::default());
    assert!(out.has_errors());
}
