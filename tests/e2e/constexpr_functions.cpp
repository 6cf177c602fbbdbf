// constexpr functions as array bounds and template arguments, static_assert
// with messages, sizeof/alignof of user types, all inside device code;
// C++14 constexpr functions with locals, loops and branches; constexpr
// functions returning classes, std::array and enumerations, read in
// constant expressions (`tile_dims(4).w`, `squares()[3]`,
// `constexpr Dims d = tile_dims(5);`).
#include <sycl/sycl.hpp>
#include <array>
#include <iostream>

struct Dims {
  int w, h;
  constexpr int area() const { return w * h; }
};
constexpr Dims tile_dims(int s) { return Dims{s * 2, s}; }
constexpr Dims braced_dims(int s) { return {s + 1, s + 2}; }
constexpr Dims widened(Dims d) {
  Dims r = d;
  r.w *= 2;
  return r;
}
constexpr std::array<int, 4> squares() {
  std::array<int, 4> t{};
  for (int i = 0; i < 4; ++i) t[i] = i * i;
  return t;
}
struct Config {
  int n, m;
  static constexpr Config make() { return {3, 5}; }
};
enum class Mode { Fast = 1, Exact = 2 };
constexpr Mode choose(bool exact) { return exact ? Mode::Exact : Mode::Fast; }
template <int N>
int constant() {
  return N;
}

constexpr int square(int x) { return x * x; }
constexpr int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// C++14 bodies: locals, loops, compound assignment, early returns.
constexpr unsigned next_pow2(unsigned v) {
  unsigned p = 1;
  while (p < v) p <<= 1;
  return p;
}
constexpr int ilog2(long n) {
  int bits = -1;
  for (; n > 0; n /= 2) ++bits;
  return bits;
}
constexpr int digits_sum(int n) {
  int sum = 0;
  do {
    sum += n % 10;
    n /= 10;
  } while (n != 0);
  return sum;
}
constexpr bool is_prime(int n) {
  if (n < 2) return false;
  for (int d = 2; d * d <= n; ++d) {
    if (n % d == 0) return false;
  }
  return true;
}
constexpr int nth_prime(int n) {
  int found = 0;
  for (int c = 2;; ++c) {
    if (!is_prime(c)) continue;
    if (++found == n) return c;
  }
}
constexpr unsigned char wrapped() {
  unsigned char c = 250;
  c += 10;  // wraps to 4, as the host computes it
  return c;
}
// Recursion through a class template's own name with other arguments.
template <int N>
struct Factorial {
  static constexpr int value = N * Factorial<N - 1>::value;
  static int digits() { return N + Factorial<N - 1>::digits(); }
};
template <>
struct Factorial<0> {
  static constexpr int value = 1;
  static int digits() { return 0; }
};
static_assert(Factorial<5>::value == 120, "recursive static constants");
static_assert(next_pow2(100) == 128, "loop with a shift");
static_assert(ilog2(1024) == 10, "for with an empty init");
static_assert(digits_sum(98765) == 35, "do-while");
static_assert(nth_prime(10) == 29, "nested calls, continue, return from a loop");
static_assert(wrapped() == 4, "locals wrap to their type");

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
    int table[next_pow2(5)];     // a C++14 constexpr call as an array bound
    for (int k = 0; k < next_pow2(5); ++k) table[k] = k;
    Window<ilog2(16)> small{};   // ... and as a template argument
    out[i] = acc + f6 + static_cast<int>(sizeof(Packet)) + table[7] - 7 + small.size - 4 +
             (is_prime(i) ? 1000 : 0) + Factorial<4>::value + Factorial<4>::digits() - 34;
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) ok = ok && out[i] == 6 * i + 8 + 16 + (is_prime(i) ? 1000 : 0);

  // Class, array and enumeration results of constexpr calls as constants.
  q.single_task([=] {
     out[0] = constant<tile_dims(4).w>();
     out[1] = constant<braced_dims(1).h>();
     out[2] = constant<widened(Dims{2, 3}).w>();
     out[3] = constant<squares()[3]>();
     out[4] = constant<Config::make().m>();
     constexpr Dims d = tile_dims(5);
     out[5] = constant<d.area()>();
     int bounded[tile_dims(2).h + 1] = {};
     out[6] = sizeof(bounded) / sizeof(int);
     constexpr Mode m = choose(true);
     out[7] = constant<static_cast<int>(m)>();
     out[8] = constant<tile_dims(3).area()>() + d.h;
   }).wait();
  const int objects[] = {8, 3, 4, 9, 5, 50, 3, 2, 23};
  for (int k = 0; k < 9; ++k) {
    if (out[k] != objects[k]) {
      std::cout << "constexpr object result " << k << ": " << out[k] << ", expected " << objects[k] << "\n";
      ok = false;
    }
  }
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
