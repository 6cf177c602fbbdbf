// Kernel naming shared by <sycl/sycl.hpp> and the integration header.
#pragma once

namespace sycl {
namespace detail {

// The name of a kernel given no name: SYCL 2020 unnamed lambdas are named by
// their own type.
struct auto_name {};

template <typename Name, typename Type>
struct kernel_name {
  using type = Name;
};
template <typename Type>
struct kernel_name<auto_name, Type> {
  using type = Type;
};
template <typename Name, typename Type>
using kernel_name_t = typename kernel_name<Name, Type>::type;

// Specialised by the integration header for every named kernel.
template <typename Name>
struct kernel_info {
  static constexpr bool defined = false;
};

#ifndef __SYCL_DEVICE_ONLY__
// True unless the integration header says the device compiler laid out the
// kernel object of `Name` with a different size than the host compiler did.
template <typename Name, typename Type>
constexpr bool kernel_layout_matches() {
  if constexpr (kernel_info<Name>::defined) {
    return sizeof(Type) == kernel_info<Name>::kernel_object_size;
  } else {
    return true;
  }
}
#endif

}  // namespace detail
}  // namespace sycl
