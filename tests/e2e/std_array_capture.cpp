// std::array and a constexpr size captured by value into a kernel.
#include <sycl/sycl.hpp>
#include <array>
#include <iostream>

constexpr int Taps = 4;

int main() {
  sycl::queue q;
  constexpr size_t N = 1000;
  std::array<float, Taps> weights{0.5f, 0.25f, 0.125f, 0.125f};
  float *in = sycl::malloc_shared<float>(N + Taps, q);
  float *out = sycl::malloc_shared<float>(N, q);
  for (size_t i = 0; i < N + Taps; ++i) in[i] = float(i % 17);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
    float acc = 0.0f;
    for (int t = 0; t < Taps; ++t) acc += weights[t] * in[i[0] + t];
    out[i[0]] = acc;
  }).wait();
  bool ok = true;
  for (size_t i = 0; i < N && ok; ++i) {
    float want = 0.0f;
    for (int t = 0; t < Taps; ++t) want += weights[t] * in[i + t];
    ok = out[i] == want;
  }
  sycl::free(in, q);
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
