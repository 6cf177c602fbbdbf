// Functions with several returns that return references, inlined into
// kernels: to private values (`max_of(x, y)` of two locals, as ported CUDA
// helpers write it), to global memory, to either (chosen at run time), and
// written through (`pick(a, b, c, k) += 10`).
#include <sycl/sycl.hpp>
#include <cstdio>

template <typename T>
const T &max_of(const T &a, const T &b) {
  if (a < b)
    return b;
  else
    return a;
}

template <typename T>
T &pick(T &a, T &b, T &c, int k) {
  if (k == 0) return a;
  if (k == 1) return b;
  return c;
}

// One return names global memory, the other a private value.
static const int &either(const int &global, const int &local, bool first) {
  if (first) return global;
  return local;
}

int main() {
  sycl::queue q;
  const int n = 64;
  int *d = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n, q);
  for (int i = 0; i < n; ++i) d[i] = i;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = int(id[0]);
     int x = i * 3 % 7, y = i % 5;
     int m = max_of(x, y);
     int g = max_of(d[i], d[n - 1 - i]);
     int a = 1, b = 2, c = 3;
     pick(a, b, c, i % 3) += 10;
     int local = -i;
     int e = either(d[i], local, i % 2 == 0);
     out[i] = m * 100000 + g * 1000 + (a + b + c) * 10 + (e < 0 ? 1 : 0) + e * 0;
   }).wait();
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    int x = i * 3 % 7, y = i % 5;
    int m = x < y ? y : x, g = i < n - 1 - i ? n - 1 - i : i;
    int e = i % 2 == 0 ? i : -i;
    int want = m * 100000 + g * 1000 + 16 * 10 + (e < 0 ? 1 : 0);
    if (out[i] != want) {
      if (failures++ < 8) std::printf("FAILED: item %d: %d, want %d\n", i, out[i], want);
    }
  }
  sycl::free(d, q);
  sycl::free(out, q);
  if (failures == 0) std::printf("PASSED\n");
  return failures == 0 ? 0 : 1;
}
