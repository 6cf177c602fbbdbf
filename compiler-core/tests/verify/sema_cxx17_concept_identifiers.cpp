// expected-no-diagnostics
// In C++17 (no -std=c++20) `concept` and `requires` are ordinary
// identifiers, in host and device code alike, and <concepts> declares no
// concepts.
#include <sycl/sycl.hpp>
#include <concepts>

static_assert(__cplusplus == 201703L);

struct Plan {
  int requires;
  int concept(int x) const { return x + requires; }
};

int concept_count(int requires) { return requires * 2; }

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=] {
    Plan p{3};
    int concept = p.concept(4);
    out[0] = concept_count(concept);
  });
  q.wait();
  return 0;
}
