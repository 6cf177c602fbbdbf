// Objects of the <type_traits> classes as constants: `std::is_integral<T>{}`
// converts to `bool` through `integral_constant`'s conversion function, a
// base's, in static_assert, `if constexpr` and template arguments; a
// relational `<` after a literal in a template argument compares.
#include <sycl/sycl.hpp>
#include <type_traits>

static_assert(std::is_integral<int>{}, "int is integral");
static_assert(std::is_integral<float>(), "float is not integral"); // expected-error {{static assertion failed: float is not integral}}
static_assert(!std::is_same<int, float>{});

template <typename T> struct is_word : std::bool_constant<sizeof(T) == 4> {};
static_assert(is_word<int>{} && !is_word<char>{});

template <typename T> std::enable_if_t<std::is_floating_point<T>{}, T> half(T x) { return x / 2; }
template <typename T> std::enable_if_t<1 < sizeof(T), int> wide(T) { return 1; }
template <typename T> std::enable_if_t<!(1 < sizeof(T)), int> wide(T) { return 0; }

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=]() { // expected-note {{in the kernel invoked here}}
    if constexpr (std::is_integral<long>{}) out[0] = 1;
    if constexpr (is_word<short>{}) out[1] = 1;
    out[2] = int(half(5.0f) * 2) + wide('c') + wide(1);
    static_assert(std::is_signed<unsigned>{}, "unsigned"); // expected-error {{static assertion failed: unsigned}}
  });
  q.wait();
  return 0;
}
