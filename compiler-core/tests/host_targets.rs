//! The host target's data model: compiled for a wasm32-wasi host (the
//! browser playground's), `long`, `size_t` and pointers take 4 bytes in
//! both passes, so closures are laid out as clang lays them out there.

mod common;
use compiler_core::target::HostTarget;
use compiler_core::{compile, CompileOptions};

const PROBE: &str = include_str!("host_targets/wasm32_layouts.cpp");

fn compile_for(host: HostTarget) -> compiler_core::CompileOutput {
    compile_source_for(PROBE, host)
}

fn compile_source_for(source: &str, host: HostTarget) -> compiler_core::CompileOutput {
    let opts = CompileOptions {
        main_file_name: "wasm32_layouts.cpp".into(),
        include_dirs: vec![common::INCLUDE_DIR.to_string()],
        host_compiler: compiler_core::front::sema::HostCompiler::Clang {
            major: 21,
            tbaa: false,
        },
        host_target: host,
        ..CompileOptions::default()
    };
    compile(source, &opts, &common::sycl_headers())
}

/// The keys of the kernels `source` defines, compiled for a wasm32 host, sorted.
fn wasm32_kernel_keys(source: &str) -> Vec<String> {
    let out = compile_source_for(source, HostTarget::Wasm32Wasi);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let mut keys: Vec<String> = out.bundle.expect("bundle").images[0]
        .kernels
        .iter()
        .map(|k| k.key.clone())
        .collect();
    keys.sort();
    keys
}

#[test]
fn a_free_function_kernel_takes_launch_bounds_of_the_hosts_size_t() {
    let source = r#"#include <sycl/sycl.hpp>
namespace syclexp = sycl::ext::oneapi::experimental;
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void add_offset(int *data, int offset) {
  data[sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0)] += offset;
}
"#;
    for (host, bounds) in [(HostTarget::Wasm32Wasi, 36), (HostTarget::X86_64Linux, 72)] {
        let out = compile_source_for(source, host);
        assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
        let bundle = out.bundle.expect("bundle");
        let pointer = if bounds == 36 { 4 } else { 8 };
        assert_eq!(
            bundle.images[0].kernels[0].arg_sizes,
            vec![bounds, pointer, 4],
            "{host:?}"
        );
    }
}

#[test]
fn a_wasm32_host_lays_out_types_and_closures_as_clang_does_there() {
    let out = compile_for(HostTarget::Wasm32Wasi);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let bundle = out.bundle.expect("bundle");
    let kernel = &bundle.images[0].kernels[0];
    // The closure (pointer, long, size_t) after the launch bounds (nine size_t).
    assert_eq!(kernel.arg_sizes, vec![36, 12]);
    // The launch bounds' nine 4-byte words, then `scale` and `n` at 4 and 8.
    let scalars = |arg| -> Vec<(u32, u32)> {
        let mut v: Vec<_> = kernel
            .scalars
            .iter()
            .filter(|s| s.arg == arg)
            .map(|s| (s.offset, s.size))
            .collect();
        v.sort();
        v
    };
    assert_eq!(scalars(0), (0..9).map(|i| (4 * i, 4)).collect::<Vec<_>>());
    assert_eq!(scalars(1), vec![(4, 4), (8, 4)]);
    assert_eq!((kernel.buffers[0].arg, kernel.buffers[0].offset), (1, 0));
    assert!(
        out.integration_header.contains("argument sizes [36, 12]"),
        "{}",
        out.integration_header
    );
}

#[test]
fn the_same_probe_fails_for_an_x86_64_host() {
    let out = compile_for(HostTarget::X86_64Linux);
    assert!(out.has_errors());
    for what in ["\"long\"", "\"pointers\"", "\"int64_t\""] {
        assert!(
            out.rendered_diagnostics.contains(what),
            "{what}: {}",
            out.rendered_diagnostics
        );
    }
}

#[test]
fn the_host_target_ends_with_its_compilation() {
    let _ = compile_for(HostTarget::Wasm32Wasi);
    assert_eq!(HostTarget::current(), HostTarget::X86_64Linux);
}

#[test]
fn clang_21_names_the_lambdas_of_each_non_inline_function_from_0() {
    // Checked against clang 21.1 for wasm32-wasi (`typeid` names in its
    // IR): `$_N` counts per function, and `main(int, char **)` is mangled
    // as any function there.
    let source = r#"#include <sycl/sycl.hpp>
void helper(sycl::queue &q, int *p) { q.single_task([=] { p[0] = 1; }); }
int main(int argc, char **argv) {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  helper(q, p);
  q.single_task([=] { p[1] = argc; });
}
"#;
    let keys = wasm32_kernel_keys(source);
    assert_eq!(keys, ["PZ4mainiPPcE3$_0", "PZ6helperRN4sycl5queueEPiE3$_0"]);
}

#[test]
fn standard_types_in_kernel_names_carry_libcxxs_inline_namespace() {
    // The wasm32 host's library is libc++ with ABI version 2: checked
    // against clang 21.1 for wasm32-wasip1 (`typeid` names in its IR).
    let source = r#"#include <sycl/sycl.hpp>
#include <array>
#include <complex>
#include <functional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>
template <typename T> struct K;
template <typename T, typename U> struct K2;
namespace ns { struct Q {}; }
void third(sycl::queue &q, std::vector<double> &v) { q.single_task([=] {}); }
int main() {
  sycl::queue q;
  q.single_task<K<std::vector<int>>>([] {});
  q.single_task<K<std::array<float, 4>>>([] {});
  q.single_task<K<std::pair<int, float>>>([] {});
  q.single_task<K<std::plus<int>>>([] {});
  q.single_task<K<std::plus<>>>([] {});
  q.single_task<K2<std::vector<int>, std::vector<float>>>([] {});
  q.single_task<K<std::string>>([] {});
  q.single_task<K2<std::string, std::vector<char>>>([] {});
  q.single_task<K<std::complex<float>>>([] {});
  q.single_task<K<std::tuple<int, ns::Q>>>([] {});
  q.single_task<K<std::initializer_list<int>>>([] {});
  q.single_task<K<std::vector<std::pair<int, int>>>>([] {});
  std::vector<double> v;
  third(q, v);
}
"#;
    let keys = wasm32_kernel_keys(source);
    let mut expected = [
        "P1KINSt3__26vectorIiNS0_9allocatorIiEEEEE",
        "P1KINSt3__25arrayIfLm4EEEE",
        "P1KINSt3__24pairIifEEE",
        "P1KINSt3__24plusIiEEE",
        "P1KINSt3__24plusIvEEE",
        "P2K2INSt3__26vectorIiNS0_9allocatorIiEEEENS1_IfNS2_IfEEEEE",
        "P1KINSt3__212basic_stringIcNS0_11char_traitsIcEENS0_9allocatorIcEEEEE",
        "P2K2INSt3__212basic_stringIcNS0_11char_traitsIcEENS0_9allocatorIcEEEENS0_6vectorIcS5_EEE",
        "P1KINSt3__27complexIfEEE",
        "P1KINSt3__25tupleIJiN2ns1QEEEEE",
        "P1KISt16initializer_listIiEE",
        "P1KINSt3__26vectorINS0_4pairIiiEENS0_9allocatorIS3_EEEEE",
        "PZ5thirdRN4sycl5queueERNSt3__26vectorIdNS2_9allocatorIdEEEEE3$_0",
    ];
    expected.sort();
    assert_eq!(keys, expected);
}

#[test]
fn libcxx_type_trait_aliases_are_its_builtins_in_kernel_names() {
    // `sycl::buffer`'s default allocator is `buffer_allocator<
    // std::remove_const_t<T>>`, which libc++ defines as clang's
    // `__remove_const(T)`: the key clang 21 gives this kernel for wasm32.
    let source = r#"#include <sycl/sycl.hpp>
template <typename T>
void scale(sycl::queue &q, sycl::buffer<T, 1> &buf, T factor) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{buf, h, sycl::read_write};
    h.parallel_for(buf.get_range(), [=](sycl::id<1> i) { a[i] *= factor; });
  });
}
int main() {
  sycl::queue q;
  sycl::buffer<int, 1> b{sycl::range<1>(4)};
  scale(q, b, 3);
}
"#;
    let keys = wasm32_kernel_keys(source);
    assert_eq!(
        keys,
        ["PZZ5scaleIiEvRN4sycl5queueERNS0_6bufferIT_Li1ENS0_16buffer_allocatorIu14__remove_constIS4_EEEEES4_ENKUlRNS0_7handlerEE_clESB_EUlNS0_2idILi1EEEE_"]
    );
}

#[test]
fn clang_18_and_later_give_placeholder_parameters_their_type() {
    // A non-type template argument whose parameter is declared `auto *`
    // carries the declared type (`TnPDa`, a substitution candidate: `S2_`
    // is then plus_one's `T_`): the key clang 21 gives this kernel.
    let source = r#"#include <sycl/sycl.hpp>
float twice(float x) { return 2 * x; }
template <typename T> T plus_one(T x) { return x + T(1); }
template <float (*Op)(float), auto *Then>
void transform(sycl::queue &q, float *p, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = Then(Op(p[i])); }).wait();
}
int main() {
  sycl::queue q;
  float *p = sycl::malloc_shared<float>(4, q);
  transform<twice, plus_one<float>>(q, p, 4);
}
"#;
    assert_eq!(
        wasm32_kernel_keys(source),
        ["PZ9transformIXadL_Z5twicefEETnPDaXadL_Z8plus_oneIfET_S2_EEEvRN4sycl5queueEPfmEUlNS3_2idILi1EEEE_"]
    );
}

#[test]
fn written_out_trait_members_stay_unresolved_names_in_kernel_names() {
    // In a function template's signature, `typename std::remove_const<T>::type`
    // is the dependent name as written (`NSt3__212remove_constIT_E4typeE`),
    // `std::remove_cv_t<T>` libc++'s builtin: the key clang 21 gives this kernel.
    let source = r#"#include <sycl/sycl.hpp>
#include <type_traits>
template <typename T>
void add_to(sycl::queue &q, typename std::remove_const<T>::type *dst, std::remove_cv_t<T> value, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { dst[i] += value; }).wait();
}
int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  add_to<const int>(q, p, 2, 4);
}
"#;
    assert_eq!(
        wasm32_kernel_keys(source),
        ["PZ6add_toIKiEvRN4sycl5queueEPNSt3__212remove_constIT_E4typeEu11__remove_cvIS6_EmEUlNS1_2idILi1EEEE_"]
    );
}

#[test]
fn a_libcxx_hosts_tuples_hold_their_elements_in_order() {
    // libc++ (the wasm32 host's library) derives a tuple from one holder
    // per element, in order, where libstdc++ stores the last element first:
    // offsets printed by clang 21 for wasm32-wasip1 with libc++.
    let source = r#"#include <sycl/sycl.hpp>
#include <tuple>
struct Empty {};
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  std::tuple<short, char, int> a{1, 2, 3};
  std::tuple<char, long long, short, char> g{4, 5, 6, 7};
  std::tuple<Empty, Empty, int> d{Empty{}, Empty{}, 8};
  q.single_task([a, out] { out[0] = std::get<0>(a) + std::get<1>(a) + std::get<2>(a); });
  q.single_task([g, out] { out[1] = std::get<0>(g) + int(std::get<1>(g)) + std::get<2>(g) + std::get<3>(g); });
  q.single_task([d, out] { out[2] = std::get<2>(d); });
  static_assert(sizeof(a) == 8 && sizeof(g) == 24 && sizeof(d) == 4, "libc++ sizes");
}
"#;
    let out = compile_source_for(source, HostTarget::Wasm32Wasi);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let bundle = out.bundle.expect("bundle");
    let offsets: Vec<Vec<(u32, u32)>> = bundle.images[0]
        .kernels
        .iter()
        .map(|k| {
            let mut o: Vec<(u32, u32)> = k
                .scalars
                .iter()
                .filter(|s| s.arg == 1)
                .map(|s| (s.offset, s.size))
                .collect();
            o.sort();
            o
        })
        .collect();
    assert_eq!(
        offsets,
        [
            vec![(0, 2), (2, 1), (4, 4)],
            vec![(0, 1), (8, 8), (16, 2), (18, 1)],
            vec![(0, 4)],
        ]
    );
}

#[test]
fn tuple_programs_compile_for_a_libcxx_host() {
    // libc++'s layout builds each tuple through pack expansions in
    // mem-initializers (`__tuple_head<I, Ts>(std::forward<Us>(us))...`).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/e2e");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/e2e") {
        let path = entry.expect("entry").path();
        let src = std::fs::read_to_string(&path).expect("program");
        if path.extension().is_none_or(|e| e != "cpp") || !src.contains("tuple") {
            continue;
        }
        let opts = CompileOptions {
            main_file_name: path.file_name().unwrap().to_string_lossy().into(),
            include_dirs: vec![common::INCLUDE_DIR.to_string()],
            host_compiler: compiler_core::front::sema::HostCompiler::Clang {
                major: 21,
                tbaa: false,
            },
            host_target: HostTarget::Wasm32Wasi,
            lang: common::language_of(&src),
            ..CompileOptions::default()
        };
        let out = compile(&src, &opts, &common::sycl_headers());
        assert!(
            !out.has_errors(),
            "{}: {}",
            path.display(),
            out.rendered_diagnostics
        );
        checked += 1;
    }
    assert!(checked >= 8, "{checked} tuple programs");
}
