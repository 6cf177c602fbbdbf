// SYCL device code has no vtables (SYCL 2020 5.4): a call that dispatches
// virtually is an error in device code, whether the function is declared
// `virtual`, overrides with `override`, or overrides without saying so; a
// call that names the function (`d.Base::f()`) does not dispatch, and host
// code calls virtual functions as C++ does.
#include <sycl/sycl.hpp>

struct Base {
  virtual int f() const { return 1; }
  int twice() const { return 2 * f(); } // expected-error {{calling a virtual function is not allowed in SYCL device code}} expected-note 1+ {{called from a SYCL kernel}}
  virtual ~Base() = default;
};
struct Derived : Base {
  int f() const override { return 2; }
};
struct Legacy : Base {
  int f() const { return 3; }
};
struct Plain {
  int f() const { return 4; }
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  Derived host_object;
  const Base &host_view = host_object;
  out[7] = host_view.f();
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}} expected-note 1+ {{in device function 'operator()', called from a SYCL kernel}}
    Derived d;
    const Base &b = d;
    out[0] = b.f(); // expected-error {{calling a virtual function is not allowed in SYCL device code}}
    out[1] = d.Base::f();
    Legacy l;
    out[2] = l.f(); // expected-error {{calling a virtual function is not allowed in SYCL device code}}
    out[3] = d.twice();
    Plain p;
    out[4] = p.f();
  });
  q.wait();
  return 0;
}
