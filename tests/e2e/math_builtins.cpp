// SYCL 2020 math built-ins (4.17.5-4.17.9) in device code: each function is
// evaluated by a kernel over a range of inputs (plus zeros, infinities and
// NaN where the result is defined) and compared on the host with a long
// double reference from the host's <cmath>. Tolerances are in ULPs of the
// result type, or an absolute error near zeros of the function. erf, erfc,
// tgamma and lgamma are approximations of float accuracy, so their doubles
// are checked against float ULPs ("via float" below); the others are
// double-accurate (tests/e2e/math_fp64.cpp checks the exp, log and
// trigonometric functions they build on). Doubles run only where the device
// has fp64. Integer and relational functions are checked exactly. The wide
// tolerances (expm1, erfc, tgamma, asinpi/acospi/atanpi) are what lavapipe's
// exp, asin and atan builtins allow (atan is off by up to ~50 ULPs, asin by
// thousands near |x| = 1, where asinpi and acospi avoid it). The 64-bit
// mul_hi, mad_hi and mad_sat are checked against the host's __int128.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <vector>

enum Fn {
  Log10, Log1p, Expm1, Rint, Nearbyint, Round, Cbrt, Erf, Erfc, Tgamma, Lgamma, Logb, Ilogb,
  Lround, IsNan, IsInf, IsFinite, SignBit, Fmod, Remainder, Hypot, Copysign, Fdim, Nextafter,
  Ldexp, Exp10, Sinpi, Cospi, Tanpi, Asinpi, Acospi, Atanpi, Rootn, Smoothstep, Maxmag,
  Minmag, IsEqual, IsNotEqual, IsGreater, IsLessEqual, IsUnordered, Bitselect,
};

struct Case {
  Fn fn;
  const char *name;
  double lo, hi;      // x from lo to hi (geometrically when both are > 0)
  double ylo, yhi;    // y spread over this range (binary functions)
  double ulps;        // tolerance in ULPs of the result
  double abs_tol;     // or this absolute error (0: none)
  bool via_float;     // doubles: ulps are float ULPs (computed through float)
  bool specials;      // also x (and y) in {0, -0, inf, -inf, nan}
};

const Case cases[] = {
    {Log10, "log10", 1e-3, 1e4, 0, 0, 4, 0, false, true},
    {Log1p, "log1p", -0.9, 10, 0, 0, 4, 0, false, true},
    {Expm1, "expm1", -10, 10, 0, 0, 16, 0, false, true},
    {Rint, "rint", -10.5, 10.5, 0, 0, 0, 0, false, true},
    {Nearbyint, "nearbyint", -10.5, 10.5, 0, 0, 0, 0, false, true},
    {Round, "round", -10.5, 10.5, 0, 0, 0, 0, false, true},
    {Cbrt, "cbrt", -1000, 1000, 0, 0, 2, 0, false, true},
    {Erf, "erf", -5, 5, 0, 0, 4, 0, true, true},
    {Erfc, "erfc", -3, 9, 0, 0, 128, 0, true, true},
    {Tgamma, "tgamma", -4.55, 30.05, 0, 0, 128, 0, true, true},
    {Lgamma, "lgamma", -4.55, 30.05, 0, 0, 16, 2e-6, true, true},
    {Logb, "logb", 1e-30, 1e30, 0, 0, 0, 0, false, true},
    {Ilogb, "ilogb", 1e-30, 1e30, 0, 0, 0, 0, false, true},
    {Lround, "lround", -10.5, 10.5, 0, 0, 0, 0, false, false},
    {IsNan, "isnan", -2, 2, 0, 0, 0, 0, false, true},
    {IsInf, "isinf", -2, 2, 0, 0, 0, 0, false, true},
    {IsFinite, "isfinite", -2, 2, 0, 0, 0, 0, false, true},
    {SignBit, "signbit", -2, 2, 0, 0, 0, 0, false, true},
    {Fmod, "fmod", -1e4, 1e4, -7.3, 7.9, 0, 0, false, true},
    {Remainder, "remainder", -1e4, 1e4, -7.3, 7.9, 0, 0, false, true},
    {Hypot, "hypot", -1e3, 1e3, -1e3, 1e3, 2, 0, false, true},
    {Copysign, "copysign", -5, 5, -1, 1, 0, 0, false, true},
    {Fdim, "fdim", -5, 5, -5, 5, 0, 0, false, true},
    {Nextafter, "nextafter", -5, 5, -5, 5, 0, 0, false, true},
    {Ldexp, "ldexp", -5, 5, -40, 40, 0, 0, false, false},
    {Exp10, "exp10", -30, 30, 0, 0, 8, 0, false, false},
    {Sinpi, "sinpi", -4, 4, 0, 0, 4, 0, false, false},
    {Cospi, "cospi", -4, 4, 0, 0, 4, 0, false, false},
    {Tanpi, "tanpi", -4, 4, 0, 0, 8, 0, false, false},
    {Asinpi, "asinpi", -1, 1, 0, 0, 64, 0, false, false},
    {Acospi, "acospi", -1, 1, 0, 0, 64, 0, false, false},
    {Atanpi, "atanpi", -100, 100, 0, 0, 64, 0, false, false},
    {Rootn, "rootn(x, 3)", -100, 100, 0, 0, 4, 0, false, false},
    {Smoothstep, "smoothstep(0, 1, x)", -0.5, 1.5, 0, 0, 2, 1e-7, false, false},
    {Maxmag, "maxmag", -5, 5, -5, 5, 0, 0, false, false},
    {Minmag, "minmag", -5, 5, -5, 5, 0, 0, false, false},
    {IsEqual, "isequal", -2, 2, -2, 2, 0, 0, false, true},
    {IsNotEqual, "isnotequal", -2, 2, -2, 2, 0, 0, false, true},
    {IsGreater, "isgreater", -2, 2, -2, 2, 0, 0, false, true},
    {IsLessEqual, "islessequal", -2, 2, -2, 2, 0, 0, false, true},
    {IsUnordered, "isunordered", -2, 2, -2, 2, 0, 0, false, true},
    {Bitselect, "bitselect(x, y, -0.0)", -5, 5, -5, 5, 0, 0, false, false},
};
constexpr int num_cases = sizeof(cases) / sizeof(cases[0]);
constexpr int points = 256;          // inputs per function: a range ...
constexpr int specials = 5;          // ... then x = 0, -0, inf, -inf, nan
constexpr int per_case = points + specials * specials;

// The <cmath> functions under test (also the host's long double reference).
template <typename T> T eval_std(Fn fn, T x, T y) {
  switch (fn) {
  case Log10: return std::log10(x);
  case Log1p: return std::log1p(x);
  case Expm1: return std::expm1(x);
  case Rint: return std::rint(x);
  case Nearbyint: return std::nearbyint(x);
  case Round: return std::round(x);
  case Cbrt: return std::cbrt(x);
  case Erf: return std::erf(x);
  case Erfc: return std::erfc(x);
  case Tgamma: return std::tgamma(x);
  case Lgamma: return std::lgamma(x);
  case Logb: return std::logb(x);
  case Ilogb: return T(std::ilogb(x));
  case Lround: return T(std::lround(x));
  case IsNan: return T(std::isnan(x));
  case IsInf: return T(std::isinf(x));
  case IsFinite: return T(std::isfinite(x));
  case SignBit: return T(std::signbit(x));
  case Fmod: return std::fmod(x, y);
  case Remainder: return std::remainder(x, y);
  case Hypot: return std::hypot(x, y);
  case Copysign: return std::copysign(x, y);
  case Fdim: return std::fdim(x, y);
  case Nextafter: return std::nextafter(x, y);
  case Ldexp: return std::ldexp(x, int(y));
  default: return T(0);
  }
}

// Every function under test, as device code calls it.
template <typename T> T eval(Fn fn, T x, T y) {
  switch (fn) {
  case Exp10: return sycl::exp10(x);
  case Sinpi: return sycl::sinpi(x);
  case Cospi: return sycl::cospi(x);
  case Tanpi: return sycl::tanpi(x);
  case Asinpi: return sycl::asinpi(x);
  case Acospi: return sycl::acospi(x);
  case Atanpi: return sycl::atanpi(x);
  case Rootn: return sycl::rootn(x, 3);
  case Smoothstep: return sycl::smoothstep(T(0), T(1), x);
  case Maxmag: return sycl::maxmag(x, y);
  case Minmag: return sycl::minmag(x, y);
  case IsEqual: return T(sycl::isequal(x, y));
  case IsNotEqual: return T(sycl::isnotequal(x, y));
  case IsGreater: return T(sycl::isgreater(x, y));
  case IsLessEqual: return T(sycl::islessequal(x, y));
  case IsUnordered: return T(sycl::isunordered(x, y));
  case Bitselect: return sycl::bitselect(x, y, T(-0.0));
  default: return eval_std(fn, x, y);
  }
}

// The exact answer, as far as long double on the host gives it (nextafter:
// the neighbour in T).
template <typename T> long double reference(Fn fn, long double x, long double y) {
  const long double pi = 3.141592653589793238462643383279502884L;
  const long double r = std::fmod(x, 2.0L);  // sinpi & co: exact reduction
  switch (fn) {
  case Nextafter: return std::nextafter(T(x), T(y));
  case Exp10: return std::pow(10.0L, x);
  case Sinpi: return std::sin(pi * r);
  case Cospi: return std::cos(pi * r);
  case Tanpi: return std::tan(pi * r);
  case Asinpi: return std::asin(x) / pi;
  case Acospi: return std::acos(x) / pi;
  case Atanpi: return std::atan(x) / pi;
  case Rootn: return std::cbrt(x);
  case Smoothstep: {
    long double t = x < 0 ? 0 : (x > 1 ? 1 : x);
    return t * t * (3 - 2 * t);
  }
  case Maxmag: return std::fabs(x) > std::fabs(y) ? x : (std::fabs(y) > std::fabs(x) ? y : std::fmax(x, y));
  case Minmag: return std::fabs(x) < std::fabs(y) ? x : (std::fabs(y) < std::fabs(x) ? y : std::fmin(x, y));
  case IsEqual: return x == y;
  case IsNotEqual: return x != y;
  case IsGreater: return x > y;
  case IsLessEqual: return x <= y;
  case IsUnordered: return std::isnan(x) || std::isnan(y);
  case Bitselect: return std::copysign(std::fabs(x), y);  // the mask is the sign bit
  default: return eval_std<long double>(fn, x, y);
  }
}

// Inputs of case c, point i (for type T: the values are rounded to T).
template <typename T> void input(const Case &c, int i, T &x, T &y) {
  if (i >= points) {
    const T s[specials] = {T(0), T(-0.0), std::numeric_limits<T>::infinity(),
                           -std::numeric_limits<T>::infinity(), std::numeric_limits<T>::quiet_NaN()};
    int k = i - points;
    x = s[k / specials];
    y = c.ylo == c.yhi ? T(0) : s[k % specials];
    return;
  }
  double t = double(i) / (points - 1);
  if (c.lo > 0) {
    x = T(c.lo * std::pow(c.hi / c.lo, t));
  } else {
    x = T(c.lo + (c.hi - c.lo) * t);
  }
  // y walks its range at another rate than x, so pairs vary in ratio.
  double u = double((i * 97) % points) / (points - 1);
  y = T(c.ylo + (c.yhi - c.ylo) * u);
  if (c.fn == Ldexp) y = T(std::round(y));
  if ((c.fn == Fmod || c.fn == Remainder) && y == T(0)) y = T(1.5);
}

// The error of got against want in ULPs of T at want (0 when equal,
// infinite when they differ in kind: NaN, infinity, sign of zero aside).
template <typename T> long double ulp_error(T got, long double want, int mantissa) {
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got) ? 0 : INFINITY;
  if (std::isinf(want) || std::isinf(got)) return (long double)got == want ? 0 : INFINITY;
  if ((long double)got == want) return 0;
  int e = want == 0 ? -1021 : std::ilogb(want);
  if (e < -1021) e = -1021;
  return std::fabs((long double)got - want) / std::ldexp(1.0L, e - mantissa);
}

template <typename T> bool check(sycl::queue &q, const char *type) {
  const int n = num_cases * per_case;
  T *xs = sycl::malloc_shared<T>(n, q);
  T *ys = sycl::malloc_shared<T>(n, q);
  T *out = sycl::malloc_shared<T>(n, q);
  Fn *fns = sycl::malloc_shared<Fn>(n, q);
  for (int c = 0; c < num_cases; ++c)
    for (int i = 0; i < per_case; ++i) {
      int k = c * per_case + i;
      fns[k] = cases[c].fn;
      input(cases[c], i, xs[k], ys[k]);
    }
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
    int k = int(id[0]);
    out[k] = eval(fns[k], xs[k], ys[k]);
  }).wait();

  const int mant = std::numeric_limits<T>::digits - 1;
  bool ok = true;
  for (int c = 0; c < num_cases; ++c) {
    const Case &cs = cases[c];
    bool float_ulps = cs.via_float && sizeof(T) == 8;
    long double worst = 0;
    for (int i = 0; i < (cs.specials ? per_case : points); ++i) {
      int k = c * per_case + i;
      long double want = reference<T>(cs.fn, xs[k], ys[k]);
      // The reference rounded to T: the best a T result can be.
      long double rounded = (long double)(T)want;
      long double err = ulp_error(out[k], rounded, float_ulps ? 23 : mant);
      bool near = cs.abs_tol > 0 && std::fabs((long double)out[k] - want) <= cs.abs_tol;
      if (err > cs.ulps && !near) {
        ok = false;
        std::printf("FAILED %s %s(%.9g, %.9g): expected %.17Lg, got %.17g (%.3Lg ulps, tolerance %g)\n",
                    type, cs.name, double(xs[k]), double(ys[k]), want, double(out[k]), err, cs.ulps);
      } else if (!near && err > worst) {
        worst = err;
      }
    }
    std::printf("%-6s %-22s worst %.3Lg %sulps (tolerance %g)\n", type, cs.name, worst,
                float_ulps ? "float " : "", cs.ulps);
  }
  sycl::free(xs, q);
  sycl::free(ys, q);
  sycl::free(out, q);
  sycl::free(fns, q);
  return ok;
}

// Integer functions (4.17.7) against host references written independently.
// Reference bit counts, one bit at a time.
static int leading_zeros(unsigned v) {
  int n = 0;
  for (unsigned bit = 1u << 31; bit != 0 && !(v & bit); bit >>= 1) ++n;
  return n;
}
static int trailing_zeros(unsigned v) {
  int n = 0;
  for (unsigned bit = 1; bit != 0 && !(v & bit); bit <<= 1) ++n;
  return n;
}
static int ones(unsigned v) {
  int n = 0;
  for (; v != 0; v &= v - 1) ++n;
  return n;
}

bool check_integers(sycl::queue &q) {
  const int n = 64, outs = 14;
  int *xs = sycl::malloc_shared<int>(n, q);
  int *ys = sycl::malloc_shared<int>(n, q);
  long long *out = sycl::malloc_shared<long long>(n * outs, q);
  const int edge[] = {0, 1, -1, 2, INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1};
  for (int i = 0; i < n; ++i) {
    xs[i] = i < 8 ? edge[i] : int(0x9E3779B9u * unsigned(i) >> (i % 13));
    ys[i] = i < 8 ? edge[(i + 3) % 8] : int(0x85EBCA6Bu * unsigned(i + 7)) >> (i % 17);
  }
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
    int i = int(id[0]);
    int x = xs[i], y = ys[i];
    unsigned ux = unsigned(x), uy = unsigned(y);
    long long *o = out + i * outs;
    o[0] = sycl::clz(x);
    o[1] = sycl::ctz(ux);
    o[2] = sycl::popcount(x);
    o[3] = sycl::rotate(ux, uy);
    o[4] = sycl::abs_diff(x, y);
    o[5] = sycl::add_sat(x, y);
    o[6] = sycl::sub_sat(x, y);
    o[7] = sycl::add_sat(ux, uy);
    o[8] = sycl::hadd(x, y);
    o[9] = sycl::rhadd(ux, uy);
    o[10] = sycl::mad24(x & 0x7fffff, y & 0xff, 5);
    o[11] = sycl::mul24(ux & 0xffffff, uy & 0xff);
    o[12] = sycl::select(x, y, x < y) + (sycl::any(x) ? 2 : 0);
    o[13] = sycl::bitselect(ux, uy, 0xff00ff00u);
  });
  q.wait();
  auto sat = [](long long v) { return v > INT_MAX ? INT_MAX : (v < INT_MIN ? INT_MIN : v); };
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    long long x = xs[i], y = ys[i];
    unsigned ux = unsigned(xs[i]), uy = unsigned(ys[i]);
    unsigned r = uy % 32;
    long long want[outs] = {
        leading_zeros(ux),
        trailing_zeros(ux),
        ones(ux),
        r == 0 ? ux : unsigned(ux << r | ux >> (32 - r)),
        (int)(unsigned)(x > y ? x - y : y - x),
        sat(x + y),
        sat(x - y),
        std::min<long long>((long long)ux + uy, UINT_MAX),
        (x + y) >> 1,
        ((long long)ux + uy + 1) >> 1,
        (x & 0x7fffff) * (y & 0xff) + 5,
        (long long)(ux & 0xffffff) * (uy & 0xff),
        (x < y ? y : x) + (x < 0 ? 2 : 0),
        (ux & 0x00ff00ffu) | (uy & 0xff00ff00u),
    };
    for (int j = 0; j < outs; ++j)
      if (out[i * outs + j] != want[j]) {
        ok = false;
        std::printf("FAILED integer function %d (x=%d, y=%d): expected %lld, got %lld\n", j, xs[i],
                    ys[i], want[j], out[i * outs + j]);
      }
  }
  sycl::free(xs, q);
  sycl::free(ys, q);
  sycl::free(out, q);
  return ok;
}

// mul_hi, mad_hi, mad_sat and upsample over 32- and 64-bit operands
// around the edges of their ranges.
bool check_wide_products(sycl::queue &q) {
  constexpr int n = 8;
  const long long vals[n] = {0, 1, -1, LLONG_MAX, LLONG_MIN, 123456789012345LL, -98765432109876LL,
                             0x00000001ffffffffLL};
  long long *in = sycl::malloc_shared<long long>(n, q);
  long long *o = sycl::malloc_shared<long long>(n * n * 4, q);
  unsigned *u = sycl::malloc_shared<unsigned>(n * n, q);
  std::copy(vals, vals + n, in);
  q.parallel_for(sycl::range<2>(n, n), [=](sycl::id<2> id) {
     int i = int(id[0]), j = int(id[1]);
     long long a = in[i], b = in[j];
     long long *r = o + (i * n + j) * 4;
     r[0] = sycl::mul_hi(a, b);
     r[1] = (long long)sycl::mul_hi((unsigned long long)a, (unsigned long long)b);
     r[2] = sycl::mad_sat(a, b, 5LL);
     r[3] = sycl::mul_hi(int(a), int(b)) + sycl::upsample((short)a, (unsigned short)b);
     u[i * n + j] = sycl::mad_hi(unsigned(a), unsigned(b), 7u);
   }).wait();
  bool ok = true;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      __int128 a = vals[i], b = vals[j], m = a * b + 5;
      unsigned __int128 ua = (unsigned long long)vals[i], ub = (unsigned long long)vals[j];
      long long want[4] = {
          (long long)((a * b) >> 64), (long long)(unsigned long long)((ua * ub) >> 64),
          m > (__int128)LLONG_MAX ? LLONG_MAX : m < (__int128)LLONG_MIN ? LLONG_MIN : (long long)m,
          (long long)(((long long)(int)vals[i] * (int)vals[j]) >> 32) +
              (int)(((unsigned)(unsigned short)vals[i] << 16) | (unsigned short)vals[j])};
      unsigned want_hi = (unsigned)(((unsigned long long)(unsigned)vals[i] * (unsigned)vals[j]) >> 32) + 7u;
      const long long *r = o + (i * n + j) * 4;
      if (!std::equal(want, want + 4, r) || u[i * n + j] != want_hi) {
        std::printf("FAILED: mul_hi/mad_sat/upsample of %lld and %lld\n", vals[i], vals[j]);
        ok = false;
      }
    }
  sycl::free(in, q);
  sycl::free(o, q);
  sycl::free(u, q);
  return ok;
}

// The integer functions element by element on vectors (ported CUDA code
// multiplies 64-bit lanes with `mul_hi(ulong4, ulong4)`): each lane as the
// scalar function gives it on the host.
struct IntegerOperands {
  sycl::ulong4 a{0xFFFFFFFFFFFFFFFFull, 1ull << 40, 3, 0x8000000000000000ull};
  sycl::ulong4 b{2, 1ull << 30, 5, 4}, one{1, 1, 1, 1};
  sycl::int4 x{-7, 100, 1 << 30, -1}, y{3, -50, 1 << 30, 1}, s{0x7FFFFFFF, 0, -(1 << 30), 31};
};

static bool check_integer_vectors(sycl::queue &q) {
  const IntegerOperands ops;
  const auto &[a, b, one, x, y, s] = ops;
  sycl::ulong4 *o = sycl::malloc_shared<sycl::ulong4>(4, q);
  sycl::int4 *p = sycl::malloc_shared<sycl::int4>(4, q);
  q.single_task([=] {
     const IntegerOperands ops;
     const auto &[a, b, one, x, y, s] = ops;
     o[0] = sycl::mul_hi(a, b);
     o[1] = sycl::mad_hi(a, b, one);
     o[2] = sycl::add_sat(a, b);
     o[3] = sycl::popcount(b) + sycl::clz(b) + sycl::ctz(b);
     p[0] = sycl::abs_diff(x, y);
     p[1] = sycl::sub_sat(x, s) + sycl::hadd(x, y) + sycl::rhadd(x, y);
     p[2] = sycl::rotate(y, s);
     p[3] = sycl::mad_sat(x, y, s);
   }).wait();
  bool ok = true;
  for (int k = 0; k < 4; ++k) {
    const unsigned long long want[4] = {
        sycl::mul_hi(a[k], b[k]), sycl::mad_hi(a[k], b[k], one[k]), sycl::add_sat(a[k], b[k]),
        sycl::popcount(b[k]) + sycl::clz(b[k]) + sycl::ctz(b[k])};
    const int want_i[4] = {
        int(sycl::abs_diff(x[k], y[k])),
        sycl::sub_sat(x[k], s[k]) + sycl::hadd(x[k], y[k]) + sycl::rhadd(x[k], y[k]),
        sycl::rotate(y[k], s[k]), sycl::mad_sat(x[k], y[k], s[k])};
    for (int r = 0; r < 4; ++r) {
      if (o[r][k] != want[r]) {
        std::printf("FAILED: ulong4 integer function %d, lane %d: %llu, want %llu\n", r, k,
                    (unsigned long long)o[r][k], want[r]);
        ok = false;
      }
      if (p[r][k] != want_i[r]) {
        std::printf("FAILED: int4 integer function %d, lane %d: %d, want %d\n", r, k, p[r][k], want_i[r]);
        ok = false;
      }
    }
  }
  sycl::free(o, q);
  sycl::free(p, q);
  return ok;
}

int main() {
  sycl::queue q;
  bool ok = check<float>(q, "float");
  ok = check_wide_products(q) && ok;
  if (q.get_device().has(sycl::aspect::fp64)) ok = check<double>(q, "double") && ok;
  ok = check_integers(q) && ok;
  ok = check_integer_vectors(q) && ok;
  if (ok) std::printf("PASSED\n");
  return ok ? 0 : 1;
}
