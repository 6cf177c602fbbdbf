// Lambda features inside and around kernels: init-captures, mutable
// lambdas, nested lambdas capturing the kernel's captures, by-reference
// captures of locals inside the kernel.
#include <sycl/sycl.hpp>
#include <iostream>

int main() {
  sycl::queue q;
  constexpr int N = 100;
  int *out = sycl::malloc_shared<int>(N, q);
  int offset = 7;
  q.parallel_for(sycl::range<1>(N), [=, scale = offset * 2](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    int local = 0;
    auto bump = [&local](int by) { local += by; };
    bump(i);
    bump(offset);
    auto counter = [n = 0]() mutable { return ++n; };
    counter();
    int third = counter() + counter();
    auto add_scale = [=](int x) { return x + scale; };
    out[i] = add_scale(local) + third;
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) ok = ok && out[i] == i + 7 + 14 + 5;
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
