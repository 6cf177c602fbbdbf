// Deduction through a pack the enclosing class template already bound: in
// a member template of the specialization for `seq<I...>`, a parameter
// `const lv<seq<I...>, U> &` deduces U and requires the argument's
// sequence to be I itself, element by element (the layout of libc++'s
// tuple converting constructors).
#include <sycl/sycl.hpp>
#include <utility>

template <int... I> struct seq {};
template <typename S, typename... T> struct lv;
template <int... I, typename... T> struct lv<seq<I...>, T...> {
  int count = sizeof...(I);
  lv() = default; // expected-note {{candidate not viable: requires 0 arguments, but 1 was provided}}
  template <typename U> lv(const lv<seq<I...>, U> &o) : count(o.count + 100) {} // expected-note {{candidate not viable: template argument deduction failed}}
  template <typename U> static constexpr int from(const lv<seq<I...>, U> *) { return sizeof(U); }
  template <typename... U> static constexpr int leaves(const lv<std::index_sequence<I...>, U...> *) { return sizeof...(U); }
};
template <std::size_t... I, typename... T> struct lv<std::index_sequence<I...>, T...> {};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] { // expected-note {{in the kernel invoked here}}
    lv<seq<0, 1>, int> a;
    lv<seq<0, 1>, long> b(a);
    out[0] = b.count;
    out[1] = lv<seq<0, 1>, int>::from(static_cast<lv<seq<0, 1>, double> *>(nullptr));
    out[2] = lv<seq<4>, int>::leaves(static_cast<lv<std::index_sequence<4>, char, short> *>(nullptr));
    lv<seq<0, 1, 2>, long> c(a); // expected-error {{no matching function for call to}}
  }).wait();
  return 0;
}
