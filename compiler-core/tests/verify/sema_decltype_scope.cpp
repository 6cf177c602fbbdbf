// `decltype(expr)::name`: the type decltype gives must be a class or an
// enumeration, and the name a member of it.
#include <sycl/sycl.hpp>

struct Cell {
  using value_type = float;
  static int count() { return 2; }
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    Cell c;
    Cell &r = c;
    int i = 0;
    decltype(c)::value_type ok = 1.5f;
    out[0] = int(ok) + decltype(c)::count();
    decltype(r)::value_type a = 1;   // expected-error {{'decltype(r)' (aka 'Cell &') is not a class, namespace, or enumeration}}
    decltype(i)::value_type b = 2;   // expected-error {{'decltype(i)' (aka 'int') is not a class, namespace, or enumeration}}
    decltype(c)::missing m = 3;      // expected-error {{no type named 'missing' in 'Cell'}}
    out[1] = decltype(c)::nothing(); // expected-error {{no member named 'nothing' in 'Cell'}}
  });
  q.wait();
  return 0;
}
