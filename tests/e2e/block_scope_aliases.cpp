// Type aliases declared in a block (`using`, `typedef`) in device code and
// in function templates: visible to the rest of their block, shadowed by
// an inner block's alias of the same name, gone after it.
#include <sycl/sycl.hpp>
#include <cstdio>

template <typename T>
T twice(T v) {
  using Wide = T;
  typedef Wide result_t;
  result_t r = v + v;
  return r;
}

int main() {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(2, q);
  q.single_task([=] {
    using elem = int;
    elem a = 20;
    {
      using elem = float;
      elem b = 1.75f;
      a += int(b * 2);  // 3: elem is float in this block
    }
    elem c = elem(7) / 2;  // 3: elem is int again
    out[0] = twice(a);
    out[1] = c;
  }).wait();
  bool ok = out[0] == 46 && out[1] == 3;
  printf("%s (%d, %d)\n", ok ? "PASSED" : "FAILED", out[0], out[1]);
  sycl::free(out, q);
  return ok ? 0 : 1;
}
