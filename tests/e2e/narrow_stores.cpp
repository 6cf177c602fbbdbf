// Stores of 8- and 16-bit scalars to global memory from neighbouring
// work-items, which share 32-bit words: uint8_t, signed char (negative
// values), bool and short arrays in USM and through accessors (one with an
// offset, so its bytes start inside a word), a pointer into the middle of
// an allocation, packed records of a char and a short (the short at odd
// bytes, every other one across a word boundary), sycl::half, bytes written
// in one kernel beside atomics on the same words in another,
// read-modify-write of bytes (`c[i] += 1`), and elements read back in the
// kernel that stored them (the compiler forwards the stored value), also
// after a store to another array and across a branch. On devices with 8- and 16-bit
// storage these are plain narrow stores; elsewhere atomics on words: the
// results are the same.
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

struct __attribute__((packed)) Tagged {
  char tag;
  short value;
};

int failures = 0;

void check(bool ok, const char *what, int i) {
  if (!ok && failures++ < 10) std::printf("mismatch: %s at %d\n", what, i);
}

int main() {
  sycl::queue q;
  constexpr int n = 1029;  // not a multiple of 4: the last word is partial

  uint8_t *u8 = sycl::malloc_shared<uint8_t>(n, q);
  signed char *s8 = sycl::malloc_shared<signed char>(n, q);
  bool *flags = sycl::malloc_shared<bool>(n, q);
  short *s16 = sycl::malloc_shared<short>(n, q);
  Tagged *tagged = sycl::malloc_shared<Tagged>(n, q);
  sycl::half *halves = sycl::malloc_shared<sycl::half>(n, q);
  for (int i = 0; i < n; ++i) tagged[i] = {char(i & 0x7f), 0};
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = int(id[0]);
     u8[i] = uint8_t(i * 7 + 3);
     s8[i] = static_cast<signed char>(-(i % 128));
     flags[i] = i % 3 == 0;
     s16[i] = short(-i * 29);
     tagged[i].value = short(i * 31 - 500);
     halves[i] = sycl::half(float(i % 64) * 0.5f);
   }).wait();
  for (int i = 0; i < n; ++i) {
    check(u8[i] == uint8_t(i * 7 + 3), "uint8_t", i);
    check(s8[i] == static_cast<signed char>(-(i % 128)), "signed char", i);
    check(flags[i] == (i % 3 == 0), "bool", i);
    check(s16[i] == short(-i * 29), "short", i);
    check(tagged[i].tag == char(i & 0x7f), "packed char", i);
    check(tagged[i].value == short(i * 31 - 500), "packed short", i);
    check(float(halves[i]) == float(i % 64) * 0.5f, "half", i);
  }

  // A pointer into the middle of an allocation: byte 3 is a word's last.
  uint8_t *middle = u8 + 3;
  q.parallel_for(sycl::range<1>(n - 3), [=](sycl::id<1> i) {
     middle[i] += uint8_t(1);
   }).wait();
  for (int i = 0; i < n; ++i) {
    uint8_t want = uint8_t(i * 7 + 3 + (i >= 3 ? 1 : 0));
    check(u8[i] == want, "bytes through an offset pointer", i);
  }

  // Accessors, one ranged with an offset of 5 bytes (10 for shorts).
  std::vector<uint8_t> bytes(n, 0xee);
  std::vector<short> shorts(n, -1);
  {
    sycl::buffer<uint8_t> bb(bytes.data(), sycl::range<1>(n));
    sycl::buffer<short> bs(shorts.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor b(bb, h, sycl::range<1>(n - 10), sycl::id<1>(5), sycl::write_only);
      sycl::accessor s(bs, h, sycl::range<1>(n - 10), sycl::id<1>(5), sycl::write_only);
      h.parallel_for(sycl::range<1>(n - 10), [=](sycl::id<1> i) {
        b[i] = uint8_t(i[0]);
        s[i] = short(i[0] * 3);
      });
    });
  }
  for (int i = 0; i < n; ++i) {
    bool inside = i >= 5 && i < n - 5;
    check(bytes[i] == (inside ? uint8_t(i - 5) : uint8_t(0xee)), "ranged byte accessor", i);
    check(shorts[i] == (inside ? short((i - 5) * 3) : short(-1)), "ranged short accessor", i);
  }

  // Bytes stored by one kernel, their words updated atomically by the next.
  constexpr int words = 256;
  uint8_t *counters = sycl::malloc_shared<uint8_t>(4 * words, q);
  q.parallel_for(sycl::range<1>(4 * words), [=](sycl::id<1> i) {
     counters[i] = uint8_t(i[0] % 4);
   }).wait();
  q.parallel_for(sycl::range<1>(words), [=](sycl::id<1> i) {
     auto *w = reinterpret_cast<uint32_t *>(counters) + i[0];
     sycl::atomic_ref<uint32_t, sycl::memory_order::relaxed, sycl::memory_scope::device>(*w)
         .fetch_add(0x01010101u);
   }).wait();
  for (int i = 0; i < 4 * words; ++i) check(counters[i] == uint8_t(i % 4 + 1), "bytes then word atomics", i);

  // Stored, then read back by the same work-item: the stored value, of
  // each width and signedness, also after another array's store (which
  // may be the same memory) and in a branch.
  int *seen = sycl::malloc_shared<int>(4 * n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = int(id[0]);
     u8[i] = uint8_t(u8[i] * 3 + 1);
     seen[i] = u8[i];
     s8[i] = static_cast<signed char>(s8[i] - 100);
     s16[i] = short(s16[i] * 5);
     seen[n + i] = s8[i];
     if (i % 2) seen[2 * n + i] = s16[i] + s8[i];
     else seen[2 * n + i] = s16[i];
     flags[i] = !flags[i];
     seen[3 * n + i] = flags[i] ? 1 : 2;
   }).wait();
  for (int i = 0; i < n; ++i) {
    uint8_t b = uint8_t(uint8_t(i * 7 + 3 + (i >= 3 ? 1 : 0)) * 3 + 1);
    signed char c = static_cast<signed char>(static_cast<signed char>(-(i % 128)) - 100);
    short h = short(short(-i * 29) * 5);
    check(u8[i] == b && seen[i] == b, "uint8_t read back", i);
    check(s8[i] == c && seen[n + i] == c, "signed char read back", i);
    check(s16[i] == h && seen[2 * n + i] == (i % 2 ? h + c : h), "short read back", i);
    check(flags[i] == (i % 3 != 0) && seen[3 * n + i] == (i % 3 != 0 ? 1 : 2), "bool read back", i);
  }
  sycl::free(seen, q);

  sycl::free(u8, q);
  sycl::free(s8, q);
  sycl::free(flags, q);
  sycl::free(s16, q);
  sycl::free(tagged, q);
  sycl::free(halves, q);
  sycl::free(counters, q);
  std::printf("%s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
