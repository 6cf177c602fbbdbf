// Reductions of classes whose size is no multiple of 4 bytes: a 3-byte
// class of chars in USM at an odd address (the bytes around it keep their
// values), a 6-byte class of shorts in a buffer, and a 12-byte class of
// floats (min, max, sum) beside them, also 2 bytes into a word, each with a
// user combiner; the result is combined under a lock in the 32-bit words
// the value lies in.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstring>

struct Rgb {
  unsigned char r, g, b;
};
struct Mix {
  Rgb operator()(const Rgb &x, const Rgb &y) const {
    return {static_cast<unsigned char>(x.r ^ y.r), static_cast<unsigned char>(x.g | y.g),
            static_cast<unsigned char>(x.b + y.b)};
  }
};
struct Counts {
  short items, most, parity;
};
struct Stats {
  float lo, hi, sum;
};

int main() {
  sycl::queue q;
  constexpr size_t n = 256, wg = 64;
  const sycl::nd_range<1> groups{n, wg};
  bool ok = true;

  // 3 bytes at offset 3 of a guarded block: it straddles two words.
  unsigned char *raw = sycl::malloc_shared<unsigned char>(12, q);
  for (int i = 0; i < 12; ++i) raw[i] = 0xAB;
  Rgb *rgb = reinterpret_cast<Rgb *>(raw + 3);
  *rgb = {0, 0, 0};
  q.parallel_for(groups, sycl::reduction(rgb, Rgb{0, 0, 0}, Mix{}), [=](sycl::nd_item<1> it, auto &r) {
     const size_t i = it.get_global_id(0);
     r.combine(Rgb{static_cast<unsigned char>(i & 3), static_cast<unsigned char>(1u << (i % 7)), 1});
   }).wait();
  Rgb want{0, 0, 0};
  for (size_t i = 0; i < n; ++i)
    want = Mix{}(want, Rgb{static_cast<unsigned char>(i & 3), static_cast<unsigned char>(1u << (i % 7)), 1});
  if (rgb->r != want.r || rgb->g != want.g || rgb->b != want.b) {
    std::printf("rgb {%d, %d, %d}, expected {%d, %d, %d}\n", rgb->r, rgb->g, rgb->b, want.r, want.g, want.b);
    ok = false;
  }
  for (int i : {0, 1, 2, 6, 7, 8, 11}) {
    if (raw[i] != 0xAB) {
      std::printf("byte %d around the result changed to %#x\n", i, raw[i]);
      ok = false;
    }
  }

  // 6 bytes through a buffer, with the range form.
  auto count = [](Counts a, Counts b) {
    return Counts{short(a.items + b.items), a.most > b.most ? a.most : b.most, short(a.parity ^ b.parity)};
  };
  Counts counts{0, -1, 0};
  {
    sycl::buffer<Counts> buf(&counts, 1);
    q.submit([&](sycl::handler &h) {
      h.parallel_for(sycl::range<1>(n), sycl::reduction(buf, h, Counts{0, -1, 0}, count),
                     [=](sycl::id<1> i, auto &r) { r.combine(Counts{1, short(i[0] * 7 % 101), short(i[0] & 0xff)}); });
    });
  }
  Counts expect_counts{0, -1, 0};
  for (size_t i = 0; i < n; ++i) expect_counts = count(expect_counts, Counts{1, short(i * 7 % 101), short(i & 0xff)});
  if (counts.items != expect_counts.items || counts.most != expect_counts.most ||
      counts.parity != expect_counts.parity) {
    std::printf("counts {%d, %d, %d}, expected {%d, %d, %d}\n", counts.items, counts.most, counts.parity,
                expect_counts.items, expect_counts.most, expect_counts.parity);
    ok = false;
  }

  // 12 bytes of floats.
  auto widen = [](Stats a, Stats b) { return Stats{sycl::fmin(a.lo, b.lo), sycl::fmax(a.hi, b.hi), a.sum + b.sum}; };
  Stats *stats = sycl::malloc_shared<Stats>(1, q);
  *stats = {1e30f, -1e30f, 0.0f};
  q.parallel_for(groups, sycl::reduction(stats, Stats{1e30f, -1e30f, 0.0f}, widen), [=](sycl::nd_item<1> it, auto &r) {
     const float v = float(int(it.get_global_id(0) * 37 % 101) - 50);
     r.combine(Stats{v, v, v});
   }).wait();
  Stats expect_stats{1e30f, -1e30f, 0.0f};
  for (size_t i = 0; i < n; ++i) {
    const float v = float(int(i * 37 % 101) - 50);
    expect_stats = widen(expect_stats, Stats{v, v, v});
  }
  if (stats->lo != expect_stats.lo || stats->hi != expect_stats.hi || stats->sum != expect_stats.sum) {
    std::printf("stats {%g, %g, %g}, expected {%g, %g, %g}\n", stats->lo, stats->hi, stats->sum, expect_stats.lo,
                expect_stats.hi, expect_stats.sum);
    ok = false;
  }

  // The 12-byte class again, 2 bytes into a word (packed storage).
  unsigned char *packed = sycl::malloc_shared<unsigned char>(20, q);
  for (int i = 0; i < 20; ++i) packed[i] = 0xCD;
  Stats *shifted = reinterpret_cast<Stats *>(packed + 2);
  const Stats start{1e30f, -1e30f, 0.0f};
  std::memcpy(shifted, &start, sizeof start);
  q.parallel_for(groups, sycl::reduction(shifted, start, widen), [=](sycl::nd_item<1> it, auto &r) {
     const float v = float(int(it.get_global_id(0) * 37 % 101) - 50);
     r.combine(Stats{v, v, v});
   }).wait();
  Stats got;
  std::memcpy(&got, shifted, sizeof got);
  if (got.lo != expect_stats.lo || got.hi != expect_stats.hi || got.sum != expect_stats.sum || packed[0] != 0xCD ||
      packed[1] != 0xCD || packed[14] != 0xCD || packed[19] != 0xCD) {
    std::printf("shifted stats {%g, %g, %g}, expected {%g, %g, %g}\n", got.lo, got.hi, got.sum, expect_stats.lo,
                expect_stats.hi, expect_stats.sum);
    ok = false;
  }

  sycl::free(packed, q);
  sycl::free(raw, q);
  sycl::free(stats, q);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
