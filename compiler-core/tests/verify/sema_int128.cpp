// GCC's __int128 is a type of host code (as wide as two words, 16-byte
// aligned); device code that uses one is an error naming it.
#include <sycl/sycl.hpp>

static_assert(sizeof(__int128) == 16 && alignof(unsigned __int128) == 16, "x86-64 layout");

long long square_high(long long x) {
  __int128 wide = (__int128)x * x;
  return (long long)(wide >> 64);
}

int main() {
  sycl::queue q;
  long long *o = sycl::malloc_shared<long long>(1, q);
  q.single_task([=] { __int128 x = 5; o[0] = (long long)(x * x); }).wait(); // expected-error {{type '__int128' is not supported in device code yet}} expected-note {{in device function 'operator()', called from a SYCL kernel}} expected-note 1+ {{in the kernel invoked here}}
  return square_high(o[0]) == 0 ? 0 : 1;
}
