#include "vecops.hpp"

class Axpy;

void axpy(sycl::queue &q, float a, const float *x, float *y, int n) {
  q.parallel_for<Axpy>(sycl::range<1>(n), [=](sycl::id<1> i) { y[i] += a * x[i]; }).wait();
}
