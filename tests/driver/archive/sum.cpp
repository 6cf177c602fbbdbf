#include "kernels.hpp"

class SumKernel;

int sum_of(sycl::queue &q, const int *data, int n) {
  int *total = sycl::malloc_shared<int>(1, q);
  *total = 0;
  q.single_task<SumKernel>([=] {
     int s = 0;
     for (int i = 0; i < n; ++i) s += data[i];
     *total = s;
   }).wait();
  int result = *total;
  sycl::free(total, q);
  return result;
}
