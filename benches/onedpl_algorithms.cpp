// What oneDPL's algorithms cost next to the kernel a SYCL programmer would
// write for the same job, on USM data of N ints on the default device:
// transform (one work-item per element in both), reduce (chunked folds,
// against sycl::reduction), inclusive_scan (chunked folds and prefixes; no
// hand-written counterpart: its figure is in GB/s), and sort (a merge
// sort of positions, against std::sort on the host). Prints milliseconds
// (best of 5 after a warm-up) and the ratios; checks every result.
//
//   onedpl_algorithms [log2 N]      (default 22: 4,194,304 elements)
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/execution>
#include <oneapi/dpl/numeric>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

template <typename F>
double best_ms(sycl::queue &q, F run) {
  double best = 1e30;
  for (int rep = 0; rep < 6; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    run();
    q.wait();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (rep > 0) best = std::min(best, ms);
  }
  return best;
}

int main(int argc, char **argv) {
  int log2n = argc > 1 ? std::atoi(argv[1]) : 22;
  size_t n = size_t(1) << log2n;
  sycl::queue q;
  auto policy = oneapi::dpl::execution::make_device_policy(q);
  printf("device: %s, N = %zu\n", q.get_device().get_info<sycl::info::device::name>().c_str(), n);

  std::vector<int> host(n);
  for (size_t i = 0; i < n; ++i) host[i] = int((i * 2654435761u) % 1000003) - 500000;
  int *in = sycl::malloc_device<int>(n, q);
  int *out = sycl::malloc_device<int>(n, q);
  long *sum = sycl::malloc_shared<long>(1, q);
  q.memcpy(in, host.data(), n * sizeof(int)).wait();
  bool ok = true;
  std::vector<int> check(n);

  double dpl_transform = best_ms(q, [&] {
    oneapi::dpl::transform(policy, in, in + n, out, [](int x) { return 3 * x + 1; });
  });
  double own_transform = best_ms(q, [&] {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = 3 * in[i] + 1; });
  });
  q.memcpy(check.data(), out, n * sizeof(int)).wait();
  for (size_t i = 0; i < n; i += 997) ok = ok && check[i] == 3 * host[i] + 1;

  long expect = std::accumulate(host.begin(), host.end(), 0L);
  long dpl_sum = 0;
  double dpl_reduce = best_ms(q, [&] { dpl_sum = oneapi::dpl::reduce(policy, in, in + n, 0L); });
  double own_reduce = best_ms(q, [&] {
    q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<long>(), sycl::property::reduction::initialize_to_identity()),
                   [=](sycl::id<1> i, auto &r) { r += in[i]; });
  });
  ok = ok && dpl_sum == expect && *sum == expect;

  double dpl_scan = best_ms(q, [&] { oneapi::dpl::inclusive_scan(policy, in, in + n, out); });
  q.memcpy(check.data(), out, n * sizeof(int)).wait();
  std::vector<int> scanned(n);
  std::inclusive_scan(host.begin(), host.end(), scanned.begin());
  ok = ok && check == scanned;

  double dpl_sort = best_ms(q, [&] {
    q.memcpy(out, in, n * sizeof(int));
    q.wait();
    oneapi::dpl::sort(policy, out, out + n);
  });
  std::vector<int> sorted = host;
  auto t0 = std::chrono::steady_clock::now();
  std::sort(sorted.begin(), sorted.end());
  double host_sort = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  q.memcpy(check.data(), out, n * sizeof(int)).wait();
  ok = ok && check == sorted;

  double gb = double(n) * sizeof(int) * 2 / 1e9;
  printf("transform      %9.3f ms  (hand-written kernel %9.3f ms, ratio %.2f)\n", dpl_transform, own_transform,
         dpl_transform / own_transform);
  printf("reduce         %9.3f ms  (sycl::reduction     %9.3f ms, ratio %.2f)\n", dpl_reduce, own_reduce,
         dpl_reduce / own_reduce);
  printf("inclusive_scan %9.3f ms  (%.1f GB/s read and written)\n", dpl_scan, gb / (dpl_scan / 1e3));
  printf("sort           %9.3f ms  (std::sort on the host %9.3f ms, ratio %.2f)\n", dpl_sort, host_sort,
         dpl_sort / host_sort);
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(sum, q);
  printf(ok ? "results checked\n" : "WRONG RESULTS\n");
  return ok ? 0 : 1;
}
