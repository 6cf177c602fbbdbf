// Constants defined through template recursion are evaluated; runaway
// recursion is an error, not a crash.
#include <sycl/sycl.hpp>

template <int N>
struct Fact {
  static constexpr int value = N * Fact<N - 1>::value;
  static int sum() { return N + Fact<N - 1>::sum(); }
};
template <>
struct Fact<0> {
  static constexpr int value = 1;
  static int sum() { return 0; }
};
static_assert(Fact<5>::value == 120, "recursion through the injected-class-name with arguments");

template <int N>
struct Runaway {
  static constexpr int value = Runaway<N + 1>::value + 1; // expected-error {{recursive template instantiation exceeded the maximum depth of 256}} expected-error {{use of undeclared identifier 'Runaway<...>::value'}}
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    out[0] = Fact<5>::value + Fact<4>::sum();
    out[1] = Runaway<0>::value;
  });
  q.wait();
  return 0;
}
