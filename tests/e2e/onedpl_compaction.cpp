// oneDPL's compacting algorithms on a device policy, checked against the
// standard ones on the host: remove_if over a std::vector, std::remove
// with a policy over USM, stable_partition and partition, unique after a
// sort and with a predicate (an equivalence: runs of equal tens),
// unique_copy, sort_by_key over vectors and USM, and empty ranges.
#include <oneapi/dpl/execution>
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/iterator>
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
  sycl::queue q;
  auto policy = oneapi::dpl::execution::make_device_policy(q);
  bool ok = true;
  auto check = [&](const char *what, bool good) { if (!good) { std::printf("%s wrong\n", what); ok = false; } };
  const int n = 1000;
  std::vector<int> base(n);
  for (int i = 0; i < n; ++i) base[i] = (i * 37) % 101;

  // remove_if over a host vector, remove over USM.
  std::vector<int> v = base, w = base;
  auto end = oneapi::dpl::remove_if(policy, v.begin(), v.end(), [](int x) { return x % 3 == 0; });
  auto wend = std::remove_if(w.begin(), w.end(), [](int x) { return x % 3 == 0; });
  check("remove_if", end - v.begin() == wend - w.begin() && std::equal(v.begin(), end, w.begin()));
  int *u = sycl::malloc_shared<int>(n, q);
  std::copy(base.begin(), base.end(), u);
  int *uend = std::remove(policy, u, u + n, 50);
  w = base;
  wend = std::remove(w.begin(), w.end(), 50);
  check("remove", uend - u == wend - w.begin() && std::equal(u, uend, w.begin()));

  // stable_partition and partition: the halves as std::stable_partition has them.
  v = base; w = base;
  auto mid = oneapi::dpl::stable_partition(policy, v.begin(), v.end(), [](int x) { return x < 40; });
  auto wmid = std::stable_partition(w.begin(), w.end(), [](int x) { return x < 40; });
  check("stable_partition", mid - v.begin() == wmid - w.begin() && v == w);
  v = base;
  mid = std::partition(policy, v.begin(), v.end(), [](int x) { return x % 2 == 0; });
  check("partition", std::all_of(v.begin(), mid, [](int x) { return x % 2 == 0; }) &&
                         std::none_of(mid, v.end(), [](int x) { return x % 2 == 0; }) &&
                         std::is_permutation(v.begin(), v.end(), base.begin()));

  // unique, after a sort, and with a predicate.
  v = base; w = base;
  std::sort(v.begin(), v.end());
  std::sort(w.begin(), w.end());
  end = oneapi::dpl::unique(policy, v.begin(), v.end());
  wend = std::unique(w.begin(), w.end());
  check("unique", end - v.begin() == wend - w.begin() && std::equal(v.begin(), end, w.begin()));
  v = base; w = base;
  auto same_tens = [](int a, int b) { return a / 10 == b / 10; };
  end = std::unique(policy, v.begin(), v.end(), same_tens);
  wend = std::unique(w.begin(), w.end(), same_tens);
  check("unique with a predicate", end - v.begin() == wend - w.begin() && std::equal(v.begin(), end, w.begin()));
  // unique_copy into USM and with a predicate; sort_by_key, keys and
  // values as USM and as vectors, then the copy of each key's first value.
  v = base; w = base;
  std::sort(w.begin(), w.end());
  int *copies = sycl::malloc_shared<int>(v.size(), q);
  std::vector<int> wcopies(v.size());
  int *cend = std::unique_copy(policy, w.begin(), w.end(), copies);
  auto wcend = std::unique_copy(w.begin(), w.end(), wcopies.begin());
  check("unique_copy", cend - copies == wcend - wcopies.begin() && std::equal(copies, cend, wcopies.begin()));
  cend = oneapi::dpl::unique_copy(policy, w.begin(), w.end(), copies, same_tens);
  wcend = std::unique_copy(w.begin(), w.end(), wcopies.begin(), same_tens);
  check("unique_copy with a predicate", cend - copies == wcend - wcopies.begin() && std::equal(copies, cend, wcopies.begin()));
  std::vector<int> keys = base, order(base.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = int(i);
  oneapi::dpl::sort_by_key(policy, keys.begin(), keys.end(), order.begin());
  bool by_key = std::is_sorted(keys.begin(), keys.end());
  for (std::size_t i = 0; i < keys.size(); ++i) by_key = by_key && base[std::size_t(order[i])] == keys[i];
  check("sort_by_key", by_key);
  std::copy(base.begin(), base.end(), u);
  for (std::size_t i = 0; i < order.size(); ++i) copies[i] = int(i);
  oneapi::dpl::sort_by_key(policy, u, u + base.size(), copies, std::greater<int>());
  by_key = std::is_sorted(u, u + base.size(), std::greater<int>());
  for (std::size_t i = 0; i < base.size(); ++i) by_key = by_key && base[std::size_t(copies[i])] == u[i];
  check("sort_by_key descending over USM", by_key);
  sycl::free(copies, q);
  std::vector<int> empty;
  check("empty", oneapi::dpl::unique(policy, empty.begin(), empty.end()) == empty.end() &&
                     oneapi::dpl::remove_if(policy, empty.begin(), empty.end(), [](int) { return true; }) == empty.end());
  sycl::free(u, q);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
