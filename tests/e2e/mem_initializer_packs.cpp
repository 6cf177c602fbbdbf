// Pack expansions in mem-initializer lists: a class deriving from a pack
// of bases initializes each from the matching constructor argument
// (`Bases(args)...`), and an indexed holder per element is built from a
// forwarded argument pack (`holder<I, Ts>(std::forward<Us>(us))...`, as
// libc++'s tuple does), in kernels and on the host.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <utility>

struct Count {
  int n;
  Count(int v) : n(v) {}
};
struct Half {
  float h;
  Half(int v) : h(v * 0.5f) {}
};
template <class... Bases> struct Mixin : Bases... {
  template <class... Args> Mixin(Args... args) : Bases(args)... {}
};

template <std::size_t I, class T> struct holder {
  T value;
  holder() = default;
  template <class U> holder(U &&u) : value(std::forward<U>(u)) {}
};
template <class Seq, class... Ts> struct leaves;
template <std::size_t... I, class... Ts>
struct leaves<std::index_sequence<I...>, Ts...> : holder<I, Ts>... {
  leaves() : holder<I, Ts>()... {}
  template <class... Us> leaves(Us &&...us) : holder<I, Ts>(std::forward<Us>(us))... {}
};
template <class... Ts> struct record {
  leaves<std::index_sequence_for<Ts...>, Ts...> l;
  template <class... Us> record(Us &&...us) : l(std::forward<Us>(us)...) {}
};
template <std::size_t I, class T> T &field(holder<I, T> &h) { return h.value; }
template <std::size_t I, class... Ts> auto &get(record<Ts...> &r) { return field<I>(r.l); }

float combine(int i) {
  Mixin<Count, Half> m(i, i + 1);
  record<int, short, float> r(i * 2, short(i + 3), 0.25f * i);
  return m.n + m.h + get<0>(r) + get<1>(r) + get<2>(r);
}

int main() {
  constexpr int n = 64;
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = combine(static_cast<int>(i[0])); }).wait();
  bool ok = true;
  for (int i = 0; i < n; ++i)
    if (out[i] != combine(i)) {
      std::printf("out[%d] = %g, expected %g\n", i, out[i], combine(i));
      ok = false;
    }
  sycl::free(out, q);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
