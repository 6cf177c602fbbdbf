//! Limits and confinement: a memory bomb, tiny fuel and a short wall-clock
//! limit end with their typed errors; include directories are read-only
//! and nothing outside them is visible; hostile sources give diagnostics or
//! a limit error, never a crash of the host; after each of them the same
//! sandbox compiles a valid program correctly.

mod common;

use common::{repo_root, request_for, sandbox};
use std::time::{Duration, Instant};
use syclone_sandbox::{CompileRequest, Limits, ReadOnlyDir, SandboxError, Severity, TimeBudget};

/// `#define A0` of 200 tokens, `A1` of 200 `A0`, `A2` of 200 `A1`: the
/// program expands to 8 million tokens with 40,201 expansions, within the
/// preprocessor's own limits (50 million tokens, 1 million expansions).
fn macro_bomb() -> String {
    let mut src = String::from("#define A0");
    src.push_str(&" x".repeat(200));
    src.push_str("\n#define A1");
    src.push_str(&" A0".repeat(200));
    src.push_str("\n#define A2");
    src.push_str(&" A1".repeat(200));
    src.push_str("\nint v[] = { A2 };\n");
    src
}

/// The next valid program compiles, with its kernel.
fn still_compiles_a_valid_program() {
    let request = request_for(&repo_root().join("examples/saxpy_usm.cpp"));
    let out = sandbox()
        .compile(&request)
        .expect("a valid program after a hostile one");
    assert!(out.success, "{}", out.rendered_diagnostics);
    let bundle = out.bundle.expect("a bundle");
    assert_eq!(bundle.images[0].kernels.len(), 1);
}

#[test]
fn a_memory_bomb_hits_the_memory_limit() {
    let limits = Limits {
        memory_bytes: 256 << 20,
        ..Limits::default()
    };
    let request = CompileRequest::new(macro_bomb(), "bomb.cpp");
    match sandbox().compile_with_limits(&request, &limits) {
        Err(SandboxError::MemoryLimit { limit_bytes }) => assert_eq!(limit_bytes, 256 << 20),
        other => panic!("expected the memory limit, got {other:?}"),
    }
    still_compiles_a_valid_program();
}

#[test]
fn tiny_fuel_hits_the_time_limit() {
    let limits = Limits {
        fuel: Some(100_000),
        ..Limits::default()
    };
    let request = request_for(&repo_root().join("examples/vector_add.cpp"));
    match sandbox().compile_with_limits(&request, &limits) {
        Err(SandboxError::TimeLimit(TimeBudget::Fuel(100_000))) => {}
        other => panic!("expected the fuel limit, got {other:?}"),
    }
    // With enough fuel it compiles. The fuel a compile needs varies only
    // slightly (hash maps are randomly seeded), so a limit 10% above it
    // passes and one 10% below does not.
    let out = sandbox().compile(&request).unwrap();
    assert!(out.success);
    let needed = out.stats.fuel_consumed;
    assert!(needed > 100_000 && needed < 1 << 40, "{needed}");
    let with_fuel = |fuel| Limits {
        fuel: Some(fuel),
        ..Limits::default()
    };
    let again = sandbox()
        .compile_with_limits(&request, &with_fuel(needed + needed / 10))
        .unwrap();
    assert!(again.stats.fuel_consumed.abs_diff(needed) < needed / 100);
    assert_eq!(again.bundle, out.bundle);
    assert!(matches!(
        sandbox().compile_with_limits(&request, &with_fuel(needed - needed / 10)),
        Err(SandboxError::TimeLimit(TimeBudget::Fuel(_)))
    ));
    still_compiles_a_valid_program();
}

#[test]
fn a_short_wall_clock_limit_interrupts_a_long_compile() {
    let limits = Limits {
        wall_time: Duration::from_millis(50),
        memory_bytes: 4 << 30,
        ..Limits::default()
    };
    let request = CompileRequest::new(macro_bomb(), "bomb.cpp");
    let start = Instant::now();
    match sandbox().compile_with_limits(&request, &limits) {
        Err(SandboxError::TimeLimit(TimeBudget::WallClock(d))) => {
            assert_eq!(d, Duration::from_millis(50))
        }
        other => panic!("expected the wall-clock limit, got {other:?}"),
    }
    // Not a timing assertion: only that the host was not left waiting for
    // the whole compile (minutes under a debugger-slow build would show).
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
    still_compiles_a_valid_program();
}

#[test]
fn include_directories_are_read_only_and_nothing_else_is_visible() {
    let base = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("read-only-includes");
    let inc = base.join("inc");
    std::fs::create_dir_all(&inc).unwrap();
    std::fs::write(inc.join("scale.h"), "#define SCALE 3\n").unwrap();
    std::fs::write(base.join("secret.h"), "#define SECRET 1\n").unwrap();
    let secret = base.join("secret.h").to_string_lossy().into_owned();

    let mut request = CompileRequest::new(
        "#include <scale.h>\nstatic_assert(SCALE == 3, \"scale\");\nint main() { return 0; }\n",
        "main.cpp",
    );
    request.include_dirs = vec!["/inc".into()];
    request.read_only_dirs = vec![ReadOnlyDir::new(&inc, "/inc")];
    let out = sandbox().compile(&request).unwrap();
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    assert_eq!(out.dependencies, ["/inc/scale.h"]);

    // Escapes through `..`, the host path of a file outside the directory,
    // and a system file are all "not found".
    for spelled in [
        "\"../secret.h\"",
        "\"/inc/../secret.h\"",
        &format!("\"{secret}\""),
        "\"/etc/passwd\"",
    ] {
        request.source = format!("#include {spelled}\nint main() {{ return 0; }}\n");
        let out = sandbox().compile(&request).unwrap();
        let error = out
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
            .unwrap_or_else(|| panic!("{spelled} was readable: {:?}", out.dependencies));
        assert!(
            error.message.contains("not found"),
            "{spelled}: {}",
            error.message
        );
        assert_eq!(error.location.as_ref().map(|l| l.line), Some(1));
    }

    // A directory that does not exist is a typed error before the guest runs.
    request.read_only_dirs = vec![ReadOnlyDir::new(base.join("missing"), "/inc")];
    match sandbox().compile(&request) {
        Err(SandboxError::IncludeDir { path, .. }) => assert!(path.ends_with("missing")),
        other => panic!("expected an include-directory error, got {other:?}"),
    }
}

#[test]
fn hostile_sources_give_diagnostics_or_limit_errors() {
    let deep_parens = format!("int x = {}1{};\n", "(".repeat(100_000), ")".repeat(100_000));
    let deep_braces = format!("void f() {}{}\n", "{".repeat(50_000), "}".repeat(50_000));
    let huge_literal = format!("int x = {};\n", "9".repeat(1 << 20));
    let huge_string = format!("const char* s = \"{}\";\n", "a".repeat(10 << 20));
    let binary: String = (0..=255u8).cycle().take(1 << 16).map(char::from).collect();
    // (what, source, whether it is an error in C++)
    let cases: Vec<(&str, String, bool)> = vec![
        ("nested parentheses", deep_parens, true),
        ("nested braces", deep_braces, true),
        ("a megabyte literal", huge_literal, true),
        ("a 10 MB string literal", huge_string, false),
        ("binary garbage", binary, true),
        ("an include cycle", "#include \"cycle.h\"\n".into(), true),
        ("an exponential macro", "#define a(x) x x\n#define b a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(a(1))))))))))))))))))))))))\nint v[] = {b};\n".into(), true),
    ];
    for (what, source, is_error) in cases {
        let mut request = CompileRequest::new(source, "hostile.cpp");
        request
            .files
            .insert("/cycle.h".into(), "#include \"cycle.h\"\n".into());
        let start = Instant::now();
        match sandbox().compile(&request) {
            Ok(out) => {
                assert_eq!(
                    out.has_errors(),
                    is_error,
                    "{what}: {}",
                    out.rendered_diagnostics
                );
                eprintln!(
                    "{what}: {} diagnostics, {:?}, peak memory {} MiB",
                    out.diagnostics.len(),
                    start.elapsed(),
                    out.stats.peak_memory_bytes >> 20
                );
            }
            Err(e @ (SandboxError::MemoryLimit { .. } | SandboxError::TimeLimit(_))) => {
                eprintln!("{what}: {e} after {:?}", start.elapsed())
            }
            Err(e) => panic!("{what}: {e}"),
        }
        still_compiles_a_valid_program();
    }
}

#[test]
fn a_hundred_megabyte_source_ends_within_the_limits() {
    let line = "int variable_with_a_long_name = 12345678; // padding padding padding\n";
    let source = line.repeat((100 << 20) / line.len());
    let request = CompileRequest::new(source, "huge.cpp");
    let start = Instant::now();
    match sandbox().compile(&request) {
        // Either outcome is a clean end; which one depends on the limits.
        Ok(out) => {
            assert!(out.has_errors(), "redefinitions must be reported");
            eprintln!(
                "100 MB source: {} diagnostics, {:?}, peak memory {} MiB",
                out.diagnostics.len(),
                start.elapsed(),
                out.stats.peak_memory_bytes >> 20
            );
        }
        Err(e @ (SandboxError::MemoryLimit { .. } | SandboxError::TimeLimit(_))) => {
            eprintln!("100 MB source: {e} after {:?}", start.elapsed())
        }
        Err(e) => panic!("{e}"),
    }
    still_compiles_a_valid_program();
}
