// An executable with a kernel of its own, linked with libkernels.a, whose
// members carry the other kernels.
#include "kernels.hpp"
#include <cstdio>

class Iota;

int main() {
  sycl::queue q;
  const int n = 10;
  int *data = sycl::malloc_shared<int>(n, q);
  q.parallel_for<Iota>(sycl::range<1>(n), [=](sycl::id<1> i) {
     data[i] = static_cast<int>(i[0]) + 1;
   }).wait();
  square(q, data, n);
  int total = sum_of(q, data, n);
  sycl::free(data, q);
  if (total != 385) {  // 1^2 + ... + 10^2
    std::printf("FAILED: sum of squares %d, expected 385\n", total);
    return 1;
  }
  std::printf("PASSED on %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  return 0;
}
