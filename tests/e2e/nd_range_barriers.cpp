// nd_range<1>/<2> kernels: nd_item ids (global, local, group, linear), a
// barrier that orders writes and reads of neighbours within a work-group
// (group_barrier and nd_item::barrier), and errc::nd_range for a local range
// that does not divide the global one (thrown inside a try block); more
// work-groups than a device grid dimension holds (131072 groups of 4).
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  int errors = 0;
  const size_t N = 1024, L = 64;
  int* in = sycl::malloc_shared<int>(N, q);
  int* out = sycl::malloc_shared<int>(N, q);
  int* ids = sycl::malloc_shared<int>(N * 4, q);
  for (size_t i = 0; i < N; ++i) in[i] = int(i);
  // Each work-item writes its value, waits at the barrier, then reads its
  // neighbour's (in the same group, reversed): needs a real barrier.
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)), [=](sycl::nd_item<1> it) {
    size_t g = it.get_global_id(0), l = it.get_local_id(0);
    size_t base = it.get_group(0) * it.get_local_range(0);
    out[g] = in[g] * 2;
    sycl::group_barrier(it.get_group());
    int v = out[base + (L - 1 - l)];
    it.barrier();
    out[g] = v;
    ids[g * 4 + 0] = int(it.get_group_linear_id());
    ids[g * 4 + 1] = int(it.get_local_linear_id());
    ids[g * 4 + 2] = int(it.get_group_range(0));
    ids[g * 4 + 3] = int(it.get_global_linear_id());
  }).wait();
  for (size_t i = 0; i < N; ++i) {
    size_t base = i / L * L, l = i % L;
    if (out[i] != int(base + (L - 1 - l)) * 2) errors++;
    if (ids[i * 4] != int(i / L) || ids[i * 4 + 1] != int(l) || ids[i * 4 + 2] != int(N / L) || ids[i * 4 + 3] != int(i)) errors++;
  }
  // 2-D nd_range: global ids and linear ids.
  const size_t R = 16, C = 32;
  int* m = sycl::malloc_shared<int>(R * C, q);
  q.parallel_for(sycl::nd_range<2>(sycl::range<2>(R, C), sycl::range<2>(4, 8)), [=](sycl::nd_item<2> it) {
    sycl::id<2> g = it.get_global_id();
    m[g[0] * C + g[1]] = int(it.get_global_linear_id()) * 10 + int(it.get_local_id(1) % 10);
  }).wait();
  for (size_t r = 0; r < R; ++r)
    for (size_t c = 0; c < C; ++c)
      if (m[r * C + c] != int(r * C + c) * 10 + int(c % 8 % 10)) errors++;
  // An nd_range whose local range does not divide the global range: errc::nd_range.
  bool threw = false;
  try {
    q.parallel_for(sycl::nd_range<1>(sycl::range<1>(100), sycl::range<1>(64)), [=](sycl::nd_item<1> it) { out[it.get_global_id(0)] = 0; }).wait();
  } catch (const sycl::exception& e) {
    threw = e.code() == sycl::errc::nd_range;
  }
  if (!threw) { printf("FAILED: no errc::nd_range for 100 items in groups of 64\n"); errors++; }
  {
    const size_t groups = 131072, size = 4;
    unsigned* g = sycl::malloc_shared<unsigned>(groups * size, q);
    q.parallel_for(sycl::nd_range<1>(groups * size, size), [=](sycl::nd_item<1> it) {
       size_t i = it.get_global_id(0);
       g[i] = unsigned(it.get_group(0) * 10 + it.get_local_id(0));
     }).wait();
    size_t bad = 0;
    for (size_t i = 0; i < groups * size; ++i) bad += g[i] != unsigned(i / size * 10 + i % size);
    if (bad) { printf("%zu wrong ids with %zu work-groups\n", bad, groups); errors++; }
    sycl::free(g, q);
  }
  {
    // A one-dimensional id compared with an integer (`it.get_local_id() == 0`):
    // the comparison of ids, not the built-in one of the id's size_t.
    int* leaders = sycl::malloc_shared<int>(3, q);
    leaders[0] = leaders[1] = leaders[2] = 0;
    q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> a(leaders[0]), b(leaders[1]), c(leaders[2]);
       if (it.get_local_id() == 0) a++;
       if (0u != it.get_local_id()) b++;
       if (it.get_global_id() != 63L) c++;
     }).wait();
    if (leaders[0] != 4 || leaders[1] != 60 || leaders[2] != 63) {
      printf("FAILED: id == integer: %d %d %d\n", leaders[0], leaders[1], leaders[2]);
      errors++;
    }
    sycl::free(leaders, q);
  }
  sycl::free(in, q); sycl::free(out, q); sycl::free(ids, q); sycl::free(m, q);
  printf("%s (%d errors)\n", errors ? "FAILED" : "PASSED", errors);
  return errors != 0;
}
