// sycl::marray (SYCL 2020 4.14.3) in kernels: arithmetic and compound
// assignment with marrays and with scalars on either side, the integer
// operators (%, bit operators, shifts, ~), ++/--, comparisons (all six,
// scalar on either side) and the logical operators !, &&, || as
// marray<bool, N>, range-for over begin()/end(), sycl::any/all/none of
// marray<bool, N>, and the relational functions and select on marrays;
// every value checked against the same computation on the host.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>

constexpr int kOuts = 24;

// The computation, run on the device and on the host alike.
template <typename Out>
void compute(int i, Out o) {
  sycl::marray<int, 4> a{i, 5 - i, 9, -13 + i};
  sycl::marray<int, 4> b{3, -2, i + 1, 7};
  sycl::marray<int, 4> c = a + b * 2 - 1;
  c += 1;
  c -= b;
  c *= 3;
  c /= sycl::marray<int, 4>(2);
  c = 100 - c;
  sycl::marray<int, 4> m = (a * 7) % 5 + (a & 6) + (b | 8) + ((a ^ b) << 1) + (c >> 2) + ~a;
  m %= 1000;
  m <<= 1;
  m ^= 3;
  sycl::marray<int, 4> inc = a;
  sycl::marray<int, 4> post = inc++;
  ++inc;
  --inc;
  int sum = 0;
  for (int x : c) sum += x;
  for (int &x : m) x += 1;
  for (int k = 0; k < 4; ++k) {
    o(k, c[k]);
    o(4 + k, m[k]);
  }
  o(8, sum + post[1] * 10 + inc[2] * 100);

  // Comparisons with marrays and scalars on either side.
  sycl::marray<bool, 4> gt = a > 5;
  sycl::marray<bool, 4> le = 2 <= b;
  sycl::marray<bool, 4> ge = a >= b;
  sycl::marray<bool, 4> lt = a < 0;
  sycl::marray<bool, 4> eq = a == sycl::marray<int, 4>(9);
  sycl::marray<bool, 4> ne = 9 != a;
  sycl::marray<bool, 4> land = gt && le;
  sycl::marray<bool, 4> lor = lt || eq;
  sycl::marray<bool, 4> lnot = !a;
  int bits = 0;
  for (int k = 0; k < 4; ++k)
    bits |= (gt[k] << k) | (le[k] << (4 + k)) | (ge[k] << (8 + k)) | (lt[k] << (12 + k)) | (eq[k] << (16 + k)) |
            (ne[k] << (20 + k)) | (land[k] << (24 + k)) | (lor[k] << (28 + k));
  o(9, bits);
  int counted = 0;
  for (bool t : gt) counted += t;
  for (bool t : lnot) counted += 10 * t;
  o(10, counted);
  o(11, (sycl::any(gt) ? 1 : 0) + (sycl::all(gt) ? 2 : 0) + (sycl::none(gt) ? 4 : 0) + (sycl::any(lor) ? 8 : 0) +
            (sycl::all(ne || eq) ? 16 : 0) + (sycl::none(lt && gt) ? 32 : 0));

  // Floating-point marrays: scalar operands, the relational functions, select.
  sycl::marray<float, 3> f{0.5f * i, -1.25f, 3.0f};
  sycl::marray<float, 3> g = 2.0f * f + 1.0f;
  g /= 4.0f;
  g = g - f / 2.0f;
  sycl::marray<float, 3> h = sycl::select(f, g, f > 1.0f);
  sycl::marray<bool, 3> less = sycl::isless(f, g);
  sycl::marray<bool, 3> nan = sycl::isnan(f / sycl::marray<float, 3>(f[0], 1.0f, 1.0f));
  for (int k = 0; k < 3; ++k) o(12 + k, static_cast<int>(std::lround(h[k] * 1000.0f)));
  o(15, less[0] + 2 * less[1] + 4 * less[2] + 8 * nan[0] + 16 * nan[1]);
  sycl::marray<short, 2> s{short(i), short(-7)};
  s += short(3);
  s = s * short(2);
  o(16, s[0] + 1000 * s[1]);
  sycl::marray<unsigned, 2> u{unsigned(i) * 3u, 0xF0u};
  u |= 1u;
  u = 0xFFu & u;
  o(17, static_cast<int>(u[0] + (u[1] << 8)));
  sycl::marray<float, 2> neg = -sycl::marray<float, 2>(f[0], -2.0f);
  neg = +neg;
  o(18, static_cast<int>(neg[0] * 10.0f) + static_cast<int>(neg[1]) * 1000);
  o(19, static_cast<int>(sycl::marray<int, 4>::size()));
}

int main() {
  sycl::queue q;
  const int n = 8;
  int *out = sycl::malloc_shared<int>(n * kOuts, q);
  for (int i = 0; i < n * kOuts; ++i) out[i] = -12345;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     compute(i, [=](int k, int v) { out[i * kOuts + k] = v; });
   }).wait();
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    int expect[kOuts];
    for (int k = 0; k < kOuts; ++k) expect[k] = -12345;
    compute(i, [&](int k, int v) { expect[k] = v; });
    for (int k = 0; k < kOuts; ++k)
      if (out[i * kOuts + k] != expect[k] && failures++ < 10)
        std::printf("FAILED: item %d, value %d: %d, expected %d\n", i, k, out[i * kOuts + k], expect[k]);
  }
  // A few values checked by hand, so the host computation is checked too.
  // i = 0: a = {0, 5, 9, -13}, b = {3, -2, 1, 7}.
  // a > 5 = {0,0,1,0}: any, not all, not none.
  bool hand = (out[11] & 7) == 1;
  // c = 100 - ((a + 2b - 1 + 1 - b) * 3) / 2 = 100 - ((a + b) * 3) / 2 = {96, 96, 85, 109}.
  hand = hand && out[0] == 96 && out[1] == 96 && out[2] == 85 && out[3] == 109;
  // counted: gt has one true; !a has one true (a[0] == 0): 1 + 10.
  hand = hand && out[10] == 11;
  // s = ({0, -7} + 3) * 2 = {6, -8}.
  hand = hand && out[16] == 6 - 8000;
  if (!hand && failures++ < 10) std::printf("FAILED: hand-checked values\n");
  sycl::free(out, q);
  if (failures) return 1;
  std::printf("PASSED\n");
  return 0;
}
