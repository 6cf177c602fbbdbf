// <sycl/detail/bit_cast.hpp>: sycl::bit_cast (SYCL 2020 4.17.6) and its
// internal form detail::bits_as, read by both passes. The device pass
// reinterprets through __builtin_syclone_bit_cast (scalars, and classes
// and arrays of arithmetic scalars).
#pragma once

#include <cstring>

namespace sycl {

// The bits of `from` as a `To` of the same size.
template <typename To, typename From>
To bit_cast(const From &from) {
  static_assert(sizeof(To) == sizeof(From), "sycl::bit_cast needs types of one size");
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_bit_cast(To(), from);
#else
  return __builtin_bit_cast(To, from);
#endif
}

namespace detail {
// bit_cast for types the host does not consider trivially copyable
// (std::pair, in the reductions of classes): a copy of the bytes there.
template <typename To, typename From>
To bits_as(const From &from) {
  static_assert(sizeof(To) == sizeof(From), "bits_as needs types of one size");
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_bit_cast(To(), from);
#else
  To to;
  std::memcpy(static_cast<void *>(&to), static_cast<const void *>(&from), sizeof(To));
  return to;
#endif
}
}  // namespace detail

}  // namespace sycl
