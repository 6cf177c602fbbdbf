// constexpr functions as array bounds and template arguments, static_assert
// with messages, sizeof/alignof of user types, all inside device code.
#include <sycl/sycl.hpp>
#include <iostream>

constexpr int square(int x) { return x * x; }
constexpr int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

struct alignas(8) Packet {
  char tag;
  int value;
  double weight;
};
static_assert(sizeof(Packet) == 16, "Packet is laid out as g++ does");
static_assert(alignof(Packet) == 8, "alignas(8)");
static_assert(fib(10) == 55, "constexpr recursion");

template <int N>
struct Window {
  int cells[N];
  static constexpr int size = N;
};

int main() {
  sycl::queue q;
  constexpr int N = square(8);
  int *out = sycl::malloc_shared<int>(N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    Window<square(2)> w{};
    for (int k = 0; k < Window<square(2)>::size; ++k) w.cells[k] = k * i;
    int acc = 0;
    for (int k = 0; k < w.size; ++k) acc += w.cells[k];
    constexpr int f6 = fib(6);  // a constant: no recursion at run time
    out[i] = acc + f6 + static_cast<int>(sizeof(Packet));
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) ok = ok && out[i] == 6 * i + 8 + 16;
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
