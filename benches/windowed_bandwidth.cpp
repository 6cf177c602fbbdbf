// What binding an allocation in windows costs (native-runtime
// device/windows.rs): the same triad kernel over the same elements, once
// in allocations just under one storage binding and once in allocations
// just over it (bound in windows: every access picks its window with a
// switch). Prints the bandwidth of each, best of 5, and their ratio.
//
//   windowed_bandwidth [UNDER_MIB OVER_MIB TOUCHED_MIB]
//
// lavapipe binds 128 MiB (defaults: 120 136 96); NVIDIA 2 GiB through
// wgpu (2000 2100 512). The kernel touches TOUCHED_MIB of each array.
// Before each timing, about a second of back-to-back launches raises the
// GPU's clocks (NVIDIA's Vulkan driver leaves them low under single
// launches: benches/clock_ramp.cpp).
#include <sycl/sycl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

double triad(sycl::queue &q, float *a, const float *b, const float *c, size_t n) {
  auto t0 = std::chrono::steady_clock::now();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = b[i] + 1.5f * c[i]; }).wait();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double best_gbs(sycl::queue &q, size_t alloc_elems, size_t n) {
  float *a = sycl::malloc_device<float>(alloc_elems, q);
  float *b = sycl::malloc_device<float>(alloc_elems, q);
  float *c = sycl::malloc_device<float>(alloc_elems, q);
  if (!a || !b || !c) {
    std::printf("cannot allocate %zu MiB\n", alloc_elems * sizeof(float) >> 20);
    std::exit(1);
  }
  q.fill(b, 1.0f, alloc_elems);
  q.fill(c, 2.0f, alloc_elems).wait();
  triad(q, a, b, c, n); // pipeline built and memory uploaded before timing
  auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < std::chrono::seconds(1)) {
    for (int k = 0; k < 10; ++k)
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = b[i] + 1.5f * c[i]; });
    q.wait();
  }
  double best = 1e9;
  for (int k = 0; k < 5; ++k) best = std::min(best, triad(q, a, b, c, n));
  float check = 0;
  q.memcpy(&check, a + n - 1, sizeof(float)).wait();
  if (check != 4.0f) std::printf("wrong result %f\n", check);
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  return 3.0 * n * sizeof(float) / best / 1e9;
}

int main(int argc, char **argv) {
  bool args = argc > 3;
  size_t under_mib = args ? std::strtoul(argv[1], nullptr, 10) : 120;
  size_t over_mib = args ? std::strtoul(argv[2], nullptr, 10) : 136;
  size_t touched_mib = args ? std::strtoul(argv[3], nullptr, 10) : 96;
  sycl::queue q;
  std::printf("%s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  size_t n = (touched_mib << 20) / sizeof(float);
  double one = best_gbs(q, (under_mib << 20) / sizeof(float), n);
  double windowed = best_gbs(q, (over_mib << 20) / sizeof(float), n);
  std::printf("triad over %zu MiB of each array: %zu MiB allocations (one binding) %.1f GB/s, "
              "%zu MiB (windows) %.1f GB/s, ratio %.2f\n",
              touched_mib, under_mib, one, over_mib, windowed, one / windowed);
}
