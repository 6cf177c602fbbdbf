// offsetof is evaluated with the host ABI's layout, at namespace scope and
// in device code.
#include <sycl/sycl.hpp>
#include <cstddef>

struct Inner { short s; float f[3]; };
struct Outer { char c; double d; Inner in; int tail; };

static_assert(offsetof(Outer, d) == 8, "d");
static_assert(offsetof(Outer, in) == 16, "in");
static_assert(offsetof(Outer, in.f) == 20, "in.f");
static_assert(offsetof(Outer, in.f[2]) == 28, "in.f[2]");
static_assert(offsetof(Outer, tail) == 32, "tail");
static_assert(offsetof(Outer, tail) == 36, "wrong on purpose"); // expected-error {{static assertion failed: wrong on purpose}}

int main() {
  sycl::queue q;
  size_t *out = sycl::malloc_shared<size_t>(1, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    out[0] = offsetof(Outer, in.s) + offsetof(Inner, f);
    out[0] += offsetof(Inner, nope); // expected-error {{offsetof needs a class type and a member designator of it}}
  });
  q.wait();
  return 0;
}
