// oneDPL's parallel algorithms with device policies, the way the DPC++ book
// (chapter 18) and the oneAPI training use them: the default policy, a
// policy made from a queue (named or not) or from another policy, over
// std::vector (host memory the library copies in and out), USM pointers,
// a vector with a USM allocator and buffers (oneapi::dpl::begin/end); the
// algorithms called as oneapi::dpl:: and as std:: with a policy. Sizes
// that are not multiples of anything, so chunked reductions and scans
// cross their chunk boundaries; every result is checked against the
// standard algorithm run on the host.
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/execution>
#include <oneapi/dpl/iterator>
#include <oneapi/dpl/numeric>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

struct Point {
  int x, y;
};

int main() {
  sycl::queue q;
  int errors = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok) {
      printf("wrong: %s\n", what);
      errors++;
    }
  };
  auto policy = oneapi::dpl::execution::make_device_policy(q);
  auto named = oneapi::dpl::execution::make_device_policy<class Named>(q);
  auto renamed = oneapi::dpl::execution::make_device_policy<class Renamed>(oneapi::dpl::execution::dpcpp_default);

  const int n = 10007;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i) data[i] = (i * 7919) % 1009 - 500;

  // for_each, fill, transform, copy over host vectors.
  {
    std::vector<int> v = data;
    oneapi::dpl::for_each(policy, v.begin(), v.end(), [](int &x) { x = 2 * x + 1; });
    bool ok = true;
    for (int i = 0; i < n; ++i) ok = ok && v[i] == 2 * data[i] + 1;
    check(ok, "for_each over a vector");

    std::fill(named, v.begin() + 10, v.end() - 10, 42);
    check(v[9] == 2 * data[9] + 1 && v[10] == 42 && v[n - 11] == 42 && v[n - 10] == 2 * data[n - 10] + 1,
          "std::fill with a named policy on a subrange");

    std::vector<long> squares(n);
    auto end = oneapi::dpl::transform(policy, data.begin(), data.end(), squares.begin(),
                                      [](int x) { return long(x) * x; });
    ok = end == squares.end();
    for (int i = 0; i < n; ++i) ok = ok && squares[i] == long(data[i]) * data[i];
    check(ok, "unary transform into another type");

    std::vector<int> sums(n);
    std::transform(renamed, data.begin(), data.end(), v.begin(), sums.begin(), [](int a, int b) { return a - b; });
    ok = true;
    for (int i = 0; i < n; ++i) ok = ok && sums[i] == data[i] - v[i];
    check(ok, "binary transform through std::");

    std::vector<int> copied(n + 5, -1);
    auto stop = oneapi::dpl::copy(policy, data.begin(), data.end(), copied.begin() + 5);
    check(stop == copied.end() && copied[4] == -1 && std::equal(data.begin(), data.end(), copied.begin() + 5),
          "copy into the middle of a vector");

    // The output holds only what passes.
    std::vector<int> evens(std::count_if(data.begin(), data.end(), [](int x) { return x % 2 == 0; }), -1);
    auto evens_end = oneapi::dpl::copy_if(policy, data.begin(), data.end(), evens.begin(),
                                          [](int x) { return x % 2 == 0; });
    std::vector<int> expect_evens;
    for (int x : data)
      if (x % 2 == 0) expect_evens.push_back(x);
    ok = evens_end - evens.begin() == long(expect_evens.size()) &&
         std::equal(expect_evens.begin(), expect_evens.end(), evens.begin());
    check(ok, "copy_if into a vector as long as its result");

    std::vector<int> first(100, 0);
    oneapi::dpl::copy_n(policy, data.begin(), 50, first.begin());
    oneapi::dpl::fill_n(policy, first.begin() + 50, 25, 7);
    check(std::equal(data.begin(), data.begin() + 50, first.begin()) && first[74] == 7 && first[75] == 0,
          "copy_n and fill_n");
  }

  // USM: shared and device pointers, and a vector with a USM allocator.
  {
    int *shared = sycl::malloc_shared<int>(n, q);
    int *device = sycl::malloc_device<int>(n, q);
    std::copy(data.begin(), data.end(), shared);
    oneapi::dpl::transform(policy, shared, shared + n, device, [](int x) { return x + 3; });
    oneapi::dpl::for_each(policy, device, device + n, [](int &x) { x *= 2; });
    std::vector<int> back(n);
    q.memcpy(back.data(), device, n * sizeof(int)).wait();
    bool ok = true;
    for (int i = 0; i < n; ++i) ok = ok && back[i] == 2 * (data[i] + 3);
    check(ok, "transform and for_each over USM");

    sycl::usm_allocator<int, sycl::usm::alloc::shared> alloc(q);
    std::vector<int, decltype(alloc)> usm_vector(n, alloc);
    std::fill(policy, usm_vector.begin(), usm_vector.end(), 9);
    check(std::count(usm_vector.begin(), usm_vector.end(), 9) == n, "fill of a vector with a USM allocator");
    sycl::free(shared, q);
    sycl::free(device, q);
  }

  // Buffers through oneapi::dpl::begin/end.
  {
    std::vector<int> v = data;
    {
      sycl::buffer<int> buf(v.data(), sycl::range<1>(n));
      auto b = oneapi::dpl::begin(buf), e = oneapi::dpl::end(buf);
      check(e - b == n, "buffer iterators span the buffer");
      oneapi::dpl::for_each(policy, b, e, [](int &x) { x += 1000; });
      oneapi::dpl::replace_if(policy, b, e, [](int x) { return x < 1000; }, 0);
      oneapi::dpl::sort(policy, b, e);
    }
    std::vector<int> expect = data;
    for (int &x : expect) x = x + 1000 < 1000 ? 0 : x + 1000;
    std::sort(expect.begin(), expect.end());
    check(v == expect, "for_each, replace_if and sort of a buffer");
  }

  // Reductions and searches.
  {
    long sum = std::accumulate(data.begin(), data.end(), 0L);
    check(oneapi::dpl::reduce(policy, data.begin(), data.end(), 0L) == sum, "reduce with an init");
    check(std::reduce(policy, data.begin(), data.end()) == int(sum), "std::reduce with a policy");
    int biggest = *std::max_element(data.begin(), data.end());
    check(oneapi::dpl::reduce(policy, data.begin(), data.end(), -100000,
                              [](int a, int b) { return a < b ? b : a; }) == biggest,
          "reduce with a maximum operation");
    long dot = 0;
    for (int i = 0; i < n; ++i) dot += long(data[i]) * (i % 5);
    std::vector<long> weights(n);
    for (int i = 0; i < n; ++i) weights[i] = i % 5;
    check(oneapi::dpl::transform_reduce(policy, data.begin(), data.end(), weights.begin(), 0L) == dot,
          "transform_reduce of two ranges");
    long abs_sum = 0;
    for (int x : data) abs_sum += x < 0 ? -x : x;
    check(oneapi::dpl::transform_reduce(policy, data.begin(), data.end(), 0L, std::plus<long>(),
                                        [](int x) { return long(x < 0 ? -x : x); }) == abs_sum,
          "transform_reduce with a unary transform");

    long negatives = std::count_if(data.begin(), data.end(), [](int x) { return x < 0; });
    check(oneapi::dpl::count_if(policy, data.begin(), data.end(), [](int x) { return x < 0; }) == negatives,
          "count_if");
    check(oneapi::dpl::count(policy, data.begin(), data.end(), data[77]) ==
              std::count(data.begin(), data.end(), data[77]),
          "count");
    auto found = oneapi::dpl::find(policy, data.begin(), data.end(), data[5000]);
    check(found == std::find(data.begin(), data.end(), data[5000]), "find returns the first match");
    check(oneapi::dpl::find_if(policy, data.begin(), data.end(), [](int x) { return x > 100000; }) == data.end(),
          "find_if without a match");
    check(oneapi::dpl::any_of(policy, data.begin(), data.end(), [](int x) { return x == -500; }), "any_of");
    check(oneapi::dpl::all_of(policy, data.begin(), data.end(), [](int x) { return x >= -500 && x <= 508; }),
          "all_of");
    check(oneapi::dpl::none_of(policy, data.begin(), data.end(), [](int x) { return x > 508; }), "none_of");
    std::vector<int> other = data;
    check(oneapi::dpl::equal(policy, data.begin(), data.end(), other.begin()), "equal ranges");
    other[n - 1]++;
    check(!oneapi::dpl::equal(policy, data.begin(), data.end(), other.begin()), "unequal ranges");
    check(oneapi::dpl::min_element(policy, data.begin(), data.end()) == std::min_element(data.begin(), data.end()),
          "min_element is the first smallest");
    check(oneapi::dpl::max_element(policy, data.begin(), data.end()) == std::max_element(data.begin(), data.end()),
          "max_element is the first largest");
    auto mm = oneapi::dpl::minmax_element(policy, data.begin(), data.end(), [](int a, int b) { return a % 7 < b % 7; });
    auto host_min = std::min_element(data.begin(), data.end(), [](int a, int b) { return a % 7 < b % 7; });
    auto host_max = std::max_element(data.begin(), data.end(), [](int a, int b) { return a % 7 < b % 7; });
    check(mm.first == host_min && mm.second == host_max, "minmax_element with a comparison");
  }

  // Scans and adjacent differences.
  {
    std::vector<int> in(n), out(n), expect(n);
    for (int i = 0; i < n; ++i) in[i] = i % 13 - 6;
    oneapi::dpl::inclusive_scan(policy, in.begin(), in.end(), out.begin());
    std::inclusive_scan(in.begin(), in.end(), expect.begin());
    check(out == expect, "inclusive_scan");
    std::exclusive_scan(policy, in.begin(), in.end(), out.begin(), 100);
    std::exclusive_scan(in.begin(), in.end(), expect.begin(), 100);
    check(out == expect, "std::exclusive_scan with a policy");
    oneapi::dpl::inclusive_scan(policy, in.begin(), in.end(), out.begin(), [](int a, int b) { return a < b ? b : a; });
    std::inclusive_scan(in.begin(), in.end(), expect.begin(), [](int a, int b) { return a < b ? b : a; });
    check(out == expect, "inclusive_scan with a maximum");
    std::vector<long> wide(n), wide_expect(n);
    oneapi::dpl::transform_exclusive_scan(policy, in.begin(), in.end(), wide.begin(), 0L, std::plus<long>(),
                                          [](int x) { return long(x) * x; });
    std::transform_exclusive_scan(in.begin(), in.end(), wide_expect.begin(), 0L, std::plus<long>(),
                                  [](int x) { return long(x) * x; });
    check(wide == wide_expect, "transform_exclusive_scan");
    // In place, as the oneAPI histogram sample does.
    std::vector<int> running = expect;
    oneapi::dpl::adjacent_difference(policy, running.begin(), running.end(), running.begin());
    std::vector<int> differences(n);
    std::adjacent_difference(expect.begin(), expect.end(), differences.begin());
    check(running == differences, "adjacent_difference in place");
  }

  // Sorting: a comparison, structs, stability, and the host policy.
  {
    std::vector<int> v = data;
    oneapi::dpl::sort(policy, v.begin(), v.end(), [](int a, int b) { return a > b; });
    std::vector<int> expect = data;
    std::sort(expect.begin(), expect.end(), [](int a, int b) { return a > b; });
    check(v == expect, "sort descending");
    check(oneapi::dpl::is_sorted(policy, v.begin(), v.end(), [](int a, int b) { return a > b; }) &&
              !oneapi::dpl::is_sorted(policy, data.begin(), data.end()),
          "is_sorted");

    std::vector<Point> points(3001);
    for (int i = 0; i < 3001; ++i) points[i] = {(i * 37) % 11, i};
    oneapi::dpl::stable_sort(policy, points.begin(), points.end(), [](Point a, Point b) { return a.x < b.x; });
    bool ok = true;
    for (int i = 1; i < 3001; ++i)
      ok = ok && (points[i - 1].x < points[i].x || (points[i - 1].x == points[i].x && points[i - 1].y < points[i].y));
    check(ok, "stable_sort keeps equal keys in order");

    std::vector<int> small = {5, 1, 4};
    std::sort(oneapi::dpl::execution::seq, small.begin(), small.end());
    std::vector<int> one = {3};
    oneapi::dpl::sort(policy, one.begin(), one.end());
    std::vector<int> none;
    oneapi::dpl::sort(policy, none.begin(), none.end());
    check(small[0] == 1 && small[2] == 5 && one[0] == 3 && none.empty(), "host policy and tiny ranges");
  }

  printf("device: %s\n", policy.queue().get_device().get_info<sycl::info::device::name>().c_str());
  if (errors == 0) printf("PASSED\n");
  return errors == 0 ? 0 : 1;
}
