// dup_a.cpp and dup_b.cpp both name a kernel `Duplicate`, with different
// captures: SYCL kernel names must be unique in a program.
#include <sycl/sycl.hpp>

class Duplicate;

void first(sycl::queue &q, int *p) {
  q.single_task<Duplicate>([=] { *p = 1; }).wait();
}

int main() { return 0; }
