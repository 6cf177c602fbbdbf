// A third element-wise program, not one of issue 2's: int elements, a named
// kernel class declared inside a namespace, buffers with a read_write
// accessor, a by-value int capture, and a range of 1000 elements.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

namespace kernels {
class ScaleAndOffset;
}

int main() {
  const int n = 1000;
  const int factor = 3;
  std::vector<int> data(n), other(n);
  for (int i = 0; i < n; i++) { data[i] = i - 500; other[i] = 7 * i; }
  sycl::queue q;
  {
    sycl::buffer<int, 1> bufData(data.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> bufOther(other.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      auto d = bufData.get_access<sycl::access::mode::read_write>(h);
      auto o = bufOther.get_access<sycl::access::mode::read>(h);
      h.parallel_for<kernels::ScaleAndOffset>(sycl::range<1>(n), [=](sycl::id<1> i) {
        d[i] = d[i] * factor - o[i];
      });
    });
  }
  int errors = 0;
  for (int i = 0; i < n; i++) {
    int expected = (i - 500) * 3 - 7 * i;
    if (data[i] != expected) {
      if (errors < 5) std::printf("mismatch at %d: %d != %d\n", i, data[i], expected);
      errors++;
    }
  }
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
