// Lambdas and floating-point values in constant evaluation: the device pass
// computes these static assertions itself (one it could not would warn that
// the host compiler checks it), with float arithmetic rounded to single
// precision after each operation and double to double precision.
#include <sycl/sycl.hpp>
#include <array>

constexpr auto square = [](int x) { return x * x; };
static_assert(square(4) == 16);
static_assert(square(5) == 24); // expected-error {{static assertion failed}}

constexpr int apply_twice(int v) {
  auto add3 = [](int a) { return a + 3; };
  return add3(add3(v));
}
static_assert(apply_twice(1) == 7);

// Captures by copy of locals of a constexpr function, explicit and default.
constexpr int scaled_sum(int n) {
  int k = n * 2;
  auto by_name = [k](int x) { return x + k; };
  auto by_default = [=](int x) { return x * k + n; };
  auto init_capture = [m = k + 1](int x) { return x - m; };
  return by_name(1) + by_default(2) + init_capture(10);
}
static_assert(scaled_sum(3) == 7 + 15 + 3);

// A lambda returned from and passed to constexpr functions.
constexpr auto adder(int n) { return [n](int x) { return x + n; }; }
template <typename F> constexpr int apply(F f, int x) { return f(x); }
static_assert(apply(adder(5), 2) == 7);
static_assert([](int x) { return x - 1; }(10) == 9);
static_assert(std::array<int, square(3)>{}.size() == 9);

constexpr float half_of(float x) { float h = x / 2.0f; return h; }
static_assert(half_of(3.0f) == 1.5f);
static_assert(half_of(3) == 1.5f);
constexpr float halved_ref(const float &x) { return x / 2; }
static_assert(halved_ref(3) == 1.5f);
static_assert(half_of(3.0f) == 1.4f); // expected-error {{static assertion failed}}

constexpr double poly(double x) {
  double acc = 0;
  for (int i = 0; i < 3; ++i) acc = acc * x + (i + 1);
  return acc;
}
static_assert(poly(2.0) == 11.0);
static_assert(int(2.5 * 4) == 10);
static_assert(int(-2.7) == -2);
static_assert(0.1f + 0.2f == 0.3f);
static_assert(0.1 + 0.2 != 0.3);

// Ten additions of 0.1f rounded to float each time give 1.0000001f; done in
// double and rounded once they would give 1.0f.
constexpr float tenth_sum() { float s = 0; for (int i = 0; i < 10; ++i) s += 0.1f; return s; }
static_assert(tenth_sum() != 1.0f);
static_assert(tenth_sum() == 1.00000011920928955078125f);
constexpr double tenth_sum_d() { double s = 0; for (int i = 0; i < 10; ++i) s += 0.1; return s; }
static_assert(tenth_sum_d() == 0.99999999999999988898);
constexpr float third = 1.0f / 3.0f;
static_assert(double(third) != 1.0 / 3.0);
constexpr auto cubed = [](double x) { return x * x * x; };
static_assert(cubed(1.5) == 3.375);

// Range-for over a std::array local, with a lambda over its elements.
constexpr int count_positive() {
  std::array<int, 5> a{1, -2, 3, -4, 5};
  auto positive = [](int v) { return v > 0; };
  int c = 0;
  for (int v : a) if (positive(v)) ++c;
  return c;
}
static_assert(count_positive() == 3);

// String literals read through `const char *` parameters.
constexpr unsigned long length(const char *s) { unsigned long n = 0; while (s[n]) ++n; return n; }
static_assert(length("hello") == 5);
static_assert(length("") == 0);
constexpr char third_char(const char *s) { return s[2]; }
static_assert(third_char("abc") == 'c');
static_assert(third_char("ab") == 0);
static_assert(length("hello") == 4); // expected-error {{static assertion failed}}

int runtime_value(int x);
constexpr auto not_constant = [](int x) { return runtime_value(x); };

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}} expected-note 1+ {{in device function}}
    constexpr auto cube = [](int x) constexpr { return x * x * x; };
    constexpr int c = cube(3);
    int arr[c];
    static_assert(sizeof(arr) == 27 * sizeof(int));
    constexpr int n = 4;
    constexpr auto plus_n = [n](int x) { return x + n; };
    std::array<int, plus_n(2)> six{};
    static_assert(sizeof(six) == 6 * sizeof(int));
    constexpr float f = half_of(5.0f);
    int halves[int(f * 2)];
    static_assert(sizeof(halves) == 5 * sizeof(int));
    int bad[not_constant(2)]; // expected-error {{variable-length arrays (a GNU extension) are not supported in device code}}
    out[0] = c + int(six.size()) + bad[0] + halves[0] + arr[0];
  });
  q.wait();
  return 0;
}
