// How fast the device's clocks follow the load: a triad kernel over three
// arrays, launched one at a time (a submit and a wait each), before and
// after about a second of back-to-back launches. Prints the median
// bandwidth of each phase (device time from event profiling) and their
// ratio.
//
//   clock_ramp [MIB=64] [BURST_SECONDS=1]
//
// On the H200 through Vulkan (docs/PERFORMANCE.md) the single launches over
// 1 GiB arrays run at 345-585 MHz and 890-1,160 GB/s until a burst has
// raised the clock to 1,980 MHz (3,140 GB/s); CUDA raises it at its first
// kernel. Compare bandwidth figures only after such a burst.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using clock_type = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

sycl::event triad(sycl::queue &q, float *a, const float *b, const float *c, size_t n) {
  return q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = b[i] + 1.5f * c[i]; });
}

// GB/s of `count` launches, each waited for before the next.
std::vector<double> single_launches(sycl::queue &q, float *a, float *b, float *c, size_t n, int count) {
  std::vector<double> gbs;
  for (int k = 0; k < count; ++k) {
    sycl::event e = triad(q, a, b, c, n);
    e.wait();
    double ns = e.get_profiling_info<sycl::info::event_profiling::command_end>() -
                e.get_profiling_info<sycl::info::event_profiling::command_start>();
    gbs.push_back(3.0 * n * sizeof(float) / ns);
  }
  return gbs;
}

int main(int argc, char **argv) {
  size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 64;
  double burst_s = argc > 2 ? std::atof(argv[2]) : 1.0;
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  size_t n = (mib << 20) / sizeof(float);
  float *a = sycl::malloc_device<float>(n, q);
  float *b = sycl::malloc_device<float>(n, q);
  float *c = sycl::malloc_device<float>(n, q);
  q.fill(b, 1.0f, n);
  q.fill(c, 2.0f, n);
  triad(q, a, b, c, n).wait(); // pipeline built before any timing

  std::vector<double> before = single_launches(q, a, b, c, n, 20);
  auto start = clock_type::now();
  int burst = 0;
  while (std::chrono::duration<double>(clock_type::now() - start).count() < burst_s) {
    for (int k = 0; k < 20; ++k) triad(q, a, b, c, n);
    q.wait();
    burst += 20;
  }
  std::vector<double> after = single_launches(q, a, b, c, n, 20);

  float check = 0;
  q.memcpy(&check, a + n - 1, sizeof(float)).wait();
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  std::printf("%s, %zu MiB arrays\n", q.get_device().get_info<sycl::info::device::name>().c_str(), mib);
  std::printf("single launches before a burst: %.0f GB/s (median of 20)\n", median(before));
  std::printf("single launches after %d back-to-back launches: %.0f GB/s, ratio %.2f\n", burst,
              median(after), median(after) / median(before));
  if (check != 4.0f) {
    std::printf("wrong result %f\n", check);
    return 1;
  }
  return 0;
}
