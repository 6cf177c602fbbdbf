// An in-order queue: kernels, copies and fills on device USM run in
// submission order without events.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
int main() {
  sycl::queue q{sycl::property::queue::in_order{}};
  if (!q.is_in_order() || !q.has_property<sycl::property::queue::in_order>()) { std::printf("FAILED: in_order\n"); return 1; }
  // A braced property list of one property (g++ also considered the copy
  // constructor for it).
  sycl::queue braced({sycl::property::queue::in_order()});
  sycl::queue profiled({sycl::property::queue::enable_profiling()});
  if (!braced.is_in_order() || !profiled.has_property<sycl::property::queue::enable_profiling>()) {
    std::printf("FAILED: queue({property})\n");
    return 1;
  }
  const size_t n = 4096;
  std::vector<int> host(n), out(n, -1);
  for (size_t i = 0; i < n; ++i) host[i] = int(i);
  int* a = sycl::malloc_device<int>(n, q);
  int* b = sycl::malloc_device<int>(n, q);
  q.memcpy(a, host.data(), n * sizeof(int));
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] * 2; });
  q.fill(b, 7, n);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] = b[i] + a[i]; });
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = b[i] * 3; });
  q.copy(a, out.data(), n);
  q.wait();
  int errors = 0;
  for (size_t i = 0; i < n; ++i) {
    int v = int(i);
    if (out[i] != (v * 2 + 7) * 3) { if (errors++ < 5) std::printf("out[%zu] = %d\n", i, out[i]); }
  }
  sycl::free(a, q);
  sycl::free(b, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
