// Float and double atomic adds on global memory at four levels of
// contention, beside the same kernel adding ints (which every device does
// natively): N items each add 1 to one of BINS counters (item i to counter
// i % BINS). Prints milliseconds per kernel (best of 5 after a warm-up) for
// float, double and int, the float/int ratio, and checks every counter's
// total.
//
//   float_atomics [log2 N]      (default 22: 4,194,304 items)
#include <sycl/sycl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <typename T>
double best_ms(sycl::queue &q, T *counters, size_t n, size_t bins, bool &exact) {
  double best = 1e30;
  for (int rep = 0; rep < 6; ++rep) {
    q.fill(counters, T(0), bins).wait();
    auto t0 = std::chrono::steady_clock::now();
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
       sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device,
                        sycl::access::address_space::global_space>
           c(counters[i % bins]);
       c += T(1);
     }).wait();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (rep > 0) best = std::min(best, ms);
  }
  std::vector<T> host(bins);
  q.memcpy(host.data(), counters, bins * sizeof(T)).wait();
  for (size_t b = 0; b < bins; ++b) {
    size_t want = n / bins + (b < n % bins ? 1 : 0);
    if (host[b] != T(want)) exact = false;
  }
  return best;
}

int main(int argc, char **argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // lines survive a timeout
  int log2n = argc > 1 ? std::atoi(argv[1]) : 22;
  size_t n = size_t(1) << log2n;
  sycl::queue q;
  std::printf("%s, %zu items\n", q.get_device().get_info<sycl::info::device::name>().c_str(), n);
  float *f = sycl::malloc_device<float>(n, q);
  double *d = sycl::malloc_device<double>(n, q);
  int *k = sycl::malloc_device<int>(n, q);
  bool exact = true;
  std::printf("%10s %12s %12s %12s %8s\n", "counters", "float ms", "double ms", "int ms", "f/i");
  for (size_t bins : {size_t(1), size_t(256), n / 32, n}) {
    double fm = best_ms(q, f, n, bins, exact);
    double dm = best_ms(q, d, n, bins, exact);
    double im = best_ms(q, k, n, bins, exact);
    std::printf("%10zu %12.3f %12.3f %12.3f %8.2f\n", bins, fm, dm, im, fm / im);
  }
  sycl::free(f, q);
  sycl::free(d, q);
  sycl::free(k, q);
  std::printf("%s\n", exact ? "PASSED" : "FAILED: a counter's total is wrong");
  return exact ? 0 : 1;
}
