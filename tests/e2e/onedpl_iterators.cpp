// oneDPL's iterators and its own algorithms, as the oneAPI essentials
// training's oneDPL module uses them: counting, zip (written through
// std::get), transform, permutation (by an index iterator, a function of
// the position, and a class with operator[]) and discard iterators; the
// vectorized binary_search / lower_bound / upper_bound; reduce_by_segment
// and the scans by segment; copy_if into a zip with a discarded half; a
// stable sort by key of a zipped pair of buffers.
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/execution>
#include <oneapi/dpl/functional>
#include <oneapi/dpl/iterator>
#include <oneapi/dpl/numeric>
#include <sycl/sycl.hpp>

#include <cstdio>
#include <tuple>
#include <vector>

using namespace oneapi::dpl::execution;

struct EveryThird {
  int operator[](int i) const { return 3 * i; }
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
  auto policy = make_device_policy(q);

  // Counting and transform iterators as inputs.
  {
    oneapi::dpl::counting_iterator<int> first(0), last(1000);
    check(last - first == 1000 && first[7] == 7 && *(first + 3) == 3, "counting_iterator arithmetic");
    check(oneapi::dpl::reduce(dpcpp_default, first, last, 0) == 499500, "reduce of a counting range");
    auto odd = oneapi::dpl::make_transform_iterator(first, [](int i) { return 2 * i + 1; });
    check(dpl::reduce(dpcpp_default, odd, odd + 1000) == 1000000, "reduce through a transform_iterator");
    std::vector<long> cubes(500);
    oneapi::dpl::transform(policy, first, first + 500, cubes.begin(), [](int i) { return long(i) * i * i; });
    check(cubes[499] == 124251499L && cubes[10] == 1000, "transform from a counting range");
  }

  // Zip iterators: three vectors visited together.
  {
    const int n = 2049;
    std::vector<int> a(n), b(n), c(n, 0);
    for (int i = 0; i < n; ++i) {
      a[i] = i;
      b[i] = i % 3;
    }
    auto first = oneapi::dpl::make_zip_iterator(a.begin(), b.begin(), c.begin());
    oneapi::dpl::for_each(policy, first, first + n, [](auto t) {
      using std::get;
      get<2>(t) = get<0>(t) * get<1>(t);
    });
    bool ok = true;
    for (int i = 0; i < n; ++i) ok = ok && c[i] == i * (i % 3);
    check(ok, "for_each over a zip writes through std::get");
    auto last = oneapi::dpl::make_zip_iterator(a.end(), b.end(), c.end());
    check(last - first == n && std::get<1>(*(first + 5)) == 2, "zip iterator arithmetic and reading");
  }

  // Permutation iterators.
  {
    oneapi::dpl::counting_iterator<int> count(0);
    std::vector<int> out(10, -1);
    auto by_class = oneapi::dpl::make_permutation_iterator(count, EveryThird());
    std::copy(dpcpp_default, by_class, by_class + 10, out.begin());
    check(out[0] == 0 && out[9] == 27, "permutation by a class with operator[]");

    auto by_function = oneapi::dpl::make_permutation_iterator(count, [](int i) { return 100 - i; });
    oneapi::dpl::copy(policy, by_function, by_function + 10, out.begin());
    check(out[0] == 100 && out[9] == 91, "permutation by a function of the position");

    int *values = sycl::malloc_shared<int>(8, q);
    int *order = sycl::malloc_shared<int>(4, q);
    for (int i = 0; i < 8; ++i) values[i] = 10 * i;
    order[0] = 7;
    order[1] = 0;
    order[2] = 3;
    order[3] = 3;
    auto gathered = oneapi::dpl::make_permutation_iterator(values, order);
    std::vector<int> picked(4);
    oneapi::dpl::copy(policy, gathered, gathered + 4, picked.begin());
    check(picked[0] == 70 && picked[1] == 0 && picked[2] == 30 && picked[3] == 30,
          "permutation of USM by an index array");
    sycl::free(values, q);
    sycl::free(order, q);
  }

  // Vectorized searches of buffers, with a counting range of values.
  {
    std::vector<int> sorted = {0, 2, 2, 2, 3, 3, 3, 3, 6, 6};
    std::vector<int> lower(7), upper(7), found(7);
    {
      sycl::buffer<int> keys(sorted.data(), sycl::range<1>(sorted.size()));
      sycl::buffer<int> lo(lower.data(), sycl::range<1>(7)), up(upper.data(), sycl::range<1>(7)),
          in(found.data(), sycl::range<1>(7));
      oneapi::dpl::counting_iterator<int> v(0);
      auto end = oneapi::dpl::lower_bound(policy, oneapi::dpl::begin(keys), oneapi::dpl::end(keys), v, v + 7,
                                          oneapi::dpl::begin(lo));
      check(end - oneapi::dpl::begin(lo) == 7, "lower_bound returns the end of its results");
      oneapi::dpl::upper_bound(policy, oneapi::dpl::begin(keys), oneapi::dpl::end(keys), v, v + 7,
                               oneapi::dpl::begin(up));
      oneapi::dpl::binary_search(policy, oneapi::dpl::begin(keys), oneapi::dpl::end(keys), v, v + 7,
                                 oneapi::dpl::begin(in));
    }
    const int lower_expect[7] = {0, 1, 1, 4, 8, 8, 8}, upper_expect[7] = {1, 1, 4, 8, 8, 8, 10},
              found_expect[7] = {1, 0, 1, 1, 0, 0, 1};
    bool ok = true;
    for (int i = 0; i < 7; ++i)
      ok = ok && lower[i] == lower_expect[i] && upper[i] == upper_expect[i] && found[i] == found_expect[i];
    check(ok, "lower_bound, upper_bound and binary_search");
  }

  // Segments: runs of equal keys, across the chunks of a long range.
  {
    const int n = 5003;
    std::vector<int> keys(n), values(n), out_keys(n, -1), out_values(n, -1), scanned(n), excl(n);
    for (int i = 0; i < n; ++i) {
      keys[i] = i / 7;
      values[i] = i % 4 + 1;
    }
    auto ends = oneapi::dpl::reduce_by_segment(policy, keys.begin(), keys.end(), values.begin(), out_keys.begin(),
                                               out_values.begin());
    int segments = int(ends.first - out_keys.begin());
    bool ok = segments == (n + 6) / 7 && ends.second - out_values.begin() == segments;
    for (int s = 0; s < segments && ok; ++s) {
      int sum = 0;
      for (int i = 7 * s; i < n && i < 7 * s + 7; ++i) sum += values[i];
      ok = out_keys[s] == s && out_values[s] == sum;
    }
    check(ok, "reduce_by_segment");

    oneapi::dpl::inclusive_scan_by_segment(policy, keys.begin(), keys.end(), values.begin(), scanned.begin());
    oneapi::dpl::exclusive_scan_by_segment(policy, keys.begin(), keys.end(), values.begin(), excl.begin(), 100);
    ok = true;
    int run = 0;
    for (int i = 0; i < n; ++i) {
      if (i % 7 == 0) run = 0;
      ok = ok && excl[i] == 100 + run;
      run += values[i];
      ok = ok && scanned[i] == run;
    }
    check(ok, "inclusive_scan_by_segment and exclusive_scan_by_segment");

    std::vector<int> maxima(n);
    oneapi::dpl::reduce_by_segment(policy, keys.begin(), keys.end(), values.begin(), oneapi::dpl::discard_iterator(),
                                   maxima.begin(), std::equal_to<int>(), oneapi::dpl::maximum<int>());
    ok = true;
    for (int s = 0; s < segments; ++s) {
      int biggest = 0;
      for (int i = 7 * s; i < n && i < 7 * s + 7; ++i) biggest = values[i] > biggest ? values[i] : biggest;
      ok = ok && maxima[s] == biggest;
    }
    check(ok, "reduce_by_segment with a maximum, keys discarded");
  }

  // copy_if of a zip into a zip whose second half is discarded.
  {
    std::vector<int> input = {2, 4, 12, 24, 34, 48, 143, 63, 76, 69};
    std::vector<int> stencil = {1, 2, 4, 1, 6, 1, 2, 1, 7, 1};
    std::vector<int> out(10, 0);
    {
      sycl::buffer<int> in_buf(input.data(), sycl::range<1>(10)), st_buf(stencil.data(), sycl::range<1>(10)),
          out_buf(out.data(), sycl::range<1>(10));
      auto zipped = oneapi::dpl::make_zip_iterator(oneapi::dpl::begin(in_buf), oneapi::dpl::begin(st_buf));
      auto result = oneapi::dpl::make_zip_iterator(oneapi::dpl::begin(out_buf), oneapi::dpl::discard_iterator());
      auto end = oneapi::dpl::copy_if(dpl::execution::dpcpp_default, zipped, zipped + 10, result,
                                      [](auto t) { return std::get<1>(t) == 1; });
      check(end - result == 5, "copy_if returns the end of what it wrote");
    }
    check(out[0] == 2 && out[1] == 24 && out[2] == 48 && out[3] == 63 && out[4] == 69 && out[5] == 0,
          "copy_if keeps the order");
  }

  // Stable sort by key: a zip of two buffers ordered by the first.
  {
    const int n = 4099;
    sycl::buffer<int> keys_buf{sycl::range<1>(n)}, vals_buf{sycl::range<1>(n)};
    auto keys = oneapi::dpl::begin(keys_buf), vals = oneapi::dpl::begin(vals_buf);
    oneapi::dpl::counting_iterator<int> count(0);
    std::transform(policy, count, count + n, keys, [n](int i) { return n - (i / 2) * 2; });
    std::copy(policy, count, count + n, vals);
    auto zipped = oneapi::dpl::make_zip_iterator(keys, vals);
    std::stable_sort(policy, zipped, zipped + n, [](auto l, auto r) { return std::get<0>(l) < std::get<0>(r); });
    sycl::host_accessor k(keys_buf), v(vals_buf);
    bool ok = true;
    for (int i = 1; i < n; ++i) ok = ok && (k[i - 1] < k[i] || (k[i - 1] == k[i] && v[i - 1] < v[i]));
    check(ok && k[0] == n - (n - 1) / 2 * 2, "stable sort by key of zipped buffers");
  }

  if (errors == 0) printf("PASSED\n");
  return errors == 0 ? 0 : 1;
}
