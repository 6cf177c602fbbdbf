// C's `typedef struct State State;` names the struct (it once sent alias
// resolution into endless recursion); typedefs that can only find
// themselves, directly or through each other, are errors, not a crash.
#include <sycl/sycl.hpp>

typedef struct State State;
struct State {
  int c;
};
typedef union Bits Bits;
union Bits {
  float f;
  unsigned u;
};
typedef Loop Loop; // expected-error {{'Loop' does not name a type}}
typedef B2 A2;
typedef A2 B2; // expected-error {{'A2' does not name a type}}
struct Holder {
  typedef Holder::self self; // expected-error {{'Holder::self' does not name a type}}
};

int main() {
  sycl::queue q;
  int *o = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    State s{3};
    Bits b;
    b.u = 0;
    Loop l;
    A2 a;
    Holder::self h;
    o[0] = s.c + int(b.f);
  });
  q.wait();
  return 0;
}
