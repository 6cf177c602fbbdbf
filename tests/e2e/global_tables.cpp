// Constant tables at namespace scope whose bound comes from the
// initializer (`T t[] = {...}`, `char s[] = "..."`), read by kernels:
// `sizeof` gives the whole table, elements are read at constant and
// run-time indices, and pointers into them (a `const char *` into a
// string, a `const int *` walked by a loop) read the same values.
#include <sycl/sycl.hpp>
#include <cstdio>

static const float coeffs[] = {0.5f, 0.25f, 0.125f, 0.0625f};
const char name[] = "abcdef";
constexpr int primes[] = {2, 3, 5, 7, 11, 13};

int main() {
  sycl::queue q;
  const int n = 8;
  float *r = sycl::malloc_shared<float>(n, q);
  int *walk = sycl::malloc_shared<int>(6, q);
  q.single_task([=] {
    float s = 0;
    for (size_t i = 0; i < sizeof(coeffs) / sizeof(coeffs[0]); ++i) s += coeffs[i];
    r[0] = s;
    r[1] = sizeof(name);
    r[2] = name[5];
    const char *p = name + 2;
    r[3] = p[1];
    r[4] = sizeof(primes) / sizeof(int);
  });
  q.parallel_for(sycl::range<1>(6), [=](sycl::id<1> i) {
    const int *p = primes;
    walk[i] = p[5 - i] * 10 + static_cast<int>(coeffs[i % 4] * 16);
  });
  q.wait();
  bool ok = r[0] == 0.9375f && r[1] == 7 && r[2] == 'f' && r[3] == 'd' && r[4] == 6;
  const int primes_host[] = {2, 3, 5, 7, 11, 13};
  const float coeffs_host[] = {0.5f, 0.25f, 0.125f, 0.0625f};
  for (int i = 0; i < 6; ++i) {
    int want = primes_host[5 - i] * 10 + static_cast<int>(coeffs_host[i % 4] * 16);
    if (walk[i] != want) {
      std::printf("walk[%d] = %d, want %d\n", i, walk[i], want);
      ok = false;
    }
  }
  std::printf("%g %g %g %g %g\n", r[0], r[1], r[2], r[3], r[4]);
  sycl::free(r, q);
  sycl::free(walk, q);
  std::printf(ok ? "PASSED\n" : "FAILED\n");
  return ok ? 0 : 1;
}
