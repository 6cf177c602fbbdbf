// sycl_ext_oneapi_non_uniform_groups' opportunistic_group: stream
// compaction with a warp-aggregated atomic. The work-items whose element
// passes the filter (divergent control flow) form a group; its leader
// reserves room for all of them with one fetch_add, broadcasts the old
// count, and each writes at that base plus its rank. Every passing element
// must appear exactly once, wherever the groups fall.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;

static int aggregated_increment(int *counter) {
  auto g = syclex::this_kernel::get_opportunistic_group();
  int base = 0;
  if (g.leader()) {
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> count(*counter);
    base = count.fetch_add(int(g.get_local_linear_range()));
  }
  return sycl::group_broadcast(g, base) + int(g.get_local_linear_id());
}

int main() {
  sycl::queue q;
  const int n = 4096;
  int *src = sycl::malloc_shared<int>(n, q);
  int *dst = sycl::malloc_shared<int>(n, q);
  int *count = sycl::malloc_shared<int>(2, q);
  for (int i = 0; i < n; ++i) src[i] = (i * 7919) % 11 < 4 ? i + 1 : -i;
  count[0] = 0;
  count[1] = 0;
  q.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
     int i = int(it.get_global_id(0));
     if (src[i] > 0) dst[aggregated_increment(count)] = src[i];
     // The group's size and rank agree with one another in every member.
     auto g = syclex::this_kernel::get_opportunistic_group();
     if (g.get_local_linear_id() >= g.get_local_linear_range()) count[1] = 1;
   }).wait();

  std::vector<int> want, got(dst, dst + count[0]);
  for (int i = 0; i < n; ++i)
    if (src[i] > 0) want.push_back(src[i]);
  std::sort(got.begin(), got.end());
  int failures = 0;
  if (got != want) {
    std::printf("FAILED: %d elements kept, want %d (or not each once)\n", count[0], int(want.size()));
    ++failures;
  }
  if (count[1] != 0) {
    std::printf("FAILED: a rank beyond the group's size\n");
    ++failures;
  }
  sycl::free(src, q);
  sycl::free(dst, q);
  sycl::free(count, q);
  if (failures == 0) std::printf("PASSED\n");
  return failures == 0 ? 0 : 1;
}
