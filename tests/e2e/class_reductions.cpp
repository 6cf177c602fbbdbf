// Reductions of classes over USM: the argmin of the DPC++ book (a
// std::pair<float, int> with sycl::minimum and an identity), an argmax
// with a user combiner on a struct, and a 4-byte struct of two shorts
// summed element-wise, over ranges and nd_ranges, several work-groups
// contending for one result; the argmax also into a buffer (an 8-byte class
// combined as the bits of one 64-bit word).
#include <sycl/sycl.hpp>
#include <cstdio>
#include <limits>
#include <utility>

struct Best {
  float value;
  int index;
};

struct Pair16 {
  short a, b;
};

int main() {
  sycl::queue q;
  int failures = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok) {
      printf("FAILED: %s\n", what);
      ++failures;
    }
  };
  const int n = 1000;
  float *data = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < n; ++i) data[i] = float((i * 7919) % 1009) - 500.0f;  // a permutation

  using MinLoc = std::pair<float, int>;
  MinLoc *minloc = sycl::malloc_shared<MinLoc>(1, q);
  MinLoc identity{std::numeric_limits<float>::max(), std::numeric_limits<int>::min()};
  *minloc = identity;
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<1>(n), sycl::reduction(minloc, identity, sycl::minimum<MinLoc>()),
                    [=](sycl::id<1> i, auto &r) { r.combine(MinLoc{data[i], int(i[0])}); });
   }).wait();
  int expect_min = 0;
  for (int i = 1; i < n; ++i)
    if (data[i] < data[expect_min]) expect_min = i;
  check(minloc->first == data[expect_min] && minloc->second == expect_min, "argmin with std::pair");

  Best *best = sycl::malloc_shared<Best>(1, q);
  *best = Best{-1e30f, -1};
  auto larger = [](Best x, Best y) { return y.value > x.value ? y : x; };
  q.parallel_for(sycl::nd_range<1>(1024, 64),
                 sycl::reduction(best, Best{-1e30f, -1}, larger),
                 [=](sycl::nd_item<1> it, auto &r) {
                   int i = int(it.get_global_id(0));
                   if (i < n) r.combine(Best{data[i], i});
                 })
      .wait();
  int expect_max = 0;
  for (int i = 1; i < n; ++i)
    if (data[i] > data[expect_max]) expect_max = i;
  check(best->value == data[expect_max] && best->index == expect_max, "argmax with a user combiner");

  {
    sycl::buffer<Best> result{1};
    q.submit([&](sycl::handler &h) {
      auto red = sycl::reduction(result, h, Best{-1e30f, -1}, larger,
                                 sycl::property::reduction::initialize_to_identity{});
      h.parallel_for(sycl::range<1>(n), red, [=](sycl::id<1> i, auto &r) { r.combine(Best{data[i], int(i[0])}); });
    });
    sycl::host_accessor r{result, sycl::read_only};
    check(r[0].value == data[expect_max] && r[0].index == expect_max, "argmax into a buffer");
  }

  Pair16 *sums = sycl::malloc_shared<Pair16>(1, q);
  *sums = Pair16{5, -5};
  auto add = [](Pair16 x, Pair16 y) { return Pair16{short(x.a + y.a), short(x.b + y.b)}; };
  q.parallel_for(sycl::range<1>(n), sycl::reduction(sums, Pair16{0, 0}, add),
                 [=](sycl::id<1> i, auto &r) { r.combine(Pair16{short(i[0] % 3), short(-(int(i[0]) % 5))}); })
      .wait();
  int a = 5, b = -5;
  for (int i = 0; i < n; ++i) {
    a += i % 3;
    b -= i % 5;
  }
  check(sums->a == short(a) && sums->b == short(b), "element-wise sum of a 4-byte struct");

  sycl::free(data, q);
  sycl::free(minloc, q);
  sycl::free(best, q);
  sycl::free(sums, q);
  if (failures == 0) printf("PASSED\n");
  return failures != 0;
}
