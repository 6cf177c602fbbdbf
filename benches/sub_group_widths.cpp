// What a required sub-group size costs where the device's width differs:
// the same kernel (each work-item sums a value over its sub-group with
// reduce_over_group and swaps it with the next lane's by an xor permute,
// 32 times) with
// [[sycl::reqd_sub_group_size(S)]] for S = 4, 8, 16, 32, 64. Where S is the
// device's width the plain instructions run; narrower, clusters of lanes;
// wider, an exchange through work-group memory between work-group barriers.
// Prints milliseconds per launch (best of 5 after a warm-up) and the ratio
// to the device's own width; checks every sum.
//
//   sub_group_widths [log2 N]      (default 20: 1,048,576 work-items)
#include <sycl/sycl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int ROUNDS = 32;
constexpr size_t GROUP = 256;

template <int S>
double best_ms(sycl::queue &q, int *out, size_t n, bool &exact) {
  double best = 1e30;
  for (int rep = 0; rep < 6; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    q.parallel_for(sycl::nd_range<1>(n, GROUP), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(S)]] {
       sycl::sub_group sg = it.get_sub_group();
       int lane = int(sg.get_local_linear_id());
       int acc = 0, v = lane;
       for (int r = 0; r < ROUNDS; ++r) {
         acc += sycl::reduce_over_group(sg, v + r, sycl::plus<int>());
         v = sycl::permute_group_by_xor(sg, v, 1);
       }
       out[it.get_global_id(0)] = acc;
     }).wait();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (rep > 0) best = std::min(best, ms);
  }
  std::vector<int> host(n);
  q.memcpy(host.data(), out, n * sizeof(int)).wait();
  // The values stay a permutation of the lanes: round r sums to
  // S(S-1)/2 + S r.
  int want = ROUNDS * (S * (S - 1) / 2) + S * (ROUNDS * (ROUNDS - 1) / 2);
  for (size_t i = 0; i < n; ++i)
    if (host[i] != want) exact = false;
  return best;
}

int main(int argc, char **argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  int log2n = argc > 1 ? std::atoi(argv[1]) : 20;
  size_t n = size_t(1) << log2n;
  sycl::queue q;
  auto widths = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  std::printf("%s, %zu work-items, device sub-group width %zu\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(), n, widths.empty() ? 0 : widths[0]);
  int *out = sycl::malloc_device<int>(n, q);
  bool exact = true;
  double ms[5] = {best_ms<4>(q, out, n, exact), best_ms<8>(q, out, n, exact), best_ms<16>(q, out, n, exact),
                  best_ms<32>(q, out, n, exact), best_ms<64>(q, out, n, exact)};
  int sizes[5] = {4, 8, 16, 32, 64};
  double own = 0;
  for (int k = 0; k < 5; ++k)
    if (!widths.empty() && size_t(sizes[k]) == widths[0]) own = ms[k];
  std::printf("%6s %10s %8s\n", "S", "ms", "/own");
  for (int k = 0; k < 5; ++k) std::printf("%6d %10.3f %8.2f\n", sizes[k], ms[k], own > 0 ? ms[k] / own : 0.0);
  sycl::free(out, q);
  std::printf("%s\n", exact ? "PASSED" : "FAILED: a sum is wrong");
  return exact ? 0 : 1;
}
