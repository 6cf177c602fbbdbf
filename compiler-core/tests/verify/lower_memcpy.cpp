// memcpy in device code copies whole elements between pointers to one
// type: other copies are errors at the user's call (the error itself is in
// <cstring>'s device memcpy).
#include <sycl/sycl.hpp>
#include <cstring>

int main() {
  sycl::queue q;
  float *f = sycl::malloc_shared<float>(4, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    int bits[4];
    memcpy(bits, f, sizeof bits); // expected-note {{called from here}}
    float part[4];
    memcpy(part, f, 6); // expected-note {{called from here}}
    f[0] = float(bits[0]) + part[0];
  });
  q.wait();
  return 0;
}
// expected-error@* {{memcpy from 'float' memory to 'int' memory is not supported in Vulkan/WebGPU kernels}}
// expected-error@* {{memcpy of 6 bytes between 'float' elements of 4 bytes}}
