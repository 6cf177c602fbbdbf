// Partial and explicit specializations of variable templates, chosen as
// class template specializations are: a trait over an instance of a class
// template, a recursive count over pointers ending in an explicit
// specialization, the more specialised of two matching patterns, a value of
// another type read by a kernel, and their use in `if constexpr` there.
#include <sycl/sycl.hpp>
#include <type_traits>

template <typename W> struct Box { W w; };
template <typename T> inline constexpr bool is_box_v = false;
template <typename W> inline constexpr bool is_box_v<Box<W>> = true;
static_assert(is_box_v<Box<int>> && !is_box_v<int>, "a trait");

template <typename T> constexpr int rank_v = 0;
template <typename T> constexpr int rank_v<T *> = 1 + rank_v<T>;
template <> constexpr int rank_v<void> = 100;
static_assert(rank_v<int **> == 2 && rank_v<void> == 100 && rank_v<float> == 0, "recursion");

template <typename A, typename B> constexpr int pair_kind_v = 0;
template <typename A> constexpr int pair_kind_v<A, A> = 1;
template <typename A> constexpr int pair_kind_v<A, A *> = 2;
template <> constexpr int pair_kind_v<int, int> = 3;
static_assert(pair_kind_v<char, long> == 0 && pair_kind_v<char, char> == 1, "patterns");
static_assert(pair_kind_v<float, float *> == 2 && pair_kind_v<int, int> == 3, "explicit");

template <typename T> constexpr float scale_v = 1.0f;
template <> constexpr float scale_v<double> = 0.5f;
static_assert(scale_v<double> * 4 == 2.0f && scale_v<int> == 1.0f, "floats");
static_assert(rank_v<int *> == 2, "wrong rank"); // expected-error {{static assertion failed: wrong rank}}

template <typename R> int pick(const R &r) {
  if constexpr (is_box_v<decltype(r.w)>) return 1;
  else return 2;
}
struct Holder { Box<float> w; };

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=]() {
    Holder h{};
    out[0] = pick(h) + rank_v<int ***> + pair_kind_v<short, short *> + int(scale_v<double> * 4);
  });
  q.wait();
  return 0;
}
