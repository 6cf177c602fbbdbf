// Work-groups that wait for each other: a latch across the work-groups of
// a launch (each group's leader counts itself in and spins until every
// group has arrived) and a chain handed from the last group to the first.
// SYCL does not promise that the groups of a launch progress together, but
// programs size such launches to the device and expect them to; the host
// device adds threads to a launch that stops progressing, so both finish
// there even with more groups than cores. (On lavapipe a leader spinning
// on an acquire load stops without finishing its work-items: docs/STATUS.md,
// the atomics row; the kernels are skipped there.)
#include <sycl/sycl.hpp>
#include <cstdio>
#include <string>

struct Latch {
  unsigned long long arrived;
  unsigned long long groups;
};

using device_atomic =
    sycl::atomic_ref<unsigned long long, sycl::memory_order::acq_rel, sycl::memory_scope::device,
                     sycl::access::address_space::global_space>;

int main() {
  sycl::queue q;
  const std::string device = q.get_device().get_info<sycl::info::device::name>();
  if (device.rfind("llvmpipe", 0) == 0) {
    std::printf("skipped on %s\nPASSED\n", device.c_str());
    return 0;
  }
  constexpr size_t groups = 12, size = 16, n = groups * size;
  int errors = 0;

  int *marks = sycl::malloc_shared<int>(n, q);
  int *totals = sycl::malloc_shared<int>(n, q);
  Latch *latch = sycl::malloc_shared<Latch>(1, q);
  *latch = Latch{0, groups};
  q.parallel_for(sycl::nd_range<1>(n, size), [=](sycl::nd_item<1> it) {
     size_t me = it.get_global_linear_id();
     marks[me] = static_cast<int>(me % 7) + 1;
     sycl::group_barrier(it.get_group());
     if (it.get_group().leader()) {
       device_atomic arrived(latch->arrived);
       arrived.fetch_add(1);
       while (arrived.load() != latch->groups) {
       }
     }
     sycl::group_barrier(it.get_group());
     int total = 0;
     for (size_t i = 0; i < n; ++i) total += marks[i];
     totals[me] = total;
   }).wait();
  int want = 0;
  for (size_t i = 0; i < n; ++i) want += static_cast<int>(i % 7) + 1;
  for (size_t i = 0; i < n; ++i)
    if (totals[i] != want && errors++ < 4)
      std::printf("latch: item %zu saw %d, expected %d\n", i, totals[i], want);

  // Group g waits for group g + 1, so the last group, claimed last, must
  // run while all the others wait.
  unsigned long long *tokens = sycl::malloc_shared<unsigned long long>(groups + 1, q);
  for (size_t g = 0; g <= groups; ++g) tokens[g] = 0;
  tokens[groups] = 1;
  q.parallel_for(sycl::nd_range<1>(n, size), [=](sycl::nd_item<1> it) {
     size_t g = it.get_group_linear_id();
     if (it.get_local_linear_id() == 0) {
       device_atomic next(tokens[g + 1]);
       unsigned long long got;
       while ((got = next.load()) == 0) {
       }
       device_atomic mine(tokens[g]);
       mine.store(got + 1);
     }
     sycl::group_barrier(it.get_group());
   }).wait();
  for (size_t g = 0; g < groups; ++g)
    if (tokens[g] != groups - g + 1 && errors++ < 8)
      std::printf("chain: group %zu holds %llu, expected %zu\n", g, tokens[g], groups - g + 1);

  sycl::free(marks, q);
  sycl::free(totals, q);
  sycl::free(latch, q);
  sycl::free(tokens, q);
  if (errors) {
    std::printf("FAILED (%d errors)\n", errors);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
