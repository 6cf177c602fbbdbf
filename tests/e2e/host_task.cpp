// host_task between kernels: it sees the first kernel's buffer writes, its
// own writes reach the second kernel, and depends_on orders USM work.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
int main() {
  sycl::queue q;
  const size_t n = 2048;
  std::vector<int> data(n, 1);
  int sum_seen = 0;
  {
    sycl::buffer<int> buf(data.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, sycl::access_mode::read_write> a(buf, h);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] + int(i); });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, sycl::access_mode::read_write> a(buf, h);
      h.host_task([=, &sum_seen]() {
        for (size_t i = 0; i < n; ++i) { sum_seen += a[i]; a[i] = a[i] * 10; }
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, sycl::access_mode::read_write> a(buf, h);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] + 1; });
    });
  }
  int errors = 0;
  long expect_sum = 0;
  for (size_t i = 0; i < n; ++i) expect_sum += 1 + long(i);
  if (sum_seen != expect_sum) { std::printf("host task saw %d, expected %ld\n", sum_seen, expect_sum); errors++; }
  for (size_t i = 0; i < n; ++i)
    if (data[i] != (1 + int(i)) * 10 + 1) { if (errors++ < 5) std::printf("data[%zu] = %d\n", i, data[i]); }

  int* p = sycl::malloc_shared<int>(n, q);
  sycl::event k = q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 2; });
  sycl::event t = q.submit([&](sycl::handler& h) {
    h.depends_on(k);
    h.host_task([=]() { for (size_t i = 0; i < n; ++i) p[i] += 3; });
  });
  q.parallel_for(sycl::range<1>(n), t, [=](sycl::id<1> i) { p[i] = p[i] * 7; }).wait();
  for (size_t i = 0; i < n; ++i) if (p[i] != 35) { if (errors++ < 5) std::printf("p[%zu] = %d\n", i, p[i]); }
  sycl::free(p, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
