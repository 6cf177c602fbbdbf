// Uses libvecops (kernels in a static library) and init.cpp.
#include "init.hpp"
#include "vecops.hpp"
#include <cstdio>

class Halve;

int main() {
  sycl::queue q;
  const int n = 100;
  float *x = sycl::malloc_shared<float>(n, q);
  float *y = sycl::malloc_shared<float>(n, q);
  iota(q, x, n, 0.0f);                 // x = 0..99
  iota(q, y, n, 1.0f);                 // y = 1..100
  axpy(q, 2.0f, x, y, n);              // y = 3i + 1
  q.parallel_for<Halve>(sycl::range<1>(n), [=](sycl::id<1> i) { y[i] *= 0.5f; }).wait();
  float d = dot(q, x, y, n);           // sum i * (3i + 1) / 2
  double expected = 0;
  for (int i = 0; i < n; ++i) expected += i * (3.0 * i + 1) / 2;
  sycl::free(x, q);
  sycl::free(y, q);
  if (d != static_cast<float>(expected)) {
    std::printf("FAILED: dot %f, expected %f\n", d, expected);
    return 1;
  }
  std::printf("PASSED on %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  return 0;
}
