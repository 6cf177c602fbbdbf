// A program of three translation units, each with kernels: main.cpp fills
// the data, scale.cpp and offset.cpp transform it.
#include "ops.hpp"
#include <cstdio>

class Fill;

int main() {
  sycl::queue q;
  const int n = 256;
  float *data = sycl::malloc_shared<float>(n, q);
  q.parallel_for<Fill>(sycl::range<1>(n), [=](sycl::id<1> i) {
     data[i] = static_cast<float>(i[0]);
   }).wait();
  const float scaled_max = scale(q, data, n, 2.0f);
  offset(q, data, n, 0.5f);
  q.wait();
  const float clamped_max = Clamp(300.0f).apply(q, data, n);
  int errors = (scaled_max != 2.0f * (n - 1)) + (clamped_max != 300.0f);
  for (int i = 0; i < n; ++i)
    if (data[i] != std::min(2.0f * i + 0.5f, 300.0f)) ++errors;
  sycl::free(data, q);
  if (errors) {
    std::printf("FAILED: %d wrong values\n", errors);
    return 1;
  }
  std::printf("PASSED on %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  return 0;
}
