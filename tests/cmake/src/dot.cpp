#include "vecops.hpp"

class DotProducts;

float dot(sycl::queue &q, const float *x, const float *y, int n) {
  float *products = sycl::malloc_shared<float>(n, q);
  q.parallel_for<DotProducts>(sycl::range<1>(n), [=](sycl::id<1> i) {
     products[i] = x[i] * y[i];
   }).wait();
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) sum += products[i];
  sycl::free(products, q);
  return sum;
}
