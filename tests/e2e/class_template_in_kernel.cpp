// A class template with a static constexpr member and a member function
// template, instantiated inside a kernel.
#include <sycl/sycl.hpp>
#include <iostream>

template <typename T, int Scale>
struct Scaler {
  static constexpr int factor = Scale;
  T offset;
  T apply(T x) const { return x * factor + offset; }
  template <typename U>
  U convert(T x) const { return static_cast<U>(apply(x)); }
};

template <typename T>
T clamp_to(T x, T lo, T hi) { return x < lo ? lo : (x > hi ? hi : x); }

int main() {
  sycl::queue q;
  constexpr int N = 128;
  int *out = sycl::malloc_shared<int>(N, q);
  Scaler<float, 3> s{0.5f};
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
    float x = static_cast<float>(i[0]);
    out[i[0]] = clamp_to(s.convert<int>(x), 0, 300);
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    int want = static_cast<int>(i * 3 + 0.5f);
    if (want > 300) want = 300;
    ok = ok && out[i] == want;
  }
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
