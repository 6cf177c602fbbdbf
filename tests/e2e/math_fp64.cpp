// Double-precision transcendental functions in device code (sycl::exp,
// sycl::sin, sycl::pow ... on doubles), which GLSL.std.450 offers for floats
// only: each is evaluated by a kernel over pseudo-random inputs spread over
// its domain (large arguments included), plus zeros, infinities and NaN, and
// compared on the host with a long double reference. Tolerances are
// OpenCL's ULP bounds for double (SYCL 2020 4.17.5 defers to them): exp,
// exp2, expm1, log, log2, log10: 3; log1p: 2; sin, cos, asin, acos, sinh,
// cosh, asinh, acosh: 4; tan, atan, tanh, atanh: 5; atan2: 6; pow, erf, erfc: 16.
// Runs where the device has fp64.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

enum Fn { Exp, Exp2, Expm1, Log, Log2, Log10, Log1p, Sin, Cos, Tan, Asin, Acos, Atan, Atan2,
          Sinh, Cosh, Tanh, Asinh, Acosh, Atanh, Erf, Erfc, Pow, PowSmall };

struct Case {
  Fn fn;
  const char *name;
  double lo, hi;    // x uniform in [lo, hi]
  double ylo, yhi;  // y uniform in [ylo, yhi] (binary functions)
  double ulps;
};

const Case cases[] = {
    {Exp, "exp", -745, 709.7, 0, 0, 3},        {Exp2, "exp2", -1074, 1023.9, 0, 0, 3},
    {Expm1, "expm1", -40, 40, 0, 0, 3},        {Log, "log", 1e-300, 1e300, 0, 0, 3},
    {Log2, "log2", 0.25, 4, 0, 0, 3},          {Log10, "log10", 1e-5, 1e5, 0, 0, 3},
    {Log1p, "log1p", -0.99, 4, 0, 0, 2},       {Sin, "sin", -1e6, 1e6, 0, 0, 4},
    {Cos, "cos", -20, 20, 0, 0, 4},            {Tan, "tan", -1e4, 1e4, 0, 0, 5},
    {Asin, "asin", -1, 1, 0, 0, 4},            {Acos, "acos", -1, 1, 0, 0, 4},
    {Atan, "atan", -50, 50, 0, 0, 5},          {Atan2, "atan2", -10, 10, -10, 10, 6},
    {Sinh, "sinh", -700, 700, 0, 0, 4},        {Cosh, "cosh", -5, 5, 0, 0, 4},
    {Tanh, "tanh", -20, 20, 0, 0, 5},          {Asinh, "asinh", -1e3, 1e3, 0, 0, 4},
    {Acosh, "acosh", 1, 50, 0, 0, 4},          {Atanh, "atanh", -1, 1, 0, 0, 5},
    {Erf, "erf", -6, 6, 0, 0, 16},             {Erfc, "erfc", -3, 26, 0, 0, 16},
    {Pow, "pow", 0, 40, -150, 150, 16},        {PowSmall, "pow (x near 1)", 0.9, 1.1, -3000, 3000, 16},
};
constexpr int num_cases = sizeof(cases) / sizeof(cases[0]);
constexpr int points = 2000;
constexpr int specials = 5;  // x (and y) in {0, -0, inf, -inf, nan}
constexpr int per_case = points + specials * specials;

template <typename T> T eval(Fn fn, T x, T y) {
  switch (fn) {
  case Exp: return sycl::exp(x);
  case Exp2: return sycl::exp2(x);
  case Expm1: return sycl::expm1(x);
  case Log: return sycl::log(x);
  case Log2: return sycl::log2(x);
  case Log10: return sycl::log10(x);
  case Log1p: return sycl::log1p(x);
  case Sin: return sycl::sin(x);
  case Cos: return sycl::cos(x);
  case Tan: return sycl::tan(x);
  case Asin: return sycl::asin(x);
  case Acos: return sycl::acos(x);
  case Atan: return sycl::atan(x);
  case Atan2: return sycl::atan2(x, y);
  case Sinh: return sycl::sinh(x);
  case Cosh: return sycl::cosh(x);
  case Tanh: return sycl::tanh(x);
  case Asinh: return sycl::asinh(x);
  case Acosh: return sycl::acosh(x);
  case Atanh: return sycl::atanh(x);
  case Erf: return sycl::erf(x);
  case Erfc: return std::erfc(x);
  case Pow:
  case PowSmall: return sycl::pow(x, y);
  }
  return x;
}

// A splitmix64 stream: the same inputs on every run and host.
double uniform(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return double(z >> 11) / 9007199254740992.0;
}

long double ulp_error(double got, long double want) {
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got) ? 0 : INFINITY;
  if (std::isinf(want) || std::isinf(got)) return (long double)got == want ? 0 : INFINITY;
  if ((long double)got == want) return 0;
  int e = want == 0 ? -1022 : std::ilogb(want);
  if (e < -1022) e = -1022;
  return std::fabs((long double)got - want) / std::ldexp(1.0L, e - 52);
}

int main() {
  sycl::queue q;
  if (!q.get_device().has(sycl::aspect::fp64)) {
    std::printf("device has no fp64: skipped\nPASSED\n");
    return 0;
  }
  const int n = num_cases * per_case;
  double *xs = sycl::malloc_shared<double>(n, q);
  double *ys = sycl::malloc_shared<double>(n, q);
  double *out = sycl::malloc_shared<double>(n, q);
  Fn *fns = sycl::malloc_shared<Fn>(n, q);
  const double inf = std::numeric_limits<double>::infinity();
  const double special[specials] = {0.0, -0.0, inf, -inf, std::nan("")};
  uint64_t state = 2026;
  for (int c = 0; c < num_cases; ++c)
    for (int i = 0; i < per_case; ++i) {
      const Case &cs = cases[c];
      int k = c * per_case + i;
      fns[k] = cs.fn;
      if (i < points) {
        xs[k] = cs.lo + (cs.hi - cs.lo) * uniform(state);
        ys[k] = cs.ylo + (cs.yhi - cs.ylo) * uniform(state);
      } else {
        xs[k] = special[(i - points) / specials];
        ys[k] = special[(i - points) % specials];
      }
    }
  // Integer exponents of pow, which take another path.
  for (int i = 0; i < 40; ++i) ys[(num_cases - 2) * per_case + i] = double(i % 9 - 4);

  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int k = int(id[0]);
     out[k] = eval(fns[k], xs[k], ys[k]);
   }).wait();

  bool ok = true;
  for (int c = 0; c < num_cases; ++c) {
    const Case &cs = cases[c];
    long double worst = 0;
    int failures = 0;
    for (int i = 0; i < per_case; ++i) {
      int k = c * per_case + i;
      long double want = eval<long double>(cs.fn, xs[k], ys[k]);
      long double err = ulp_error(out[k], (long double)(double)want);
      if (err > cs.ulps) {
        ok = false;
        if (failures++ < 3)
          std::printf("FAILED %s(%.17g, %.17g): expected %.17Lg, got %.17g (%.3Lg ulps, tolerance %g)\n",
                      cs.name, xs[k], ys[k], want, out[k], err, cs.ulps);
      } else if (err > worst) {
        worst = err;
      }
    }
    std::printf("%-16s worst %.3Lg ulps (tolerance %g)\n", cs.name, worst, cs.ulps);
  }
  sycl::free(xs, q);
  sycl::free(ys, q);
  sycl::free(out, q);
  sycl::free(fns, q);
  std::printf(ok ? "PASSED\n" : "FAILED\n");
  return ok ? 0 : 1;
}
