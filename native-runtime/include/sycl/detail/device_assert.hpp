// `assert` in device code on Vulkan and WebGPU devices (the host device
// runs the host compiler's assert). The device pass's <cassert> calls
// __syclone_assert_fail when the condition is false (unless NDEBUG): the
// first failing work-item of the program writes where and what into the
// assert record, a device_global the runtime reads when the host waits;
// it then prints the assertion as DPC++ does and aborts. Other work-items
// go on, as on GPUs where an assert does not stop the kernel.
#pragma once

#ifdef __SYCL_DEVICE_ONLY__
namespace sycl {
namespace detail {
// Layout shared with native-runtime/src/device_assert.rs.
struct assert_record {
  unsigned failures;
  unsigned line;
  unsigned group[3];  // the work-group and local ids, x y z as Vulkan numbers them
  unsigned local[3];
  // The expression, the file and the function, each ended by a 0 byte,
  // four characters to a word; cut at the end.
  unsigned text[120];  // 480 bytes
};
extern ext::oneapi::experimental::device_global<assert_record> syclone_assert_record;

// Appends the characters of `s` and a 0 byte at byte `at` of `words`;
// returns the byte after the 0. The words start zeroed.
inline unsigned assert_text(unsigned *words, unsigned at, const char *s) {
  constexpr unsigned last = 4 * 120 - 1;
  for (unsigned i = 0; s[i] != 0 && at < last; ++i, ++at)
    words[at / 4] |= static_cast<unsigned>(static_cast<unsigned char>(s[i])) << (8 * (at % 4));
  return at + 1;
}
}  // namespace detail
}  // namespace sycl

inline void __syclone_assert_fail(const char *expr, const char *file, unsigned line, const char *func) {
  sycl::detail::assert_record &r = sycl::detail::syclone_assert_record.get();
  sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device,
                   sycl::access::address_space::global_space>
      failures(r.failures);
  if (failures.fetch_add(1u) != 0) return;
  r.line = line;
  r.group[0] = __spirv_BuiltInWorkgroupId(0);
  r.group[1] = __spirv_BuiltInWorkgroupId(1);
  r.group[2] = __spirv_BuiltInWorkgroupId(2);
  r.local[0] = __spirv_BuiltInLocalInvocationId(0);
  r.local[1] = __spirv_BuiltInLocalInvocationId(1);
  r.local[2] = __spirv_BuiltInLocalInvocationId(2);
  unsigned at = sycl::detail::assert_text(r.text, 0, expr);
  at = sycl::detail::assert_text(r.text, at, file);
  sycl::detail::assert_text(r.text, at, func);
}
#endif
