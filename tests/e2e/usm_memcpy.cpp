// queue::memcpy and copy between host memory and every USM kind, with
// kernels reading and writing in between.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
int main() {
  sycl::queue q;
  const size_t n = 1000;
  std::vector<float> src(n), dst(n, 0.0f);
  for (size_t i = 0; i < n; ++i) src[i] = static_cast<float>(i) * 0.25f;
  float* d = sycl::malloc_device<float>(n, q);
  float* s = sycl::malloc_shared<float>(n, q);
  float* h = sycl::malloc_host<float>(n, q);
  q.memcpy(d, src.data(), n * sizeof(float)).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] = d[i] + 1.0f; }).wait();
  q.copy(d, s, n).wait();                 // device -> shared
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] = s[i] * 2.0f; }).wait();
  q.memcpy(h, s, n * sizeof(float)).wait();  // shared -> host USM
  for (size_t i = 0; i < n; ++i) h[i] += 3.0f;  // host writes between commands
  q.copy(h, d, n).wait();                 // host USM -> device
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] = d[i] - 0.5f; }).wait();
  q.memcpy(dst.data(), d, n * sizeof(float)).wait();  // device -> host
  // Part of an allocation: the middle 100 elements, overlapping copy in place.
  q.memcpy(d + 10, src.data() + 10, 100 * sizeof(float)).wait();
  std::vector<float> part(n);
  q.memcpy(part.data(), d, n * sizeof(float)).wait();
  int errors = 0;
  for (size_t i = 0; i < n; ++i) {
    float expect = (src[i] + 1.0f) * 2.0f + 3.0f - 0.5f;
    if (dst[i] != expect) { if (errors++ < 5) std::printf("dst[%zu] = %f, expected %f\n", i, dst[i], expect); }
    float expect_part = (i >= 10 && i < 110) ? src[i] : expect;
    if (part[i] != expect_part) { if (errors++ < 5) std::printf("part[%zu] = %f\n", i, part[i]); }
  }
  sycl::free(d, q); sycl::free(s, q); sycl::free(h, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
