#include <sycl/sycl.hpp>

class Duplicate;

void second(sycl::queue &q, int *p, int v, double w) {
  q.single_task<Duplicate>([=] { *p = v + static_cast<int>(w); }).wait();
}
