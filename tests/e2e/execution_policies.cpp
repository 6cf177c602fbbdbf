// Standard parallel algorithms (<execution>) in host code around kernels:
// kernels launched from the function object of
// `std::for_each(std::execution::par, ...)` (one queue per part, as
// multi-GPU samples split work), and policy overloads of transform_reduce,
// sort, fill, count_if and inclusive_scan checking the results on the host.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <execution>
#include <numeric>
#include <vector>

int main() {
  constexpr int parts = 3, n = 1024;
  sycl::queue q;
  std::vector<float *> data(parts);
  for (auto &d : data) d = sycl::malloc_shared<float>(n, q);

  // One kernel per part, launched from a generic lambda the algorithm calls.
  std::array<int, parts> ids{0, 1, 2};
  std::for_each(std::execution::par, ids.begin(), ids.end(), [&q, &data](auto part) {
    float *d = data[part];
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] = float(part * n + int(i[0])); });
  });
  q.wait();

  int failures = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      ++failures;
    }
  };
  for (int p = 0; p < parts; ++p)
    check(data[p][0] == float(p * n) && data[p][n - 1] == float(p * n + n - 1), "kernel launched by for_each(par)");

  std::vector<float> host(data[1], data[1] + n);
  double sum = std::transform_reduce(std::execution::par_unseq, host.begin(), host.end(), 0.0, std::plus<>(),
                                     [](float x) { return double(x); });
  check(sum == double(n) * n + double(n) * (n - 1) / 2, "transform_reduce(par_unseq)");

  std::sort(std::execution::par, host.begin(), host.end(), [](float a, float b) { return a > b; });
  check(host.front() == float(2 * n - 1) && host.back() == float(n), "sort(par) with a comparison");

  std::vector<int> flags(n);
  std::fill(std::execution::seq, flags.begin(), flags.end(), 1);
  std::inclusive_scan(std::execution::par, flags.begin(), flags.end(), flags.begin());
  check(flags[n - 1] == n, "inclusive_scan(par)");
  check(std::count_if(std::execution::unseq, flags.begin(), flags.end(), [](int v) { return v % 2 == 0; }) == n / 2,
        "count_if(unseq)");
  static_assert(std::is_execution_policy_v<std::execution::parallel_policy>);
  static_assert(!std::is_execution_policy_v<int>);

  for (auto d : data) sycl::free(d, q);
  if (failures) return 1;
  std::printf("PASSED\n");
  return 0;
}
