// Relational functions on sycl::vec (SYCL 2020 4.17.9): isnan, isinf,
// isfinite, isnormal, signbit and the nine comparisons give the signed
// integer vector of the element's size with -1 where true; any/all of
// integer vectors test most significant bits; select picks by the
// selector's most significant bit; bitselect on integer and float vectors.
// The logical operators of vec (!, ~, &&, ||; SYCL 2020 4.14.2.1) give -1/0
// like comparisons. Inputs include NaN, infinities and signed zeros, read
// from memory; every result is checked against scalar <cmath> on the host.
#include <sycl/sycl.hpp>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>

static_assert(std::is_same_v<decltype(sycl::isnan(sycl::float4())), sycl::int4>, "float4 -> int4");
static_assert(std::is_same_v<decltype(sycl::isless(sycl::double2(), sycl::double2())), sycl::vec<int64_t, 2>>,
              "double2 -> 64-bit mask");
static_assert(std::is_same_v<decltype(sycl::signbit(sycl::half3())), sycl::vec<int16_t, 3>>, "half3 -> short3");
static_assert(std::is_same_v<decltype(!sycl::float2()), sycl::int2>, "!float2 -> int2");
static_assert(std::is_same_v<decltype(sycl::uchar4() && sycl::uchar4()), sycl::vec<int8_t, 4>>, "uchar4 && -> char4");

constexpr int kValues = 9;
constexpr int kUnary = 5, kBinary = 9;
constexpr int kPerItem = (kUnary + kBinary) * 4 + 32;

int main() {
  sycl::queue q;
  const float inf = std::numeric_limits<float>::infinity();
  const float table[kValues] = {1.0f, -2.0f, 0.0f, -0.0f, std::numeric_limits<float>::quiet_NaN(), inf, -inf,
                                FLT_MIN, 3.5f};
  const int n = kValues;
  float *values = sycl::malloc_shared<float>(kValues, q);
  int *out = sycl::malloc_shared<int>(n * kPerItem, q);
  for (int k = 0; k < kValues; ++k) values[k] = table[k];
  // Operands of item i: elements i, i+2, i+4, i+6 and i+1, i+3, i+5, i+7.
  auto element = [](const float *t, int i, int k, int second) { return t[(i + 2 * k + second) % kValues]; };
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     sycl::float4 x, y;
     for (int k = 0; k < 4; ++k) {
       x[k] = element(values, i, k, 0);
       y[k] = element(values, i, k, 1);
     }
     int *o = out + i * kPerItem;
     sycl::int4 r[kUnary + kBinary] = {
         sycl::isnan(x),        sycl::isinf(x),          sycl::isfinite(x),         sycl::isnormal(x),
         sycl::signbit(x),      sycl::isequal(x, y),     sycl::isnotequal(x, y),    sycl::isgreater(x, y),
         sycl::isgreaterequal(x, y), sycl::isless(x, y), sycl::islessequal(x, y),   sycl::islessgreater(x, y),
         sycl::isordered(x, y), sycl::isunordered(x, y)};
     for (int f = 0; f < kUnary + kBinary; ++f)
       for (int k = 0; k < 4; ++k) o[f * 4 + k] = r[f][k];
     int *e = o + (kUnary + kBinary) * 4;
     // any/all: most significant bits, of int, char and unsigned vectors.
     sycl::int4 lt = sycl::isless(x, y);
     e[0] = sycl::any(lt) + 2 * sycl::all(lt) + 4 * sycl::any(sycl::isnan(x)) + 8 * sycl::all(sycl::isfinite(y));
     sycl::char2 c(static_cast<char>(-1 - i), static_cast<char>(i));
     sycl::uint2 u(0x80000000u * static_cast<unsigned>(i & 1), 0xFFFFFFFFu);
     e[1] = sycl::any(c) + 2 * sycl::all(c) + 4 * sycl::any(u) + 8 * sycl::all(u);
     // select: element of y where the selector's most significant bit is set.
     sycl::float4 s = sycl::select(x, y, lt);
     sycl::float4 s2 = sycl::select(x, y, sycl::uint4(0x80000000u, 1u, 0xFFFFFFFFu, 0x7FFFFFFFu));
     for (int k = 0; k < 4; ++k) {
       e[2 + k] = sycl::bit_cast<int>(s[k]);
       e[6 + k] = sycl::bit_cast<int>(s2[k]);
     }
     sycl::uint4 ua(0x12345678u, 0xFFFF0000u, unsigned(i), 0u), ub(0x0F0F0F0Fu, 0x00FF00FFu, 0xFFFFFFFFu, 7u),
         uc(0xFF00FF00u, 0x0F0F0F0Fu, 0x3u, 0xFFFFFFFFu);
     sycl::uint4 bs = sycl::bitselect(ua, ub, uc);
     sycl::float4 fs = sycl::bitselect(sycl::float4(1.0f), sycl::float4(-1.0f),
                                       sycl::uint4(0x80000000u).as<sycl::float4>());  // sign bit from b
     for (int k = 0; k < 4; ++k) e[10 + k] = static_cast<int>(bs[k]);
     e[14] = static_cast<int>(fs[0] + fs[1] * 10.0f);
     // Logical operators.
     sycl::int4 a(0, 1, i, -3), b(i & 1, 0, 2, 0);
     sycl::int4 land = a && b, lor = a || b, lnot = !a, bnot = ~a, lscalar = a && 1, rscalar = 0 || b;
     sycl::int4 fnot = !x;
     sycl::int4 fand = x && y;
     sycl::uint2 unot = ~sycl::uint2(unsigned(i), 0xF0u);
     int masks = 0;
     for (int k = 0; k < 4; ++k) {
       masks |= (land[k] & 1) << k | (lor[k] & 1) << (4 + k) | (lnot[k] & 1) << (8 + k) |
                (lscalar[k] & 1) << (12 + k) | (rscalar[k] & 1) << (16 + k) | (fnot[k] & 1) << (20 + k) |
                (fand[k] & 1) << (24 + k);
       e[16 + k] = bnot[k];
       e[20 + k] = land[k] + lor[k] + lnot[k] + fnot[k] + fand[k];  // each -1 or 0
     }
     e[15] = masks;
     e[24] = static_cast<int>(unot[0]);
     e[25] = static_cast<int>(unot[1]);
   }).wait();

  int failures = 0;
  auto check = [&](bool ok, const char *what, int i, int k) {
    if (!ok && failures++ < 12) std::printf("FAILED: %s, item %d element %d\n", what, i, k);
  };
  const char *names[kUnary + kBinary] = {"isnan", "isinf", "isfinite", "isnormal", "signbit",
                                         "isequal", "isnotequal", "isgreater", "isgreaterequal", "isless",
                                         "islessequal", "islessgreater", "isordered", "isunordered"};
  for (int i = 0; i < n; ++i) {
    const int *o = out + i * kPerItem;
    const int *e = o + (kUnary + kBinary) * 4;
    float x[4], y[4];
    for (int k = 0; k < 4; ++k) {
      x[k] = element(table, i, k, 0);
      y[k] = element(table, i, k, 1);
    }
    bool any_lt = false, all_lt = true, any_nan = false, all_finite = true;
    for (int k = 0; k < 4; ++k) {
      bool un = std::isnan(x[k]) || std::isnan(y[k]);
      bool want[kUnary + kBinary] = {std::isnan(x[k]),
                                     std::isinf(x[k]),
                                     std::isfinite(x[k]),
                                     std::isnormal(x[k]),
                                     std::signbit(x[k]),
                                     x[k] == y[k],
                                     !(x[k] == y[k]),
                                     x[k] > y[k],
                                     x[k] >= y[k],
                                     x[k] < y[k],
                                     x[k] <= y[k],
                                     x[k] < y[k] || x[k] > y[k],
                                     !un,
                                     un};
      for (int f = 0; f < kUnary + kBinary; ++f) check(o[f * 4 + k] == (want[f] ? -1 : 0), names[f], i, k);
      any_lt |= x[k] < y[k];
      all_lt &= x[k] < y[k];
      any_nan |= std::isnan(x[k]);
      all_finite &= std::isfinite(y[k]);
      // select by the comparison, and by a fixed unsigned selector.
      float s = x[k] < y[k] ? y[k] : x[k];
      const bool msb[4] = {true, false, true, false};
      float s2 = msb[k] ? y[k] : x[k];
      int sb, s2b;
      std::memcpy(&sb, &s, 4);
      std::memcpy(&s2b, &s2, 4);
      check(e[2 + k] == sb, "select by an int4 mask", i, k);
      check(e[6 + k] == s2b, "select by a uint4 selector", i, k);
    }
    check(e[0] == int(any_lt) + 2 * int(all_lt) + 4 * int(any_nan) + 8 * int(all_finite), "any/all of masks", i, 0);
    // char2(-1 - i, i): element 0 is negative for every i in 0..8; element 1 never.
    // uint2: element 0 has its top bit for odd i; element 1 always.
    check(e[1] == 1 + 4 + 8 * (i & 1), "any/all of char2 and uint2", i, 0);
    const unsigned ua[4] = {0x12345678u, 0xFFFF0000u, unsigned(i), 0u}, ub[4] = {0x0F0F0F0Fu, 0x00FF00FFu, 0xFFFFFFFFu, 7u},
                   uc[4] = {0xFF00FF00u, 0x0F0F0F0Fu, 0x3u, 0xFFFFFFFFu};
    for (int k = 0; k < 4; ++k)
      check(static_cast<unsigned>(e[10 + k]) == ((ua[k] & ~uc[k]) | (ub[k] & uc[k])), "bitselect uint4", i, k);
    check(e[14] == -11, "bitselect float4 (sign bits)", i, 0);
    const int a[4] = {0, 1, i, -3}, b[4] = {i & 1, 0, 2, 0};
    int masks = 0;
    for (int k = 0; k < 4; ++k) {
      bool land = a[k] && b[k], lor = a[k] || b[k], lnot = !a[k];
      bool lscalar = a[k] != 0, rscalar = b[k] != 0;  // a && 1, 0 || b
      bool fnot = !x[k], fand = x[k] && y[k];
      masks |= land << k | lor << (4 + k) | lnot << (8 + k) | lscalar << (12 + k) | rscalar << (16 + k) |
               fnot << (20 + k) | fand << (24 + k);
      check(e[16 + k] == ~a[k], "~int4", i, k);
      check(e[20 + k] == -(int(land) + int(lor) + int(lnot) + int(fnot) + int(fand)), "logical results are -1/0", i, k);
    }
    check(e[15] == masks, "&&, ||, ! on int4 and float4, with scalars", i, 0);
    check(static_cast<unsigned>(e[24]) == ~unsigned(i) && static_cast<unsigned>(e[25]) == ~0xF0u, "~uint2", i, 0);
  }
  // The table by hand: NaN (element 4) is unordered with everything, -0 == +0.
  check(std::isnan(table[4]) && table[2] == table[3] && std::signbit(table[3]), "the table itself", 0, 0);
  sycl::free(values, q);
  sycl::free(out, q);
  if (failures) return 1;
  std::printf("PASSED\n");
  return 0;
}
