// sycl_ext_oneapi_launch_queries: how many work-groups of a kernel surely
// run at once on a queue's device (for persistent kernels that loop over
// their work), and the kernel's other launch limits. A grid sized by the
// query must run to completion; a work-group the device cannot run (too
// many work-items, more work-group memory than it has) gives 0.
#include <sycl/sycl.hpp>
#include <cstdio>

namespace syclex = sycl::ext::oneapi::experimental;
namespace kqs = syclex::info::kernel_queue_specific;

class Persistent;

int main() {
  sycl::queue q;
  sycl::device dev = q.get_device();
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  sycl::kernel k = bundle.get_kernel<Persistent>();

  const size_t group = 64;
  size_t groups = k.ext_oneapi_get_info<kqs::max_num_work_groups>(q, sycl::range<1>(group), 256);
  int failures = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      ++failures;
    }
  };
  check(groups >= 1, "max_num_work_groups of a small work-group is at least 1");
  check(groups == dev.get_info<sycl::info::device::max_compute_units>(), "one work-group per compute unit");
  const size_t max_group = dev.get_info<sycl::info::device::max_work_group_size>();
  const size_t local = dev.get_info<sycl::info::device::local_mem_size>();
  check(k.ext_oneapi_get_info<kqs::max_num_work_groups>(q, sycl::range<1>(max_group + 1)) == 0,
        "a work-group larger than the device allows runs nowhere");
  check(k.ext_oneapi_get_info<kqs::max_num_work_groups>(q, sycl::range<2>(8, 8), local + 1) == 0,
        "more work-group memory than the device has");
  check(k.ext_oneapi_get_info<kqs::max_num_work_groups>(q, sycl::range<3>(1, 4, 16)) == groups,
        "the same count for the same work-group size in 3 dimensions");
  check(k.ext_oneapi_get_info<kqs::max_work_group_size>(q) == max_group, "max_work_group_size");
  check(k.ext_oneapi_get_info<kqs::max_sub_group_size>(q) ==
            k.get_info<sycl::info::kernel_device_specific::max_sub_group_size>(dev),
        "max_sub_group_size");
  sycl::id<1> items = k.ext_oneapi_get_info<kqs::max_work_item_sizes<1>>(q);
  check(items[0] == dev.get_info<sycl::info::device::max_work_item_sizes<1>>()[0], "max_work_item_sizes<1>");

  // A persistent kernel: `groups` work-groups stride over all the work.
  const size_t n = 100000;
  int *data = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> scratch(sycl::range<1>(group), h);
     h.parallel_for<Persistent>(sycl::nd_range<1>(groups * group, group), [=](sycl::nd_item<1> it) {
       const size_t stride = it.get_global_range(0);
       for (size_t i = it.get_global_id(0); i < n; i += stride) {
         scratch[it.get_local_id(0)] = int(i % 1000);
         data[i] = scratch[it.get_local_id(0)] * 2;
       }
     });
   }).wait();
  bool ok = true;
  for (size_t i = 0; i < n; ++i) ok &= data[i] == int(i % 1000) * 2;
  check(ok, "the persistent kernel covered every element");
  sycl::free(data, q);
  if (failures == 0) std::printf("PASSED\n");
  return failures == 0 ? 0 : 1;
}
