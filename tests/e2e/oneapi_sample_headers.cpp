// Headers older and oneAPI-sample programs include: <CL/sycl.hpp> (SYCL
// 1.2.1's name, with `cl::sycl`) and "dpc_common.hpp" (the oneAPI
// toolkit's sample helpers: an asynchronous exception handler and a
// timer); and the command-graph aspects the SYCL-Graph samples check.
#include <CL/sycl.hpp>

#include <cstdio>
#include <vector>

#include "dpc_common.hpp"

int main() {
  cl::sycl::queue q(cl::sycl::default_selector_v, dpc_common::exception_handler);
  dpc_common::TimeInterval timer;
  constexpr size_t n = 256;
  std::vector<int> v(n, 1);
  {
    cl::sycl::buffer<int> b(v.data(), cl::sycl::range<1>(n));
    q.submit([&](cl::sycl::handler &h) {
      cl::sycl::accessor a(b, h, cl::sycl::read_write);
      h.parallel_for(cl::sycl::range<1>(n), [=](cl::sycl::id<1> i) { a[i] += int(i[0]); });
    });
  }
  q.wait_and_throw();
  double seconds = timer.Elapsed();
  int failures = 0;
  for (size_t i = 0; i < n; ++i) failures += v[i] != int(i) + 1;
  if (!(seconds >= 0.0 && seconds < 600.0)) ++failures;
  cl::sycl::device d = q.get_device();
  if (!d.has(cl::sycl::aspect::ext_oneapi_graph) || !d.has(cl::sycl::aspect::ext_oneapi_limited_graph)) ++failures;
  if (failures) {
    std::printf("FAILED: %d\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
