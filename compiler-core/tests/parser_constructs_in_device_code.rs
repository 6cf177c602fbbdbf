//! Newer constructs (folds, structured bindings) in host code and in
//! device code compile.

mod common;
use common::compile_sycl;

#[test]
fn host_code_with_new_constructs_still_compiles() {
    let src = r#"#include <sycl/sycl.hpp>
template <typename... Ts> int host_sum(Ts... xs) { return (xs + ... + 0); }
struct pt { int x; int y; };
pt host_pair() { return {1, 2}; }
int main() {
  auto [a, b] = host_pair();
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = 1; }).wait();
  return host_sum(a, b) + p[0];
}
"#;
    let out = compile_sycl("host.cpp", src);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
}

#[test]
fn device_code_with_a_structured_binding_compiles() {
    let src = r#"#include <sycl/sycl.hpp>
struct pt { int x; int y; };
int main() {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) {
    pt v{1, 2};
    auto [a, b] = v;
    p[i] = a + b;
  }).wait();
  return 0;
}
"#;
    let out = compile_sycl("dev.cpp", src);
    assert!(!out.has_errors(), "{}", out.rendered_diagnostics);
}
