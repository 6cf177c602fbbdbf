// The device pass accepts this file; the host compiler does not (the error
// is in code the device pass never sees).
#include <sycl/sycl.hpp>

#ifndef __SYCL_DEVICE_ONLY__
static int host_value = this_name_is_not_declared;
#endif

int main() {
  sycl::queue q;
  q.single_task([=] {}).wait();
  return 0;
}
