//! Every model standard header type-checks included on its own, first in
//! a translation unit: a header that leans on what another header declared
//! (`std::declval` in `<vector>` without `<utility>`) breaks every program
//! that includes it before the others (`#include <vector>` before
//! `<sycl/sycl.hpp>`).

mod common;
use compiler_core::{compile, CompileOptions};

/// Headers of the model's own, never included by programs.
fn internal(name: &str) -> bool {
    name.contains("syclone_") || name.starts_with("bits/") || name.contains("x86_simd")
}

/// `src`, which includes `<name>` first, compiles without an error.
fn assert_compiles(name: &str, src: &str) {
    let opts = CompileOptions {
        main_file_name: "main.cpp".into(),
        include_dirs: vec![common::INCLUDE_DIR.to_string()],
        ..CompileOptions::default()
    };
    let out = compile(src, &opts, &common::sycl_headers());
    assert!(
        !out.has_errors(),
        "<{name}> first:\n{}",
        out.rendered_diagnostics
    );
}

#[test]
fn every_model_header_stands_alone() {
    for name in compiler_core::model_headers::names().filter(|n| !internal(n)) {
        assert_compiles(
            name,
            &format!("#include <{name}>\nint main() {{ return 0; }}\n"),
        );
    }
}
