// queue::fill with 4- and 8-byte patterns, memset, handler::fill, and a
// fill of part of an allocation that a kernel wrote before.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstdint>
int main() {
  sycl::queue q;
  const size_t n = 777;
  int* a = sycl::malloc_device<int>(n, q);
  double* b = sycl::malloc_shared<double>(n, q);
  unsigned char* c = sycl::malloc_shared<unsigned char>(n, q);
  q.fill(a, 42, n).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] + int(i); }).wait();
  q.fill(a + 100, -1, 50).wait();
  q.fill(b, 2.5, n).wait();
  q.memset(c, 0xAB, n).wait();
  q.submit([&](sycl::handler& h) { h.fill(c, static_cast<unsigned char>(7), 10); }).wait();
  int out[n];
  q.memcpy(out, a, sizeof(out)).wait();
  int errors = 0;
  for (size_t i = 0; i < n; ++i) {
    int expect = (i >= 100 && i < 150) ? -1 : 42 + static_cast<int>(i);
    if (out[i] != expect) { if (errors++ < 5) std::printf("a[%zu] = %d\n", i, out[i]); }
    if (b[i] != 2.5) { if (errors++ < 5) std::printf("b[%zu] = %f\n", i, b[i]); }
    if (c[i] != (i < 10 ? 7 : 0xAB)) { if (errors++ < 5) std::printf("c[%zu] = %d\n", i, c[i]); }
  }
  sycl::free(a, q); sycl::free(b, q); sycl::free(c, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
