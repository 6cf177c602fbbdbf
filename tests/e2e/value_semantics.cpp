// Values are values: a copy does not follow later changes of its source,
// x++ yields the old value, a function result is the value at its return.
#include <sycl/sycl.hpp>
#include <iostream>

struct S {
  int x, y;
};

int next(int &counter) { return ++counter; }

int main() {
  sycl::queue q;
  constexpr int N = 64;
  int *out = sycl::malloc_shared<int>(N * 6, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    int* o = out;
    int v = i;
    int copy = v;
    v = 1000;
    int post = v++;
    S s{i, -i};
    S t = s;
    s.x = 7;
    int counter = i;
    int a = next(counter);
    int b = next(counter) * 10 + next(counter);
    o[6 * i + 0] = copy;
    o[6 * i + 1] = post;
    o[6 * i + 2] = v;
    o[6 * i + 3] = t.x + s.x;
    o[6 * i + 4] = a;
    o[6 * i + 5] = b;
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    int want[6] = {i, 1000, 1001, i + 7, i + 1, (i + 2) * 10 + (i + 3)};
    for (int k = 0; k < 6; ++k) {
      if (out[6 * i + k] != want[k]) {
        std::cout << "FAILED at " << i << "." << k << ": " << out[6 * i + k] << " != " << want[k] << "\n";
        ok = false;
      }
    }
    if (!ok) break;
  }
  sycl::free(out, q);
  if (ok) std::cout << "PASSED\n";
  return ok ? 0 : 1;
}
