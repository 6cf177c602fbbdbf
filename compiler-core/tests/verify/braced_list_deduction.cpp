// A braced-init-list argument deduces nothing ([temp.deduct.call]/1): a
// function parameter pack cannot take it (the variadic constructor is not
// viable for `Q{s, {P1{}}}`), and a parameter that names a template
// parameter is left to the other arguments (`fill(v, {1, 2})`).
// expected-no-diagnostics
#include <sycl/sycl.hpp>

struct P1 {};
struct P2 {};
struct Props {
  template <class... Ps>
  Props(Ps...) : count(sizeof...(Ps)) {}
  int count;
};
struct Sel {};
struct Q {
  template <class... Args>
  explicit Q(const Args &...) : which(1), props(0) {}
  Q(const Sel &, const Props &p) : which(2), props(p.count) {}
  int which, props;
};
struct Pair {
  int a, b;
};
template <class T>
T fill(T seed, Pair p) { return seed + T(p.a * p.b); }

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  q.single_task([=] {
    Sel s;
    Q braces{s, {P1{}}};
    auto cast = Q{s, {P1{}, P2{}}};
    Q parens(s, {P2{}});
    Q variadic(s, 3);
    out[0] = braces.which * 10 + braces.props;
    out[1] = cast.which * 10 + cast.props;
    out[2] = parens.which * 10 + parens.props;
    out[3] = variadic.which;
    out[4] = fill(2, {3, 4});
  }).wait();
  sycl::free(out, q);
}
