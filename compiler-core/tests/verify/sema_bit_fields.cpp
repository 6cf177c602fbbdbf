// Bit-fields are laid out as the host lays them out and work in device
// code; a width wider than the type, or not a constant, is an error, and
// sycl::bit_cast does not take classes with bit-fields yet.
#include <sycl/sycl.hpp>

struct Flags {
  unsigned ready : 1;
  unsigned count : 7;
  int value;
};

struct TooWide {
  unsigned char c : 9; // expected-error {{the width of bit-field 'c' must be a constant from 0 to 8}}
};

int size_of_too_wide() { return sizeof(TooWide); }

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  Flags host{1, 2, 3};
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    Flags f = host;
    f.count = 3;
    out[0] = f.value + f.count;
    out[0] += sycl::bit_cast<unsigned long long>(f) != 0; // expected-error {{bit_cast of a class with bit-fields is not supported in device code yet}}
  });
  q.wait();
  return 0;
}
