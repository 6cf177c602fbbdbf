// range<2>/range<3> kernels taking id, item and auto; 2-D and 3-D buffers
// with acc[id] and acc[i][j][k]; host_accessor in three dimensions; size_t
// kernels over an integer range; id arithmetic; nd_ranges with more
// work-groups in a dimension than a device's grid dimension holds (65,535
// on Vulkan), in 1, 2 and 3 dimensions: the runtime dispatches the groups as
// another grid and each group still gets its own id.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
int main() {
  sycl::queue q;
  const size_t R = 37, C = 53, D = 5;
  std::vector<float> a(R * C), b(R * C, 0.0f);
  for (size_t i = 0; i < R * C; ++i) a[i] = float(i % 97);
  {
    sycl::buffer<float, 2> A(a.data(), sycl::range<2>(R, C)), B(b.data(), sycl::range<2>(R, C));
    q.submit([&](sycl::handler& h) {
      sycl::accessor in(A, h, sycl::read_only);
      sycl::accessor out(B, h, sycl::write_only);
      h.parallel_for(sycl::range<2>(R, C), [=](sycl::id<2> idx) {
        size_t r = idx[0], c = idx[1];
        out[idx] = in[r][c] * 2.0f + float(r);
      });
    });
  }
  int errors = 0;
  for (size_t r = 0; r < R; ++r)
    for (size_t c = 0; c < C; ++c)
      if (b[r * C + c] != a[r * C + c] * 2.0f + float(r)) errors++;
  // 3-D with item and linear id
  std::vector<int> lin(R * C * D, -1);
  {
    sycl::buffer<int, 3> L(lin.data(), sycl::range<3>(R, C, D));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(L, h, sycl::write_only);
      h.parallel_for(L.get_range(), [=](sycl::item<3> it) {
        o[it.get_id(0)][it.get_id(1)][it.get_id(2)] = int(it.get_linear_id());
      });
    });
    sycl::host_accessor h(L, sycl::read_only);
    if (h[1][2][3] != int((1 * C + 2) * D + 3)) errors++;
  }
  for (size_t i = 0; i < R * C * D; ++i) if (lin[i] != int(i)) errors++;
  // 1-D with size_t argument
  int* u = sycl::malloc_shared<int>(100, q);
  q.parallel_for(100, [=](size_t i) { u[i] = int(i) * 3; }).wait();
  q.parallel_for(sycl::range<1>(100), [=](auto it) { u[it] += 1; }).wait();
  for (int i = 0; i < 100; ++i) if (u[i] != i * 3 + 1) errors++;
  sycl::free(u, q);
  // 215,040 work-groups: each group counts itself once.
  const size_t groups = 3 * 5 * 7 * 2048;
  unsigned* hits = sycl::malloc_shared<unsigned>(groups, q);
  for (int shape = 0; shape < 3; ++shape) {
    for (size_t i = 0; i < groups; ++i) hits[i] = 0;
    if (shape == 0) {
      q.parallel_for(sycl::nd_range<1>(groups * 4, 4), [=](sycl::nd_item<1> it) {
         if (it.get_local_id(0) == 0) hits[it.get_group(0)] += 1 + (it.get_global_id(0) / 4 != it.get_group(0));
       }).wait();
    } else if (shape == 1) {
      q.parallel_for(sycl::nd_range<3>({1, 1, groups * 2}, {1, 1, 2}), [=](sycl::nd_item<3> it) {
         if (it.get_local_id(2) == 0) hits[it.get_group(2)] += 1 + it.get_group(0) + it.get_group(1);
       }).wait();
    } else {
      q.parallel_for(sycl::nd_range<2>({5, groups / 5 * 2}, {1, 2}), [=](sycl::nd_item<2> it) {
         size_t g = it.get_group(0) * it.get_group_range(1) + it.get_group(1);
         if (it.get_local_id(1) == 0) hits[g] += 1 + (it.get_group_linear_id() != g);
       }).wait();
    }
    for (size_t i = 0; i < groups; ++i)
      if (hits[i] != 1 && errors++ < 3) printf("nd_range shape %d: group %zu counted %u times\n", shape, i, hits[i]);
  }
  sycl::free(hits, q);
  sycl::id<2> x(3, 4), y(1, 2);
  sycl::id<2> z = (x + y) * 2 - 1;
  if (z[0] != 7 || z[1] != 11 || !(x != y)) errors++;
  // An id from a range, id * range, unary minus, increments; and in a kernel.
  sycl::range<2> extent(3, 4);
  sycl::id<2> from_range = extent;
  sycl::id<2> scaled = y * extent;
  sycl::id<2> moved = from_range;
  ++moved;
  moved++;
  --moved;
  if (from_range[1] != 4 || scaled[0] != 3 || scaled[1] != 8 || moved[0] != 4 || (-y)[1] != size_t(-2)) errors++;
  size_t *ids = sycl::malloc_shared<size_t>(2, q);
  q.parallel_for(sycl::range<2>(2, 3), [=](sycl::item<2> it) {
     sycl::id<2> here = it;
     sycl::id<2> far = here * sycl::range<2>(10, 10);
     if (it.get_linear_id() == 5) {
       ids[0] = far[0];
       ids[1] = (++here)[1];
     }
   }).wait();
  if (ids[0] != 10 || ids[1] != 3) errors++;
  sycl::free(ids, q);
  printf("%s (%d errors)\n", errors ? "FAILED" : "PASSED", errors);
  return errors != 0;
}
