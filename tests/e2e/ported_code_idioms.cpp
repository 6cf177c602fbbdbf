// Idioms of SYCL code ported from CUDA (as in HeCBench): 0-dimensional
// local accessors passed to `T&` parameters of device functions, array
// bounds from `sizeof` of a macro's string, a temporary constructed from a
// dereferenced pointer and called at once (`Load(*p, n).load(i)`, not a
// declaration), `std::aligned_storage`, OpenCL-style casts of scalars to
// vectors (`(float4)(0)`), braced lists as compound-assignment operands
// (`color += {r, g, b, a}`), SYCL 1.2.1's scalar names (`sycl::ulong`,
// `sycl::uint`) and `longlong` vectors, a variable named in its own
// initializer (`T (*x)[N][N] = reinterpret_cast<decltype(x)>(p)` over local
// memory), a conditional expression of two void calls, `NULL` passed for
// an optional pointer parameter, compound assignment to 0-dimensional
// accessors (`count += n`), alignment tests on pointers converted to
// integers (`reinterpret_cast<uintptr_t>(p) % 16`; on Vulkan the byte
// offset in the allocation, whose start is aligned), and host code using `std::streamsize`,
// `std::chrono::time_point<steady_clock>` and `std::stringstream` (which
// <sycl/sycl.hpp> provides, as DPC++'s does).
#include <sycl/sycl.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <type_traits>

#define TEXT "abcdef"
#define TEXT_LEN ((int)sizeof(TEXT) - 1)

struct Acc {
  int v;
};
template <typename T>
struct Loader {
  T base;
  int n;
  Loader(const Acc &a, int k) : base(a.v), n(k) {}
  int load(int i) const { return base + i + n; }
};
using IntLoader = Loader<int>;

void count_kernel(int &shared_count, float &shared_v, int *out, sycl::nd_item<1> &item) {
  if (item.get_local_id(0) == 0) {
    shared_count = 5;
    shared_v = 1.5f;
  }
  sycl::group_barrier(item.get_group());
  out[item.get_global_id(0)] = shared_count + int(shared_v * 2);
}

// An optional output: `NULL` (an integer 0 in C headers) when not wanted.
int store_if(int *p, int v) {
  if (p != NULL) {
    *p = v;
    return 1;
  }
  return 0;
}

// A buffer used only when `dummy` is set at run time, passed as NULL otherwise.
void maybe_store(int *buf, int dummy, int v) {
  if (v && dummy) buf[0] = v;
}

int main() {
  std::streamsize precision = std::cout.precision();
  std::chrono::time_point<std::chrono::steady_clock> start = std::chrono::steady_clock::now();
  std::stringstream ss;
  ss << "precision " << precision;
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  int *data = sycl::malloc_shared<int>(8, q);
  for (int i = 0; i < 8; ++i) data[i] = i;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 0> count(h);
     sycl::local_accessor<float, 0> value(h);
     h.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> item) {
       count_kernel(count, value, out, item);
     });
   }).wait();
  int *o = sycl::malloc_shared<int>(3, q);
  float *f = sycl::malloc_shared<float>(1, q);
  q.single_task([=] {
     int letters[TEXT_LEN];
     for (int i = 0; i < TEXT_LEN; ++i) letters[i] = TEXT[i] - 'a';
     Acc a{data[4]};
     Acc *ap = &a;
     o[0] = IntLoader(*ap, 6).load(3) + letters[5];
     std::aligned_storage<16, 16>::type storage;
     o[1] = int(sizeof(storage)) + int(alignof(decltype(storage)));
     o[2] = TEXT_LEN;
     sycl::float4 c = (sycl::float4)(2);
     sycl::float4 d = static_cast<sycl::float4>(1.5f);
     c += {0.5f, 0.5f, 0.5f, 1.0f};
     c *= {1.0f, 1.0f, 1.0f, 2.0f};
     f[0] = c[3] + d[1];
   }).wait();
  auto elapsed = std::chrono::steady_clock::now() - start;
  (void)elapsed;
  int bad = 0;
  for (int i = 0; i < 8; ++i)
    if (out[i] != 8) {
      std::printf("out[%d] = %d, want 8\n", i, out[i]);
      ++bad;
    }
  const int want[3] = {4 + 3 + 6 + 5, 32, 6};
  for (int i = 0; i < 3; ++i)
    if (o[i] != want[i]) {
      std::printf("o[%d] = %d, want %d\n", i, o[i], want[i]);
      ++bad;
    }
  if (f[0] != 7.5f) {
    std::printf("f = %g, want 7.5\n", f[0]);
    ++bad;
  }
  sycl::ulong *wide = sycl::malloc_shared<sycl::ulong>(2, q);
  const sycl::uint shift = 40;
  q.single_task([=] {
     sycl::ulonglong4 v(1, 2, 3, 4);
     sycl::uchar small = 200;
     wide[0] = (sycl::ulong(v.w()) << shift) + small;
     wide[1] = sycl::ushort(70000) + sycl::schar(-1);
   }).wait();
  if (wide[0] != (4ul << 40) + 200 || wide[1] != 70000 % 65536 - 1) {
    std::printf("wide = %lu %lu\n", wide[0], wide[1]);
    ++bad;
  }
  sycl::free(wide, q);
  // Transposes 4x4 tiles through local memory viewed as `T (*)[4][4]`.
  unsigned long *tiles = sycl::malloc_shared<unsigned long>(64, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<unsigned char, 1> sm(sycl::range<1>(64 * sizeof(unsigned long)), h);
     h.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> item) {
       const unsigned Z = 4;
       auto exchange = (unsigned long *)sm.get_multi_ptr<sycl::access::decorated::no>().get();
       unsigned long (*xchg)[Z][Z] = reinterpret_cast<decltype(xchg)>(exchange);
       unsigned lid = item.get_local_id(0);
       unsigned tile = lid / (Z * Z), r = lid % Z, c = lid / Z % Z;
       xchg[tile][r][c] = lid;
       (Z > 8) ? sycl::group_barrier(item.get_sub_group()) : sycl::group_barrier(item.get_group());
       tiles[lid] = xchg[tile][c][r];
     });
   }).wait();
  for (unsigned lid = 0; lid < 64; ++lid) {
    unsigned tile = lid / 16, r = lid % 4, c = lid / 4 % 4;
    if (tiles[lid] != tile * 16 + r * 4 + c) {
      std::printf("tiles[%u] = %lu, want %u\n", lid, tiles[lid], tile * 16 + r * 4 + c);
      ++bad;
    }
  }
  sycl::free(tiles, q);
  int *opt = sycl::malloc_shared<int>(4, q);
  opt[0] = 0;
  const int off = 0;
  q.single_task([=] {
     maybe_store(NULL, off, 9);
     opt[1] = store_if(NULL, 3);
     opt[2] = store_if(0, 4);
     opt[3] = store_if(opt, 5);
   }).wait();
  if (opt[0] != 5 || opt[1] != 0 || opt[2] != 0 || opt[3] != 1) {
    std::printf("NULL arguments: %d %d %d %d\n", opt[0], opt[1], opt[2], opt[3]);
    ++bad;
  }
  sycl::free(opt, q);
  // Alignment tests on pointers (`reinterpret_cast<uintptr_t>(p) % 16`).
  float *fa = sycl::malloc_shared<float>(16, q);
  int *aligned = sycl::malloc_shared<int>(3, q);
  q.single_task([=] {
     const float *p = &fa[4];
     aligned[0] = reinterpret_cast<uintptr_t>(p) % 16 == 0;
     aligned[1] = reinterpret_cast<uintptr_t>(&fa[5]) % 16 == 0;
     aligned[2] = int((size_t)(fa + 6) % 16);
   }).wait();
  if (aligned[0] != 1 || aligned[1] != 0 || aligned[2] != 8) {
    std::printf("pointer alignment: %d %d %d\n", aligned[0], aligned[1], aligned[2]);
    ++bad;
  }
  sycl::free(fa, q);
  sycl::free(aligned, q);
  // Compound assignment to 0-dimensional accessors.
  int total = 1;
  {
    sycl::buffer<int, 1> tb(&total, 1);
    q.submit([&](sycl::handler &h) {
      sycl::accessor<int, 0> t(tb, h);
      sycl::local_accessor<int, 0> l(h);
      h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
        if (it.get_local_id(0) == 0) {
          l = 3;
          l += 4;
          l *= 2;
          l -= 1;
          l <<= 1;
          t += l;
          t |= 1;
        }
      });
    });
  }
  if (total != 27) {
    std::printf("0-dimensional accessor compound assignment: %d, want 27\n", total);
    ++bad;
  }
  sycl::free(out, q);
  sycl::free(data, q);
  sycl::free(o, q);
  sycl::free(f, q);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
