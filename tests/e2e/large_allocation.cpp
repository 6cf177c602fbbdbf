// A USM allocation larger than one storage binding and, on lavapipe, larger
// than its largest buffer (2^31 - 1 bytes): the runtime gives such an
// allocation several buffers of one binding window each, and kernels reach
// every part of it. 2^31 + 2^27 bytes, or max_mem_alloc_size where that is
// less (lavapipe's 2 GiB heap: 2^31 bytes, 16 buffers of 128 MiB); kernels
// write and read elements spread over all of it (both ends and every
// window), and memcpy reads single elements back; a kernel that only
// tests pointers into it binds none of it.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>

int main() {
  sycl::queue q;
  const size_t most = q.get_device().get_info<sycl::info::device::max_mem_alloc_size>();
  const size_t bytes = std::min((size_t(1) << 31) + (size_t(1) << 27), most);
  const size_t n = bytes / sizeof(uint32_t);
  const size_t probes = 4096;
  const size_t stride = (n - 1) / (probes - 1);
  int errors = 0;
  uint32_t *big = sycl::malloc_device<uint32_t>(n, q);
  uint32_t *seen = sycl::malloc_shared<uint32_t>(probes, q);
  if (big == nullptr || seen == nullptr) {
    std::printf("allocation of %zu bytes failed\n", bytes);
    return 1;
  }
  q.parallel_for(sycl::range<1>(probes), [=](sycl::id<1> i) {
    big[i * stride] = static_cast<uint32_t>(i * 7 + 1);
  });
  q.single_task([=] { big[n - 1] = 0xC0FFEEu; });
  q.parallel_for(sycl::range<1>(probes), [=](sycl::id<1> i) {
    seen[i] = big[i * stride] + (i + 1 == probes ? 0u : big[i * stride + 1]);
  }).wait();
  for (size_t i = 0; i < probes; ++i) {
    uint32_t expected = static_cast<uint32_t>(i * 7 + 1);
    if (i + 1 == probes && stride * i == n - 1) expected = 0xC0FFEEu;
    if (seen[i] != expected && errors++ < 8)
      std::printf("probe %zu (element %zu): %u, expected %u\n", i, i * stride, seen[i], expected);
  }
  uint32_t last = 0, middle = 0;
  q.memcpy(&last, big + n - 1, sizeof last);
  q.memcpy(&middle, big + (probes / 2) * stride, sizeof middle).wait();
  if (last != 0xC0FFEEu || middle != (probes / 2) * 7 + 1) {
    std::printf("memcpy back: last %x middle %u\n", last, middle);
    ++errors;
  }
  // A kernel that only tests pointers into the allocation (a range's
  // end, as oneDPL's kernels carry unused views) never dereferences it:
  // it binds none of its windows.
  struct Range { const uint32_t *first, *last; };
  const Range whole{big, big + n};
  q.single_task([=] {
    seen[0] = (whole.first != nullptr) + 2 * (whole.last != nullptr);
  }).wait();
  if (seen[0] != 3) {
    std::printf("comparing pointers into it: %u, expected 3\n", seen[0]);
    ++errors;
  }
  sycl::free(big, q);
  sycl::free(seen, q);
  std::printf(errors == 0 ? "PASSED\n" : "FAILED\n");
  return errors == 0 ? 0 : 1;
}
