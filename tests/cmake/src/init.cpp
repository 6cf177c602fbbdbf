#include "init.hpp"

class Iota;

void iota(sycl::queue &q, float *v, int n, float start) {
  q.parallel_for<Iota>(sycl::range<1>(n), [=](sycl::id<1> i) {
     v[i] = start + static_cast<float>(i[0]);
   }).wait();
}
