// Misused parameter packs in device code are diagnosed where they are used.
#include <sycl/sycl.hpp>

template <typename... Ts>
int unexpanded(Ts... xs) {
  return xs; // expected-error {{parameter pack 'xs' must be expanded with '...'}}
}

int take(int a, int b) { return a + b; }

template <typename T>
int no_pack(T x) {
  return take(x..., 1); // expected-error {{pack expansion does not contain any unexpanded parameter packs}}
}

template <typename... Ts>
int empty_sum(Ts... xs) {
  return (xs + ...); // expected-error {{unary fold expression has empty expansion for operator '+' with no fallback value}}
}

template <typename T>
int not_a_pack(T x) {
  return int(sizeof...(x)); // expected-error {{'x' does not refer to the name of a parameter pack}}
}

static_assert(sizeof(int) == 4, "packs below use int");

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    out[0] = unexpanded(1, 2);
    out[1] = no_pack(3);
    out[2] = empty_sum();
    out[3] = not_a_pack(4);
  });
  q.wait();
  return 0;
}
