// Pointers that point into one of several allocations chosen at run time:
// a conditional expression, branches that assign different arrays, buffers
// swapped in a loop (ping-pong), an array of pointers indexed by a variable,
// pointer arithmetic, comparisons and writes through such pointers, with
// USM pointers, accessors and work-group memory; null pointers passed to a
// kernel and pointer variables that stay null on some paths, tested at run
// time.
#include <sycl/sycl.hpp>
#include <cstdint>
#include <cstdio>
#include <utility>

// Copies one of two inputs, chosen per element (HeCBench concat's shape).
template <typename T>
void concat(sycl::id<1> id, const T *in1, const T *in2, T *out, int n1) {
  int i = id[0];
  const T *src;
  int offset;
  if (i < n1) {
    src = in1;
    offset = i;
  } else {
    src = in2;
    offset = i - n1;
  }
  src += offset;
  out[i] = *src;
}

// Ping-pong between two private views of global memory, per work-item.
float relax(float *a, float *b, int i, int steps) {
  float *cur = a;
  float *next = b;
  for (int s = 0; s < steps; ++s) {
    next[i] = cur[i] * 2.0f + 1.0f;
    std::swap(cur, next);
  }
  return cur[i];
}

// Returns one of two pointers from different return statements.
template <typename T> T *pick(T *x, T *y, bool first) {
  if (first) return x;
  return y;
}

// A class holding a pointer that a member function re-targets.
struct Cursor {
  float *at;
  void jump(float *to, int by) { at = to + by; }
};

int main() {
  sycl::queue q;
  int bad = 0;
  constexpr int N = 256, N1 = 100;
  float *in1 = sycl::malloc_shared<float>(N, q);
  float *in2 = sycl::malloc_shared<float>(N, q);
  float *out = sycl::malloc_shared<float>(N, q);
  for (int i = 0; i < N; ++i) {
    in1[i] = i;
    in2[i] = 1000 + i;
  }

  // Branches choose the source.
  q.parallel_for(N, [=](sycl::id<1> i) { concat(i, in1, in2, out, N1); }).wait();
  for (int i = 0; i < N; ++i) {
    float want = i < N1 ? i : 1000 + (i - N1);
    if (out[i] != want) {
      if (bad++ < 5) std::printf("concat %d: %g != %g\n", i, out[i], want);
    }
  }

  // A conditional expression chooses where to write; a choice compared
  // with a fixed pointer.
  int *evens = sycl::malloc_shared<int>(N, q);
  int *odds = sycl::malloc_shared<int>(N, q);
  int *flags = sycl::malloc_shared<int>(N, q);
  for (int i = 0; i < N; ++i) evens[i] = odds[i] = -1;
  q.parallel_for(N, [=](sycl::id<1> id) {
     int i = id[0];
     int *dst = (i % 2 == 0) ? evens : odds;
     dst[i / 2] = i;
     flags[i] = (dst == evens) + 2 * (dst != odds) + 4 * (dst + 1 > dst);
   }).wait();
  for (int i = 0; i < N; ++i) {
    int *dst = (i % 2 == 0) ? evens : odds;
    if (dst[i / 2] != i) {
      if (bad++ < 5) std::printf("write choice %d: %d\n", i, dst[i / 2]);
    }
    int want = (i % 2 == 0) ? 7 : 4;
    if (flags[i] != want) {
      if (bad++ < 5) std::printf("compare choice %d: %d != %d\n", i, flags[i], want);
    }
  }

  // Ping-pong with std::swap in a loop; the result is in whichever
  // buffer the last step wrote.
  float *a = sycl::malloc_shared<float>(N, q);
  float *b = sycl::malloc_shared<float>(N, q);
  float *res = sycl::malloc_shared<float>(N, q);
  for (int i = 0; i < N; ++i) a[i] = b[i] = i % 5;
  q.parallel_for(N, [=](sycl::id<1> i) { res[i] = relax(a, b, i[0], 3 + i[0] % 2); }).wait();
  for (int i = 0; i < N; ++i) {
    float v = i % 5;
    for (int s = 0; s < 3 + i % 2; ++s) v = v * 2 + 1;
    if (res[i] != v) {
      if (bad++ < 5) std::printf("ping-pong %d: %g != %g\n", i, res[i], v);
    }
  }

  // An array of pointers indexed by a variable, over accessors; a pointer
  // walked with ++ after the choice.
  {
    sycl::buffer<int> b0{N}, b1{N}, b2{N};
    sycl::buffer<int> sums{N};
    q.submit([&](sycl::handler &h) {
      sycl::accessor x0{b0, h, sycl::write_only, sycl::no_init};
      sycl::accessor x1{b1, h, sycl::write_only, sycl::no_init};
      sycl::accessor x2{b2, h, sycl::write_only, sycl::no_init};
      h.parallel_for(N, [=](sycl::id<1> i) {
        x0[i] = i[0];
        x1[i] = 10 * i[0];
        x2[i] = 100 * i[0];
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor x0{b0, h, sycl::read_only};
      sycl::accessor x1{b1, h, sycl::read_only};
      sycl::accessor x2{b2, h, sycl::read_only};
      sycl::accessor s{sums, h, sycl::write_only, sycl::no_init};
      h.parallel_for(N, [=](sycl::id<1> id) {
        const int *rows[3] = {x0.get_pointer(), x1.get_pointer(), x2.get_pointer()};
        int i = id[0];
        const int *p = rows[i % 3] + i % 64;
        int sum = 0;
        for (int k = 0; k < 3; ++k) sum += *p++;
        s[i] = sum;
      });
    });
    sycl::host_accessor s{sums};
    for (int i = 0; i < N; ++i) {
      int scale = i % 3 == 0 ? 1 : i % 3 == 1 ? 10 : 100;
      int base = i % 64;
      int want = scale * (3 * base + 3);
      if (s[i] != want) {
        if (bad++ < 5) std::printf("rows %d: %d != %d\n", i, s[i], want);
      }
    }
  }

  // Work-group memory or global memory, chosen per work-group.
  {
    constexpr int L = 64;
    int *src = sycl::malloc_shared<int>(N, q);
    int *dst = sycl::malloc_shared<int>(N, q);
    for (int i = 0; i < N; ++i) src[i] = i;
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<int> tile{L, h};
      h.parallel_for(sycl::nd_range<1>{N, L}, [=](sycl::nd_item<1> it) {
        int g = it.get_group(0), l = it.get_local_id(0);
        tile[l] = src[it.get_global_id(0)] * 2;
        sycl::group_barrier(it.get_group());
        const int *from = (g % 2) ? &tile[0] : src + g * L;
        dst[it.get_global_id(0)] = from[L - 1 - l];
      });
    }).wait();
    for (int i = 0; i < N; ++i) {
      int g = i / L, l = i % L;
      int want = (g * L + L - 1 - l) * ((g % 2) ? 2 : 1);
      if (dst[i] != want) {
        if (bad++ < 5) std::printf("tile %d: %d != %d\n", i, dst[i], want);
      }
    }
    sycl::free(src, q);
    sycl::free(dst, q);
  }

  // Atomics through a chosen pointer (integer, and float add, which is a
  // compare-exchange loop); a pointer returned from either of two returns;
  // a class member re-targeted.
  {
    int *counts = sycl::malloc_shared<int>(2, q);
    float *sums = sycl::malloc_shared<float>(2, q);
    int *even_count = counts, *odd_count = counts + 1;
    float *left = sycl::malloc_shared<float>(N, q);
    float *right = sycl::malloc_shared<float>(N, q);
    float *picked = sycl::malloc_shared<float>(N, q);
    int *tallies[2] = {sycl::malloc_shared<int>(1, q), sycl::malloc_shared<int>(1, q)};
    int *t0 = tallies[0], *t1 = tallies[1];
    counts[0] = counts[1] = 0;
    sums[0] = sums[1] = 0;
    *t0 = *t1 = 0;
    for (int i = 0; i < N; ++i) {
      left[i] = i;
      right[i] = -i;
    }
    q.parallel_for(N, [=](sycl::id<1> id) {
       int i = id[0];
       int *tally = pick(t0, t1, i % 4 == 0);
       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> t{*tally};
       t.fetch_add(1);
       int *count = i % 2 ? odd_count : even_count;
       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> c{*count};
       c += 1;
       Cursor cur{left};
       if (i % 3 == 0) cur.jump(right, 1);
       picked[i] = cur.at[i == N - 1 ? 0 : i];
       float *sum = pick(sums, sums + 1, i < 10);
       sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device> s{*sum};
       s.fetch_add(1.5f);
     }).wait();
    if (counts[0] != N / 2 || counts[1] != N / 2 || *t0 != N / 4 || *t1 != N - N / 4) {
      std::printf("atomic counts %d %d %d %d\n", counts[0], counts[1], *t0, *t1);
      ++bad;
    }
    if (sums[0] != 15.0f || sums[1] != 1.5f * (N - 10)) {
      std::printf("atomic sums %g %g\n", sums[0], sums[1]);
      ++bad;
    }
    for (int i = 0; i < N; ++i) {
      int k = i == N - 1 ? 0 : i;
      float want = i % 3 == 0 ? -(k + 1) : k;
      if (picked[i] != want) {
        if (bad++ < 5) std::printf("cursor %d: %g != %g\n", i, picked[i], want);
      }
    }
    for (void *p : {(void *)counts, (void *)sums, (void *)left, (void *)right, (void *)picked,
                    (void *)t0, (void *)t1})
      sycl::free(p, q);
  }

  // A null USM pointer captured next to a real one, and a pointer variable
  // that is set on some paths only.
  {
    int *none = nullptr;
    float *maybe_in = in1;
    int *marks = sycl::malloc_shared<int>(N, q);
    float *got = sycl::malloc_shared<float>(N, q);
    q.parallel_for(N, [=](sycl::id<1> id) {
       int i = id[0];
       if (none != nullptr) none[i] = 1;
       const float *src = nullptr;
       if (i % 3 == 0) src = maybe_in;
       got[i] = src ? src[i] : -1.0f;
       // A choice of two buffers or null; the null pointer as an integer.
       const float *pick = i % 3 == 0 ? in1 : (i % 3 == 1 ? in2 : nullptr);
       marks[i] = (none == nullptr) + 2 * !none + 4 * (src != nullptr) + 8 * (pick == nullptr) +
                  16 * (reinterpret_cast<uintptr_t>(none) == 0) + 32 * bool(pick);
     }).wait();
    for (int i = 0; i < N; ++i) {
      float want = i % 3 == 0 ? in1[i] : -1.0f;
      int want_marks = 3 + 16 + (i % 3 == 0 ? 4 : 0) + (i % 3 == 2 ? 8 : 32);
      if (got[i] != want || marks[i] != want_marks) {
        if (bad++ < 5) std::printf("null %d: %g %d\n", i, got[i], marks[i]);
      }
    }
    sycl::free(marks, q);
    sycl::free(got, q);
  }

  for (void *p : {(void *)in1, (void *)in2, (void *)out, (void *)evens, (void *)odds,
                  (void *)flags, (void *)a, (void *)b, (void *)res})
    sycl::free(p, q);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
