//! End-to-end compiler tests over whole SYCL programs: kernels are found
//! through the entry-point attribute, keyed as the host compiler names them
//! (checked against g++'s typeid names by hand), and lowered with the
//! arguments and access modes the runtime needs.

mod common;
use common::compile_sycl;
use compiler_core::bundle::{Access, PointerOrigin};

const PROGRAM_A: &str = include_str!("../../examples/vector_add.cpp");
const PROGRAM_B: &str = include_str!("../../examples/saxpy_usm.cpp");

#[test]
fn program_a_named_kernel_with_accessors() {
    let out = compile_sycl("vector_add.cpp", PROGRAM_A);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let b = out.bundle.expect("bundle");
    let k = &b.images[0].kernels[0];
    assert_eq!(k.key, "P9VectorAdd");
    // launch bounds (global and local range and offset, 9 x size_t) and the closure:
    // three accessors of 24 bytes (pointer, range, pitch), C first (first use).
    assert_eq!(k.arg_sizes, vec![72, 72]);
    let names: Vec<(&str, u32, Access, PointerOrigin)> = k
        .buffers
        .iter()
        .map(|b| (b.name.as_str(), b.offset, b.access, b.origin))
        .collect();
    assert_eq!(
        names,
        vec![
            ("C.m_data", 0, Access::Write, PointerOrigin::Accessor),
            ("A.m_data", 24, Access::Read, PointerOrigin::Accessor),
            ("B.m_data", 48, Access::Read, PointerOrigin::Accessor),
        ]
    );
    assert!(
        out.integration_header.contains("class VectorAdd;"),
        "{}",
        out.integration_header
    );
    assert!(out.integration_header.contains("kernel_object_size = 72"));
}

#[test]
fn program_b_unnamed_lambda_with_usm() {
    let out = compile_sycl("saxpy_usm.cpp", PROGRAM_B);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let b = out.bundle.expect("bundle");
    let k = &b.images[0].kernels[0];
    // g++ 12: typeid(<the lambda>*).name()
    assert_eq!(k.key, "PZ4mainEUlN4sycl2idILi1EEEE_");
    // Captures in first-use order as g++ lays them out: y, alpha, x; n is a constant, not captured.
    assert_eq!(k.arg_sizes, vec![72, 24]);
    let bufs: Vec<(&str, u32, Access)> = k
        .buffers
        .iter()
        .map(|b| (b.name.as_str(), b.offset, b.access))
        .collect();
    assert_eq!(
        bufs,
        vec![("y", 0, Access::ReadWrite), ("x", 16, Access::Read)]
    );
    // alpha: 4 bytes at closure offset 8.
    assert!(
        k.scalars
            .iter()
            .any(|s| s.arg == 1 && s.offset == 8 && s.size == 4),
        "{:?}",
        k.scalars
    );
}

/// The kernel keys of a program that must compile cleanly, in image order.
fn kernel_keys(name: &str, src: &str) -> Vec<String> {
    kernel_keys_with(
        name,
        src,
        compiler_core::front::sema::HostCompiler::Gcc { major: 12 },
    )
}

/// The kernel keys of `src` compiled to agree with host compiler `host`.
fn kernel_keys_with(
    name: &str,
    src: &str,
    host: compiler_core::front::sema::HostCompiler,
) -> Vec<String> {
    let out = common::compile_sycl_for(name, src, host);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let bundle = out.bundle.expect("bundle");
    bundle
        .images
        .iter()
        .flat_map(|i| &i.kernels)
        .map(|k| k.key.clone())
        .collect()
}

#[test]
fn nested_lambda_keys_match_gcc() {
    let src = r#"
#include <sycl/sycl.hpp>
namespace app { struct Scale; }
int main() {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(16, q);
  q.submit([&](sycl::handler& h) { h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] = 2 * int(i); }); });
  q.submit([&](sycl::handler& h) { h.parallel_for<app::Scale>(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] *= 3; }); });
  q.wait();
}
"#;
    let keys = kernel_keys("nested.cpp", src);
    // Checked against g++ 12's typeid(T*).name() for the same program.
    assert_eq!(
        keys,
        vec![
            "PZZ4mainENKUlRN4sycl7handlerEE_clES1_EUlNS_2idILi1EEEE_".to_string(),
            "PN3app5ScaleE".to_string()
        ]
    );
}

#[test]
fn function_template_keys_match_gcc() {
    let src = include_str!("../../tests/e2e/kernels_in_templates.cpp");
    let keys = kernel_keys("kernels_in_templates.cpp", src);
    // From g++ 12's typeid(T*).name(): template arguments, the declared
    // return type (`Da` for `auto`), parameters as declared (`T_`, `XT0_E`),
    // `St`/`Sa` abbreviations and template parameters as substitutions.
    for expected in [
        "PZZ5scaleIiEvRN4sycl5queueERSt6vectorIT_SaIS4_EES4_ENKUlRNS0_7handlerEE_clES9_EUlNS0_2idILi1EEEE_",
        "PZZN4algo8add_intoIidEEDaRN4sycl5queueERKSt6vectorIT_SaIS5_EERS4_IT0_SaISA_EEENKUlRNS1_7handlerEE_clESF_EUlNS1_2idILi1EEEE_",
        "PZZ9sum_firstILi6EiET0_RN4sycl5queueEPKS0_ENKUlRNS1_7handlerEE_clES7_EUlvE_",
        "PZZNK6Filler4fillIdEEvRN4sycl5queueERSt6vectorIT_SaIS5_EERKS5_ENKUlRNS1_7handlerEE_clESC_EUlNS1_2idILi1EEEE_",
        "PZZN11AccumulatorIfE5applyERN4sycl5queueERSt6vectorIfSaIfEEENKUlRNS1_7handlerEE_clES9_EUlNS1_2idILi1EEEE_",
        "PZZ10square_allIlLm3EEvRN4sycl5queueERSt5arrayIT_XT0_EEENKUlRNS0_7handlerEE_clES8_EUlNS0_2idILi1EEEE_",
        // A parameter naming a member of a template parameter, in its
        // dependent form (`T_::value_type *`, `const T_::scale_type &`).
        "PZ5halveI6HalvesEvT_PNS1_10value_typeERKNS1_10scale_typeERN4sycl5queueEEUlNS7_2idILi1EEEE_",
        // Named kernels with a `const` argument, written and deduced.
        "P7doubledIKfE",
        "P7doubledIfE",
        "P7tripledIKfE",
    ] {
        assert!(keys.iter().any(|k| k == expected), "{expected} not in {keys:#?}");
    }
    assert_eq!(keys.len(), 17, "one kernel per instantiation: {keys:#?}");
}

#[test]
fn lambda_template_keys_match_gcc() {
    let src = include_str!("../../tests/e2e/lambda_templates.cpp");
    let keys = kernel_keys("lambda_templates.cpp", src);
    // From g++ 12's typeid(T*).name(): the template arguments of the
    // instance (`Lb0Ei`), parameters as declared (`T0_` in the closure,
    // then its substitution `S_`), a dependent template-id (`itemIXT_E`).
    assert_eq!(
        keys,
        vec![
            "PZZ11fill_scaledRN4sycl5queueEPiiENKUlDpT0_E_clILi5EJiiEEEDaS4_EUlNS_2idILi1EEEE_",
            "PZZ4mainENKUlT0_E_clILb0EiEEDaS_EUlN4sycl2idILi1EEEE_",
            "PZZ4mainENKUlT0_E_clILb1EfEEDaS_EUlN4sycl2idILi1EEEE_",
            "PZ4mainEUlN4sycl2idILi1EEEE4_",
            "PZ4mainEUlN4sycl4itemIXT_ELb1EEEE5_",
        ]
    );
}

#[test]
fn lambda_template_parameters_are_declared_in_the_closure_name_where_the_host_does() {
    use compiler_core::front::sema::HostCompiler;
    // In an inline function clang numbers its lambdas (`Ul...E_`, not `$_N`).
    let src = r#"
#include <sycl/sycl.hpp>
inline void run(sycl::queue &q, int *p) {
  auto launch = [&]<bool B, typename T, int... Ns>(T s) {
    q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = B ? int(s) : 0; }).wait();
  };
  launch.template operator()<true>(2);
}
int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  run(q, p);
}
"#;
    let keys = |host| kernel_keys_with("t.cpp", src, host);
    // g++ 12: the parameter types only.
    assert_eq!(
        keys(HostCompiler::Gcc { major: 12 }),
        vec!["PZZ3runRN4sycl5queueEPiENKUlT0_E_clILb1EiJEEEDaS3_EUlNS_2idILi1EEEE_"]
    );
    // clang (14 checked) and g++ from 13 (13.3 checked): `Ty`, `Tn
    // <type>` and `Tp` declarations first (Itanium ABI issue 31).
    let declared = "PZZ3runRN4sycl5queueEPiENKUlTnbTyTpTniT0_E_clILb1EiJEEEDaS3_EUlNS_2idILi1EEEE_";
    let clang = HostCompiler::Clang {
        major: 14,
        tbaa: false,
    };
    assert_eq!(keys(clang), vec![declared]);
    assert_eq!(keys(HostCompiler::Gcc { major: 13 }), vec![declared]);
}

#[test]
fn lambda_parameter_pack_keys_match_the_host() {
    use compiler_core::front::sema::HostCompiler;
    let src = r#"
#include <sycl/sycl.hpp>
inline void fill_scaled(sycl::queue &q, int *d) {
  auto fill = [&]<int Scale, typename... Extra>(Extra... extra) {
    int more = (0 + ... + int(extra));
    q.parallel_for(sycl::range<1>(1), [=](sycl::id<1> i) { d[0] = Scale + more; });
  };
  fill.template operator()<5>(1, 2);
  auto g = [&](auto... xs) { q.parallel_for(sycl::range<1>(1), [=](sycl::id<1> i) { d[0] = (0 + ... + xs); }); };
  g(1, 2L);
  g();
  auto h = [&](int a, const auto&... xs) { q.parallel_for(sycl::range<1>(1), [=](sycl::id<1> i) { d[0] = (a + ... + xs); }); };
  h(1, 2L);
}
int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  fill_scaled(q, p);
}
"#;
    let keys = |host| {
        let mut k = kernel_keys_with("t.cpp", src, host);
        k.sort();
        k
    };
    // From g++ 12's and clang 14's typeid(T*).name() for the same program.
    let prefix = "PZZ11fill_scaledRN4sycl5queueEPiENKUl";
    let inner = "EUlNS_2idILi1EEEE_";
    let expect = |closures: [&str; 4]| {
        let mut k: Vec<String> = closures
            .iter()
            .map(|c| format!("{prefix}{c}{inner}"))
            .collect();
        k.sort();
        k
    };
    assert_eq!(
        keys(HostCompiler::Gcc { major: 12 }),
        expect([
            "DpT0_E_clILi5EJiiEEEDaS4_",
            "DpT_E0_clIJilEEEDaS4_",
            "DpT_E0_clIJEEEDaS4_",
            "iDpRKT_E1_clIJlEEEDaiS6_",
        ])
    );
    assert_eq!(
        keys(HostCompiler::Clang {
            major: 14,
            tbaa: false
        }),
        expect([
            "TniTpTyDpT0_E_clILi5EJiiEEEDaS4_",
            "DpT_E_clIJilEEEDaS4_",
            "DpT_E_clIJEEEDaS4_",
            "iDpRKT_E_clIJlEEEDaiS6_",
        ])
    );
}

#[test]
fn device_code_errors_are_reported_with_the_kernel() {
    let src = r#"
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(16, q);
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] = undefined_thing; });
}
"#;
    let out = compile_sycl("bad.cpp", src);
    assert!(out.has_errors());
    assert!(
        out.rendered_diagnostics
            .contains("use of undeclared identifier 'undefined_thing'"),
        "{}",
        out.rendered_diagnostics
    );
}

#[test]
fn host_only_code_is_tolerated() {
    // `std::cout << ...` and other host-only constructs outside kernels do not need the model headers to be complete.
    let src = r#"
#include <sycl/sycl.hpp>
#include <iostream>
int main() {
  sycl::queue q;
  std::cout << "hello" << some_host_function(3) << std::endl;
  float* x = sycl::malloc_shared<float>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { x[i] = 1.0f; }).wait();
}
"#;
    let out = compile_sycl("host.cpp", src);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
}

/// Closure sizes g++ 12 gives for these lambdas (measured with `sizeof`):
/// a constant is not captured at function scope or under a `[=]` parent, but
/// is captured by a `[=]` lambda nested in a `[&]` lambda.
#[test]
fn constant_captures_follow_gcc() {
    let src = r#"
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  const int factor = 3;
  int* p = sycl::malloc_shared<int>(16, q);
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] = factor; });
  q.submit([&](sycl::handler& h) { h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] = factor; }); });
  q.submit([=](sycl::handler& h) { h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] = factor; }); });
  q.submit([&](sycl::handler& h) { h.parallel_for(sycl::range<1>(16), [p](sycl::id<1> i) { p[i] = factor; }); });
}
"#;
    let out = compile_sycl("consts.cpp", src);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let sizes: Vec<u32> = out.bundle.expect("bundle").images[0]
        .kernels
        .iter()
        .map(|k| k.arg_sizes[1])
        .collect();
    assert_eq!(sizes, vec![8, 16, 8, 8]);
}

/// A `const int` of a template with a value-dependent initializer, used
/// first as an operand (`n / 2`): g++ 12 captures it after the lambda's
/// other captures, g++ 13 in order of use (closure bytes of probes built
/// with each: 24 and 32 bytes here).
#[test]
fn late_captures_follow_the_gcc_version() {
    use compiler_core::front::sema::HostCompiler;
    let src = r#"#include <sycl/sycl.hpp>
#include <vector>
template <typename T>
int sum_first(sycl::queue& q, std::vector<T>& v, T* data, int* out) {
  const int n = int(v.size());
  int a = 1000;
  q.single_task([=] {
     int k = n / 2;
     T s = 0;
     for (int i = 0; i < k; ++i) s += data[i];
     out[0] = a + int(s) + n;
   });
  return 0;
}
int main() {
  sycl::queue q;
  std::vector<int> v(6);
  return sum_first(q, v, (int*)nullptr, (int*)nullptr);
}
"#;
    let size_with = |host| {
        let out = common::compile_sycl_for("late.cpp", src, host);
        assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
        out.bundle.expect("bundle").images[0].kernels[0].arg_sizes[1]
    };
    assert_eq!(size_with(HostCompiler::Gcc { major: 12 }), 24);
    assert_eq!(size_with(HostCompiler::Gcc { major: 13 }), 32);
    assert_eq!(
        size_with(HostCompiler::Clang {
            major: 18,
            tbaa: false
        }),
        32
    );
}

/// A generic kernel lambda captures the enclosing constants the host
/// compiler captures: both where a dependent expression names them, only
/// g++ where a whole initializer, assignment or argument does (closure
/// sizes observed with g++ 12 and clang 14).
#[test]
fn generic_lambdas_capture_constants_as_the_host_does() {
    use compiler_core::front::sema::HostCompiler;
    let src = r#"#include <sycl/sycl.hpp>
void f(long long) {}
int main() {
  sycl::queue q;
  constexpr long long N = 16;
  char c = 1;
  q.parallel_for(sycl::range<1>(8), [=](auto i) { if (i < N) (void)c; });
  q.parallel_for(sycl::range<1>(8), [=](auto i) { long long z = N; (void)z; (void)c; });
  q.parallel_for(sycl::range<1>(8), [=](auto i) { f(N); (void)c; });
  q.parallel_for(sycl::range<1>(8), [=](auto i) { for (int k = 0; k < N; ++k) (void)c; });
  q.parallel_for(sycl::range<1>(8), [=](auto i) { long long z = N * 2 + i; (void)z; (void)c; });
  return 0;
}
"#;
    let sizes_with = |host| {
        let out = common::compile_sycl_for("generic_constants.cpp", src, host);
        assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
        let bundle = out.bundle.expect("bundle");
        bundle
            .images
            .iter()
            .flat_map(|i| &i.kernels)
            .map(|k| k.arg_sizes[1])
            .collect::<Vec<_>>()
    };
    assert_eq!(
        sizes_with(HostCompiler::Gcc { major: 12 }),
        [16, 16, 16, 1, 1]
    );
    assert_eq!(
        sizes_with(HostCompiler::Clang {
            major: 18,
            tbaa: false
        }),
        [16, 1, 1, 1, 16]
    );
}

/// Objects live in per-work-item memory only when something takes their
/// address: `this->m` in member functions (the `sycl::range` and `id`
/// helpers) does not, `arr.data()` on a local `std::array` does.
#[test]
fn only_addressed_objects_go_to_private_memory() {
    let src = r#"#include <sycl/sycl.hpp>
#include <array>
int main() {
  sycl::queue q;
  float *p = sycl::malloc_shared<float>(64, q);
  q.parallel_for(sycl::range<2>(8, 8), [=](sycl::item<2> it) {
    sycl::range<2> r = it.get_range();
    p[it.get_linear_id()] = float(r.size() + r[1]);
  }).wait();
  q.single_task([=] {
    std::array<float, 4> a{1, 2, 3, 4};
    const float *d = a.data();
    p[0] = d[3];
  }).wait();
  return 0;
}
"#;
    let out = compile_sycl("private.cpp", src);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let kernels: Vec<&str> = out.ir_text.split("kernel ").skip(1).collect();
    assert_eq!(kernels.len(), 2, "{}", out.ir_text);
    let private = |k: &str| {
        k.lines()
            .filter(|l| l.trim_end().ends_with(" private"))
            .count()
    };
    assert_eq!(private(kernels[0]), 0, "{}", kernels[0]);
    assert_eq!(private(kernels[1]), 1, "{}", kernels[1]);
}

/// Memory a `volatile T *` points into (warp-synchronous code from CUDA)
/// is a volatile binding: its loads and stores are SPIR-V `Volatile`
/// accesses; other memory is not.
#[test]
fn volatile_pointers_make_volatile_accesses() {
    let src = r#"#include <sycl/sycl.hpp>
void warp_step(volatile int *s, int i) { s[i] += s[i + 1]; }
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int> tile{64, h};
    h.parallel_for(sycl::nd_range<1>{64, 32}, [=](sycl::nd_item<1> it) {
      int l = it.get_local_id(0);
      tile[l] = l;
      sycl::group_barrier(it.get_group());
      if (l < 16) warp_step(&tile[0], l);
      out[it.get_global_id(0)] = tile[l];
    });
  });
  return 0;
}
"#;
    let out = compile_sycl("volatile.cpp", src);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let volatile: Vec<&str> = out
        .ir_text
        .lines()
        .filter(|l| l.contains(" binding ") && l.contains(" volatile"))
        .collect();
    assert_eq!(volatile.len(), 1, "{}", out.ir_text);
    assert!(volatile[0].contains("workgroup"), "{}", volatile[0]);
    let image = &out.bundle.expect("bundle").images[0];
    let module = rspirv::dr::load_words(&image.spirv).expect("SPIR-V");
    let volatile_accesses = module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()))
        .filter(|i| matches!(i.class.opcode, rspirv::spirv::Op::Load | rspirv::spirv::Op::Store))
        .filter(|i| {
            i.operands.iter().any(|o| {
                matches!(o, rspirv::dr::Operand::MemoryAccess(m) if m.contains(rspirv::spirv::MemoryAccess::VOLATILE))
            })
        })
        .count();
    // Two loads and a store in warp_step, the store to the tile and its
    // reload.
    assert!(
        volatile_accesses >= 3,
        "{volatile_accesses} volatile accesses"
    );
}

/// A statement that starts with a functional cast of a subscript could be
/// a declaration; g++ parses it as one first and captures what the array
/// bound names before the rest of the statement, clang in order of use
/// (closure bytes of probes built with g++ 12 and clang 14).
#[test]
fn tentative_declarations_capture_bounds_first_under_gcc() {
    use compiler_core::front::sema::HostCompiler;
    let src = r#"#include <sycl/sycl.hpp>
using ref = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>;
int main() {
  sycl::queue q;
  int *hist = sycl::malloc_shared<int>(8, q);
  int *data = sycl::malloc_shared<int>(8, q);
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { ref(hist[data[i]]).fetch_add(1); });
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { ref(*(hist + data[i])).fetch_add(1); });
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { int x = ref(hist[data[i]]).load(); (void)x; });
  q.parallel_for(sycl::range<1>(8), [=](auto i) { ref(hist[data[i]]).fetch_add(1); });
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { hist[i] = sizeof(data[0]); });
  q.parallel_for(sycl::range<1>(8), [=](auto i) { hist[i] = sizeof(data[0]); });
  return 0;
}
"#;
    let offsets_with = |host| {
        let out = common::compile_sycl_for("tentative.cpp", src, host);
        assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
        let bundle = out.bundle.expect("bundle");
        bundle
            .images
            .iter()
            .flat_map(|i| &i.kernels)
            .map(|k| {
                let at = |name: &str| k.buffers.iter().find(|b| b.name == name).map(|b| b.offset);
                (at("hist"), at("data"))
            })
            .collect::<Vec<_>>()
    };
    // Only the first statement is a would-be declaration (the second's
    // declarator `hist` has no bound, the third starts with `int`); the
    // generic lambda's is too; `sizeof` captures nothing.
    assert_eq!(
        offsets_with(HostCompiler::Gcc { major: 12 }),
        [
            (Some(8), Some(0)),
            (Some(0), Some(8)),
            (Some(0), Some(8)),
            (Some(8), Some(0)),
            (Some(0), None),
            (Some(0), None)
        ]
    );
    assert_eq!(
        offsets_with(HostCompiler::Clang {
            major: 18,
            tbaa: false
        }),
        [
            (Some(0), Some(8)),
            (Some(0), Some(8)),
            (Some(0), Some(8)),
            (Some(0), Some(8)),
            (Some(0), None),
            (Some(0), None)
        ]
    );
}

/// How many instructions of `op` the functions of a SPIR-V module hold.
fn count_ops(words: &[u32], op: rspirv::spirv::Op) -> usize {
    let module = rspirv::dr::load_words(words).expect("SPIR-V");
    module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()))
        .filter(|i| i.class.opcode == op)
        .count()
}

/// Fails unless naga reads the SPIR-V module.
fn assert_naga_reads(words: &[u32]) {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    naga::front::spv::parse_u8_slice(&bytes, &Default::default()).expect("naga reads the image");
}

/// A float add on global memory is compiled both ways: `OpAtomicFAddEXT`
/// on an `f32` view of the allocation under the runtime's specialization
/// constant, and the compare-exchange loop; the copy for devices without
/// float atomics has neither the instruction nor its capability. Adds in
/// work-group memory stay compare-exchange loops.
#[test]
fn float_atomic_adds_have_a_native_path() {
    use compiler_core::back::spirv::{float_atomic_add_widths, without_float_atomic_adds};
    let src = r#"#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  float *sum = sycl::malloc_shared<float>(1, q);
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<float, 1> part(1, h);
    h.parallel_for(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
      sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                       sycl::access::address_space::local_space>(part[0]) += 1.0f;
      sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device>(*sum) -= 0.5f;
    });
  });
  return 0;
}
"#;
    let out = compile_sycl("float_adds.cpp", src);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let image = &out.bundle.expect("bundle").images[0];
    assert!(image
        .properties
        .spec_constants
        .iter()
        .any(|s| s.symbol == compiler_core::bundle::FLOAT_ATOMIC_ADD_SPEC));
    assert_eq!(float_atomic_add_widths(&image.spirv), [32]);
    assert_eq!(count_ops(&image.spirv, rspirv::spirv::Op::AtomicFAddEXT), 1);
    // The compare-exchange loops of both adds remain.
    assert_eq!(
        count_ops(&image.spirv, rspirv::spirv::Op::AtomicCompareExchange),
        2
    );
    // A device with double adds only still loses the float ones.
    assert_eq!(without_float_atomic_adds(&image.spirv, &[64]), None);
    let portable = without_float_atomic_adds(&image.spirv, &[32]).expect("a float add to drop");
    assert!(float_atomic_add_widths(&portable).is_empty());
    assert_eq!(count_ops(&portable, rspirv::spirv::Op::AtomicFAddEXT), 0);
    let module = rspirv::dr::load_words(&portable).expect("SPIR-V");
    assert!(module.extensions.is_empty());
    assert_naga_reads(&portable);
}

/// A `char` or `short` store to global memory is compiled both ways: a
/// plain store through a byte (or 16-bit) view of the allocation under the
/// runtime's specialization constant, and atomic operations on its word;
/// the copy for devices without 8- or 16-bit storage has neither the views
/// nor their capabilities. Stores to work-group memory and to packed
/// memory's 16-bit scalars (which may start at an odd byte) within a word
/// keep the atomics only.
/// A byte or 16-bit element read back after the kernel stored it is the
/// stored value, not a load through the other view of the memory
/// (`passes/forward_narrow_stores.rs`, on the IR the lowering writes, its
/// indices copied into fresh locals: `passes/propagate.rs`).
#[test]
fn narrow_elements_read_back_after_a_store_are_the_stored_value() {
    let src = r#"#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  unsigned char *b = sycl::malloc_shared<unsigned char>(64, q);
  unsigned short *u = sycl::malloc_shared<unsigned short>(64, q);
  signed char *c = sycl::malloc_shared<signed char>(64, q);
  short *h = sycl::malloc_shared<short>(64, q);
  float *out = sycl::malloc_shared<float>(256, q);
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) {
    b[i] = 0.92f * b[i] + 3;
    out[i] = b[i];
    u[i] = u[i] * 3;
    out[64 + i] = u[i] + 1;
    c[i] = c[i] - 5;
    out[128 + i] = c[i];
    h[i] = h[i] * 3;
    out[192 + i] = h[i];
  });
  return 0;
}
"#;
    let out = compile_sycl("read_back.cpp", src);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let ir = &out.ir_text;
    // Each element is read from its word once: for the value it is
    // given, not after (unsigned: `word >> shift`; signed: `word << (k -
    // shift)`).
    for word_load in ["Shr(b0[", "Shr(b2[", "Shl(b3[", "Shl(b4["] {
        assert_eq!(ir.matches(word_load).count(), 1, "{word_load}\n{ir}");
    }
}

#[test]
fn narrow_stores_have_a_native_path() {
    use compiler_core::back::spirv::{narrow_storage_widths, without_narrow_storage};
    use rspirv::spirv::Op;
    let src = r#"#include <sycl/sycl.hpp>
#include <cstdint>
struct __attribute__((packed)) Packed { char tag; short value; };
int main() {
  sycl::queue q;
  uint8_t *bytes = sycl::malloc_shared<uint8_t>(64, q);
  short *shorts = sycl::malloc_shared<short>(64, q);
  Packed *packed = sycl::malloc_shared<Packed>(64, q);
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<char, 1> scratch(64, h);
    h.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) {
      size_t i = it.get_global_id(0);
      scratch[i] = char(i);
      bytes[i] = uint8_t(i * 3);
      shorts[i] = short(-int(i));
      packed[i].value = short(i);
    });
  });
  return 0;
}
"#;
    let out = compile_sycl("narrow_stores.cpp", src);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let image = &out.bundle.expect("bundle").images[0];
    let symbols: Vec<&str> = image
        .properties
        .spec_constants
        .iter()
        .map(|s| s.symbol.as_str())
        .collect();
    assert!(symbols.contains(&compiler_core::bundle::BYTE_STORE_SPEC));
    assert!(symbols.contains(&compiler_core::bundle::SHORT_STORE_SPEC));
    assert_eq!(narrow_storage_widths(&image.spirv), [8, 16]);
    let and_ops = count_ops(&image.spirv, Op::AtomicAnd);
    // A device with 16-bit storage only loses the byte views.
    let no_bytes = without_narrow_storage(&image.spirv, &[8])
        .expect("a valid image")
        .expect("byte views to drop");
    assert_eq!(narrow_storage_widths(&no_bytes), [16]);
    let portable = without_narrow_storage(&image.spirv, &[8, 16])
        .expect("a valid image")
        .expect("views to drop");
    assert!(narrow_storage_widths(&portable).is_empty());
    assert_eq!(count_ops(&portable, Op::AtomicAnd), and_ops);
    // The narrow stores: bytes[i], shorts[i], and the two bytes of a
    // packed short across a word boundary (within a word it goes through
    // words, as the work-group chars do).
    assert_eq!(
        count_ops(&image.spirv, Op::Store) - count_ops(&portable, Op::Store),
        4
    );
    let module = rspirv::dr::load_words(&portable).expect("SPIR-V");
    assert!(module.extensions.is_empty());
    assert!(!module.types_global_values.iter().any(|i| {
        i.class.opcode == Op::TypeInt
            && matches!(
                i.operands.first(),
                Some(rspirv::dr::Operand::LiteralBit32(8 | 16))
            )
    }));
    assert_eq!(without_narrow_storage(&portable, &[8, 16]), Ok(None));
    assert_naga_reads(&portable);
}

/// A constant bound to a reference (`id % N` calls `operator%(const T &)`,
/// `std::max(K, x)`) is captured: by g++ where it is named, by clang at the
/// end of the full-expression, after the statement's other captures
/// (closure bytes of probes built with g++ 12 and clang 14).
#[test]
fn constants_bound_to_references_are_laid_out_where_the_host_captures_them() {
    use compiler_core::front::sema::HostCompiler;
    let src = r#"#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  constexpr int N = 4;
  int *hist = sycl::malloc_shared<int>(8, q);
  int *data = sycl::malloc_shared<int>(8, q);
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { hist[i % N] = data[i]; });
  const int K = 2;
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { hist[i] = std::max(K, data[i]); });
  return 0;
}
"#;
    let offsets_with = |host| {
        let out = common::compile_sycl_for("reference_constants.cpp", src, host);
        assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
        let bundle = out.bundle.expect("bundle");
        bundle.images[0]
            .kernels
            .iter()
            .map(|k| {
                let at = |name: &str| k.buffers.iter().find(|b| b.name == name).map(|b| b.offset);
                (at("hist"), at("data"), k.arg_sizes[1])
            })
            .collect::<Vec<_>>()
    };
    // g++ lays a constant out where it is named (`K` before `data`), clang
    // after the statement's other captures.
    assert_eq!(
        offsets_with(HostCompiler::Gcc { major: 12 }),
        [(Some(0), Some(16), 24), (Some(0), Some(16), 24)]
    );
    assert_eq!(
        offsets_with(HostCompiler::Clang {
            major: 18,
            tbaa: false
        }),
        [(Some(0), Some(8), 24), (Some(0), Some(8), 24)]
    );
}

#[test]
fn member_typedefs_named_like_their_template_read_arguments_in_the_class() {
    use compiler_core::front::sema::HostCompiler;
    // CUB-style code (HeCBench blockScan): the typedef's name is the
    // template's, so the template is found outside the class, but
    // `THREADS` is the class's own constant. clang accepts it (g++ only
    // with -fpermissive). The static_asserts fail if `THREADS` is read
    // elsewhere (it was: "template argument is not a constant expression",
    // or a silent 0 that made the kernel skip its loop).
    let src = r#"#include <sycl/sycl.hpp>
template <typename T, int W> struct Layout { enum { SEG = W / 4 }; };
template <typename T, int X, int Y> struct Scan {
  enum { THREADS = X * Y };
  typedef Layout<T, THREADS> Layout;
  enum { SEG = Layout::SEG };
  static_assert(SEG == X * Y / 4, "Layout instantiated with THREADS");
};
int main() {
  sycl::queue q;
  int *d = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { d[0] = Scan<int, 4, 4>::SEG + Scan<int, 8, 2>::SEG; });
  return 0;
}
"#;
    let host = HostCompiler::Clang {
        major: 14,
        tbaa: false,
    };
    let out = common::compile_sycl_for("self_named_typedef.cpp", src, host);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
}

/// Ordinary host code around kernel launches type-checks in the device pass
/// (no "could not check host function" warning, nothing under
/// `-Wsycl-host-code`): contexts of a device, exceptions made from
/// `make_error_code` (qualified or found through `using namespace sycl`),
/// `std::atomic` compared, converted and assigned, `std::weak_ptr` of an
/// aliasing `shared_ptr`, and the SYCL 2020 host API the runtime declares
/// for both passes.
#[test]
fn host_code_around_launches_type_checks_in_the_device_pass() {
    let src = r#"
#include <sycl/sycl.hpp>
#include <atomic>
#include <memory>
#include <unordered_set>
#include <vector>
using namespace sycl;
class K;
int main() {
  queue q;
  context ctx{q.get_device()};
  queue q2{ctx, q.get_device()};
  context listed{std::vector<device>{q.get_device()}, [](exception_list) {}};
  bool same = q.get_context() == listed || q.get_info<info::queue::context>() != ctx;
  platform p = ctx.get_platform();
  auto devs = ctx.get_info<info::context::devices>();
  bool fp64 = p.has(aspect::fp64);
  device sd{aspect_selector<aspect::usm_shared_allocations>()};
  std::unordered_set<device> set{q.get_device()};
  sycl::exception e(sycl::make_error_code(sycl::errc::invalid), "msg");
  exception e2(make_error_code(errc::invalid), "msg");
  bool has = e.has_context() || e2.code() == errc::invalid;
  std::atomic<int> ran{0};
  std::atomic<bool> holding{true};
  int *x = malloc_shared<int>(2, q);
  event e0 = q.single_task<K>([=] { x[0] = 1; });
  event e1 = q.single_task(std::vector<event>{e0}, [=] { x[1] = 2; });
  auto waits = e1.get_wait_list();
  q.parallel_for(range<1>(4), e1, reduction(x, plus<int>()), [=](id<1>, auto &r) { r += 1; });
  q.submit([&](handler &h) { h.host_task([&](interop_handle ih) { ran++; holding = ih.get_backend() == backend::opencl; }); });
  while (holding) {
  }
  if (ran == 1 && !holding && same && fp64 && has && devs.size() == waits.size()) ran = 2;
  int data[4] = {};
  buffer<const int> cb{data, range<1>(4)};
  buffer<int> b{range<1>(4)};
  host_accessor ha{b, write_only, no_init};
  host_accessor hr{b, range<1>(2), id<1>(1), read_only};
  q.submit([&](handler &h) {
    accessor a{b, h};
    auto o = a.get_offset();
    h.single_task([=] { a[0] = static_cast<int>(o[0]); });
  });
  usm_allocator<int, usm::alloc::shared> al{q.get_context(), q.get_device()};
  bool kb = has_kernel_bundle<bundle_state::executable>(q.get_context());
  auto owner = std::make_shared<std::vector<int>>(3);
  std::shared_ptr<int> element(owner, owner->data());
  std::weak_ptr<int> watch(element);
  return watch.expired() || !kb || b == b;
}
"#;
    let opts = compiler_core::CompileOptions {
        main_file_name: "host_code.cpp".to_string(),
        include_dirs: vec![common::INCLUDE_DIR.to_string()],
        host_code_diagnostics: true,
        ..compiler_core::CompileOptions::default()
    };
    let out = compiler_core::compile(src, &opts, &common::sycl_headers());
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    assert!(
        !out.rendered_diagnostics.contains("warning"),
        "{}",
        out.rendered_diagnostics
    );
    let b = out.bundle.expect("bundle");
    assert!(b.images.iter().map(|i| i.kernels.len()).sum::<usize>() >= 4);
}

/// `std::max({1, 2.0})` (clang: no matching function, and a candidate note
/// on the model's `max(initializer_list<T>)` that names the conflict);
/// `std::max({1, 2})` compiles.
#[test]
fn braced_list_items_of_different_types_deduce_no_element_type() {
    let kernel = |items: &str| {
        format!(
            r#"
#include <sycl/sycl.hpp>
#include <algorithm>
int main() {{
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=] {{ out[0] = std::max({{{items}}}); }}).wait();
}}
"#
        )
    };
    let bad = compile_sycl("mixed_list.cpp", &kernel("1, 2.0"));
    assert!(bad.has_errors());
    for text in [
        "no matching function for call to 'std::max'",
        "deduced conflicting types for parameter '_T' ('int' vs. 'double')",
    ] {
        assert!(
            bad.rendered_diagnostics.contains(text),
            "{}",
            bad.rendered_diagnostics
        );
    }
    let good = compile_sycl("int_list.cpp", &kernel("1, 2"));
    assert!(!good.has_errors(), "{}", good.rendered_diagnostics);
}

/// The work-group scope of a hierarchical kernel: its locals of arithmetic
/// values are work-group memory, a pointer stays each work-item's, and an
/// object holding one whose constructor is the user's is a warning (it
/// would run per work-item).
#[test]
fn work_group_scope_locals_are_shared_where_they_can_be() {
    let src = r#"#include <sycl/sycl.hpp>
struct Holder { int *p; Holder(int *q) : p(q) { p[0] += 1; } };
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group(sycl::range<1>(4), sycl::range<1>(16), [=](sycl::group<1> g) {
      int tile[16];
      int *base = out + g.get_group_id(0) * 16;
      Holder once(out);
      sycl::private_memory<int> mine(g);
      g.parallel_for_work_item([&](sycl::h_item<1> it) {
        tile[it.get_local_id(0)] = 1;
        mine(it) = 2;
      });
      g.parallel_for_work_item([&](sycl::h_item<1> it) {
        base[it.get_local_id(0)] = tile[15 - it.get_local_id(0)] + mine(it);
      });
    });
  });
  return 0;
}
"#;
    let out = compile_sycl("work_group_scope.cpp", src);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let workgroup: Vec<&str> = out
        .ir_text
        .lines()
        .filter(|l| l.contains(" binding ") && l.contains("workgroup"))
        .collect();
    assert!(
        workgroup.iter().any(|l| l.contains("tile")),
        "{}",
        out.ir_text
    );
    for per_item in ["base", "mine", "once"] {
        assert!(
            !workgroup.iter().any(|l| l.contains(per_item)),
            "{per_item}: {}",
            out.ir_text
        );
    }
    assert!(
        out.rendered_diagnostics
            .contains("every work-item of the group constructs its own 'once'"),
        "{}",
        out.rendered_diagnostics
    );
    assert!(
        !out.rendered_diagnostics.contains("'mine'")
            && !out.rendered_diagnostics.contains("'base'"),
        "{}",
        out.rendered_diagnostics
    );
}

/// `#pragma pack` where g++ and clang lay classes out differently
/// (observed with g++ 12 and clang 14, `sizeof` of each): g++ packs the
/// closures of lambdas written under the pragma (a `char`, a `double` and a
/// pointer: 17 bytes under `pack(1)`, 24 for clang), reads a class's value
/// at its closing brace (clang at its start), and aligns an alias by GNU
/// attributes inside its type (clang ignores them).
#[test]
fn pragma_pack_follows_the_host_compiler() {
    use compiler_core::front::sema::HostCompiler;
    let src = |mid: usize, has_a8: usize| {
        format!(
            r#"#include <sycl/sycl.hpp>
struct Mid {{
  char c;
#pragma pack(1)
  double d;
}};
#pragma pack()
static_assert(sizeof(Mid) == {mid}, "Mid");
using A8 = int __attribute__((aligned(8)));
struct HasA8 {{ char c; A8 x; }};
static_assert(sizeof(HasA8) == {has_a8}, "HasA8");
#pragma pack(push, 1)
void run(sycl::queue &q, double *out, char k, double f) {{
  q.single_task([=] {{
    double v = k * f;
    out[0] = v;
  }});
}}
#pragma pack(pop)
int main() {{
  sycl::queue q;
  run(q, nullptr, 1, 2.0);
}}
"#
        )
    };
    let closure_size = |host, src: String| {
        let out = common::compile_sycl_for("pack.cpp", &src, host);
        assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
        out.bundle.expect("bundle").images[0].kernels[0].arg_sizes[1]
    };
    assert_eq!(
        closure_size(HostCompiler::Gcc { major: 12 }, src(9, 16)),
        17
    );
    let clang = HostCompiler::Clang {
        major: 18,
        tbaa: false,
    };
    assert_eq!(closure_size(clang, src(16, 8)), 24);
}

#[test]
fn keys_of_constrained_templates_spell_their_expressions_as_the_host_does() {
    use compiler_core::front::sema::HostCompiler;
    let src = r#"
#include <sycl/sycl.hpp>
#include <type_traits>
namespace ns { template <class T> struct tr { static constexpr bool value = true; }; }
template <class T> constexpr bool my_v = true;
template <typename T> std::enable_if_t<std::is_same<T, int>::value, int> a(sycl::queue &q, T x) { q.single_task([=] { (void)x; }); return 0; }
template <typename T> std::enable_if_t<ns::tr<T>::value> b(sycl::queue &q, T x) { q.single_task([=] { (void)x; }); }
template <typename T, typename U> std::enable_if_t<std::is_convertible_v<U, T>, T *> c(sycl::queue &q, T *x, U) { q.single_task([=] { (void)x; }); return x; }
template <typename T> std::enable_if_t<(-1 < (int)sizeof(T))> d(sycl::queue &q, T x) { q.single_task([=] { (void)x; }); }
template <typename T> std::enable_if_t<bool(std::is_integral<T>::value) && (alignof(T) >= 2)> e(sycl::queue &q, T x) { q.single_task([=] { (void)x; }); }
template <typename T> std::enable_if_t<!my_v<T>, int> f(sycl::queue &q, T x) { return 1; }
template <typename T> std::enable_if_t<my_v<T>, int> f(sycl::queue &q, T x) { q.single_task([=] { (void)x; }); return 0; }
template <int N> std::enable_if_t<N % 2 == 0> g(sycl::queue &q) { q.single_task([=] {}); }
template <typename T> auto h(sycl::queue &q, const T x) -> decltype(x * 2u) { q.single_task([=] { (void)x; }); return x; }
int main() {
  sycl::queue q;
  int i = 0;
  a(q, 1); b(q, 1); c(q, &i, 1); d(q, 1); e(q, 1); f(q, 1); g<2>(q); h(q, 1);
  q.wait();
}
"#;
    let keys = |host| {
        let mut k = kernel_keys_with("t.cpp", src, host);
        k.sort();
        k
    };
    // The host's typeid(T*).name() of each kernel (g++ 12.2, clang 14).
    assert_eq!(
        keys(HostCompiler::Gcc { major: 12 }),
        vec![
            "PZ1aIiENSt9enable_ifIXsrSt7is_sameIT_iE5valueEiE4typeERN4sycl5queueES2_EUlvE_",
            "PZ1bIiENSt9enable_ifIXsrN2ns2trIT_EE5valueEvE4typeERN4sycl5queueES3_EUlvE_",
            "PZ1cIiiENSt9enable_ifIX16is_convertible_vIT0_T_EEPS2_E4typeERN4sycl5queueES3_S1_EUlvE_",
            "PZ1dIiENSt9enable_ifIXltLin1EcvistT_EvE4typeERN4sycl5queueES1_EUlvE_",
            "PZ1eIiENSt9enable_ifIXaacvbsrSt11is_integralIT_E5valuegeatS2_Li2EEvE4typeERN4sycl5queueES2_EUlvE_",
            "PZ1fIiENSt9enable_ifIX4my_vIT_EEiE4typeERN4sycl5queueES1_EUlvE_",
            "PZ1gILi2EENSt9enable_ifIXeqrmT_Li2ELi0EEvE4typeERN4sycl5queueEEUlvE_",
            "PZ1hIiEDTmlfp0_Lj2EERN4sycl5queueET_EUlvE_",
        ]
    );
    assert_eq!(
        keys(HostCompiler::Clang {
            major: 14,
            tbaa: false
        }),
        vec![
            "PZ1aIiENSt9enable_ifIXsr3std7is_sameIT_iEE5valueEiE4typeERN4sycl5queueES1_EUlvE_",
            "PZ1bIiENSt9enable_ifIXsr2ns2trIT_EE5valueEvE4typeERN4sycl5queueES1_EUlvE_",
            "PZ1cIiiENSt9enable_ifIXsr3stdE16is_convertible_vIT0_T_EEPS2_E4typeERN4sycl5queueES3_S1_EUlvE_",
            "PZ1dIiENSt9enable_ifIXltngLi1EcvistT_EvE4typeERN4sycl5queueES1_EUlvE_",
            "PZ1eIiENSt9enable_ifIXaacvbsr3std11is_integralIT_EE5valuegeatS1_Li2EEvE4typeERN4sycl5queueES1_EUlvE_",
            "PZ1fIiENSt9enable_ifIX4my_vIT_EEiE4typeERN4sycl5queueES1_EUlvE_",
            "PZ1gILi2EENSt9enable_ifIXeqrmT_Li2ELi0EEvE4typeERN4sycl5queueEEUlvE_",
            "PZ1hIiEDTmlfpK0_Lj2EERN4sycl5queueET_EUlvE_",
        ]
    );
}

#[test]
fn sub_group_exchange_arrays_are_listed_for_the_runtime_to_size() {
    let src = r#"
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  long long *out = sycl::malloc_shared<long long>(64, q);
  q.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(16)]] {
    out[it.get_global_id(0)] = sycl::reduce_over_group(it.get_sub_group(), (long long)it.get_local_id(0), sycl::plus<long long>());
  });
  q.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) {
    out[it.get_global_id(0)] = sycl::reduce_over_group(it.get_sub_group(), 1, sycl::plus<int>());
  });
  q.wait();
}
"#;
    let out = common::compile_sycl_for(
        "t.cpp",
        src,
        compiler_core::front::sema::HostCompiler::Gcc { major: 12 },
    );
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
    let bundle = out.bundle.expect("bundle");
    let image = &bundle.images[0];
    let mut lists: Vec<usize> = image
        .kernels
        .iter()
        .map(|k| k.exchange_arrays.len())
        .collect();
    lists.sort();
    // A 64-bit value travels as two words; a kernel that requires no size
    // has no exchange.
    assert_eq!(lists, vec![0, 2]);
    // Each id is a `u32` constant of the largest work-group's length,
    // which the runtime rewrites.
    let module = rspirv::dr::load_words(&image.spirv).expect("module");
    for k in &image.kernels {
        for &id in &k.exchange_arrays {
            let constant = module
                .types_global_values
                .iter()
                .find(|i| i.result_id == Some(id))
                .expect("the length constant");
            assert_eq!(constant.class.opcode, rspirv::spirv::Op::Constant);
            assert_eq!(
                constant.operands,
                vec![rspirv::dr::Operand::LiteralBit32(1024)]
            );
        }
    }
}

#[test]
fn keys_of_constrained_templates_name_constants_and_class_templates_as_the_host_does() {
    use compiler_core::front::sema::HostCompiler;
    let src = r#"
#include <sycl/sycl.hpp>
#include <type_traits>
constexpr bool flag = true;
enum class Mode { a = 1, b = 2 };
template <int A, bool B> struct pick { static constexpr bool value = B; };
template <typename T> std::enable_if_t<flag && std::is_integral_v<T>> m(sycl::queue &q, T x) { q.single_task([=] { (void)x; }); }
template <typename T> std::enable_if_t<pick<sizeof(T), true>::value> n(sycl::queue &q, T x) { q.single_task([=] { (void)x; }); }
template <typename T, Mode M> std::enable_if_t<M == Mode::b && sizeof(T) == 4> o(sycl::queue &q, T x) { q.single_task([=] { (void)x; }); }
int main() { sycl::queue q; m(q, 1); n(q, 1); o<int, Mode::b>(q, 1); q.wait(); }
"#;
    let keys = |host| {
        let mut k = kernel_keys_with("t.cpp", src, host);
        k.sort();
        k
    };
    // The host's typeid(T*).name() of each kernel (g++ 12.2, clang 14): a
    // variable by its mangled name, an enumerator by its value, and a
    // class template-id of the global namespace once in the substitutions.
    assert_eq!(
        keys(HostCompiler::Gcc { major: 12 }),
        vec![
            "PZ1mIiENSt9enable_ifIXaaL_ZL4flagE13is_integral_vIT_EEvE4typeERN4sycl5queueES1_EUlvE_",
            "PZ1nIiENSt9enable_ifIXsr4pickIXstT_ELb1EE5valueEvE4typeERN4sycl5queueES2_EUlvE_",
            "PZ1oIiL4Mode2EENSt9enable_ifIXaaeqT0_LS0_2EeqstT_Li4EEvE4typeERN4sycl5queueES2_EUlvE_",
        ]
    );
    assert_eq!(
        keys(HostCompiler::Clang {
            major: 14,
            tbaa: false
        }),
        vec![
            "PZ1mIiENSt9enable_ifIXaaL_ZL4flagEsr3stdE13is_integral_vIT_EEvE4typeERN4sycl5queueES1_EUlvE_",
            "PZ1nIiENSt9enable_ifIXsr4pickIXstT_ELb1EEE5valueEvE4typeERN4sycl5queueES1_EUlvE_",
            "PZ1oIiL4Mode2EENSt9enable_ifIXaaeqT0_LS0_2EeqstT_Li4EEvE4typeERN4sycl5queueES2_EUlvE_",
        ]
    );
}
