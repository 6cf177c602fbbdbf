// enable_profiling: command_submit <= command_start <= command_end for
// kernels and copies, a long kernel takes measurable time, and a queue
// without the property throws errc::invalid. Times as OpenCL's `cl_ulong`,
// named at global scope as DPC++'s headers allow (Intel's samples do).
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  int errors = 0;
  auto check = [&](bool ok, const char* what) { if (!ok) { std::printf("FAILED: %s\n", what); errors++; } };
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  check(q.has_property<sycl::property::queue::enable_profiling>(), "has_property");
  const size_t n = 1 << 20;
  float* a = sycl::malloc_device<float>(n, q);
  sycl::event k = q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
    float v = float(i);
    for (int r = 0; r < 200; ++r) v = v * 0.999f + 1.0f;
    a[i] = v;
  });
  sycl::event c = q.memset(a, 0, n * sizeof(float), k);
  c.wait();
  for (sycl::event* e : {&k, &c}) {
    unsigned long long submit = e->get_profiling_info<sycl::info::event_profiling::command_submit>();
    unsigned long long start = e->get_profiling_info<sycl::info::event_profiling::command_start>();
    unsigned long long end = e->get_profiling_info<sycl::info::event_profiling::command_end>();
    check(submit <= start && start <= end, "submit <= start <= end");
    std::printf("submit %llu start %llu end %llu (%.3f ms)\n", submit, start, end, (end - start) / 1e6);
  }
  cl_ulong k_end = k.get_profiling_info<sycl::info::event_profiling::command_end>();
  cl_ulong k_start = k.get_profiling_info<sycl::info::event_profiling::command_start>();
  check(k_end - k_start > 1000, "a 200M-operation kernel takes more than 1 us");
  check(c.get_profiling_info<sycl::info::event_profiling::command_start>() >= k_end, "the memset starts after the kernel ends");

  sycl::queue plain;
  sycl::event e = plain.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] = 1.0f; });
  e.wait();
  bool threw = false;
  try {
    (void)e.get_profiling_info<sycl::info::event_profiling::command_start>();
  } catch (const sycl::exception& x) {
    threw = x.code() == sycl::errc::invalid;
  }
  check(threw, "profiling without enable_profiling throws errc::invalid");
  sycl::free(a, q);
  if (errors == 0) std::printf("PASSED\n");
  return errors != 0;
}
