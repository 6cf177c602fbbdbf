// syclcc-flags: -std=c++20
// The `overloaded` idiom without a deduction guide (C++20 aggregate
// deduction: the closures deduce the bases, also for a plain aggregate's
// members), and calls that no lambda takes or that two take equally well.
#include <sycl/sycl.hpp>
#include <concepts>

template <class... Ts> struct overloaded : Ts... { using Ts::operator()...; };
template <class T, class U> struct Pair { T first; U second; };

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    auto f = overloaded{[](int x) { return x + 1; }, [](float x) { return int(x) * 2; }}; // expected-note 2 {{candidate function}}
    auto g = overloaded{[](short x) { return 1; }, [](std::floating_point auto x) { return 2; }}; // expected-note {{candidate function not viable: no known conversion from 'Pair<int, float>' to 'short' for 1st argument}} expected-note {{candidate template ignored: constraints not satisfied [with x:auto = Pair<int, float>]}} expected-note {{because 'Pair<int, float>' does not satisfy 'floating_point'}}
    Pair p{1, 2.5f};
    static_assert(std::is_same_v<decltype(p), Pair<int, float>>);
    out[0] = f(3) + f(1.5f) + g(short(1)) + g(2.0) + p.first;
    out[1] = f(2.0); // expected-error {{call to object of type 'overloaded<}}
    out[2] = g(p);   // expected-error {{no matching function for call to object of type 'overloaded<}}
  });
  q.wait();
  return 0;
}
