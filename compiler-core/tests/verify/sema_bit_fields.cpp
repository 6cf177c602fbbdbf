// Bit-fields are not laid out as the host lays them out yet: device code
// that uses one, or a kernel argument of a class with them, is an error.
#include <sycl/sycl.hpp>

struct Flags {
  unsigned ready : 1;
  unsigned count : 7;
  int value;
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=]() {
    Flags f{};
    f.count = 3; // expected-error {{bit-field 'count' is not supported in device code yet (declare it as a whole member)}}
    out[0] = f.value;
  });
  Flags host{1, 2, 3};
  q.single_task([=]() { out[0] = int(host.value); }); // expected-error {{kernel argument 'host' is of a class with bit-fields, which device code does not support yet}}
  q.wait();
  return 0;
}
