//! The SYCL headers compiled into the binary, so the compiler needs no file
//! system: the same `sycl/sycl.hpp` that the native runtime ships, served from
//! the virtual directory [`INCLUDE_DIR`]. The native driver can reuse this to
//! compile without an installed include tree.

use compiler_core::VirtualFiles;

/// The virtual include directory that holds the embedded headers; pass it in
/// `CompileOptions::include_dirs`.
pub const INCLUDE_DIR: &str = "/syclone/include";

/// The embedded headers: path relative to [`INCLUDE_DIR`] and contents.
pub const SYCL_HEADERS: &[(&str, &str)] = &[
    (
        "sycl/sycl.hpp",
        include_str!("../../native-runtime/include/sycl/sycl.hpp"),
    ),
    (
        "sycl/detail/kernel_desc.hpp",
        include_str!("../../native-runtime/include/sycl/detail/kernel_desc.hpp"),
    ),
    (
        "sycl/detail/spec_constants.hpp",
        include_str!("../../native-runtime/include/sycl/detail/spec_constants.hpp"),
    ),
    (
        "sycl/detail/index_space.hpp",
        include_str!("../../native-runtime/include/sycl/detail/index_space.hpp"),
    ),
    (
        "sycl/detail/atomic_ref.hpp",
        include_str!("../../native-runtime/include/sycl/detail/atomic_ref.hpp"),
    ),
    (
        "sycl/detail/legacy_atomic.hpp",
        include_str!("../../native-runtime/include/sycl/detail/legacy_atomic.hpp"),
    ),
    (
        "sycl/detail/reduction.hpp",
        include_str!("../../native-runtime/include/sycl/detail/reduction.hpp"),
    ),
    (
        "sycl/detail/math.hpp",
        include_str!("../../native-runtime/include/sycl/detail/math.hpp"),
    ),
    (
        "sycl/detail/vec.hpp",
        include_str!("../../native-runtime/include/sycl/detail/vec.hpp"),
    ),
    (
        "sycl/detail/vec_swizzles.inc",
        include_str!("../../native-runtime/include/sycl/detail/vec_swizzles.inc"),
    ),
    (
        "sycl/detail/hierarchical.hpp",
        include_str!("../../native-runtime/include/sycl/detail/hierarchical.hpp"),
    ),
    (
        "sycl/detail/device_copyable.hpp",
        include_str!("../../native-runtime/include/sycl/detail/device_copyable.hpp"),
    ),
    (
        "sycl/detail/span.hpp",
        include_str!("../../native-runtime/include/sycl/detail/span.hpp"),
    ),
    (
        "sycl/detail/group_load_store.hpp",
        include_str!("../../native-runtime/include/sycl/detail/group_load_store.hpp"),
    ),
    (
        "sycl/ext/oneapi/experimental/group_load_store.hpp",
        include_str!(
            "../../native-runtime/include/sycl/ext/oneapi/experimental/group_load_store.hpp"
        ),
    ),
    (
        "sycl/ext/oneapi/dot_product.hpp",
        include_str!("../../native-runtime/include/sycl/ext/oneapi/dot_product.hpp"),
    ),
    (
        "sycl/ext/intel/fpga_extensions.hpp",
        include_str!("../../native-runtime/include/sycl/ext/intel/fpga_extensions.hpp"),
    ),
    (
        "CL/sycl.hpp",
        include_str!("../../native-runtime/include/CL/sycl.hpp"),
    ),
    (
        "dpc_common.hpp",
        include_str!("../../native-runtime/include/dpc_common.hpp"),
    ),
    (
        "sycl/ext/oneapi/experimental/graph.hpp",
        include_str!("../../native-runtime/include/sycl/ext/oneapi/experimental/graph.hpp"),
    ),
    (
        "sycl/ext/oneapi/experimental/enqueue_functions.hpp",
        include_str!(
            "../../native-runtime/include/sycl/ext/oneapi/experimental/enqueue_functions.hpp"
        ),
    ),
    (
        "sycl/ext/oneapi/experimental/clock.hpp",
        include_str!("../../native-runtime/include/sycl/ext/oneapi/experimental/clock.hpp"),
    ),
    (
        "sycl/detail/half.hpp",
        include_str!("../../native-runtime/include/sycl/detail/half.hpp"),
    ),
    (
        "sycl/detail/bfloat16.hpp",
        include_str!("../../native-runtime/include/sycl/detail/bfloat16.hpp"),
    ),
    (
        "sycl/detail/bit_cast.hpp",
        include_str!("../../native-runtime/include/sycl/detail/bit_cast.hpp"),
    ),
    (
        "sycl/detail/group_algorithms.hpp",
        include_str!("../../native-runtime/include/sycl/detail/group_algorithms.hpp"),
    ),
    (
        "sycl/detail/group_local_memory.hpp",
        include_str!("../../native-runtime/include/sycl/detail/group_local_memory.hpp"),
    ),
    (
        "sycl/detail/opportunistic_group.hpp",
        include_str!("../../native-runtime/include/sycl/detail/opportunistic_group.hpp"),
    ),
    (
        "sycl/detail/stream.hpp",
        include_str!("../../native-runtime/include/sycl/detail/stream.hpp"),
    ),
    (
        "sycl/detail/device_global.hpp",
        include_str!("../../native-runtime/include/sycl/detail/device_global.hpp"),
    ),
    (
        "sycl/detail/device_assert.hpp",
        include_str!("../../native-runtime/include/sycl/detail/device_assert.hpp"),
    ),
    (
        "sycl/detail/device_printf.hpp",
        include_str!("../../native-runtime/include/sycl/detail/device_printf.hpp"),
    ),
    (
        "sycl/detail/image.hpp",
        include_str!("../../native-runtime/include/sycl/detail/image.hpp"),
    ),
    (
        "sycl/detail/decomposition.hpp",
        include_str!("../../native-runtime/include/sycl/detail/decomposition.hpp"),
    ),
    (
        "sycl/detail/kernel_bundle.hpp",
        include_str!("../../native-runtime/include/sycl/detail/kernel_bundle.hpp"),
    ),
    (
        "sycl/detail/kernel_compiler.hpp",
        include_str!("../../native-runtime/include/sycl/detail/kernel_compiler.hpp"),
    ),
    (
        "sycl/detail/runtime_abi.h",
        include_str!("../../native-runtime/include/sycl/detail/runtime_abi.h"),
    ),
    (
        "oneapi/dpl/execution",
        include_str!("../../native-runtime/include/oneapi/dpl/execution"),
    ),
    (
        "oneapi/dpl/algorithm",
        include_str!("../../native-runtime/include/oneapi/dpl/algorithm"),
    ),
    (
        "oneapi/dpl/numeric",
        include_str!("../../native-runtime/include/oneapi/dpl/numeric"),
    ),
    (
        "oneapi/dpl/iterator",
        include_str!("../../native-runtime/include/oneapi/dpl/iterator"),
    ),
    (
        "oneapi/dpl/functional",
        include_str!("../../native-runtime/include/oneapi/dpl/functional"),
    ),
    (
        "oneapi/dpl/detail/library.hpp",
        include_str!("../../native-runtime/include/oneapi/dpl/detail/library.hpp"),
    ),
    (
        "oneapi/dpl/detail/policy.hpp",
        include_str!("../../native-runtime/include/oneapi/dpl/detail/policy.hpp"),
    ),
    (
        "oneapi/dpl/detail/iterators.hpp",
        include_str!("../../native-runtime/include/oneapi/dpl/detail/iterators.hpp"),
    ),
    (
        "oneapi/dpl/detail/device_ranges.hpp",
        include_str!("../../native-runtime/include/oneapi/dpl/detail/device_ranges.hpp"),
    ),
    (
        "oneapi/dpl/detail/kernels.hpp",
        include_str!("../../native-runtime/include/oneapi/dpl/detail/kernels.hpp"),
    ),
    (
        "oneapi/dpl/detail/algorithms.hpp",
        include_str!("../../native-runtime/include/oneapi/dpl/detail/algorithms.hpp"),
    ),
    (
        "oneapi/dpl/detail/numeric.hpp",
        include_str!("../../native-runtime/include/oneapi/dpl/detail/numeric.hpp"),
    ),
    (
        "oneapi/dpl/detail/functional.hpp",
        include_str!("../../native-runtime/include/oneapi/dpl/detail/functional.hpp"),
    ),
    (
        "oneapi/dpl/random",
        include_str!("../../native-runtime/include/oneapi/dpl/random"),
    ),
    (
        "oneapi/dpl/detail/random.hpp",
        include_str!("../../native-runtime/include/oneapi/dpl/detail/random.hpp"),
    ),
];

/// Adds the embedded headers to `files` under [`INCLUDE_DIR`], replacing any
/// file of the same path.
pub fn add_to(files: &mut VirtualFiles) {
    for (rel, text) in SYCL_HEADERS {
        files
            .0
            .insert(format!("{INCLUDE_DIR}/{rel}"), (*text).to_string());
    }
}

/// A [`VirtualFiles`] that holds only the embedded headers.
pub fn virtual_files() -> VirtualFiles {
    let mut files = VirtualFiles::default();
    add_to(&mut files);
    files
}

#[cfg(test)]
mod tests {
    use super::*;
    use compiler_core::IncludeProvider;

    #[test]
    fn headers_are_served_under_the_include_dir() {
        let files = virtual_files();
        let sycl = files
            .read("/syclone/include/sycl/sycl.hpp")
            .expect("sycl.hpp embedded");
        assert!(sycl.contains("namespace sycl"), "sycl.hpp looks wrong");
        assert!(files
            .read("/syclone/include/sycl/detail/kernel_desc.hpp")
            .is_some());
        assert!(files
            .read("/syclone/include/sycl/detail/runtime_abi.h")
            .is_some());
    }

    /// Every `#include <sycl/...>` inside the embedded headers must resolve to
    /// an embedded header, or the compiler fails inside wasm where the native
    /// build would succeed.
    #[test]
    fn embedded_headers_are_self_contained() {
        let files = virtual_files();
        for (name, text) in SYCL_HEADERS {
            for line in text.lines() {
                let line = line.trim_start();
                let Some(rest) = line.strip_prefix('#') else {
                    continue;
                };
                let Some(spelled) = rest.trim_start().strip_prefix("include") else {
                    continue;
                };
                let spelled = spelled
                    .trim()
                    .trim_matches(|c| matches!(c, '<' | '>' | '"'));
                if spelled.starts_with("sycl/") {
                    let path = format!("{INCLUDE_DIR}/{spelled}");
                    assert!(
                        files.read(&path).is_some(),
                        "{name} includes {spelled}, which is not embedded"
                    );
                }
            }
        }
    }

    /// The embedded list must follow the runtime's include tree: a header
    /// added there and not here would only fail in the browser.
    #[test]
    fn every_runtime_header_is_embedded() {
        let root =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../native-runtime/include");
        let mut stack = vec![root.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("runtime include dir") {
                let path = entry.expect("dir entry").path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let rel = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                let embedded = SYCL_HEADERS.iter().find(|(name, _)| *name == rel);
                let (_, text) =
                    embedded.unwrap_or_else(|| panic!("{rel} is not embedded in headers.rs"));
                assert_eq!(
                    *text,
                    std::fs::read_to_string(&path).unwrap(),
                    "{rel} differs"
                );
            }
        }
    }
}
