// C's `typedef struct State State;` names the struct (it once sent alias
// resolution into endless recursion); typedefs that can only find
// themselves, directly or through each other, are errors, not a crash.
// A member typedef named like the class template it aliases (cub's
// `typedef BlockExchange<T, ...> BlockExchange;`) finds the template
// outside the class (g++ rejects that; clang and the device pass accept it).
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
template <typename T, int N> struct Exchange {
  struct TempStorage {
    T buf[N];
  };
};
template <typename T, int N> struct Load {
  typedef Exchange<T, N> Exchange;
  struct Storage : Exchange::TempStorage {};
};
static_assert(sizeof(Load<int, 4>::Storage) == 16, "the alias names ::Exchange<int, 4>");

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
    Load<short, 2>::Storage st;
    st.buf[1] = 2;
    o[0] = s.c + int(b.f) + st.buf[1];
  });
  q.wait();
  return 0;
}
