// CTAD for buffers and accessors, a function template called from a kernel.
#include <sycl/sycl.hpp>
#include <iostream>
#include <vector>
using namespace sycl;

template <typename T> T square(T x) { return x * x; }

int main() {
  constexpr size_t N = 1024;
  std::vector<float> a(N), b(N), c(N);
  for (size_t i = 0; i < N; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = 2.0f * i;
  }
  queue q;
  {
    buffer A{a}, B{b}, C{c};
    q.submit([&](handler &h) {
      accessor x{A, h, read_only};
      accessor y{B, h, read_only};
      accessor z{C, h, write_only, no_init};
      h.parallel_for(range{N}, [=](id<1> i) { z[i] = square(x[i]) + y[i]; });
    });
  }
  for (size_t i = 0; i < N; ++i) {
    float want = float(i) * float(i) + 2.0f * i;
    if (c[i] != want) {
      std::cout << "FAILED at " << i << ": " << c[i] << " != " << want << "\n";
      return 1;
    }
  }
  std::cout << "PASSED\n";
  return 0;
}
