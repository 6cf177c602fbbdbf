// sycl_ext_oneapi_dot_accumulate: 4-way byte dot products added to a 32-bit
// accumulator (CUDA's __dp4a). Each operand is four 8-bit lanes, as a
// sycl::vec or packed into a 32-bit integer (lane 0 in the low byte), signed
// or unsigned per operand; the products are exact in 32 bits.
#pragma once
#include <sycl/sycl.hpp>

namespace sycl {
namespace ext {
namespace oneapi {
namespace detail {
// Lane `k` of a packed operand, sign- or zero-extended.
inline int32_t dot_lane(int32_t packed, int k) {
  return static_cast<int32_t>(static_cast<int8_t>((static_cast<uint32_t>(packed) >> (8 * k)) & 0xffu));
}
inline int32_t dot_lane(uint32_t packed, int k) {
  return static_cast<int32_t>((packed >> (8 * k)) & 0xffu);
}
template <typename A, typename B> int32_t packed_dot_acc(A a, B b, int32_t c) {
  return c + dot_lane(a, 0) * dot_lane(b, 0) + dot_lane(a, 1) * dot_lane(b, 1) +
         dot_lane(a, 2) * dot_lane(b, 2) + dot_lane(a, 3) * dot_lane(b, 3);
}
template <typename A, typename B> int32_t vec_dot_acc(vec<A, 4> a, vec<B, 4> b, int32_t c) {
  return c + int32_t(a.x()) * int32_t(b.x()) + int32_t(a.y()) * int32_t(b.y()) +
         int32_t(a.z()) * int32_t(b.z()) + int32_t(a.w()) * int32_t(b.w());
}
}  // namespace detail

inline int32_t dot_acc(int32_t a, int32_t b, int32_t c) { return detail::packed_dot_acc(a, b, c); }
inline int32_t dot_acc(uint32_t a, uint32_t b, int32_t c) { return detail::packed_dot_acc(a, b, c); }
inline int32_t dot_acc(int32_t a, uint32_t b, int32_t c) { return detail::packed_dot_acc(a, b, c); }
inline int32_t dot_acc(uint32_t a, int32_t b, int32_t c) { return detail::packed_dot_acc(a, b, c); }
inline int32_t dot_acc(vec<int8_t, 4> a, vec<int8_t, 4> b, int32_t c) { return detail::vec_dot_acc(a, b, c); }
inline int32_t dot_acc(vec<uint8_t, 4> a, vec<uint8_t, 4> b, int32_t c) { return detail::vec_dot_acc(a, b, c); }
inline int32_t dot_acc(vec<int8_t, 4> a, vec<uint8_t, 4> b, int32_t c) { return detail::vec_dot_acc(a, b, c); }
inline int32_t dot_acc(vec<uint8_t, 4> a, vec<int8_t, 4> b, int32_t c) { return detail::vec_dot_acc(a, b, c); }
}  // namespace oneapi
}  // namespace ext
}  // namespace sycl
