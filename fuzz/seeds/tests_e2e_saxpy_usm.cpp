#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  const int n = 100003;
  float* x = sycl::malloc_shared<float>(n, q);
  float* y = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < n; i++) { x[i] = 1.0f; y[i] = float(i); }
  const float alpha = 2.5f;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { y[i] = alpha * x[i] + y[i]; }).wait();
  int errors = 0;
  for (int i = 0; i < n; i++) if (y[i] != 2.5f + float(i)) errors++;
  sycl::free(x, q); sycl::free(y, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
