//! Layout probes: the host compiler is the oracle. A probe program prints
//! `sizeof`/`alignof` of types whose layout the kernel ABI depends on
//! (scalars of the x86-64 ABI, padding, nested aggregates, arrays, empty
//! and non-empty bases, `alignas`, class templates, closures); the same
//! types are then checked by syclcc's device pass with `static_assert`s
//! holding the host compiler's figures. Skips (passes) when no host C++
//! compiler is installed.

use std::path::Path;
use std::process::Command;

/// Type definitions shared by both compilations, and the expressions probed.
const TYPES: &str = r#"
#include <cstddef>
#include <cstdint>
struct CharInt { char c; int i; };
struct IntChar { int i; char c; };
struct Mixed { bool b; double d; short s; char c; float f; };
struct Nested { char c; Mixed m; char tail; };
struct Arrays { char name[5]; int values[3]; double d; };
struct Empty {};
struct FromEmpty : Empty { int x; };
struct Base { int a; char b; };
struct Derived : Base { char c; };
struct alignas(16) Aligned { float x; };
struct HoldsAligned { char c; Aligned a; };
struct LongDouble { char c; long double ld; };
struct Wide { std::int64_t a; std::int8_t b; std::uint16_t c; };
template <typename T, int N> struct Vec { T data[N]; };
struct Pointers { char c; int *p; const float *q; };
enum class Small : std::uint8_t { A, B };
struct WithEnum { Small s; int i; Small t; };
"#;

const PROBES: &[&str] = &[
    "bool",
    "char",
    "short",
    "int",
    "long",
    "long long",
    "float",
    "double",
    "long double",
    "std::size_t",
    "std::ptrdiff_t",
    "void *",
    "CharInt",
    "IntChar",
    "Mixed",
    "Nested",
    "Arrays",
    "Empty",
    "FromEmpty",
    "Base",
    "Derived",
    "Aligned",
    "HoldsAligned",
    "LongDouble",
    "Wide",
    "Vec<char, 3>",
    "Vec<double, 2>",
    "Vec<Base, 2>",
    "Pointers",
    "Small",
    "WithEnum",
];

fn host_cxx() -> Option<String> {
    let cxx = std::env::var("SYCLCC_HOST_CXX").unwrap_or_else(|_| "c++".into());
    Command::new(&cxx).arg("--version").output().ok()?;
    Some(cxx)
}

/// `syclcc -fsyntax-only` of `src` (written to `cpp`) with host compiler
/// `cxx`: the integration header's static_asserts hold, or the diagnostics.
fn syntax_check(cxx: &str, cpp: &Path, src: &str) -> Result<(), String> {
    std::fs::write(cpp, src).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_syclcc"))
        .arg("-fsyntax-only")
        .arg(format!("--host-cxx={cxx}"))
        .arg(cpp)
        .output()
        .unwrap();
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// What program `src`, built by host compiler `cxx` in `dir` under `name`,
/// prints.
fn run_probe(cxx: &str, dir: &Path, name: &str, src: &str) -> String {
    let cpp = dir.join(format!("{name}.cpp"));
    let exe = dir.join(name);
    std::fs::write(&cpp, src).unwrap();
    let status = Command::new(cxx)
        .args(["-std=c++17", "-w", "-o"])
        .arg(&exe)
        .arg(&cpp)
        .status()
        .unwrap();
    assert!(status.success(), "{cxx} rejected the {name} program");
    let out = Command::new(&exe).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// `(size, align)` of every probe, as the host compiler lays them out.
fn host_layouts(cxx: &str, dir: &Path) -> Vec<(u64, u64)> {
    let mut src = String::from(TYPES);
    src.push_str("#include <cstdio>\nint main() {\n");
    for p in PROBES {
        src.push_str(&format!(
            "  std::printf(\"%zu %zu\\n\", sizeof({p}), alignof({p}));\n"
        ));
    }
    // A closure capturing a mix, as a kernel would.
    src.push_str(
        "  char c = 1; double d = 2; int i = 3; Base b{};\n  auto k = [=] { return c + d + i + b.a; };\n  std::printf(\"%zu %zu\\n\", sizeof(k), alignof(decltype(k)));\n}\n",
    );
    run_probe(cxx, dir, "probe", &src)
        .lines()
        .map(|l| {
            let mut it = l.split(' ').map(|x| x.parse::<u64>().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        })
        .collect()
}

#[test]
fn device_pass_layouts_match_the_host_compiler() {
    let Some(cxx) = host_cxx() else {
        eprintln!("no host C++ compiler: layout probes skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("syclone-layout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let layouts = host_layouts(&cxx, &dir);
    assert_eq!(layouts.len(), PROBES.len() + 1);

    let mut src = String::from("#include <sycl/sycl.hpp>\n");
    src.push_str(TYPES);
    for (p, (size, align)) in PROBES.iter().zip(&layouts) {
        src.push_str(&format!(
            "static_assert(sizeof({p}) == {size}, \"sizeof({p})\");\nstatic_assert(alignof({p}) == {align}, \"alignof({p})\");\n"
        ));
    }
    // The closure's layout reaches the host through the integration header,
    // whose static_assert compares it with the host compiler's.
    let (csize, _) = layouts[PROBES.len()];
    src.push_str(&format!(
        "int main() {{\n  sycl::queue q;\n  char c = 1; double d = 2; int i = 3; Base b{{}};\n  double *out = sycl::malloc_shared<double>(1, q);\n  q.single_task([=] {{ out[0] = c + d + i + b.a; }}).wait();\n  static_assert({csize} > 0, \"probe\");\n}}\n"
    ));
    if let Err(stderr) = syntax_check(&cxx, &dir.join("check.cpp"), &src) {
        panic!("device pass layouts differ from {cxx}'s:\n{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Itanium placement beyond the next aligned offset: members of a derived
/// class in the tail padding of a base that is not POD for the purpose of
/// layout (the host compilers disagree on `= default` members), empty bases
/// and `[[no_unique_address]]` members moved where a subobject of their type
/// already is, and libstdc++'s `std::tuple`, whose elements of empty classes
/// take no bytes.
const PLACEMENT_TYPES: &str = r#"
#include <cstddef>
#include <tuple>
struct E {};
struct E2 {};
struct DE : E {};
struct NP { int i; char c; NP() {} };
#define DERIVED(B, ...) struct B __VA_ARGS__; struct D_##B : B { char d; };
DERIVED(Pod, { int i; char c; })
DERIVED(UserCtor, { int i; char c; UserCtor() {} })
DERIVED(Private, { int get() const { return i; } private: int i; char c; })
DERIVED(Protected, { protected: int i; char c; })
DERIVED(Initialized, { int i = 1; char c; })
DERIVED(UserDtor, { int i; char c; ~UserDtor() {} })
DERIVED(DefaultedCtor, { int i; char c; DefaultedCtor() = default; })
DERIVED(DeletedCtor, { int i; char c; DeletedCtor() = delete; })
DERIVED(DefaultedDtor, { int i; char c; ~DefaultedDtor() = default; })
DERIVED(CopyAssign, { int i; char c; CopyAssign &operator=(const CopyAssign &) { return *this; } })
DERIVED(TemplateCtor, { int i; char c; template <class U> TemplateCtor(U) {} })
DERIVED(WithBase, : E { int i; char c; })
DERIVED(NonPodMember, { NP n[1]; char c; })
DERIVED(Reference, { int &r; char c; })
DERIVED(StaticPrivate, { int i; char c; private: static int s; })
struct Twice : D_UserCtor { char e; };
struct TwoEmpty : E, E2 { int x; };
struct EmptyMember : E { E e; int x; };
struct EmptyTwice : DE, E { int x; };
struct EmptyAfterEmpty : E { DE m; };
struct Three : DE { E e; char c; };
struct alignas(8) AlignedEmpty {};
struct FromAlignedEmpty : AlignedEmpty { char c; };
struct EmptyInTail : DE, E { char c; };
struct AfterEmptyInTail : EmptyInTail { char d; };
struct Unique { [[no_unique_address]] E e; int i; };
struct UniqueBeside : E { [[no_unique_address]] E e; int i; };
using T_EI = std::tuple<E, int>;
using T_IE = std::tuple<int, E>;
using T_EEI = std::tuple<E, E, int>;
using T_EE2I = std::tuple<E, E2, int>;
using T_EE = std::tuple<E, E>;
using T_CEI = std::tuple<char, E, int>;
using T_CCI = std::tuple<char, char, int>;
using T_SCIC = std::tuple<short, char, int, char>;
using T_CNP = std::tuple<char, NP>;
using T_Nested = std::tuple<int, std::tuple<int, int>>;
using T_NestedE = std::tuple<E, std::tuple<E, int>>;
struct HoldsTuple { std::tuple<E, int> t; char c; };
inline auto make_closure() { int i = 1; char c = 2; return [=] { return i + c; }; }
using Closure = decltype(make_closure());
struct AfterClosure : Closure { char d; AfterClosure() : Closure(make_closure()), d(0) {} };
"#;

/// Expressions of `PLACEMENT_TYPES` the host compiler evaluates.
const PLACEMENT_PROBES: &[&str] = &[
    "sizeof(D_Pod)",
    "offsetof(D_Pod, d)",
    "offsetof(D_UserCtor, d)",
    "offsetof(D_Private, d)",
    "offsetof(D_Protected, d)",
    "offsetof(D_Initialized, d)",
    "offsetof(D_UserDtor, d)",
    "offsetof(D_DefaultedCtor, d)",
    "sizeof(D_DefaultedCtor)",
    "offsetof(D_DeletedCtor, d)",
    "offsetof(D_DefaultedDtor, d)",
    "offsetof(D_CopyAssign, d)",
    "offsetof(D_TemplateCtor, d)",
    "offsetof(D_WithBase, d)",
    "offsetof(D_NonPodMember, d)",
    "offsetof(D_Reference, d)",
    "sizeof(D_Reference)",
    "offsetof(D_StaticPrivate, d)",
    "sizeof(Twice)",
    "offsetof(Twice, e)",
    "sizeof(TwoEmpty)",
    "sizeof(EmptyMember)",
    "offsetof(EmptyMember, x)",
    "sizeof(EmptyTwice)",
    "offsetof(EmptyTwice, x)",
    "sizeof(EmptyAfterEmpty)",
    "sizeof(Three)",
    "offsetof(Three, c)",
    "sizeof(FromAlignedEmpty)",
    "alignof(FromAlignedEmpty)",
    "sizeof(EmptyInTail)",
    "sizeof(AfterEmptyInTail)",
    "offsetof(AfterEmptyInTail, d)",
    "sizeof(Unique)",
    "offsetof(Unique, i)",
    "sizeof(UniqueBeside)",
    "sizeof(T_EI)",
    "sizeof(T_IE)",
    "sizeof(T_EEI)",
    "sizeof(T_EE2I)",
    "sizeof(T_EE)",
    "sizeof(T_CEI)",
    "sizeof(T_CCI)",
    "sizeof(T_SCIC)",
    "sizeof(T_CNP)",
    "sizeof(T_Nested)",
    "sizeof(T_NestedE)",
    "sizeof(HoldsTuple)",
    "offsetof(HoldsTuple, c)",
    "sizeof(Closure)",
    "sizeof(AfterClosure)",
];

/// The value of each of `PLACEMENT_PROBES` as host compiler `cxx` has it.
fn host_placements(cxx: &str, dir: &Path) -> Vec<u64> {
    let mut src = String::from(PLACEMENT_TYPES);
    src.push_str("#include <cstdio>\nint main() {\n");
    for p in PLACEMENT_PROBES {
        src.push_str(&format!("  std::printf(\"%zu\\n\", (size_t)({p}));\n"));
    }
    src.push_str("}\n");
    run_probe(cxx, dir, "placement", &src)
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

#[test]
fn bases_and_members_are_placed_as_the_host_compilers_place_them() {
    let mut compilers = vec![];
    for cxx in ["g++", "clang++"] {
        if Command::new(cxx).arg("--version").output().is_ok() {
            compilers.push(cxx);
        }
    }
    if compilers.is_empty() {
        eprintln!("no host C++ compiler: placement probes skipped");
        return;
    }
    for cxx in compilers {
        let dir =
            std::env::temp_dir().join(format!("syclone-placement-{cxx}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let values = host_placements(cxx, &dir);
        assert_eq!(values.len(), PLACEMENT_PROBES.len());
        let mut src = String::from(PLACEMENT_TYPES);
        for (p, v) in PLACEMENT_PROBES.iter().zip(&values) {
            src.push_str(&format!("static_assert({p} == {v}, \"{p} is {v}\");\n"));
        }
        src.push_str("int main() {}\n");
        if let Err(stderr) = syntax_check(cxx, &dir.join("check.cpp"), &src) {
            panic!("device pass placements differ from {cxx}'s:\n{stderr}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Kernels whose lambdas nest other lambdas that use constants of `main`:
/// g++ captures such constants in the kernel's closure unless the kernel's
/// own body uses some constant by value, or the kernel sits in a `[&]`
/// command group (also for a constant read only in a template argument or
/// an array bound); clang never does. The integration header's static_assert
/// compares each named kernel's size with the host compiler's.
const NESTED_LAMBDAS: &str = r#"
#include <sycl/sycl.hpp>
class only_nested; class own_use_first; class other_constant; class own_use_after;
class local_first; class two_nested; class nested_copy; class deeper;
class cg_only_nested; class cg_own_and_nested; class cg_nested_copy;
class cg_template_argument; class cg_array_bound;
struct Wrap { Wrap(size_t n) : n(n) {} size_t n; };
template <class F> void call(F f) { f(1); }
template <size_t N> int pick(const int *p) { return p[N]; }
int main() {
  sycl::queue q;
  const size_t L = 8, M = 9;
  int *out = sycl::malloc_shared<int>(64, q);
  q.single_task<only_nested>([=] { call([&](int it) { out[it] += int(it % L); }); });
  q.single_task<own_use_first>([=] { size_t x = L; call([&](int it) { out[it] += int(it % L + x); }); });
  q.single_task<other_constant>([=] { Wrap r(M); call([&](int it) { out[it] += int(it % L) + int(r.n); }); });
  q.single_task<own_use_after>([=] { call([&](int it) { out[it] += int(it % L); }); out[0] += int(M); });
  q.single_task<local_first>([=] { int z = 0; call([&](int it) { out[it] += int(it % L) + z; }); });
  q.single_task<two_nested>([=] { call([&](int it) { out[it] += int(it % L); }); call([&](int it) { out[it] += int(it % M); }); });
  q.single_task<nested_copy>([=] { call([=](int it) { out[it] += int(it % L); }); });
  q.single_task<deeper>([=] { call([&](int a) { call([&](int it) { out[it + a] += int(it % L); }); }); });
  q.submit([&](sycl::handler &h) {
    h.single_task<cg_only_nested>([=] { call([&](int it) { out[it] += int(it % L); }); });
    h.single_task<cg_own_and_nested>([=] { out[1] = int(M); call([&](int it) { out[it] += int(it % L); }); });
    h.single_task<cg_nested_copy>([=] { call([=](int it) { out[it] += int(it % L); }); });
    // Constant expressions: g++ captures the constant here too.
    h.single_task<cg_template_argument>([=] { out[0] = pick<L>(out); });
    h.single_task<cg_array_bound>([=] { int a[M]; a[0] = 1; out[0] = a[0]; });
  });
  q.wait();
}
"#;

/// `syclcc -fsyntax-only` of `src` with the host compiler: the integration
/// header's static_asserts (kernel object sizes) hold, else panics with
/// the diagnostics, saying what `what` differs.
fn closures_match_the_host_compiler(tag: &str, src: &str, what: &str) {
    let Some(cxx) = host_cxx() else {
        eprintln!("no host C++ compiler: layout probes skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("syclone-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    if let Err(stderr) = syntax_check(&cxx, &dir.join(format!("{tag}.cpp")), src) {
        panic!("{what} differ from {cxx}'s:\n{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nested_lambda_closures_match_the_host_compiler() {
    closures_match_the_host_compiler(
        "nested",
        NESTED_LAMBDAS,
        "closures of kernels with nested lambdas",
    );
}

/// Kernels in templates capturing a `const int` whose initializer g++ may
/// only evaluate at instantiation (see `sema/late_capture.rs`): g++ lays
/// those captures out last, clang in order of use. Each kernel uses `n`
/// first, then the pointer, then the `char`, so the two orders give
/// closures of different sizes (24 and 16 bytes), which the integration
/// header's static_asserts compare with the host compiler's.
const TEMPLATE_CONSTANTS: &str = r#"
#include <sycl/sycl.hpp>
#include <vector>
class K0; class K1; class K2; class K3; class K4; class K5; class K6; class K7; class K8;
class K9; class K10; class K11; class K12; class K13; class K14; class K15; class K16;
// `n` is used first: as an operator's operand (deferred by g++ when its
// initializer is value-dependent) or in an initializer (never deferred).
#define PROBE(id, init) \
  { const int n = init; char c = 1; q.single_task<K##id>([=] { int m = n / 2; out[0] = m + c; }); }
#define PLAIN(id, init) \
  { const int n = init; char c = 1; q.single_task<K##id>([=] { int m = n; out[0] = m + c; }); }
template <typename T> struct S {
  int ils = 2;
  void run(sycl::queue &q, int *out, int k, T t) {
    PROBE(0, ils)
    PROBE(1, int(ils))
    PROBE(2, (int)ils)
    PROBE(3, static_cast<int>(ils))
    PROBE(4, this->ils)
    PROBE(5, ils + 0)
    PROBE(6, k)
    PROBE(7, int(t))
    PROBE(8, t)
    PLAIN(13, int(ils))
    q.submit([&](sycl::handler &h) {
      const int n = ils; char c = 1;
      h.single_task<K9>([=] { int m = n / 2; out[0] = m + c; });
    });
    q.submit([&](sycl::handler &h) {
      const int n = ils; char c = 1;
      h.single_task<K14>([=] { int m = n; out[0] = m + c; });
      // Used first in a nested lambda: captured there.
      h.single_task<K15>([=] { auto f = [&] { return n < 3; }; out[0] = f() + c; });
      // An ordinary use after the deferred one places it there.
      h.single_task<K16>([=] { int m = n / 2; out[0] = m + c; out[1] = n; });
    });
  }
};
template <typename T> void g(sycl::queue &q, int *out, std::vector<T> &v, int k) {
  PROBE(10, v.size())
  PROBE(11, k)
  PROBE(12, int(k))
}
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  S<int> s;
  s.run(q, out, 3, 4);
  std::vector<long> v(5);
  g(q, out, v, 6);
  q.wait();
}
"#;

#[test]
fn template_constant_captures_match_the_host_compiler() {
    closures_match_the_host_compiler(
        "tconst",
        TEMPLATE_CONSTANTS,
        "closures capturing template constants",
    );
}
