// Vector-add bandwidth and launch overhead of Syclone kernels.
//   vector_add_bandwidth [log2_n=20] [iterations=20]
// Device USM (no host/device coherence traffic in the timed loop); the result
// is checked through a shared allocation. Prints GB/s (3 floats moved per
// element) and microseconds per launch for 1000 batched tiny kernels.
#include <sycl/sycl.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 20;
  const int iters = argc > 2 ? std::atoi(argv[2]) : 20;
  const size_t n = size_t(1) << log2n;
  sycl::queue q;
  float* a = sycl::malloc_device<float>(n, q);
  float* b = sycl::malloc_device<float>(n, q);
  float* c = sycl::malloc_device<float>(n, q);
  float* check = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
    a[i] = float(i % 1000);
    b[i] = 2.0f * float(i % 1000);
  });
  q.wait();
  // One kernel (one lambda expression): the warm-up creates its pipeline
  // outside the timed region.
  auto vadd = [=](sycl::id<1> i) { c[i] = a[i] + b[i]; };
  q.parallel_for(sycl::range<1>(n), vadd);
  q.wait();
  auto t0 = std::chrono::steady_clock::now();
  for (int it = 0; it < iters; ++it) q.parallel_for(sycl::range<1>(n), vadd);
  q.wait();
  auto t1 = std::chrono::steady_clock::now();
  double secs = std::chrono::duration<double>(t1 - t0).count();
  double gbs = 3.0 * sizeof(float) * double(n) * iters / secs / 1e9;

  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { check[i] = c[i]; });
  q.wait();
  size_t errors = 0;
  for (size_t i = 0; i < n; ++i)
    if (check[i] != 3.0f * float(i % 1000)) errors++;

  const int launches = 1000;
  auto tiny = [=](sycl::id<1> i) { c[i] = c[i] + 1.0f; };
  q.parallel_for(sycl::range<1>(64), tiny);
  q.wait();
  auto t2 = std::chrono::steady_clock::now();
  for (int it = 0; it < launches; ++it) q.parallel_for(sycl::range<1>(64), tiny);
  q.wait();
  auto t3 = std::chrono::steady_clock::now();
  double us = std::chrono::duration<double, std::micro>(t3 - t2).count() / launches;

  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  std::printf("vector_add n=2^%d iters=%d: %.1f GB/s\n", log2n, iters, gbs);
  std::printf("launch overhead (1000 batched launches + wait): %.2f us/launch\n", us);
  sycl::free(a, q); sycl::free(b, q); sycl::free(c, q); sycl::free(check, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
