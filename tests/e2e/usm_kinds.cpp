// USM allocation kinds: get_pointer_type, aligned allocation, malloc with
// usm::alloc, prefetch and mem_advise, two allocations in one kernel,
// pointers into the middle of allocations, host writes between kernels, and
// one allocation passed as the read-only input and the output of a kernel
// (an in-place call through two pointers).
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstdint>
int main() {
  int errors = 0;
  auto check = [&](bool ok, const char* what) { if (!ok) { std::printf("FAILED: %s\n", what); errors++; } };
  sycl::queue q;
  sycl::context ctx = q.get_context();
  const size_t n = 1024;
  int* d = sycl::malloc_device<int>(n, q);
  int* h = sycl::malloc_host<int>(n, q);
  int* s = sycl::malloc_shared<int>(n, q);
  int* m = sycl::malloc<int>(n, q, sycl::usm::alloc::shared);
  void* a = sycl::aligned_alloc_device(4096, 100, q);
  float* as = sycl::aligned_alloc_shared<float>(256, n, q);
  int local = 0;
  check(sycl::get_pointer_type(d, ctx) == sycl::usm::alloc::device, "device");
  check(sycl::get_pointer_type(h, ctx) == sycl::usm::alloc::host, "host");
  check(sycl::get_pointer_type(s, ctx) == sycl::usm::alloc::shared, "shared");
  check(sycl::get_pointer_type(m + 5, ctx) == sycl::usm::alloc::shared, "interior pointer");
  check(sycl::get_pointer_type(&local, ctx) == sycl::usm::alloc::unknown, "stack memory");
  check(reinterpret_cast<std::uintptr_t>(a) % 4096 == 0, "4096-byte alignment");
  check(reinterpret_cast<std::uintptr_t>(as) % 256 == 0, "256-byte alignment");

  for (size_t i = 0; i < n; ++i) { h[i] = static_cast<int>(i); s[i] = 1; m[i] = 0; }
  q.prefetch(s, n * sizeof(int));
  q.mem_advise(s, n * sizeof(int), 0);
  // The handler's forms (SYCL 2020 4.9.4.3) order like any command.
  q.submit([&](sycl::handler& cgh) { cgh.prefetch(h, n * sizeof(int)); });
  q.submit([&](sycl::handler& cgh) { cgh.mem_advise(h, n * sizeof(int), 0); });
  // Two allocations and offset pointers in one kernel.
  int* s_mid = s + 512;
  int* h_mid = h + 512;
  q.parallel_for(sycl::range<1>(512), [=](sycl::id<1> i) { s_mid[i] = h_mid[i] * 2; }).wait();
  // Host writes between kernels.
  for (size_t i = 0; i < n; ++i) h[i] += 1000;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] = h[i] + s[i]; });
  q.wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { m[i] = d[i] - 1000; }).wait();
  for (size_t i = 0; i < n; ++i) {
    int v = static_cast<int>(i);
    int expect_s = i >= 512 ? 2 * v : 1;
    if (s[i] != expect_s || m[i] != v + expect_s) { if (errors++ < 5) std::printf("s[%zu]=%d m=%d\n", i, s[i], m[i]); }
  }
  // In place through two pointers: `in` is only read, `out` written, and
  // both point into `s` (the second call at an offset into it).
  auto twice_plus_one = [&](const int* in, int* out, size_t count) {
    q.parallel_for(sycl::range<1>(count), [=](sycl::id<1> i) { out[i] = in[i] * 2 + 1; }).wait();
  };
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<int>(i);
  twice_plus_one(s, s, n);
  twice_plus_one(s + 100, s + 100, 10);
  for (size_t i = 0; i < n; ++i) {
    int v = static_cast<int>(i) * 2 + 1;
    if (i >= 100 && i < 110) v = v * 2 + 1;
    if (s[i] != v && errors++ < 5) std::printf("in place: s[%zu]=%d, want %d\n", i, s[i], v);
  }
  for (void* p : {static_cast<void*>(d), static_cast<void*>(h), static_cast<void*>(s), static_cast<void*>(m), a,
                  static_cast<void*>(as)})
    sycl::free(p, q);
  bool threw = false;
  try {
    sycl::free(&local, q);
  } catch (const sycl::exception& e) {
    threw = e.code() == sycl::errc::invalid;
  }
  check(threw, "freeing non-USM memory throws errc::invalid");

  // The forms that name a device and a context instead of a queue, and a
  // property list; get_pointer_device names the device.
  sycl::device dev = q.get_device();
  int* on_dev = sycl::malloc_shared<int>(64, dev, ctx);
  void* raw = sycl::malloc_device(256, dev, ctx, sycl::property_list{});
  float* aligned = sycl::aligned_alloc_shared<float>(256, 32, dev, ctx);
  char* host_only = sycl::malloc_host<char>(16, ctx);
  int* with_props = sycl::malloc_shared<int>(8, q, sycl::property_list{});
  check(on_dev && raw && aligned && host_only && with_props, "device/context allocations succeed");
  check(reinterpret_cast<uintptr_t>(aligned) % 256 == 0, "aligned_alloc_shared(device, context) is aligned");
  check(sycl::get_pointer_device(on_dev, ctx) == dev, "get_pointer_device names the allocating device");
  check(sycl::get_pointer_device(raw, ctx) == dev, "get_pointer_device of device memory");
  check(sycl::get_pointer_type(raw, ctx) == sycl::usm::alloc::device, "malloc_device(device, context) is device memory");
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { on_dev[i] = static_cast<int>(i) * 3; }).wait();
  for (int i = 0; i < 64; ++i) check(on_dev[i] == i * 3, "a kernel writes malloc_shared(device, context) memory");
  threw = false;
  try {
    (void)sycl::get_pointer_device(&local, ctx);
  } catch (const sycl::exception& e) {
    threw = e.code() == sycl::errc::invalid;
  }
  check(threw, "get_pointer_device of non-USM memory throws errc::invalid");
  for (void* p : {static_cast<void*>(on_dev), raw, static_cast<void*>(aligned), static_cast<void*>(host_only),
                  static_cast<void*>(with_props)})
    sycl::free(p, ctx);
  if (errors == 0) std::printf("PASSED\n");
  return errors != 0;
}
