#include "ops.hpp"

class Offset;

float Clamp::apply(sycl::queue &q, float *data, int n) const {
  float limit = m_limit;
  q.parallel_for<class ClampKernel>(sycl::range<1>(n), [=](sycl::id<1> i) {
     if (data[i] > limit) data[i] = limit;
   }).wait();
  return largest(q, data, n);
}

void offset(sycl::queue &q, float *data, int n, float delta) {
  sycl::buffer<float, 1> buf(data, sycl::range<1>(n));
  q.submit([&](sycl::handler &h) {
    sycl::accessor acc(buf, h, sycl::read_write);
    h.parallel_for<Offset>(sycl::range<1>(n), [=](sycl::id<1> i) { acc[i] += delta; });
  });
}
