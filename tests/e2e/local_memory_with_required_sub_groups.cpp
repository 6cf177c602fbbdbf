// Kernels that require a sub-group size and use sub-group collectives
// while their local accessors fill the device's work-group memory: the
// work-group arrays through which sub-groups wider than the device's
// exchange values take one element per work-item of the launch, and none
// where the device's own width serves, so a tile of all but 1 KiB of the
// local memory still fits (a CUDA port's `reqd_sub_group_size(32)` kernel
// with a large shared-memory tile, on NVIDIA's 48 KiB).
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace sycl;

// Sums over sub-groups of S work-items of values read from a tile that
// fills the work-group memory but for `spare` bytes.
template <int S> bool tile_sums(queue &q, size_t spare) {
  constexpr size_t wg = 64;
  const size_t local_bytes = q.get_device().get_info<info::device::local_mem_size>();
  const size_t n = (std::min<size_t>(local_bytes, 1 << 20) - spare) / sizeof(int);
  std::vector<int> out(wg, -1);
  {
    buffer<int> ob(out.data(), range<1>(wg));
    q.submit([&](handler &h) {
      local_accessor<int, 1> tile(range<1>(n), h);
      accessor o(ob, h, write_only);
      h.parallel_for(nd_range<1>(wg, wg), [=](nd_item<1> it) [[sycl::reqd_sub_group_size(S)]] {
        const size_t i = it.get_local_id(0);
        for (size_t k = i; k < n; k += wg) tile[k] = int(k % 7);
        group_barrier(it.get_group());
        sub_group sg = it.get_sub_group();
        const int v = tile[(i * 3) % n];
        const int sum = reduce_over_group(sg, v, plus<int>());
        const long long wide = reduce_over_group(sg, (long long)v << 33, plus<long long>());
        o[i] = (wide >> 33) == sum ? sum : -2;
      });
    });
  }
  bool ok = true;
  for (size_t i = 0; i < wg; ++i) {
    const size_t first = i / S * S;
    int expected = 0;
    for (size_t j = first; j < first + S; ++j) expected += int(((j * 3) % n) % 7);
    if (out[i] != expected) {
      std::printf("FAILED: S=%d, work-item %zu: %d, expected %d\n", S, i, out[i], expected);
      ok = false;
      break;
    }
  }
  return ok;
}

int main() {
  queue q;
  const auto widths = q.get_device().get_info<info::device::sub_group_sizes>();
  const size_t native = *std::max_element(widths.begin(), widths.end());
  bool ok = true;
  // The device's own width: no exchange arrays at all.
  switch (native) {
  case 8: ok &= tile_sums<8>(q, 1024); break;
  case 16: ok &= tile_sums<16>(q, 1024); break;
  case 32: ok &= tile_sums<32>(q, 1024); break;
  default: ok &= tile_sums<64>(q, 1024); break;
  }
  // Twice the device's width (up to 64): 64 work-items' exchange, 256
  // bytes per 32-bit word, within the spare kilobyte.
  if (native <= 8) ok &= tile_sums<16>(q, 1024);
  if (native <= 32) ok &= tile_sums<64>(q, 1024);
  if (ok) std::printf("PASSED\n");
  return ok ? 0 : 1;
}
