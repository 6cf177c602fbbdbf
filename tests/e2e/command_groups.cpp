// Command groups: depends_on after the command, handler::memcpy/copy,
// single_task with a dependency, queues copied by value sharing one queue,
// and a kernel named `class kernel` in a command group submitted in a loop
// (the name declares a class in the lambda, not sycl::kernel).
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  sycl::queue same = q;  // a copy refers to the same queue
  const size_t n = 300;
  int* a = sycl::malloc_shared<int>(n, q);
  int* b = sycl::malloc_device<int>(n, q);
  int host[n];
  sycl::event init = q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = int(i); });
  // depends_on may follow the command in the group.
  sycl::event copied = same.submit([&](sycl::handler& h) {
    h.memcpy(b, a, n * sizeof(int));
    h.depends_on(init);
  });
  sycl::event one = q.single_task(copied, [=]() { b[0] = 1000; });
  q.submit([&](sycl::handler& h) {
    h.depends_on(one);
    h.copy(b, host, n);
  }).wait();
  int errors = 0;
  if (!(same == q)) errors++;
  for (size_t i = 0; i < n; ++i) {
    int expect = i == 0 ? 1000 : static_cast<int>(i);
    if (host[i] != expect) { if (errors++ < 5) std::printf("host[%zu] = %d\n", i, host[i]); }
  }
  for (int round = 0; round < 2; ++round) {
    q.submit([&](sycl::handler& h) {
      h.parallel_for<class kernel>(sycl::nd_range<1>(n - 44, 32), [=](sycl::nd_item<1> it) {
        a[it.get_global_id(0)] += round + 1;
      });
    });
  }
  q.wait();
  for (size_t i = 0; i < n - 44; ++i)
    if (a[i] != int(i) + 3 && errors++ < 5) std::printf("a[%zu] = %d\n", i, a[i]);
  // submit(cgf, secondary): a command group that throws on the first
  // queue runs on the second.
  sycl::queue backup;
  int attempts = 0;
  int *flag = sycl::malloc_shared<int>(1, q);
  *flag = 0;
  backup.submit(
      [&](sycl::handler &h) {
        if (attempts++ == 0) throw sycl::exception(sycl::errc::invalid, "first queue refuses");
        h.single_task([=] { *flag = 42; });
      },
      backup).wait();
  q.submit([&](sycl::handler &h) { h.single_task([=] { *flag += 1; }); }, backup).wait();
  if (*flag != 43 || attempts != 2) {
    std::printf("submit with a secondary queue: flag %d, %d attempts\n", *flag, attempts);
    errors++;
  }
  sycl::free(flag, q);
  sycl::free(a, q);
  sycl::free(b, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
