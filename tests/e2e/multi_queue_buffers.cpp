// Two queues on every pair of visible devices (Vulkan and host when both
// exist) share buffers: the runtime moves data between them in order.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
int main() {
  std::vector<sycl::device> devs = sycl::device::get_devices();
  sycl::queue qa{devs.front()};
  sycl::queue qb{devs.back()};
  const size_t n = 3000;
  std::vector<int> v(n, 0);
  {
    sycl::buffer<int> buf(v.data(), sycl::range<1>(n));
    for (int round = 0; round < 4; ++round) {
      sycl::queue& q = (round % 2) ? qb : qa;
      q.submit([&](sycl::handler& h) {
        auto a = buf.get_access<sycl::access::mode::read_write>(h);
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] * 2 + int(i); });
      });
    }
  }
  int errors = 0;
  for (size_t i = 0; i < n; ++i) {
    int x = 0;
    for (int round = 0; round < 4; ++round) x = x * 2 + static_cast<int>(i);
    if (v[i] != x) { if (errors++ < 5) std::printf("v[%zu] = %d, expected %d\n", i, v[i], x); }
  }
  std::printf("%s (%s -> %s)\n", errors ? "FAILED" : "PASSED",
              qa.get_device().get_info<sycl::info::device::name>().c_str(),
              qb.get_device().get_info<sycl::info::device::name>().c_str());
  return errors != 0;
}
