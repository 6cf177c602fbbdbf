// Malformed switch statements in device code.
#include <sycl/sycl.hpp>

int pick(int v, int k) {
  switch (v) {
    case 1: return 10;
    case 1: return 11; // expected-error {{duplicate case value '1'}}
    case k: return 12; // expected-error {{case value is not a constant expression}}
    default: return 0;
  }
}

int twice_default(int v) {
  switch (v) {
    default: return 1;
    default: return 2; // expected-error {{multiple default labels in one switch}}
  }
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    out[0] = pick(1, 2);
    out[1] = twice_default(3);
  });
  q.wait();
  return 0;
}
