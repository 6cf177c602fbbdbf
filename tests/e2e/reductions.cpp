// sycl::reduction: sums into USM (plus with operator+=, a range that is not
// a multiple of the work-group size), into a buffer with
// initialize_to_identity, minimum/maximum of floats, two reductions in one
// kernel, an nd_range reduction, bit operations, a product with an explicit
// identity, a user-defined operation through combine(), and three, four and
// eight reductions in one kernel (buffers and USM, over a range and an
// nd_range, on the handler and through the queue's shortcuts).
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>

struct AbsMax {
  float operator()(float a, float b) const {
    float x = a < 0 ? -a : a, y = b < 0 ? -b : b;
    return x < y ? y : x;
  }
};

int main() {
  sycl::queue q;
  int errors = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      printf("wrong: %s\n", what);
      errors++;
    }
  };

  const size_t N = 10007;  // not a multiple of any work-group size
  int* data = sycl::malloc_shared<int>(N, q);
  for (size_t i = 0; i < N; ++i) data[i] = int(i % 1000) - 300;
  long long want_sum = 0;
  int want_min = 1 << 30, want_max = -(1 << 30);
  for (size_t i = 0; i < N; ++i) {
    want_sum += data[i];
    want_min = data[i] < want_min ? data[i] : want_min;
    want_max = data[i] > want_max ? data[i] : want_max;
  }

  // USM sum, starting from the value already there (5).
  int* sum = sycl::malloc_shared<int>(1, q);
  *sum = 5;
  q.parallel_for(sycl::range<1>(N), sycl::reduction(sum, sycl::plus<int>()),
                 [=](sycl::id<1> i, auto& s) { s += data[i]; }).wait();
  check(*sum == int(want_sum) + 5, "USM plus reduction");

  // Buffer min and max with initialize_to_identity (the old values are ignored).
  int mn = -999999, mx = 999999;
  {
    sycl::buffer<int, 1> bmin(&mn, sycl::range<1>(1)), bmax(&mx, sycl::range<1>(1));
    q.submit([&](sycl::handler& h) {
      auto rmin = sycl::reduction(bmin, h, sycl::minimum<int>(),
                                  sycl::property::reduction::initialize_to_identity());
      auto rmax = sycl::reduction(bmax, h, sycl::maximum<>(),
                                  sycl::property::reduction::initialize_to_identity());
      h.parallel_for(sycl::range<1>(N), rmin, rmax, [=](sycl::item<1> it, auto& lo, auto& hi) {
        lo.combine(data[it.get_id(0)]);
        hi.combine(data[it.get_id(0)]);
      });
    });
  }
  check(mn == want_min, "buffer minimum with initialize_to_identity");
  check(mx == want_max, "buffer maximum with initialize_to_identity");

  // Float min/max and a float sum over an nd_range.
  float* f = sycl::malloc_shared<float>(3, q);
  f[0] = 0.0f;
  f[1] = sycl::known_identity_v<sycl::minimum<float>, float>;
  f[2] = sycl::known_identity_v<sycl::maximum<float>, float>;
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(4096), sycl::range<1>(128)),
                 sycl::reduction(f, sycl::plus<float>()), [=](sycl::nd_item<1> it, auto& s) {
                   s += float(it.get_global_id(0) % 8) * 0.5f;
                 }).wait();
  check(f[0] == 4096 / 8 * (0 + 1 + 2 + 3 + 4 + 5 + 6 + 7) * 0.5f, "nd_range float sum");
  q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::range<1>(1000), sycl::reduction(f + 1, sycl::minimum<float>()),
                   sycl::reduction(f + 2, sycl::maximum<float>()), [=](sycl::id<1> i, auto& lo, auto& hi) {
                     float v = (float(i[0]) - 500.0f) * 0.25f;
                     lo.combine(v);
                     hi.combine(v);
                   });
  }).wait();
  check(f[1] == -125.0f && f[2] == 124.75f, "float minimum and maximum");

  // Bit operations on unsigned, a product with an explicit identity, and a
  // user-defined operation with its identity.
  unsigned* bits = sycl::malloc_shared<unsigned>(3, q);
  bits[0] = 0;
  bits[1] = 0xffffffffu;
  bits[2] = 0;
  q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::range<1>(32), sycl::reduction(bits, sycl::bit_or<unsigned>()),
                   sycl::reduction(bits + 1, sycl::bit_and<unsigned>()), [=](sycl::id<1> i, auto& o, auto& a) {
                     o |= 1u << i[0];
                     a &= ~(1u << (i[0] % 4));
                   });
  }).wait();
  check(bits[0] == 0xffffffffu, "bit_or");
  check(bits[1] == 0xfffffff0u, "bit_and");
  long long* prod = sycl::malloc_shared<long long>(1, q);
  *prod = 1;
  q.parallel_for(sycl::range<1>(20), sycl::reduction(prod, 1ll, sycl::multiplies<long long>()),
                 [=](sycl::id<1> i, auto& p) { p *= (long long)(i[0] % 3 + 1); }).wait();
  long long want_prod = 1;
  for (int i = 0; i < 20; ++i) want_prod *= i % 3 + 1;
  check(*prod == want_prod, "multiplies with an identity");
  float* amax = sycl::malloc_shared<float>(1, q);
  *amax = 0.0f;
  q.parallel_for(sycl::range<2>(16, 16), sycl::reduction(amax, 0.0f, AbsMax()),
                 [=](sycl::item<2> it, auto& m) {
                   m.combine(float(int(it.get_id(0)) - int(it.get_id(1)) * 2));
                 }).wait();
  check(*amax == 30.0f, "user-defined operation over a 2-D range");

  // Three reductions into buffers over an nd_range, four into USM over a range.
  int bsum = 0, bmin = 0, bmax = 0;
  {
    sycl::buffer<int> s_buf(&bsum, 1), lo_buf(&bmin, 1), hi_buf(&bmax, 1);
    q.submit([&](sycl::handler& h) {
      auto rs = sycl::reduction(s_buf, h, sycl::plus<>());
      auto rlo = sycl::reduction(lo_buf, h, sycl::minimum<>(), sycl::property::reduction::initialize_to_identity());
      auto rhi = sycl::reduction(hi_buf, h, sycl::maximum<>(), sycl::property::reduction::initialize_to_identity());
      h.parallel_for(sycl::nd_range<1>(10000, 100), rs, rlo, rhi,
                     [=](sycl::nd_item<1> it, auto& s, auto& lo, auto& hi) {
                       int v = data[it.get_global_id(0)];
                       s += v;
                       lo.combine(v);
                       hi.combine(v);
                     });
    });
  }
  long long want_sum10k = 0;
  int want_min10k = 1 << 30, want_max10k = -(1 << 30);
  for (size_t i = 0; i < 10000; ++i) {
    want_sum10k += data[i];
    want_min10k = data[i] < want_min10k ? data[i] : want_min10k;
    want_max10k = data[i] > want_max10k ? data[i] : want_max10k;
  }
  check(bsum == want_sum10k && bmin == want_min10k && bmax == want_max10k, "three reductions into buffers");
  int* four = sycl::malloc_shared<int>(4, q);
  four[0] = 0;
  four[1] = 1 << 30;
  four[2] = -(1 << 30);
  four[3] = 0;
  q.parallel_for(sycl::range<1>(N), sycl::reduction(four, sycl::plus<int>()),
                 sycl::reduction(four + 1, sycl::minimum<int>()), sycl::reduction(four + 2, sycl::maximum<int>()),
                 sycl::reduction(four + 3, sycl::bit_xor<int>()),
                 [=](sycl::id<1> i, auto& s, auto& lo, auto& hi, auto& x) {
                   int v = data[i];
                   s += v;
                   lo.combine(v);
                   hi.combine(v);
                   x ^= v;
                 }).wait();
  int want_xor = 0;
  for (size_t i = 0; i < N; ++i) want_xor ^= data[i];
  check(four[0] == want_sum && four[1] == want_min && four[2] == want_max && four[3] == want_xor,
        "four reductions into USM");
  sycl::free(four, q);

  // Array reductions over a span: a histogram with ++, a span of maxima
  // with an explicit identity and initialize_to_identity, next to a scalar.
  constexpr int Bins = 16;
  int* hist = sycl::malloc_shared<int>(Bins, q);
  int* peaks = sycl::malloc_shared<int>(4, q);
  int* total = sycl::malloc_shared<int>(1, q);
  for (int b = 0; b < Bins; ++b) hist[b] = 1;
  for (int k = 0; k < 4; ++k) peaks[k] = 1 << 30;
  *total = 0;
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::range<1>(N), sycl::reduction(sycl::span<int, Bins>(hist, Bins), sycl::plus<>()),
                    sycl::reduction(sycl::span<int>(peaks, 4), -1, sycl::maximum<int>(),
                                    {sycl::property::reduction::initialize_to_identity()}),
                    sycl::reduction(total, sycl::plus<int>()),
                    [=](sycl::id<1> i, auto& bins, auto& peak, auto& sum) {
                      int v = data[i];
                      bins[(v & 0x7fffffff) % Bins]++;
                      peak[i % 4].combine(v);
                      sum += 1;
                    });
   }).wait();
  int want_hist[Bins], want_peaks[4] = {-1, -1, -1, -1};
  for (int b = 0; b < Bins; ++b) want_hist[b] = 1;
  for (size_t i = 0; i < N; ++i) {
    want_hist[(data[i] & 0x7fffffff) % Bins]++;
    want_peaks[i % 4] = std::max(want_peaks[i % 4], data[i]);
  }
  bool hist_ok = *total == static_cast<int>(N);
  for (int b = 0; b < Bins; ++b) hist_ok = hist_ok && hist[b] == want_hist[b];
  for (int k = 0; k < 4; ++k) hist_ok = hist_ok && peaks[k] == want_peaks[k];
  check(hist_ok, "span reductions: a histogram and per-slot maxima");
  sycl::free(hist, q);
  sycl::free(peaks, q);
  sycl::free(total, q);

  // Eight reductions in one kernel (SYCL 2020's parallel_for takes any
  // number) through the handler over a range, and two through the queue's
  // shortcut over an nd_range after an event.
  {
    int* r6 = sycl::malloc_shared<int>(7, q);
    float* fsum = sycl::malloc_shared<float>(1, q);
    auto reset = [&] {
      r6[0] = 0;
      r6[1] = -(1 << 30);
      r6[2] = 1 << 30;
      r6[3] = 0;
      r6[4] = -1;
      r6[5] = 0;
      r6[6] = 0;
      *fsum = 0.5f;
    };
    reset();
    q.submit([&](sycl::handler& h) {
       h.parallel_for(sycl::range<1>(N), sycl::reduction(r6, sycl::plus<int>()),
                      sycl::reduction(r6 + 1, sycl::maximum<int>()), sycl::reduction(r6 + 2, sycl::minimum<int>()),
                      sycl::reduction(r6 + 3, sycl::bit_or<int>()), sycl::reduction(r6 + 4, sycl::bit_and<int>()),
                      sycl::reduction(r6 + 5, sycl::bit_xor<int>()), sycl::reduction(r6 + 6, sycl::plus<int>()),
                      sycl::reduction(fsum, sycl::plus<float>()),
                      [=](sycl::id<1> i, auto& s, auto& mx, auto& mn, auto& o, auto& a, auto& x, auto& odd,
                          auto& fs) {
                        int v = data[i];
                        s += v;
                        mx.combine(v);
                        mn.combine(v);
                        o |= 1 << (i % 31);
                        a &= v | 0x400;
                        x ^= v;
                        if (v % 2) odd += 1;
                        fs += (v % 8) * 0.25f;
                      });
     }).wait();
    {
      int s = 0, mx = -(1 << 30), mn = 1 << 30, o = 0, a = -1, x = 0, odd = 0;
      float fs = 0.5f;
      for (size_t i = 0; i < N; ++i) {
        s += data[i];
        mx = std::max(mx, data[i]);
        mn = std::min(mn, data[i]);
        o |= 1 << (i % 31);
        a &= data[i] | 0x400;
        x ^= data[i];
        if (data[i] % 2) odd += 1;
        fs += (data[i] % 8) * 0.25f;
      }
      // Quarters summed: exact in any order while the total stays below 2^22.
      check(r6[0] == s && r6[1] == mx && r6[2] == mn && r6[3] == o && r6[4] == a && r6[5] == x &&
                r6[6] == odd && *fsum == fs,
            "eight reductions in one kernel (handler, range)");
    }
    reset();
    sycl::event before = q.single_task([] {});
    q.parallel_for(sycl::nd_range<1>(8192, 64), before, sycl::reduction(r6, sycl::plus<int>()),
                   sycl::reduction(r6 + 1, sycl::maximum<int>()),
                   [=](sycl::nd_item<1> it, auto& s, auto& mx) {
                     int v = data[it.get_global_id(0)];
                     s += v;
                     mx.combine(v);
                   })
        .wait();
    {
      int s = 0, mx = -(1 << 30);
      for (size_t i = 0; i < 8192; ++i) {
        s += data[i];
        mx = std::max(mx, data[i]);
      }
      check(r6[0] == s && r6[1] == mx, "two reductions through the queue shortcut, nd_range, after an event");
    }
    sycl::free(r6, q);
    sycl::free(fsum, q);
  }

  sycl::free(data, q);
  sycl::free(sum, q);
  sycl::free(f, q);
  sycl::free(bits, q);
  sycl::free(prod, q);
  sycl::free(amax, q);
  printf("%s (%d errors)\n", errors ? "FAILED" : "PASSED", errors);
  return errors != 0;
}
