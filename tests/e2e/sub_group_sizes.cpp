// Kernels that require a sub-group size ([[sycl::reqd_sub_group_size(S)]],
// S = 2, 4, 8, 16, 32, 64): where the device can make S, every sub-group
// collective (ids, reduce, scans, shifts, xor permutes, broadcast, select,
// any/all, ballot, on 32- and 64-bit values) works in sub-groups of S
// consecutive work-items, the last one of a work-group smaller when S does
// not divide it; elsewhere the launch throws errc::kernel_not_supported.
// The host device makes any power of two up to 64 (its work-items are
// coroutines that exchange values through memory); a Vulkan device makes
// them all: several sub-groups of S lanes in each of its own where it is
// wider (16 on NVIDIA's 32, 4 on lavapipe's 8), one over several of its own
// where it is narrower (32 on lavapipe's 8, 64 on NVIDIA's 32).
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>

template <int S>
int run(sycl::queue &q, size_t group) {
  const size_t groups = 3, N = groups * group;
  int *out = sycl::malloc_shared<int>(N * 12, q);
  q.parallel_for(sycl::nd_range<1>(N, group), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(S)]] {
     sycl::sub_group sg = it.get_sub_group();
     int g = int(it.get_global_id(0));
     int lane = int(sg.get_local_linear_id());
     int *o = out + g * 12;
     o[0] = lane;
     o[1] = int(sg.get_group_linear_id()) * 1000 + int(sg.get_local_linear_range());
     o[2] = sycl::reduce_over_group(sg, lane, sycl::plus<int>());
     o[3] = sycl::inclusive_scan_over_group(sg, 1, sycl::plus<int>());
     o[9] = sycl::exclusive_scan_over_group(sg, lane, sycl::maximum<int>());
     o[4] = sycl::shift_group_left(sg, lane * 10, 1);
     o[5] = sycl::permute_group_by_xor(sg, lane, 1);
     o[6] = sycl::group_broadcast(sg, g, 0);
     o[7] = int(sycl::any_of_group(sg, lane == 1)) + 2 * int(sycl::all_of_group(sg, lane < S)) +
            4 * int(sycl::none_of_group(sg, lane > S));
     o[8] = int(sycl::ext::oneapi::group_ballot(sg, lane % 2 == 0).count());
     o[10] = int(sycl::reduce_over_group(sg, (long long)lane << 33, sycl::plus<long long>()) >> 33);
     int size = int(sg.get_local_linear_range());
     o[11] = int(sycl::select_from_group(sg, (long long)lane << 32, (lane + 1) % size) >> 32);
   }).wait();
  int errors = 0;
  for (size_t i = 0; i < N; ++i) {
    int l = int(i % group), lane = l % S, first = l - lane;
    int size = std::min<int>(S, int(group) - first);
    int sum = size * (size - 1) / 2;
    int want[12] = {lane,
                   (l / S) * 1000 + size,
                   sum,
                   lane + 1,
                   lane + 1 < size ? (lane + 1) * 10 : out[i * 12 + 4],
                   (lane ^ 1) < size ? lane ^ 1 : lane,
                   int(i) - lane,
                   (size > 1 ? 1 : 0) + 2 + 4,
                   (size + 1) / 2,
                   lane == 0 ? std::numeric_limits<int>::lowest() : lane - 1,
                   sum,
                   (lane + 1) % size};
    for (int k = 0; k < 12; ++k)
      if (out[i * 12 + k] != want[k] && errors++ < 10)
        std::printf("S=%d item %zu value %d: %d, want %d\n", S, i, k, out[i * 12 + k], want[k]);
  }
  sycl::free(out, q);
  return errors;
}

template <int S>
int run_or_throw(sycl::queue &q) {
  auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  bool host = q.get_backend() == sycl::backend::ext_syclone_host;
  bool fits = host ? std::find(sizes.begin(), sizes.end(), size_t(S)) != sizes.end() : !sizes.empty();
  try {
    // A group that S divides, and one whose last sub-group is short.
    int errors = run<S>(q, 4 * S) + run<S>(q, 3 * S - 2);
    if (!fits) {
      std::printf("S=%d: ran where it should have thrown\n", S);
      return 1;
    }
    return errors;
  } catch (const sycl::exception &e) {
    if (e.code() == sycl::errc::kernel_not_supported && !fits) return 0;
    std::printf("S=%d: unexpected exception: %s\n", S, e.what());
    return 1;
  }
}

int main() {
  sycl::queue q;
  int errors = run_or_throw<2>(q) + run_or_throw<4>(q) + run_or_throw<8>(q) + run_or_throw<16>(q) +
               run_or_throw<32>(q) + run_or_throw<64>(q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
