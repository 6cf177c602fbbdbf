// <algorithm> in kernels on small arrays and std::array: sort (with and
// without a comparator), min/max_element, count(_if), find, reverse, fill,
// all_of/any_of, is_sorted, std::array::fill, std::exchange; and
// numeric_limits values as constants (a template argument, static_assert).
#include <sycl/sycl.hpp>
#include <algorithm>
#include <array>
#include <limits>
#include <utility>
#include <cstdio>
template <int N> struct Buf { int v[N]; };
static_assert(std::numeric_limits<int>::max() > 0, "limits");
int main() {
  sycl::queue q;
  int *r = sycl::malloc_shared<int>(16, q);
  q.single_task([=] {
    int a[6] = {5, 3, 9, 1, 7, 3};
    std::sort(a, a + 6);
    r[0] = a[0] * 100000 + a[1] * 10000 + a[2] * 1000 + a[3] * 100 + a[4] * 10 + a[5];
    std::array<int, 5> b{4, 8, 2, 6, 0};
    std::sort(b.begin(), b.end(), [](int x, int y) { return x > y; });
    r[1] = b[0] * 10000 + b[1] * 1000 + b[2] * 100 + b[3] * 10 + b[4];
    r[2] = *std::max_element(a, a + 6) + 10 * *std::min_element(b.begin(), b.end());
    r[3] = int(std::count(a, a + 6, 3)) + 10 * int(std::count_if(a, a + 6, [](int x) { return x > 4; }));
    r[4] = int(std::find(a, a + 6, 7) - a);
    std::reverse(a, a + 6);
    r[5] = a[0];
    std::fill(a, a + 3, 2);
    r[6] = a[0] + a[2] + a[3];
    b.fill(1);
    r[7] = b[4];
    r[8] = std::all_of(a, a + 3, [](int x) { return x == 2; }) + 2 * std::any_of(a, a + 6, [](int x) { return x == 9; });
    int e = 4;
    r[9] = std::exchange(e, 11) * 100 + e;
    Buf<std::numeric_limits<signed char>::max()> buf{};
    r[10] = sizeof(buf.v) / sizeof(int);
    r[11] = std::is_sorted(b.begin(), b.end());
  }).wait();
  const int expect[12] = {133579, 86420, 9, 32, 4, 9, 7, 1, 1, 411, 127, 1};
  bool ok = true;
  for (int i = 0; i < 12; ++i) if (r[i] != expect[i]) { printf("r[%d]=%d expected %d\n", i, r[i], expect[i]); ok = false; }
  puts(ok ? "PASSED" : "FAILED");
  return !ok;
}
