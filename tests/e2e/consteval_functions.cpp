// syclcc-flags: -std=c++20
// C++20 immediate functions and constinit: consteval functions, static
// member functions, function templates and lambdas called in kernels
// (array bounds, constants, plain expressions), a constinit global
// initialized by one. The host compiler checks that every call is constant.
#include <sycl/sycl.hpp>
#include <cstdio>
consteval int sq(int x) { return x * x; }
constinit int counter = sq(3);
struct Scale { static consteval float factor() { return 2.5f; } };
template <int N> consteval int pow2() { return 1 << N; }
int main() {
  sycl::queue q;
  int *o = sycl::malloc_shared<int>(4, q);
  q.single_task([=] {
    constexpr int s = sq(5);
    int arr[sq(2)];
    o[0] = s + int(sizeof(arr) / sizeof(int));
    o[1] = int(Scale::factor() * 4);
    auto triple = [](int v) consteval { return 3 * v; };
    o[2] = triple(7);
    o[3] = pow2<5>();
  }).wait();
  bool ok = o[0] == 29 && o[1] == 10 && o[2] == 21 && o[3] == 32 && counter == 9;
  printf("%d %d %d %d %s\n", o[0], o[1], o[2], o[3], ok ? "PASSED" : "FAILED");
  return !ok;
}
