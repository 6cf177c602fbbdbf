// sycl::reduction: the sum and the maximum of a USM array in one kernel.
#include <sycl/sycl.hpp>
#include <iostream>

int main() {
  constexpr int n = 100000;
  sycl::queue q;
  int *values = sycl::malloc_shared<int>(n, q);
  int *sum = sycl::malloc_shared<int>(1, q);
  int *max = sycl::malloc_shared<int>(1, q);
  for (int i = 0; i < n; ++i) values[i] = (i * 37) % 1000;
  *sum = 0;
  *max = 0;
  q.parallel_for(sycl::range<1>{n}, sycl::reduction(sum, sycl::plus<int>()),
                 sycl::reduction(max, sycl::maximum<int>()),
                 [=](sycl::id<1> i, auto &s, auto &m) {
                   s += values[i];
                   m.combine(values[i]);
                 })
      .wait();
  long long expected = 0;
  for (int i = 0; i < n; ++i) expected += (i * 37) % 1000;
  bool ok = *sum == expected && *max == 999;
  std::cout << (ok ? "PASSED" : "FAILED") << ": sum " << *sum << " (expected " << expected << "), max " << *max
            << "\n";
  sycl::free(values, q);
  sycl::free(sum, q);
  sycl::free(max, q);
  return ok ? 0 : 1;
}
