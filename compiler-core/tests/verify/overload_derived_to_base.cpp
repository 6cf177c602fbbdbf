// Overload resolution ranks binding a reference to (or copying into) a base
// class as a derived-to-base conversion, worse than the identity
// ([over.ics.ref], [over.best.ics]), also against a template's base-class
// deduction; an unrelated overload stays unviable.
// expected-no-diagnostics
#include <sycl/sycl.hpp>

struct Base {};
struct Derived : Base {};
char by_ref(const Base &);
long by_ref(const Derived &);
static_assert(std::is_same_v<decltype(by_ref(Derived{})), long>);
static_assert(std::is_same_v<decltype(by_ref(Base{})), char>);

char by_value(Base);
long by_value(Derived);
static_assert(std::is_same_v<decltype(by_value(Derived{})), long>);

template <int I> struct Level {};
template <int I, typename T> struct Deeper : Level<I + 1> {};
template <int I> char pick(const Level<I> &);
template <int I, typename T> long pick(const Deeper<I, T> &);
static_assert(std::is_same_v<decltype(pick(Deeper<0, int>{})), long>);
static_assert(std::is_same_v<decltype(pick(Level<3>{})), char>);

int main() {
  sycl::queue q;
  int *r = sycl::malloc_shared<int>(1, q);
  q.single_task([=] {
    Derived d;
    r[0] = sizeof(by_ref(d));
  });
  q.wait();
  return 0;
}
