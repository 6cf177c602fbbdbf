// Pointer-to-member declarators (`T C::*`, `R (C::*)(Args)`) and the `.*`
// and `->*` operators parse everywhere and work in host code; device code
// that uses one is an error naming it.
#include <sycl/sycl.hpp>

struct Domain {
  float a, b;
  float &get_a() { return a; }
};
typedef float Domain::*Field;
typedef float &(Domain::*Getter)();

float pick(Domain &d, Field f) { return d.*f; }

int main() {
  sycl::queue q;
  Domain d{1, 2};
  Field f = &Domain::b;
  Getter g = &Domain::get_a;
  Domain *dd = sycl::malloc_shared<Domain>(1, q);
  q.single_task([=] { dd->*f = 1.0f; }).wait(); // expected-error {{kernel argument 'f' of type 'float Domain::*' cannot be passed to a kernel}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { Field h = &Domain::a; (*dd).*h = 2.0f; }).wait(); // expected-error {{a pointer to member is not allowed in SYCL device code}} expected-note {{in device function 'operator()', called from a SYCL kernel}} expected-note 1+ {{in the kernel invoked here}}
  return pick(d, f) + (d.*g)() == 3.0f ? 0 : 1;
}
