// Function traits over member pointers, as ported code writes them
// (HeCBench rotary's `function_traits<decltype(&F::operator())>`): partial
// specializations for `T C::*`, `R (C::*)(A...)` and `R (C::*)(A...) const`
// pick the one C++ picks, for data members, member functions and the call
// operators of lambdas (const unless `mutable`), and their results are used
// in kernels.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <tuple>

template <typename T>
struct function_traits : function_traits<decltype(&T::operator())> {};
template <typename T, typename C>
struct function_traits<T C::*> {
  static constexpr int kind = 1;
};
// The call operator's traits come from those of its function type, built
// from the deduced pack (`R(A...)`).
template <typename R, typename... A>
struct signature_traits {
  static constexpr int arity = sizeof...(A);
  using result_type = R;
  using args_tuple = std::tuple<A...>;
};
template <typename R, typename C, typename... A>
struct function_traits<R (C::*)(A...) const> : signature_traits<R, A...> {
  static constexpr int kind = 2;
  using function_type = R(A...);
};
template <typename R, typename C, typename... A>
struct function_traits<R (C::*)(A...)> {
  static constexpr int kind = 3;
  static constexpr int arity = sizeof...(A);
  using result_type = R;
};

struct Gauge {
  float scale(float x) const { return 2 * x; }
  int bump(int a, int b) { return a + b; }
  double level;
};

static_assert(function_traits<double Gauge::*>::kind == 1, "data member");
static_assert(function_traits<decltype(&Gauge::scale)>::kind == 2, "const member function");
static_assert(function_traits<decltype(&Gauge::bump)>::kind == 3, "member function");
static_assert(function_traits<float (Gauge::*)(float) const>::arity == 1, "spelled out");
static_assert(std::tuple_size<function_traits<decltype(&Gauge::scale)>::args_tuple>::value == 1,
              "pack");
template <typename T> struct arity_of_function;
template <typename R, typename... A> struct arity_of_function<R(A...)> {
  static constexpr int value = sizeof...(A);
};

// The traits of a callable, used inside a kernel of a function template.
template <typename F>
void apply(sycl::queue &q, F f, int *out) {
  using traits = function_traits<F>;
  using ret = typename traits::result_type;
  q.single_task([=] {
    F g = f;  // a mutable lambda's call operator needs a non-const object
    std::tuple<int> args{3};
    ret r = g(std::get<0>(args));
    out[0] = int(r * 10);
    out[1] = traits::arity;
    out[2] = traits::kind;
  }).wait();
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(3, q);
  int bad = 0;
  auto check = [&](const char *what, int a, int b, int c) {
    if (out[0] != a || out[1] != b || out[2] != c) {
      std::printf("%s: %d %d %d, want %d %d %d\n", what, out[0], out[1], out[2], a, b, c);
      ++bad;
    }
  };
  apply(q, [](int x) { return x * 1.5f; }, out);
  check("lambda", 45, 1, 2);
  int calls = 0;
  apply(q, [calls](int x) mutable { return double(x + ++calls); }, out);
  check("mutable lambda", 40, 1, 3);
  q.single_task([=] {
    out[0] = function_traits<decltype(&Gauge::scale)>::arity;
    out[1] = function_traits<decltype(&Gauge::bump)>::arity;
    out[2] = function_traits<double Gauge::*>::kind +
             arity_of_function<function_traits<decltype(&Gauge::scale)>::function_type>::value * 10;
  }).wait();
  check("members", 1, 2, 11);
  sycl::free(out, q);
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
