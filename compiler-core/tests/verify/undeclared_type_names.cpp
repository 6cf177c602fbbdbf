// A type name the build did not define (`-Ddfloat=double` forgotten) or
// that comes from a header the device pass does not model is taken as a
// type wherever no expression can stand: host code that never reaches the
// device keeps compiling, and device code says which name is unknown, as
// clang's "unknown type name" does, instead of "expected ';'" cascades.
#include <sycl/sycl.hpp>

dfloat *host_alloc(int n);                 // namespace scope: a function
dfloat host_scale;                         // and a variable
struct HostOnly {
  dfloat *samples;                         // a member
  dlong count(const dfloat &x, dfloat *y); // parameters
};

void host_fill(int n) {
  dfloat total = 0;          // two names in a row
  for (int i = 0; i < n; ++i) {
    dfloat total = (dfloat)i; // shadowing an outer variable; a cast
    dfloat *p = (dfloat *)host_alloc(n);
  }
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    dfloat x = 1;                // expected-error {{unknown type name 'dfloat'}}
    out[0] = (int)(dlong)x;      // expected-error {{unknown type name 'dlong'}}
    out[1] = (int)*(dfloat *)out; // expected-error {{unknown type name 'dfloat'}}
  });
  q.wait();
  return 0;
}
