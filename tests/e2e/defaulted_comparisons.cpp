// syclcc-flags: -std=c++20
// C++20 defaulted comparisons used in kernels: `operator==` and
// `operator<=>` declared `= default` as members and as friends, over base
// classes, arrays (one and two dimensions), floating-point members (a
// partial ordering), members of class type with their own defaulted
// operators, and a class template; `!=`, `<`, `>=` rewritten from them,
// and the `operator==` a defaulted `<=>` implies.
#include <sycl/sycl.hpp>
#include <compare>
#include <cstdio>

struct Point {
  int x, y;
  bool operator==(const Point &) const = default;
  auto operator<=>(const Point &) const = default;
};

struct Tagged : Point {
  short tag;
  auto operator<=>(const Tagged &) const = default; // implies operator==
};

struct Sample {
  float value;
  int grid[2][2];
  friend bool operator==(const Sample &, const Sample &) = default;
  friend auto operator<=>(const Sample &, const Sample &) = default;
};

template <typename T, int N> struct Vec {
  T v[N];
  constexpr bool operator==(const Vec &) const = default;
  constexpr auto operator<=>(const Vec &) const = default;
};

struct Segment {
  Point from, to;
  bool operator==(const Segment &) const = default;
};

int main() {
  sycl::queue q;
  constexpr int n = 16;
  int *r = sycl::malloc_shared<int>(n, q);
  q.single_task([=] {
     Point a{1, 2}, b{1, 3};
     r[0] = a == b;
     r[1] = a != b;
     r[2] = a < b;
     r[3] = (a <=> b) < 0 && (b <=> a) > 0 && (a <=> a) == 0;
     Tagged s{{1, 2}, 7}, t{{1, 2}, 8};
     r[4] = s == t;
     r[5] = s < t && t >= s;
     Sample p{0.5f, {{1, 2}, {3, 4}}}, u{0.5f, {{1, 2}, {3, 5}}};
     r[6] = p == u;
     r[7] = p < u;
     Sample nan_sample{__builtin_nanf(""), {{0, 0}, {0, 0}}};
     r[8] = (nan_sample <=> p) == std::partial_ordering::unordered;
     Vec<double, 3> v{{1.0, 2.0, 3.0}}, w{{1.0, 2.0, 2.5}};
     r[9] = v > w;
     r[10] = v == v;
     Segment e{{0, 0}, {1, 1}}, f{{0, 0}, {1, 2}};
     r[11] = e != f;
     r[12] = e == e;
   }).wait();
  const int expected[13] = {0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1};
  int failures = 0;
  for (int i = 0; i < 13; ++i) {
    if (r[i] != expected[i]) {
      std::printf("FAILED: comparison %d gave %d, expected %d\n", i, r[i], expected[i]);
      ++failures;
    }
  }
  sycl::free(r, q);
  if (failures == 0) std::printf("PASSED\n");
  return failures != 0;
}
