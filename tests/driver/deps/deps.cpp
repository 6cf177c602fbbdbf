// A source whose two passes read different headers: the dependency file
// must list both.
#include <sycl/sycl.hpp>
#include <cstdio>
#include "common.h"
#ifdef __SYCL_DEVICE_ONLY__
#include "device_only.h"
#define FACTOR kDevice
#else
#include "host_only.h"
#define FACTOR kHost
#endif

int main() {
  sycl::queue q;
  int *v = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *v = kCommon * FACTOR; }).wait();
  int got = *v;
  sycl::free(v, q);
  if (got != 6) {
    std::printf("FAILED: %d\n", got);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
