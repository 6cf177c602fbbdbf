// Variadic templates in device code: function parameter packs, folds (unary,
// binary, comma, logical), sizeof..., recursion with a non-variadic base case,
// perfect forwarding, packs in template argument lists, class templates with
// packs and partial specializations, a kernel inside a variadic template,
// and std::apply written by hand: indices deduced through the alias template
// `std::index_sequence<I...>` (`integer_sequence<size_t, I...>`); a class
// template's pack expanded in a member's parameters before deduced ones
// (`call(const Done &...done, const Next &next, const Rest &...rest)`).
#include <sycl/sycl.hpp>
#include <iostream>
#include <tuple>
#include <type_traits>
#include <utility>

template <class F, class Tuple, size_t... I>
constexpr decltype(auto) apply_indexed(F &&f, Tuple &&t, std::index_sequence<I...>) {
  return std::forward<F>(f)(std::get<I>(std::forward<Tuple>(t))...);
}
template <class F, class Tuple>
constexpr decltype(auto) apply_tuple(F &&f, Tuple &&t) {
  using indices = std::make_index_sequence<std::tuple_size<std::remove_reference_t<Tuple>>::value>;
  return apply_indexed(std::forward<F>(f), std::forward<Tuple>(t), indices{});
}

template <typename... Ts>
auto sum(Ts... xs) { return (xs + ... + 0); }

template <typename... Ts>
auto product(Ts... xs) { return (... * xs); }

template <typename T>
T max_of(T x) { return x; }

template <typename T, typename... Rest>
T max_of(T x, Rest... rest) {
  T m = max_of(rest...);
  return x > m ? x : m;
}

template <typename... Ts>
constexpr std::size_t count_args(const Ts &...) { return sizeof...(Ts); }

template <typename F, typename... Args>
auto invoke_with(F f, Args &&...args) { return f(std::forward<Args>(args)...); }

template <typename... Ts>
bool all_positive(Ts... xs) { return ((xs > 0) && ...); }

template <typename... Ts>
bool any_zero(Ts... xs) { return ((xs == 0) || ...); }

template <typename... Ts>
int accumulate_squares(Ts... xs) {
  int total = 0;
  ((total += xs * xs), ...);
  return total;
}

template <typename... Ts>
int third_of(Ts... xs) {
  int values[] = {xs...};
  return values[2];
}

// Compile-time lists: packs of values and types, partial specialization.
template <int... Ns>
struct IntList {
  static constexpr int size = sizeof...(Ns);
  static constexpr int total = (Ns + ... + 0);
};

template <typename... Ts>
struct TypeList {};

template <typename List>
struct Front;
template <typename T, typename... Rest>
struct Front<TypeList<T, Rest...>> {
  using type = T;
  using rest = TypeList<Rest...>;
};

template <typename... Ts>
constexpr std::size_t total_size() { return (sizeof(Ts) + ... + 0); }

static_assert(IntList<1, 2, 3>::total == 6, "value pack fold");
static_assert(IntList<>::size == 0, "empty pack");
static_assert(total_size<char, int, double>() == 13, "type pack fold");
static_assert(std::is_same<Front<TypeList<float, int>>::type, float>::value, "front");
static_assert(std::is_same<Front<Front<TypeList<float, int>>::rest>::type, int>::value, "rest");

// A recursive tuple-like aggregate built from a pack.
template <typename... Ts>
struct Stack;
template <>
struct Stack<> {
  int sum() const { return 0; }
};
template <typename T, typename... Rest>
struct Stack<T, Rest...> {
  T head;
  Stack<Rest...> tail;
  int sum() const { return int(head) + tail.sum(); }
};

// Moves arguments one by one from the deduced pack to the class's pack: the
// last argument, times 1000, plus the sum of the others.
template <typename... Done>
struct Split {
  template <typename Next, typename... Rest>
  static int call(const Done &...done, const Next &next, const Rest &...rest) {
    if constexpr (sizeof...(Rest) == 0)
      return int(next) * 1000 + (0 + ... + int(done));
    else
      return Split<Done..., Next>::call(done..., next, rest...);
  }
};

// A kernel inside a variadic function template: its key names the pack.
template <typename... Ts>
int kernel_sum(sycl::queue &q, Ts... xs) {
  int result = 0;
  {
    sycl::buffer<int, 1> out(&result, sycl::range<1>(1));
    q.submit([&](sycl::handler &h) {
      sycl::accessor r(out, h, sycl::write_only);
      h.single_task([=]() { r[0] = (int(xs) + ... + 0); });
    });
  }
  return result;
}

int main() {
  sycl::queue q;
  constexpr int N = 15;
  int *out = sycl::malloc_shared<int>(N, q);
  q.single_task([=]() {
     out[0] = sum(1, 2, 3, 4);
     out[1] = product(2, 3, 4);
     out[2] = max_of(3, 9, 4, 7);
     out[3] = int(count_args(1, 2.0f, 'c'));
     out[4] = invoke_with([](int a, int b) { return a * b; }, 6, 7);
     out[5] = all_positive(1, 2, 3) && !all_positive(1, -2) && any_zero(3, 0);
     out[6] = accumulate_squares(1, 2, 3);
     out[7] = third_of(5, 6, 7, 8);
     out[8] = IntList<1, 2, 3, 4, 5>::total + IntList<7, 8>::size;
     Stack<int, short, long> s{1, {2, {3, {}}}};
     out[9] = s.sum();
     out[10] = sum();
     int x = 10;
     out[11] = invoke_with([](int &r, int d) { r += d; return r; }, x, 5) + x;
     std::tuple<int, int, int> args[2] = {{1, 2, 3}, {4, 5, 6}};
     out[12] = apply_tuple([](int a, int b, int c) { return a * 100 + b * 10 + c; }, args[1]);
     out[13] = Split<>::call(1, 2, short(3), 4);
     out[14] = Split<int>::call(5, 6.5f);
   }).wait();
  int expected[N] = {10, 24, 9, 3, 42, 1, 14, 7, 17, 6, 0, 30, 456, 4006, 6005};
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    if (out[i] != expected[i]) {
      std::cout << "out[" << i << "] = " << out[i] << ", expected " << expected[i] << "\n";
      ok = false;
    }
  }
  ok = ok && kernel_sum(q, 1, 2, 3) == 6 && kernel_sum(q, 4.5f, 1) == 5 && kernel_sum(q) == 0;
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
