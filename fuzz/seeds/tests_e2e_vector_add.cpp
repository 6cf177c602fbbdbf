#include <sycl/sycl.hpp>
#include <iostream>
#include <vector>
class VectorAdd;
int main() {
  constexpr size_t n = 1 << 16;
  std::vector<float> a(n), b(n), c(n);
  for (size_t i = 0; i < n; ++i) { a[i] = float(i); b[i] = 2.0f * float(i); }
  sycl::queue q;
  {
    sycl::buffer<float, 1> bufA(a.data(), sycl::range<1>(n));
    sycl::buffer<float, 1> bufB(b.data(), sycl::range<1>(n));
    sycl::buffer<float, 1> bufC(c.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      auto A = bufA.get_access<sycl::access::mode::read>(h);
      auto B = bufB.get_access<sycl::access::mode::read>(h);
      auto C = bufC.get_access<sycl::access::mode::write>(h);
      h.parallel_for<VectorAdd>(sycl::range<1>(n), [=](sycl::id<1> i) { C[i] = A[i] + B[i]; });
    });
  }
  for (size_t i = 0; i < n; ++i)
    if (c[i] != 3.0f * float(i)) { std::cout << "FAILED at " << i << "\n"; return 1; }
  std::cout << "PASSED on " << q.get_device().get_info<sycl::info::device::name>() << "\n";
}
