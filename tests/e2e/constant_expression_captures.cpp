// Constants of `main` read by kernels only in constant expressions (a
// template argument, an array bound) inside a `[&]` command group: g++
// captures them in the kernel's closure (clang does not), before the call
// arguments that follow `f<n>`; the kernels must read their other captures
// where the host compiler put them.
#include <cstdio>
#include <sycl/sycl.hpp>
template <int N> int pick(const int* p) { return p[N]; }
class K1; class K2; class K3;
int main() {
  sycl::queue q;
  const int rd = 3;
  int* p = sycl::malloc_shared<int>(8, q);
  for (int i = 0; i < 8; ++i) p[i] = i * 10;
  int x = 2;
  q.submit([&](sycl::handler& h) {
    h.single_task<K1>([=] { p[7] = pick<rd>(p); });
  }).wait();
  q.submit([&](sycl::handler& h) {
    h.single_task<K2>([=] { int a[rd]; a[0] = x; a[rd - 1] = 1; p[6] = a[0] + a[rd - 1]; });
  }).wait();
  q.submit([&](sycl::handler& h) {
    h.single_task<K3>([=] { p[5] = pick<rd>(p) + x; });
  }).wait();
  bool ok = p[7] == 30 && p[6] == 3 && p[5] == 32;
  int got[3] = {p[7], p[6], p[5]};
  sycl::free(p, q);
  std::printf(ok ? "PASSED\n" : "FAILED %d %d %d\n", got[0], got[1], got[2]);
  return ok ? 0 : 1;
}
