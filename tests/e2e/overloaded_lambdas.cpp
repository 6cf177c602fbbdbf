// syclcc-flags: -std=c++20
// The `overloaded` idiom: a class template deriving from a pack of closure
// types and bringing their call operators together (`using
// Ts::operator()...;`), made with a deduction guide (C++20's aggregate
// deduction without one is in verify `sema_overloaded_lambdas.cpp`: clang
// 14 does not have it); calls with arguments of different types choose
// different lambdas by overload resolution (exact matches, promotions,
// generic and constrained generic lambdas, a non-template beating a
// template). Made in kernels, and made on the host and captured by one.
#include <sycl/sycl.hpp>
#include <concepts>
#include <iostream>

template <class... Ts> struct overloaded : Ts... { using Ts::operator()...; };
template <class... Ts> overloaded(Ts...) -> overloaded<Ts...>;

// The same, with a guide of references decayed by the parameters.
template <class... Ts> struct overload_set : Ts... { using Ts::operator()...; };
template <class... Ts> overload_set(Ts &&...) -> overload_set<std::decay_t<Ts>...>;

struct Pt {
  int x, y;
};

int main() {
  sycl::queue q;
  constexpr int N = 32;
  int *out = sycl::malloc_shared<int>(N * 8, q);
  int bias = 7, k = 3, m = 5;

  // Made on the host, captured by the kernel (its layout is the host's).
  overloaded outer{[k](int x) { return x + k; }, [m](float x) { return int(x) * m; }};

  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = int(id[0]);
    int *o = out + i * 8;
    auto f = overloaded{
        [](int x) { return x * 2; },
        [bias](float x) { return int(x * 10) + bias; },
        [](const Pt &p) { return p.x + p.y; },
    };
    o[0] = f(i);
    o[1] = f(float(i) + 0.5f);
    o[2] = f(Pt{i, 1});
    // A generic fallback: the non-template wins a tie, the template an
    // exact match over a promotion.
    auto g = overload_set{[](int) { return 1; }, [](auto x) { return 2 + int(sizeof(x)); }};
    o[3] = g(i) * 100 + g(short(i)) * 10 + g(2.0);
    // The declaration form.
    overloaded h{[](double d) { return int(d) + 1; }, [](long l) { return int(l) + 2; }};
    o[4] = h(2.5) + h(3L) * 10;
    o[5] = outer(i) + outer(2.0f);
    // Constrained generic lambdas: the constraints choose.
    auto c = overload_set{[](std::integral auto x) { return int(x) + 1000; },
                          [](std::floating_point auto x) { return int(x * 2); }};
    o[6] = c(i) + c(1.5f) + c(char(1));
    // Nested: an overloaded set of overloaded sets.
    auto n = overloaded{f, [](bool b) { return b ? -1 : -2; }};
    o[7] = n(i) + n(true);
  }).wait();

  int errors = 0;
  for (int i = 0; i < N; i++) {
    const int *o = out + i * 8;
    int want[8] = {2 * i,
                   int((float(i) + 0.5f) * 10) + bias,
                   i + 1,
                   100 + 4 * 10 + 10,
                   3 + 50,
                   (i + k) + 2 * m,
                   (i + 1000) + 3 + 1001,
                   2 * i - 1};
    for (int j = 0; j < 8; j++)
      if (o[j] != want[j] && errors++ < 10)
        std::cout << "FAILED at " << i << "[" << j << "]: " << o[j] << " != " << want[j] << "\n";
  }
  sycl::free(out, q);
  std::cout << (errors ? "FAILED" : "PASSED") << "\n";
  return errors != 0;
}
