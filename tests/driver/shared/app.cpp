// An executable with its own kernel that also runs the kernel of
// libplugin.so, linked with it.
#include "plugin.hpp"
#include <cstdio>

class AppAdd;

int main() {
  sycl::queue q;
  const int n = 64;
  int *a = sycl::malloc_shared<int>(n, q);
  plugin_scale(q, a, n, 3);
  q.parallel_for<AppAdd>(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1; }).wait();
  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (a[i] != 3 * i + 1) ++errors;
  sycl::free(a, q);
  if (errors) {
    std::printf("FAILED: %d wrong values\n", errors);
    return 1;
  }
  std::printf("PASSED on %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  return 0;
}
