// syclcc-flags: -std=c++20
// Overloads and specializations chosen by C++20 constraints inside
// kernels: the more constrained function template wins when its
// constraints subsume the other's (through concept names, conjunctions and
// disjunctions), constrained partial specializations pick a kernel's
// policy type, constrained generic lambdas, constrained packs, and
// concept-ids as template arguments and constant expressions.
#include <sycl/sycl.hpp>
#include <concepts>
#include <iostream>
#include <type_traits>

template <typename T> concept Number = std::integral<T> || std::floating_point<T>;
template <typename T> concept Narrow = Number<T> && (sizeof(T) <= 2);

// 0: anything, 1: an integer, 2: a signed integer, 3: a floating-point
// number, 4: a narrow signed integer.
template <typename T> int classify(T) { return 0; }
template <std::integral T> int classify(T) { return 1; }
template <std::signed_integral T> int classify(T) { return 2; }
template <std::floating_point T> int classify(T) { return 3; }
template <typename T> requires std::signed_integral<T> && Narrow<T> int classify(T) { return 4; }

// Subsumption through a disjunction: `Number` is subsumed by `integral`.
template <Number T> int measure(T v) { return int(v) + 100; }
template <std::integral T> int measure(T v) { return int(v) + 200; }

// Rounding policies by constraint (partial specializations).
template <typename T> struct Round { static int apply(T v) { return -1; } };
template <std::integral T> struct Round<T> { static int apply(T v) { return int(v); } };
template <std::floating_point T> struct Round<T> { static int apply(T v) { return int(v + T(0.5)); } };

// Non-template members chosen by their trailing requires-clauses.
template <typename T> struct Slot {
  T value;
  int weight() const requires std::integral<T> { return int(value) * 2; }
  int weight() const requires std::floating_point<T> { return int(value * T(10)); }
  template <std::convertible_to<T> U> void set(U u) { value = T(u); }
};

template <std::convertible_to<int>... Ts> int sum_ints(Ts... xs) { return (0 + ... + int(xs)); }

template <typename T>
  requires requires(T t) { t.weight(); }
int weigh(const T &t) { return t.weight() + 1000; }
int weigh(int v) { return v; }

template <typename T> constexpr int pick_v = std::integral<T> ? 1 : std::floating_point<T> ? 2 : 3;
struct Opaque {};

static_assert(pick_v<long> == 1 && pick_v<double> == 2 && pick_v<Opaque> == 3);
static_assert(std::bool_constant<Number<char>>::value && !Number<Opaque>);

int main() {
  sycl::queue q;
  int errors = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok && errors++ < 10) std::cout << "FAILED: " << what << "\n";
  };

  const int n = 256;
  int *out = sycl::malloc_shared<int>(n * 8, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     const int i = int(id[0]);
     int *o = out + i * 8;
     o[0] = classify(i) * 1000 + classify(unsigned(i)) * 100 + classify(float(i)) * 10 + classify(short(i));
     o[1] = classify(Opaque{}) * 10 + classify(char(i) > 0);
     o[2] = measure(i) + measure(float(i));
     o[3] = Round<int>::apply(i) + Round<float>::apply(float(i) + 0.75f);
     Slot<int> si{i};
     Slot<float> sf{0.5f};
     sf.set(i % 4);
     o[4] = si.weight() + sf.weight();
     auto sq = [](std::integral auto v) { return v * v; };
     auto scaled = []<std::floating_point F>(F v, int k) { return v * F(k); };
     o[5] = sq(i) + int(scaled(0.5f, i));
     o[6] = sum_ints(i, short(1), 2L, 'a');
     o[7] = weigh(si) + weigh(i);
   }).wait();
  for (int i = 0; i < n; ++i) {
    const int *o = out + i * 8;
    check(o[0] == 2134, "the most constrained classify overload");
    check(o[1] == 1, "unconstrained classify for a class, integral for bool");
    check(o[2] == (i + 200) + (i + 100), "integral subsumes a disjunction containing it");
    check(o[3] == i + int(float(i) + 0.75f + 0.5f), "partial specializations by constraint");
    check(o[4] == 2 * i + (i % 4) * 10, "members by trailing requires-clause");
    check(o[5] == i * i + int(0.5f * i), "constrained generic lambdas");
    check(o[6] == i + 1 + 2 + 'a', "a constrained pack");
    check(o[7] == 2 * i + 1000 + i, "requires requires");
  }

  sycl::free(out, q);
  std::cout << (errors ? "FAILED" : "PASSED") << "\n";
  return errors != 0;
}
