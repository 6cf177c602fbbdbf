// Special values of the float math functions whose GPU instructions leave
// them undefined: pow of negative bases (integer exponents keep the sign),
// zeros, infinities and NaNs; atan2 at the origin and at infinities;
// division by a constant zero; pown's exact small powers. Results must
// equal the host C library's.
// The NaN constants of <limits> and <cmath> are positive quiet NaNs, bit
// for bit, as the host's.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

// Equal special values (NaN to NaN, zeros of the same sign, infinities),
// finite values within 1e-4 (lavapipe's atan2 is off by up to ~200 ULPs for
// small ratios; this test is about the special values).
static bool same(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (a == 0 && b == 0) return std::signbit(a) == std::signbit(b);
  if (a == b) return true;
  return std::isfinite(a) && std::isfinite(b) && std::fabs(a - b) <= 1e-4f * std::fabs(b);
}

int main() {
  sycl::queue q;
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> xs{-2.0f, -0.5f, -1.0f, -0.0f, 0.0f, 1.0f, 2.5f, -inf, inf, nan, -3.0f};
  const std::vector<float> ys{3.0f, 2.0f, -3.0f, -2.0f, 0.5f, 0.0f, -0.0f, inf, -inf, nan, 1.0f, 25.0f, 1e10f};
  const size_t n = xs.size() * ys.size();
  float *in = sycl::malloc_shared<float>(2 * n, q);
  float *out = sycl::malloc_shared<float>(4 * n, q);
  for (size_t i = 0; i < xs.size(); ++i)
    for (size_t j = 0; j < ys.size(); ++j) {
      in[2 * (i * ys.size() + j)] = xs[i];
      in[2 * (i * ys.size() + j) + 1] = ys[j];
    }
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> k) {
     float x = in[2 * k[0]], y = in[2 * k[0] + 1];
     out[4 * k[0]] = sycl::pow(x, y);
     out[4 * k[0] + 1] = std::pow(x, y);
     out[4 * k[0] + 2] = sycl::atan2(x, y);
     out[4 * k[0] + 3] = std::atan2(x, y);
   }).wait();
  int bad = 0;
  for (size_t k = 0; k < n; ++k) {
    float x = in[2 * k], y = in[2 * k + 1];
    float p = std::pow(x, y), a = std::atan2(x, y);
    for (int v = 0; v < 2; ++v)
      if (!same(out[4 * k + v], p) && bad++ < 10) std::printf("pow(%g, %g) = %g, want %g\n", x, y, out[4 * k + v], p);
    for (int v = 2; v < 4; ++v)
      if (!same(out[4 * k + v], a) && bad++ < 10) std::printf("atan2(%g, %g) = %g, want %g\n", x, y, out[4 * k + v], a);
  }

  // pown and rootn of negative bases.
  q.single_task([=] {
     out[0] = sycl::pown(-2.0f, 3);
     out[1] = sycl::pown(-2.0f, 2);
     out[2] = sycl::rootn(-8.0f, 3);
   }).wait();
  if (!same(out[0], -8.0f) || !same(out[1], 4.0f) || !same(out[2], -2.0f)) {
    ++bad;
    std::printf("pown/rootn: %g %g %g\n", out[0], out[1], out[2]);
  }
  // pown is exact where the power is representable (Vulkan's pow, exp2 of
  // n * log2(x), gave 999.99988 for pown(10, 3)), and follows C's pow at
  // zeros, infinities and NaN for negative and zero exponents.
  {
    const int M = 10;
    float *base = sycl::malloc_shared<float>(M, q);
    float *pw = sycl::malloc_shared<float>(M, q);
    const float bases[M] = {10.f, 9.f, -10.f, 9.5f, 2.f, 10.f, 0.f, -0.f, std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN()};
    const int exps[M] = {3, 3, 3, 3, -3, -2, -1, -3, -2, 0};
    for (int k = 0; k < M; ++k) base[k] = bases[k];
    q.single_task([=] {
       for (int k = 0; k < M; ++k) pw[k] = sycl::pown(base[k], exps[k]);
     }).wait();
    const float want[M] = {1000.f, 729.f, -1000.f, 857.375f, 0.125f, 1.f / 100.f,
                           std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(), 0.f, 1.f};
    for (int k = 0; k < M; ++k)
      if (!same(pw[k], want[k]) || pw[k] != want[k]) {
        ++bad;
        std::printf("pown(%g, %d) = %.9g, want %.9g\n", bases[k], exps[k], pw[k], want[k]);
      }
    sycl::free(base, q);
    sycl::free(pw, q);
  }
  // NaN constants, by their bits (a device computing 0.0f / 0.0f may set
  // the sign: x86's default NaN is negative). (What negating a NaN gives
  // is the driver's: NVIDIA's is its canonical 0x7fffffff.)
  unsigned long long *bits = sycl::malloc_shared<unsigned long long>(4, q);
  q.single_task([=] {
     bits[0] = sycl::bit_cast<unsigned>(std::numeric_limits<float>::quiet_NaN());
     bits[1] = sycl::bit_cast<unsigned long long>(std::numeric_limits<double>::quiet_NaN());
     bits[2] = sycl::bit_cast<unsigned>(NAN);
     bits[3] = std::signbit(NAN);
   }).wait();
  const unsigned long long nan_bits[] = {
      sycl::bit_cast<unsigned>(std::numeric_limits<float>::quiet_NaN()),
      sycl::bit_cast<unsigned long long>(std::numeric_limits<double>::quiet_NaN()), sycl::bit_cast<unsigned>(NAN),
      static_cast<unsigned long long>(std::signbit(NAN))};
  for (int i = 0; i < 4; ++i) {
    if (bits[i] != nan_bits[i]) {
      ++bad;
      std::printf("NaN constant %d: %llx, want %llx\n", i, bits[i], nan_bits[i]);
    }
  }
  sycl::free(bits, q);
  sycl::free(in, q);
  sycl::free(out, q);
  std::printf(bad ? "FAILED (%d)\n" : "PASSED\n", bad);
  return bad != 0;
}
