// A GNU variable-length array: host code may declare one beside the
// kernels it launches (the device pass still finds them), device code
// cannot, and the error names the declaration only (not each use).
#include <sycl/sycl.hpp>

int main(int argc, char **) {
  int n = argc + 3;
  float scratch[n];
  for (int i = 0; i < n; ++i) scratch[i] = float(i);
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] { // expected-note {{in the kernel invoked here}} expected-note {{in device function}}
    int tmp[n]; // expected-error {{variable-length arrays (a GNU extension) are not supported in device code}}
    tmp[0] = 1;
    out[0] = tmp[0];
  });
  q.wait();
  return int(scratch[0]);
}
