// syclcc-flags: -std=c++20
// Lambdas with a template parameter list (C++20): kernels launched from
// one, called with explicit template arguments, and called in kernels
// with deduced type and non-type arguments.
#include <sycl/sycl.hpp>
#include <array>
#include <iostream>

// In an inline function the host numbers the closures, and clang (g++
// from 14) declares the template parameters in their names.
inline void fill_scaled(sycl::queue &q, int *d, int n) {
  auto fill = [&]<int Scale, typename... Extra>(Extra... extra) {
    int more = (0 + ... + int(extra));
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      d[i] = int(i[0]) * Scale + more;
    }).wait();
  };
  fill.template operator()<5>(1, 2);
}

int main() {
  sycl::queue q;
  constexpr int N = 64;
  int *d = sycl::malloc_shared<int>(N, q);
  float *f = sycl::malloc_shared<float>(N, q);
  bool ok = true;

  // Kernels in the body of a templated lambda: one per instance, each with
  // the instance's constants and types.
  auto launch = [&]<bool Negate, typename T>(T scale) {
    q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
      T v = T(i[0]) * scale;
      d[i] = Negate ? -int(v) : int(v);
    }).wait();
  };
  launch.template operator()<false>(3);
  for (int i = 0; i < N; i++) ok &= d[i] == 3 * i;
  launch.operator()<true, float>(0.5f);
  for (int i = 0; i < N; i++) ok &= d[i] == -int(i * 0.5f);

  // Called in kernels: type and non-type parameters deduced, explicit
  // arguments, a mix with `auto`, and captures.
  int bias = 7;
  auto add = [=]<typename T>(T a, T b) { return a + b + T(bias); };
  auto power = []<int P>(float x) {
    float r = 1.0f;
    for (int k = 0; k < P; k++) r *= x;
    return r;
  };
  auto sum = []<typename T, std::size_t M>(const std::array<T, M> &a) {
    T s = 0;
    for (std::size_t k = 0; k < M; k++) s += a[k];
    return s * T(M);
  };
  auto lanes = []<typename T, int W>(sycl::vec<T, W> v, auto extra) {
    return v[W - 1] + T(W) + T(extra);
  };
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
    int k = int(i[0]);
    std::array<int, 3> t{k, 1, 2};
    d[k] = add(k, 1) + sum(t) + lanes(sycl::int4(0, 0, 0, k), short(2));
    f[k] = add(0.5f, float(k)) + power.operator()<3>(2.0f);
  }).wait();
  for (int k = 0; k < N; k++) {
    ok &= d[k] == (k + 1 + 7) + (k + 3) * 3 + (k + 4 + 2);
    ok &= f[k] == 0.5f + float(k) + 7.0f + 8.0f;
  }

  fill_scaled(q, d, N);
  for (int k = 0; k < N; k++) ok &= d[k] == 5 * k + 3;

  // A templated lambda as the kernel itself, its dimension deduced.
  q.parallel_for(sycl::range<2>(4, N / 4), [=]<int D>(sycl::item<D> it) {
    d[it.get_linear_id()] = D * 1000 + int(it.get_linear_id());
  }).wait();
  for (int k = 0; k < N; k++) ok &= d[k] == 2000 + k;

  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  sycl::free(d, q);
  sycl::free(f, q);
  return ok ? 0 : 1;
}
