// Math built-ins on vectors that need more than an element-wise scalar
// call: integer sycl::abs on vec and marray (signed, unsigned and narrow
// elements, the most negative value wrapping to itself as in two's
// complement), abs of float vectors, fast_length, fast_distance and
// fast_normalize on float and float vectors (a zero vector normalizes to
// itself), and sycl::sign on scalars and vectors: 1 above zero, -1 below,
// +0 and -0 themselves, 0 for NaN (SYCL 2020 4.17.6). Checked against
// <cmath> on the host.
#include <sycl/sycl.hpp>
#include <climits>
#include <cmath>
#include <cstdio>
#include <limits>

constexpr int kInts = 20, kFloats = 40;

int main() {
  sycl::queue q;
  const int n = 4;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  float *special = sycl::malloc_shared<float>(4, q);
  special[0] = 0.0f;
  special[1] = -0.0f;
  special[2] = nan;
  special[3] = -2.5f;
  int *iout = sycl::malloc_shared<int>(n * kInts, q);
  float *fout = sycl::malloc_shared<float>(n * kFloats, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     int *o = iout + i * kInts;
     float *f = fout + i * kFloats;
     sycl::int4 a = sycl::abs(sycl::int4(5 - i, -7 * i, INT_MIN + i, 0));
     sycl::char2 c = sycl::abs(sycl::char2(static_cast<char>(-128 + i), static_cast<char>(-i)));
     sycl::uint2 u = sycl::abs(sycl::uint2(0xFFFFFFF0u + unsigned(i), 3u));
     sycl::marray<int, 3> m = sycl::abs(sycl::marray<int, 3>(-i, i - 2, -100));
     sycl::short3 s = sycl::abs(sycl::short3(short(-300 * i), short(7), short(-1)));
     for (int k = 0; k < 4; ++k) o[k] = a[k];
     o[4] = c[0];
     o[5] = c[1];
     o[6] = static_cast<int>(u[0]);
     o[7] = static_cast<int>(u[1]);
     for (int k = 0; k < 3; ++k) o[8 + k] = m[k];
     for (int k = 0; k < 3; ++k) o[11 + k] = s[k];
     o[14] = static_cast<int>(sycl::abs(7u + unsigned(i)));
     sycl::float4 fa = sycl::abs(sycl::float4(-1.5f * i, 2.0f, -0.0f, -3.0f));
     for (int k = 0; k < 4; ++k) f[k] = fa[k];
     // fast_ geometric functions.
     float x = 1.0f + i;
     sycl::float2 v2(3.0f * x, -4.0f);
     sycl::float3 v3(x, 2.0f, -2.0f);
     sycl::float4 v4(0.5f, -x, 1.0f, 2.0f * x);
     f[4] = sycl::fast_length(-x);
     f[5] = sycl::fast_length(v2);
     f[6] = sycl::fast_length(v3);
     f[7] = sycl::fast_length(v4);
     f[8] = sycl::fast_distance(x, -2.0f);
     f[9] = sycl::fast_distance(v2, sycl::float2(x, 1.0f));
     f[10] = sycl::fast_distance(v4, sycl::float4(0.0f));
     f[11] = sycl::fast_normalize(-x);
     sycl::float3 n3 = sycl::fast_normalize(v3);
     sycl::float4 n4 = sycl::fast_normalize(v4);
     sycl::float2 z2 = sycl::fast_normalize(sycl::float2(0.0f));
     for (int k = 0; k < 3; ++k) f[12 + k] = n3[k];
     for (int k = 0; k < 4; ++k) f[15 + k] = n4[k];
     f[19] = z2[0];
     f[20] = z2[1];
     // sign: scalars from memory (so nothing folds them), and a vector.
     for (int k = 0; k < 4; ++k) f[21 + k] = sycl::sign(special[k]);
     sycl::float4 sv = sycl::sign(sycl::float4(special[1], special[2], x, -x));
     for (int k = 0; k < 4; ++k) f[25 + k] = sv[k];
   }).wait();

  int failures = 0;
  auto check = [&](bool ok, const char *what, int i, int k) {
    if (!ok && failures++ < 12) std::printf("FAILED: %s, item %d, element %d\n", what, i, k);
  };
  auto near = [](float got, float want) { return std::fabs(got - want) <= 1e-3f * std::fabs(want) + 1e-6f; };
  for (int i = 0; i < n; ++i) {
    const int *o = iout + i * kInts;
    const float *f = fout + i * kFloats;
    // INT_MIN + i: |INT_MIN| wraps to INT_MIN; the others are exact.
    const long long ai[4] = {5 - i, -7LL * i, (long long)INT_MIN + i, 0};
    for (int k = 0; k < 4; ++k) {
      long long want = ai[k] < 0 ? -ai[k] : ai[k];
      if (want > INT_MAX) want = INT_MIN;
      check(o[k] == want, "abs int4", i, k);
    }
    check(o[4] == (i == 0 ? -128 : 128 - i) && o[5] == i, "abs char2", i, 0);
    check(static_cast<unsigned>(o[6]) == 0xFFFFFFF0u + unsigned(i) && o[7] == 3, "abs uint2 (unchanged)", i, 0);
    check(o[8] == i && o[9] == std::abs(i - 2) && o[10] == 100, "abs marray<int, 3>", i, 0);
    check(o[11] == 300 * i && o[12] == 7 && o[13] == 1, "abs short3", i, 0);
    check(o[14] == 7 + i, "abs of an unsigned scalar", i, 0);
    check(f[0] == 1.5f * i && f[1] == 2.0f && f[2] == 0.0f && !std::signbit(f[2]) && f[3] == 3.0f, "abs float4", i, 0);
    float x = 1.0f + i;
    float l2 = std::sqrt(9.0f * x * x + 16.0f), l3 = std::sqrt(x * x + 8.0f),
          l4 = std::sqrt(0.25f + x * x + 1.0f + 4.0f * x * x);
    check(f[4] == x, "fast_length of a scalar", i, 0);
    check(near(f[5], l2) && near(f[6], l3) && near(f[7], l4), "fast_length", i, 0);
    check(near(f[8], x + 2.0f), "fast_distance of scalars", i, 0);
    check(near(f[9], std::sqrt(4.0f * x * x + 25.0f)) && near(f[10], l4), "fast_distance", i, 0);
    check(f[11] == -1.0f, "fast_normalize of a scalar", i, 0);
    const float v3[3] = {x, 2.0f, -2.0f}, v4[4] = {0.5f, -x, 1.0f, 2.0f * x};
    for (int k = 0; k < 3; ++k) check(near(f[12 + k], v3[k] / l3), "fast_normalize float3", i, k);
    for (int k = 0; k < 4; ++k) check(near(f[15 + k], v4[k] / l4), "fast_normalize float4", i, k);
    check(f[19] == 0.0f && f[20] == 0.0f, "fast_normalize of a zero vector", i, 0);
    check(f[21] == 0.0f && !std::signbit(f[21]), "sign(+0) = +0", i, 0);
    check(f[22] == 0.0f && std::signbit(f[22]), "sign(-0) = -0", i, 0);
    check(f[23] == 0.0f, "sign(NaN) = 0", i, 0);
    check(f[24] == -1.0f, "sign(-2.5) = -1", i, 0);
    check(f[25] == 0.0f && std::signbit(f[25]) && f[26] == 0.0f && f[27] == 1.0f && f[28] == -1.0f, "sign of float4", i, 0);
  }
  sycl::free(special, q);
  sycl::free(iout, q);
  sycl::free(fout, q);
  if (failures) return 1;
  std::printf("PASSED\n");
  return 0;
}
