// A SYCL_EXTERNAL function that reads a device_global (not supported yet:
// the device link binds only its pointer arguments) and asserts (compiled
// out there). Called from a kernel of external_device_global_main.cpp.
#include <sycl/sycl.hpp>
#include <cassert>

sycl::ext::oneapi::experimental::device_global<int> limit{4};

SYCL_EXTERNAL int clamp_to_limit(int x) {
  assert(x >= 0);
#ifdef USE_LIMIT
  return x < limit ? x : int(limit);
#else
  return x < 4 ? x : 4;
#endif
}
