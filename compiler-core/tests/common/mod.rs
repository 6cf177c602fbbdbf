//! Shared helpers: compile a SYCL program with the real <sycl/sycl.hpp>.

use compiler_core::{compile, CompileOptions, CompileOutput, VirtualFiles};

pub const INCLUDE_DIR: &str = "/syclone/include";

pub fn sycl_headers() -> VirtualFiles {
    let mut files = VirtualFiles::default();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../native-runtime/include/");
    for name in compiler_core::sycl::RUNTIME_HEADERS {
        let text = std::fs::read_to_string(format!("{root}{name}")).expect("header");
        files.0.insert(format!("{INCLUDE_DIR}/{name}"), text);
    }
    files
}

#[allow(dead_code)] // not every test binary uses it
pub fn compile_sycl(name: &str, src: &str) -> CompileOutput {
    compile_sycl_for(
        name,
        src,
        compiler_core::front::sema::HostCompiler::Gcc { major: 12 },
    )
}

/// [`compile_sycl`] agreeing with host compiler `host` on closure layouts.
#[allow(dead_code)] // not every test binary uses it
pub fn compile_sycl_for(
    name: &str,
    src: &str,
    host: compiler_core::front::sema::HostCompiler,
) -> CompileOutput {
    compile_sycl_in(
        name,
        src,
        host,
        compiler_core::front::lang::LangStd::default(),
    )
}

/// [`compile_sycl_for`] in language mode `lang` (`-std=`).
#[allow(dead_code)] // not every test binary uses it
pub fn compile_sycl_in(
    name: &str,
    src: &str,
    host: compiler_core::front::sema::HostCompiler,
    lang: compiler_core::front::lang::LangStd,
) -> CompileOutput {
    let opts = CompileOptions {
        main_file_name: name.to_string(),
        include_dirs: vec![INCLUDE_DIR.to_string()],
        host_compiler: host,
        lang,
        ..CompileOptions::default()
    };
    compile(src, &opts, &sycl_headers())
}

/// The language mode a test's `// syclcc-flags: -std=...` line (among its
/// first ten lines) asks for, as the e2e tests write it.
#[allow(dead_code)] // not every test binary uses it
pub fn language_of(src: &str) -> compiler_core::front::lang::LangStd {
    src.lines()
        .take(10)
        .filter_map(|l| l.strip_prefix("// syclcc-flags:"))
        .flat_map(|flags| flags.split_whitespace())
        .filter_map(|f| f.strip_prefix("-std="))
        .filter_map(compiler_core::front::lang::LangStd::from_std_flag)
        .last()
        .unwrap_or_default()
}
