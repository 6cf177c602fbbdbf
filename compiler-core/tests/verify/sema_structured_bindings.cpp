// Structured bindings that cannot be formed are diagnosed at the binding.
#include <sycl/sycl.hpp>

struct Two {
  int a;
  float b;
};
struct Base1 {
  int x;
};
struct Base2 {
  int y;
};
struct Split : Base1, Base2 {};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    Two t{1, 2.0f};
    auto [a, b, c] = t; // expected-error {{type 'Two' decomposes into 2 elements, but 3 names were provided}}
    int arr[2] = {1, 2};
    auto [x] = arr; // expected-error {{type 'int[2]' decomposes into 2 elements, but 1 name was provided}}
    int n = 3;
    auto [p, q2] = n; // expected-error {{cannot decompose non-class, non-array type 'int'}}
    Split s;
    auto [s1, s2] = s; // expected-error {{cannot decompose class type 'Split': its members are in more than one class}}
    out[0] = a + x + p + s1;
  });
  q.wait();
  return 0;
}
