// Work-group barriers: an nd_range kernel whose work-groups of 256 reduce
// their values in local memory (a tree: nine barriers per work-item), and
// a sub-group reduction in sub-groups of 16 (on the host device, where
// they are made). Prints milliseconds per launch and nanoseconds per
// work-item barrier; the sums are checked.
//   host_barriers [work-items=1048576] [launches=5]
#include <sycl/sycl.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1 << 20;
  const int launches = argc > 2 ? std::atoi(argv[2]) : 5;
  constexpr size_t L = 256;
  sycl::queue q;
  int *in = sycl::malloc_shared<int>(n, q);
  int *sums = sycl::malloc_shared<int>(n / 16, q);  // a sum per work-group, then per sub-group of 16
  for (size_t i = 0; i < n; ++i) in[i] = int(i % 7);
  auto tree = [&] {
    q.submit([&](sycl::handler &h) {
       sycl::local_accessor<int, 1> t(sycl::range<1>(L), h);
       h.parallel_for(sycl::nd_range<1>(n, L), [=](sycl::nd_item<1> it) {
         size_t l = it.get_local_id(0);
         t[l] = in[it.get_global_id(0)];
         for (size_t half = L / 2; half > 0; half /= 2) {
           sycl::group_barrier(it.get_group());
           if (l < half) t[l] += t[l + half];
         }
         if (l == 0) sums[it.get_group(0)] = t[0];
       });
     }).wait();
  };
  using clock = std::chrono::steady_clock;
  tree();
  auto t0 = clock::now();
  for (int k = 0; k < launches; ++k) tree();
  double ms = std::chrono::duration<double, std::milli>(clock::now() - t0).count() / launches;
  bool ok = true;
  for (size_t g = 0; g < n / L; ++g) {
    int want = 0;
    for (size_t l = 0; l < L; ++l) want += in[g * L + l];
    ok &= sums[g] == want;
  }
  std::printf("%s: %zu work-items in groups of %zu\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(), n, L);
  std::printf("work-group tree reduction: %.2f ms/launch, %.1f ns per work-item barrier\n", ms,
              ms * 1e6 / (double(n) * 9));
  auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  bool has16 = false;
  for (size_t s : sizes) has16 |= s == 16;
  if (has16 && (sizes.size() == 1 || q.get_backend() == sycl::backend::ext_syclone_host)) {
    auto sub = [&] {
      q.parallel_for(sycl::nd_range<1>(n, L), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(16)]] {
         int s = sycl::reduce_over_group(it.get_sub_group(), in[it.get_global_id(0)], sycl::plus<int>());
         if (it.get_sub_group().leader()) sums[it.get_global_id(0) / 16] = s;
       }).wait();
    };
    sub();
    auto t1 = clock::now();
    for (int k = 0; k < launches; ++k) sub();
    double sub_ms = std::chrono::duration<double, std::milli>(clock::now() - t1).count() / launches;
    for (size_t s = 0; s < n / 16; ++s) {
      int want = 0;
      for (size_t l = 0; l < 16; ++l) want += in[s * 16 + l];
      ok &= sums[s] == want;
    }
    std::printf("sub-group reduction (16): %.2f ms/launch\n", sub_ms);
  }
  sycl::free(in, q);
  sycl::free(sums, q);
  std::printf(ok ? "sums correct\n" : "WRONG SUMS\n");
  return ok ? 0 : 1;
}
