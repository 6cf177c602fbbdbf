// Work-items that meet at barriers keep what is theirs across them: 300
// work-groups of 256 with nine barriers each (a tree reduction in local
// memory), a private array live across barriers, the nd_item that
// this_work_item::get_nd_item returns after a barrier (read in a free
// function the kernel calls), a group_local_memory allocation made before
// and read after the barriers, and work-group algorithms (barriers inside)
// in every group. On the host device the work-items of a group are
// coroutines and the groups run in parallel.
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr size_t L = 256;

// Reads the nd_item of the calling work-item without it being passed.
size_t my_local_id() {
  return sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_local_id(0);
}

int main() {
  sycl::queue q;
  int errors = 0;
  const size_t groups = 300, N = groups * L;
  int *in = sycl::malloc_shared<int>(N, q);
  int *sums = sycl::malloc_shared<int>(groups, q);
  int *ids = sycl::malloc_shared<int>(N, q);
  int *priv = sycl::malloc_shared<int>(N, q);
  for (size_t i = 0; i < N; ++i) in[i] = int(i % 97);

  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tree(sycl::range<1>(L), h);
     h.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> it) {
       size_t l = it.get_local_id(0), g = it.get_global_id(0);
       int mine[16];
       for (int k = 0; k < 16; ++k) mine[k] = int(g) * 16 + k;
       int *shared_word = sycl::ext::oneapi::group_local_memory_for_overwrite<int>(it.get_group());
       if (l == 0) *shared_word = int(it.get_group(0));
       tree[l] = in[g];
       for (size_t half = L / 2; half > 0; half /= 2) {
         sycl::group_barrier(it.get_group());
         if (l < half) tree[l] += tree[l + half];
       }
       sycl::group_barrier(it.get_group());
       if (l == 0) sums[it.get_group(0)] = tree[0];
       // Still this work-item's nd_item, private array and group memory.
       ids[g] = int(my_local_id()) == int(l) && *shared_word == int(it.get_group(0)) ? 1 : 0;
       int check = 0;
       for (int k = 0; k < 16; ++k) check += mine[k] == int(g) * 16 + k;
       priv[g] = check;
     });
   }).wait();

  for (size_t gr = 0; gr < groups; ++gr) {
    int want = 0;
    for (size_t l = 0; l < L; ++l) want += in[gr * L + l];
    if (sums[gr] != want && errors++ < 5) std::printf("group %zu: sum %d, want %d\n", gr, sums[gr], want);
  }
  for (size_t i = 0; i < N; ++i) {
    if (ids[i] != 1 && errors++ < 10) std::printf("item %zu: wrong nd_item or group memory after a barrier\n", i);
    if (priv[i] != 16 && errors++ < 10) std::printf("item %zu: private array changed across barriers\n", i);
  }

  // A work-group algorithm (barriers inside) in every group, twice.
  int *scan = sycl::malloc_shared<int>(N, q);
  q.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> it) {
     int x = sycl::inclusive_scan_over_group(it.get_group(), 1, sycl::plus<int>());
     int total = sycl::reduce_over_group(it.get_group(), x, sycl::plus<int>());
     scan[it.get_global_id(0)] = x * 100000 + total;
   }).wait();
  const int tri = int(L * (L + 1) / 2);
  for (size_t i = 0; i < N; ++i) {
    int want = int(i % L + 1) * 100000 + tri;
    if (scan[i] != want && errors++ < 10) std::printf("scan %zu: %d, want %d\n", i, scan[i], want);
  }

  sycl::free(in, q);
  sycl::free(sums, q);
  sycl::free(ids, q);
  sycl::free(priv, q);
  sycl::free(scan, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
