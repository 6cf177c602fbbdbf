// <type_traits> predicates (class templates and _v variable templates),
// if constexpr choosing code per element type, a traits class with a
// partial specialization, and static_assert checked by both compilers.
#include <sycl/sycl.hpp>
#include <iostream>
#include <type_traits>

template <typename T> struct Limits { static constexpr int bits = 8 * sizeof(T); };
template <typename T> struct Limits<T *> { static constexpr int bits = 64; };

static_assert(std::is_same_v<std::remove_cv_t<const volatile int>, int>, "remove_cv");
static_assert(std::is_integral_v<unsigned long> && !std::is_integral_v<float>, "is_integral");
static_assert(std::is_signed_v<int> && std::is_unsigned_v<unsigned>, "signedness");
static_assert(std::is_same_v<std::conditional_t<(sizeof(int) > 2), long, short>, long>, "conditional");
static_assert(Limits<double>::bits == 64 && Limits<char *>::bits == 64, "traits");

template <typename T>
T transform(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    return x * T(0.5);
  } else if constexpr (std::is_same<T, int>::value) {
    return x + 100;
  } else {
    return x;
  }
}

int main() {
  sycl::queue q;
  constexpr int N = 100;
  float *f = sycl::malloc_shared<float>(N, q);
  int *k = sycl::malloc_shared<int>(N, q);
  unsigned *u = sycl::malloc_shared<unsigned>(N, q);
  for (int i = 0; i < N; ++i) {
    f[i] = float(i);
    k[i] = i;
    u[i] = unsigned(i);
  }
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
    f[i[0]] = transform(f[i[0]]);
    k[i[0]] = transform(k[i[0]]) + (Limits<int>::bits - 32);
    u[i[0]] = transform(u[i[0]]);
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) ok = ok && f[i] == 0.5f * i && k[i] == i + 100 && u[i] == unsigned(i);
  sycl::free(f, q);
  sycl::free(k, q);
  sycl::free(u, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
