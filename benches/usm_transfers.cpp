// Transfers of device USM: GB/s of `memcpy` host to device, device to host
// and device to device, and of `memset`, each measured with the kernel that
// uses the data (the runtime moves an allocation when a kernel needs it) minus
// the same kernel alone, next to plain `std::memcpy` on the host and a copy
// kernel between the two device allocations. Prints figures; every
// transfer's data is checked.
//   usm_transfers [MiB...]   (default 1 16 256)
#include <sycl/sycl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using clock_type = std::chrono::steady_clock;

static double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// The fastest of `reps` runs of `f`, in seconds.
template <typename F>
static double best_of(int reps, F f) {
  double best = 1e30;
  for (int r = 0; r < reps; ++r) best = std::min(best, f());
  return best;
}

int main(int argc, char** argv) {
  std::vector<size_t> sizes;
  for (int a = 1; a < argc; ++a) sizes.push_back(size_t(std::atoi(argv[a])) << 20);
  if (sizes.empty()) sizes = {size_t(1) << 20, size_t(16) << 20, size_t(256) << 20};
  sycl::queue q{sycl::property::queue::in_order{}};
  std::printf("%s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  unsigned* probe = sycl::malloc_shared<unsigned>(1, q);
  bool ok = true;
  const int reps = 5;
  for (size_t bytes : sizes) {
    const size_t n = bytes / sizeof(unsigned);
    std::vector<unsigned> host(n), back(n);
    for (size_t i = 0; i < n; ++i) host[i] = unsigned(i * 2654435761u);
    unsigned* dev = sycl::malloc_device<unsigned>(n, q);
    unsigned* copy = sycl::malloc_device<unsigned>(n, q);
    q.memcpy(dev, host.data(), bytes).wait();
    // The kernel every figure includes: reads the last element, writes the first.
    auto touch = [&](unsigned salt) {
      q.single_task([=] {
        *probe = dev[n - 1] ^ salt;
        dev[0] = salt;
      });
    };
    touch(0);
    q.wait();
    const double kernel = best_of(reps, [&] {
      auto t0 = clock_type::now();
      touch(1);
      q.wait();
      return seconds_since(t0);
    });
    const double to_device = best_of(reps, [&] {
      auto t0 = clock_type::now();
      q.memcpy(dev, host.data(), bytes);
      touch(2);
      q.wait();
      return seconds_since(t0);
    });
    ok &= *probe == (host[n - 1] ^ 2u);
    const double to_host = best_of(reps, [&] {
      auto t0 = clock_type::now();
      touch(3);
      q.memcpy(back.data(), dev, bytes).wait();
      return seconds_since(t0);
    });
    ok &= back[0] == 3u && back[n - 1] == host[n - 1];
    const double fill = best_of(reps, [&] {
      auto t0 = clock_type::now();
      q.memset(dev, 0, bytes);
      touch(4);
      q.wait();
      return seconds_since(t0);
    });
    ok &= *probe == 4u;
    q.memcpy(dev, host.data(), bytes).wait();
    // Device to device, then the kernel reads the copy's last element.
    const double on_device = best_of(reps, [&] {
      auto t0 = clock_type::now();
      q.memcpy(copy, dev, bytes);
      q.single_task([=] { *probe = copy[n - 1]; });
      q.wait();
      return seconds_since(t0);
    });
    ok &= *probe == host[n - 1];
    const double copy_kernel = best_of(reps, [&] {
      auto t0 = clock_type::now();
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { copy[i] = dev[i]; });
      q.single_task([=] { *probe = copy[n - 1]; });
      q.wait();
      return seconds_since(t0);
    });
    ok &= *probe == host[n - 1];
    const double plain = best_of(reps, [&] {
      auto t0 = clock_type::now();
      std::memcpy(back.data(), host.data(), bytes);
      return seconds_since(t0);
    });
    auto rate = [&](double t) { return t > kernel ? bytes / (t - kernel) / 1e9 : 0.0; };
    std::printf(
        "%5zu MiB: host to device %6.2f GB/s, device to host %6.2f GB/s, memset %6.2f GB/s, "
        "device to device %6.2f GB/s (copy kernel %6.2f), host memcpy %6.2f GB/s "
        "(kernel alone %.1f us)\n",
        bytes >> 20, rate(to_device), rate(to_host), rate(fill), rate(on_device),
        rate(copy_kernel), bytes / plain / 1e9, kernel * 1e6);
    sycl::free(copy, q);
    sycl::free(dev, q);
  }
  sycl::free(probe, q);
  std::printf("%s\n", ok ? "results checked" : "WRONG RESULT");
  return ok ? 0 : 1;
}
