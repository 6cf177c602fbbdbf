// <sycl/detail/bfloat16.hpp>: sycl::ext::oneapi::bfloat16
// (sycl_ext_oneapi_bfloat16), the upper 16 bits of an IEEE binary32. It
// holds those bits; every operation converts to float (exact: shift left by
// 16), computes there and rounds back to the nearest bfloat16 (ties to
// even), in plain integer code, so the host and every device round alike.
// As in DPC++, bfloat16 op bfloat16 and bfloat16 op (anything convertible to
// float) give bfloat16.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include <sycl/detail/bit_cast.hpp>

namespace sycl {
namespace ext {
namespace oneapi {
class bfloat16;
}  // namespace oneapi
}  // namespace ext

namespace detail {
// The bfloat16 nearest to `f` (ties to even); NaNs stay quiet NaNs.
inline uint16_t bfloat16_bits_of_float(float f) {
  uint32_t x = bit_cast<uint32_t>(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return uint16_t((x >> 16) | 0x40u);
  uint32_t rounding = 0x7fffu + ((x >> 16) & 1u);
  return uint16_t((x + rounding) >> 16);
}
inline float float_of_bfloat16_bits(uint16_t b) { return bit_cast<float>(uint32_t(b) << 16); }
inline ext::oneapi::bfloat16 bfloat16_of_bits(uint16_t bits);
// The type of `bfloat16 op T` for a T convertible to float: bfloat16.
template <typename T>
using bfloat16_op_result = std::enable_if_t<
    std::is_convertible_v<T, float> && !std::is_same_v<T, ext::oneapi::bfloat16>,
    ext::oneapi::bfloat16>;
}  // namespace detail

namespace ext {
namespace oneapi {

class bfloat16 {
 public:
  bfloat16() = default;
  bfloat16(float f) : m_bits(sycl::detail::bfloat16_bits_of_float(f)) {}
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, float>>>
  bfloat16(T v) : m_bits(sycl::detail::bfloat16_bits_of_float(static_cast<float>(v))) {}
  operator float() const { return sycl::detail::float_of_bfloat16_bits(m_bits); }
  explicit operator bool() const { return (m_bits & 0x7fffu) != 0; }

  bfloat16 &operator+=(const bfloat16 &o) { return *this = bfloat16(float(*this) + float(o)); }
  bfloat16 &operator-=(const bfloat16 &o) { return *this = bfloat16(float(*this) - float(o)); }
  bfloat16 &operator*=(const bfloat16 &o) { return *this = bfloat16(float(*this) * float(o)); }
  bfloat16 &operator/=(const bfloat16 &o) { return *this = bfloat16(float(*this) / float(o)); }
  bfloat16 &operator++() { return *this += bfloat16(1.0f); }
  bfloat16 operator++(int) {
    bfloat16 old = *this;
    *this += bfloat16(1.0f);
    return old;
  }
  bfloat16 &operator--() { return *this -= bfloat16(1.0f); }
  bfloat16 operator--(int) {
    bfloat16 old = *this;
    *this -= bfloat16(1.0f);
    return old;
  }
  bfloat16 operator-() const { return sycl::detail::bfloat16_of_bits(uint16_t(m_bits ^ 0x8000u)); }
  bfloat16 operator+() const { return *this; }

 private:
  uint16_t m_bits;
  friend bfloat16 sycl::detail::bfloat16_of_bits(uint16_t bits);
};
}  // namespace oneapi
}  // namespace ext

namespace detail {
inline ext::oneapi::bfloat16 bfloat16_of_bits(uint16_t bits) {
  ext::oneapi::bfloat16 b;
  b.m_bits = bits;
  return b;
}
}  // namespace detail

namespace ext {
namespace oneapi {

#define __SYCLONE_BF16_ARITHMETIC(OP)                                                  \
  inline bfloat16 operator OP(const bfloat16 &a, const bfloat16 &b) {                  \
    return bfloat16(float(a) OP float(b));                                             \
  }                                                                                    \
  template <typename T>                                                                \
  sycl::detail::bfloat16_op_result<T> operator OP(const bfloat16 &a, const T &b) {           \
    return bfloat16(float(a) OP static_cast<float>(b));                                \
  }                                                                                    \
  template <typename T>                                                                \
  sycl::detail::bfloat16_op_result<T> operator OP(const T &a, const bfloat16 &b) {           \
    return bfloat16(static_cast<float>(a) OP float(b));                                \
  }
__SYCLONE_BF16_ARITHMETIC(+)
__SYCLONE_BF16_ARITHMETIC(-)
__SYCLONE_BF16_ARITHMETIC(*)
__SYCLONE_BF16_ARITHMETIC(/)
#undef __SYCLONE_BF16_ARITHMETIC

#define __SYCLONE_BF16_COMPARISON(OP)                                                  \
  inline bool operator OP(const bfloat16 &a, const bfloat16 &b) { return float(a) OP float(b); } \
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>         \
  bool operator OP(const bfloat16 &a, const T &b) {                                    \
    return float(a) OP b;                                                              \
  }                                                                                    \
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>         \
  bool operator OP(const T &a, const bfloat16 &b) {                                    \
    return a OP float(b);                                                              \
  }
__SYCLONE_BF16_COMPARISON(==)
__SYCLONE_BF16_COMPARISON(!=)
__SYCLONE_BF16_COMPARISON(<)
__SYCLONE_BF16_COMPARISON(>)
__SYCLONE_BF16_COMPARISON(<=)
__SYCLONE_BF16_COMPARISON(>=)
#undef __SYCLONE_BF16_COMPARISON

namespace experimental {
// The bfloat16 math of sycl_ext_oneapi_bfloat16_math_functions, in float.
inline bfloat16 fabs(bfloat16 x) { return sycl::detail::bfloat16_of_bits(uint16_t(sycl::bit_cast<uint16_t>(x) & 0x7fffu)); }
inline bfloat16 fmin(bfloat16 x, bfloat16 y) { return float(y) < float(x) || float(x) != float(x) ? y : x; }
inline bfloat16 fmax(bfloat16 x, bfloat16 y) { return float(y) > float(x) || float(x) != float(x) ? y : x; }
inline bfloat16 fma(bfloat16 x, bfloat16 y, bfloat16 z) { return bfloat16(float(x) * float(y) + float(z)); }
inline bool isnan(bfloat16 x) { return float(x) != float(x); }
using sycl::ext::oneapi::bfloat16;
}  // namespace experimental

}  // namespace oneapi
}  // namespace ext
}  // namespace sycl

namespace std {
// bfloat16's limits (as DPC++ gives them).
template <>
class numeric_limits<sycl::ext::oneapi::bfloat16> {
  using bf = sycl::ext::oneapi::bfloat16;

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr int digits = 8;
  static constexpr int digits10 = 2;
  static constexpr int max_digits10 = 4;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -125;
  static constexpr int max_exponent = 128;
  static bf min() { return sycl::detail::bfloat16_of_bits(0x0080u); }
  static bf max() { return sycl::detail::bfloat16_of_bits(0x7f7fu); }
  static bf lowest() { return sycl::detail::bfloat16_of_bits(0xff7fu); }
  static bf epsilon() { return sycl::detail::bfloat16_of_bits(0x3c00u); }
  static bf infinity() { return sycl::detail::bfloat16_of_bits(0x7f80u); }
  static bf quiet_NaN() { return sycl::detail::bfloat16_of_bits(0x7fc0u); }
  static bf denorm_min() { return sycl::detail::bfloat16_of_bits(0x0001u); }
};
}  // namespace std
