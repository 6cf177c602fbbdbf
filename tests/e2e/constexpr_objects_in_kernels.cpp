// Kernels that read `constexpr` locals of the function launching them that
// are not integers: a float or double constant, a table, a 2-D table, a
// struct and an array of structs. Reading such a constant's value does not
// capture it (the host compiler leaves it out of the closure; clang even
// for `table[i]`), while binding a reference to it or taking its address
// does. Either way the kernel must see the same values and
// lay its closure out as the host compiler does (else the launch fails with
// "the host and device compilers disagree on the kernel's layout"). Also
// in lambdas nested in the kernel, generic kernels, kernels with an
// explicit capture list, and a function template.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>

struct Coeff {
  int scale;
  float bias;
};

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

constexpr int N = 64;

template <typename T> void scale_by_table(sycl::queue &q, T *out) {
  constexpr T factors[4] = {T(1), T(2), T(3), T(4)};
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { out[i] = factors[i % 4] * T(i[0]); }).wait();
}

int main() {
  sycl::queue q;
  float *f = sycl::malloc_shared<float>(N, q);
  int *n = sycl::malloc_shared<int>(N, q);
  double *d = sycl::malloc_shared<double>(N, q);

  constexpr float pi = 3.25f;
  constexpr double half = 0.5;
  constexpr int table[4] = {10, 20, 30, 40};
  constexpr int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
  constexpr Coeff coeff{3, 0.5f};
  constexpr Coeff coeffs[2] = {{2, 1.0f}, {5, 2.0f}};

  // Values read: nothing captured but the pointer.
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { f[i] = pi * i[0] + coeff.bias; }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) ok &= f[i] == 3.25f * i + 0.5f;
  check(ok, "constexpr float and struct member");

  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     n[i] = table[i % 4] + grid[i % 2][i % 3] + coeffs[i % 2].scale;
   }).wait();
  ok = true;
  for (int i = 0; i < N; ++i) ok &= n[i] == table[i % 4] + grid[i % 2][i % 3] + coeffs[i % 2].scale;
  check(ok, "tables read by subscript");

  if (q.get_device().has(sycl::aspect::fp64)) {
    q.single_task([=] { d[0] = half * 3.0; }).wait();
    check(d[0] == 1.5, "constexpr double");
  }

  // Uses that capture: references bound to an element and to a struct,
  // an address, a function taking a reference.
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     const int &r = table[i % 4];
     const int *p = &grid[1][0];
     const Coeff &c = coeff;
     n[i] = r + p[i % 3] + c.scale + int(sycl::fmax(pi, 4.0f)) + int(std::max(pi, 1.0f));
   }).wait();
  ok = true;
  for (int i = 0; i < N; ++i) ok &= n[i] == table[i % 4] + grid[1][i % 3] + 3 + 4 + 3;
  check(ok, "odr-uses capture the constants");

  // The same reads in a nested lambda and in a generic kernel.
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     auto term = [&](int k) { return table[k % 4] * pi + coeffs[k % 2].bias; };
     auto copy = [=](int k) { const Coeff &c = coeffs[k % 2]; return c.scale; };
     f[i] = term(int(i[0])) + copy(int(i[0]));
   }).wait();
  ok = true;
  for (int i = 0; i < N; ++i) ok &= f[i] == table[i % 4] * 3.25f + coeffs[i % 2].bias + coeffs[i % 2].scale;
  check(ok, "nested lambdas");

  q.parallel_for(sycl::range<1>(N), [=](auto i) { n[i] = table[i % 4] * coeff.scale + int(pi); }).wait();
  ok = true;
  for (int i = 0; i < N; ++i) ok &= n[i] == table[i % 4] * 3 + 3;
  check(ok, "generic kernel");

  // No capture-default: the constants are read, not captured. (g++ 12
  // rejects `table[i]` there: it does not see through subscripts.)
  q.parallel_for(sycl::range<1>(N), [n](sycl::id<1> i) { n[i] = int(pi * 2) + coeff.scale * int(i[0]); }).wait();
  ok = true;
  for (int i = 0; i < N; ++i) ok &= n[i] == 6 + 3 * i;
  check(ok, "explicit capture list");

  scale_by_table(q, f);
  ok = true;
  for (int i = 0; i < N; ++i) ok &= f[i] == float(i % 4 + 1) * i;
  check(ok, "function template");

  sycl::free(f, q);
  sycl::free(n, q);
  sycl::free(d, q);
  if (failures == 0) std::printf("PASSED\n");
  return failures == 0 ? 0 : 1;
}
