// Float and double atomic adds in global memory, which a GPU may do with
// its own instruction and a device without one with compare-exchange loops:
// the values fetch_add returns (every work-item adding 1 to one counter sees
// a different old value), fetch_sub and the operators, adds through a
// pointer into the middle of an allocation and through a pointer chosen at
// run time between two allocations, adds and compare-exchanges on the same
// array in one kernel, doubles (also in a struct of mixed members), and
// work-group memory beside global memory.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

using relaxed_ref = sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device,
                                     sycl::access::address_space::global_space>;

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main() {
  sycl::queue q;
  constexpr int N = 4096;

  // Old values: 0, 1, ..., N-1 in some order (all exact in float).
  float *counter = sycl::malloc_shared<float>(1, q);
  int *seen = sycl::malloc_shared<int>(N, q);
  *counter = 0.0f;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     float old = relaxed_ref(*counter).fetch_add(1.0f);
     seen[i] = static_cast<int>(old);
   }).wait();
  std::vector<int> olds(seen, seen + N);
  std::sort(olds.begin(), olds.end());
  std::vector<int> want(N);
  std::iota(want.begin(), want.end(), 0);
  check(*counter == float(N), "N adds of 1 to one counter");
  check(olds == want, "fetch_add returns every old value once");

  // fetch_sub, -=, += and the value operator+= returns.
  float *acc = sycl::malloc_shared<float>(4, q);
  int *ok = sycl::malloc_shared<int>(1, q);
  std::fill(acc, acc + 4, 100.0f);
  *ok = 1;
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) {
     relaxed_ref(acc[0]).fetch_sub(0.5f);
     relaxed_ref(acc[1]) -= 2.0f;
     float after = (relaxed_ref(acc[2]) += 0.25f);
     if (after <= 100.0f || after > 116.0f) *ok = 0;
     relaxed_ref(acc[3]).fetch_add(-1.0f);
   }).wait();
  check(acc[0] == 68.0f, "fetch_sub");
  check(acc[1] == -28.0f, "operator-=");
  check(acc[2] == 116.0f && *ok == 1, "operator+= and the value it returns");
  check(acc[3] == 36.0f, "fetch_add of a negative value");

  // Through a pointer into the middle of a device allocation.
  constexpr int BINS = 16;
  float *bins = sycl::malloc_device<float>(BINS + 8, q);
  q.fill(bins, 0.0f, BINS + 8).wait();
  float *middle = bins + 8;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     relaxed_ref(middle[i % BINS]).fetch_add(0.5f);
   }).wait();
  std::vector<float> got(BINS + 8);
  q.memcpy(got.data(), bins, sizeof(float) * got.size()).wait();
  bool bins_ok = true;
  for (int b = 0; b < 8; ++b) bins_ok = bins_ok && got[b] == 0.0f;
  for (int b = 0; b < BINS; ++b) bins_ok = bins_ok && got[8 + b] == 0.5f * (N / BINS);
  check(bins_ok, "adds through a pointer into the middle of an allocation");

  // A pointer chosen at run time between two allocations.
  float *even = sycl::malloc_shared<float>(1, q);
  float *odd = sycl::malloc_shared<float>(1, q);
  *even = *odd = 0.0f;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     float *target = i % 2 ? odd : even;
     relaxed_ref(*target).fetch_add(float(i % 2 + 1));
   }).wait();
  check(*even == float(N / 2) && *odd == float(N), "adds through a pointer chosen at run time");

  // Adds and compare-exchanges on one array in one kernel: a[0] is summed,
  // a[1] keeps the largest value by compare-exchange.
  float *mixed = sycl::malloc_shared<float>(2, q);
  mixed[0] = 0.0f;
  mixed[1] = -1.0f;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     relaxed_ref(mixed[0]).fetch_add(2.0f);
     relaxed_ref largest(mixed[1]);
     float v = float(i % 1000);
     float cur = largest.load();
     while (cur < v && !largest.compare_exchange_weak(cur, v)) {
     }
   }).wait();
  check(mixed[0] == 2.0f * N && mixed[1] == 999.0f, "adds and compare-exchanges on one array");

  // Doubles: fetch_add's old values, fetch_sub, and adds into a member of
  // a struct of mixed members (memory the kernel addresses in words).
  struct Mixed {
    int count;
    double sum;
  };
  double *dcounter = sycl::malloc_shared<double>(2, q);
  int *dseen = sycl::malloc_shared<int>(N, q);
  Mixed *mixed_struct = sycl::malloc_shared<Mixed>(1, q);
  dcounter[0] = 0.0;
  dcounter[1] = 1000.0;
  *mixed_struct = Mixed{0, 0.0};
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     using dref = sycl::atomic_ref<double, sycl::memory_order::relaxed, sycl::memory_scope::device>;
     dseen[i] = static_cast<int>(dref(dcounter[0]).fetch_add(1.0));
     dref(dcounter[1]).fetch_sub(0.25);
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(mixed_struct->count)++;
     dref(mixed_struct->sum) += 0.5;
   }).wait();
  std::vector<int> dolds(dseen, dseen + N);
  std::sort(dolds.begin(), dolds.end());
  check(dcounter[0] == double(N) && dolds == want, "double fetch_add returns every old value once");
  check(dcounter[1] == 1000.0 - 0.25 * N, "double fetch_sub");
  check(mixed_struct->count == N && mixed_struct->sum == 0.5 * N, "double add to a member of a mixed struct");

  // Work-group sums in local memory, then one global add per group.
  float *total = sycl::malloc_shared<float>(1, q);
  *total = 0.0f;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 1> partial(1, h);
     h.parallel_for(sycl::nd_range<1>(N, 64), [=](sycl::nd_item<1> it) {
       if (it.get_local_id(0) == 0) partial[0] = 0.0f;
       sycl::group_barrier(it.get_group());
       sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                        sycl::access::address_space::local_space>(partial[0])
           .fetch_add(1.0f);
       sycl::group_barrier(it.get_group());
       if (it.get_local_id(0) == 0) relaxed_ref(*total).fetch_add(partial[0]);
     });
   }).wait();
  check(*total == float(N), "work-group sums added to a global total");

  for (void *p : {(void *)counter, (void *)seen, (void *)acc, (void *)ok, (void *)bins, (void *)even,
                  (void *)odd, (void *)mixed, (void *)dcounter, (void *)dseen, (void *)mixed_struct,
                  (void *)total})
    sycl::free(p, q);
  if (failures == 0) std::printf("PASSED\n");
  return failures == 0 ? 0 : 1;
}
