// sycl::is_device_copyable (SYCL 2020 3.13.1): the types a kernel argument
// may be bit-copied to a device as. Trivially copyable types are; so are
// the standard library's wrappers of device copyable types, and any type
// the program specializes the trait for. The device compiler asks
// `is_device_copyable_v` of every kernel argument it does not take apart
// member by member (aggregates and closures) or handle specially
// (accessors, streams, reducers). Included by sycl.hpp.
#pragma once

#include <array>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace sycl {

template <typename T>
struct is_device_copyable : std::is_trivially_copyable<T> {};

template <typename T>
inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

template <typename T>
struct is_device_copyable<const T> : is_device_copyable<T> {};

template <typename T, std::size_t N>
struct is_device_copyable<T[N]> : is_device_copyable<T> {};

template <typename T, std::size_t N>
struct is_device_copyable<std::array<T, N>> : is_device_copyable<T> {};

template <typename T>
struct is_device_copyable<std::optional<T>> : is_device_copyable<T> {};

template <typename T1, typename T2>
struct is_device_copyable<std::pair<T1, T2>>
    : std::bool_constant<is_device_copyable_v<T1> && is_device_copyable_v<T2>> {};

template <typename... Ts>
struct is_device_copyable<std::tuple<Ts...>> : std::bool_constant<(is_device_copyable_v<Ts> && ...)> {};

}  // namespace sycl
