// Kernels whose pipelines the runtime builds ahead of their first launch
// (range and single_task kernels, as their launches specialize them) and
// one it cannot (an nd_range kernel with a local accessor). No kernel has
// a loop: lavapipe audits the loops of every kernel of an image that has
// one, and audited kernels are built at launch. Run with
// SYCLONE_PREWARM=wait SYCLONE_PIPELINE_STATS=1: five pipelines are built
// ahead (one of a kernel never launched) and one at launch.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> scale_id{3};

int main() {
  sycl::queue q;
  constexpr size_t n = 1024;
  bool ok = true;

  float *a = sycl::malloc_shared<float>(n, q);
  float *b = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = 2.0f * float(i);
  }
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += b[i]; }).wait();
  for (size_t i = 0; i < n; ++i) ok &= a[i] == 3.0f * float(i);

  int *answer = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *answer = 42; }).wait();
  ok &= *answer == 42;

  {
    std::vector<int> grid(16 * 8, 0);
    sycl::buffer<int, 2> buf{grid.data(), sycl::range<2>(16, 8)};
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc{buf, h, sycl::write_only};
      h.parallel_for(sycl::range<2>(16, 8), [=](sycl::id<2> i) { acc[i] = int(i[0] * 10 + i[1]); });
    });
    sycl::host_accessor host{buf, sycl::read_only};
    for (size_t r = 0; r < 16; ++r)
      for (size_t c = 0; c < 8; ++c) ok &= host[r][c] == int(r * 10 + c);
  }

  // A specialization constant left at its default.
  int *scaled = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
       scaled[i] = int(i) * kh.get_specialization_constant<scale_id>();
     });
   }).wait();
  for (size_t i = 0; i < n; ++i) ok &= scaled[i] == int(i) * 3;

  // Byte stores.
  unsigned char *bytes = sycl::malloc_shared<unsigned char>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { bytes[i] = (unsigned char)(i * 7); }).wait();
  for (size_t i = 0; i < n; ++i) ok &= bytes[i] == (unsigned char)(i * 7);

  // Never launched: built ahead all the same.
  if (!ok) q.single_task([=] { *answer = 0; }).wait();

  // Launched in work-groups the launch chooses: built at launch.
  int *sums = sycl::malloc_shared<int>(n / 64, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> scratch{64, h};
     h.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
       size_t l = it.get_local_id(0);
       scratch[l] = int(l);
       sycl::group_barrier(it.get_group());
       if (l == 0) sums[it.get_group(0)] = scratch[1] + scratch[63];
     });
   }).wait();
  for (size_t g = 0; g < n / 64; ++g) ok &= sums[g] == 64;

  for (void *p : {(void *)a, (void *)b, (void *)answer, (void *)scaled, (void *)bytes, (void *)sums})
    sycl::free(p, q);
  std::printf(ok ? "PASSED\n" : "FAILED\n");
  return ok ? 0 : 1;
}
