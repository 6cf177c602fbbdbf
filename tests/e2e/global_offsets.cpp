// SYCL 1.2.1 global offsets (deprecated in SYCL 2020, still part of it):
// parallel_for over a range from an id offset (handler and queue forms, 1-3
// dimensions) and over an nd_range with an offset. Ids include the offset,
// linear ids do not; get_offset() returns it; accessors are indexed with
// the offset ids; a reduction next to them still picks its own overload.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main() {
  sycl::queue q;
  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());

  // 1-D, through a buffer accessor: only elements [10, 30) are written.
  {
    std::vector<int> data(40, -1);
    {
      sycl::buffer<int, 1> buf(data.data(), sycl::range<1>(40));
      q.submit([&](sycl::handler &h) {
        sycl::accessor acc(buf, h, sycl::write_only);
        h.parallel_for<class Offset1D>(sycl::range<1>(20), sycl::id<1>(10), [=](sycl::item<1> it) {
          acc[it] = static_cast<int>(it.get_linear_id() * 100 + it.get_offset()[0]);
        });
      });
    }
    bool ok = true;
    for (int i = 0; i < 40; ++i) ok &= data[i] == (i >= 10 && i < 30 ? (i - 10) * 100 + 10 : -1);
    check(ok, "1-D range with an offset");
  }

  // 2-D and 3-D, the queue shortcut, kernels taking an id.
  {
    const size_t n = 8;
    int *grid = sycl::malloc_shared<int>(n * n, q);
    int *cube = sycl::malloc_shared<int>(n * n * n, q);
    for (size_t i = 0; i < n * n; ++i) grid[i] = 0;
    for (size_t i = 0; i < n * n * n; ++i) cube[i] = 0;
    q.parallel_for(sycl::range<2>(3, 5), sycl::id<2>(2, 1), [=](sycl::id<2> i) {
       grid[i[0] * n + i[1]] += 1;
     }).wait();
    q.parallel_for(sycl::range<3>(2, 3, 4), sycl::id<3>(1, 2, 3), [=](sycl::item<3> it) {
       sycl::id<3> i = it.get_id();
       cube[(i[0] * n + i[1]) * n + i[2]] = static_cast<int>(it.get_linear_id()) + 1;
     }).wait();
    bool ok = true;
    for (size_t r = 0; r < n; ++r)
      for (size_t c = 0; c < n; ++c) ok &= grid[r * n + c] == (r >= 2 && r < 5 && c >= 1 && c < 6 ? 1 : 0);
    check(ok, "2-D range with an offset (queue shortcut)");
    ok = true;
    for (size_t x = 0; x < n; ++x)
      for (size_t y = 0; y < n; ++y)
        for (size_t z = 0; z < n; ++z) {
          bool in = x >= 1 && x < 3 && y >= 2 && y < 5 && z >= 3 && z < 7;
          int expected = in ? static_cast<int>(((x - 1) * 3 + (y - 2)) * 4 + (z - 3)) + 1 : 0;
          ok &= cube[(x * n + y) * n + z] == expected;
        }
    check(ok, "3-D range with an offset: linear ids without it");
    sycl::free(grid, q);
    sycl::free(cube, q);
  }

  // An nd_range with an offset: global ids include it, groups and local ids do not.
  {
    int *out = sycl::malloc_shared<int>(128, q);
    for (int i = 0; i < 128; ++i) out[i] = -1;
    q.submit([&](sycl::handler &h) {
      h.parallel_for(sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(16), sycl::id<1>(40)),
                     [=](sycl::nd_item<1> it) {
                       size_t g = it.get_global_id(0);
                       bool consistent = it.get_global_id()[0] == g && it.get_offset()[0] == 40 &&
                                         it.get_nd_range().get_offset()[0] == 40 &&
                                         g == it.get_group(0) * 16 + it.get_local_id(0) + 40;
                       out[g] = consistent ? static_cast<int>(it.get_global_linear_id()) : -100;
                     });
    }).wait();
    bool ok = true;
    for (int i = 0; i < 128; ++i) ok &= out[i] == (i >= 40 && i < 104 ? i - 40 : -1);
    check(ok, "nd_range with an offset");
    sycl::free(out, q);
  }

  // A reduction beside the offset overloads still picks its own.
  {
    int *sum = sycl::malloc_shared<int>(1, q);
    *sum = 0;
    q.parallel_for(sycl::range<1>(100), sycl::reduction(sum, sycl::plus<int>()),
                   [=](sycl::id<1> i, auto &acc) { acc += static_cast<int>(i[0]); })
        .wait();
    check(*sum == 4950, "a reduction is not an offset");
    sycl::free(sum, q);
  }

  if (failures) {
    std::printf("%d checks failed\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
