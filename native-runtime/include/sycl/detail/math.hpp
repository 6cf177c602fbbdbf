// <sycl/detail/math.hpp>: the SYCL math built-ins (SYCL 2020 4.17.5) on
// scalars, read by both passes. The <cmath> functions under their sycl::
// names (the device pass's <cmath> defines them for the device), the
// SYCL-only floating-point ones (rsqrt, mad, clamp, exp10, sinpi, rootn,
// smoothstep...), the integer functions (clz, popcount, add_sat, rotate...),
// the relational ones (isequal, select, bitselect...), those with pointer
// out-parameters (fract, sincos, frexp, modf, remquo, lgamma_r), the
// functions on sycl::half, and the native:: and half_precision:: forms.
#pragma once

#include <cmath>
#include <cstdlib>
#include <limits>
#include <type_traits>

#include <sycl/detail/bit_cast.hpp>
#include <sycl/detail/half.hpp>

namespace sycl {

namespace detail {
// Whether T is a vec, a swizzle or an marray (specialised in vec.hpp): the
// scalar templates below step aside for those, which have their own
// overloads.
template <typename T>
struct is_nonscalar : std::false_type {};
template <typename T, typename R>
using if_scalar_t = std::enable_if_t<!is_nonscalar<T>::value, R>;
}  // namespace detail

using std::abs;
using std::acos;
using std::acosh;
using std::asin;
using std::asinh;
using std::atan;
using std::atan2;
using std::atanh;
using std::cbrt;
using std::ceil;
using std::copysign;
using std::cos;
using std::cosh;
using std::erf;
using std::erfc;
using std::exp;
using std::exp2;
using std::expm1;
using std::fabs;
using std::fdim;
using std::floor;
using std::fma;
using std::fmax;
using std::fmin;
using std::fmod;
using std::frexp;
using std::hypot;
using std::ilogb;
using std::isfinite;
using std::isinf;
using std::isnan;
using std::ldexp;
using std::lgamma;
using std::log;
using std::log10;
using std::log1p;
using std::log2;
using std::logb;
using std::modf;
using std::nextafter;
using std::pow;
using std::remainder;
using std::remquo;
using std::rint;
using std::round;
using std::signbit;
using std::sin;
using std::sinh;
using std::sqrt;
using std::tan;
using std::tanh;
using std::tgamma;
using std::trunc;

#ifdef __SYCL_DEVICE_ONLY__
inline float rsqrt(float x) { return __builtin_rsqrtf(x); }
inline double rsqrt(double x) { return __builtin_rsqrt(x); }
#else
inline float rsqrt(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
#endif

// A quiet NaN carrying `nancode` in its payload (SYCL 2020 4.17.5: the
// unsigned type of the result's width picks float or double).
inline float nan(unsigned int nancode) {
  return sycl::bit_cast<float>(0x7fc00000u | (nancode & 0x003fffffu));
}
inline double nan(unsigned long nancode) {
  return sycl::bit_cast<double>(0x7ff8000000000000ull | (nancode & 0x0007ffffffffffffull));
}
inline double nan(unsigned long long nancode) {
  return sycl::bit_cast<double>(0x7ff8000000000000ull | (nancode & 0x0007ffffffffffffull));
}

// The common functions (SYCL 2020 4.17.6) and min/max on scalars (vec.hpp
// has their vec and marray forms).
template <typename T> detail::if_scalar_t<T, T> mad(T a, T b, T c) { return a * b + c; }
// fmin(fmax(x, lo), hi) for floating types (NaN gives lo), as SYCL 2020 says.
template <typename T> detail::if_scalar_t<T, T> clamp(T x, T lo, T hi) {
  if constexpr (std::is_floating_point_v<T>) return std::fmin(std::fmax(x, lo), hi);
  else return x < lo ? lo : (hi < x ? hi : x);
}
template <typename T> detail::if_scalar_t<T, T> min(T a, T b) { return b < a ? b : a; }
template <typename T> detail::if_scalar_t<T, T> max(T a, T b) { return a < b ? b : a; }
template <typename T> detail::if_scalar_t<T, T> degrees(T radians) { return radians * T(57.29577951308232); }
template <typename T> detail::if_scalar_t<T, T> radians(T degrees) { return degrees * T(0.017453292519943295); }
// 1 above zero, -1 below, x itself for +0 and -0, 0 for NaN.
template <typename T> detail::if_scalar_t<T, T> sign(T x) {
  if (x > T(0)) return T(1);
  if (x < T(0)) return T(-1);
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(x)) return T(0);
  }
  return x;
}
template <typename T> detail::if_scalar_t<T, T> step(T edge, T x) { return x < edge ? T(0) : T(1); }
template <typename T> detail::if_scalar_t<T, T> mix(T x, T y, T a) { return x + (y - x) * a; }
// pow for x >= 0 only (OpenCL's powr: NaN for x < 0, 0^0, inf^0, 1^inf).
template <typename T> T powr(T x, T y) {
  const T nan = std::numeric_limits<T>::quiet_NaN();
  if (x < T(0) || x != x || y != y) return nan;
  if ((x == T(0) || std::isinf(x)) && y == T(0)) return nan;
  if (x == T(1) && std::isinf(y)) return nan;
  return pow(x, y);
}
// x^n. In device code by repeated squaring: Vulkan's pow is exp2(n * log2(x)),
// a few ulps off even for small integer powers (pown(10.f, 3) was 999.99988);
// a negative n takes the reciprocal, or the power of 1/x where x^|n| has
// overflowed or underflowed. On the host, pow with the sign from n's parity
// (n as T may round to an even number).
template <typename T> T pown(T x, int n) {
#ifdef __SYCL_DEVICE_ONLY__
  unsigned m = n < 0 ? 0u - unsigned(n) : unsigned(n);
  auto power = [](T base, unsigned e) {
    T result = T(1);
    for (; e != 0; e >>= 1) {
      if (e & 1u) result *= base;
      base *= base;
    }
    return result;
  };
  T p = power(x, m);
  if (n >= 0) return p;
  if (p != T(0) && !std::isinf(p)) return T(1) / p;
  return power(T(1) / x, m);
#else
  T magnitude = T(pow(x < T(0) ? T(-x) : x, T(n)));
  return (x < T(0) && n % 2 != 0) ? T(-magnitude) : magnitude;
#endif
}

// x - floor(x), below 1 (SYCL 2020 4.17.5), and floor(x) in *iptr.
template <typename T> T fract(T x, T *iptr) {
  T whole = std::floor(x);
  *iptr = whole;
  if (x != x) return x;  // NaN
  if (std::isinf(x)) return std::copysign(T(0), x);
  if (x == T(0)) return x;  // keeps -0
  T below_one = std::nextafter(T(1), T(0));
  T f = x - whole;
  return f < below_one ? f : below_one;
}
// sin(x), and cos(x) in *cosval.
template <typename T> T sincos(T x, T *cosval) {
  *cosval = std::cos(x);
  return std::sin(x);
}
// lgamma(x), and the sign of gamma(x) in *signp.
// The sign follows from x (tgamma(x) itself underflows to -0 for large
// negative x): negative between an odd negative integer and the next one up.
template <typename T> T lgamma_r(T x, int *signp) {
  int sign = 1;
  if (x < T(0)) {
    T whole = std::floor(x);
    if (whole != x && std::fmod(whole, T(2)) != T(0)) sign = -1;
  }
  *signp = sign;
  return T(std::lgamma(x));
}

// The same out-parameters as multi_ptr (SYCL 2020's signatures: any address
// space, decorated or not).
template <typename T, access::address_space Space, access::decorated D>
T fract(T x, multi_ptr<T, Space, D> iptr) {
  return fract(x, iptr.get_raw());
}
template <typename T, access::address_space Space, access::decorated D>
T sincos(T x, multi_ptr<T, Space, D> cosval) {
  return sincos(x, cosval.get_raw());
}
template <typename T, access::address_space Space, access::decorated D>
T lgamma_r(T x, multi_ptr<int, Space, D> signp) {
  return lgamma_r(x, signp.get_raw());
}
template <typename T, access::address_space Space, access::decorated D>
T frexp(T x, multi_ptr<int, Space, D> exp) {
  return std::frexp(x, exp.get_raw());
}
template <typename T, access::address_space Space, access::decorated D>
T modf(T x, multi_ptr<T, Space, D> iptr) {
  return std::modf(x, iptr.get_raw());
}
template <typename T, access::address_space Space, access::decorated D>
T remquo(T x, T y, multi_ptr<int, Space, D> quo) {
  return std::remquo(x, y, quo.get_raw());
}


// 10^x = 10^m * 2^(f log2 10) with m = rint(x), f = x - m (exact): exp2 only
// sees |f log2 10| <= 1.7, where the product's rounding is small and exp2
// accurate (reduction tricks that rely on exact products fail on devices
// that reassociate or do not fuse fma, as lavapipe). 10^|m| by binary
// powering (exact up to 10^10 in float); |m| > 400 over- or underflows.
template <typename T> T exp10(T x) {
  if (!(std::fabs(x) < T(400))) return std::exp2(x * T(3.32192809488736234787));
  T m = std::rint(x);
  T p = T(1), b = T(10);
  for (int k = int(std::fabs(m)); k != 0; k >>= 1, b *= b)
    if (k & 1) p *= b;
  T frac = std::exp2((x - m) * T(3.32192809488736234787));
  return m < T(0) ? frac / p : frac * p;
}
// sin(pi x), cos(pi x), tan(pi x) with x reduced exactly into [-1/2, 1/2]
// first: exact zeros at the integers (half-integers for cospi), no loss of
// accuracy for large x. The device pass uses the model <cmath>'s, which does
// not rely on the device's sin.
#ifdef __SYCL_DEVICE_ONLY__
template <typename T> T sinpi(T x) { return __syclone_math::sinpi_(x); }
template <typename T> T cospi(T x) { return __syclone_math::cospi_(x); }
#else
template <typename T> T sinpi(T x) {
  if (!std::isfinite(x)) return std::numeric_limits<T>::quiet_NaN();
  T r = x - T(2) * std::rint(x * T(0.5));
  if (r > T(0.5)) r = T(1) - r;
  if (r < T(-0.5)) r = T(-1) - r;
  return r == T(0) ? x * T(0) : std::sin(T(3.14159265358979323846) * r);
}
template <typename T> T cospi(T x) {
  if (!std::isfinite(x)) return std::numeric_limits<T>::quiet_NaN();
  T r = std::fabs(x - T(2) * std::rint(x * T(0.5)));
  return r == T(0.5) ? T(0) : sinpi(T(0.5) - r);
}
#endif
template <typename T> T tanpi(T x) { return sinpi(x) / cospi(x); }
// asin and acos in half-turns. Near |x| = 1 through atan, with (1-x)(1+x)
// exact enough where 1-x^2 is not: lavapipe's asin and acos lose ~12 bits
// there, its atan loses ~6 bits at small arguments, where asin is used.
template <typename T> T asinpi(T x) {
  if (std::fabs(x) <= T(0.5)) return std::asin(x) * T(0.31830988618379067154);
  return std::atan(x / std::sqrt((T(1) - x) * (T(1) + x))) * T(0.31830988618379067154);
}
// acos(x) = 2 asin(sqrt((1-x)/2)) for x > 1/2 (1-x exact, asin's argument
// at most 1/2), acos(x) = pi - acos(-x) below -1/2, pi/2 - asin(x) between.
template <typename T> T acospi(T x) {
  if (std::fabs(x) <= T(0.5)) return T(0.5) - asinpi(x);
  T a = T(2) * asinpi(std::sqrt((T(1) - std::fabs(x)) * T(0.5)));
  return x > T(0) ? a : T(1) - a;
}
template <typename T> T atanpi(T x) { return std::atan(x) * T(0.31830988618379067154); }
template <typename T> T atan2pi(T y, T x) { return std::atan2(y, x) * T(0.31830988618379067154); }
// x^(1/n), defined for negative x when n is odd.
// OpenCL's edge cases: NaN for n = 0; for x = ±0, ±0 (odd n > 0), +0 (even
// n > 0), ±inf (odd n < 0), +inf (even n < 0).
template <typename T> T rootn(T x, int n) {
  if (n == 0) return std::numeric_limits<T>::quiet_NaN();
  if (x == T(0)) {
    const bool odd = n % 2 != 0;
    if (n > 0) return odd ? x : T(0);
    const T inf = std::numeric_limits<T>::infinity();
    return odd ? T(std::copysign(inf, x)) : inf;
  }
  if (x < T(0) && n % 2 != 0) return T(-std::pow(-x, T(1) / T(n)));
  return T(std::pow(x, T(1) / T(n)));
}
template <typename T> T maxmag(T x, T y) {
  T ax = T(std::fabs(x)), ay = T(std::fabs(y));
  return ax > ay ? x : (ay > ax ? y : T(std::fmax(x, y)));
}
template <typename T> T minmag(T x, T y) {
  T ax = T(std::fabs(x)), ay = T(std::fabs(y));
  return ax < ay ? x : (ay < ax ? y : T(std::fmin(x, y)));
}
template <typename T> detail::if_scalar_t<T, T> smoothstep(T edge0, T edge1, T x) {
  T t = clamp((x - edge0) / (edge1 - edge0), T(0), T(1));
  return t * t * (T(3) - T(2) * t);
}

// Integer functions (SYCL 2020 4.17.7) on scalars. Bit counts are loops over
// the bits of T's width; shifts act on the unsigned type, so signed values
// behave like their two's complement bit patterns.
template <typename T> using integer_t = std::enable_if_t<std::is_integral_v<T>, T>;
template <typename T> integer_t<T> clz(T x) {
  using U = std::make_unsigned_t<T>;
  const int bits = int(sizeof(T)) * 8;
  int n = 0;
  while (n < bits && ((U(x) >> (bits - 1 - n)) & 1u) == 0) ++n;
  return T(n);
}
template <typename T> integer_t<T> ctz(T x) {
  using U = std::make_unsigned_t<T>;
  const int bits = int(sizeof(T)) * 8;
  int n = 0;
  while (n < bits && ((U(x) >> n) & 1u) == 0) ++n;
  return T(n);
}
// |x| of an unsigned integer is x (std::abs has no unsigned overloads).
template <typename T> std::enable_if_t<std::is_unsigned_v<T> && !std::is_same_v<T, bool>, T> abs(T x) { return x; }
template <typename T> integer_t<T> popcount(T x) {
  using U = std::make_unsigned_t<T>;
  int n = 0;
  for (U u = U(x); u != 0; u = U(u & (u - 1))) ++n;
  return T(n);
}
// x rotated left by n bits (n modulo the width; negative n rotates right).
template <typename T> integer_t<T> rotate(T x, T n) {
  using U = std::make_unsigned_t<T>;
  const int bits = int(sizeof(T)) * 8;
  int s = int(U(n) % U(bits));
  if (s == 0) return x;
  return T(U(U(x) << s) | U(U(x) >> (bits - s)));
}
// |x - y| without overflow (the result is exact in T's unsigned form; SYCL
// 2020 rev. 8 returns the argument type).
template <typename T> integer_t<T> abs_diff(T x, T y) {
  using U = std::make_unsigned_t<T>;
  return T(x > y ? U(U(x) - U(y)) : U(U(y) - U(x)));
}
// x + y and x - y, saturated to T's range.
template <typename T> integer_t<T> add_sat(T x, T y) {
  const T hi = std::numeric_limits<T>::max(), lo = std::numeric_limits<T>::min();
  if (y > T(0) && x > T(hi - y)) return hi;
  if (y < T(0) && x < T(lo - y)) return lo;
  return T(x + y);
}
template <typename T> integer_t<T> sub_sat(T x, T y) {
  const T hi = std::numeric_limits<T>::max(), lo = std::numeric_limits<T>::min();
  if constexpr (std::is_unsigned_v<T>) {
    return x > y ? T(x - y) : T(0);
  } else {
    if (y < T(0) && x > T(hi + y)) return hi;
    if (y > T(0) && x < T(lo + y)) return lo;
    return T(x - y);
  }
}
// (x + y) >> 1 and (x + y + 1) >> 1 without overflow.
template <typename T> integer_t<T> hadd(T x, T y) { return T((x >> 1) + (y >> 1) + (x & y & 1)); }
template <typename T> integer_t<T> rhadd(T x, T y) { return T((x >> 1) + (y >> 1) + ((x | y) & 1)); }
// The high half of the full product x * y (64-bit operands through 32-bit
// limbs; a signed product corrects the unsigned one by each negative factor).
template <typename T> integer_t<T> mul_hi(T x, T y) {
  if constexpr (sizeof(T) < 8) {
    using W = std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>;
    return T((W(x) * W(y)) >> (sizeof(T) * 8));
  } else {
    using U = unsigned long long;
    const U a = U(x), b = U(y), mask = 0xffffffffull;
    const U lo_lo = (a & mask) * (b & mask), hi_lo = (a >> 32) * (b & mask);
    const U lo_hi = (a & mask) * (b >> 32), hi_hi = (a >> 32) * (b >> 32);
    const U cross = (lo_lo >> 32) + (hi_lo & mask) + (lo_hi & mask);
    U hi = hi_hi + (hi_lo >> 32) + (lo_hi >> 32) + (cross >> 32);
    if constexpr (std::is_signed_v<T>) {
      if (x < T(0)) hi -= b;
      if (y < T(0)) hi -= a;
    }
    return T(hi);
  }
}
template <typename T> integer_t<T> mad_hi(T x, T y, T z) { return T(mul_hi(x, y) + z); }
// x * y + z saturated to T's range.
template <typename T> integer_t<T> mad_sat(T x, T y, T z) {
  const T hi = std::numeric_limits<T>::max(), lo = std::numeric_limits<T>::min();
  if constexpr (sizeof(T) < 8) {
    using W = std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>;
    W r = W(x) * W(y) + W(z);
    return r > W(hi) ? hi : (r < W(lo) ? lo : T(r));
  } else {
    using U = unsigned long long;
    const T low = T(U(x) * U(y)), high = mul_hi(x, y);
    if constexpr (std::is_signed_v<T>) {
      if (high != (low < T(0) ? T(-1) : T(0))) return (x < T(0)) != (y < T(0)) ? lo : hi;
    } else if (high != T(0)) {
      return hi;
    }
    return add_sat(low, z);
  }
}
// The bits of hi above those of lo, in the integer type twice as wide.
template <typename T> struct upsample_result;
template <> struct upsample_result<char> { using type = short; };
template <> struct upsample_result<signed char> { using type = short; };
template <> struct upsample_result<unsigned char> { using type = unsigned short; };
template <> struct upsample_result<short> { using type = int; };
template <> struct upsample_result<unsigned short> { using type = unsigned int; };
template <> struct upsample_result<int> { using type = long; };
template <> struct upsample_result<unsigned int> { using type = unsigned long; };
template <typename T, typename U>
typename upsample_result<T>::type upsample(T hi, U lo) {
  using R = typename upsample_result<T>::type;
  using UR = std::make_unsigned_t<R>;
  return R(UR(UR(std::make_unsigned_t<T>(hi)) << (sizeof(T) * 8)) | UR(std::make_unsigned_t<U>(lo)));
}
// 24-bit multiplies: exact for operands in 24 bits, as the SYCL spec asks.
template <typename T> integer_t<T> mul24(T x, T y) { return T(x * y); }
template <typename T> integer_t<T> mad24(T x, T y, T z) { return T(x * y + z); }

// Relational functions (SYCL 2020 4.17.9) on scalars: bool results (the
// vec and marray forms are in vec.hpp).
template <typename T> detail::if_scalar_t<T, bool> isequal(T x, T y) { return x == y; }
// Not x != y: naga turns SPIR-V's unordered not-equal into an ordered one,
// so x != NaN would be false on Vulkan.
template <typename T> detail::if_scalar_t<T, bool> isnotequal(T x, T y) { return !(x == y); }
template <typename T> detail::if_scalar_t<T, bool> isgreater(T x, T y) { return x > y; }
template <typename T> detail::if_scalar_t<T, bool> isgreaterequal(T x, T y) { return x >= y; }
template <typename T> detail::if_scalar_t<T, bool> isless(T x, T y) { return x < y; }
template <typename T> detail::if_scalar_t<T, bool> islessequal(T x, T y) { return x <= y; }
template <typename T> detail::if_scalar_t<T, bool> islessgreater(T x, T y) { return x < y || x > y; }
template <typename T> detail::if_scalar_t<T, bool> isordered(T x, T y) { return x == x && y == y; }
template <typename T> detail::if_scalar_t<T, bool> isunordered(T x, T y) { return !isordered(x, y); }
template <typename T> detail::if_scalar_t<T, bool> isnormal(T x) {
  return std::isfinite(x) && std::fabs(x) >= std::numeric_limits<T>::min();
}
// any/all of a scalar signed integer: its most significant bit.
template <typename T> detail::if_scalar_t<T, bool> any(T x) { return x < T(0); }
template <typename T> detail::if_scalar_t<T, bool> all(T x) { return x < T(0); }
// c ? b : a for scalars; bitselect takes each bit from b where c has a 1.
template <typename T, typename C> detail::if_scalar_t<T, T> select(T a, T b, C c) { return c ? b : a; }
template <typename T> detail::if_scalar_t<T, T> bitselect(T a, T b, T c) {
  if constexpr (std::is_integral_v<T>) {
    return T((a & ~c) | (b & c));
  } else {
    using U = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;
    U ua = bit_cast<U>(a), ub = bit_cast<U>(b), uc = bit_cast<U>(c);
    return bit_cast<T>(U((ua & ~uc) | (ub & uc)));
  }
}

// The functions on sycl::half: computed in float, rounded to half.
#define __SYCLONE_HALF_UNARY(NAME) \
  inline half NAME(half x) { return half(NAME(float(x))); }
__SYCLONE_HALF_UNARY(acos)
__SYCLONE_HALF_UNARY(acosh)
__SYCLONE_HALF_UNARY(asin)
__SYCLONE_HALF_UNARY(asinh)
__SYCLONE_HALF_UNARY(atan)
__SYCLONE_HALF_UNARY(atanh)
__SYCLONE_HALF_UNARY(cbrt)
__SYCLONE_HALF_UNARY(ceil)
__SYCLONE_HALF_UNARY(cos)
__SYCLONE_HALF_UNARY(cosh)
__SYCLONE_HALF_UNARY(erf)
__SYCLONE_HALF_UNARY(erfc)
__SYCLONE_HALF_UNARY(exp)
__SYCLONE_HALF_UNARY(exp2)
__SYCLONE_HALF_UNARY(exp10)
__SYCLONE_HALF_UNARY(expm1)
__SYCLONE_HALF_UNARY(fabs)
__SYCLONE_HALF_UNARY(floor)
__SYCLONE_HALF_UNARY(lgamma)
__SYCLONE_HALF_UNARY(log)
__SYCLONE_HALF_UNARY(log10)
__SYCLONE_HALF_UNARY(log1p)
__SYCLONE_HALF_UNARY(log2)
__SYCLONE_HALF_UNARY(logb)
__SYCLONE_HALF_UNARY(rint)
__SYCLONE_HALF_UNARY(round)
__SYCLONE_HALF_UNARY(rsqrt)
__SYCLONE_HALF_UNARY(sin)
__SYCLONE_HALF_UNARY(sinh)
__SYCLONE_HALF_UNARY(sqrt)
__SYCLONE_HALF_UNARY(tan)
__SYCLONE_HALF_UNARY(tanh)
__SYCLONE_HALF_UNARY(tgamma)
__SYCLONE_HALF_UNARY(trunc)
#undef __SYCLONE_HALF_UNARY
#define __SYCLONE_HALF_BINARY(NAME) \
  inline half NAME(half x, half y) { return half(NAME(float(x), float(y))); }
__SYCLONE_HALF_BINARY(atan2)
__SYCLONE_HALF_BINARY(copysign)
__SYCLONE_HALF_BINARY(fdim)
__SYCLONE_HALF_BINARY(fmax)
__SYCLONE_HALF_BINARY(fmin)
__SYCLONE_HALF_BINARY(fmod)
__SYCLONE_HALF_BINARY(hypot)
__SYCLONE_HALF_BINARY(pow)
__SYCLONE_HALF_BINARY(remainder)
#undef __SYCLONE_HALF_BINARY
inline half fma(half a, half b, half c) { return half(std::fma(float(a), float(b), float(c))); }
inline bool isnan(half x) { return std::isnan(float(x)); }
inline bool isinf(half x) { return std::isinf(float(x)); }
inline bool isfinite(half x) { return std::isfinite(float(x)); }
inline bool signbit(half x) { return (detail::bits_of_half(x) & 0x8000u) != 0; }


}  // namespace sycl
