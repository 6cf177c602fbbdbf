// A plugin for examples/plugin/host.cpp: free-function kernels, compiled at
// run time by the host's kernel compiler (not by the host's build).
#include <sycl/sycl.hpp>
#include "plugin_config.h"

namespace syclext = sycl::ext::oneapi;
namespace syclexp = sycl::ext::oneapi::experimental;

extern "C" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void scale_offset(float *data, float scale, float offset) {
  size_t i = syclext::this_work_item::get_nd_item<1>().get_global_id(0);
  float v = data[i] * scale + offset;
#if PLUGIN_CLAMP
  if (v > PLUGIN_SCALE_LIMIT) v = PLUGIN_SCALE_LIMIT;
#endif
  data[i] = v;
}

extern "C" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::single_task_kernel))
void count_positive(const float *data, int n, int *count) {
  int c = 0;
  for (int i = 0; i < n; ++i)
    if (data[i] > 0.0f) ++c;
  *count = c;
}
