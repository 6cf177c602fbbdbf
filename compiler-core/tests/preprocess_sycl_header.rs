//! The runtime's real `sycl/sycl.hpp` preprocesses without diagnostics in the
//! device pass (its std includes come from the model headers).

use compiler_core::diag::Diagnostics;
use compiler_core::front::preprocess::{preprocess, PpOptions};
use compiler_core::source::SourceMap;
use compiler_core::IncludeProvider;

struct Disk;
impl IncludeProvider for Disk {
    fn read(&self, path: &str) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }
}

#[test]
fn sycl_hpp_preprocesses_cleanly_in_the_device_pass() {
    let inc = concat!(env!("CARGO_MANIFEST_DIR"), "/../native-runtime/include");
    if !std::path::Path::new(inc).join("sycl/sycl.hpp").exists() {
        return;
    }
    let mut sm = SourceMap::default();
    let main = sm.add("main.cpp", "#include <sycl/sycl.hpp>\n#include <vector>\n#include <iostream>\nint main() { return 0; }\n");
    let opts = PpOptions {
        include_dirs: vec![inc.to_string()],
        device_pass: true,
        ..Default::default()
    };
    let mut diags = Diagnostics::default();
    let out = preprocess(&mut sm, main, &Disk, &opts, &mut diags);
    assert!(diags.list.is_empty(), "{:?}", diags.list);
    assert!(out
        .included_files
        .iter()
        .any(|f| f.ends_with("sycl/sycl.hpp")));
    assert!(out.tokens.len() > 100);
}
