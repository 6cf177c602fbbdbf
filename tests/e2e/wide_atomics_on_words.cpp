// 64-bit atomics on memory the kernel also uses as other types: the
// genetic-algorithm idiom of packing (score << 32) + id into an int array
// and taking atomicMax over it as unsigned long long, a 64-bit counter
// inside a struct of mixed members, signed and double atomics on raw
// bytes, and a pointer into the middle of an allocation. Also 32-bit
// atomics of another type than the memory's: unsigned words of a float
// buffer, of float USM and of float work-group memory (store, load, or, add:
// bits, not converted values), and an unsigned maximum over ints.
#include <sycl/sycl.hpp>
#include <cstdint>
#include <cstdio>

template <typename T>
static T atomic_max(T &place, T value) {
  sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device,
                   sycl::access::address_space::global_space>
      ref(place);
  return ref.fetch_max(value);
}

template <typename T>
static T atomic_add(T &place, T value) {
  sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device,
                   sycl::access::address_space::global_space>
      ref(place);
  return ref.fetch_add(value);
}

struct Tally {
  unsigned long long count;  // counted atomically
  int last;                  // written plainly
  short tag;
};

static int bad = 0;

static void check(const char *what, long long got, long long want) {
  if (got != want) {
    std::printf("%s: got %lld, want %lld\n", what, got, want);
    ++bad;
  }
}

int main() {
  sycl::queue q;
  constexpr int N = 1024, EXTRA = 5;

  // best[0..1]: the winning (score << 32) + id; best[2]: a generation
  // count; best[3..]: plain ints the kernel writes.
  int *best = sycl::malloc_shared<int>(3 + EXTRA, q);
  for (int i = 0; i < 3 + EXTRA; ++i) best[i] = 0;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     unsigned score = static_cast<unsigned>((i * 37) % 1000);
     unsigned long long packed = (static_cast<unsigned long long>(score) << 32) + i;
     atomic_add(best[2], 1);
     atomic_max(*(unsigned long long *)best, packed);
     if (i < EXTRA) best[3 + i] = 10 * i;
   }).wait();
  unsigned long long want = 0;
  for (int i = 0; i < N; ++i) {
    unsigned long long packed = (static_cast<unsigned long long>((i * 37) % 1000) << 32) + i;
    if (packed > want) want = packed;
  }
  check("packed max id", best[0], static_cast<long long>(want & 0xffffffffu));
  check("packed max score", best[1], static_cast<long long>(want >> 32));
  check("generations", best[2], N);
  for (int i = 0; i < EXTRA; ++i) check("plain int beside the atomics", best[3 + i], 10 * i);

  // A 64-bit counter in a struct of mixed members (memory in bytes).
  Tally *tallies = sycl::malloc_shared<Tally>(4, q);
  for (int t = 0; t < 4; ++t) tallies[t] = Tally{1ull << 33, -1, 0};
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     Tally &t = tallies[i % 4];
     atomic_add(t.count, 3ull);
     if (i < 4) {
       tallies[i].last = i * 100;
       tallies[i].tag = static_cast<short>(-i);
     }
   }).wait();
  for (int t = 0; t < 4; ++t) {
    check("struct counter", static_cast<long long>(tallies[t].count),
          static_cast<long long>((1ull << 33) + 3ull * (N / 4)));
    check("struct int", tallies[t].last, t * 100);
    check("struct short", tallies[t].tag, -t);
  }

  // Signed minimum and double sums over raw bytes (unsigned char memory),
  // through a pointer 8 bytes into the allocation.
  unsigned char *raw = sycl::malloc_shared<unsigned char>(64, q);
  for (int i = 0; i < 64; ++i) raw[i] = 0;
  unsigned char *middle = raw + 8;
  long long start = 5;
  double zero = 0.0;
  std::memcpy(middle, &start, 8);
  std::memcpy(middle + 8, &zero, 8);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     sycl::atomic_ref<long long, sycl::memory_order::relaxed, sycl::memory_scope::device>
         low(*(long long *)middle);
     low.fetch_min(static_cast<long long>(i % 300) - 1000000000000ll);
     atomic_add(*(double *)(middle + 8), 0.5);
     if (i < 8) middle[16 + i] = static_cast<unsigned char>(200 + i);
   }).wait();
  long long got_min;
  double got_sum;
  std::memcpy(&got_min, middle, 8);
  std::memcpy(&got_sum, middle + 8, 8);
  check("signed 64-bit min on bytes", got_min, -1000000000000ll);
  check("double sum on bytes (x2)", static_cast<long long>(got_sum * 2), N);
  for (int i = 0; i < 8; ++i) check("bytes beside the atomics", middle[16 + i], 200 + i);
  check("bytes before the pointer", raw[0], 0);

  // Unsigned atomics over the words of float memory.
  using word_ref = sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device>;
  struct Vec3 {
    float x, y, z;
  };
  Vec3 point{1.f, 2.f, 3.f};
  float *floats = sycl::malloc_shared<float>(3, q);
  int *ints = sycl::malloc_shared<int>(1, q);
  unsigned *seen = sycl::malloc_shared<unsigned>(4, q);
  floats[0] = 1.f;
  floats[1] = 2.f;
  floats[2] = 0.f;
  ints[0] = -5;
  {
    sycl::buffer<Vec3> points(&point, 1);
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(points, h, sycl::read_write);
      sycl::local_accessor<float, 1> shared(2, h);
      h.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) {
        if (it.get_local_id(0) == 0) {
          unsigned *words = reinterpret_cast<unsigned *>(&acc[0]);
          word_ref(words[1]).store(sycl::bit_cast<unsigned>(9.5f));
          seen[0] = word_ref(words[0]).load();
          unsigned *usm = reinterpret_cast<unsigned *>(floats);
          seen[1] = word_ref(usm[1]).fetch_or(1u);
          word_ref(usm[2]).fetch_add(7u);
          shared[0] = 1.5f;
          shared[1] = 0.f;
        }
        sycl::group_barrier(it.get_group());
        unsigned *local_words = reinterpret_cast<unsigned *>(&shared[0]);
        word_ref(local_words[1]).fetch_add(1u);
        word_ref(*reinterpret_cast<unsigned *>(ints)).fetch_max(3u);
        sycl::group_barrier(it.get_group());
        if (it.get_local_id(0) == 0) {
          seen[2] = word_ref(local_words[0]).load();
          seen[3] = sycl::bit_cast<unsigned>(shared[1]);
        }
      });
    });
  }
  check("unsigned store into a float member", point.y == 9.5f, 1);
  check("unsigned load of a float member", seen[0], sycl::bit_cast<unsigned>(1.f));
  check("fetch_or's old float bits", seen[1], sycl::bit_cast<unsigned>(2.f));
  check("fetch_or on float bits", sycl::bit_cast<unsigned>(floats[1]), sycl::bit_cast<unsigned>(2.f) | 1u);
  check("fetch_add on float bits", sycl::bit_cast<unsigned>(floats[2]), 7);
  check("unsigned load of float work-group memory", seen[2], sycl::bit_cast<unsigned>(1.5f));
  check("fetch_add on float work-group memory", seen[3], 8);
  check("unsigned maximum over an int", ints[0], -5);

  sycl::free(floats, q);
  sycl::free(ints, q);
  sycl::free(seen, q);
  sycl::free(best, q);
  sycl::free(tallies, q);
  sycl::free(raw, q);
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
