//! Capture order probes: the host compiler is the oracle for where each
//! captured pointer lies in a kernel's closure. A probe program builds
//! kernel lambdas whose captures are three pointers with known values
//! (`a`, `b`, `c`) and prints where the host compiler put each; the
//! bundle the device pass wrote (`--emit-bundle`) says where the device
//! reads them. Sizes alone (the integration header's static_asserts) do
//! not catch two pointers swapped, which makes kernels read one array as
//! another. The forms are those where g++ and clang differ from plain
//! order of use (see `sema/tentative_declaration.rs`,
//! `sema/full_expression_captures.rs` and `sema/constant_objects.rs`),
//! beside plain ones. Checked with the
//! configured host compiler and, when installed, clang++ too; skips when
//! there is no host compiler.

use std::path::Path;
use std::process::Command;

const FORMS: &[&str] = &[
    "a[i] = b[i] + c[i];",
    "ref(a[b[i]]).fetch_add(c[i]);",
    "ref(a[b[i] + n]).fetch_add(c[i]);",
    "if (ref(a[b[i]]).load() == 0) c[i] = 1;",
    "ref(*(a + b[i])).fetch_add(c[i]);",
    "int v = ref(a[b[i]]).load(); c[i] = v;",
    "ref(a[i % N]).fetch_add(b[i] + c[i]);",
    "a[i] = std::max(K, b[i]) + c[i];",
    "a[std::min<size_t>(i, K)] = b[i] + c[i];",
    "a[i] = std::max(int(N), b[i]) + c[i];",
    "a[i] = sizeof(b[0]) + c[i];",
    "auto f = [&](int k) { return b[k]; }; a[i] = f(i) + c[i];",
    "a[i] = PI * b[i] + c[i];",
    "a[i] = T[i % 3] + b[i] + c[i];",
    "a[i] = M[i % 2][1] + O.x + b[i] + c[i];",
    "a[i] = (i[0] ? T[0] : Os[1].x) + b[i] + c[i];",
    "const int &r = T[i % 3]; a[i] = r + b[i] + c[i];",
    "a[i] = std::max(PI, float(b[i])) + c[i];",
    "P q = O; a[i] = q.x + b[i] + c[i];",
    "ref(a[i]).fetch_add(*(T + 1) + b[i]); c[i] = 0;",
    "auto f = [&](int k) { return T[k % 3] * PI + O.x; }; a[i] = f(i) + b[i] + c[i];",
    "auto f = [=](int k) { return Os[k % 2].y; }; a[i] = f(i) + b[i] + c[i];",
    "auto f = [&](int k) { const P &r = Os[k % 2]; return r.x; }; a[i] = f(i) + b[i] + c[i];",
    // In a generic lambda the loop's `i` hides the parameter: `i < N` and
    // `+ K` then depend on nothing, and neither compiler captures N or K.
    "for (int i = 0; i < N; ++i) a[i] = b[i] + c[i] + K;",
];

/// Forms also probed in a generic lambda (`[=](auto i)`).
const GENERIC: &[usize] = &[1, 6, 9, 12, 13, 14, 16, 17, 18, 23];

fn probe_source() -> String {
    let mut src = String::from(
        r#"#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <cstring>
struct P { int x; float y; };
using ref = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>;
template <typename F> void where(const F &f) {
  unsigned long long w[sizeof(F) / 8 + 1] = {};
  std::memcpy(w, &f, sizeof f);
  std::printf("%zu", sizeof(F));
  for (size_t k = 0; k < sizeof(F) / 8; ++k)
    for (int p = 0; p < 3; ++p)
      if (w[k] == 0x1111111111111111ull * (p + 1)) std::printf(" %c@%zu", 'a' + p, k * 8);
  std::printf("\n");
}
int main(int argc, char **) {
  sycl::queue q;
  int *a = (int *)0x1111111111111111ull, *b = (int *)0x2222222222222222ull, *c = (int *)0x3333333333333333ull;
  int n = 3; constexpr int N = 4; const int K = 5;
  constexpr float PI = 3.5f; constexpr int T[3] = {1, 2, 3}; constexpr int M[2][2] = {{1, 2}, {3, 4}};
  constexpr P O{1, 2.f}; constexpr P Os[2] = {{1, 2.f}, {3, 4.f}};
"#,
    );
    let mut kernel = |params: &str, body: &str| {
        src.push_str(&format!(
            "  {{ auto k = [=]({params}) {{ {body} }}; where(k); if (argc > 5) q.parallel_for(sycl::range<1>(1), k); }}\n"
        ));
    };
    for form in FORMS {
        kernel("sycl::id<1> i", form);
    }
    for &g in GENERIC {
        kernel("auto i", FORMS[g]);
    }
    src.push_str("}\n");
    src
}

/// Each kernel's closure as the host laid it out: size, then `a@0`...
fn host_layouts(exe: &Path) -> Vec<String> {
    let out = Command::new(exe)
        .env("ONEAPI_DEVICE_SELECTOR", "host:cpu")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The same, as the bundle's kernels read them (one image: the probe needs
/// no optional aspect, so its kernels are in source order).
fn device_layouts(bundle: &Path) -> Vec<String> {
    let bundle: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(bundle).unwrap()).unwrap();
    let images = bundle["images"].as_array().unwrap();
    assert_eq!(images.len(), 1, "the probe's kernels are in one image");
    images[0]["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            let mut at: Vec<(u64, String)> = k["buffers"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|b| b["arg"] == 1)
                .map(|b| {
                    (
                        b["offset"].as_u64().unwrap(),
                        b["name"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            at.sort();
            let mut line = k["arg_sizes"][1].to_string();
            for (offset, name) in at {
                line.push_str(&format!(" {name}@{offset}"));
            }
            line
        })
        .collect()
}

fn check_with(cxx: &str) {
    let dir = std::env::temp_dir().join(format!(
        "syclone-capture-order-{}-{}",
        cxx.replace('+', "p"),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let cpp = dir.join("probe.cpp");
    let exe = dir.join("probe");
    let bundle = dir.join("probe.json");
    std::fs::write(&cpp, probe_source()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_syclcc"))
        .arg(format!("--host-cxx={cxx}"))
        .arg(format!("--emit-bundle={}", bundle.display()))
        .arg(&cpp)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let host = host_layouts(&exe);
    let device = device_layouts(&bundle);
    assert_eq!(host.len(), FORMS.len() + GENERIC.len());
    let forms = FORMS.iter().chain(GENERIC.iter().map(|&g| &FORMS[g]));
    for ((h, d), form) in host.iter().zip(&device).zip(forms) {
        assert_eq!(
            h, d,
            "{cxx} lays out `{form}` as {h}, the device pass as {d}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn installed(cxx: &str) -> bool {
    Command::new(cxx).arg("--version").output().is_ok()
}

#[test]
fn captured_pointers_lie_where_the_host_compiler_puts_them() {
    let cxx = std::env::var("SYCLCC_HOST_CXX").unwrap_or_else(|_| "c++".into());
    if !installed(&cxx) {
        eprintln!("no host C++ compiler: capture order probes skipped");
        return;
    }
    check_with(&cxx);
    if cxx != "clang++" && installed("clang++") {
        check_with("clang++");
    }
}
