// <numeric>'s scans and transform reductions in kernels, on private arrays
// and on USM ranges: std::inclusive_scan (with an operation, with an initial
// value), std::exclusive_scan, std::partial_sum, std::adjacent_difference,
// std::transform_inclusive_scan / transform_exclusive_scan and the three
// std::transform_reduce forms, checked against the host's <numeric>; an
// in-place scan; and a sycl::exception's error_code printed with
// `std::cout << e.code()` and its category compared in host code.
#include <sycl/sycl.hpp>
#include <functional>
#include <iostream>
#include <numeric>
#include <sstream>
#include <vector>

int main() {
  sycl::queue q;
  constexpr int N = 64, K = 12;
  int *in = sycl::malloc_shared<int>(N, q);
  int *out = sycl::malloc_shared<int>(N * K, q);
  long long *sums = sycl::malloc_shared<long long>(N * 4, q);
  for (int i = 0; i < N; ++i) in[i] = (i * 37) % 23 - 7;
  // Work-item i scans a private array of its own, then the whole of `in`.
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = int(id[0]);
     int a[K], r[K];
     for (int k = 0; k < K; ++k) a[k] = (i + k * 5) % 9 - 3;
     int *o = out + i * K;
     std::inclusive_scan(a, a + K, r);
     o[0] = r[K - 1] * 1000 + r[K / 2];
     std::inclusive_scan(a, a + K, r, [](int x, int y) { return x > y ? x : y; });
     o[1] = r[K - 1] * 1000 + r[3];
     std::inclusive_scan(a, a + K, r, std::plus<int>(), 100);
     o[2] = r[K - 1] * 1000 + r[0];
     std::exclusive_scan(a, a + K, r, 10);
     o[3] = r[K - 1] * 1000 + r[0];
     std::exclusive_scan(a, a + K, r, 1, std::multiplies<int>());
     o[4] = r[4];
     std::partial_sum(a, a + K, r);
     o[5] = r[K - 1] * 1000 + r[2];
     std::adjacent_difference(a, a + K, r);
     o[6] = r[0] * 1000 + r[K - 1];
     std::transform_inclusive_scan(a, a + K, r, std::plus<int>(), [](int x) { return x * x; });
     o[7] = r[K - 1];
     std::transform_exclusive_scan(a, a + K, r, 0, std::plus<int>(), [](int x) { return x < 0 ? -x : x; });
     o[8] = r[K - 1];
     std::inclusive_scan(a, a + K, a);  // in place
     o[9] = a[K - 1] * 1000 + a[1];
     o[10] = std::transform_reduce(a, a + K, r, 0);
     o[11] = std::transform_reduce(in, in + N, 0, std::plus<int>(), [i](int x) { return x * (i % 3); });
     sums[i * 4] = std::transform_reduce(in, in + N, in, 0LL, std::plus<long long>(),
                                         [](int x, int y) { return (long long)x * y; });
     sums[i * 4 + 1] = std::reduce(in, in + i + 1, 0LL);
     sums[i * 4 + 2] = std::accumulate(in, in + N, 5LL);
     sums[i * 4 + 3] = std::inner_product(in, in + i, in, 0LL);
   }).wait();

  int errors = 0;
  for (int i = 0; i < N; ++i) {
    std::vector<int> a(K), r(K);
    for (int k = 0; k < K; ++k) a[k] = (i + k * 5) % 9 - 3;
    int want[K];
    std::inclusive_scan(a.begin(), a.end(), r.begin());
    want[0] = r[K - 1] * 1000 + r[K / 2];
    std::inclusive_scan(a.begin(), a.end(), r.begin(), [](int x, int y) { return x > y ? x : y; });
    want[1] = r[K - 1] * 1000 + r[3];
    std::inclusive_scan(a.begin(), a.end(), r.begin(), std::plus<int>(), 100);
    want[2] = r[K - 1] * 1000 + r[0];
    std::exclusive_scan(a.begin(), a.end(), r.begin(), 10);
    want[3] = r[K - 1] * 1000 + r[0];
    std::exclusive_scan(a.begin(), a.end(), r.begin(), 1, std::multiplies<int>());
    want[4] = r[4];
    std::partial_sum(a.begin(), a.end(), r.begin());
    want[5] = r[K - 1] * 1000 + r[2];
    std::adjacent_difference(a.begin(), a.end(), r.begin());
    want[6] = r[0] * 1000 + r[K - 1];
    std::transform_inclusive_scan(a.begin(), a.end(), r.begin(), std::plus<int>(), [](int x) { return x * x; });
    want[7] = r[K - 1];
    std::transform_exclusive_scan(a.begin(), a.end(), r.begin(), 0, std::plus<int>(),
                                  [](int x) { return x < 0 ? -x : x; });
    want[8] = r[K - 1];
    std::inclusive_scan(a.begin(), a.end(), a.begin());
    want[9] = a[K - 1] * 1000 + a[1];
    want[10] = std::transform_reduce(a.begin(), a.end(), r.begin(), 0);
    want[11] = std::transform_reduce(in, in + N, 0, std::plus<int>(), [i](int x) { return x * (i % 3); });
    for (int k = 0; k < K; ++k)
      if (out[i * K + k] != want[k] && errors++ < 10)
        std::cout << "work-item " << i << " result " << k << ": " << out[i * K + k] << ", expected " << want[k] << "\n";
    long long lwant[4] = {std::transform_reduce(in, in + N, in, 0LL, std::plus<long long>(),
                                                [](int x, int y) { return (long long)x * y; }),
                          std::reduce(in, in + i + 1, 0LL), std::accumulate(in, in + N, 5LL),
                          std::inner_product(in, in + i, in, 0LL)};
    for (int k = 0; k < 4; ++k)
      if (sums[i * 4 + k] != lwant[k] && errors++ < 10)
        std::cout << "work-item " << i << " sum " << k << ": " << sums[i * 4 + k] << ", expected " << lwant[k] << "\n";
  }

  // The error code of a failed launch printed as its category and value.
  try {
    q.parallel_for(sycl::nd_range<1>(10, 3), [=](sycl::nd_item<1>) {}).wait();
    std::cout << "no exception for a local range that does not divide the global one\n";
    errors++;
  } catch (const sycl::exception &e) {
    std::ostringstream text;
    text << e.code();
    if (e.category() != sycl::sycl_category() || !(e.code().category() == sycl::sycl_category())) {
      std::cout << "the error's category is not SYCL's\n";
      errors++;
    }
    if (text.str().find(':') == std::string::npos) {
      std::cout << "error code printed as '" << text.str() << "'\n";
      errors++;
    }
  }
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(sums, q);
  std::cout << (errors ? "FAILED" : "PASSED") << "\n";
  return errors != 0;
}
