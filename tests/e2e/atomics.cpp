// sycl::atomic_ref: a histogram (fetch_add on int in USM), a float sum
// (fetch_add on float through an accessor), min/max of int, unsigned and
// float, exchange, compare_exchange (an "elect one work-item" flag and a
// hand-written CAS loop), bit operations, operator++/+= and 64-bit
// counters, a per-work-group histogram in local memory merged into
// global memory, and atomics on the 32-bit words of memory of mixed or
// narrow types (a half2 added with a CAS loop on its word, as dpct writes
// half atomics; int min and float add on members of a struct with a char).
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

using relaxed_int = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>;

int main() {
  sycl::queue q;
  int errors = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      printf("wrong: %s\n", what);
      errors++;
    }
  };

  const int N = 10000, BINS = 16;
  int* hist = sycl::malloc_shared<int>(BINS, q);
  for (int b = 0; b < BINS; ++b) hist[b] = 0;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
    int v = int(i[0]) * 7 % 101;
    relaxed_int(hist[v % BINS]).fetch_add(1);
  }).wait();
  {
    std::vector<int> want(BINS, 0);
    for (int i = 0; i < N; ++i) want[i * 7 % 101 % BINS]++;
    bool same = true;
    for (int b = 0; b < BINS; ++b) same = same && hist[b] == want[b];
    check(same, "histogram");
  }

  // Float sum, min and max through accessors; ints and unsigned min/max.
  std::vector<float> fres(3, 0.0f);
  fres[1] = 1e30f;
  fres[2] = -1e30f;
  std::vector<int> ires(4, 0);
  ires[0] = 1 << 30;
  ires[1] = -(1 << 30);
  ires[2] = 0;   // exchange target
  ires[3] = 0;   // bit or
  std::vector<unsigned> ures(2, 0);
  ures[0] = 0xffffffffu;
  {
    sycl::buffer<float, 1> bf(fres.data(), sycl::range<1>(3));
    sycl::buffer<int, 1> bi(ires.data(), sycl::range<1>(4));
    sycl::buffer<unsigned, 1> bu(ures.data(), sycl::range<1>(2));
    q.submit([&](sycl::handler& h) {
      sycl::accessor f(bf, h, sycl::read_write);
      sycl::accessor iacc(bi, h, sycl::read_write);
      sycl::accessor u(bu, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(1000), [=](sycl::item<1> it) {
        int i = int(it.get_id(0));
        float x = float(i % 50) * 0.25f - 3.0f;
        sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device> sum(f[0]);
        sum.fetch_add(x);
        sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device>(f[1]).fetch_min(x);
        sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device>(f[2]).fetch_max(x);
        relaxed_int(iacc[0]).fetch_min(i - 500);
        relaxed_int(iacc[1]).fetch_max(i - 500);
        relaxed_int(iacc[2]).exchange(7);
        relaxed_int(iacc[3]) |= 1 << (i % 20);
        sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> umin(u[0]);
        umin.fetch_min(unsigned(i) + 5u);
        sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device>(u[1]) += 2u;
      });
    });
  }
  {
    float sum = 0;
    for (int i = 0; i < 1000; ++i) sum += float(i % 50) * 0.25f - 3.0f;
    // Every term is a multiple of 0.25 and every partial sum is exact in float.
    check(fres[0] == sum, "float fetch_add");
    check(fres[1] == -3.0f, "float fetch_min");
    check(fres[2] == 49 * 0.25f - 3.0f, "float fetch_max");
    check(ires[0] == -500, "int fetch_min");
    check(ires[1] == 499, "int fetch_max");
    check(ires[2] == 7, "exchange");
    check(ires[3] == (1 << 20) - 1, "operator|=");
    check(ures[0] == 5u, "unsigned fetch_min");
    check(ures[1] == 2000u, "unsigned operator+=");
  }

  // compare_exchange: exactly one work-item wins the flag; a CAS loop
  // doubling a shared value; 64-bit counters.
  int* flag = sycl::malloc_shared<int>(2, q);
  unsigned long long* big = sycl::malloc_shared<unsigned long long>(1, q);
  flag[0] = 0;
  flag[1] = 0;
  big[0] = 0;
  int* winners = sycl::malloc_shared<int>(1, q);
  winners[0] = 0;
  q.parallel_for(sycl::range<1>(512), [=](sycl::id<1> i) {
    relaxed_int f(flag[0]);
    int expected = 0;
    if (f.compare_exchange_strong(expected, int(i[0]) + 1)) relaxed_int(winners[0])++;
    relaxed_int counter(flag[1]);
    int seen = counter.load();
    while (!counter.compare_exchange_weak(seen, seen + 3)) {
    }
    sycl::atomic_ref<unsigned long long, sycl::memory_order::relaxed, sycl::memory_scope::device> b(big[0]);
    b.fetch_add(1ull << 33);
  }).wait();
  check(winners[0] == 1 && flag[0] >= 1 && flag[0] <= 512, "compare_exchange elects one");
  check(flag[1] == 512 * 3, "compare_exchange loop");
  check(big[0] == 512ull << 33, "64-bit fetch_add");

  // Per-group histograms in local memory, merged with global atomics.
  const int G = 64, ITEMS = 4096;
  int* merged = sycl::malloc_shared<int>(BINS, q);
  for (int b = 0; b < BINS; ++b) merged[b] = 0;
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> local(sycl::range<1>(BINS), h);
    h.parallel_for(sycl::nd_range<1>(sycl::range<1>(ITEMS), sycl::range<1>(G)), [=](sycl::nd_item<1> it) {
      size_t l = it.get_local_id(0);
      if (l < BINS) local[l] = 0;
      it.barrier();
      int v = int(it.get_global_id(0)) * 13 % 97;
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                       sycl::access::address_space::local_space>(local[v % BINS])
          .fetch_add(1);
      it.barrier();
      if (l < BINS) relaxed_int(merged[l]).fetch_add(local[l]);
    });
  }).wait();
  {
    std::vector<int> want(BINS, 0);
    for (int i = 0; i < ITEMS; ++i) want[i * 13 % 97 % BINS]++;
    bool same = true;
    for (int b = 0; b < BINS; ++b) same = same && merged[b] == want[b];
    check(same, "local-memory histogram");
  }

  // Words of byte-addressed memory.
  struct Mixed {
    int low;
    float sum;
    char tag;
  };
  sycl::half2 *pairs = sycl::malloc_shared<sycl::half2>(4, q);
  Mixed *mixed = sycl::malloc_shared<Mixed>(1, q);
  for (int i = 0; i < 4; ++i) pairs[i] = sycl::half2(0.0f, 0.0f);
  *mixed = Mixed{1000, 0.0f, 'x'};
  q.parallel_for(sycl::range<1>(256), [=](sycl::id<1> id) {
    int i = id[0];
    sycl::half2 add(1.0f, 0.5f);
    unsigned *word = reinterpret_cast<unsigned *>(&pairs[i % 4]);
    sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> w(*word);
    unsigned old = w.load(), desired;
    do {
      sycl::half2 now = sycl::bit_cast<sycl::half2>(old);
      desired = sycl::bit_cast<unsigned>(now + add);
    } while (!w.compare_exchange_strong(old, desired));
    relaxed_int(mixed->low).fetch_min(500 - i);
    sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device>(mixed->sum)
        .fetch_add(0.25f);
  }).wait();
  {
    bool same = mixed->low == 500 - 255 && mixed->sum == 64.0f && mixed->tag == 'x';
    for (int i = 0; i < 4; ++i)
      same = same && float(pairs[i][0]) == 64.0f && float(pairs[i][1]) == 32.0f;
    check(same, "atomics on words of byte-addressed memory");
  }
  sycl::free(pairs, q);
  sycl::free(mixed, q);

  sycl::free(hist, q);
  sycl::free(flag, q);
  sycl::free(big, q);
  sycl::free(winners, q);
  sycl::free(merged, q);
  printf("%s (%d errors)\n", errors ? "FAILED" : "PASSED", errors);
  return errors != 0;
}
