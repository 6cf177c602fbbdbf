// A constant index outside an array in device code (after inlining: the
// index is a call's argument) is a warning, as clang's -Warray-bounds; the
// element read is undefined. An undeclared qualified name constructed with
// braces is an error about the name.
#include <sycl/sycl.hpp>

namespace tables {
int pick(const int (&a)[2], int i) {
  return a[i]; // expected-warning {{array index 2 is past the end of the array (that has type 'int[2]')}}
}
}

int main() {
  sycl::queue q;
  int *r = sycl::malloc_shared<int>(2, q);
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    int a[2] = {1, 2};
    r[0] = tables::pick(a, 2);
    r[1] = tables::pick(a, 1);
    auto v = tables::missing{}; // expected-error {{missing}}
  });
  q.wait();
  return 0;
}
