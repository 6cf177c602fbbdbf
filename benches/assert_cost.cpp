// What device asserts cost: a short kernel with an assert per work-item,
// launched and waited for 200 times, beside the same kernel with the
// assert compiled out (NDEBUG). Each wait after a kernel with asserts reads
// the device's assert record (512 bytes). Prints the best of 3 for each
// and their ratio.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdio>

constexpr size_t N = 1 << 16;
constexpr int LAUNCHES = 200;

// Seconds for LAUNCHES launches of `kernel` over N items, each waited for.
template <typename Kernel>
double time_launches(sycl::queue &q, const Kernel &kernel) {
  auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < LAUNCHES; ++k) q.parallel_for(N, kernel).wait();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double checked(sycl::queue &q, float *v) {
  return time_launches(q, [=](sycl::id<1> i) {
    assert(v[i] >= 0.0f);
    v[i] = v[i] * 0.5f + 1.0f;
  });
}

// The same kernel with its assert compiled out.
#define NDEBUG
#include <cassert>
double unchecked(sycl::queue &q, float *v) {
  return time_launches(q, [=](sycl::id<1> i) {
    assert(v[i] >= 0.0f);
    v[i] = v[i] * 0.5f + 1.0f;
  });
}

int main() {
  sycl::queue q;
  float *v = sycl::malloc_device<float>(N, q);
  q.fill(v, 1.0f, N).wait();
  std::printf("%s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  checked(q, v);  // pipelines built before timing
  unchecked(q, v);
  double with = 1e9, without = 1e9;
  for (int k = 0; k < 3; ++k) {
    with = std::min(with, checked(q, v));
    without = std::min(without, unchecked(q, v));
  }
  std::printf("%d launches and waits of %zu items: asserts %.2f us each, NDEBUG %.2f us each, ratio %.2f\n",
              LAUNCHES, N, with / LAUNCHES * 1e6, without / LAUNCHES * 1e6, with / without);
  sycl::free(v, q);
}
