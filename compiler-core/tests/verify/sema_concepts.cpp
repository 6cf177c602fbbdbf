// syclcc-flags: -std=c++20
// Concepts and requires-expressions as constant expressions: satisfied and
// unsatisfied concepts, substitution failure making a requirement false
// (never an error), and the value in static_assert, if constexpr and
// template arguments.
#include <sycl/sycl.hpp>
#include <concepts>
#include <type_traits>

template <typename T> concept Arithmetic = std::is_arithmetic_v<T>;
template <typename T> concept Small = sizeof(T) <= 4;
template <typename T> concept SmallArithmetic = Arithmetic<T> && Small<T>;
template <typename T> concept Number = std::integral<T> || std::floating_point<T>;

struct Point { int x, y; };
struct Bag {
  using value_type = float;
  int size() const { return 1; }
};

template <typename T> concept Sized = requires(const T &c) {
  c.size();
  typename T::value_type;
  { c.size() } -> std::convertible_to<long>;
};
template <typename T> concept Addable = requires(T a, T b) { { a + b } -> std::same_as<T>; };
template <typename T> concept Tiny = requires { requires sizeof(T) == 1; };

static_assert(Arithmetic<int>);
static_assert(Arithmetic<const double>);
static_assert(!Arithmetic<Point>);
static_assert(SmallArithmetic<float>);
static_assert(!SmallArithmetic<double>);
static_assert(Number<char> && Number<float> && !Number<Point>);
static_assert(Sized<Bag>);
static_assert(!Sized<int>);   // `c.size()` and `int::value_type` are invalid: false
static_assert(!Sized<Point>);
static_assert(Addable<int>);
static_assert(!Addable<Point>);
static_assert(!Addable<short>); // short + short is an int
static_assert(Tiny<char> && !Tiny<int>);
static_assert(requires(int i) { i + 1; ++i; });
template <typename T> concept HasZ = requires(T p) { p.z; };
static_assert(!HasZ<Point>);
static_assert(std::same_as<int, int> && !std::same_as<int, long>);
static_assert(std::derived_from<Bag, Bag>);
static_assert(std::signed_integral<long> && std::unsigned_integral<unsigned char>);
static_assert(std::totally_ordered<double> && !std::equality_comparable<Point>);
static_assert(std::default_initializable<Point> && std::copyable<Bag>);
static_assert(std::bool_constant<Arithmetic<int>>::value);

static_assert(Arithmetic<Point>); // expected-error {{static assertion failed}}
static_assert(Sized<int>);        // expected-error {{static assertion failed}}

template <typename T> int describe(const T &t) {
  if constexpr (requires { t.size(); })
    return t.size();
  else if constexpr (Arithmetic<T>)
    return 2;
  else
    return 3;
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] {
    out[0] = describe(Bag{});
    out[1] = describe(1.5);
    out[2] = describe(Point{1, 2});
    constexpr bool b = requires { out[0] + 1; };
    out[3] = b;
  });
  q.wait();
  return 0;
}
