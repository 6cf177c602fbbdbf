// constexpr functions whose bodies use `switch` (fall-through, `default`,
// `break`, blocks inside cases) and local arrays of integers (braced and
// partial initializers, element stores, compound assignments and
// increments, range-for over them), evaluated by the device compiler where
// device code needs a constant: array bounds, template arguments,
// `static_assert`.
#include <sycl/sycl.hpp>
#include <cstdint>
#include <cstdio>

constexpr int pick(int k) {
  switch (k) {
  case 0:
    return 3;
  case 1:
  case 2: {
    int t = k * 10;
    return t + 1;
  }
  case 5:
    k += 100;
    [[fallthrough]];
  case 6:
    k += 1;
    break;
  default:
    return -1;
  }
  return k;
}

constexpr int weighted_table_sum(int n) {
  int t[6] = {1, 2, 3};
  t[5] = 10;
  t[3] += 4;
  ++t[4];
  int s = 0;
  for (int i = 0; i < n; ++i) s += t[i] * (i + 1);
  for (int x : t) s += x;
  return s;
}

constexpr std::uint8_t wrapped_bytes() {
  std::uint8_t b[2]{};
  b[0] = 250;
  b[0] += 10;  // wraps to 4
  return b[0] + b[1];
}

// A table built in a loop, then searched.
constexpr int first_prime_after(int n) {
  bool composite[64] = {};
  for (int i = 2; i < 64; ++i)
    if (!composite[i])
      for (int j = i * i; j < 64; j += i) composite[j] = true;
  for (int i = n + 1; i < 64; ++i)
    if (!composite[i]) return i;
  return 0;
}

enum class Shape { point, line, triangle, quad };
constexpr int corners(Shape s) {
  switch (s) {
  case Shape::point: return 1;
  case Shape::line: return 2;
  case Shape::triangle: return 3;
  default: return 4;
  }
}

static_assert(pick(0) == 3 && pick(1) == 11 && pick(2) == 21, "switch cases");
static_assert(pick(5) == 106 && pick(6) == 7 && pick(9) == -1, "fall-through and default");
static_assert(weighted_table_sum(6) == 1 + 4 + 9 + 16 + 5 + 60 + 21, "local arrays");
static_assert(wrapped_bytes() == 4, "elements wrap to their type");
static_assert(first_prime_after(20) == 23, "sieve");
static_assert(corners(Shape::quad) == 4, "enum switch");

template <int N> struct Fixed { int v[N]; };

int main() {
  sycl::queue q;
  int *r = sycl::malloc_shared<int>(4, q);
  q.single_task([=] {
     int lanes[pick(6)];  // 7
     for (int i = 0; i < pick(6); ++i) lanes[i] = i;
     Fixed<weighted_table_sum(2)> f{};  // 26
     int primes[first_prime_after(30)];  // 31
     primes[30] = corners(Shape::triangle);
     r[0] = lanes[6];
     r[1] = sizeof(f.v) / sizeof(int);
     r[2] = primes[30] + int(sizeof(primes) / sizeof(int));
     r[3] = wrapped_bytes();
   }).wait();
  const int expected[4] = {6, 26, 34, 4};
  bool ok = true;
  for (int i = 0; i < 4; ++i) {
    if (r[i] != expected[i]) {
      std::printf("r[%d] = %d, expected %d\n", i, r[i], expected[i]);
      ok = false;
    }
  }
  sycl::free(r, q);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
