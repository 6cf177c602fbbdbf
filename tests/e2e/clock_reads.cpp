// sycl_ext_oneapi_clock: kernels read the sub-group, work-group and device
// clocks (the template and the run-time-scope forms); each clock counts
// up between two reads, and the devices that run the kernel report the
// clock aspects; a device without them refuses such a kernel.
#include <sycl/sycl.hpp>
#include <iostream>

namespace syclex = sycl::ext::oneapi::experimental;

int main() {
  sycl::queue q;
  sycl::device d = q.get_device();
  bool has_all = d.has(sycl::aspect::ext_oneapi_clock_sub_group) &&
                 d.has(sycl::aspect::ext_oneapi_clock_work_group) &&
                 d.has(sycl::aspect::ext_oneapi_clock_device);
  if (!has_all) {
    // A device without the clocks refuses the kernel.
    bool refused = false;
    try {
      uint64_t *t = sycl::malloc_shared<uint64_t>(1, q);
      q.single_task([=] { *t = syclex::clock<syclex::clock_scope::device>(); }).wait();
      sycl::free(t, q);
    } catch (const sycl::exception &e) {
      refused = e.code() == sycl::errc::kernel_not_supported;
    }
    std::cout << (refused ? "PASSED" : "FAILED") << std::endl;
    return refused ? 0 : 1;
  }
  constexpr int N = 256, G = 64;
  uint64_t *t = sycl::malloc_shared<uint64_t>(6 * N, q);
  float *sink = sycl::malloc_shared<float>(N, q);
  q.parallel_for(sycl::nd_range<1>(N, G), [=](sycl::nd_item<1> it) {
    size_t i = it.get_global_id(0);
    uint64_t sg0 = syclex::clock<syclex::clock_scope::sub_group>();
    uint64_t wg0 = syclex::clock<syclex::clock_scope::work_group>();
    uint64_t dv0 = syclex::clock(syclex::clock_scope::device);
    float x = float(i);
    for (int k = 0; k < 2000; k++) x = x * 0.999f + 1.0f;
    sink[i] = x;
    uint64_t sg1 = syclex::clock();  // the sub-group clock by default
    uint64_t wg1 = syclex::clock(syclex::clock_scope::work_group);
    uint64_t dv1 = syclex::clock<syclex::clock_scope::device>();
    uint64_t *mine = t + 6 * i;
    mine[0] = sg0; mine[1] = sg1;
    mine[2] = wg0; mine[3] = wg1;
    mine[4] = dv0; mine[5] = dv1;
  }).wait();
  bool ok = true;
  for (int i = 0; i < N && ok; i++) {
    const uint64_t *mine = t + 6 * i;
    ok = mine[1] >= mine[0] && mine[3] >= mine[2] && mine[5] >= mine[4] && mine[5] > 0;
    if (!ok) std::cout << "FAILED at " << i << "\n";
  }
  sycl::free(t, q);
  sycl::free(sink, q);
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
