// Floating-point arithmetic computed as written where the program asks for
// it: `#pragma STDC FP_CONTRACT OFF` in a kernel, `#pragma clang fp
// contract(off)` around a device function. A GPU compiler left free fuses
// `x * y - p` into one fused multiply-add (which yields the rounding error
// of p = x * y, not 0) and simplifies a two-sum's error term to 0 (NVIDIA's
// does both); computed as written, both give what the host computes.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

#pragma clang fp contract(off)
// The rounding error of a + b, exactly (Knuth's two-sum): 0 only if the
// sum was exact.
static float two_sum_error(float a, float b) {
  float s = a + b;
  float bb = s - a;
  return (a - (s - bb)) + (b - bb);
}
#pragma clang fp contract(fast)

int main() {
  sycl::queue q;
  constexpr int n = 4096;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 1.0f + float(i) * 0.000123f;
    y[i] = 3.0f / (1.0f + float(i % 97));
  }
  float *dx = sycl::malloc_device<float>(n, q);
  float *dy = sycl::malloc_device<float>(n, q);
  float *product_rest = sycl::malloc_shared<float>(n, q);
  float *sum_error = sycl::malloc_shared<float>(n, q);
  q.memcpy(dx, x.data(), n * sizeof(float));
  q.memcpy(dy, y.data(), n * sizeof(float)).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
#pragma STDC FP_CONTRACT OFF
    float p = dx[i] * dy[i];
    product_rest[i] = dx[i] * dy[i] - p;
    sum_error[i] = two_sum_error(dx[i], dy[i] * 1e-4f);
  }).wait();

  int bad = 0;
  for (int i = 0; i < n; ++i) {
    float p = x[i] * y[i];
    volatile float rest = x[i] * y[i];  // no fused multiply-add on the host either
    float want_rest = rest - p;
    float want_error = two_sum_error(x[i], y[i] * 1e-4f);
    if (product_rest[i] != want_rest || sum_error[i] != want_error) {
      if (bad++ < 5)
        std::printf("%d: x*y - p = %g (want %g), two-sum error %g (want %g)\n", i, product_rest[i],
                    want_rest, sum_error[i], want_error);
    }
  }
  int inexact_sums = 0;
  for (int i = 0; i < n; ++i) inexact_sums += sum_error[i] != 0.0f;
  std::printf("%d of %d sums inexact (their errors recovered exactly)\n", inexact_sums, n);
  sycl::free(dx, q);
  sycl::free(dy, q);
  sycl::free(product_rest, q);
  sycl::free(sum_error, q);
  if (inexact_sums == 0) {
    std::printf("no inexact sum: the test checks nothing\n");
    ++bad;
  }
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
