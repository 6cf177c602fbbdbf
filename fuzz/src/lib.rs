//! Shared harness for the fuzz targets: `<sycl/sycl.hpp>` served from
//! `native-runtime/include` through `VirtualFiles`, and a runner that gives
//! the compiler a 64 MiB stack (as syclcc does) so only real overflows count.

use compiler_core::VirtualFiles;
use std::sync::OnceLock;

pub const INCLUDE_DIR: &str = "/syclone/include";

pub fn sycl_headers() -> &'static VirtualFiles {
    static FILES: OnceLock<VirtualFiles> = OnceLock::new();
    FILES.get_or_init(|| {
        let mut files = VirtualFiles::default();
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../native-runtime/include/");
        for name in compiler_core::sycl::RUNTIME_HEADERS {
            let text = std::fs::read_to_string(format!("{root}{name}")).expect("header");
            files.0.insert(format!("{INCLUDE_DIR}/{name}"), text);
        }
        // A tiny include cycle the fuzzer can reach by name.
        files
            .0
            .insert(format!("{INCLUDE_DIR}/a.h"), "#include \"b.h\"\nint a;\n".into());
        files
            .0
            .insert(format!("{INCLUDE_DIR}/b.h"), "#include \"a.h\"\nint b;\n".into());
        files
    })
}

/// Run `f` on a thread with a 64 MiB stack; panics propagate to the fuzzer.
pub fn on_big_stack(f: impl FnOnce() + Send + 'static) {
    let h = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(f)
        .expect("spawn");
    if let Err(e) = h.join() {
        std::panic::resume_unwind(e);
    }
}

pub fn options() -> compiler_core::CompileOptions {
    compiler_core::CompileOptions {
        main_file_name: "fuzz.cpp".into(),
        include_dirs: vec![INCLUDE_DIR.into()],
        date_time: Some(("Jan  1 2000".into(), "00:00:00".into())),
        ..Default::default()
    }
}
