// Kernels launched from function templates constrained the C++17 way: a
// return or parameter type that computes with the template's parameters
// (`std::enable_if_t<std::is_integral_v<T>, T>`, `typename
// std::enable_if<std::is_floating_point<T>::value>::type`, `sizeof(T)`
// tests, non-type parameter arithmetic, a user alias over enable_if_t,
// `std::conditional_t` picked by a trait, `decltype(x + 1)`, trait
// objects such as `std::is_signed<T>{}`). The host
// compiler names each kernel after that spelling; every launch here must
// find its device image.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <type_traits>

using namespace sycl;

template <typename T> constexpr bool is_small_v = sizeof(T) <= 2;

template <typename T> struct is_wide {
  static constexpr bool value = sizeof(T) >= 8;
};

namespace traits {
template <typename T> struct is_word {
  static constexpr bool value = sizeof(T) == 4;
};
template <typename T> constexpr bool word_v = is_word<T>::value;
} // namespace traits

// One kernel that writes `v` into a single-element buffer.
template <typename T> T run_single(queue &q, T v) {
  T r{};
  {
    buffer<T> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] { a[0] = v; });
    });
  }
  return r;
}

template <typename T> std::enable_if_t<std::is_integral_v<T>, T> twice(queue &q, T x) {
  T r{};
  {
    buffer<T> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] { a[0] = x * 2; });
    });
  }
  return r;
}

template <typename T> typename std::enable_if<std::is_floating_point<T>::value, T>::type twice(queue &q, T x) {
  T r{};
  {
    buffer<T> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] { a[0] = x + x; });
    });
  }
  return r;
}

// Overloads told apart by size tests on the parameter.
template <typename T> std::enable_if_t<(sizeof(T) > 4), int> width_class(queue &q, T) {
  return run_single(q, 8);
}
template <typename T> std::enable_if_t<sizeof(T) * 2 == 8u && true, int> width_class(queue &q, T) {
  int r = 0;
  {
    buffer<int> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] { a[0] = 4; });
    });
  }
  return r;
}
template <typename T> std::enable_if_t<is_small_v<T>, int> width_class(queue &q, T) {
  int r = 0;
  {
    buffer<int> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] { a[0] = 2; });
    });
  }
  return r;
}

// Non-type parameter arithmetic and negation.
template <int N> std::enable_if_t<N % 2 == 0 && !(N < 0)> fill_even(queue &q, int *out) {
  q.parallel_for(range<1>(N), [=](id<1> i) { out[i] = N - static_cast<int>(i[0]); }).wait();
}

// A member of a dependent class in the condition, a class template of the
// user's in a namespace.
template <typename T> std::enable_if_t<traits::is_word<T>::value, T> negate(queue &q, T x) {
  T r{};
  {
    buffer<T> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] { a[0] = -x; });
    });
  }
  return r;
}
template <typename T> std::enable_if_t<is_wide<T>::value || traits::word_v<T> == false, T> negate(queue &q, T x) {
  T r{};
  {
    buffer<T> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] { a[0] = T(0) - x; });
    });
  }
  return r;
}

// A user alias that hides the condition.
template <typename T> using if_unsigned = std::enable_if_t<std::is_unsigned_v<T>, T>;

template <typename T> if_unsigned<T> halve(queue &q, T x) {
  T r{};
  {
    buffer<T> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] { a[0] = x / 2u; });
    });
  }
  return r;
}

// The result type picked by a trait.
template <typename T> std::conditional_t<std::is_integral_v<T>, long, double> widen(queue &q, T x) {
  using R = std::conditional_t<std::is_integral_v<T>, long, double>;
  R r{};
  {
    buffer<R> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] { a[0] = R(x) * 3; });
    });
  }
  return r;
}

// Trait objects as conditions: `std::is_signed<T>{}` converts through
// integral_constant's conversion function; a literal compares with `<`.
template <typename T> std::enable_if_t<std::is_signed<T>{} && (1 < sizeof(T)), T> magnitude(queue &q, T x) {
  T r{};
  {
    buffer<T> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] {
        if constexpr (std::is_floating_point<T>{})
          a[0] = x < 0 ? -x : x;
        else
          a[0] = x < 0 ? T(0) - x : x;
      });
    });
  }
  return r;
}

// A constrained parameter (explicit template arguments), a trailing
// decltype return type, and a pointer to a computed type.
template <typename T> void store(queue &q, T *out, std::enable_if_t<!std::is_same_v<T, bool>, T> v) {
  q.single_task([=] { *out = v + 1; }).wait();
}

template <typename T> auto plus_one(queue &q, T x) -> decltype(x + 1) {
  decltype(x + 1) r{};
  {
    buffer<decltype(x + 1)> b(&r, 1);
    q.submit([&](handler &h) {
      accessor a(b, h, write_only);
      h.single_task([=] { a[0] = x + 1; });
    });
  }
  return r;
}

template <typename T, std::size_t N>
std::enable_if_t<(N > 1), std::add_const_t<T> *> sum_into(queue &q, const T (&in)[N], T *out) {
  T copy[N];
  for (std::size_t i = 0; i < N; ++i) copy[i] = in[i];
  std::array<T, N> values{};
  for (std::size_t i = 0; i < N; ++i) values[i] = copy[i];
  q.single_task([=] {
     T s = 0;
     for (std::size_t i = 0; i < N; ++i) s += values[i];
     *out = s;
   }).wait();
  return out;
}

int main() {
  queue q;
  int failures = 0;
  auto check = [&](const char *what, bool ok) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      ++failures;
    }
  };

  check("integral twice", twice(q, 21) == 42);
  check("floating twice", twice(q, 1.25f) == 2.5f);
  check("size 8", width_class(q, 1.0) == 8);
  check("size 4", width_class(q, 1) == 4);
  check("size 2", width_class(q, short(1)) == 2);
  check("negate word", negate(q, 5) == -5);
  check("negate wide", negate(q, 7LL) == -7LL);
  check("halve", halve(q, 9u) == 4u);
  check("widen int", widen(q, 5) == 15L);
  check("widen float", widen(q, 0.5f) == 1.5);
  check("plus_one", plus_one(q, 'a') == 'b');
  check("magnitude int", magnitude(q, -3) == 3);
  check("magnitude double", magnitude(q, -2.5) == 2.5);

  int *even = malloc_shared<int>(4, q);
  fill_even<4>(q, even);
  check("fill_even", even[0] == 4 && even[3] == 1);

  long *one = malloc_shared<long>(1, q);
  store<long>(q, one, 41);
  check("store", *one == 42);

  int *sum = malloc_shared<int>(1, q);
  const int values[3] = {1, 2, 3};
  check("sum_into", sum_into(q, values, sum) == sum && *sum == 6);

  free(even, q);
  free(one, q);
  free(sum, q);
  if (failures == 0) std::printf("PASSED\n");
  return failures != 0;
}
