#include "kernels.hpp"

class SquareKernel;

void square(sycl::queue &q, int *data, int n) {
  q.parallel_for<SquareKernel>(sycl::range<1>(n), [=](sycl::id<1> i) {
     data[i] = data[i] * data[i];
   }).wait();
}
