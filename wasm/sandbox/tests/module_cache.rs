//! The compiled guest module is cached on disk: a second sandbox with the
//! same cache directory deserializes it instead of running Cranelift and
//! compiles correctly with it; a damaged cache file is not trusted (the
//! module is compiled again and the file replaced).

mod common;

use common::{repo_root, request_for, sandbox};
use std::path::Path;
use syclone_sandbox::{ModuleOrigin, Sandbox};

fn build(cache: &Path) -> Sandbox {
    Sandbox::builder()
        .cache_dir(cache)
        .build()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn cache_files(cache: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect()
}

#[test]
fn the_module_cache_is_used_and_a_damaged_file_is_replaced() {
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("module-cache-test");
    let _ = std::fs::remove_dir_all(&cache);

    let first = build(&cache);
    assert!(matches!(first.module_origin(), ModuleOrigin::Compiled(_)));
    let files = cache_files(&cache);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(files[0].to_string_lossy().ends_with(".cwasm"));

    let second = build(&cache);
    assert!(
        matches!(second.module_origin(), ModuleOrigin::Cached(_)),
        "{:?}",
        second.module_origin()
    );
    let request = request_for(&repo_root().join("examples/vector_add.cpp"));
    let from_cache = second.compile(&request).unwrap();
    assert!(from_cache.success, "{}", from_cache.rendered_diagnostics);
    // The same images as the module this test binary's shared sandbox has.
    assert_eq!(
        from_cache.bundle,
        sandbox().compile(&request).unwrap().bundle
    );

    drop((first, second));
    // Damage the file: wasmtime refuses it, the module is compiled again.
    let mut bytes = std::fs::read(&files[0]).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&files[0], &bytes).unwrap();
    let third = build(&cache);
    assert!(matches!(third.module_origin(), ModuleOrigin::Compiled(_)));
    assert!(third.compile(&request).unwrap().success);
    assert!(std::fs::read(&files[0]).unwrap().len() > bytes.len());
    let _ = std::fs::remove_dir_all(&cache);
}
