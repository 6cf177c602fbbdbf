// Idioms of ported benchmarks (HeCBench) that the toolchain once rejected:
// SYCL 1.2.1-style local_ptr/global_ptr parameters given local_accessors
// and plain pointers, multi_ptr<const T> from multi_ptr<T>, the transparent
// std function objects (`std::plus<>()`) in group algorithms and
// reductions, GNU `, ## __VA_ARGS__` logging macros, `unsigned x((a) >> 5);`
// declarations, native:: math on vectors, and host code that names POSIX
// thread types and <memory.h>; an nd_range of more work-groups than a
// Vulkan grid dimension holds, in a prime number; a tree reduction through
// a `volatile` pointer to work-group memory; C's `typedef struct S S;`
// and `typedef union U U;` before the definitions (used in a kernel, and
// in a host linked list).
#include <sycl/sycl.hpp>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory.h>

// glibc declares the POSIX thread types in <sys/types.h> (under <cstdlib>).
struct Worker {
  long first, last;
  pthread_barrier_t *barrier;
};

#define LOG(fmt, ...) std::snprintf(log_line, sizeof log_line, fmt, ##__VA_ARGS__)
#define SQUARE_SUM(first, ...) square_sum(first, ## __VA_ARGS__)
static char log_line[64];

inline int square_sum(int a) { return a * a; }
inline int square_sum(int a, int b) { return a * a + b * b; }

// Sums a tile of work-group memory (local_ptr from a local_accessor).
float tile_sum(sycl::local_ptr<const float> tile, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i) s += tile[i];
  return s;
}

// One step of a reduction through volatile work-group memory, as CUDA
// reductions are written.
void fold_step(volatile int *s, int l, int half) {
  if (l < half) s[l] += s[l + half];
}

// C declarations: the typedef names the struct or union declared by it.
typedef struct Sample Sample;
struct Sample {
  float value;
  int weight;
};
typedef union Bits Bits;
union Bits {
  float f;
  unsigned u;
};
typedef struct Node Node;
struct Node {
  int key;
  Node *next;
};

// Scales global memory through a global_ptr made from a plain pointer.
void scale(sycl::global_ptr<float> out, int i, float by) { out[i] *= by; }

int main() {
  sycl::queue q;
  int bad = 0;
  constexpr int N = 128, L = 32;
  float *data = sycl::malloc_shared<float>(N, q);
  float *sums = sycl::malloc_shared<float>(N / L, q);
  int *group_max = sycl::malloc_shared<int>(N / L, q);
  for (int i = 0; i < N; ++i) data[i] = i % 7;

  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<float, 1> tile{L, h};
    h.parallel_for(sycl::nd_range<1>{N, L}, [=](sycl::nd_item<1> it) {
      int l = it.get_local_id(0), g = it.get_group(0);
      tile[l] = data[it.get_global_id(0)];
      sycl::group_barrier(it.get_group());
      sycl::local_ptr<float> writable = tile;
      sycl::local_ptr<const float> readable = writable;
      if (l == 0) sums[g] = tile_sum(tile, L) + 0 * readable[0];
      int m = sycl::reduce_over_group(it.get_group(), int(data[it.get_global_id(0)]) * (g + 1),
                                      sycl::maximum<>());
      int total = sycl::reduce_over_group(it.get_group(), 1, std::plus<>());
      if (l == 0) group_max[g] = m * 100 + total;
      scale(data, it.get_global_id(0), 2.0f);
      unsigned lane((l + 1) >> 1);
      unsigned int bits(sycl::popcount(lane &= 0xffu));
      sycl::float4 v{float(l), 1.0f, 4.0f, 9.0f};
      sycl::float4 r = sycl::native::sqrt(v * v) + sycl::half_precision::exp(v - v);
      if (r.x() != float(l) + 1.0f || r.w() != 10.0f || bits != unsigned(sycl::popcount((l + 1) >> 1)))
        sums[g] = -1;
    });
  }).wait();
  for (int g = 0; g < N / L; ++g) {
    float want = 0;
    int most = 0;
    for (int i = g * L; i < (g + 1) * L; ++i) {
      want += i % 7;
      most = std::max(most, (i % 7) * (g + 1));
    }
    if (sums[g] != want || group_max[g] != most * 100 + L) {
      std::printf("group %d: %g (%g), %d (%d)\n", g, sums[g], want, group_max[g], most * 100 + L);
      ++bad;
    }
  }
  for (int i = 0; i < N; ++i)
    if (data[i] != 2 * (i % 7)) ++bad;

  // Reductions with the standard function objects.
  int *count = sycl::malloc_shared<int>(1, q);
  float *total = sycl::malloc_shared<float>(1, q);
  *count = 0;
  *total = 0;
  q.parallel_for(sycl::range<1>{N}, sycl::reduction(count, std::plus<int>()),
                 sycl::reduction(total, std::plus<>()),
                 [=](sycl::id<1> i, auto &c, auto &t) {
                   c += 1;
                   t += data[i];
                 }).wait();
  float want_total = 0;
  for (int i = 0; i < N; ++i) want_total += 2 * (i % 7);
  if (*count != N || *total != want_total) {
    std::printf("reductions: %d %g (%g)\n", *count, *total, want_total);
    ++bad;
  }

  // 65537 work-groups (prime, above Vulkan's usual 65535 per dimension),
  // and the same in a hierarchical kernel.
  {
    constexpr size_t groups = 65537, local = 8;
    int *hits = sycl::malloc_shared<int>(groups, q);
    int *hier = sycl::malloc_shared<int>(groups, q);
    std::fill(hits, hits + groups, 0);
    std::fill(hier, hier + groups, 0);
    q.parallel_for(sycl::nd_range<1>{groups * local, local}, [=](sycl::nd_item<1> it) {
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> h{
          hits[it.get_group(0)]};
      h += 1;
    });
    q.submit([&](sycl::handler &h) {
      h.parallel_for_work_group(sycl::range<1>{groups}, sycl::range<1>{local}, [=](sycl::group<1> g) {
        hier[g.get_group_id(0)] += int(g.get_local_range(0));
      });
    });
    q.wait();
    int wrong = 0;
    for (size_t i = 0; i < groups; ++i) wrong += hits[i] != int(local) || hier[i] != int(local);
    if (wrong) {
      std::printf("%d groups of 65537 wrong\n", wrong);
      ++bad;
    }
    sycl::free(hits, q);
    sycl::free(hier, q);
  }

  // A reduction through a volatile pointer (with barriers between steps).
  {
    int *sum = sycl::malloc_shared<int>(4, q);
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<int, 1> tile{64, h};
      h.parallel_for(sycl::nd_range<1>{256, 64}, [=](sycl::nd_item<1> it) {
        int l = it.get_local_id(0);
        volatile int *s = &tile[0];
        s[l] = int(it.get_global_id(0));
        for (int half = 32; half > 0; half /= 2) {
          sycl::group_barrier(it.get_group());
          fold_step(s, l, half);
        }
        sycl::group_barrier(it.get_group());
        if (l == 0) sum[it.get_group(0)] = s[0];
      });
    }).wait();
    for (int g = 0; g < 4; ++g)
      if (sum[g] != 64 * 64 * g + 63 * 32) {
        std::printf("volatile reduction %d: %d\n", g, sum[g]);
        ++bad;
      }
    sycl::free(sum, q);
  }

  Worker w{0, 1, nullptr};
  char copy[8];
  memcpy(copy, "abc", 4);
  if (w.last != 1 || copy[2] != 'c') ++bad;

  LOG("plain");
  if (std::string(log_line) != "plain") ++bad;
  LOG("%d-%d", 1, 2);
  if (std::string(log_line) != "1-2") ++bad;
  if (SQUARE_SUM(3) != 9 || SQUARE_SUM(3, 4) != 25) ++bad;

  sycl::free(data, q);
  sycl::free(sums, q);
  sycl::free(group_max, q);
  sycl::free(count, q);
  sycl::free(total, q);
  Sample *samples = sycl::malloc_shared<Sample>(4, q);
  unsigned *bits = sycl::malloc_shared<unsigned>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) {
     Sample s = {float(i[0]) * 0.5f, int(i[0]) + 1};
     samples[i] = s;
     Bits b;
     b.f = s.value * float(s.weight);
     bits[i] = b.u;
   }).wait();
  for (int i = 0; i < 4; ++i) {
    Bits want;
    want.f = i * 0.5f * (i + 1);
    if (samples[i].weight != i + 1 || bits[i] != want.u) ++bad;
  }
  Node tail = {2, nullptr}, head = {1, &tail};
  int keys = 0;
  for (Node *n = &head; n; n = n->next) keys += n->key;
  if (keys != 3) ++bad;
  sycl::free(samples, q);
  sycl::free(bits, q);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
