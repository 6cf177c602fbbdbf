// Compare-exchange retry loops with ordered atomics (acq_rel, seq_cst), in
// global and in work-group memory, and a fence in code only some
// work-items run: every work-item must get through its loop. (lavapipe
// runs a fence as a work-group barrier; the runtime drops them there.)
#include <sycl/sycl.hpp>
#include <cstdio>

int main() {
  constexpr int groups = 4, group_size = 32, n = groups * group_size;
  sycl::queue q;
  int *counter = sycl::malloc_shared<int>(1, q);
  int *finished = sycl::malloc_shared<int>(n, q);
  int *group_totals = sycl::malloc_shared<int>(groups, q);
  *counter = 0;
  for (int i = 0; i < n; ++i) finished[i] = 0;

  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> local_count(1, h);
     h.parallel_for(sycl::nd_range<1>(n, group_size), [=](sycl::nd_item<1> it) {
       if (it.get_local_id(0) == 0) local_count[0] = 0;
       sycl::group_barrier(it.get_group());

       // Global memory, acq_rel by default.
       sycl::atomic_ref<int, sycl::memory_order::acq_rel, sycl::memory_scope::device> global(*counter);
       int expected = global.load();
       while (!global.compare_exchange_strong(expected, expected + 1)) {
       }

       // Work-group memory, seq_cst, weak form with explicit orders.
       sycl::atomic_ref<int, sycl::memory_order::seq_cst, sycl::memory_scope::work_group,
                        sycl::access::address_space::local_space>
           local(local_count[0]);
       int seen = local.load();
       while (!local.compare_exchange_weak(seen, seen + 2, sycl::memory_order::acq_rel,
                                           sycl::memory_order::acquire)) {
       }

       // A fence only the odd work-items reach, inside their loop.
       int spins = 0;
       for (size_t k = 0; k < it.get_local_id(0) % 2; ++k) {
         sycl::atomic_fence(sycl::memory_order::acq_rel, sycl::memory_scope::work_group);
         ++spins;
       }
       finished[it.get_global_id(0)] = 1 + spins - int(it.get_local_id(0) % 2);

       sycl::group_barrier(it.get_group());
       if (it.get_local_id(0) == 0) group_totals[it.get_group(0)] = local.load();
     });
   }).wait();

  bool ok = *counter == n;
  if (!ok) std::printf("counter = %d, expected %d\n", *counter, n);
  for (int i = 0; i < n; ++i) {
    if (finished[i] != 1) {
      std::printf("work-item %d did not finish (%d)\n", i, finished[i]);
      ok = false;
      break;
    }
  }
  for (int g = 0; g < groups; ++g) {
    if (group_totals[g] != 2 * group_size) {
      std::printf("group %d counted %d, expected %d\n", g, group_totals[g], 2 * group_size);
      ok = false;
    }
  }
  sycl::free(counter, q);
  sycl::free(finished, q);
  sycl::free(group_totals, q);
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
