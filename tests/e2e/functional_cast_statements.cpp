// Kernels whose statements start with a functional cast of a subscript,
// `sycl::atomic_ref<...>(hist[data[i]]).fetch_add(1)`: such a statement
// could be a declaration (of an array `hist`), and g++ reads it as one
// first, capturing what the array bound names (`data`) before `hist`. The
// device compiler must lay the closure out as the host compiler does, or
// the kernel reads `data` as `hist`. Covers bounds naming pointers, scalars
// and constants bound to references, conditions, nested command-group
// lambdas, generic lambdas, function templates, and statements that are not
// such casts; and `sizeof` of a variable, which captures nothing.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

using int_ref = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>;

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

constexpr int N = 256;
constexpr int BINS = 8;

// hist[b] should hold `count` for every bin b of [first, first + BINS).
static bool bins_hold(const int *hist, int first, int count) {
  for (int b = 0; b < BINS; ++b)
    if (hist[first + b] != count) return false;
  return true;
}

template <typename T>
void histogram_in_template(sycl::queue &q, T *hist, const int *data) {
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device>(hist[data[i]]).fetch_add(T(1));
   }).wait();
}

int main() {
  sycl::queue q;
  int *hist = sycl::malloc_shared<int>(2 * BINS, q);
  int *data = sycl::malloc_shared<int>(N, q);
  for (int i = 0; i < N; ++i) data[i] = i % BINS;
  auto clear = [&] { std::fill(hist, hist + 2 * BINS, 0); };

  // A pointer in the bound.
  clear();
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { int_ref(hist[data[i]]).fetch_add(1); }).wait();
  check(bins_hold(hist, 0, N / BINS), "pointer in the bound");

  // A scalar in the bound, the statement's other operands after it.
  clear();
  int shift = BINS;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     int j = i;
     int_ref(hist[j % BINS + shift]).fetch_add(data[i] + 1 - data[i]);
   }).wait();
  check(bins_hold(hist, BINS, N / BINS), "scalar in the bound");

  // A constant bound to a reference parameter (`id % BINS`) is captured.
  clear();
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { int_ref(hist[i % BINS]).fetch_add(2); }).wait();
  check(bins_hold(hist, 0, 2 * N / BINS), "constant bound to a reference in the bound");

  // The same constant, then a pointer the statement names after it (clang
  // captures the constant at the end of the statement, g++ first).
  clear();
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     int_ref(hist[i % BINS]).fetch_add(data[i] + 1 - data[i]);
   }).wait();
  check(bins_hold(hist, 0, N / BINS), "constant bound to a reference, then a pointer");

  // In a command group's nested lambda, with a compound assignment.
  clear();
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { int_ref(hist[data[i] + shift]) += 3; });
   }).wait();
  check(bins_hold(hist, BINS, 3 * N / BINS), "nested lambda, compound assignment");

  // In an `if` condition, which g++ also tries as a declaration.
  clear();
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     if (int_ref(hist[data[i]]).fetch_add(1) < 0) hist[0] = -1;
   }).wait();
  check(bins_hold(hist, 0, N / BINS), "if condition");

  // In a generic lambda (its body's captures are found before it is
  // instantiated).
  clear();
  q.parallel_for(sycl::range<1>(N), [=](auto i) { int_ref(hist[data[i] + shift]).fetch_add(1); }).wait();
  check(bins_hold(hist, BINS, N / BINS), "generic lambda");

  // What `sizeof` names is not captured (unevaluated), in either kind of lambda.
  clear();
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     int_ref(hist[data[i]]).fetch_add(int(sizeof(shift)) - 3);
   }).wait();
  q.parallel_for(sycl::range<1>(N), [=](auto i) { int_ref(hist[data[i]]).fetch_add(int(sizeof(shift)) - 3); }).wait();
  check(bins_hold(hist, 0, 2 * N / BINS), "sizeof of a variable the kernel does not otherwise use");

  // In a function template.
  clear();
  histogram_in_template(q, hist, data);
  check(bins_hold(hist, 0, N / BINS), "function template");

  // Not a would-be declarator: `*(hist + ...)` and a subscript of a member.
  clear();
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { int_ref(*(hist + data[i])).fetch_add(1); }).wait();
  check(bins_hold(hist, 0, N / BINS), "dereferenced sum");

  for (void *p : {(void *)hist, (void *)data}) sycl::free(p, q);
  if (failures == 0) std::printf("PASSED\n");
  return failures == 0 ? 0 : 1;
}
