// Type aliases declared in a block (`using`, `typedef`) in device code and
// in function templates: visible to the rest of their block, shadowed by
// an inner block's alias of the same name, gone after it. Block-scope
// `using namespace`, namespace aliases and using-declarations in member
// functions, command groups and kernels (their names reach the lambdas).
// A block-scope alias of a scoped enum names its enumerators (`m::fast`),
// also in braced lists (returned, and as constructor arguments).
#include <sycl/sycl.hpp>
#include <cstdio>

template <typename T>
T twice(T v) {
  using Wide = T;
  typedef Wide result_t;
  result_t r = v + v;
  return r;
}

namespace geometry {
struct point {
  int x, y;
};
inline int manhattan(point p) { return (p.x < 0 ? -p.x : p.x) + (p.y < 0 ? -p.y : p.y); }
}  // namespace geometry

enum class Mode { slow, fast };
struct Setting {
  Mode mode;
  int level;
};
inline Setting pick(int k) {
  using m = Mode;
  switch (k) {
    case 0: return {m::slow, 1};
  }
  return {m::fast, k};
}
struct Tuned {
  Tuned(Setting s, int bias) : score(int(s.mode) * 10 + s.level + bias) {}
  int score;
};

struct Grid {
  sycl::queue q;
  // The names below come only from block-scope using-directives and
  // declarations (the kernel class too).
  void run(int* out) {
    using namespace sycl;
    namespace g = geometry;
    q.submit([&](handler& cgh) {
      using geometry::point;
      cgh.parallel_for<class grid_kernel>(range<2>(2, 3), [=](item<2> it) {
        const id<2> shift(1, 1);
        id<2> at = it + shift;
        point p{int(at[0]) - 2, int(at[1]) - 2};
        out[it.get_linear_id()] = g::manhattan(p);
      });
    }).wait();
  }
};

int main() {
  sycl::queue q;
  int* grid = sycl::malloc_shared<int>(6, q);
  Grid g{q};
  g.run(grid);
  const int want_grid[6] = {2, 1, 2, 1, 0, 1};
  for (int i = 0; i < 6; ++i)
    if (grid[i] != want_grid[i]) {
      printf("grid[%d] = %d, want %d\nFAILED\n", i, grid[i], want_grid[i]);
      return 1;
    }
  sycl::free(grid, q);
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
    using m = Mode;
    Tuned t({m::fast, 2}, 100);
    out[1] = c + pick(0).level * 1000 + int(pick(5).mode) * 10000 + t.score * 100000;
  }).wait();
  bool ok = out[0] == 46 && out[1] == 3 + 1000 + 10000 + 112 * 100000;
  printf("%s (%d, %d)\n", ok ? "PASSED" : "FAILED", out[0], out[1]);
  sycl::free(out, q);
  return ok ? 0 : 1;
}
