#include <sycl/sycl.hpp>
#include <cstdio>

SYCL_EXTERNAL int clamp_to_limit(int x);

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { out[0] = clamp_to_limit(9); }).wait();
  std::printf(out[0] == 4 ? "PASSED\n" : "FAILED: %d\n", out[0]);
  sycl::free(out, q);
}
