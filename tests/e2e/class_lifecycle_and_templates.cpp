// syclcc-flags: -std=c++17
// Object construction, templates defined out of class, value categories
// and the small standard-library helpers kernels use, checked against what
// C++ says: each kernel writes its results and the host compares.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <array>
#include <cstdio>
#include <numeric>
#include <tuple>
#include <type_traits>
#include <utility>

// Static data members of a class template defined out of class, one
// explicitly specialized; a member of a member class template.
template <typename T> struct Traits {
  static const int width;
  static const T scale;
};
template <typename T> const int Traits<T>::width = sizeof(T) * 2;
template <typename T> const T Traits<T>::scale = T(2.5);
template <> const int Traits<char>::width = 77;

template <typename T> struct Outer {
  template <typename U> struct Inner {
    U shifted(U x) const;
  };
};
template <typename T>
template <typename U>
U Outer<T>::Inner<U>::shifted(U x) const {
  return x + U(sizeof(T));
}

// Default-initialization runs constructors and default member initializers
// of bases and members the constructor does not name.
struct Counter {
  int v;
  Counter() : v(42) {}
};
struct WithDefaults {
  int x = 3;
};
struct Composite : WithDefaults {
  Counter c;
  Counter cs[2];
  int y;
  explicit Composite(int v) : y(v) {}
};
struct Implicit : Counter {
  Counter member;
};

// A union's default member initializer initializes it.
union Bits {
  float f;
  int i = 5;
};

// Inheriting constructors.
struct Base {
  int v;
  Base(int a) : v(a) {}
  Base(int a, int b) : v(a * b) {}
};
struct Derived : Base {
  using Base::Base;
  int extra = 5;
};

// Ref-qualified member functions.
struct Source {
  int v = 1;
  int get() & { return v; }
  int get() && { return v + 100; }
};

// Overloads told apart by constness of a returned reference.
int kind(int &) { return 1; }
int kind(const int &) { return 2; }
const int &view(const int &v) { return v; }

// `explicit operator bool` under `!` and `||`; an `operator=` for another
// type does not hide the implicit copy assignment.
struct Handle {
  int id;
  explicit operator bool() const { return id != 0; }
};
struct Tag {};
struct Assignable {
  int v = 0;
  Assignable() = default;
  Assignable(int x) : v(x) {}
  Assignable &operator=(Tag) {
    v = -1;
    return *this;
  }
};

// A pack of bases.
struct PartA {
  int a = 1;
  int fa() const { return a; }
};
struct PartB {
  int b = 2;
  int fb() const { return b * 10; }
};
template <class... Parts> struct Mixed : Parts... {};

// Explicit pack captures.
template <typename... Ts> int captured_sum(Ts... xs) {
  auto by_copy = [xs...] { return (xs + ... + 0); };
  auto by_ref = [&xs...] { return (xs * ... * 1); };
  return by_copy() * 1000 + by_ref();
}

enum class Color : unsigned char { Red = 1, Blue = 200 };
static_assert(std::is_same_v<std::underlying_type_t<Color>, unsigned char>);

struct Adder {
  int operator()(int a, float b, long c) const { return a + int(b) + int(c); }
};

constexpr int kResults = 30;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(kResults, q);
  for (int i = 0; i < kResults; ++i) out[i] = -999;
  q.single_task([=] {
     out[0] = Traits<float>::width;
     out[1] = Traits<double>::width;
     out[2] = Traits<char>::width;
     out[3] = int(Traits<float>::scale * 2);
     Outer<double>::Inner<int> inner;
     out[4] = inner.shifted(1);

     Composite comp(7);
     out[5] = comp.x * 1000 + comp.c.v * 10 + comp.y;  // 3427
     out[6] = comp.cs[1].v;
     Implicit imp;
     out[7] = imp.v + imp.member.v;  // 84
     Counter counters[3];
     out[8] = counters[2].v;

     Derived d2(3, 4), d1(7);
     out[9] = d2.v + d2.extra;  // 17
     out[10] = d1.v;

     Source s;
     out[11] = s.get() + Source{}.get();  // 1 + 101

     int x = 1;
     out[12] = kind(view(x)) * 10 + kind(x);  // 21

     Handle none{0}, some{5};
     out[13] = (!none ? 1 : 0) + ((none || some) ? 10 : 0) + ((none && some) ? 100 : 0);  // 11
     Assignable asg;
     asg = 5;
     out[14] = asg.v;
     asg = Tag{};
     out[15] = asg.v;

     Mixed<PartA, PartB> mixed;
     out[16] = mixed.fa() + mixed.fb();  // 21

     out[17] = captured_sum(1, 2, 3);  // 6006

     int a = 3, b = 8;
     int &bigger = a > b ? a : b;
     bigger = 100;
     decltype(auto) alias = (a);
     alias += 1;
     out[18] = a * 1000 + b;  // 4100

     std::tuple<int, float, long> t{3, 4.5f, 10L};
     out[19] = std::apply(Adder{}, t);
     std::get<long>(t) = 7;
     int first = 0;
     long third = 0;
     std::tie(first, std::ignore, third) = t;
     out[20] = first * 100 + int(third);  // 307
     out[21] = static_cast<std::underlying_type_t<Color>>(Color::Blue);

     int src[3] = {4, 5, 6}, dst[3] = {};
     std::copy(src, src + 3, dst);
     out[22] = dst[0] + dst[2];  // 10
     int nine = 9, two = 2;
     auto range = std::minmax(nine, two);
     out[23] = range.first * 10 + range.second;  // 29
     out[24] = std::gcd(12, -18) * 100 + std::lcm(4, 6);  // 612
     std::array<int, 2> p{1, 2}, r{1, 2}, u{1, 3};
     out[25] = (p == r) + 2 * (p < u) + 4 * (u != r);  // 7
     out[26] = std::as_const(x) + 1;
     Bits bits;
     out[27] = bits.i;
   }).wait();

  const int want[] = {8, 16, 77, 5, 9, 3427, 42, 84, 42, 17, 7, 102, 21, 11, 5, -1,
                      21, 6006, 4100, 17, 307, 200, 10, 29, 612, 7, 2, 5};
  bool ok = true;
  for (int i = 0; i < int(sizeof(want) / sizeof(want[0])); ++i) {
    if (out[i] != want[i]) {
      std::printf("out[%d] = %d, expected %d\n", i, out[i], want[i]);
      ok = false;
    }
  }
  sycl::free(out, q);
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
