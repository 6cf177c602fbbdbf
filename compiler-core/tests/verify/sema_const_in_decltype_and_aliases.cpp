// `const` survives where library code names element types: `decltype(*p)`
// of a `const T *` is `const T &`, and a block-scope alias of a const type
// (`using T = std::remove_reference_t<decltype(*first)>;` in a function
// template, as oneDPL writes it) keeps it, so `T *` is `const T *`.
#include <type_traits>
#include <utility>

template <typename It> using ref_t = decltype(*std::declval<It &>());
static_assert(std::is_same_v<ref_t<const float *>, const float &>, "decltype of a dereference");
static_assert(std::is_same_v<ref_t<float *>, float &>, "non-const dereference");
static_assert(std::is_same_v<std::remove_reference_t<ref_t<const float *>>, const float>, "remove_reference");

template <typename It> auto element_pointer(It first) {
  using T = std::remove_reference_t<decltype(*first)>;
  T *p = &*first;
  return p;
}
static_assert(std::is_same_v<decltype(element_pointer((const float *)nullptr)), const float *>, "block alias of a deduced const type");
static_assert(std::is_same_v<decltype(element_pointer((int *)nullptr)), int *>, "block alias of a non-const type");

template <typename It> auto const_pointer(It first) {
  using T = const int;
  T *p = &*first;
  return p;
}
static_assert(std::is_same_v<decltype(const_pointer((int *)nullptr)), const int *>, "block alias of const int");
static_assert(std::is_same_v<decltype(const_pointer((int *)nullptr)), int *>, "wrong"); // expected-error {{static assertion failed: wrong}}

int main() { return 0; }
