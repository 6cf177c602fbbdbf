// An out-of-order queue: two independent chains ordered only by events,
// joined by a kernel that depends on both; event status after waits.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
int main() {
  sycl::queue q;
  const size_t n = 10000;
  float* x = sycl::malloc_shared<float>(n, q);
  float* y = sycl::malloc_shared<float>(n, q);
  float* z = sycl::malloc_shared<float>(n, q);
  sycl::event ex1 = q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { x[i] = float(i); });
  sycl::event ey1 = q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { y[i] = 1.0f; });
  sycl::event ex2 = q.parallel_for(sycl::range<1>(n), ex1, [=](sycl::id<1> i) { x[i] = x[i] + 0.5f; });
  sycl::event ey2 = q.submit([&](sycl::handler& h) {
    h.depends_on(ey1);
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { y[i] = y[i] * 4.0f; });
  });
  std::vector<sycl::event> both;
  both.push_back(ex2);
  both.push_back(ey2);
  sycl::event ez = q.parallel_for(sycl::range<1>(n), both, [=](sycl::id<1> i) { z[i] = x[i] * y[i]; });
  ez.wait();
  int errors = 0;
  if (ez.get_info<sycl::info::event::command_execution_status>() != sycl::info::event_command_status::complete) {
    std::printf("FAILED: status after wait\n");
    errors++;
  }
  sycl::event::wait({ex1, ey1, ex2, ey2});
  for (size_t i = 0; i < n; ++i) {
    float expect = static_cast<float>(i) + 0.5f;
    if (z[i] != expect * 4.0f) { if (errors++ < 5) std::printf("z[%zu] = %f\n", i, z[i]); }
  }
  sycl::event empty;
  if (empty.get_info<sycl::info::event::command_execution_status>() != sycl::info::event_command_status::complete) errors++;
  empty.wait();
  sycl::free(x, q); sycl::free(y, q); sycl::free(z, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
