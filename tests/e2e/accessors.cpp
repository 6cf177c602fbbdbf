// Accessors: explicit access modes, ranged and offset accessors, tags with
// no_init, host_accessor reads and writes between kernels, and
// 0-dimensional accessors.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
int main() {
  sycl::queue q;
  const size_t n = 600;
  std::vector<int> v(n, 0), w(n, 0);
  int errors = 0;
  {
    sycl::buffer<int, 1> bv(v.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> bw(w.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, sycl::access_mode::write> a(bv, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = int(i); });
    });
    // Elements [200, 300) through an offset accessor: index 0 is element 200.
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, sycl::access_mode::read_write> a(bv, h, sycl::range<1>(100), sycl::id<1>(200),
                                                              sycl::read_write);
      h.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) { a[i] = a[i] * -1; });
    });
    {
      sycl::host_accessor<int, 1, sycl::access_mode::read_write> h(bv);
      for (size_t i = 0; i < n; ++i) h[i] += 1000;  // host writes reach the next kernel
    }
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, sycl::access_mode::read> in(bv, h, sycl::read_only);
      sycl::accessor<int, 1, sycl::access_mode::write> out(bw, h, sycl::range<1>(300), sycl::write_only);
      h.parallel_for(sycl::range<1>(300), [=](sycl::id<1> i) { out[i] = in[i] + in[i + 300]; });
    });
    sycl::host_accessor<int, 1, sycl::access_mode::read> hw(bw, sycl::read_only);
    if (hw.size() != n) errors++;
    for (size_t i = 0; i < 300; ++i) {
      int lo = static_cast<int>(i), hi = static_cast<int>(i + 300);
      if (lo >= 200) lo = -lo;
      int expect = lo + 1000 + hi + 1000;
      if (hw[i] != expect) { if (errors++ < 5) std::printf("w[%zu] = %d, expected %d\n", i, hw[i], expect); }
    }
  }
  for (size_t i = 300; i < n; ++i) if (w[i] != 0) errors++;

  // 0-dimensional accessors: element 0 of a buffer, read through conversion,
  // assigned, and bound to a reference.
  int total = 7;
  float scale = 0;
  {
    sycl::buffer<int> tb(&total, sycl::range<1>(1));
    sycl::buffer<float> sb(&scale, sycl::range<1>(1));
    sycl::buffer<int> vb(v.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor<int, 0> t(tb, h);
      sycl::accessor<float, 0, sycl::access_mode::write> s(sb, h, sycl::write_only);
      sycl::accessor in{vb, h, sycl::read_only};
      h.single_task([=] {
        int sum = t;
        for (size_t i = 0; i < 10; ++i) sum += in[i];
        t = sum;
        s = 0.5f;
        int &r = t;
        r += 1;
      });
    });
  }
  int expect_total = 7 + 1;
  for (size_t i = 0; i < 10; ++i) expect_total += v[i];
  if (total != expect_total || scale != 0.5f) {
    std::printf("0-dimensional accessors: %d %g, expected %d 0.5\n", total, scale, expect_total);
    errors++;
  }
  // get_access with mode tags, whole and ranged.
  std::vector<int> tagged(8, 1);
  {
    sycl::buffer<int> b(tagged.data(), sycl::range<1>(8));
    q.submit([&](sycl::handler &h) {
      auto all = b.get_access(h, sycl::read_write);
      auto part = b.get_access(h, sycl::range<1>(3), sycl::id<1>(4), sycl::read_write);
      h.single_task([=] {
        all[0] = 9;
        for (int i = 0; i < 3; ++i) part[i] += 10;
      });
    });
  }
  if (tagged[0] != 9 || tagged[3] != 1 || tagged[4] != 11 || tagged[6] != 11 || tagged[7] != 1) {
    std::printf("get_access with mode tags: %d %d %d %d %d\n", tagged[0], tagged[3], tagged[4], tagged[6], tagged[7]);
    errors++;
  }
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
