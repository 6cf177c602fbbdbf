// multi_ptr as SYCL 2020 specifies it: increments and decrements (prefix
// and postfix), `-=`, the difference of two pointers, comparisons, and
// SYCL 1.2.1's `prefetch` of global memory (a hint, without effect), over
// local and global memory; and the global allocation functions named with
// `::` (`::new (p) T(...)`, `::new T`, `::delete p`) in host code, as
// aligned-allocation helpers in Intel's GPU optimization guide write them.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <new>

struct Pt { int x, y; Pt(int a, int b) : x(a), y(b) {} };
int main() {
  sycl::queue q;
  constexpr int n = 64;
  int *data = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(8, q);
  for (int i = 0; i < n; ++i) data[i] = i;
  alignas(Pt) unsigned char raw[sizeof(Pt)];
  Pt *pt = ::new (static_cast<void *>(raw)) Pt(3, 4);
  int *heap = ::new int(7);
  ::delete heap;
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> tile(n, h);
    h.parallel_for(sycl::nd_range<1>(n, n), [=](sycl::nd_item<1> it) {
      auto g = sycl::address_space_cast<sycl::access::address_space::global_space, sycl::access::decorated::no>(data);
      g.prefetch(4);
      const int i = int(it.get_local_id(0));
      auto l = tile.get_multi_ptr<sycl::access::decorated::no>();
      l[i] = g[i] * 2;
      sycl::group_barrier(it.get_group());
      if (i == 0) {
        auto b = l, e = l + n;
        int s = 0;
        for (auto p = b; p != e; p++) s += *p;
        out[0] = s;
        auto p = e;
        --p;
        p--;
        p -= 2;
        out[1] = *p;
        out[2] = int(e - b);
        out[3] = (b < e) && (e > b) && (b <= b) && (e >= b) && (b == b);
        sycl::global_ptr<int> gp(data);
        gp += 5;
        out[4] = *gp;
      }
    });
  }).wait();
  bool ok = out[0] == 2 * (n * (n - 1) / 2) && out[1] == 2 * (n - 4) && out[2] == n && out[3] == 1 && out[4] == 5 && pt->y == 4;
  std::printf("%d %d %d %d %d\n", out[0], out[1], out[2], out[3], out[4]);
  std::puts(ok ? "PASSED" : "FAILED");
}
