// Kernels submitted from functions with internal linkage: a static
// function, a static function template, a static function in a namespace
// and a function in an anonymous namespace (g++ mangles the first three
// with `L`, so the kernel names the device pass gives must match), each
// called more than once with a fresh queue.
#include <sycl/sycl.hpp>
#include <cstdio>

static int fill_static(int round) {
  sycl::queue q;
  int *d = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
    d[it.get_global_id(0)] = round * 100 + int(it.get_local_id(0));
  }).wait();
  int r = d[40];
  sycl::free(d, q);
  return r;
}

template <typename T>
static T scaled(T x) {
  sycl::queue q;
  T *d = sycl::malloc_shared<T>(1, q);
  q.single_task([=] { d[0] = x * T(3); }).wait();
  T r = d[0];
  sycl::free(d, q);
  return r;
}

namespace util {
static int offset(int x) {
  sycl::queue q;
  int *d = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { d[0] = x + 7; }).wait();
  int r = d[0];
  sycl::free(d, q);
  return r;
}
}  // namespace util

namespace {
int doubled(int x) {
  sycl::queue q;
  int *d = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { d[0] = 2 * x; }).wait();
  int r = d[0];
  sycl::free(d, q);
  return r;
}
}  // namespace

int main() {
  int bad = 0;
  for (int round = 0; round < 2; round++) {
    if (fill_static(round) != round * 100 + 8) bad++;
  }
  if (scaled(5) != 15 || scaled(1.5f) != 4.5f) bad++;
  if (util::offset(3) != 10 || doubled(21) != 42) bad++;
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
