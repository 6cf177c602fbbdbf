// A work-group loops on a counter in local memory with barriers inside:
// the counter's reads decide whether the barriers run (WebGPU accepts this
// only through workgroupUniformLoad). Also built and run in the browser
// playground's test.
#include <sycl/sycl.hpp>
#include <iostream>
int main() {
  sycl::queue q;
  constexpr int n = 64, wg = 16, rounds = 5;
  int *out = sycl::malloc_shared<int>(n, q);
  for (int i = 0; i < n; ++i) out[i] = 0;
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> count(sycl::range<1>(1), h);
    h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
      bool leader = it.get_local_id(0) == 0;
      if (leader) count[0] = 0;
      sycl::group_barrier(it.get_group());
      while (count[0] < rounds) {
        out[it.get_global_id(0)] += 1;
        sycl::group_barrier(it.get_group());
        if (leader) count[0] += 1;
        sycl::group_barrier(it.get_group());
      }
    });
  }).wait();
  bool ok = true;
  for (int i = 0; i < n; ++i) ok &= out[i] == rounds;
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
}
