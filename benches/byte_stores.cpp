// Stores of 8- and 16-bit scalars to global memory beside 32-bit ones: each
// of N work-items reads one element of an array and writes one element of
// another (out[i] = in[i] * 3 + 1), so neighbouring work-items write the
// same 32-bit word. Prints GB/s (bytes read plus written, best of 5 after a
// warm-up) for uint8_t, short and int arrays, and each narrow type's ratio
// to int, then checks every element.
//
//   byte_stores [log2 N]      (default 24: 16,777,216 items)
#include <sycl/sycl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <typename T>
double best_gbs(sycl::queue &q, size_t n, bool &exact) {
  std::vector<T> host(n);
  for (size_t i = 0; i < n; ++i) host[i] = T(i * 2654435761u >> 7);
  T *in = sycl::malloc_device<T>(n, q);
  T *out = sycl::malloc_device<T>(n, q);
  q.memcpy(in, host.data(), n * sizeof(T)).wait();
  double best = 1e30;
  for (int rep = 0; rep < 6; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
       out[i] = T(in[i] * 3 + 1);
     }).wait();
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (rep > 0) best = std::min(best, s);
  }
  std::vector<T> result(n);
  q.memcpy(result.data(), out, n * sizeof(T)).wait();
  for (size_t i = 0; i < n; ++i)
    if (result[i] != T(host[i] * 3 + 1)) {
      exact = false;
      break;
    }
  sycl::free(in, q);
  sycl::free(out, q);
  return 2.0 * n * sizeof(T) / best / 1e9;
}

int main(int argc, char **argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // lines survive a timeout
  int log2n = argc > 1 ? std::atoi(argv[1]) : 24;
  size_t n = size_t(1) << log2n;
  sycl::queue q;
  std::printf("%s, %zu items\n", q.get_device().get_info<sycl::info::device::name>().c_str(), n);
  bool exact = true;
  double bytes = best_gbs<uint8_t>(q, n, exact);
  double shorts = best_gbs<short>(q, n, exact);
  double ints = best_gbs<int>(q, n, exact);
  std::printf("%12s %12s %12s %10s %10s\n", "uint8 GB/s", "short GB/s", "int GB/s", "u8/int", "short/int");
  std::printf("%12.2f %12.2f %12.2f %10.3f %10.3f\n", bytes, shorts, ints, bytes / ints, shorts / ints);
  std::printf("%s\n", exact ? "PASSED" : "FAILED: an element is wrong");
  return exact ? 0 : 1;
}
