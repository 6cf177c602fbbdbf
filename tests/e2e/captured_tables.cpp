// Tables captured by value and indexed with run-time indices: lookup
// tables larger than a handful of elements, 2-D filters, arrays of
// structs with mixed member types, narrow element types and bools;
// negative `short` members arrive sign-extended.
#include <sycl/sycl.hpp>
#include <array>
#include <cstdint>
#include <cstdio>

struct Entry {
  int16_t small;
  int64_t wide;
  float weight;
};

struct Params {
  int count;
  float w[16];
  Entry entries[3];
};

static int failures = 0;

static void check(const char *what, long long got, long long want, int at) {
  if (got != want && failures++ < 10)
    std::printf("%s[%d]: got %lld, want %lld\n", what, at, got, want);
}

int main() {
  sycl::queue q;
  constexpr int N = 1000;
  int *out = sycl::malloc_shared<int>(N, q);
  long long *wide_out = sycl::malloc_shared<long long>(N, q);
  float *float_out = sycl::malloc_shared<float>(N, q);

  // A lookup table of 100 elements (more than a chain of selects covers).
  std::array<int, 100> squares;
  for (int i = 0; i < 100; i++) squares[i] = i * i - 7;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    out[i] = squares[(i * 37) % 100] + squares[99 - i % 100];
  }).wait();
  for (int i = 0; i < N; i++)
    check("squares", out[i], squares[(i * 37) % 100] + squares[99 - i % 100], i);

  // A 2-D filter: both indices at run time, and one constant.
  float filter[9][9];
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++) filter[r][c] = float(r * 10 + c);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    int r = i % 9, c = (i / 9) % 9;
    float_out[i] = filter[r][c] + filter[4][c] * 100.0f + filter[r][8] * 10000.0f;
  }).wait();
  for (int i = 0; i < N; i++) {
    int r = i % 9, c = (i / 9) % 9;
    float want = filter[r][c] + filter[4][c] * 100.0f + filter[r][8] * 10000.0f;
    check("filter", (long long)float_out[i], (long long)want, i);
  }

  // Narrow elements (a byte each on the host) and bools.
  unsigned char bytes[256];
  bool odd[70];
  for (int i = 0; i < 256; i++) bytes[i] = (unsigned char)(255 - i);
  for (int i = 0; i < 70; i++) odd[i] = i % 2 == 1;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    out[i] = bytes[i % 256] * (odd[i % 70] ? -1 : 1);
  }).wait();
  for (int i = 0; i < N; i++) check("bytes", out[i], (255 - i % 256) * (i % 70 % 2 ? -1 : 1), i);

  // A struct holding a table and an array of structs with padding.
  Params p;
  p.count = 16;
  for (int k = 0; k < 16; k++) p.w[k] = 0.5f * float(k);
  for (int k = 0; k < 3; k++) p.entries[k] = Entry{int16_t(-k - 1), int64_t(k) << 40, float(k) + 0.25f};
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    float acc = 0.0f;
    for (int k = i % 4; k < p.count; k += 4) acc += p.w[k];
    float_out[i] = acc * 4.0f;
    out[i] = p.entries[i % 3].small;
  }).wait();
  for (int i = 0; i < N; i++) {
    float acc = 0.0f;
    for (int k = i % 4; k < 16; k += 4) acc += p.w[k];
    check("struct table", (long long)float_out[i], (long long)(acc * 4.0f), i);
    check("struct entries", out[i], -(i % 3) - 1, i);
  }

  // Forty structs mixing 2-, 8- and 4-byte members, picked at run time.
  std::array<Entry, 40> entries;
  for (int k = 0; k < 40; k++)
    entries[k] = Entry{int16_t(k - 20), (int64_t(k) << 33) + k, float(k) * 1.5f};
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    const Entry &e = entries[(i * 7) % 40];
    wide_out[i] = e.wide + e.small;
    out[i] = static_cast<int>(e.weight * 2.0f);
  }).wait();
  for (int i = 0; i < N; i++) {
    const Entry &e = entries[(i * 7) % 40];
    check("entries.wide", wide_out[i], e.wide + e.small, i);
    check("entries.weight", out[i], (long long)(e.weight * 2.0f), i);
  }

  sycl::free(out, q);
  sycl::free(wide_out, q);
  sycl::free(float_out, q);
  std::printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures ? 1 : 0;
}
