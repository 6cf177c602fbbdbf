// Generic kernel lambdas (`[=](auto i)`) that use constants of the
// enclosing function. A generic lambda's body is a template, so the host
// compiler captures some constants an ordinary lambda would not, and g++
// and clang++ differ on which: `i < N` and `out[i % N]` (a dependent
// expression) make both capture N; `int z = N;`, `x = N;` and `f(N)` only
// g++; `return N;` and reference binding both; `k < N` and `N * 2` neither.
// Each kernel's closure must match the host's byte for byte.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>

static int bad = 0;

static void check(const char *what, long long got, long long want) {
  if (got != want && bad++ < 10) std::printf("%s: got %lld, want %lld\n", what, got, want);
}

static int twice(int x) { return 2 * x; }
static long long clamp_to(const long long &limit, long long v) { return v < limit ? v : limit; }

int main() {
  sycl::queue q;
  constexpr int N = 64;
  constexpr long long Big = 1ll << 40;
  const int K = 3;
  const short Small = -7;
  char bias = 5;
  int *out = sycl::malloc_shared<int>(8 * N, q);
  long long *wide = sycl::malloc_shared<long long>(N, q);
  for (int i = 0; i < 8 * N; ++i) out[i] = 0;

  // Dependent expressions: captured by both compilers.
  q.parallel_for(sycl::range<1>(N), [=](auto i) {
     if (i < N) out[i % N] = bias + K * i;
   }).wait();
  for (int i = 0; i < N; ++i) check("dependent", out[i], 5 + 3 * i);

  // A constant as a whole initializer, an assignment and an argument:
  // g++ captures, clang does not.
  q.parallel_for(sycl::range<1>(N), [=](auto i) {
     int z = K;
     long long w;
     w = Big;
     out[N + i] = twice(z) + bias + (w > 0);
   }).wait();
  for (int i = 0; i < N; ++i) check("initializers", out[N + i], 6 + 5 + 1);

  // Operands of non-dependent operators: neither captures.
  q.parallel_for(sycl::range<1>(N), [=](auto i) {
     int s = 0;
     for (int k = 0; k < N; k += K) s += k * 2;
     out[2 * N + i] = s + Small * 2 + bias;
   }).wait();
  int s = 0;
  for (int k = 0; k < N; k += 3) s += k * 2;
  for (int i = 0; i < N; ++i) check("folded", out[2 * N + i], s - 14 + 5);

  // Reference binding (both capture), a cast and a conditional.
  q.parallel_for(sycl::range<1>(N), [=](auto i) {
     long long v = clamp_to(Big, i * Big);
     wide[i] = v + (long long)Small;
     out[3 * N + i] = i % 2 ? Small : K;
   }).wait();
  for (int i = 0; i < N; ++i) {
    long long v = i * (1ll << 40);
    check("reference", wide[i], (v < (1ll << 40) ? v : (1ll << 40)) - 7);
    check("conditional", out[3 * N + i], i % 2 ? -7 : 3);
  }

  // Uses in several full-expressions, in both orders: the closure keeps
  // each capture at its first capturing use.
  q.parallel_for(sycl::range<1>(N), [=](auto i) {
     int base = N * 2;
     out[4 * N + i] = base + bias;
     out[5 * N + (i + N) % N] = Small + bias;
   }).wait();
  for (int i = 0; i < N; ++i) {
    check("order, first", out[4 * N + i], 128 + 5);
    check("order, second", out[5 * N + i], -2);
  }

  // A generic lambda with an nd_item, and std::min on a constant.
  q.parallel_for(sycl::nd_range<1>(N, 16), [=](auto it) {
     auto g = it.get_global_id(0);
     out[6 * N + g] = std::min<int>(static_cast<int>(it.get_local_id(0)), K) + (g < N ? bias : 0);
   }).wait();
  for (int i = 0; i < N; ++i) check("nd_item", out[6 * N + i], std::min(i % 16, 3) + 5);

  sycl::free(out, q);
  sycl::free(wide, q);
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
