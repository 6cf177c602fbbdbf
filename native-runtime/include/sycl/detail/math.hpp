// <sycl/detail/math.hpp>: the SYCL math built-ins (SYCL 2020 4.17.5) on
// float and double, read by both passes. The <cmath> functions under their
// sycl:: names (the device pass's <cmath> lowers them to GLSL.std.450), and
// the SYCL-only ones: rsqrt, mad, clamp, min, max, degrees, radians, sign,
// step, mix, and the native:: and half_precision:: forms.
#pragma once

#include <cmath>
#include <cstdlib>

namespace sycl {

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
using std::hypot;
using std::isfinite;
using std::isinf;
using std::isnan;
using std::lgamma;
using std::log;
using std::log10;
using std::log1p;
using std::log2;
using std::pow;
using std::rint;
using std::round;
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

template <typename T> T mad(T a, T b, T c) { return a * b + c; }
template <typename T> T clamp(T x, T lo, T hi) { return x < lo ? lo : (hi < x ? hi : x); }
template <typename T> T min(T a, T b) { return b < a ? b : a; }
template <typename T> T max(T a, T b) { return a < b ? b : a; }
template <typename T> T degrees(T radians) { return radians * T(57.29577951308232); }
template <typename T> T radians(T degrees) { return degrees * T(0.017453292519943295); }
template <typename T> T sign(T x) { return x > T(0) ? T(1) : (x < T(0) ? T(-1) : T(0)); }
template <typename T> T step(T edge, T x) { return x < edge ? T(0) : T(1); }
template <typename T> T mix(T x, T y, T a) { return x + (y - x) * a; }
template <typename T> T powr(T x, T y) { return pow(x, y); }
template <typename T> T pown(T x, int n) { return pow(x, T(n)); }

// Faster, less precise forms: here the same functions.
namespace native {
using sycl::cos;
using sycl::exp;
using sycl::exp2;
using sycl::log;
using sycl::log2;
using sycl::powr;
using sycl::rsqrt;
using sycl::sin;
using sycl::sqrt;
using sycl::tan;
template <typename T> T recip(T x) { return T(1) / x; }
template <typename T> T divide(T x, T y) { return x / y; }
}  // namespace native
namespace half_precision = native;

}  // namespace sycl
