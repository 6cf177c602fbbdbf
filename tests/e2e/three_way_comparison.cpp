// syclcc-flags: -std=c++20
// C++20 three-way comparison in kernels: the built-in `<=>` of integers
// (std::strong_ordering) and floats (std::partial_ordering, a NaN
// unordered), std::is_gt, a class's own `operator<=>` and `operator==`,
// and the relational and `!=` operators rewritten through them.
#include <sycl/sycl.hpp>
#include <compare>
#include <cstdio>
struct Version {
  int major, minor;
  std::strong_ordering operator<=>(const Version &o) const {
    if (auto c = major <=> o.major; c != 0) return c;
    return minor <=> o.minor;
  }
  bool operator==(const Version &o) const { return major == o.major && minor == o.minor; }
};
int main() {
  sycl::queue q;
  int *o = sycl::malloc_shared<int>(8, q);
  q.single_task([=] {
    int a = 3, b = 5;
    float x = 1.5f, nan = sycl::nan(0u);
    o[0] = (a <=> b) < 0;
    o[1] = std::is_gt(b <=> a);
    o[2] = (x <=> nan) == std::partial_ordering::unordered;
    Version v1{1, 2}, v2{1, 3};
    o[3] = v1 < v2;
    o[4] = v2 >= v1;
    o[5] = v1 != v2;
    o[6] = (v1 <=> v1) == 0;
    o[7] = (x <=> 1.5f) == 0;
  }).wait();
  bool ok = true;
  for (int i = 0; i < 8; ++i) { printf("%d ", o[i]); ok = ok && o[i] == 1; }
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return !ok;
}
