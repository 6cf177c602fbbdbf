// <sycl/detail/half.hpp>: sycl::half (SYCL 2020 4.14.1), the IEEE 754
// binary16 type, read by both passes. It holds the 16 bits of the value;
// every operation converts to float, computes there and rounds back to the
// nearest half (ties to even), which gives the correctly rounded binary16
// result of + - * / as float's 24-bit significand holds every product and
// quotient of two 11-bit ones closely enough. The conversions are integer
// code and float operations that IEEE 754 (and Vulkan) round exactly, so the
// host and every device (with or without native fp16) round identically. Operators follow DPC++: half op half and half op
// integer give half, half op float float, half op double double.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include <sycl/detail/bit_cast.hpp>

namespace sycl {

class half;

namespace detail {

// The binary16 nearest to `f` (ties to even); NaNs stay NaNs (quiet, with
// the top bits of their payload), overflow gives infinity. Each case is
// computed and the right one selected, without branches: a kernel doing
// half arithmetic converts twice per operation, and straight-line code
// keeps such kernels small (HeCBench ert: 1,023 `half2` multiply-adds).
inline uint16_t half_bits_of_float(float f) {
  uint32_t x = bit_cast<uint32_t>(f);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t mag = x & 0x7fffffffu;
  // Normal: rebias the exponent (127 - 15) and drop 13 significand bits,
  // adding just under half of the dropped unit plus the kept lowest bit
  // (ties to even); a carry out of the significand bumps the exponent.
  uint32_t normal = (mag - 0x38000000u + 0xfffu + ((mag >> 13) & 1u)) >> 13;
  // Below the smallest normal half (2^-14): adding 0.5 rounds the value to
  // a multiple of 2^-24, the subnormal half's unit (the float addition
  // rounds to nearest, ties to even), and the bits above 0.5 count them.
  uint32_t subnormal = bit_cast<uint32_t>(bit_cast<float>(mag) + 0.5f) - 0x3f000000u;
  // NaN (quiet, the top of its payload); infinity, and 65520 and above.
  uint32_t nan = 0x7e00u | ((mag >> 13) & 0x3ffu);
  uint32_t special = mag > 0x7f800000u ? nan : 0x7c00u;
  uint32_t finite = mag < 0x38800000u ? subnormal : normal;
  uint32_t h = mag >= 0x477ff000u ? special : finite;
  return uint16_t(sign | h);
}

// The float equal to binary16 `h` (every half is exactly a float), also
// selected without branches.
inline float float_of_half_bits(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000u) << 16;
  uint32_t e = (h >> 10) & 0x1fu;
  uint32_t m = h & 0x3ffu;
  uint32_t normal = ((e + 112u) << 23) | (m << 13);
  uint32_t inf_nan = 0x7f800000u | (m << 13);
  // Zero or subnormal: m units of 2^-24, a normal float (or zero).
  uint32_t subnormal = bit_cast<uint32_t>(float(m) * 5.9604644775390625e-8f);
  uint32_t finite = e == 0u ? subnormal : normal;
  uint32_t bits = e == 0x1fu ? inf_nan : finite;
  return bit_cast<float>(sign | bits);
}

inline half half_of_bits(uint16_t bits);
inline uint16_t bits_of_half(half h);

// The type of `half op T` for an arithmetic T (DPC++'s rules): the
// floating-point type for float and double, half for integers.
template <typename T>
using half_op_result =
    std::enable_if_t<std::is_arithmetic_v<T>,
                     std::conditional_t<std::is_floating_point_v<T>, T, half>>;

}  // namespace detail

class half {
 public:
  half() = default;
  half(float f) : m_bits(detail::half_bits_of_float(f)) {}
  operator float() const { return detail::float_of_half_bits(m_bits); }

  half &operator+=(const half &o) { return *this = half(float(*this) + float(o)); }
  half &operator-=(const half &o) { return *this = half(float(*this) - float(o)); }
  half &operator*=(const half &o) { return *this = half(float(*this) * float(o)); }
  half &operator/=(const half &o) { return *this = half(float(*this) / float(o)); }

  half &operator++() { return *this += half(1.0f); }
  half operator++(int) {
    half old = *this;
    *this += half(1.0f);
    return old;
  }
  half &operator--() { return *this -= half(1.0f); }
  half operator--(int) {
    half old = *this;
    *this -= half(1.0f);
    return old;
  }
  half operator-() const { return detail::half_of_bits(uint16_t(m_bits ^ 0x8000u)); }
  half operator+() const { return *this; }

 private:
  uint16_t m_bits;
  friend half detail::half_of_bits(uint16_t bits);
  friend uint16_t detail::bits_of_half(half h);
};

namespace detail {
inline half half_of_bits(uint16_t bits) {
  half h;
  h.m_bits = bits;
  return h;
}
inline uint16_t bits_of_half(half h) { return h.m_bits; }
}  // namespace detail

inline half operator+(const half &a, const half &b) { return half(float(a) + float(b)); }
inline half operator-(const half &a, const half &b) { return half(float(a) - float(b)); }
inline half operator*(const half &a, const half &b) { return half(float(a) * float(b)); }
inline half operator/(const half &a, const half &b) { return half(float(a) / float(b)); }

// half with another arithmetic type, either side.
template <typename T>
detail::half_op_result<T> operator+(const half &a, const T &b) {
  return detail::half_op_result<T>(float(a) + b);
}
template <typename T>
detail::half_op_result<T> operator+(const T &a, const half &b) {
  return detail::half_op_result<T>(a + float(b));
}
template <typename T>
detail::half_op_result<T> operator-(const half &a, const T &b) {
  return detail::half_op_result<T>(float(a) - b);
}
template <typename T>
detail::half_op_result<T> operator-(const T &a, const half &b) {
  return detail::half_op_result<T>(a - float(b));
}
template <typename T>
detail::half_op_result<T> operator*(const half &a, const T &b) {
  return detail::half_op_result<T>(float(a) * b);
}
template <typename T>
detail::half_op_result<T> operator*(const T &a, const half &b) {
  return detail::half_op_result<T>(a * float(b));
}
template <typename T>
detail::half_op_result<T> operator/(const half &a, const T &b) {
  return detail::half_op_result<T>(float(a) / b);
}
template <typename T>
detail::half_op_result<T> operator/(const T &a, const half &b) {
  return detail::half_op_result<T>(a / float(b));
}

// Comparisons as floats (NaN is unordered and unequal to itself).
inline bool operator==(const half &a, const half &b) { return float(a) == float(b); }
inline bool operator!=(const half &a, const half &b) { return float(a) != float(b); }
inline bool operator<(const half &a, const half &b) { return float(a) < float(b); }
inline bool operator>(const half &a, const half &b) { return float(a) > float(b); }
inline bool operator<=(const half &a, const half &b) { return float(a) <= float(b); }
inline bool operator>=(const half &a, const half &b) { return float(a) >= float(b); }

#define __SYCLONE_HALF_MIXED_COMPARISON(OP)                                        \
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>       \
  bool operator OP(const half &a, const T &b) {                                      \
    return float(a) OP b;                                                            \
  }                                                                                  \
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>       \
  bool operator OP(const T &a, const half &b) {                                      \
    return a OP float(b);                                                            \
  }
__SYCLONE_HALF_MIXED_COMPARISON(==)
__SYCLONE_HALF_MIXED_COMPARISON(!=)
__SYCLONE_HALF_MIXED_COMPARISON(<)
__SYCLONE_HALF_MIXED_COMPARISON(>)
__SYCLONE_HALF_MIXED_COMPARISON(<=)
__SYCLONE_HALF_MIXED_COMPARISON(>=)
#undef __SYCLONE_HALF_MIXED_COMPARISON

}  // namespace sycl

namespace std {
// binary16's limits (as DPC++ gives them).
template <>
class numeric_limits<sycl::half> {
 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static sycl::half min() { return sycl::detail::half_of_bits(0x0400u); }
  static sycl::half max() { return sycl::detail::half_of_bits(0x7bffu); }
  static sycl::half lowest() { return sycl::detail::half_of_bits(0xfbffu); }
  static sycl::half epsilon() { return sycl::detail::half_of_bits(0x1400u); }
  static sycl::half round_error() { return sycl::detail::half_of_bits(0x3800u); }
  static sycl::half infinity() { return sycl::detail::half_of_bits(0x7c00u); }
  static sycl::half quiet_NaN() { return sycl::detail::half_of_bits(0x7e00u); }
  static sycl::half signaling_NaN() { return sycl::detail::half_of_bits(0x7d00u); }
  static sycl::half denorm_min() { return sycl::detail::half_of_bits(0x0001u); }
};
}  // namespace std
