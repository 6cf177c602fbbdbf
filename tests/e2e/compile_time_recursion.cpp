// Compile-time recursion as CUB and ported CUDA code write it: a function
// template over an `Int2Type<I>` tag calls itself with `I + 1`, and an
// overload for the last index ends the recursion. The base case is a
// template too (it takes the operator by type), so choosing it needs
// partial ordering: `Int2Type<LEN>` is more specialized than
// `Int2Type<I>`. Free functions, member templates of a class template,
// and constants from enums of the class.
#include <sycl/sycl.hpp>
#include <cstdio>

template <int N> struct Int2Type {
  enum { VALUE = N };
};

struct Add {
  int operator()(int a, int b) const { return a + b; }
};
struct Max {
  int operator()(int a, int b) const { return a > b ? a : b; }
};

template <int I, typename Op> int reduce_tail(const int *p, Op op, int acc, Int2Type<I>) {
  return reduce_tail(p, op, op(acc, p[I]), Int2Type<I + 1>());
}
template <typename Op> int reduce_tail(const int *, Op, int acc, Int2Type<4>) { return acc; }

template <int X, int Y> struct Segment {
  enum { LENGTH = X * Y };
  int cached[LENGTH];

  template <int I, typename Op> int guarded(Op op, int acc, Int2Type<I>) {
    return guarded(op, op(acc, cached[I]), Int2Type<I + 1>());
  }
  template <typename Op> int guarded(Op, int acc, Int2Type<LENGTH>) { return acc; }

  template <typename Op> int reduce(const int *p, Op op) {
    for (int i = 0; i < LENGTH; ++i) cached[i] = p[i];
    return guarded(op, cached[0], Int2Type<1>());
  }
};

int main() {
  sycl::queue q;
  constexpr int N = 16;
  int *in = sycl::malloc_shared<int>(N * 6, q);
  int *out = sycl::malloc_shared<int>(N * 3, q);
  for (int i = 0; i < N * 6; ++i) in[i] = (i * 37) % 23;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     const int *p = in + i * 6;
     out[i * 3 + 0] = reduce_tail(p, Add{}, 0, Int2Type<0>());
     out[i * 3 + 1] = Segment<2, 3>().reduce(p, Add{});
     out[i * 3 + 2] = Segment<3, 2>().reduce(p, Max{});
   }).wait();
  int failures = 0;
  for (int i = 0; i < N; ++i) {
    const int *p = in + i * 6;
    int sum4 = p[0] + p[1] + p[2] + p[3], sum6 = sum4 + p[4] + p[5], max6 = p[0];
    for (int k = 1; k < 6; ++k) max6 = p[k] > max6 ? p[k] : max6;
    if (out[i * 3] != sum4 || out[i * 3 + 1] != sum6 || out[i * 3 + 2] != max6) {
      std::printf("FAILED: item %d: %d %d %d, want %d %d %d\n", i, out[i * 3], out[i * 3 + 1],
                  out[i * 3 + 2], sum4, sum6, max6);
      ++failures;
    }
  }
  sycl::free(in, q);
  sycl::free(out, q);
  if (failures == 0) std::printf("PASSED\n");
  return failures == 0 ? 0 : 1;
}
