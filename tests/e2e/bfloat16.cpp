// sycl::ext::oneapi::bfloat16 (sycl_ext_oneapi_bfloat16): conversions that
// round to nearest even, arithmetic in float rounded back, comparisons,
// mixed operands, numeric_limits and the experimental math, in kernels over
// USM and buffers of bfloat16 (16-bit elements in device memory); every
// result compared bit for bit with the host's.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstring>
#include <limits>

using bf16 = sycl::ext::oneapi::bfloat16;
namespace exp_ = sycl::ext::oneapi::experimental;

constexpr int N = 64;

static uint16_t bits(bf16 v) {
  uint16_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

static bf16 compute(bf16 a, bf16 b, float f) {
  bf16 r = a * b + a / (b + 1.0f);
  r -= bf16(f);
  r += 2;
  bf16 m = exp_::fmax(exp_::fabs(r), exp_::fmin(a, b));
  return exp_::fma(m, bf16(0.5f), -a) + (a < b ? bf16(1.0f) : bf16(-1.0f));
}

int main() {
  static_assert(sizeof(bf16) == 2);
  sycl::queue q;
  bf16 *a = sycl::malloc_shared<bf16>(N, q);
  bf16 *out = sycl::malloc_shared<bf16>(N, q);
  float *f = sycl::malloc_shared<float>(N, q);
  std::vector<bf16> host_b(N);
  for (int i = 0; i < N; i++) {
    a[i] = bf16(1.0f + i * 0.37f);
    host_b[i] = bf16(3.3f - i * 0.11f);
    f[i] = i * 1.0001f;
  }
  {
    sycl::buffer<bf16> bb(host_b.data(), sycl::range<1>(N));
    q.submit([&](sycl::handler &h) {
      sycl::accessor b(bb, h, sycl::read_only);
      h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
        out[i] = compute(a[i], b[i], f[i]);
      });
    }).wait();
  }
  int bad = 0;
  for (int i = 0; i < N; i++) {
    bf16 want = compute(a[i], host_b[i], f[i]);
    if (bits(out[i]) != bits(want) && bad++ < 5)
      std::printf("item %d: %g (0x%04x), expected %g (0x%04x)\n", i, float(out[i]), bits(out[i]),
                  float(want), bits(want));
  }
  // Rounding: ties to even, NaN stays NaN, overflow of max rounds to inf.
  if (bits(bf16(1.00390625f)) != 0x3f80 || bits(bf16(1.01171875f)) != 0x3f82) bad++;
  if (float(bf16(std::numeric_limits<float>::quiet_NaN())) == float(bf16(0.0f))) bad++;
  if (float(std::numeric_limits<bf16>::max()) != 3.38953139e38f) bad++;
  sycl::free(a, q);
  sycl::free(out, q);
  sycl::free(f, q);
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
