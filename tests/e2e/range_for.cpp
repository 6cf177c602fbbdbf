// Range-based for loops: in device code over a captured std::array, a
// private array and a braced list (with break and continue), and in host
// code around the submission of kernels (each iteration's kernel runs).
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  const int n = 8;
  int *out = sycl::malloc_shared<int>(n, q);
  int *a = sycl::malloc_shared<int>(n, q);
  int *b = sycl::malloc_shared<int>(n, q);
  std::array<int, 4> weights{1, 2, 3, 4};
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     int s = 0;
     for (int w : weights) s += w;
     int local[3] = {5, 6, 7};
     for (const int &x : local) {
       if (x == 7) break;
       s += x * 10;
     }
     for (auto z : {100, 200}) {
       if (z == 100) continue;
       s += z;
     }
     out[i] = s + static_cast<int>(i[0]);
   }).wait();

  // One kernel per element of the list, each writing its own allocation.
  int factor = 1;
  for (int *p : {a, b}) {
    q.submit([&](sycl::handler &h) {
      int f = factor;
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = static_cast<int>(i[0]) * f; });
    });
    factor *= 10;
  }
  q.wait();

  std::vector<int> expected_sums;
  for (int i = 0; i < n; ++i) expected_sums.push_back(10 + 110 + 200 + i);
  int failures = 0, i = 0;
  for (int want : expected_sums) {
    if (out[i] != want) {
      std::cout << "FAILED: out[" << i << "] = " << out[i] << ", expected " << want << "\n";
      ++failures;
    }
    if (a[i] != i || b[i] != 10 * i) {
      std::cout << "FAILED: a[" << i << "] = " << a[i] << ", b[" << i << "] = " << b[i] << "\n";
      ++failures;
    }
    ++i;
  }
  sycl::free(out, q);
  sycl::free(a, q);
  sycl::free(b, q);
  if (failures) return 1;
  std::cout << "PASSED\n";
  return 0;
}
