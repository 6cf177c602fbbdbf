// Class semantics device code must follow as C++ does: user copy and move
// constructors run (`std::move` binds to `T&&`; a named local returned is
// not copied), the conversion function or converting constructor that fits
// best is called (`explicit` ones only by casts), copy-initialization skips
// explicit constructors, bases and members are initialized in declaration
// order whatever the mem-initializer list's order (a member's default
// initializer is visible to later ones), user operators of enumerations,
// signed comparisons of enumerations with negative values, `float` literals
// widened to double as floats, out-of-class definitions of static data
// members, and `Base::member` inside a derived class's member function.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <utility>

struct Counted {
  int id;
  Counted(int i) : id(i) {}
  Counted(const Counted &o) : id(o.id + 10) {}
  Counted(Counted &&o) : id(o.id + 100) { o.id = -1; }
};
static int by_value(Counted c) { return c.id; }
static Counted make(int i) {
  Counted c(i);
  return c;
}

struct Number {
  float v;
  explicit operator int() const { return 100; }
  operator float() const { return v; }
};
struct Wide {
  int k;
  explicit Wide(int) : k(1) {}
  Wide(double) : k(2) {}
};

struct Seq {
  int n = 0;
};
struct X {
  int v;
  X(Seq &s) : v(++s.n) {}
};
struct Y {
  int v;
  Y(Seq &s) : v(++s.n) {}
};
struct Both : X, Y {
  int late = 5;
  int copy;
  Both(Seq &s) : Y(s), copy(late * 2), X(s) {}
};

enum Flags : unsigned { read = 1, write = 2 };
constexpr Flags operator|(Flags a, Flags b) { return Flags(unsigned(a) | unsigned(b) | 8u); }
enum class Scoped { a = 1 };
constexpr int operator+(Scoped s, int k) { return int(s) + k + 100; }
enum Signed : int { minus_one = -1, zero = 0 };

struct Config {
  static const int tag;
  static const float scale;
};
const int Config::tag = 42;
const float Config::scale = 1.5f;

struct Base {
  int a = 1;
};
struct Derived : Base {
  int a = 2;
  int both() const { return Base::a * 10 + a; }
};

int main() {
  sycl::queue q;
  int *r = sycl::malloc_shared<int>(16, q);
  double *d = sycl::malloc_shared<double>(2, q);
  q.single_task([=] {
     Counted a(1);
     Counted b(a);
     Counted c = std::move(b);
     r[0] = b.id * 1000 + c.id;  // -1 * 1000 + 111
     r[1] = by_value(a) + make(3).id * 100;
     Number n{2.75f};
     float f = n;
     r[2] = int(f * 100) + (int)n * 1000;
     Wide w = 1;
     Wide x(1);
     r[3] = w.k * 10 + x.k;
     Seq s;
     Both both(s);
     r[4] = both.X::v * 1000 + both.Y::v * 100 + both.copy;
     r[5] = read | write;
     r[6] = Scoped::a + 1;
     Signed m = minus_one;
     r[7] = (m < zero) + (m < 0) * 10 + (minus_one < zero) * 100;
     d[0] = 0.1f;
     d[1] = 0.1f * 2.0;
     r[8] = Config::tag + int(Config::scale * 2) * 100;
     Derived der;
     r[9] = der.both();
   }).wait();
  const int expected[10] = {-889, 11 + 300, 275 + 100000, 21, 1210, 11, 102, 111, 342, 12};
  bool ok = true;
  for (int i = 0; i < 10; ++i) {
    if (r[i] != expected[i]) {
      std::printf("r[%d] = %d, expected %d\n", i, r[i], expected[i]);
      ok = false;
    }
  }
  if (d[0] != double(0.1f) || d[1] != 0.1f * 2.0) {
    std::printf("float literals: %.17g %.17g\n", d[0], d[1]);
    ok = false;
  }
  sycl::free(r, q);
  sycl::free(d, q);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
