// sycl_ext_oneapi_clock: a kernel reads a clock of its sub-group, its
// work-group or its device (aspects ext_oneapi_clock_sub_group,
// _work_group, _device). On Vulkan the sub-group and device clocks of
// VK_KHR_shader_clock (a work-group reads its compute unit's, the
// sub-group clock); on the host CPU device the runtime's steady clock in
// nanoseconds, for every scope.
#pragma once

namespace sycl {
namespace ext::oneapi::experimental {

enum class clock_scope : int {
  // SPIR-V's numbers for these scopes.
  device = 1,
  work_group = 2,
  sub_group = 3
};

template <clock_scope Scope>
inline uint64_t clock() {
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_read_clock(static_cast<int>(Scope));
#else
  return syclone_host_clock();
#endif
}

inline uint64_t clock(clock_scope scope = clock_scope::sub_group) {
  switch (scope) {
    case clock_scope::device:
      return clock<clock_scope::device>();
    case clock_scope::work_group:
      return clock<clock_scope::work_group>();
    default:
      return clock<clock_scope::sub_group>();
  }
}

}  // namespace ext::oneapi::experimental
}  // namespace sycl
