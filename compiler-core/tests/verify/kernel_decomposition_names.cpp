// The host side of the decomposition protocol calls sycl_deconstruct() from
// the integration footer, which must name the class: a local class cannot
// be decomposed.
#include <sycl/sycl.hpp>
#include <tuple>

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  struct local_type { // expected-error {{class 'local_type' declares sycl_deconstruct(), but the host code that calls it cannot name the class: it is declared inside a function}} expected-note {{declare it at namespace scope or in a class}}
    int v;
    ~local_type() {}
    std::tuple<int> sycl_deconstruct() const { return {v}; }
    static local_type sycl_reconstruct(int x) { return {x}; }
  } j{1};
  q.single_task([=] { *out = j.v; });
}
