// Library interfaces of SYCL 2020 as programs use them: any_of_group,
// all_of_group and none_of_group with a predicate; the static dimensions of
// the index classes, group::fence_scope and sycl::is_group; the geometric
// functions on scalars and marrays; the common functions on marrays and
// their (marray, scalar) forms; accessor and local_accessor iterators;
// is_placeholder and the queue's copy/fill/update_host of placeholder
// accessors; a 0-dimensional host_accessor; writes through swizzles of
// swizzles; and vec::convert to float rounding up, down and toward zero.
// Results are computed on the device and checked on the host.
#define SYCL_SIMPLE_SWIZZLES
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace sycl;

static int failures = 0;

static void check(bool ok, const char *what) {
  if (!ok && failures++ < 20) std::printf("FAILED: %s\n", what);
}
static bool near(double got, double want) { return std::fabs(got - want) <= 1e-5 * (1.0 + std::fabs(want)); }

// Static members and traits of the group and index classes.
static_assert(id<2>::dimensions == 2 && range<3>::dimensions == 3 && item<1>::dimensions == 1);
static_assert(nd_item<2>::dimensions == 2 && group<3>::dimensions == 3 && h_item<1>::dimensions == 1);
static_assert(sub_group::dimensions == 1);
static_assert(group<2>::fence_scope == memory_scope::work_group);
static_assert(sub_group::fence_scope == memory_scope::sub_group);
static_assert(is_group_v<group<1>> && is_group_v<group<3>> && is_group<sub_group>::value);
static_assert(!is_group_v<int> && !is_group_v<nd_item<1>>);

// What generic code learns of a group from its type.
template <typename Group>
int describe(const Group &) {
  static_assert(is_group_v<Group>, "describe takes a group");
  return Group::dimensions * 10 + (Group::fence_scope == memory_scope::work_group ? 1 : 2);
}

static void group_predicates(queue &q) {
  const int n = 64, wg = 32, outs = 9;
  int *o = malloc_shared<int>(n * outs, q);
  q.parallel_for(nd_range<1>(n, wg), [=](nd_item<1> it) {
     const int x = static_cast<int>(it.get_global_id(0));
     const group<1> g = it.get_group();
     const sub_group sg = it.get_sub_group();
     int *r = o + x * outs;
     r[0] = any_of_group(g, x, [](int v) { return v == 10; });
     r[1] = all_of_group(g, x, [](int v) { return v < 40; });
     r[2] = none_of_group(g, x, [](int v) { return v % 7 == 6; });
     r[3] = any_of_group(sg, x, [](int v) { return v % 5 == 4; });
     r[4] = all_of_group(sg, 2 * x, [](int v) { return v % 2 == 0; });
     r[5] = none_of_group(sg, x, [](int v) { return v == 33; });
     // The sub-group's first work-item and size, to check the above.
     r[6] = x - static_cast<int>(sg.get_local_linear_id());
     r[7] = static_cast<int>(sg.get_local_linear_range());
     r[8] = describe(g) * 100 + describe(sg);
   }).wait();
  for (int x = 0; x < n; ++x) {
    const int *r = o + x * outs;
    const int first = x / wg * wg;
    bool any10 = false, all40 = true, none7 = true;
    for (int v = first; v < first + wg; ++v) {
      any10 = any10 || v == 10;
      all40 = all40 && v < 40;
      none7 = none7 && v % 7 != 6;
    }
    bool any5 = false, none33 = true;
    for (int v = r[6]; v < r[6] + r[7]; ++v) {
      any5 = any5 || v % 5 == 4;
      none33 = none33 && v != 33;
    }
    char what[96];
    std::snprintf(what, sizeof what, "group predicates of work-item %d", x);
    check(r[0] == any10 && r[1] == all40 && r[2] == none7 && r[3] == any5 && r[4] == 1 && r[5] == none33, what);
    check(r[8] == 1112, "dimensions and fence_scope of group<1> and sub_group in a kernel");
  }
  free(o, q);
}

static void geometric(queue &q) {
  float *f = malloc_shared<float>(20, q);
  double *d = malloc_shared<double>(8, q);
  q.single_task([=] {
     f[0] = dot(2.0f, 3.0f);
     f[1] = length(-2.5f);
     f[2] = distance(2.0f, 5.0f);
     f[3] = normalize(-2.0f);
     f[4] = fast_length(-4.0f) + fast_distance(1.0f, 3.0f) + fast_normalize(0.5f);
     f[5] = float(length(half(-1.5f)) + normalize(half(3.0f)));
     marray<float, 3> a{1.0f, 2.0f, 3.0f}, b{4.0f, 5.0f, 6.0f};
     marray<float, 3> c = cross(a, b);
     f[6] = dot(a, b);
     f[7] = c[0] * 100.0f + c[1] * 10.0f + c[2];
     marray<float, 2> p{3.0f, 4.0f};
     f[8] = length(p);
     f[9] = distance(p, marray<float, 2>(0.0f, 8.0f));
     f[10] = normalize(p)[1];
     f[11] = fast_length(p) + fast_distance(p, p) + fast_normalize(p)[0];
     marray<float, 4> e{1.0f, 0.0f, 0.0f, 7.0f}, g{0.0f, 1.0f, 0.0f, 9.0f};
     marray<float, 4> eg = cross(e, g);
     f[12] = eg[2] + eg[3] * 10.0f + dot(e, g);
     f[13] = normalize(marray<float, 3>(0.0f))[0];
     d[0] = dot(1.5, -2.0);
     d[1] = length(marray<double, 2>(5.0, 12.0));
     d[2] = distance(marray<double, 3>(1.0), marray<double, 3>(3.0, 3.0, 0.0));
     d[3] = normalize(marray<double, 4>(0.0, 0.0, -2.0, 0.0))[2];
     d[4] = cross(marray<double, 3>(0.0, 0.0, 1.0), marray<double, 3>(1.0, 0.0, 0.0))[1];
     d[5] = length(-7.0) + distance(1.0, 4.0) + normalize(-0.25);
   }).wait();
  check(f[0] == 6.0f && f[1] == 2.5f && f[2] == 3.0f && f[3] == -1.0f, "dot, length, distance, normalize of floats");
  check(f[4] == 7.0f, "fast_length, fast_distance, fast_normalize of floats");
  check(f[5] == 2.5f, "length and normalize of half");
  check(f[6] == 32.0f && f[7] == -300.0f + 60.0f - 3.0f, "dot and cross of marray<float, 3>");
  check(near(f[8], 5.0) && near(f[9], 5.0) && near(f[10], 0.8), "length, distance, normalize of marray<float, 2>");
  check(near(f[11], 5.6), "fast_ geometric functions of marray<float, 2>");
  check(f[12] == 64.0f, "cross and dot of marray<float, 4>");
  check(f[13] == 0.0f, "a zero marray normalizes to itself");
  check(d[0] == -3.0 && near(d[1], 13.0) && near(d[2], std::sqrt(9.0)), "dot, length, distance of double");
  check(d[3] == -1.0 && d[4] == 1.0 && near(d[5], 9.0), "normalize, cross and scalar forms of double");
  free(f, q);
  free(d, q);
}

static float smooth(float e0, float e1, float x) {
  float t = std::fmin(std::fmax((x - e0) / (e1 - e0), 0.0f), 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

// The common and integer functions on marrays, element by element, and
// with a scalar for the second operand, the bounds, the edges or the weight.
static void common_on_marrays(queue &q) {
  const int n = 16;
  float *out = malloc_shared<float>(n * 3, q);
  q.single_task([=] {
     marray<float, 3> a{1.0f, -2.0f, 3.0f}, b(2.0f);
     marray<int, 3> i{1, -2, 3};
     marray<float, 3> r[n] = {max(a, b),
                              min(a, 0.5f),
                              clamp(a, b - 3.0f, b),
                              clamp(a, 0.0f, 2.0f),
                              step(b, a),
                              step(1.5f, a),
                              smoothstep(marray<float, 3>(-2.0f), b, a),
                              smoothstep(0.0f, 4.0f, a),
                              sign(a),
                              mix(a, b, marray<float, 3>(0.25f)),
                              mix(a, b, 0.5f),
                              fmax(a, 0.0f),
                              fmin(a, b),
                              max(a, 2.5f),
                              marray<float, 3>(min(i, i * -1)[0], max(i, 0)[1], clamp(i, -1, 2)[2]),
                              marray<float, 3>(clamp(i, i - 1, i + 1)[0], max(i, i)[1], min(i, 1)[2])};
     for (int k = 0; k < n; ++k)
       for (int e = 0; e < 3; ++e) out[k * 3 + e] = r[k][e];
   }).wait();
  const float a[3] = {1.0f, -2.0f, 3.0f}, b = 2.0f;
  const int i[3] = {1, -2, 3};
  for (int e = 0; e < 3; ++e) {
    const float want[n] = {std::fmax(a[e], b),
                           std::fmin(a[e], 0.5f),
                           std::fmin(std::fmax(a[e], b - 3.0f), b),
                           std::fmin(std::fmax(a[e], 0.0f), 2.0f),
                           a[e] < b ? 0.0f : 1.0f,
                           a[e] < 1.5f ? 0.0f : 1.0f,
                           smooth(-2.0f, b, a[e]),
                           smooth(0.0f, 4.0f, a[e]),
                           a[e] > 0 ? 1.0f : -1.0f,
                           a[e] + (b - a[e]) * 0.25f,
                           a[e] + (b - a[e]) * 0.5f,
                           std::fmax(a[e], 0.0f),
                           std::fmin(a[e], b),
                           std::fmax(a[e], 2.5f),
                           e == 0 ? -1.0f : e == 1 ? 0.0f : 2.0f,
                           e == 0 ? 1.0f : e == 1 ? -2.0f : 1.0f};
    for (int k = 0; k < n; ++k) {
      char what[80];
      std::snprintf(what, sizeof what, "common function %d on marray, element %d: %g, expected %g", k, e,
                    out[k * 3 + e], want[k]);
      check(near(out[k * 3 + e], want[k]), what);
    }
  }
  free(out, q);
}

static void accessor_iterators(queue &q) {
  buffer<int, 1> b(range<1>(8));
  buffer<int, 2> b2(range<2>(3, 4));
  {
    host_accessor h(b, write_only);
    int k = 1;
    for (int &x : h) x = k++;
  }
  int *o = malloc_shared<int>(6, q);
  q.submit([&](handler &h) {
     accessor in(b, h, read_only);
     accessor part(b, h, range<1>(3), id<1>(2), read_only);
     accessor grid(b2, h, write_only, no_init);
     local_accessor<int, 1> tile(8, h);
     h.parallel_for(nd_range<1>(8, 8), [=](nd_item<1> it) {
       const size_t i = it.get_local_id(0);
       tile[i] = static_cast<int>(i) * 10;
       group_barrier(it.get_group());
       if (i == 0) {
         int folded = 0;
         for (auto r = in.rbegin(); r != in.rend(); ++r) folded = folded * 2 + *r;
         o[0] = folded;
         int k = 0;
         for (auto &x : grid) x = k++;
         o[1] = static_cast<int>(grid.end() - grid.begin());
         int sum = 0;
         for (auto r = tile.crbegin(); r != tile.crend(); ++r) sum += *r;
         for (int x : tile) sum += x;
         o[2] = sum;
         int ranged = 0;
         for (auto p = part.cbegin(); p != part.cend(); ++p) ranged += *p;
         o[3] = ranged * 10 + *part.rbegin();
         o[4] = static_cast<int>(in.cend() - in.cbegin());
         o[5] = tile.rbegin()[1];
       }
     });
   }).wait();
  int folded = 0;
  for (int k = 8; k >= 1; --k) folded = folded * 2 + k;
  check(o[0] == folded, "reverse iteration over a read accessor");
  check(o[1] == 12, "iteration over a 2-dimensional accessor");
  check(o[2] == 2 * 280, "iteration over a local_accessor, forwards and backwards");
  check(o[3] == (3 + 4 + 5) * 10 + 5, "iteration over a ranged accessor");
  check(o[4] == 8 && o[5] == 60, "cbegin/cend and rbegin()[n]");
  host_accessor grid(b2, read_only);
  int expect = 0;
  bool ordered = true;
  for (int x : grid) ordered = ordered && x == expect++;
  check(ordered, "a kernel's range-for over a 2-dimensional accessor writes it in row-major order");
  free(o, q);
}

static void placeholders(queue &q) {
  std::vector<int> src(8, 7), dst(8, 0), mirror(8, 1);
  buffer<int, 1> b(range<1>(8)), m(mirror.data(), range<1>(8));
  accessor<int, 1, access_mode::read_write> whole(b);
  accessor part(m, range<1>(4), id<1>(2));
  check(whole.is_placeholder() && part.is_placeholder(), "accessors made without a handler are placeholders");
  q.copy(src.data(), whole).wait();
  q.fill(part, 3).wait();
  q.update_host(part).wait();
  check(mirror[1] == 1 && mirror[2] == 3 && mirror[5] == 3 && mirror[6] == 1,
        "queue::fill of a ranged placeholder, then queue::update_host");
  q.copy(part, whole);
  q.copy(whole, dst.data()).wait();
  check(dst[0] == 3 && dst[3] == 3 && dst[4] == 7 && dst[7] == 7, "queue::copy between accessors and to memory");
  int *o = malloc_shared<int>(2, q);
  q.submit([&](handler &h) {
     h.require(part);
     accessor own(b, h, read_only);
     o[1] = own.is_placeholder();
     h.single_task([=] { o[0] = static_cast<int>(part.get_offset()[0]) * 10 + part.is_placeholder(); });
   }).wait();
  check(o[0] == 21 && o[1] == 0, "is_placeholder and get_offset in a kernel and of a command group's accessor");
  free(o, q);
}

static void zero_dimensional_host_accessor(queue &q) {
  buffer<int, 1> b(range<1>(1));
  {
    host_accessor<int, 0> h(b);
    h = 5;
    h += 2;
  }
  q.submit([&](handler &cgh) {
    accessor<int, 0> a(b, cgh);
    cgh.single_task([=] { a *= 3; });
  });
  host_accessor<int, 0, access_mode::read> h(b, read_only);
  int v = h;
  check(v == 21 && *h.begin() == 21 && h.end() - h.begin() == 1, "a 0-dimensional host_accessor of a buffer");
}

static void nested_swizzles(queue &q) {
  float *r = malloc_shared<float>(16, q);
  q.single_task([=] {
     float4 v(1.0f, 2.0f, 3.0f, 4.0f);
     v.zw().yx() = float2(5.0f, 6.0f);
     float4 u(1.0f, 2.0f, 3.0f, 4.0f);
     u.xyz().zyx() += 10.0f;
     float4 w(1.0f, 2.0f, 3.0f, 4.0f);
     w.hi().x() = 0.5f;
     w.lo()[1] = 7.0f;
     float4 y(1.0f, 2.0f, 3.0f, 4.0f);
     y.even()++;
     --y.odd().y();
     float4 z(1.0f, 2.0f, 3.0f, 4.0f);
     z.wzyx().lo().yx() = z.xy();
     const float read = z.hi().yx().x();
     float4 outs[4] = {v, u, w, y};
     for (int k = 0; k < 4; ++k)
       for (int e = 0; e < 4; ++e) r[k * 4 + e] = outs[k][e];
     r[0] += 100.0f * z.w() + 1000.0f * z.z();
     r[3] += 100.0f * read;
   }).wait();
  const float want[16] = {1 + 100 * 2 + 1000 * 1, 2, 6, 5 + 100 * 2, 11, 12, 13, 4, 1, 7, 0.5f, 4, 2, 2, 4, 3};
  for (int k = 0; k < 16; ++k) {
    char what[80];
    std::snprintf(what, sizeof what, "write through a swizzle of a swizzle, value %d: %g, expected %g", k, r[k],
                  want[k]);
    check(r[k] == want[k], what);
  }
  free(r, q);
}

// The float nearest `x` in the direction of `mode` (0 up, 1 down, 2 toward
// zero), found by stepping from the nearest float, compared in long double.
template <typename T>
float rounded(T x, int mode) {
  const long double exact = static_cast<long double>(x);
  float down = static_cast<float>(x), up = down;
  while (static_cast<long double>(down) > exact) down = std::nextafter(down, -INFINITY);
  while (static_cast<long double>(up) < exact) up = std::nextafter(up, INFINITY);
  return mode == 0 ? up : mode == 1 ? down : (exact >= 0 ? down : up);
}

static void rounding_conversions(queue &q) {
  const int n = 8;
  double *d = malloc_shared<double>(n, q);
  int *i = malloc_shared<int>(n, q);
  long long *l = malloc_shared<long long>(n, q);
  float *o = malloc_shared<float>(n * 9, q);
  const double ds[n] = {1.0 + 1e-12, -(1.0 + 1e-12), 0.1, -0.1, 3.0, 1e300, -1e300, 1e-30};
  const int is[n] = {16777217, -16777219, 2147483647, -2147483647 - 1, 123456789, -5, 0, 33554435};
  const long long ls[n] = {9007199254740993LL, -9007199254740993LL, 9223372036854775807LL,
                           (-9223372036854775807LL - 1), 1LL << 40, -(1LL << 40) - 1, 7, 0x123456789ABCDEFLL};
  for (int k = 0; k < n; ++k) {
    d[k] = ds[k];
    i[k] = is[k];
    l[k] = ls[k];
  }
  q.parallel_for(range<1>(n), [=](id<1> k) {
     float *r = o + k[0] * 9;
     vec<double, 1> vd(d[k]);
     vec<int, 1> vi(i[k]);
     vec<long long, 1> vl(l[k]);
     r[0] = vd.convert<float, rounding_mode::rtp>()[0];
     r[1] = vd.convert<float, rounding_mode::rtn>()[0];
     r[2] = vd.convert<float, rounding_mode::rtz>()[0];
     r[3] = vi.convert<float, rounding_mode::rtp>()[0];
     r[4] = vi.convert<float, rounding_mode::rtn>()[0];
     r[5] = vi.convert<float, rounding_mode::rtz>()[0];
     r[6] = vl.convert<float, rounding_mode::rtp>()[0];
     r[7] = vl.convert<float, rounding_mode::rtn>()[0];
     r[8] = vl.convert<float, rounding_mode::rtz>()[0];
   }).wait();
  for (int k = 0; k < n; ++k)
    for (int m = 0; m < 3; ++m) {
      const float want[3] = {rounded(ds[k], m), rounded(is[k], m), rounded(ls[k], m)};
      for (int t = 0; t < 3; ++t) {
        char what[96];
        std::snprintf(what, sizeof what, "vec::convert<float> rounding %d of value %d of type %d: %.9g, expected %.9g",
                      m, k, t, o[k * 9 + t * 3 + m], want[t]);
        check(o[k * 9 + t * 3 + m] == want[t], what);
      }
    }
  free(d, q);
  free(i, q);
  free(l, q);
  free(o, q);
}

int main() {
  queue q;
  group_predicates(q);
  geometric(q);
  common_on_marrays(q);
  accessor_iterators(q);
  placeholders(q);
  zero_dimensional_host_accessor(q);
  nested_swizzles(q);
  rounding_conversions(q);
  if (failures) {
    std::printf("%d checks failed\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
