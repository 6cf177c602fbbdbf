// Buffers from a std::vector (written back), from iterators (copied in,
// not written back) and without host data (zero-initialised). The
// standard headers come first, as many programs write them.
#include <vector>
#include <list>
#include <cstdio>
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  std::vector<float> v(300);
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i);
  std::list<int> l;
  for (int i = 0; i < 200; ++i) l.push_back(i * 3);
  int errors = 0;
  std::vector<int> seen(200, -1);
  {
    sycl::buffer<float, 1> bv(v);
    sycl::buffer<int, 1> bl(l.begin(), l.end());
    sycl::buffer<int, 1> bz{sycl::range<1>(200)};
    if (bv.size() != 300 || bl.size() != 200) errors++;
    q.submit([&](sycl::handler& h) {
      auto a = bv.get_access<sycl::access::mode::read_write>(h);
      h.parallel_for(sycl::range<1>(300), [=](sycl::id<1> i) { a[i] = a[i] * 0.5f; });
    });
    q.submit([&](sycl::handler& h) {
      auto a = bl.get_access<sycl::access::mode::read_write>(h);
      auto z = bz.get_access<sycl::access::mode::read_write>(h);
      h.parallel_for(sycl::range<1>(200), [=](sycl::id<1> i) { a[i] = a[i] + 1; z[i] = z[i] + a[i]; });
    });
    sycl::host_accessor<int, 1, sycl::access::mode::read> hz(bz);
    for (size_t i = 0; i < 200; ++i) seen[i] = hz[i];
  }
  for (size_t i = 0; i < v.size(); ++i) if (v[i] != static_cast<float>(i) * 0.5f) errors++;
  int i = 0;
  for (int x : l) { if (x != i * 3) errors++; ++i; }
  for (int k = 0; k < 200; ++k) if (seen[k] != k * 3 + 1) { if (errors++ < 5) std::printf("z[%d] = %d\n", k, seen[k]); }
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
