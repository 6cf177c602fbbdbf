//! `-verify` style diagnostics tests, as clang's: every
//! `tests/verify/*.cpp` is compiled for the device with the real SYCL
//! headers, and its diagnostics are checked against markers in the source:
//!
//! - `// expected-error {{text}}`, `expected-warning`, `expected-note`:
//!   a diagnostic of that severity whose message contains `text`, on the
//!   marker's line; `expected-error@+N` / `@-N` shift the line, `@*`
//!   expects it in a header (the SYCL or model headers);
//!   `expected-note 3 {{text}}` expects three such diagnostics, `1+` at
//!   least one (a note every error of a kernel carries);
//! - `// expected-no-diagnostics`: the file must compile cleanly;
//! - `// syclcc-flags: -std=c++20` (among the first lines): the language mode.
//!
//! Every diagnostic in the main file must be expected, and every marker met.
//! Notes are the notes attached to diagnostics that point into the main file
//! (notes without a location are matched only if a marker asks for them;
//! a header diagnostic is unexpected unless an `@*` marker asks for it).

mod common;

use compiler_core::diag::Severity;
use std::path::Path;

#[derive(Debug)]
struct Expected {
    severity: Severity,
    line: u32,
    text: String,
    marker_line: u32,
    /// Matches any number of further diagnostics (the `+` of `N+`).
    repeats: bool,
}

fn parse_markers(src: &str) -> (Vec<Expected>, bool, Vec<String>) {
    let mut out = vec![];
    let mut no_diags = false;
    let mut errors = vec![];
    for (i, line) in src.lines().enumerate() {
        let ln = i as u32 + 1;
        if line.contains("expected-no-diagnostics") {
            no_diags = true;
        }
        let mut rest = line;
        while let Some(p) = rest.find("expected-") {
            rest = &rest[p + "expected-".len()..];
            let (sev, after) = if let Some(r) = rest.strip_prefix("error") {
                (Severity::Error, r)
            } else if let Some(r) = rest.strip_prefix("warning") {
                (Severity::Warning, r)
            } else if let Some(r) = rest.strip_prefix("note") {
                (Severity::Note, r)
            } else {
                continue;
            };
            let mut target = ln as i64;
            let mut after = after;
            if let Some(r) = after.strip_prefix("@*") {
                // In a header: outside the main file.
                target = 0;
                after = r;
            } else if let Some(r) = after.strip_prefix('@') {
                let end = r
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(r.len());
                match r[..end].parse::<i64>() {
                    Ok(n) if r.starts_with(['+', '-']) => target += n,
                    Ok(n) => target = n,
                    Err(_) => errors.push(format!("line {ln}: bad line offset '{}'", &r[..end])),
                }
                after = &r[end..];
            }
            let after = after.trim_start();
            // A count: `N` diagnostics, or `N+` for at least N.
            let digits = after
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(after.len());
            let (count, repeats, after) = if digits == 0 {
                (1, false, after)
            } else {
                let n: u32 = after[..digits].parse().unwrap_or(1);
                match after[digits..].strip_prefix('+') {
                    Some(r) => (n, true, r.trim_start()),
                    None => (n, false, after[digits..].trim_start()),
                }
            };
            let Some(body) = after.strip_prefix("{{") else {
                errors.push(format!("line {ln}: expected '{{{{' after the marker"));
                continue;
            };
            let Some(end) = body.find("}}") else {
                errors.push(format!("line {ln}: missing '}}}}'"));
                continue;
            };
            // N required entries, and for `N+` one that takes any more.
            for k in 0..count + u32::from(repeats) {
                out.push(Expected {
                    severity: sev,
                    line: target as u32,
                    text: body[..end].to_string(),
                    marker_line: ln,
                    repeats: k == count,
                });
            }
            rest = &body[end..];
        }
    }
    (out, no_diags, errors)
}

/// One diagnostic as the checker sees it: (severity, line in the main file or 0, message).
type Seen = (Severity, u32, String, String);

fn check(path: &Path) -> Result<(), String> {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let src = std::fs::read_to_string(path).unwrap();
    let (mut expected, no_diags, marker_errors) = parse_markers(&src);
    if !marker_errors.is_empty() {
        return Err(format!(
            "{name}: bad markers:\n  {}",
            marker_errors.join("\n  ")
        ));
    }
    if no_diags && !expected.is_empty() {
        return Err(format!(
            "{name}: expected-no-diagnostics together with markers"
        ));
    }
    if !no_diags && expected.is_empty() {
        return Err(format!("{name}: no markers (use expected-no-diagnostics)"));
    }
    let out = common::compile_sycl_in(
        &name,
        &src,
        compiler_core::front::sema::HostCompiler::Gcc { major: 12 },
        common::language_of(&src),
    );
    // The JSON form carries resolved locations and note texts.
    let json: serde_json::Value = serde_json::from_str(&out.diagnostics_json)
        .map_err(|e| format!("{name}: bad diagnostics JSON: {e}"))?;
    let loc = |v: &serde_json::Value| -> (u32, String) {
        match (v["file"].as_str(), v["line"].as_u64()) {
            (Some(f), Some(l)) => (if f == name { l as u32 } else { 0 }, format!("{f}:{l}")),
            _ => (0, String::new()),
        }
    };
    let severity = |s: &str| match s {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        _ => Severity::Note,
    };
    let mut seen: Vec<Seen> = vec![];
    for d in json.as_array().into_iter().flatten() {
        let (line, where_) = loc(d);
        let msg = d["message"].as_str().unwrap_or("").to_string();
        seen.push((
            severity(d["severity"].as_str().unwrap_or("")),
            line,
            msg,
            where_,
        ));
        for n in d["notes"].as_array().into_iter().flatten() {
            let (line, where_) = loc(n);
            let located = n.get("file").is_some();
            if located && line == 0 {
                continue;
            }
            let msg = n["message"].as_str().unwrap_or("").to_string();
            seen.push((Severity::Note, line, msg, where_));
        }
    }
    let mut unexpected = vec![];
    for s in seen {
        let matches = |e: &Expected| e.severity == s.0 && e.line == s.1 && s.2.contains(&e.text);
        // A marker's required diagnostics first, then its `+`.
        let pos = expected
            .iter()
            .position(|e| !e.repeats && matches(e))
            .or_else(|| expected.iter().position(|e| e.repeats && matches(e)));
        match pos {
            Some(i) => {
                if !expected[i].repeats {
                    expected.remove(i);
                }
            }
            // Notes without a location are only checked when asked for.
            None if s.0 == Severity::Note && s.1 == 0 => {}
            None => unexpected.push(s),
        }
    }
    expected.retain(|e| !e.repeats);
    if expected.is_empty() && unexpected.is_empty() {
        return Ok(());
    }
    let mut msg = format!("{name}: diagnostics do not match\n");
    for e in &expected {
        msg.push_str(&format!(
            "  expected but not seen: {:?} on line {} (marker on line {}): {{{{{}}}}}\n",
            e.severity, e.line, e.marker_line, e.text
        ));
    }
    for s in &unexpected {
        msg.push_str(&format!(
            "  seen but not expected: {:?} at {}: {}\n",
            s.0, s.3, s.2
        ));
    }
    msg.push_str("  rendered:\n");
    msg.push_str(&out.rendered_diagnostics);
    Err(msg)
}

#[test]
fn verify_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/verify");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cpp"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 15, "only {} verify files", paths.len());
    let count = paths.len();
    // On a 64 MiB stack, as syclcc runs the device pass (runaway template
    // recursion is stopped by a depth limit, not by the stack).
    let failures: Vec<String> = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || paths.iter().filter_map(|p| check(p).err()).collect())
        .expect("spawn")
        .join()
        .expect("the verify thread panicked");
    assert!(
        failures.is_empty(),
        "{} of {} verify files failed:\n{}",
        failures.len(),
        count,
        failures.join("\n")
    );
}

#[test]
fn markers_are_parsed() {
    let (m, none, errs) = parse_markers(
        "int x; // expected-error {{a}} expected-note@+2 {{b c}}\n// expected-warning@-1 {{w}}\n",
    );
    assert!(!none && errs.is_empty());
    assert_eq!(m.len(), 3);
    assert_eq!((m[0].line, m[0].text.as_str()), (1, "a"));
    assert_eq!((m[1].line, m[1].severity), (3, Severity::Note));
    assert_eq!(m[2].line, 1);
}

#[test]
fn fixits_insert_after_the_previous_token() {
    let out = common::compile_sycl("f.cpp", "int f() {\n    int a = 1\n    return a;\n}\n");
    let json: serde_json::Value = serde_json::from_str(&out.diagnostics_json).unwrap();
    let fix = &json[0]["fixits"][0];
    assert_eq!(fix["replacement"], ";");
    assert_eq!(
        (fix["line"].as_u64(), fix["column"].as_u64()),
        (Some(2), Some(14))
    );
    assert!(
        out.rendered_diagnostics
            .contains("fix-it: insert ';' at f.cpp:2:14"),
        "{}",
        out.rendered_diagnostics
    );
}

#[test]
fn macro_expansion_note_points_at_the_definition() {
    let out = common::compile_sycl("m.cpp", "#define DECL int = 3;\nDECL\n");
    assert!(
        out.rendered_diagnostics
            .contains("expanded from macro 'DECL'"),
        "{}",
        out.rendered_diagnostics
    );
    let json: serde_json::Value = serde_json::from_str(&out.diagnostics_json).unwrap();
    assert_eq!(json[0]["line"], 2);
    assert_eq!(json[0]["notes"][0]["line"], 1);
}

#[test]
fn header_diagnostics_carry_the_include_chain() {
    let mut files = common::sycl_headers();
    files.0.insert(
        format!("{}/bad.h", common::INCLUDE_DIR),
        "int x = ;\n".to_string(),
    );
    let opts = compiler_core::CompileOptions {
        main_file_name: "main.cpp".into(),
        include_dirs: vec![common::INCLUDE_DIR.to_string()],
        ..Default::default()
    };
    let out = compiler_core::compile("\n#include <bad.h>\n", &opts, &files);
    assert!(
        out.rendered_diagnostics
            .starts_with("In file included from main.cpp:2:\n"),
        "{}",
        out.rendered_diagnostics
    );
}
