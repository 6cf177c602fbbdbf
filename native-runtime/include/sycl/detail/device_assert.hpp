// `assert` in device code on Vulkan and WebGPU devices (the host device
// runs the host compiler's assert). The device pass's <cassert> calls
// __syclone_assert_fail when the condition is false (unless NDEBUG), with
// the id of the assert: the compiler lists each assert's expression, file
// and function under its id in the kernel's image. The first failing
// work-item of the program writes the id, the line and its ids into the
// assert record, a device_global the runtime reads when the host waits; it
// then prints the assertion as DPC++ does and aborts. Other work-items go
// on, as on GPUs where an assert does not stop the kernel.
#pragma once

#ifdef __SYCL_DEVICE_ONLY__
namespace sycl {
namespace detail {
// Layout shared with native-runtime/src/device_assert.rs.
struct assert_record {
  unsigned failures;
  unsigned site;
  unsigned line;
  unsigned group[3];  // the work-group and local ids, x y z as Vulkan numbers them
  unsigned local[3];
};
extern ext::oneapi::experimental::device_global<assert_record> syclone_assert_record;
}  // namespace detail
}  // namespace sycl

inline void __syclone_assert_fail(unsigned site, unsigned line) {
  sycl::detail::assert_record &r = sycl::detail::syclone_assert_record.get();
  sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device,
                   sycl::access::address_space::global_space>
      failures(r.failures);
  if (failures.fetch_add(1u) != 0) return;
  r.site = site;
  r.line = line;
  r.group[0] = __spirv_BuiltInWorkgroupId(0);
  r.group[1] = __spirv_BuiltInWorkgroupId(1);
  r.group[2] = __spirv_BuiltInWorkgroupId(2);
  r.local[0] = __spirv_BuiltInLocalInvocationId(0);
  r.local[1] = __spirv_BuiltInLocalInvocationId(1);
  r.local[2] = __spirv_BuiltInLocalInvocationId(2);
}
#endif
