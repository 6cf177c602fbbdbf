// Kernels in variadic templates capturing the elements of a function
// parameter pack: passed on in a call (`body(i, views...)`, as a library
// launching kernels over any number of arrays does), in a braced list, and
// in left and right folds with an operation whose order shows (`-`, so a
// closure whose elements lie in another order than the host compiler laid
// them out computes another number), beside another captured array used
// after the pack or as a fold's init. clang captures in order of use, a
// right fold's init and then its elements last first; g++ lays the pack's
// elements out after every other capture.
#include <sycl/sycl.hpp>
#include <cstdio>

struct Weighted {
  int scale;
  template <typename A, typename B, typename C>
  int operator()(size_t i, A a, B b, C c) const {
    return scale * (100 * a[i] + 10 * b[i] + c[i]);
  }
};

template <typename Body, typename... Views>
void launch(sycl::queue &q, int *out, Body body, Views... views) {
  q.parallel_for(sycl::range<1>(2), [=](sycl::id<1> i) { out[i] = body(i[0], views...); }).wait();
}

template <typename... T>
int weigh(T... t) {
  int w = 0;
  ((w = 10 * w + t), ...);
  return w;
}

template <typename... P>
void folds(sycl::queue &q, int *out, int *y, P... ps) {
  q.single_task([=] { out[0] = (ps[0] - ...); }).wait();       // a - (b - c)
  q.single_task([=] { out[1] = (... - ps[0]); }).wait();       // (a - b) - c
  q.single_task([=] { out[2] = (ps[0] - ... - 1000); }).wait();  // a - (b - (c - 1000))
  q.single_task([=] { out[3] = (1000 - ... - ps[0]); }).wait();  // ((1000 - a) - b) - c
  q.single_task([=] {
    int v[] = {ps[0]...};
    out[4] = 100 * v[0] + 10 * v[1] + v[2];
  }).wait();
  q.single_task([=] {
    int k = 0;
    ((out[5] = 10 * k + ps[0], k = out[5]), ...);
  }).wait();
  q.single_task([=] { out[6] = weigh(ps[0]..., y[0]); }).wait();
  q.single_task([=] { out[7] = (ps[0] - ... - y[0]); }).wait();  // a - (b - (c - y))
  q.single_task([=] { out[8] = (y[0] - ... - ps[0]); }).wait();  // ((y - a) - b) - c
}

int main() {
  sycl::queue q;
  int *a = sycl::malloc_shared<int>(2, q);
  int *b = sycl::malloc_shared<int>(2, q);
  int *c = sycl::malloc_shared<int>(2, q);
  int *y = sycl::malloc_shared<int>(1, q);
  int *out = sycl::malloc_shared<int>(9, q);
  y[0] = 7;
  a[0] = 1, b[0] = 2, c[0] = 3;
  a[1] = 4, b[1] = 5, c[1] = 6;
  int errors = 0;

  launch(q, out, Weighted{2}, a, b, c);
  if (out[0] != 246 || out[1] != 912) {
    printf("wrong: pack passed to a call: %d %d\n", out[0], out[1]);
    errors++;
  }

  folds(q, out, y, a, b, c);
  const int expect[9] = {1 - (2 - 3), (1 - 2) - 3, 1 - (2 - (3 - 1000)), ((1000 - 1) - 2) - 3, 123, 123,
                         1237, 1 - (2 - (3 - 7)), ((7 - 1) - 2) - 3};
  for (int k = 0; k < 9; ++k) {
    if (out[k] != expect[k]) {
      printf("wrong: fold form %d gives %d, not %d\n", k, out[k], expect[k]);
      errors++;
    }
  }

  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  sycl::free(y, q);
  sycl::free(out, q);
  if (errors == 0) printf("PASSED\n");
  return errors == 0 ? 0 : 1;
}
