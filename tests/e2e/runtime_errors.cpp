// Errors reach the program as sycl::exception with the right errc.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
template <typename F>
bool throws(sycl::errc code, F f) {
  try {
    f();
  } catch (const sycl::exception& e) {
    if (e.code() == code) return true;
    std::printf("wrong errc %d: %s\n", e.code().value(), e.what());
    return false;
  }
  return false;
}
int main() {
  int errors = 0;
  auto check = [&](bool ok, const char* what) { if (!ok) { std::printf("FAILED: %s\n", what); errors++; } };
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(16, q);
  int local[4] = {0, 0, 0, 0};
  check(throws(sycl::errc::invalid, [&] { sycl::free(local, q); }), "free of stack memory");
  check(throws(sycl::errc::invalid, [&] { q.memcpy(p, local, 100 * sizeof(int)).wait(); }),
        "memcpy past the end of an allocation");
  check(throws(sycl::errc::invalid, [&] { q.fill(p + 8, 1, 9).wait(); }), "fill past the end");
  check(throws(sycl::errc::invalid, [&] {
          int* stack = local;
          q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { stack[i] = 1; }).wait();
        }) || q.get_device().get_backend() == sycl::backend::ext_syclone_host,
        "a kernel using non-USM memory on a Vulkan device");
  // SYCL 2020 4.9.4: one command per command group, errc::invalid.
  check(throws(sycl::errc::invalid, [&] {
          q.submit([&](sycl::handler& h) {
            h.single_task([=]() { p[0] = 1; });
            h.single_task([=]() { p[1] = 1; });
          });
        }),
        "two commands in one command group");
  std::vector<int> v(10);
  sycl::buffer<int, 1> buf(v.data(), sycl::range<1>(10));
  check(throws(sycl::errc::invalid, [&] { sycl::buffer<int, 1> sub(buf, sycl::id<1>(5), sycl::range<1>(6)); }),
        "sub-buffer out of bounds");
  // SYCL 2020 4.7.6.9: a region beyond the buffer is errc::invalid.
  check(throws(sycl::errc::invalid, [&] {
          q.submit([&](sycl::handler& h) {
            auto a = buf.get_access<sycl::access::mode::read>(h, sycl::range<1>(8), sycl::id<1>(4));
            h.single_task([=]() { p[0] = a[0]; });
          });
        }),
        "ranged accessor out of bounds");
  sycl::event e = q.single_task([=]() { p[2] = 5; });
  check(throws(sycl::errc::invalid, [&] { e.get_profiling_info<sycl::info::event_profiling::command_end>(); }),
        "profiling info without enable_profiling");
  check(throws(sycl::errc::runtime, [&] { sycl::queue none{[](const sycl::device&) { return -1; }}; }),
        "a selector that rejects every device");
  q.wait();
  check(p[2] == 5, "the queue still works");
  sycl::free(p, q);
  if (errors == 0) std::printf("PASSED\n");
  return errors != 0;
}
