// Unions (type punning through members, members of different sizes,
// unions captured from the host and held in USM, anonymous unions and
// structs, members of unnamed union types) and std::tuple
// (make_tuple, get, structured bindings, a tuple captured from the host,
// whose layout must be the host's: libstdc++ keeps the last element first;
// std::tie assigned from a pair and from a tuple, as Welford reductions do,
// comparisons), std::get and std::apply on std::pair,
// plus braced subscripts `acc[{i, j}]` and constexpr lookup tables, and
// aggregate initialization of classes with anonymous unions: one initializer
// for the union's first member, a designated member, or the member with a
// default member initializer.
#include <sycl/sycl.hpp>
#include <cstdint>
#include <iostream>
#include <memory>
#include <tuple>
#include <utility>
#include <utility>

static std::pair<float, float> project(float v) { return {v * 2.0f, v + 1.0f}; }
static std::tuple<int, float> split(int i) { return std::make_tuple(i * 3, i * 0.5f); }

union FloatBits {
  float f;
  std::uint32_t u;
};
union Wide {
  std::uint64_t whole;
  std::uint32_t halves[2];
};
struct Tagged {
  int tag;
  union {
    float f;
    int i;
  } value;  // a member of an unnamed union type
};
// Anonymous members: x, y, z and v are members of Vec3, x sharing v[0].
struct Vec3 {
  union {
    struct {
      float x, y, z;
    };
    float v[3];
  };
};
union Header {
  std::uint32_t word;
  std::uint8_t bytes[4];
};

constexpr int kTable[4] = {3, 1, 4, 1};
struct Weights {
  static constexpr float w[3] = {0.5f, 0.25f, 0.125f};
};

struct WithDefault {
  int x = 1;
  union {
    int i = 7;
    float f;
  };
};
struct Variant {
  int x;
  union {
    int i;
    float f;
    double d;
  };
  int z = 4;
};
struct LaterDefault {
  union {
    int i;
    float f = 2.5f;
  };
  int t = 3;
};

std::tuple<int, float> divide(int a, int b) { return std::make_tuple(a / b, float(a) / float(b)); }

int main() {
  sycl::queue q;
  constexpr int N = 16;
  int *out = sycl::malloc_shared<int>(N * 8, q);
  FloatBits *cells = sycl::malloc_shared<FloatBits>(N, q);
  for (int i = 0; i < N; ++i) cells[i].f = float(i);
  Tagged host_tagged{7, {}};
  host_tagged.value.f = 2.5f;
  Header host_header;
  host_header.word = 0x04030201u;
  std::tuple<char, double, int> host_tuple{'a', 0.5, 40};
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     int *o = out + i * 8;
     FloatBits b;
     b.f = float(i) + 1.0f;
     o[0] = b.u == sycl::bit_cast<std::uint32_t>(float(i) + 1.0f);
     Wide w;
     w.whole = (std::uint64_t(i) << 32) | 5u;
     o[1] = int(w.halves[1] * 10 + w.halves[0]);   // little-endian: 10i + 5
     o[2] = int(cells[i].u >> 23);                   // the exponent field of float(i)
     cells[i].u = 0x3f800000u;                       // 1.0f through the other member
     o[3] = int(host_tagged.value.f * 2.0f) + host_tagged.tag + host_header.bytes[2];
     auto t = std::make_tuple(i, 2.0f, short(3));
     auto [x, y, z] = t;
     o[4] = x + int(y) + z + std::get<2>(t);
     auto [q2, f2] = divide(i + 8, 2);
     o[5] = q2 + int(f2 * 2.0f);
     o[6] = int(std::get<0>(host_tuple)) + int(std::get<1>(host_tuple) * 4.0) + std::get<2>(host_tuple);
     Vec3 p;
     p.x = float(i);
     p.y = 2.0f;
     p.z = 3.0f;
     o[7] = kTable[i % 4] + int(Weights::w[i % 3] * 8.0f) + 100 * int(p.v[0] + p.v[1] * p.v[2]);
   }).wait();

  sycl::buffer<int, 2> grid(sycl::range<2>(4, 4));
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{grid, h, sycl::write_only, sycl::no_init};
    h.parallel_for(sycl::range<2>(4, 4), [=](sycl::id<2> at) {
      a[{at[1], at[0]}] = int(at[0] * 10 + at[1]);  // the transpose
    });
  });
  sycl::host_accessor g{grid, sycl::read_only};

  bool ok = true;
  auto check = [&](bool c, const char *what, int i) {
    if (!c && ok) std::cout << what << " at " << i << "\n";
    ok = ok && c;
  };
  for (int i = 0; i < N; ++i) {
    const int *o = out + i * 8;
    int exponent = i == 0 ? 0 : int(sycl::bit_cast<std::uint32_t>(float(i)) >> 23);
    check(o[0] == 1, "punning float to uint", i);
    check(o[1] == 10 * i + 5, "union of different sizes", i);
    check(o[2] == exponent, "union in USM", i);
    check(cells[i].f == 1.0f, "store through the other member", i);
    check(o[3] == 5 + 7 + 3, "captured union and struct with a union", i);
    check(o[4] == i + 2 + 3 + 3, "make_tuple, get, bindings", i);
    int dq = (i + 8) / 2;
    check(o[5] == dq + int(float(i + 8) / 2.0f * 2.0f), "tuple from a function", i);
    check(o[6] == 'a' + 2 + 40, "captured tuple", i);
    check(o[7] == kTable[i % 4] + int(Weights{}.w[i % 3] * 8.0f) + 100 * (i + 6),
          "constexpr tables, anonymous union", i);
  }
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) check(g[r][c] == c * 10 + r, "braced subscript", r * 4 + c);
  float *tied = sycl::malloc_shared<float>(4 * 16, q);
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> id) {
     int i = int(id[0]);
     float m1, m2;
     std::tie(m1, m2) = project(float(i));
     int a;
     float b;
     std::tie(a, b) = split(i);
     tied[i * 4] = m1;
     tied[i * 4 + 1] = m2;
     tied[i * 4 + 2] = float(a);
     tied[i * 4 + 3] = b;
   }).wait();
  for (int i = 0; i < 16; ++i)
    check(tied[i * 4] == 2.0f * i && tied[i * 4 + 1] == i + 1.0f && tied[i * 4 + 2] == 3.0f * i &&
              tied[i * 4 + 3] == 0.5f * i,
          "std::tie", i);
  sycl::free(tied, q);
  // Tuple comparisons: element-wise ==, lexicographic < (what sorting by a
  // key tuple uses), across element types.
  int *cmp = sycl::malloc_shared<int>(16, q);
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> id) {
     int i = int(id[0]);
     std::tuple<int, float> key{i / 4, float(i % 4)};
     std::tuple<int, float> pivot{2, 1.0f};
     std::tuple<long, double> wide{i / 4, double(i % 4)};
     cmp[i] = (key < pivot ? 1 : 0) | (key == pivot ? 2 : 0) | (key > pivot ? 4 : 0) |
              (key <= pivot ? 8 : 0) | (key >= pivot ? 16 : 0) | (key != pivot ? 32 : 0) |
              (wide == key ? 64 : 0);
   }).wait();
  for (int i = 0; i < 16; ++i) {
    std::tuple<int, float> key{i / 4, float(i % 4)}, pivot{2, 1.0f};
    int want = (key < pivot ? 1 : 0) | (key == pivot ? 2 : 0) | (key > pivot ? 4 : 0) |
               (key <= pivot ? 8 : 0) | (key >= pivot ? 16 : 0) | (key != pivot ? 32 : 0) | 64;
    check(cmp[i] == want, "tuple comparisons", i);
  }
  // Anonymous unions in aggregates: the member initialized is the one the
  // list gives (positionally the first), designates, or defaults.
  float *vars = sycl::malloc_shared<float>(13, q);
  q.single_task([=] {
     WithDefault v, w{2}, u{3, 9};
     Variant a{5, 6}, b{.x = 1, .f = 1.5f}, c{.x = 2, .d = 0.25};
     LaterDefault d, e{.f = 4.5f, .t = 8};
     float got[13] = {float(v.x), float(v.i), float(w.i), float(u.i), float(a.i), float(a.z), b.f,
                      float(b.z), float(c.d), d.f, float(d.t), e.f, float(e.t)};
     for (int k = 0; k < 13; ++k) vars[k] = got[k];
   }).wait();
  {
    WithDefault v, w{2}, u{3, 9};
    Variant a{5, 6}, b{.x = 1, .f = 1.5f}, c{.x = 2, .d = 0.25};
    LaterDefault d, e{.f = 4.5f, .t = 8};
    float want[13] = {float(v.x), float(v.i), float(w.i), float(u.i), float(a.i), float(a.z), b.f,
                      float(b.z), float(c.d), d.f, float(d.t), e.f, float(e.t)};
    for (int k = 0; k < 13; ++k) check(vars[k] == want[k], "anonymous union initialization", k);
  }
  sycl::free(vars, q);
  sycl::free(cmp, q);
  // The tuple protocol of std::pair: get by index and by type, and
  // std::apply over a pair; a host-side unique_ptr owns the host copy.
  std::unique_ptr<int[]> host_pairs(new int[16]);
  int *paired = sycl::malloc_shared<int>(16, q);
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> id) {
     int i = int(id[0]);
     std::pair<int, float> p{i, 0.5f * i};
     std::get<0>(p) += 3;
     std::get<float>(p) *= 2.0f;
     const std::pair<short, int> c{short(i), 100};
     paired[i] = std::get<0>(p) * 1000 + int(std::get<1>(p)) * 10 + std::get<int>(c) / 100 +
                 std::apply([](short a, int b) { return a * b; }, c) * 100000;
   }).wait();
  for (int i = 0; i < 16; ++i) host_pairs[i] = paired[i];
  std::unique_ptr<int[]> moved;
  if (!moved && host_pairs != nullptr) moved = std::move(host_pairs);
  for (int i = 0; i < 16; ++i) check(moved[i] == (i + 3) * 1000 + i * 10 + 1 + i * 100 * 100000, "std::get of a pair", i);
  moved.reset();
  sycl::free(paired, q);
  sycl::free(out, q);
  sycl::free(cells, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
