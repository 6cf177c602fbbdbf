// Sub-buffers: kernels on two halves of one buffer, and a sub-buffer of a
// sub-buffer; the parent sees every write; out-of-bounds sub-buffers throw.
// buffer::reinterpret: the storage as float4s and as a 2-D range.
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
  std::vector<float> f(64);
  for (int i = 0; i < 64; ++i) f[i] = float(i);
  {
    sycl::buffer<float, 1> b(f.data(), sycl::range<1>(64));
    auto as_vectors = b.reinterpret<sycl::float4>(sycl::range<1>(16));
    auto as_matrix = b.reinterpret<float, 2>(sycl::range<2>(8, 8));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{as_vectors, h, sycl::read_write};
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] = a[i] * 2.0f; });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor m{as_matrix, h, sycl::read_write};
      h.parallel_for(sycl::range<2>(8, 8), [=](sycl::id<2> i) {
        if (i[0] == i[1]) m[i] += 1000.0f;
      });
    });
    bool threw = false;
    try {
      (void)b.reinterpret<double>(sycl::range<1>(64));
    } catch (const sycl::exception &e) {
      threw = e.code() == sycl::errc::invalid;
    }
    if (!threw || as_vectors.get_range()[0] != 16 || b.reinterpret<int>().size() != 64) {
      std::printf("FAILED: reinterpret sizes\n");
      errors++;
    }
  }
  for (int i = 0; i < 64; ++i) {
    float want = 2.0f * float(i) + (i / 8 == i % 8 ? 1000.0f : 0.0f);
    if (f[i] != want && errors++ < 5) std::printf("reinterpreted f[%d] = %g, want %g\n", i, f[i], want);
  }
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
