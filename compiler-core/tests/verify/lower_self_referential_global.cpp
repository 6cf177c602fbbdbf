// A global constant whose initializer uses itself is an error in device
// code, not endless recursion.
#include <sycl/sycl.hpp>

struct Self {
  static constexpr int w = Self::w + 1; // expected-error {{the initializer of global variable 'w' uses 'w' itself}}
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=]() { out[0] = Self::w; }); // expected-note {{in device function 'operator()', called from a SYCL kernel}} expected-note 1+ {{in the kernel invoked here}}
  q.wait();
  return 0;
}
