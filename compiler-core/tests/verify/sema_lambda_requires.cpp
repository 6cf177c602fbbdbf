// syclcc-flags: -std=c++20
// Requires-clauses of lambdas: after the template parameter list and
// trailing (naming the parameters), checked at each call; an unsatisfied
// call is an error with clang's notes saying which constraint failed.
#include <sycl/sycl.hpp>
#include <concepts>

template <typename T> concept Small = sizeof(T) <= 4; // expected-note {{because 'sizeof(double) <= 4' (8 <= 4) evaluated to false}}

void calls() {
  auto f = []<typename T> requires std::integral<T> (T x) { return x; }; // expected-note {{candidate template ignored: constraints not satisfied [with T = double]}} expected-note {{because 'double' does not satisfy 'integral'}}
  auto g = [](auto x) requires std::floating_point<decltype(x)> { return x; }; // expected-note {{candidate template ignored: constraints not satisfied [with x:auto = int]}} expected-note {{does not satisfy 'floating_point'}}
  auto h = []<typename T>(T x) requires Small<T> { return x; }; // expected-note {{constraints not satisfied [with T = double]}} expected-note {{because 'double' does not satisfy 'Small'}}
  int ok = f(1) + int(g(1.0)) + h(2);
  f(1.5); // expected-error {{no matching function for call to object of type}}
  g(1);   // expected-error {{no matching function for call to object of type}}
  h(1.0); // expected-error {{no matching function for call to object of type}}
  (void)ok;
  auto n = [](int x) requires true { return x; }; // expected-error {{non-templated function cannot have a requires clause}}
  (void)n;
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    auto twice = [](auto v) requires (sizeof(v) == 4) { return v * 2; }; // expected-note {{constraints not satisfied [with v:auto = short]}} expected-note {{because 'sizeof (v) == 4' (2 == 4) evaluated to false}}
    auto sum = []<typename... Ts> requires (std::integral<Ts> && ...) (Ts... xs) { return (0 + ... + xs); }; // expected-note {{constraints not satisfied [with Ts = <int, float>]}} expected-note {{because 'float' does not satisfy 'integral'}}
    calls();
    out[0] = twice(3) + sum(1, 2L);
    out[1] = twice(short(2)); // expected-error {{no matching function for call to object of type}}
    out[2] = sum(1, 2.0f);    // expected-error {{no matching function for call to object of type}}
  });
  q.wait();
  return 0;
}
