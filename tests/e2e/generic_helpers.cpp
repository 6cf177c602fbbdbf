// Generic lambdas used as helpers inside a kernel (by value, const auto&,
// two auto parameters), function templates deducing from references, and
// CTAD for range and for a buffer over a pointer.
#include <sycl/sycl.hpp>
#include <iostream>

template <typename T>
void accumulate_into(T &acc, const T &x) { acc += x; }

template <typename A, typename B>
auto mul(A a, B b) { return a * b; }

int main() {
  constexpr size_t N = 500;
  float host[N];
  for (size_t i = 0; i < N; ++i) host[i] = 0.5f * i;
  sycl::queue q;
  {
    sycl::buffer buf{host, sycl::range{N}};
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{buf, h, sycl::read_write};
      h.parallel_for(sycl::range{N}, [=](sycl::id<1> i) {
        auto square = [](auto x) { return x * x; };
        auto add = [](const auto &x, const auto &y) { return x + y; };
        float acc = 0.0f;
        accumulate_into(acc, square(a[i]));
        accumulate_into(acc, add(1.0f, mul(2, a[i])));
        a[i] = acc;
      });
    });
  }
  for (size_t i = 0; i < N; ++i) {
    float x = 0.5f * i;
    float want = x * x + (1.0f + 2 * x);
    if (host[i] != want) {
      std::cout << "FAILED at " << i << ": " << host[i] << " != " << want << "\n";
      return 1;
    }
  }
  std::cout << "PASSED\n";
  return 0;
}
