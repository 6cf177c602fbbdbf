// syclcc-flags: -std=c++20
// Constraints in overload resolution and specialization: unsatisfied
// candidates are not viable (the notes say which constraint failed, as
// clang says it), the more constrained of two candidates wins when one
// subsumes the other, constrained class templates, partial
// specializations and member functions, and constrained placeholders.
#include <sycl/sycl.hpp>
#include <concepts>

template <typename T> concept Integral = std::is_integral_v<T>;
template <typename T> concept SignedIntegral = Integral<T> && std::is_signed_v<T>;

template <typename T> concept Arithmetic = std::is_arithmetic_v<T>; // expected-note 2 {{because 'std::is_arithmetic_v<Point>' evaluated to false}}
template <Arithmetic T> T axpy(T a, T x, T y) { return a * x + y; } // expected-note {{candidate template ignored: constraints not satisfied [with T = Point]}} expected-note {{because 'Point' does not satisfy 'Arithmetic'}}
template <typename T> requires std::floating_point<T> T half_of(T v) { return v / 2; } // expected-note {{candidate template ignored: constraints not satisfied [with T = int]}} expected-note {{because 'int' does not satisfy 'floating_point'}}
int twice(std::integral auto v) { return v * 2; } // expected-note {{candidate template ignored: constraints not satisfied [with v:auto = double]}} expected-note {{because 'double' does not satisfy 'integral'}}
template <typename T> T four_bytes(T v) requires (sizeof(T) == 4) { return v; } // expected-note {{candidate template ignored: constraints not satisfied [with T = char]}} expected-note {{because 'sizeof(char) == 4' (1 == 4) evaluated to false}}
template <typename T> concept Summable = requires(T a, T b) { a + b; }; // expected-note {{because 'a + b' would be invalid: invalid operands to binary expression ('Point' and 'Point')}}
template <Summable T> T add(T a, T b) { return a + b; } // expected-note {{constraints not satisfied [with T = Point]}} expected-note {{because 'Point' does not satisfy 'Summable'}}
template <typename T> concept Sized = requires(T c) { { c.size() } -> std::convertible_to<int>; }; // expected-note {{because 'c.size()' would be invalid: no member named 'size' in 'Point'}}
template <Sized T> int size_of(T c) { return c.size(); } // expected-note {{constraints not satisfied [with T = Point]}} expected-note {{because 'Point' does not satisfy 'Sized'}}

struct Point { int x, y; };
std::integral auto bad_count() { return 1.5; } // expected-error {{deduced type 'double' does not satisfy 'integral'}} expected-note {{because 'double' does not satisfy 'integral'}}
std::floating_point auto good_ratio() { return 0.5; }

// Subsumption: the more constrained overload wins; unrelated constraints tie.
template <typename T> int kind(T) { return 0; }
template <Integral T> int kind(T) { return 1; }
template <SignedIntegral T> int kind(T) { return 2; }
template <typename T> requires SignedIntegral<T> && (sizeof(T) == 4) int kind(T) { return 3; }
template <typename T> concept Big = sizeof(T) >= 8;
template <typename T> concept Wide = sizeof(T) >= 8;
template <Big T> int pick(T) { return 1; } // expected-note {{candidate function}}
template <Wide T> int pick(T) { return 2; } // expected-note {{candidate function}}

// Constrained member functions, chosen by the class's arguments.
template <typename T> struct Cell {
  T v;
  int get() const requires Integral<T> { return 1; }
  int get() const requires std::floating_point<T> { return 2; }
};

// Partial specializations selected by constraints (the more constrained wins).
template <typename T> struct Rank { static constexpr int value = 0; };
template <Integral T> struct Rank<T> { static constexpr int value = 1; };
template <SignedIntegral T> struct Rank<T> { static constexpr int value = 2; };
static_assert(Rank<float>::value == 0);
static_assert(Rank<unsigned>::value == 1);
static_assert(Rank<int>::value == 2);

template <Arithmetic T> struct Vec2 { T x, y; }; // expected-note {{because 'Point' does not satisfy 'Arithmetic'}}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(16, q);
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    Point p{1, 2};
    out[0] = axpy(2, 3, 4) + kind(1.0f) + kind(2u) + kind(short(3)) + kind(4);
    out[1] = kind(p);
    Cell<int> ci{1};
    Cell<float> cf{1.0f};
    out[2] = ci.get() + cf.get();
    std::floating_point auto h = 1.5;
    out[3] = int(h) + int(good_ratio() * 2) + bad_count();
    axpy(p, p, p);   // expected-error {{no matching function for call to 'axpy'}}
    half_of(3);      // expected-error {{no matching function for call to 'half_of'}}
    twice(2.5);      // expected-error {{no matching function for call to 'twice'}}
    four_bytes('c'); // expected-error {{no matching function for call to 'four_bytes'}}
    add(p, p);       // expected-error {{no matching function for call to 'add'}}
    size_of(p);      // expected-error {{no matching function for call to 'size_of'}}
    pick(1.0);       // expected-error {{call to 'pick' is ambiguous}}
    Vec2<Point> vp;  // expected-error {{constraints not satisfied for class template 'Vec2' [with T = Point]}}
    std::integral auto n = 2.5; // expected-error {{deduced type 'double' does not satisfy 'integral'}} expected-note {{because 'double' does not satisfy 'integral'}}
  });
  q.wait();
  return 0;
}
