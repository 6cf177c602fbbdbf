// Work-group memory is counted whole against the device's `local_mem_size`:
// a group_local_memory array of fixed size together with a local accessor
// sized at run time runs when the two fill the memory exactly, and one
// word more raises sycl::exception (errc::memory_allocation) instead of
// reaching a driver that may hang on it (NVIDIA's does not refuse). A
// fixed array larger than any device's memory is refused the same way.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

using namespace sycl;

constexpr size_t kFixedInts = 2048; // 8 KiB of group_local_memory
constexpr size_t kWg = 64;

// Fills the fixed array and a tile of `tile_ints`, then has each work-item
// read back what another wrote; returns whether the launch ran and its
// results were right.
bool run_with_tile(queue &q, size_t tile_ints) {
  std::vector<int> out(kWg, -1);
  {
    buffer<int> ob(out.data(), range<1>(kWg));
    q.submit([&](handler &h) {
      local_accessor<int, 1> tile(range<1>(tile_ints), h);
      accessor o(ob, h, write_only);
      h.parallel_for(nd_range<1>(kWg, kWg), [=](nd_item<1> it) {
        auto &fixed = *ext::oneapi::group_local_memory_for_overwrite<int[kFixedInts]>(it.get_group());
        const size_t i = it.get_local_id(0);
        for (size_t k = i; k < kFixedInts; k += kWg) fixed[k] = int(k);
        for (size_t k = i; k < tile_ints; k += kWg) tile[k] = int(k % 5);
        group_barrier(it.get_group());
        const size_t j = (i + 1) % kWg;
        o[i] = fixed[kFixedInts - 1 - j] + tile[tile_ints - 1 - j];
      });
    });
  }
  for (size_t i = 0; i < kWg; ++i) {
    const size_t j = (i + 1) % kWg;
    const int expect = int(kFixedInts - 1 - j) + int((tile_ints - 1 - j) % 5);
    if (out[i] != expect) {
      std::printf("out[%zu] = %d, expected %d\n", i, out[i], expect);
      return false;
    }
  }
  return true;
}

// Whether submitting the work throws errc::memory_allocation.
template <typename F> bool refused(F &&work) {
  try {
    work();
  } catch (const sycl::exception &e) {
    if (e.code() == errc::memory_allocation) {
      std::printf("refused: %s\n", e.what());
      return true;
    }
    std::printf("unexpected exception: %s\n", e.what());
    return false;
  }
  std::puts("not refused");
  return false;
}

int main() {
  queue q;
  const size_t local = q.get_device().get_info<info::device::local_mem_size>();
  std::printf("%s: %zu bytes of local memory\n",
              q.get_device().get_info<info::device::name>().c_str(), local);
  const size_t fits = (local - kFixedInts * sizeof(int)) / sizeof(int);
  bool ok = run_with_tile(q, fits);
  ok &= refused([&] { run_with_tile(q, fits + 1); });
  ok &= refused([&] {
    int *out = malloc_shared<int>(kWg, q);
    try {
      q.parallel_for(nd_range<1>(kWg, kWg), [=](nd_item<1> it) {
         auto &huge = *ext::oneapi::group_local_memory_for_overwrite<int[1 << 18]>(it.get_group());
         huge[it.get_local_id(0) * 4096] = 1;
         group_barrier(it.get_group());
         out[it.get_local_id(0)] = huge[((it.get_local_id(0) + 1) % kWg) * 4096];
       }).wait();
    } catch (...) {
      free(out, q);
      throw;
    }
    free(out, q);
  });
  // The queue still works after the refusals.
  ok &= run_with_tile(q, 256);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
