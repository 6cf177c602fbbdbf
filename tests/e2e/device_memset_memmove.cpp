// memset, memmove and type-punning memcpy in kernels, as code ported from
// CUDA and C writes them: private arrays and structs cleared with memset,
// buffers filled with a byte pattern over a run-time count, overlapping
// ranges shifted with memmove in both directions, and the bits of floats
// and doubles read as integers through memcpy (the pre-C++20 bit_cast).
// Every result is compared with what the host's C library computes.
#include <sycl/sycl.hpp>
#include <cstdint>
#include <cstdio>
#include <cstring>

struct Cell {
  float weight;
  int hits;
  short tag;
  unsigned char flags[2];
};

struct Pair {
  float a;
  unsigned b;
};

int main() {
  sycl::queue q;
  int bad = 0;
  constexpr int N = 64;

  // Private memory cleared or patterned with memset.
  int *out = sycl::malloc_shared<int>(N * 4, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = int(id[0]);
     int counts[8];
     memset(counts, 0, sizeof counts);
     for (int k = 0; k <= i % 8; ++k) counts[k] += k + 1;
     Cell c;
     std::memset(&c, 0, sizeof(Cell));
     c.hits += i;
     unsigned char bytes[6];
     memset(bytes, 'a' + i % 3, sizeof bytes);
     unsigned words[2];
     memset(words, i, sizeof words);  // the low byte of i, repeated
     out[4 * i] = counts[0] + counts[7] + c.hits + int(c.weight) + c.tag + c.flags[1];
     out[4 * i + 1] = bytes[0] + bytes[5];
     out[4 * i + 2] = int(words[1] & 0x7fffffff);
     out[4 * i + 3] = 0;
   }).wait();
  for (int i = 0; i < N; ++i) {
    int counts0 = 1, counts7 = i % 8 == 7 ? 8 : 0;
    unsigned w;
    std::memset(&w, i, sizeof w);
    if (out[4 * i] != counts0 + counts7 + i || out[4 * i + 1] != 2 * ('a' + i % 3) ||
        out[4 * i + 2] != int(w & 0x7fffffff))
      ++bad;
  }

  // USM filled over a count known at run time, with a byte chosen at run
  // time; floats filled with 0xff bytes hold a NaN's bits.
  float *f = sycl::malloc_shared<float>(N, q);
  short *s = sycl::malloc_shared<short>(N, q);
  for (int i = 0; i < N; ++i) f[i] = 1.0f, s[i] = 7;
  int fill_from = 8, fill_count = 40, pattern = 0x1ff;  // memset uses 0xff
  q.single_task([=]() {
     std::memset(f + fill_from, pattern, fill_count * sizeof(float));
     memset(&s[fill_from], 0x12, fill_count * sizeof(short));
   }).wait();
  for (int i = 0; i < N; ++i) {
    bool filled = i >= fill_from && i < fill_from + fill_count;
    std::uint32_t bits;
    std::memcpy(&bits, &f[i], 4);
    if (filled ? bits != 0xffffffffu : f[i] != 1.0f) ++bad;
    if (s[i] != (filled ? 0x1212 : 7)) ++bad;
  }

  // Local memory cleared by one work-item, then accumulated into.
  int *sums = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> bins(sycl::range<1>(16), h);
     h.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
       if (it.get_local_id(0) == 0) memset(&bins[0], 0, 16 * sizeof(int));
       sycl::group_barrier(it.get_group());
       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                        sycl::access::address_space::local_space>
           bin(bins[it.get_local_id(0) % 4]);
       bin += 1;
       sycl::group_barrier(it.get_group());
       if (it.get_local_id(0) == 0) sums[it.get_group(0)] = bins[0] + bins[1] + bins[2] + bins[3] + bins[15];
     });
   }).wait();
  for (int g = 0; g < 4; ++g)
    if (sums[g] != 16) ++bad;

  // memmove over overlapping ranges, both directions, in USM and in
  // private memory; the count is known only at run time.
  int *a = sycl::malloc_shared<int>(N, q);
  int *b = sycl::malloc_shared<int>(N, q);
  for (int i = 0; i < N; ++i) a[i] = i, b[i] = i;
  int shift = 5, moved = 30;
  q.single_task([=]() {
     memmove(a + shift, a, moved * sizeof(int));      // up: copies backwards
     std::memmove(b, b + shift, moved * sizeof(int)); // down: forwards
   }).wait();
  int ra[N], rb[N];
  for (int i = 0; i < N; ++i) ra[i] = i, rb[i] = i;
  std::memmove(ra + shift, ra, moved * sizeof(int));
  std::memmove(rb, rb + shift, moved * sizeof(int));
  for (int i = 0; i < N; ++i)
    if (a[i] != ra[i] || b[i] != rb[i]) ++bad;

  int *priv = sycl::malloc_shared<int>(N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = int(id[0]);
     int window[10];
     for (int k = 0; k < 10; ++k) window[k] = i * 10 + k;
     int by = 1 + i % 3;
     memmove(window + by, window, (10 - by) * sizeof(int));
     priv[i] = window[9] - window[0];
   }).wait();
  for (int i = 0; i < N; ++i) {
    int by = 1 + i % 3;
    if (priv[i] != (9 - by)) ++bad;
  }

  // The bits of floats and doubles as integers, and back.
  std::uint32_t *fbits = sycl::malloc_shared<std::uint32_t>(N, q);
  std::uint32_t *dwords = sycl::malloc_shared<std::uint32_t>(2 * N, q);
  float *back = sycl::malloc_shared<float>(N, q);
  Pair *pairs = sycl::malloc_shared<Pair>(N, q);
  unsigned char *raw = sycl::malloc_shared<unsigned char>(8 * N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = int(id[0]);
     float x = 1.5f * i - 20.0f;
     std::uint32_t u;
     memcpy(&u, &x, sizeof x);
     fbits[i] = u;
     double d = 0.25 * i + 1e10;
     std::uint32_t w[2];
     memcpy(w, &d, sizeof d);
     dwords[2 * i] = w[0];
     dwords[2 * i + 1] = w[1];
     float y;
     std::uint32_t flipped = u ^ 0x80000000u;
     memcpy(&y, &flipped, 4);
     back[i] = y;
     Pair p{x, u};
     memcpy(raw + 8 * i, &p, sizeof p);
     Pair q2;
     memcpy(&q2, raw + 8 * i, 8);
     pairs[i] = q2;
   }).wait();
  for (int i = 0; i < N; ++i) {
    float x = 1.5f * i - 20.0f;
    std::uint32_t u;
    std::memcpy(&u, &x, 4);
    double d = 0.25 * i + 1e10;
    std::uint32_t w[2];
    std::memcpy(w, &d, 8);
    unsigned char want[8];
    Pair p{x, u};
    std::memcpy(want, &p, 8);
    if (fbits[i] != u || dwords[2 * i] != w[0] || dwords[2 * i + 1] != w[1]) ++bad;
    if (back[i] != -x || pairs[i].a != x || pairs[i].b != u) ++bad;
    if (std::memcmp(want, raw + 8 * i, 8) != 0) ++bad;
  }

  // Floats copied into an int buffer with a run-time count: same-size
  // elements, reinterpreted one by one.
  int *ints = sycl::malloc_shared<int>(N, q);
  int count = N - 3;
  q.single_task([=]() { memcpy(ints, back, count * sizeof(float)); }).wait();
  for (int i = 0; i < count; ++i) {
    int want;
    std::memcpy(&want, &back[i], 4);
    if (ints[i] != want) ++bad;
  }

  for (void *p : {(void *)out, (void *)f, (void *)s, (void *)sums, (void *)a, (void *)b, (void *)priv,
                  (void *)fbits, (void *)dwords, (void *)back, (void *)pairs, (void *)raw, (void *)ints})
    sycl::free(p, q);
  std::printf(bad ? "FAILED (%d)\n" : "PASSED\n", bad);
  return bad != 0;
}
