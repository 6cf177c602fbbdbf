// Launch overhead: microseconds per kernel for 10,000 tiny kernels in an
// in-order queue (one wait at the end), and per submit with a wait after
// each. Prints figures; the result is checked so that no launch is lost.
//   launch_overhead [kernels=10000] [waited=1000]
#include <sycl/sycl.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  const int kernels = argc > 1 ? std::atoi(argv[1]) : 10000;
  const int waited = argc > 2 ? std::atoi(argv[2]) : 1000;
  sycl::queue q{sycl::property::queue::in_order{}};
  int* counter = sycl::malloc_device<int>(64, q);
  q.fill(counter, 0, 64).wait();
  // Warm-up: pipeline creation.
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { counter[i] = counter[i] + 1; }).wait();
  using clock = std::chrono::steady_clock;
  auto t0 = clock::now();
  for (int k = 0; k < kernels; ++k)
    q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { counter[i] = counter[i] + 1; });
  q.wait();
  auto t1 = clock::now();
  for (int k = 0; k < waited; ++k)
    q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { counter[i] = counter[i] + 1; }).wait();
  auto t2 = clock::now();
  int out[64];
  q.memcpy(out, counter, sizeof(out)).wait();
  bool ok = true;
  for (int v : out) ok &= v == 1 + kernels + waited;
  double batched = std::chrono::duration<double, std::micro>(t1 - t0).count() / kernels;
  double each = std::chrono::duration<double, std::micro>(t2 - t1).count() / waited;
  std::printf("%s: %d in-order kernels, one wait: %.2f us/kernel; submit+wait: %.2f us/kernel (%s)\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(), kernels, batched, each,
              ok ? "results checked" : "WRONG RESULT");
  sycl::free(counter, q);
  return ok ? 0 : 1;
}
