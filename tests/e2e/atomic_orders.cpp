// Memory orders and fences: the "last work-group finishes" reduction, where
// each work-group publishes a partial sum and the one that arrives last
// (told by an acq_rel fetch_add) reads every partial. Once with orders on
// the atomic_ref, once with relaxed atomics and sycl::atomic_fence; plus a
// release store / acquire load pair and compare_exchange with two orders.
#include <sycl/sycl.hpp>
#include <iostream>

constexpr int kGroups = 32;
constexpr int kGroupSize = 64;
constexpr int kN = kGroups * kGroupSize;

template <bool UseFences>
bool last_group_sum(sycl::queue &q) {
  int *data = sycl::malloc_shared<int>(kN, q);
  int *partial = sycl::malloc_shared<int>(kGroups, q);
  int *counter = sycl::malloc_shared<int>(1, q);
  int *total = sycl::malloc_shared<int>(1, q);
  for (int i = 0; i < kN; ++i) data[i] = i % 7;
  *counter = 0;
  *total = -1;
  q.parallel_for(sycl::nd_range<1>(kN, kGroupSize), [=](sycl::nd_item<1> it) {
     int g = static_cast<int>(it.get_group(0));
     int sum = sycl::reduce_over_group(it.get_group(), data[it.get_global_id(0)], sycl::plus<int>());
     if (it.get_local_id(0) != 0) return;
     partial[g] = sum;
     int arrived;
     if constexpr (UseFences) {
       sycl::atomic_fence(sycl::memory_order::release, sycl::memory_scope::device);
       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*counter);
       arrived = c.fetch_add(1);
       sycl::atomic_fence(sycl::memory_order::acquire, sycl::memory_scope::device);
     } else {
       sycl::atomic_ref<int, sycl::memory_order::acq_rel, sycl::memory_scope::device> c(*counter);
       arrived = c.fetch_add(1);
     }
     if (arrived == kGroups - 1) {
       int all = 0;
       for (int k = 0; k < kGroups; ++k) {
         sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> p(partial[k]);
         all += p.load();
       }
       *total = all;
     }
   }).wait();
  int expect = 0;
  for (int i = 0; i < kN; ++i) expect += i % 7;
  bool ok = *total == expect && *counter == kGroups;
  if (!ok) std::cout << (UseFences ? "fences" : "orders") << ": " << *total << " != " << expect << "\n";
  sycl::free(data, q);
  sycl::free(partial, q);
  sycl::free(counter, q);
  sycl::free(total, q);
  return ok;
}

int main() {
  sycl::queue q;
  bool ok = last_group_sum<false>(q) && last_group_sum<true>(q);

  // A flag published with a release store, read with an acquire load, and a
  // compare_exchange with separate success and failure orders.
  int *cells = sycl::malloc_shared<int>(4, q);
  cells[0] = 0;
  cells[1] = 0;
  cells[2] = 5;
  cells[3] = 0;
  q.single_task([=] {
     cells[1] = 42;
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> flag(cells[0]);
     flag.store(1, sycl::memory_order::release);
     if (flag.load(sycl::memory_order::acquire) == 1) cells[3] += cells[1];
     sycl::atomic_ref<int, sycl::memory_order::seq_cst, sycl::memory_scope::work_group> c(cells[2]);
     int expected = 4;
     bool first = c.compare_exchange_strong(expected, 9, sycl::memory_order::acq_rel,
                                            sycl::memory_order::acquire);
     bool second = c.compare_exchange_strong(expected, 9);
     cells[3] += (first ? 100 : 0) + (second ? 1000 : 0) + expected;
     sycl::atomic_fence(sycl::memory_order::seq_cst, sycl::memory_scope::work_item);
   }).wait();
  // first fails (5 != 4, expected becomes 5), second succeeds.
  if (cells[3] != 42 + 1000 + 5 || cells[2] != 9) {
    std::cout << "store/load/compare_exchange: " << cells[3] << " " << cells[2] << "\n";
    ok = false;
  }
  sycl::free(cells, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
