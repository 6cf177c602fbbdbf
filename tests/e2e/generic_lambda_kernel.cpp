// A generic lambda as the kernel: `[=](auto i)` instantiated with id<1>;
// generic lambdas called in kernels, variadic ones too.
#include <sycl/sycl.hpp>
#include <iostream>

int main() {
  sycl::queue q;
  constexpr int N = 512;
  int *v = sycl::malloc_shared<int>(N, q);
  for (int i = 0; i < N; ++i) v[i] = i;
  q.parallel_for(sycl::range<1>(N), [=](auto idx) {
    auto i = idx[0];
    v[i] = v[i] * 3 + 1;
  }).wait();
  auto twice = [](auto x) { return x + x; };
  // Variadic: a pack of `auto` parameters, empty or not.
  auto sum = [](const auto &...xs) { return (0 + ... + xs); };
  q.single_task([=]() { v[0] = twice(v[0]) + twice(2) + sum(1, 2L, short(3)) + sum(); }).wait();
  bool ok = v[0] == 2 + 4 + 6;
  for (int i = 1; i < N; ++i) ok = ok && v[i] == i * 3 + 1;
  sycl::free(v, q);
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
