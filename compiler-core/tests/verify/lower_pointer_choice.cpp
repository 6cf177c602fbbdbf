// A pointer that points into one of several allocations chosen at run time
// works in the kernel (reads, writes, atomics), but cannot yet be passed to
// a SYCL_EXTERNAL function of another unit: an error that says so.
#include <sycl/sycl.hpp>

SYCL_EXTERNAL float first_of(const float *values);

int main() {
  sycl::queue q;
  float *a = sycl::malloc_shared<float>(4, q);
  float *b = sycl::malloc_shared<float>(4, q);
  q.parallel_for(4, [=](sycl::id<1> i) {
    float *p = i[0] % 2 ? a : b;
    p[i] += 1.0f;
  });
  q.parallel_for(4, [=](sycl::id<1> i) { // expected-note {{in device function 'operator()', called from a SYCL kernel}} expected-note 1+ {{in the kernel invoked here}}
    float *p = i[0] % 2 ? a : b;
    a[i] = first_of(p); // expected-error {{a pointer that points into one of several allocations chosen at run time cannot be passed to a SYCL_EXTERNAL function of another translation unit yet}}
  });
  q.wait();
  return 0;
}
