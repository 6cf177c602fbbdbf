// memcpy, memmove and memset in device code work on whole elements, and
// reinterpret bytes only between types made of arithmetic values: other
// uses are errors at the user's call (the error itself is in <cstring>'s
// device functions).
#include <sycl/sycl.hpp>
#include <cstring>

struct Flags {
  unsigned kind : 3;
  unsigned level : 5;
};

int main() {
  sycl::queue q;
  float *f = sycl::malloc_shared<float>(4, q);
  double *d = sycl::malloc_shared<double>(4, q);
  void *raw = sycl::malloc_shared(16, q);
  int n = 3;
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    int bits[4];
    memcpy(bits, f, sizeof bits);  // the bits of floats as ints: fine
    float part[4];
    memcpy(part, f, 6); // expected-note {{called from here}}
    memcpy(part, d, n * sizeof(double)); // expected-note {{called from here}}
    Flags node{1, 2};
    memset(&node, 0, sizeof(Flags)); // expected-note {{called from here}}
    long words[2];
    memcpy(words, &node, sizeof words); // expected-note {{called from here}}
    memmove(part, f + 1, 3 * sizeof(float));
    f[0] = float(bits[0]) + part[0] + float(words[0]);
  });
  q.single_task([=]() { // expected-note {{in the kernel invoked here}}
    memset(raw, 0, 16); // expected-note {{called from here}}
  });
  q.wait();
  return 0;
}
// expected-error@* {{memcpy of 6 bytes over 'float' elements of 4 bytes}}
// expected-error@* {{memcpy from 'double' memory to 'float' memory in device code needs a byte count known at compile time}}
// expected-error@* {{memset of 'Flags' elements in device code}}
// expected-error@* {{memcpy from 'Flags' memory to 'long' memory in device code: the bytes of a type holding pointers, references or bit-fields cannot be read as another type}}
// expected-error@* {{memset through 'void *' in device code}}
