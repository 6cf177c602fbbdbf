// ext_oneapi_submit_barrier: a barrier over every earlier command, and one
// with a wait list of events from another queue.
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q1;
  sycl::queue q2{q1.get_device()};
  const size_t n = 5000;
  int* a = sycl::malloc_shared<int>(n, q1);
  int* b = sycl::malloc_shared<int>(n, q1);
  q1.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = int(i); });
  q1.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] = 1; });
  sycl::event all = q1.ext_oneapi_submit_barrier();
  sycl::event sum = q2.parallel_for(sycl::range<1>(n), all, [=](sycl::id<1> i) { a[i] = a[i] + b[i]; });
  sycl::event joined = q1.ext_oneapi_submit_barrier({sum});
  q1.parallel_for(sycl::range<1>(n), joined, [=](sycl::id<1> i) { b[i] = a[i] * 2; }).wait();
  int errors = 0;
  for (size_t i = 0; i < n; ++i) {
    int v = static_cast<int>(i);
    if (a[i] != v + 1 || b[i] != 2 * (v + 1)) { if (errors++ < 5) std::printf("a[%zu]=%d b=%d\n", i, a[i], b[i]); }
  }
  if (joined.get_info<sycl::info::event::command_execution_status>() != sycl::info::event_command_status::complete) errors++;
  sycl::free(a, q1);
  sycl::free(b, q1);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
