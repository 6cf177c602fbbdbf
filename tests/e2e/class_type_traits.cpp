// The class-property type traits (std::is_class, is_base_of, is_convertible,
// is_constructible, is_trivially_copyable...) in static_asserts and in
// device-side dispatch (if constexpr, enable_if), a functional cast as a
// template argument (conditional_t<bool(B::value), ...>), and derived-to-base
// pointer conversions in kernels (a local object, USM, function arguments).
#include <sycl/sycl.hpp>
#include <cstdio>
#include <type_traits>

struct Shape { float scale; };
struct Circle : Shape { float r; };
struct Square : Shape { float side; };
struct Virtual { virtual ~Virtual() {} };
struct Abstract { virtual float area() const = 0; };
struct Copier { Copier(const Copier &) {} int x; };
struct FromInt { FromInt(int v) : v(v) {} int v; };
struct Empty {};
union Bits { int i; float f; };
enum class Mode { fast, exact };

static_assert(std::is_class_v<Circle> && !std::is_class_v<Bits> && std::is_union_v<Bits>);
static_assert(std::is_enum_v<Mode> && !std::is_enum_v<int> && std::is_scalar_v<Mode>);
static_assert(std::is_base_of_v<Shape, Circle> && !std::is_base_of_v<Circle, Shape>);
static_assert(std::is_convertible_v<Circle *, Shape *> && !std::is_convertible_v<Shape *, Circle *>);
static_assert(std::is_convertible_v<int, FromInt> && !std::is_convertible_v<Shape, int>);
static_assert(std::is_constructible_v<FromInt, int> && !std::is_default_constructible_v<FromInt>);
static_assert(std::is_trivially_copyable_v<Circle> && !std::is_trivially_copyable_v<Copier>);
static_assert(std::is_polymorphic_v<Virtual> && std::has_virtual_destructor_v<Virtual>);
static_assert(std::is_abstract_v<Abstract> && !std::is_abstract_v<Virtual>);
static_assert(std::is_empty_v<Empty> && !std::is_empty_v<Shape>);
static_assert(std::is_standard_layout_v<Shape> && !std::is_standard_layout_v<Virtual>);
static_assert(std::is_trivially_destructible_v<Circle> && !std::is_trivially_destructible_v<Virtual>);
static_assert(std::is_same_v<std::common_type_t<int, float, double>, double>);
static_assert(std::conjunction_v<std::is_class<Circle>, std::is_base_of<Shape, Square>>);
static_assert(std::is_same_v<std::remove_all_extents_t<int[2][3]>, int>);

template <typename... B>
using all_t = std::conditional_t<bool(std::conjunction<B...>::value), std::true_type, std::false_type>;
static_assert(all_t<std::is_integral<int>, std::is_signed<int>>::value);

// Dispatch on the traits inside kernels.
template <typename T>
float describe(const T &v) {
  if constexpr (std::is_base_of_v<Shape, T>) return v.scale * 100.0f;
  else if constexpr (std::is_enum_v<T>) return static_cast<int>(v) + 10.0f;
  else return static_cast<float>(v);
}
template <typename T, std::enable_if_t<std::is_class_v<T>, int> = 0>
int category(const T &) { return 1; }
template <typename T, std::enable_if_t<!std::is_class_v<T>, int> = 0>
int category(const T &) { return 2; }

float scaled(const Shape *s, float x) { return s->scale * x; }

int main() {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(8, q);
  Circle *circles = sycl::malloc_shared<Circle>(4, q);
  for (int i = 0; i < 4; i++) circles[i] = Circle{{1.0f + i}, 2.0f * i};
  q.single_task([=] {
    Circle c{{3.0f}, 1.5f};
    Shape *s = &c;
    out[0] = s->scale + c.r;
    out[1] = scaled(&c, 2.0f);
    const Shape *u = &circles[2];
    out[2] = u->scale + scaled(circles + 3, 10.0f);
    out[3] = describe(c) + describe(Mode::exact) + describe(7);
    out[4] = category(c) * 10 + category(1.5f);
  }).wait();
  float want[] = {4.5f, 6.0f, 43.0f, 318.0f, 12.0f};
  int bad = 0;
  for (int i = 0; i < 5; i++)
    if (out[i] != want[i] && bad++ < 5) std::printf("out[%d] = %g, expected %g\n", i, out[i], want[i]);
  sycl::free(out, q);
  sycl::free(circles, q);
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
