// sycl_ext_oneapi_device_global: variables in device memory that every
// kernel of the program can read and write, and the host copies to and from.
//
// The device compiler lowers a namespace-scope `device_global` used in a
// kernel to device memory the runtime allocates per device, keyed by the
// variable's mangled name, and initialises from the host object's value
// (the integration footer registers each such variable with its name). On
// the host device the host object itself is that memory.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#ifdef __SYCL_DEVICE_ONLY__
#define __SYCLONE_DEVICE_GLOBAL [[__sycl_detail__::device_global]]
#else
#define __SYCLONE_DEVICE_GLOBAL
#endif

namespace sycl {
namespace ext {
namespace oneapi {
namespace experimental {
namespace detail {
struct device_global_no_properties {};
}  // namespace detail

template <typename T, typename PropertyList = detail::device_global_no_properties>
class __SYCLONE_DEVICE_GLOBAL device_global {
 public:
  using element_type = std::remove_extent_t<T>;

  constexpr device_global() : m_value{} {}
  // The initial value, from the arguments (an array from its elements).
  template <typename First, typename... Rest,
            typename = std::enable_if_t<!std::is_same_v<std::decay_t<First>, device_global>>>
  constexpr device_global(First &&first, Rest &&...rest)
      : m_value{std::forward<First>(first), std::forward<Rest>(rest)...} {}
  device_global(const device_global &) = delete;
  device_global &operator=(const device_global &) = delete;

  // Members that do not apply to T (`[]` of a class) are never instantiated.
  T &get() { return m_value; }
  const T &get() const { return m_value; }
  operator T &() { return m_value; }
  operator const T &() const { return m_value; }
  device_global &operator=(const T &value) {
    m_value = value;
    return *this;
  }
  element_type &operator[](std::ptrdiff_t i) { return m_value[i]; }
  const element_type &operator[](std::ptrdiff_t i) const { return m_value[i]; }
  T *operator->() { return &m_value; }
  const T *operator->() const { return &m_value; }

  // The host object's value (the initial value of every device's copy).
  T m_value;
};
}  // namespace experimental
}  // namespace oneapi
}  // namespace ext

#ifndef __SYCL_DEVICE_ONLY__
namespace detail {
// The address of the storage of `dg` on the device of `q` (a USM device
// allocation; the host object itself on the host device).
template <typename T, typename P>
void *device_global_storage(syclone_queue q,
                            const ext::oneapi::experimental::device_global<T, P> &dg) {
  void *storage = syclone_device_global_storage(q, &dg);
  if (!storage) throw_last_error();
  return storage;
}
}  // namespace detail
#endif
}  // namespace sycl
