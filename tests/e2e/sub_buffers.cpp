// Sub-buffers: kernels on two halves of one buffer, and a sub-buffer of a
// sub-buffer; the parent sees every write; out-of-bounds sub-buffers throw.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
int main() {
  sycl::queue q;
  const size_t n = 1000;
  std::vector<int> v(n, 0);
  int errors = 0;
  {
    sycl::buffer<int, 1> whole(v.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> lo(whole, sycl::id<1>(0), sycl::range<1>(n / 2));
    sycl::buffer<int, 1> hi(whole, sycl::id<1>(n / 2), sycl::range<1>(n / 2));
    sycl::buffer<int, 1> hi_tail(hi, sycl::id<1>(400), sycl::range<1>(100));
    if (!hi.is_sub_buffer() || whole.is_sub_buffer() || hi.size() != n / 2) errors++;
    q.submit([&](sycl::handler& h) {
      auto a = lo.get_access<sycl::access::mode::write>(h);
      h.parallel_for(sycl::range<1>(n / 2), [=](sycl::id<1> i) { a[i] = 1; });
    });
    q.submit([&](sycl::handler& h) {
      auto a = hi.get_access<sycl::access::mode::write>(h);
      h.parallel_for(sycl::range<1>(n / 2), [=](sycl::id<1> i) { a[i] = 2 + int(i); });
    });
    q.submit([&](sycl::handler& h) {
      auto a = hi_tail.get_access<sycl::access::mode::read_write>(h);
      h.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) { a[i] = a[i] * 10; });
    });
    bool threw = false;
    try {
      sycl::buffer<int, 1> bad(whole, sycl::id<1>(900), sycl::range<1>(200));
    } catch (const sycl::exception& e) {
      threw = e.code() == sycl::errc::invalid;
    }
    if (!threw) { std::printf("FAILED: out-of-bounds sub-buffer\n"); errors++; }
  }
  for (size_t i = 0; i < n; ++i) {
    int k = static_cast<int>(i) - static_cast<int>(n / 2);
    int expect = i < n / 2 ? 1 : (k >= 400 ? (2 + k) * 10 : 2 + k);
    if (v[i] != expect) { if (errors++ < 5) std::printf("v[%zu] = %d, expected %d\n", i, v[i], expect); }
  }
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
