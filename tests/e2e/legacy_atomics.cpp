// SYCL 1.2.1's atomics, deprecated in SYCL 2020 and still in ported code:
// accessors of access::mode::atomic (buffer accessors in one and two
// dimensions, a local accessor of a work-group histogram), the free
// functions atomic_fetch_add/.../atomic_compare_exchange_strong on what
// they return, and sycl::atomic<T> built from a global_ptr into USM (a
// lock bit set with fetch_or, as HeCBench's btree does), with load, store,
// exchange and min/max, on int, unsigned, 64-bit and float.
#include <sycl/sycl.hpp>
#include <cstdint>
#include <cstdio>
#include <vector>

using namespace sycl;

int main() {
  queue q;
  int errors = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok) {
      printf("wrong: %s\n", what);
      errors++;
    }
  };

  // A histogram through an atomic accessor, counted twice: by the free
  // function and by the member.
  const int N = 4096, BINS = 10;
  std::vector<int> hist(BINS, 0);
  std::vector<int> want(BINS, 0);
  for (int i = 0; i < N; ++i) want[(i * 13) % 97 % BINS] += 2;
  {
    buffer<int, 1> hb(hist.data(), range<1>(BINS));
    q.submit([&](handler &cgh) {
      auto h = hb.get_access<access::mode::atomic>(cgh);
      cgh.parallel_for<class legacy_histogram>(range<1>(N), [=](id<1> i) {
        int bin = int(i[0]) * 13 % 97 % BINS;
        atomic_fetch_add(h[bin], 1);
        h[bin].fetch_add(1);
      });
    });
  }
  check(hist == want, "atomic accessor histogram");

  // Two dimensions: the maximum and minimum of each row, and a
  // compare-exchange loop that doubles a counter in each row.
  const int ROWS = 4, COLS = 256;
  std::vector<int> maxima(ROWS, -1000000), minima(ROWS, 1000000), doubled(ROWS, 1);
  {
    buffer<int, 2> mb(maxima.data(), range<2>(ROWS, 1));
    buffer<int, 2> nb(minima.data(), range<2>(ROWS, 1));
    buffer<int, 1> db(doubled.data(), range<1>(ROWS));
    q.submit([&](handler &cgh) {
      accessor<int, 2, access::mode::atomic> mx(mb, cgh);
      auto mn = nb.get_access<access::mode::atomic>(cgh);
      auto dbl = db.get_access<access::mode::atomic>(cgh);
      cgh.parallel_for<class legacy_row_extrema>(range<2>(ROWS, COLS), [=](item<2> it) {
        int r = int(it[0]), c = int(it[1]);
        int v = (c * 37 + r * 11) % 1001 - 500;
        mx[r][0].fetch_max(v);
        atomic_fetch_min(mn[id<2>(r, 0)], v);
        if (c < 10) {
          atomic<int> counter = dbl[r];
          int seen = counter.load();
          while (!atomic_compare_exchange_strong(counter, seen, seen * 2)) {
          }
        }
      });
    });
  }
  for (int r = 0; r < ROWS; ++r) {
    int hi = -1000000, lo = 1000000;
    for (int c = 0; c < COLS; ++c) {
      int v = (c * 37 + r * 11) % 1001 - 500;
      hi = v > hi ? v : hi;
      lo = v < lo ? v : lo;
    }
    check(maxima[r] == hi, "fetch_max through a 2-D atomic accessor");
    check(minima[r] == lo, "atomic_fetch_min through a 2-D atomic accessor");
    check(doubled[r] == 1024, "compare_exchange_strong loop");
  }

  // A work-group histogram in an atomic local accessor, merged into global
  // memory with atomic<int> over a global_ptr.
  const int GROUPS = 8, LOCAL = 64, LBINS = 4;
  int *totals = malloc_shared<int>(LBINS, q);
  for (int b = 0; b < LBINS; ++b) totals[b] = 0;
  q.submit([&](handler &cgh) {
    accessor<int, 1, access::mode::atomic, access::target::local> local_hist(range<1>(LBINS), cgh);
    cgh.parallel_for<class legacy_local_histogram>(
        nd_range<1>(range<1>(GROUPS * LOCAL), range<1>(LOCAL)), [=](nd_item<1> it) {
          size_t l = it.get_local_id(0);
          if (l < LBINS) local_hist[l].store(0);
          it.barrier(access::fence_space::local_space);
          local_hist[it.get_global_id(0) % 3].fetch_add(1);
          it.barrier(access::fence_space::local_space);
          if (l < LBINS) {
            atomic<int> total(global_ptr<int>(totals + l));
            total.fetch_add(local_hist[l].load());
          }
        });
  }).wait();
  {
    int want_totals[LBINS] = {0, 0, 0, 0};
    for (int g = 0; g < GROUPS * LOCAL; ++g) want_totals[g % 3]++;
    bool same = true;
    for (int b = 0; b < LBINS; ++b) same = same && totals[b] == want_totals[b];
    check(same, "atomic local accessor histogram");
  }

  // Lock bits in USM, set once by fetch_or: exactly one work-item per word
  // sees the bit clear.
  const int WORDS = 16, CONTENDERS = 32;
  uint32_t *locks = malloc_shared<uint32_t>(WORDS, q);
  int *winners = malloc_shared<int>(WORDS, q);
  for (int w = 0; w < WORDS; ++w) locks[w] = uint32_t(w), winners[w] = 0;
  q.parallel_for(range<1>(WORDS * CONTENDERS), [=](id<1> i) {
    int w = int(i[0]) % WORDS;
    uint32_t before = atomic<uint32_t>(global_ptr<uint32_t>(locks + w)).fetch_or(0x80000000u);
    if ((before & 0x80000000u) == 0) atomic_fetch_add(atomic<int>(global_ptr<int>(winners + w)), 1);
  }).wait();
  for (int w = 0; w < WORDS; ++w) {
    check(winners[w] == 1, "one winner per lock");
    check(locks[w] == (uint32_t(w) | 0x80000000u), "lock word keeps its low bits");
  }

  // exchange, store and load on 64-bit integers and float; xor and sub.
  unsigned long long *wide = malloc_shared<unsigned long long>(2, q);
  float *f = malloc_shared<float>(2, q);
  wide[0] = 0, wide[1] = 1000;
  f[0] = 1.5f, f[1] = 0.0f;
  q.single_task([=] {
    atomic<unsigned long long> a{global_ptr<unsigned long long>(wide)};
    a.store(0x100000000ull);
    unsigned long long old = atomic_exchange(a, 0x300000000ull);
    atomic<unsigned long long>(global_ptr<unsigned long long>(wide + 1)).fetch_sub(old >> 32);
    atomic_fetch_xor(a, 1ull);
    atomic<float> af{global_ptr<float>(f)};
    float was = af.exchange(2.5f);
    atomic_store(atomic<float>(global_ptr<float>(f + 1)), was + atomic_load(af));
  }).wait();
  check(wide[0] == 0x300000001ull, "64-bit store, exchange, xor");
  check(wide[1] == 999, "64-bit fetch_sub");
  check(f[0] == 2.5f && f[1] == 4.0f, "float exchange, store, load");

  free(totals, q);
  free(locks, q);
  free(winners, q);
  free(wide, q);
  free(f, q);
  if (errors) {
    printf("FAILED (%d)\n", errors);
    return 1;
  }
  printf("PASSED\n");
  return 0;
}
