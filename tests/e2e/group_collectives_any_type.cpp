// Group collectives on values that are not arithmetic scalars (SYCL 2020
// 4.17.3, 4.17.4: any trivially copyable type): group_broadcast on
// work-groups, and group_broadcast, select_from_group, shift_group_left/right
// and permute_group_by_xor on sub-groups, of bool, sycl::half, float2,
// marray<int, 3>, a struct {int; float}, a 6-byte struct (padded to two
// words) and a 36-byte struct; reduce_over_group and the scans over
// work-groups and sub-groups of sycl::half, vec and marray with sycl::plus,
// maximum and multiplies, and of bool over work-groups with logical_and/or.
// Work-groups of 16 and 48; expected values are computed on the host from
// the sub-group layout the kernel reports.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>

struct Pt {
  int a;
  float b;
};
struct Short3 {
  short v[3];
};
struct Big {
  int v[9];
};

// The value work-item `l` contributes, and a number that identifies it.
template <typename T>
T make(int l);
template <>
bool make<bool>(int l) { return l % 3 == 0; }
template <>
sycl::half make<sycl::half>(int l) { return sycl::half(0.5f * l); }
template <>
sycl::float2 make<sycl::float2>(int l) { return sycl::float2(float(l), float(2 * l + 1)); }
template <>
sycl::marray<int, 3> make<sycl::marray<int, 3>>(int l) { return sycl::marray<int, 3>(l, -l, l * l); }
template <>
Pt make<Pt>(int l) { return Pt{l, 0.25f * l}; }
template <>
Short3 make<Short3>(int l) { return Short3{{short(l), short(l + 1), short(-l)}}; }
template <>
Big make<Big>(int l) {
  Big b;
  for (int k = 0; k < 9; ++k) b.v[k] = l * 10 + k;
  return b;
}
inline int key(bool x) { return x ? 1 : 2; }
inline int key(sycl::half x) { return int(float(x) * 2.0f); }
inline int key(const sycl::float2 &x) { return int(x[0]) * 1000 + int(x[1]); }
inline int key(const sycl::marray<int, 3> &x) { return x[0] * 1000000 + (-x[1]) * 1000 + x[2] % 1000; }
inline int key(const Pt &p) { return p.a * 1000 + int(p.b * 4.0f); }
inline int key(const Short3 &s) { return s.v[0] * 1000000 + s.v[1] * 1000 - s.v[2]; }
inline int key(const Big &b) {
  int h = 0;
  for (int k = 0; k < 9; ++k) h = h * 3 + b.v[k];
  return h;
}

constexpr int kTypes = 7, kSubOps = 5;
constexpr int kSub = 2, kWg = kSub + kTypes * kSubOps, kRed = kWg + kTypes * 2, kPerItem = kRed + 24;

// The sub-group moves of a T: o[0..4].
template <typename T>
void sub_group_moves(sycl::sub_group sg, int l, int *o) {
  T x = make<T>(l);
  unsigned lane = sg.get_local_linear_id(), size = sg.get_local_linear_range();
  o[0] = key(sycl::group_broadcast(sg, x, size - 1));
  o[1] = key(sycl::select_from_group(sg, x, sycl::id<1>((lane + 1) % size)));
  o[2] = key(sycl::shift_group_left(sg, x, 1));
  o[3] = key(sycl::shift_group_right(sg, x, 1));
  o[4] = key(sycl::permute_group_by_xor(sg, x, 1));
}
template <typename T>
void work_group_broadcasts(sycl::group<1> g, int l, int *o) {
  T x = make<T>(l);
  o[0] = key(sycl::group_broadcast(g, x, 3));
  o[1] = key(sycl::group_broadcast(g, x, g.get_local_linear_range() - 1));
}

template <typename T>
void expect_moves(int l, int lane, int size, const int *o, int &failures, int local, const char *type) {
  int first = l - lane;
  auto check = [&](bool ok, const char *what) {
    if (!ok && failures++ < 12) std::printf("FAILED: %s of %s, work-item %d (group of %d)\n", what, type, l, local);
  };
  check(o[0] == key(make<T>(first + size - 1)), "sub-group broadcast");
  check(o[1] == key(make<T>(first + (lane + 1) % size)), "select_from_group");
  if (lane + 1 < size) check(o[2] == key(make<T>(l + 1)), "shift_group_left");
  if (lane >= 1) check(o[3] == key(make<T>(l - 1)), "shift_group_right");
  if ((lane ^ 1) < size) check(o[4] == key(make<T>(first + (lane ^ 1))), "permute_group_by_xor");
}

// Everything one work-item computes, into its row of `out`.
void kernel_body(sycl::nd_item<1> it, int *out) {
  sycl::group<1> g = it.get_group();
  sycl::sub_group sg = it.get_sub_group();
  int l = static_cast<int>(it.get_local_linear_id());
  int *o = out + it.get_global_linear_id() * kPerItem;
  o[0] = static_cast<int>(sg.get_local_linear_id());
  o[1] = static_cast<int>(sg.get_local_linear_range());
  sub_group_moves<bool>(sg, l, o + kSub);
  sub_group_moves<sycl::half>(sg, l, o + kSub + 5);
  sub_group_moves<sycl::float2>(sg, l, o + kSub + 10);
  sub_group_moves<sycl::marray<int, 3>>(sg, l, o + kSub + 15);
  sub_group_moves<Pt>(sg, l, o + kSub + 20);
  sub_group_moves<Short3>(sg, l, o + kSub + 25);
  sub_group_moves<Big>(sg, l, o + kSub + 30);
  work_group_broadcasts<bool>(g, l, o + kWg);
  work_group_broadcasts<sycl::half>(g, l, o + kWg + 2);
  work_group_broadcasts<sycl::float2>(g, l, o + kWg + 4);
  work_group_broadcasts<sycl::marray<int, 3>>(g, l, o + kWg + 6);
  work_group_broadcasts<Pt>(g, l, o + kWg + 8);
  work_group_broadcasts<Short3>(g, l, o + kWg + 10);
  work_group_broadcasts<Big>(g, l, o + kWg + 12);
  // Reductions and scans of half, vec and marray.
  int *r = o + kRed;
  sycl::half h = make<sycl::half>(l);
  r[0] = key(sycl::reduce_over_group(g, h, sycl::plus<sycl::half>()));
  r[1] = key(sycl::inclusive_scan_over_group(g, h, sycl::plus<sycl::half>()));
  r[2] = key(sycl::exclusive_scan_over_group(g, h, sycl::maximum<sycl::half>()));
  sycl::float4 f4 = sycl::reduce_over_group(g, sycl::float4(float(l), 1.0f, -float(l), 0.5f * l), sycl::plus<>());
  for (int k = 0; k < 4; ++k) r[3 + k] = int(f4[k] * 2.0f);
  sycl::marray<int, 3> mx = sycl::reduce_over_group(g, make<sycl::marray<int, 3>>(l), sycl::maximum<>());
  for (int k = 0; k < 3; ++k) r[7 + k] = mx[k];
  sycl::int2 is = sycl::inclusive_scan_over_group(g, sycl::int2(l, 1), sycl::plus<sycl::int2>());
  sycl::int2 es = sycl::exclusive_scan_over_group(g, sycl::int2(l, 1), sycl::int2(100, 0), sycl::plus<sycl::int2>());
  sycl::marray<int, 2> mp = sycl::exclusive_scan_over_group(g, sycl::marray<int, 2>(l % 3 + 1, 1),
                                                             sycl::multiplies<sycl::marray<int, 2>>());
  r[10] = is[0];
  r[11] = is[1];
  r[12] = es[0];
  r[13] = es[1];
  r[14] = mp[0];
  r[15] = mp[1];
  // On sub-groups.
  sycl::float2 sr = sycl::reduce_over_group(sg, make<sycl::float2>(l), sycl::plus<sycl::float2>());
  sycl::int2 ss = sycl::inclusive_scan_over_group(sg, sycl::int2(l, 2), sycl::plus<sycl::int2>());
  sycl::half sh = sycl::reduce_over_group(sg, h, sycl::plus<sycl::half>());
  r[16] = int(sr[0]);
  r[17] = int(sr[1]);
  r[18] = ss[0];
  r[19] = ss[1];
  r[20] = key(sh);
  // bool over the work-group (as int through work-group memory).
  bool mine = make<bool>(l);
  r[21] = sycl::reduce_over_group(g, mine, sycl::logical_or<bool>()) +
          2 * sycl::reduce_over_group(g, mine, sycl::logical_and<bool>());
  r[22] = sycl::inclusive_scan_over_group(g, !mine, sycl::logical_and<bool>());
  r[23] = sycl::exclusive_scan_over_group(g, mine, sycl::logical_or<bool>());
}

// The kernel, with a required sub-group size S (none when S is 0).
template <int S>
void launch(sycl::queue &q, int n, int local, int *out) {
  if constexpr (S == 0) {
    q.parallel_for(sycl::nd_range<1>(n, local), [=](sycl::nd_item<1> it) { kernel_body(it, out); }).wait();
  } else {
    q.parallel_for(sycl::nd_range<1>(n, local),
                   [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(S)]] { kernel_body(it, out); })
        .wait();
  }
}

template <int S>
int run(sycl::queue &q) {
  int failures = 0;
  for (int local : {16, 48}) {
    const int groups = 2, n = groups * local;
    int *out = sycl::malloc_shared<int>(n * kPerItem, q);
    launch<S>(q, n, local, out);

    for (int gi = 0; gi < groups; ++gi) {
      for (int l = 0; l < local; ++l) {
        const int *o = out + (gi * local + l) * kPerItem;
        int lane = o[0], size = o[1];
        auto check = [&](bool ok, const char *what) {
          if (!ok && failures++ < 12) std::printf("FAILED: %s, work-item %d (group of %d)\n", what, l, local);
        };
        check(size >= 1 && lane == l % size, "sub-group layout");
        if (!(size >= 1 && lane == l % size)) continue;
        expect_moves<bool>(l, lane, size, o + kSub, failures, local, "bool");
        expect_moves<sycl::half>(l, lane, size, o + kSub + 5, failures, local, "half");
        expect_moves<sycl::float2>(l, lane, size, o + kSub + 10, failures, local, "float2");
        expect_moves<sycl::marray<int, 3>>(l, lane, size, o + kSub + 15, failures, local, "marray<int, 3>");
        expect_moves<Pt>(l, lane, size, o + kSub + 20, failures, local, "struct {int; float}");
        expect_moves<Short3>(l, lane, size, o + kSub + 25, failures, local, "struct {short[3]}");
        expect_moves<Big>(l, lane, size, o + kSub + 30, failures, local, "struct {int[9]}");
        const int *w = o + kWg;
        check(w[0] == key(make<bool>(3)) && w[1] == key(make<bool>(local - 1)), "work-group broadcast of bool");
        check(w[2] == key(make<sycl::half>(3)) && w[3] == key(make<sycl::half>(local - 1)), "work-group broadcast of half");
        check(w[4] == key(make<sycl::float2>(3)) && w[5] == key(make<sycl::float2>(local - 1)),
              "work-group broadcast of float2");
        check(w[6] == key(make<sycl::marray<int, 3>>(3)) && w[7] == key(make<sycl::marray<int, 3>>(local - 1)),
              "work-group broadcast of marray");
        check(w[8] == key(make<Pt>(3)) && w[9] == key(make<Pt>(local - 1)), "work-group broadcast of a struct");
        check(w[10] == key(make<Short3>(3)) && w[11] == key(make<Short3>(local - 1)),
              "work-group broadcast of a 6-byte struct");
        check(w[12] == key(make<Big>(3)) && w[13] == key(make<Big>(local - 1)),
              "work-group broadcast of a 36-byte struct");
        const int *r = o + kRed;
        // Sums of 0.5 k: 2 * sum = sum of k.
        check(r[0] == local * (local - 1) / 2, "reduce_over_group of half");
        check(r[1] == l * (l + 1) / 2, "inclusive scan of half");
        check(r[2] == (l == 0 ? -1000000 : l - 1) || (l == 0 && r[2] < -1000), "exclusive maximum of half");
        check(r[3] == local * (local - 1) && r[4] == 2 * local && r[5] == -local * (local - 1) &&
                  r[6] == local * (local - 1) / 2,
              "reduce_over_group of float4");
        check(r[7] == local - 1 && r[8] == 0 && r[9] == (local - 1) * (local - 1), "reduce maximum of marray");
        check(r[10] == l * (l + 1) / 2 && r[11] == l + 1, "inclusive scan of int2");
        check(r[12] == 100 + l * (l - 1) / 2 && r[13] == l, "exclusive scan of int2 with init");
        int prod = 1;
        for (int k = 0; k < l; ++k) prod *= k % 3 + 1;
        check(r[14] == prod && r[15] == 1, "exclusive multiplies of marray<int, 2>");
        int first = l - lane, sum0 = 0, sum1 = 0, scan = 0;
        for (int k = first; k < first + size; ++k) {
          sum0 += k;
          sum1 += 2 * k + 1;
          if (k <= l) scan += k;
        }
        check(r[16] == sum0 && r[17] == sum1, "sub-group reduce of float2");
        check(r[18] == scan && r[19] == 2 * (lane + 1), "sub-group inclusive scan of int2");
        check(r[20] == sum0, "sub-group reduce of half");
        // make<bool>: work-item 0 is true, 1 and 2 false.
        check(r[21] == 1, "work-group reduce of bool (logical_or, logical_and)");
        check(r[22] == 0, "work-group inclusive scan of bool (logical_and)");
        check(r[23] == (l > 0 ? 1 : 0), "work-group exclusive scan of bool (logical_or)");
      }
    }
    sycl::free(out, q);
  }
  return failures;
}

// Sub-groups of the device's own size, then of 8 and 32 where the device
// makes them (the host device makes any power of two: its sub-group
// exchanges then run, words and all).
int main() {
  sycl::queue q;
  auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  auto listed = [&](size_t s) { return std::find(sizes.begin(), sizes.end(), s) != sizes.end(); };
  int failures = run<0>(q);
  if (listed(8)) failures += run<8>(q);
  if (listed(32)) failures += run<32>(q);
  if (failures) return 1;
  std::printf("PASSED\n");
  return 0;
}
