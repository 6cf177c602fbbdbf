// The built-in `<=>` is a call of <compare>'s __syclone_three_way: without
// that header it is an error that says what to include. A relational
// operator a class does not define is rewritten through its `<=>`.
#include <sycl/sycl.hpp>

struct Meters {
  int v;
  int operator<=>(const Meters &o) const { return v - o.v; }
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  q.single_task([=] { // expected-note {{in the kernel invoked here}}
    int a = 1, b = 2;
    auto c = a <=> b; // expected-error {{'<=>' needs the comparison categories of <compare>: include <compare>}}
    Meters m{1}, n{2};
    out[0] = m < n;
    out[1] = 0;
  }).wait();
  return 0;
}
