// Block-scope `static const` variables of the host function that submits a
// kernel (sizes, coefficients, tables, as ported CUDA code keeps its launch
// constants): the kernel reads them in place and never captures them, so
// the closure's layout matches the host compiler's, with the kernel inside
// `[&]` and `[=]` command-group lambdas and in a function template.
#include <sycl/sycl.hpp>
#include <cstdio>

template <typename T, typename Index>
void column_sums(sycl::queue &q, T *sums, const T *data, Index cols, Index rows) {
  static const int TPB = 64;
  static const int ColsPerBlk = 8;
  static const int RowsPerIter = TPB / ColsPerBlk;
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<T, 1> partial(sycl::range<1>(ColsPerBlk), h);
    h.parallel_for(sycl::nd_range<1>(sycl::range<1>(TPB * (cols / ColsPerBlk)), sycl::range<1>(TPB)),
                   [=](sycl::nd_item<1> item) {
                     int tx = item.get_local_id(0);
                     Index col = tx % ColsPerBlk + Index(item.get_group(0)) * ColsPerBlk;
                     T acc = 0;
                     for (Index r = tx / ColsPerBlk; r < rows; r += RowsPerIter) acc += data[r * cols + col];
                     if (tx < ColsPerBlk) partial[tx] = 0;
                     sycl::group_barrier(item.get_group());
                     sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                                      sycl::access::address_space::local_space>(partial[tx % ColsPerBlk])
                         .fetch_add(acc);
                     sycl::group_barrier(item.get_group());
                     if (tx < ColsPerBlk) sums[col] = partial[tx];
                   });
  });
  q.wait();
}

int main() {
  sycl::queue q;
  constexpr int cols = 16, rows = 40;
  float *data = sycl::malloc_shared<float>(cols * rows, q);
  float *sums = sycl::malloc_shared<float>(cols, q);
  float *scaled = sycl::malloc_shared<float>(cols, q);
  for (int i = 0; i < cols * rows; ++i) data[i] = float(i % cols + 1);
  column_sums(q, sums, (const float *)data, cols, rows);

  static const float weights[3] = {0.5f, 2.0f, 4.0f};
  static const double offset = 0.25;
  q.submit([=](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(cols), [=](sycl::id<1> i) {
      scaled[i] = sums[i] * weights[i % 3] + float(offset);
    });
  }).wait();

  int errors = 0;
  for (int c = 0; c < cols; ++c) {
    float expected = float(rows * (c + 1));
    float expected_scaled = expected * (c % 3 == 0 ? 0.5f : c % 3 == 1 ? 2.0f : 4.0f) + 0.25f;
    if ((sums[c] != expected || scaled[c] != expected_scaled) && errors++ < 4)
      std::printf("column %d: %g %g, expected %g %g\n", c, sums[c], scaled[c], expected, expected_scaled);
  }
  sycl::free(data, q);
  sycl::free(sums, q);
  sycl::free(scaled, q);
  std::printf(errors == 0 ? "PASSED\n" : "FAILED\n");
  return errors == 0 ? 0 : 1;
}
