// Model <bits/syclone_fp64_math.h> for the Syclone device pass: exp, log,
// pow, the trigonometric and hyperbolic functions, erf and erfc of doubles. GLSL.std.450
// has these for 16- and 32-bit floats only, so <cmath> computes doubles
// here, in double arithmetic: a reduction of the argument to a small
// interval, then a truncated Taylor series whose remainder is below double
// rounding there; where a result needs more than a double's precision on
// the way (the reductions, log for pow), sums and products are carried in
// two parts by error-free transformations. Errors stay within a few ulp (OpenCL's bounds for double
// are 3 ulp for exp and log, 4 for sin and cos, 16 for pow), except for
// sin, cos and tan of |x| beyond about 1e9, where the reduction by pi/2 in
// three parts loses digits. Devices may flush denormal results to zero.
#pragma once
#pragma float_control(push)
#pragma STDC FP_CONTRACT OFF

namespace __syclone_fp64 {

typedef unsigned long long u64;

// The bit-level helpers of the model <cmath> (which includes this header
// after defining them).
using __syclone_math::copy_sign;
using __syclone_math::from_bits;
using __syclone_math::infinity;
using __syclone_math::is_nan;
using __syclone_math::pow2;
using __syclone_math::quiet_nan;
using __syclone_math::scale;
using __syclone_math::to_bits;

// Nearest integer (halves away from zero), as a double.
inline double nearest(double x) { return __builtin_round(x); }

// Exact products. Vulkan does not promise that a fused multiply-add is
// fused, so they are Dekker's, from halves cut out of the bits. No code
// here relies on an error-free sum ((a + b) - a recovering b's rounding):
// a driver may simplify such expressions algebraically (Mesa's do, for
// SPIR-V without NoContraction, which naga does not carry), so the
// reductions are arranged so that their subtractions are exact, and the two
// parts of a split constant (k ln2_hi, k ln2_lo) never meet in one sum,
// which distributivity would turn into k times the rounded constant. The
// arithmetic here is computed as written (SPIR-V NoContraction, through the
// FP_CONTRACT pragma below): a driver that fused a rounded product into a
// later sum (NVIDIA's do) would count its rounding error twice.
struct two_parts {
  double hi, lo;
};
// x with its low `bits` mantissa bits cleared.
inline double truncated(double x, int bits) { return from_bits(to_bits(x) & ~((u64(1) << bits) - 1)); }
// a * b = hi + lo (lo to within 2^-104 of the product).
inline two_parts exact_product(double a, double b) {
  double a_hi = truncated(a, 27), a_lo = a - a_hi;
  double b_hi = truncated(b, 27), b_lo = b - b_hi;
  two_parts r;
  r.hi = a * b;
  r.lo = ((a_hi * b_hi - r.hi) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo;
  return r;
}

// ln 2 in two parts: the first has 32 significant bits, so k * LN2_HI is
// exact for every exponent k a double has.
constexpr double LN2_HI = 0.6931471803691238;
constexpr double LN2_LO = 1.9082149292705877e-10;
constexpr double LN2 = 0.6931471805599453;
constexpr double LN2_REST = 2.3190468138462996e-17;  // ln 2 - LN2
constexpr double INV_LN2 = 1.4426950408889634;
constexpr double INV_LN2_LO = 2.0355273740931033e-17;
constexpr double INV_LN10 = 0.4342944819032518;
constexpr double INV_LN10_LO = 1.098319650216765e-17;
// pi/2 as a double plus the rest; and in four parts, the first three of
// 23 significant bits (so k * part is exact for |k| < 2^30).
constexpr double PIO2_1 = 1.5707963267948966;
constexpr double PIO2_2 = 6.123233995736766e-17;
constexpr double PIO2_A = 1.570796251296997;
constexpr double PIO2_B = 7.549789415861596e-08;
constexpr double PIO2_C = 5.390302529957765e-15;
constexpr double PIO2_D = 3.2820035428735005e-22;
constexpr double PIO4_HI = 0.7853981633974483;
constexpr double PIO4_LO = 3.061616997868383e-17;
constexpr double PI_HI = 3.141592653589793;
constexpr double PI_LO = 1.2246467991473532e-16;
constexpr double TWO_OVER_PI = 0.6366197723675814;

// k * LN2_HI and k * PIO2_A for integral k (|k| < 2^31), exactly, through
// integers: drivers that apply distributivity to SPIR-V arithmetic cannot
// then merge them with the other parts of the constant (k * PIO2_A -
// k * PIO2_B into k * (PIO2_A + PIO2_B), rounded) or factor them out of
// y * (e * LN2_HI) - k * LN2_HI.
inline double times_ln2_hi(double k) { return double((long long)(k) * 0xb17217f7ll) * 2.3283064365386963e-10; }
inline double times_pio2_a(double k) { return double((long long)(k) * 0x6487edll) * 2.384185791015625e-07; }

// e^r - 1 for |r| <= 0.35: the Taylor series to r^13.
inline double expm1_reduced(double r) {
  const double c[12] = {0.5, 0.16666666666666666, 0.041666666666666664, 0.008333333333333333,
                        0.001388888888888889, 0.0001984126984126984, 2.48015873015873e-05,
                        2.7557319223985893e-06, 2.755731922398589e-07, 2.505210838544172e-08,
                        2.08767569878681e-09, 1.6059043836821613e-10};
  double p = c[11];
  for (int i = 10; i >= 0; --i) p = p * r + c[i];
  return r + r * r * p;
}

// e^(r - d) - 1 for |r| <= ln2/2 and |d| < 2^-20 (d = k ln2_lo), as
// (e^r - 1) e^-d + (e^-d - 1) with e^-d - 1 to d^2.
inline double expm1_shifted(double r, double d) {
  double dm1 = d * (0.5 * d - 1.0);
  double e = expm1_reduced(r);
  return e + dm1 * (1.0 + e);
}

inline double exp(double x) {
  if (is_nan(x)) return x;
  if (x > 709.782712893384) return infinity<double>();
  if (x < -745.1332191019412) return 0.0;
  // x = k ln2 + r, |r| <= ln2 / 2: k ln2_hi is exact, so is x - k ln2_hi.
  double k = nearest(x * INV_LN2);
  return scale(1.0 + expm1_shifted(x - times_ln2_hi(k), k * LN2_LO), int(k));
}

inline double exp2(double x) {
  if (is_nan(x)) return x;
  if (x >= 1024.0) return infinity<double>();
  if (x < -1075.0) return 0.0;
  double k = nearest(x), f = x - k;
  two_parts r = exact_product(f, LN2);
  return scale(1.0 + expm1_reduced(r.hi + (r.lo + f * LN2_REST)), int(k));
}

inline double expm1(double x) {
  if (is_nan(x)) return x;
  if (x > 709.782712893384) return infinity<double>();
  if (x < -38.0) return -1.0;
  if (__builtin_fabs(x) <= 0.34657359027997264) return expm1_reduced(x);
  double k = nearest(x * INV_LN2);
  double e = expm1_shifted(x - times_ln2_hi(k), k * LN2_LO);
  int n = int(k);
  // 2^n (e^r - 1) + (2^n - 1); 2^n - 1 is exact for the n reached here.
  if (n > 56) return scale(1.0 + e, n) - 1.0;
  return scale(e, n) + (pow2<double>(n) - 1.0);
}

// log(1 + f) = 2 atanh(s), s = f / (2 + f), as hi + lo, for f in
// [sqrt(1/2) - 1, sqrt(2) - 1] with 2 + f exact (f a multiple of 2^-52
// below 0, of 2^-51 above).
inline two_parts log1p_core(double f) {
  double t = 2.0 + f;
  double s = f / t;
  two_parts st = exact_product(s, t);
  double s_lo = ((f - st.hi) - st.lo) / t;
  double z = s * s;
  const double c[11] = {0.6666666666666666, 0.4, 0.2857142857142857, 0.2222222222222222,
                        0.18181818181818182, 0.15384615384615385, 0.13333333333333333,
                        0.11764705882352941, 0.10526315789473684, 0.09523809523809523,
                        0.08695652173913043};
  double p = c[10];
  for (int i = 9; i >= 0; --i) p = p * z + c[i];
  two_parts out;
  out.hi = 2.0 * s;
  out.lo = 2.0 * s_lo + s * z * p;
  return out;
}

// log x = e ln 2 + log m, m in [sqrt(1/2), sqrt(2)), for finite x > 0;
// log m = 2 atanh(s), s = (m - 1) / (m + 1), as hi + lo.
struct log_parts {
  int e;
  double hi, lo;
};
inline log_parts log_split(double x) {
  log_parts out;
  out.e = 0;
  if (x < 2.2250738585072014e-308) {
    x *= 18014398509481984.0;  // 2^54: subnormals become normal
    out.e = -54;
  }
  u64 b = to_bits(x);
  out.e += int((b >> 52) & 0x7ff) - 1023;
  double m = from_bits((b & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
  if (m > 1.4142135623730951) {
    m *= 0.5;
    out.e += 1;
  }
  // Without its last bit, m - 1 and 1 + m are exact; log m is
  // log m_hi + m_lo / m_hi to double precision.
  double m_hi = truncated(m, 1), m_lo = m - m_hi;
  two_parts core = log1p_core(m_hi - 1.0);
  out.hi = core.hi;
  out.lo = core.lo + m_lo / m_hi;
  return out;
}
// NaN, infinity, zero and negative arguments of log, log2, log10; else
// `finite` is set.
inline double log_special(double x, bool &finite) {
  finite = false;
  if (is_nan(x)) return x;
  if (x < 0.0) return quiet_nan<double>();
  if (x == 0.0) return -infinity<double>();
  if (x == infinity<double>()) return x;
  finite = true;
  return 0.0;
}

inline double log(double x) {
  bool finite;
  double special = log_special(x, finite);
  if (!finite) return special;
  log_parts l = log_split(x);
  double e = double(l.e);
  return times_ln2_hi(e) + ((e * LN2_LO + l.lo) + l.hi);
}

inline double log2(double x) {
  bool finite;
  double special = log_special(x, finite);
  if (!finite) return special;
  log_parts l = log_split(x);
  two_parts m = exact_product(l.hi, INV_LN2);
  return double(l.e) + (m.hi + (m.lo + (l.hi * INV_LN2_LO + l.lo * INV_LN2)));
}

inline double log10(double x) {
  bool finite;
  double special = log_special(x, finite);
  if (!finite) return special;
  log_parts l = log_split(x);
  // (e ln2_hi + log m_hi + the small parts) / ln 10.
  double e = double(l.e);
  double a = times_ln2_hi(e);
  two_parts ra = exact_product(a, INV_LN10), rl = exact_product(l.hi, INV_LN10);
  double small = ra.lo + rl.lo + (a + l.hi) * INV_LN10_LO + (e * LN2_LO + l.lo) * INV_LN10;
  return (ra.hi + rl.hi) + small;
}

// log(1 + x) as hi + lo for x in [sqrt(1/2) - 1, sqrt(2) - 1]. Below 2^-51
// it is x - x^2 / 2; else x = x_hi + x_lo with x_hi a multiple of 2^-51 (so 1 + x_hi and 2 + x_hi
// are exact), log(1 + x_hi) + x_lo / (1 + x_hi). 1 + x itself is never
// formed: its rounding could not be recovered where drivers simplify
// (1 + x) - 1 to x.
inline two_parts log1p_small(double x) {
  if (__builtin_fabs(x) < 4.440892098500626e-16) {
    two_parts tiny = {x, -0.5 * x * x};
    return tiny;
  }
  int exponent = int((to_bits(x) >> 52) & 0x7ff) - 1023;
  double x_hi = truncated(x, 1 - exponent), x_lo = x - x_hi;
  two_parts core = log1p_core(x_hi);
  core.lo += x_lo / (1.0 + x_hi);
  return core;
}

inline double log1p(double x) {
  if (is_nan(x) || x == infinity<double>()) return x;
  if (x < -1.0) return quiet_nan<double>();
  if (x == -1.0) return -infinity<double>();
  if (x >= -0.2928932188134524 && x <= 0.41421356237309503) {
    two_parts l = log1p_small(x);
    return l.hi + l.lo;
  }
  if (x > 0.0 && x <= 1.8284271247461903) {
    // 1 + x = 2 (1 + f), f = (x - 1) / 2 exact.
    two_parts l = log1p_small((x - 1.0) * 0.5);
    return LN2_HI + ((LN2_LO + l.lo) + l.hi);
  }
  return log(1.0 + x);
}

// x^n by repeated squaring, for small n >= 1.
inline double power_by_squaring(double x, int n) {
  double r = 1.0;
  while (n > 0) {
    if (n & 1) r *= x;
    x *= x;
    n >>= 1;
  }
  return r;
}

inline double pow(double x, double y) {
  if (y == 0.0 || x == 1.0) return 1.0;
  if (is_nan(x) || is_nan(y)) return x + y;
  double ay = __builtin_fabs(y);
  bool y_integer = __builtin_trunc(y) == y;
  bool y_odd = y_integer && ay < 9007199254740992.0 && __builtin_trunc(y * 0.5) * 2.0 != y;
  if (ay == infinity<double>()) {
    double ax = __builtin_fabs(x);
    if (ax == 1.0) return 1.0;
    return (ax > 1.0) == (y > 0.0) ? infinity<double>() : 0.0;
  }
  if (x == 0.0) {
    if (y < 0.0) return y_odd ? copy_sign(infinity<double>(), x) : infinity<double>();
    return y_odd ? x : 0.0;
  }
  if (__builtin_fabs(x) == infinity<double>()) {
    double r = y > 0.0 ? infinity<double>() : 0.0;
    return x < 0.0 && y_odd ? -r : r;
  }
  if (x < 0.0 && !y_integer) return quiet_nan<double>();
  double ax = __builtin_fabs(x);
  double r;
  if (y == 0.5) {
    r = __builtin_sqrt(ax);
  } else if (y_integer && ay <= 4.0) {
    r = power_by_squaring(ax, int(ay));
    if (y < 0.0) r = 1.0 / r;
  } else {
    // y log|x| = y e ln2_hi + y log m_hi + small, its two large terms as
    // exact products; then e^that = 2^k e^r. When e != 0, |log m| < |e ln2|
    // / 2, so y e ln2_hi - k ln2_hi is exact (the two are within a factor
    // 2), and so is adding y log m_hi, which leaves |r| below ln2 / 2.
    log_parts l = log_split(ax);
    double e = double(l.e);
    two_parts ya = exact_product(y, times_ln2_hi(e)), yl = exact_product(y, l.hi);
    double small = ya.lo + yl.lo + y * (e * LN2_LO + l.lo);
    double p = ya.hi + yl.hi + small;
    if (p > 709.782712893384) {
      r = infinity<double>();
    } else if (p < -745.1332191019412) {
      r = 0.0;
    } else {
      double k = nearest(p * INV_LN2);
      double rr = ((ya.hi - times_ln2_hi(k)) + yl.hi) + small;
      r = scale(1.0 + expm1_shifted(rr, k * LN2_LO), int(k));
    }
  }
  return x < 0.0 && y_odd ? -r : r;
}

// sin and cos of r, |r| <= pi/4 (plus rounding): Taylor series to r^17
// and r^18.
inline double sin_reduced(double r) {
  const double c[8] = {-0.16666666666666666, 0.008333333333333333, -0.0001984126984126984,
                       2.7557319223985893e-06, -2.505210838544172e-08, 1.6059043836821613e-10,
                       -7.647163731819816e-13, 2.8114572543455206e-15};
  double z = r * r, p = c[7];
  for (int i = 6; i >= 0; --i) p = p * z + c[i];
  return r + r * z * p;
}
inline double cos_reduced(double r) {
  const double c[9] = {-0.5, 0.041666666666666664, -0.001388888888888889, 2.48015873015873e-05,
                       -2.755731922398589e-07, 2.08767569878681e-09, -1.1470745597729725e-11,
                       4.779477332387385e-14, -1.5619206968586225e-16};
  double z = r * r, p = c[8];
  for (int i = 7; i >= 0; --i) p = p * z + c[i];
  return 1.0 + z * p;
}
// x = k pi/2 + r: r, and k mod 4. The products are exact for |k| < 2^30
// (|x| up to about 1.6e9); beyond, they are carried in two parts, but pi/2
// to 122 bits leaves r inaccurate (still within +-pi/4).
struct quadrant_parts {
  double r;
  int quadrant;
};
// The fast case of reduce_by_half_pi: |x| * 2/pi below 2^30.
inline quadrant_parts reduce_moderate(double x) {
  double k = nearest(x * TWO_OVER_PI);
  double t = x - times_pio2_a(k);  // exact: x is close to k * PIO2_A
  // Three roundings, each within half an ulp of r.
  quadrant_parts out;
  out.r = ((t - k * PIO2_B) - k * PIO2_C) - k * PIO2_D;
  out.quadrant = int(k - 4.0 * __builtin_floor(k * 0.25));
  return out;
}
inline quadrant_parts reduce_by_half_pi(double x) {
  if (__builtin_fabs(x) < 1.6e9) return reduce_moderate(x);
  // k from the rounded x * 2/pi is off by up to |x| 2^-53: a first step
  // leaves a remainder below 2^30, which the fast case finishes.
  double k = nearest(x * TWO_OVER_PI);
  two_parts pa = exact_product(k, PIO2_A), pb = exact_product(k, PIO2_B);
  double rest = ((((x - pa.hi) - pa.lo) - pb.hi) - pb.lo) - k * PIO2_C;
  quadrant_parts out = reduce_moderate(rest);
  double k_mod4 = k - 4.0 * __builtin_floor(k * 0.25);
  out.quadrant = (out.quadrant + int(k_mod4)) & 3;
  return out;
}

inline double sin(double x) {
  if (x == 0.0 || is_nan(x)) return x;
  if (__builtin_fabs(x) == infinity<double>()) return quiet_nan<double>();
  quadrant_parts q = reduce_by_half_pi(x);
  double v = (q.quadrant & 1) ? cos_reduced(q.r) : sin_reduced(q.r);
  return (q.quadrant & 2) ? -v : v;
}

inline double cos(double x) {
  if (is_nan(x)) return x;
  if (__builtin_fabs(x) == infinity<double>()) return quiet_nan<double>();
  quadrant_parts q = reduce_by_half_pi(x);
  double v = (q.quadrant & 1) ? sin_reduced(q.r) : cos_reduced(q.r);
  return (q.quadrant == 1 || q.quadrant == 2) ? -v : v;
}

inline double tan(double x) {
  if (x == 0.0 || is_nan(x)) return x;
  if (__builtin_fabs(x) == infinity<double>()) return quiet_nan<double>();
  quadrant_parts q = reduce_by_half_pi(x);
  double s = sin_reduced(q.r), c = cos_reduced(q.r);
  return (q.quadrant & 1) ? -c / s : s / c;
}

// atan t for |t| <= tan(pi/8) (plus rounding): the Taylor series to t^49.
inline double atan_reduced(double t) {
  const double c[24] = {-0.3333333333333333, 0.2, -0.14285714285714285, 0.1111111111111111,
                        -0.09090909090909091, 0.07692307692307693, -0.06666666666666667,
                        0.058823529411764705, -0.05263157894736842, 0.047619047619047616,
                        -0.043478260869565216, 0.04, -0.037037037037037035, 0.034482758620689655,
                        -0.03225806451612903, 0.030303030303030304, -0.02857142857142857,
                        0.02702702702702703, -0.02564102564102564, 0.024390243902439025,
                        -0.023255813953488372, 0.022222222222222223, -0.02127659574468085,
                        0.02040816326530612};
  double z = t * t, p = c[23];
  for (int i = 22; i >= 0; --i) p = p * z + c[i];
  return t + t * z * p;
}
// atan a for a >= 0 (infinity included).
inline double atan_nonnegative(double a) {
  bool inverted = a > 1.0;
  if (inverted) a = 1.0 / a;
  double v;
  if (a > 0.41421356237309503) {
    v = PIO4_HI + (atan_reduced((a - 1.0) / (a + 1.0)) + PIO4_LO);
  } else {
    v = atan_reduced(a);
  }
  return inverted ? PIO2_1 - (v - PIO2_2) : v;
}

inline double atan(double x) {
  if (is_nan(x) || x == 0.0) return x;
  return copy_sign(atan_nonnegative(__builtin_fabs(x)), x);
}

inline double atan2(double y, double x) {
  if (is_nan(x) || is_nan(y)) return x + y;
  bool x_negative = (to_bits(x) >> 63) != 0;
  if (y == 0.0) return x_negative ? copy_sign(PI_HI, y) : y;
  if (x == 0.0) return copy_sign(PIO2_1, y);
  double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
  if (ax == infinity<double>()) {
    if (ay == infinity<double>()) return copy_sign(x_negative ? 3.0 * PIO4_HI : PIO4_HI, y);
    return copy_sign(x_negative ? PI_HI : 0.0, y);
  }
  if (ay == infinity<double>()) return copy_sign(PIO2_1, y);
  double a = atan_nonnegative(ay / ax);
  return copy_sign(x_negative ? PI_HI - (a - PI_LO) : a, y);
}

// asin t for |t| <= 1/2, as atan(t / sqrt((1 - t)(1 + t))).
inline double asin_small(double t) { return atan(t / __builtin_sqrt((1.0 - t) * (1.0 + t))); }

inline double asin(double x) {
  if (is_nan(x) || x == 0.0) return x;
  double a = __builtin_fabs(x);
  if (a > 1.0) return quiet_nan<double>();
  if (a == 1.0) return copy_sign(PIO2_1, x);
  // asin a = atan(a / sqrt((1 - a)(1 + a))); 1 - a is exact from 1/2 up.
  return copy_sign(atan_nonnegative(a / __builtin_sqrt((1.0 - a) * (1.0 + a))), x);
}

inline double acos(double x) {
  if (is_nan(x)) return x;
  double a = __builtin_fabs(x);
  if (a > 1.0) return quiet_nan<double>();
  if (a <= 0.5) return PIO2_1 - (asin_small(x) - PIO2_2);
  double v = 2.0 * asin_small(__builtin_sqrt((1.0 - a) * 0.5));
  return x > 0.0 ? v : PI_HI - (v - PI_LO);
}

inline double sinh(double x) {
  if (is_nan(x) || x == 0.0) return x;
  double a = __builtin_fabs(x), v;
  if (a < 22.0) {
    double t = expm1(a);
    v = 0.5 * (t + t / (t + 1.0));
  } else if (a < 709.0) {
    v = 0.5 * exp(a);
  } else {
    double h = exp(0.5 * a);
    v = (0.5 * h) * h;
  }
  return copy_sign(v, x);
}

inline double cosh(double x) {
  if (is_nan(x)) return x;
  double a = __builtin_fabs(x);
  if (a < 0.34657359027997264) {
    double t = expm1(a);
    return 1.0 + (t * t) / (2.0 * (1.0 + t));
  }
  if (a < 22.0) {
    double e = exp(a);
    return 0.5 * e + 0.5 / e;
  }
  if (a < 709.0) return 0.5 * exp(a);
  double h = exp(0.5 * a);
  return (0.5 * h) * h;
}

inline double tanh(double x) {
  if (is_nan(x) || x == 0.0) return x;
  double a = __builtin_fabs(x);
  if (a > 22.0) return copy_sign(1.0, x);
  double t = expm1(2.0 * a);
  return copy_sign(t / (t + 2.0), x);
}

inline double asinh(double x) {
  if (is_nan(x) || x == 0.0 || __builtin_fabs(x) == infinity<double>()) return x;
  double a = __builtin_fabs(x), v;
  if (a > 268435456.0) {
    v = log(a) + LN2;
  } else if (a > 2.0) {
    v = log(2.0 * a + 1.0 / (__builtin_sqrt(a * a + 1.0) + a));
  } else {
    double z = a * a;
    v = log1p(a + z / (1.0 + __builtin_sqrt(1.0 + z)));
  }
  return copy_sign(v, x);
}

inline double acosh(double x) {
  if (is_nan(x)) return x;
  if (x < 1.0) return quiet_nan<double>();
  if (x == infinity<double>()) return x;
  if (x > 268435456.0) return log(x) + LN2;
  if (x > 2.0) return log(2.0 * x - 1.0 / (x + __builtin_sqrt(x * x - 1.0)));
  double t = x - 1.0;
  return log1p(t + __builtin_sqrt(2.0 * t + t * t));
}

inline double atanh(double x) {
  if (is_nan(x) || x == 0.0) return x;
  double a = __builtin_fabs(x);
  if (a > 1.0) return quiet_nan<double>();
  if (a == 1.0) return copy_sign(infinity<double>(), x);
  double v = a < 0.5 ? 0.5 * log1p(2.0 * a + 2.0 * a * a / (1.0 - a)) : 0.5 * log1p(2.0 * a / (1.0 - a));
  return copy_sign(v, x);
}

// erf for |x| < 1: its Maclaurin series, 2/sqrt(pi) sum (-1)^n x^(2n+1) /
// (n! (2n+1)), to n = 31 (the terms left are below double rounding; the
// partial sums cancel less than one digit there).
inline double erf_series(double x) {
  double x2 = x * x, term = x, sum = x;
  for (int n = 1; n < 32; ++n) {
    term *= -x2 / double(n);
    sum += term / double(2 * n + 1);
  }
  return sum * 1.1283791670955126;
}
// exp(-x^2) for x >= 0 without the rounding of x^2 growing with x: with h
// = x truncated to 1/64 (h^2 exact), exp(-h^2) exp((h - x)(h + x)).
inline double exp_minus_square(double x) {
  double h = __builtin_trunc(x * 64.0) / 64.0;
  return exp(-h * h) * exp((h - x) * (h + x));
}
// erfc for x >= 1: the continued fraction exp(-x^2)/sqrt(pi) / (x + (1/2)/
// (x + 1/(x + (3/2)/(x + ...)))), evaluated from its tail with as many
// levels as it needs at x to settle below double rounding (256 at 1, 24
// from 4 on). Beyond 27 erfc underflows doubles.
inline double erfc_fraction(double x) {
  if (x > 27.0) return 0.0;
  int levels = x < 1.25 ? 256 : x < 1.5 ? 160 : x < 2.0 ? 100 : x < 3.0 ? 60 : x < 4.0 ? 40 : 24;
  double t = x;
  for (int k = levels; k > 0; --k) t = x + (0.5 * double(k)) / t;
  return exp_minus_square(x) * 0.5641895835477563 / t;
}
// erf and erfc: the series below 1, the continued fraction above (erf as 1
// - erfc, erfc below 1 as 1 - erf, where neither cancels much): within 3
// ulp for erf and 12 for erfc against a 40-digit reference (OpenCL's
// bound for double is 16).
inline double erf(double x) {
  if (is_nan(x) || x == 0.0) return x;
  double a = __builtin_fabs(x);
  if (a < 1.0) return erf_series(x);
  return copy_sign(1.0 - erfc_fraction(a), x);
}
inline double erfc(double x) {
  if (is_nan(x)) return x;
  if (x < 1.0) return 1.0 - (x > -1.0 ? erf_series(x) : erfc_fraction(-x) - 1.0);
  return erfc_fraction(x);
}

}  // namespace __syclone_fp64

#pragma float_control(pop)
