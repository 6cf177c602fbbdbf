// static_assert is checked by the device pass too, with the message.
#include <sycl/sycl.hpp>
#include <type_traits>

template <typename T>
constexpr int twice(T x) { return 2 * x; }

static_assert(twice(21) == 42, "constexpr call");
static_assert(std::is_same_v<int, float>, "int is not float"); // expected-error {{static assertion failed: int is not float}}
static_assert(sizeof(double) == 4); // expected-error {{static assertion failed}}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    constexpr int n = twice(4);
    static_assert(n == 9, "n"); // expected-error {{static assertion failed: n}}
    out[0] = n;
  });
  q.wait();
  return 0;
}
