// <cmath> and <algorithm> functions that SYCL device code may call.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cmath>
#include <iostream>

// std::min/max/clamp in constant expressions (an array bound of at least 1,
// as ported code sizes its offset arrays).
template <int N> struct Offsets {
  int at[std::max<int>(N, 1)];
  static constexpr int lanes = std::clamp(N, 2, 8) + std::min(N, 0);
};

int main() {
  sycl::queue q;
  constexpr int N = 200;
  float *out = sycl::malloc_shared<float>(N, q);
  int *iout = sycl::malloc_shared<int>(N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    float x = static_cast<float>(i) - 100.0f;
    out[i] = std::sqrt(std::fabs(x)) + std::min(x, 0.0f) + std::max(1.0f, x) +
             std::clamp(x, -10.0f, 10.0f) + std::floor(x / 3.0f);
    Offsets<0> none{};
    iout[i] = std::abs(i - 100) + std::min(i, 50) + std::max(i, 150) + int(sizeof(none.at)) / 4 +
              Offsets<5>::lanes;
  }).wait();
  bool ok = true;
  for (int i = 0; i < N && ok; ++i) {
    float x = static_cast<float>(i) - 100.0f;
    float want = std::sqrt(std::fabs(x)) + std::min(x, 0.0f) + std::max(1.0f, x) +
                 std::clamp(x, -10.0f, 10.0f) + std::floor(x / 3.0f);
    int iwant = std::abs(i - 100) + std::min(i, 50) + std::max(i, 150) + 1 + 5;
    ok = std::fabs(out[i] - want) < 1e-4f && iout[i] == iwant;
    if (!ok) std::cout << "FAILED at " << i << ": " << out[i] << " vs " << want << ", " << iout[i] << " vs " << iwant << "\n";
  }
  sycl::free(out, q);
  sycl::free(iout, q);
  if (ok) std::cout << "PASSED\n";
  return ok ? 0 : 1;
}
