// Loops whose bounds live in work-group memory, in work-groups narrower than
// a vector of the device: a group leader advances a shared step between two
// barriers while every work-item loops on it (as hierarchical kernels and
// hand-written group loops do), then every work-item runs a loop of its own.
// Work-groups of 4x4, 8x2, 2x3 and 5x1 work-items, and a 3-D one of 2x2x3.
// (llvmpipe ran the lanes that pad a row of a work-group to its 8-lane
// vectors through such loops forever: the driver's loop limit then cut
// every loop of the vector short, the real work-items' included.)
#include <sycl/sycl.hpp>
#include <cstdio>

template <int D>
int run(sycl::queue& q, sycl::range<D> global, sycl::range<D> local, int rounds) {
  const size_t n = global.size();
  int* out = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i) out[i] = 0;
  q.parallel_for(sycl::nd_range<D>(global, local), [=](sycl::nd_item<D> it) {
     auto g = it.get_group();
     int& step = *sycl::ext::oneapi::group_local_memory_for_overwrite<int>(g);
     bool leader = it.get_local_linear_id() == 0;
     if (leader) step = 0;
     sycl::group_barrier(g);
     while (step < rounds) {
       sycl::group_barrier(g);
       out[it.get_global_linear_id()] += 1;
       sycl::group_barrier(g);
       if (leader) step++;
       sycl::group_barrier(g);
     }
     for (int k = 0; k < 3 * rounds; ++k) out[it.get_global_linear_id()] += 10;
   }).wait();
  int errors = 0;
  for (size_t i = 0; i < n; ++i)
    if (out[i] != 31 * rounds) {
      if (errors < 5) printf("group %zu x %zu: out[%zu] = %d, want %d\n", local[0], local.size() / local[0], i, out[i], 31 * rounds);
      ++errors;
    }
  sycl::free(out, q);
  return errors;
}

int main() {
  sycl::queue q;
  int errors = 0;
  errors += run<2>(q, sycl::range<2>(8, 8), sycl::range<2>(4, 4), 1);
  errors += run<2>(q, sycl::range<2>(8, 8), sycl::range<2>(4, 4), 3);
  errors += run<2>(q, sycl::range<2>(8, 4), sycl::range<2>(2, 4), 2);
  errors += run<2>(q, sycl::range<2>(4, 6), sycl::range<2>(2, 3), 2);
  errors += run<1>(q, sycl::range<1>(20), sycl::range<1>(5), 4);
  errors += run<3>(q, sycl::range<3>(4, 4, 6), sycl::range<3>(2, 2, 3), 2);
  if (errors) {
    printf("FAILED: %d errors\n", errors);
    return 1;
  }
  printf("PASSED\n");
  return 0;
}
