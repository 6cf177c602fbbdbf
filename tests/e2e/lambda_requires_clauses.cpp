// syclcc-flags: -std=c++20
// Requires-clauses on lambdas (C++20): after the template parameter list
// (`[]<typename T> requires C<T> (T x)`) and trailing, after the
// declarator (`[](auto x) requires C<decltype(x)>`), checked at each call;
// a lambda with one called in kernels, inside templated lambdas that launch
// kernels, and a constrained templated lambda as the kernel itself.
#include <sycl/sycl.hpp>
#include <concepts>
#include <iostream>
#include <type_traits>

template <typename T> concept Small = sizeof(T) <= 4;
template <typename T> concept HasHalf = requires(T t) { t.half(); };

template <typename F, typename A> constexpr bool callable = requires(F f, A a) { f(a); };

struct Pair {
  int a, b;
  int half() const { return (a + b) / 2; }
};

// In an inline function the host compilers number the closures; the
// constrained ones must get the names and layouts they give them.
inline int launch_scaled(sycl::queue &q, int *d, int n, int scale) {
  auto launch = [&]<typename T> requires std::integral<T> (T k) {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      d[i] = int(i[0]) * int(k) + scale;
    }).wait();
    return int(k);
  };
  return launch(short(3)) + launch(4L);
}

int main() {
  sycl::queue q;
  constexpr int N = 64;
  int *d = sycl::malloc_shared<int>(N * 4, q);
  bool ok = true;

  int bias = 5;
  // Header requires-clauses: a concept-id, a conjunction with a
  // parenthesized expression, a requires-expression.
  auto twice = []<typename T> requires std::integral<T> (T x) { return x * 2; };
  auto narrow = [=]<typename T> requires std::floating_point<T> && (sizeof(T) == 4) (T x) {
    return int(x) + bias;
  };
  auto halve = []<typename T> requires requires(const T &t) { t.half(); } (const T &t) {
    return t.half();
  };
  // Trailing requires-clauses naming the parameters, with `auto` and with
  // the template parameters; a disjunction.
  auto scale = [bias](auto x) requires std::floating_point<decltype(x)> {
    return x * decltype(x)(bias);
  };
  auto pick = []<typename T>(T a, T b) requires Small<T> || HasHalf<T> { return a < b ? b : a; };
  auto sum = [](auto... xs) requires (std::integral<decltype(xs)> && ...) { return (0 + ... + xs); };
  auto first = [](const auto &p) requires HasHalf<std::remove_cvref_t<decltype(p)>> { return p.a; };

  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = int(id[0]);
    int *o = d + i * 4;
    Pair p{i, 3 * i};
    o[0] = twice(i) + int(twice(short(i)));
    o[1] = narrow(float(i) + 0.5f) + halve(p);
    o[2] = int(scale(float(i))) + int(scale(0.25));
    o[3] = pick(i, 7) + pick(short(2), short(i)) + sum(i, 1, short(2), 3L) + first(p);
  }).wait();
  for (int i = 0; i < N; i++) {
    const int *o = d + i * 4;
    ok &= o[0] == 4 * i;
    ok &= o[1] == i + 5 + 2 * i;
    ok &= o[2] == 5 * i + int(0.25 * 5);
    ok &= o[3] == (i < 7 ? 7 : i) + (i < 2 ? 2 : i) + (i + 6) + i;
  }
  if (!ok) std::cout << "FAILED: constrained lambdas in a kernel\n";

  bool ok2 = launch_scaled(q, d, N, 9) == 7;
  for (int k = 0; k < N; k++) ok2 &= d[k] == 4 * k + 9;
  if (!ok2) std::cout << "FAILED: a constrained lambda launching kernels\n";

  // A constrained templated lambda as the kernel itself.
  q.parallel_for(sycl::range<2>(4, N / 4), [=]<int D> requires (D == 2) (sycl::item<D> it) {
    d[it.get_linear_id()] = D * 1000 + int(it.get_linear_id());
  }).wait();
  bool ok3 = true;
  for (int k = 0; k < N; k++) ok3 &= d[k] == 2000 + k;
  if (!ok3) std::cout << "FAILED: a constrained lambda as the kernel\n";

  // Satisfaction is checked at the call: a call whose constraints are not
  // satisfied is invalid, which a requires-expression over the closure
  // type tells (a substitution failure, not an error).
  static_assert(callable<decltype(twice), int> && !callable<decltype(twice), double>);
  static_assert(callable<decltype(scale), float> && !callable<decltype(scale), int>);
  static_assert(!callable<decltype(halve), int> && callable<decltype(halve), Pair>);
  static_assert(!std::is_invocable_v<decltype(sum), int, double> && std::is_invocable_v<decltype(sum), int, long>);

  ok = ok && ok2 && ok3;
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  sycl::free(d, q);
  return ok ? 0 : 1;
}
