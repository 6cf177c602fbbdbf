// Classes declared inside functions: kernel names introduced where they are
// used (`parallel_for<class Name>` in main, in a lambda, in a function
// template), a local struct with member functions captured by a kernel,
// and a local function object used as the kernel itself; and the C idiom
// `typedef struct { ... } Name;`, the class named by its typedef.
#include <sycl/sycl.hpp>
#include <cstdio>

typedef struct {
  int count;
  float weight;
} Sample, *SamplePtr;

template <typename T>
void fill(sycl::queue &q, T *p, size_t n, T v) {
  q.parallel_for<class FillKernel>(n, [=](sycl::id<1> i) { p[i] = v; }).wait();
}

int main() {
  sycl::queue q;
  int errors = 0;
  const size_t N = 64;
  int *a = sycl::malloc_shared<int>(N, q);
  float *b = sycl::malloc_shared<float>(N, q);

  q.parallel_for<class Iota>(N, [=](sycl::id<1> i) { a[i] = int(i[0]); }).wait();
  for (size_t i = 0; i < N; ++i) errors += a[i] != int(i);

  auto twice = [&](int k) {
    q.parallel_for<class TimesK>(N, [=](sycl::id<1> i) { a[i] *= k; }).wait();
  };
  twice(2);
  twice(3);
  for (size_t i = 0; i < N; ++i) errors += a[i] != int(i) * 6;

  fill(q, a, N, 7);
  fill(q, b, N, 0.5f);
  for (size_t i = 0; i < N; ++i) errors += a[i] != 7 || b[i] != 0.5f;

  struct Affine {
    float scale, offset;
    float apply(float x) const { return x * scale + offset; }
  };
  Affine f{3.0f, 1.0f};
  q.parallel_for<class ApplyAffine>(N, [=](sycl::id<1> i) { b[i] = f.apply(float(i[0])); }).wait();
  for (size_t i = 0; i < N; ++i) errors += b[i] != float(i) * 3.0f + 1.0f;

  struct Negate {
    int *data;
    void operator()(sycl::id<1> i) const { data[i] = -data[i]; }
  };
  q.parallel_for(N, Negate{a}).wait();
  for (size_t i = 0; i < N; ++i) errors += a[i] != -7;

  Sample s{4, 0.25f};
  SamplePtr sp = &s;
  q.single_task([=] { b[0] = s.count * s.weight; }).wait();
  errors += b[0] != 1.0f || sp->count != 4;

  sycl::free(a, q);
  sycl::free(b, q);
  if (errors == 0) std::printf("PASSED\n");
  else std::printf("FAILED: %d errors\n", errors);
  return errors != 0;
}
