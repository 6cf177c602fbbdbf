// Two different kernels with one name are an error at the second launch,
// with a note at the first; the same kernel launched twice is fine.
#include <sycl/sycl.hpp>

class Scale;

template <typename T>
void fill(sycl::queue &q, T *out) {
  q.single_task<class Fill>([=] { *out = T(1); });
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task<Scale>([=] { *out *= 2; }); // expected-note {{the other kernel with this name is here}}
  q.single_task<Scale>([=] { *out *= 3; }); // expected-error {{kernel name 'Scale' is used by two different kernels}}
  for (int i = 0; i < 2; ++i) fill(q, out);
  q.wait();
  return 0;
}
