// Sub-groups: nd_item::get_sub_group and the sub-group queries, then every
// group function on a sub-group (broadcast, select, shifts, xor permutation,
// reduce and scans over several operations, any/all/none), checked on the
// host against the sub-group size the device reports (Vulkan: the device's
// subgroup size; host device: 1). Also the classic "reduce per sub-group,
// leader adds atomically" sum. 64-bit values (double, long: the two
// halves shuffled, reductions and scans built from shuffles) and sycl::half
// (shuffled as its bits, reduced in float) and bool (as a 32-bit word) too. And
// sycl_ext_oneapi_sub_group_mask: group_ballot and the mask's queries. And the
// deprecated member shuffles (shuffle, shuffle_down/up/xor) and barrier.
#include <sycl/sycl.hpp>
#include <cstdio>

using namespace sycl;

constexpr int N = 256, B = 64, F = 13;

int main() {
  queue q;
  int *data = malloc_shared<int>(N, q);
  int *out = malloc_shared<int>(N * F, q);
  float *fout = malloc_shared<float>(N, q);
  int *total = malloc_shared<int>(1, q);
  for (int i = 0; i < N; i++) data[i] = (i * 7) % 23;
  *total = 0;
  q.parallel_for(nd_range<1>(N, B), [=](nd_item<1> it) {
     sub_group sg = it.get_sub_group();
     int i = it.get_global_id(0);
     int x = data[i];
     int *o = out + i * F;
     o[0] = sg.get_local_linear_id();
     o[1] = sg.get_local_range()[0];
     o[2] = reduce_over_group(sg, x, plus<>());
     o[3] = reduce_over_group(sg, x, maximum<int>());
     o[4] = group_broadcast(sg, x, 1 % sg.get_local_linear_range());
     o[5] = select_from_group(sg, x, id<1>((sg.get_local_linear_id() + 1) % sg.get_local_linear_range()));
     o[6] = inclusive_scan_over_group(sg, x, plus<>());
     o[7] = exclusive_scan_over_group(sg, x, plus<>());
     o[8] = (any_of_group(sg, x == 0) ? 1 : 0) | (all_of_group(sg, x < 23) ? 2 : 0) |
            (none_of_group(sg, x > 100) ? 4 : 0);
     o[9] = shift_group_right(sg, x, 1);
     o[10] = sg.get_group_linear_id();
     o[11] = reduce_over_group(sg, x, 100, plus<>());
     const size_t mask = sg.get_local_linear_range() > 1 ? 1 : 0;
     o[12] = (permute_group_by_xor(sg, x % 2 == 0, mask) ? 1 : 0) |
             (reduce_over_group(sg, x > 20, logical_or<bool>()) ? 2 : 0) |
             (select_from_group(sg, x > 11, id<1>(0)) ? 4 : 0) |
             (inclusive_scan_over_group(sg, x != 5, logical_and<bool>()) ? 8 : 0);
     fout[i] = reduce_over_group(sg, float(x) * 0.5f, plus<>());
     int part = reduce_over_group(sg, x, plus<>());
     if (sg.leader()) {
       atomic_ref<int, memory_order::relaxed, memory_scope::device> t(*total);
       t += part;
     }
   }).wait();

  int bad = 0, expected_total = 0;
  for (int i = 0; i < N; i++) {
    const int *o = out + i * F;
    int s = o[1], l = o[0], base = i - l;
    int sum = 0, mx = 0, scan = 0, any0 = 0, over20 = 0, no5 = 1;
    for (int k = 0; k < s; k++) {
      int v = data[base + k];
      sum += v;
      mx = v > mx ? v : mx;
      if (k <= l) scan += v;
      if (k <= l) no5 &= v != 5;
      any0 |= v == 0;
      over20 |= v > 20;
    }
    int partner = data[base + (l ^ (s > 1 ? 1 : 0))];
    int bools = (partner % 2 == 0 ? 1 : 0) | (over20 ? 2 : 0) | (data[base] > 11 ? 4 : 0) | (no5 ? 8 : 0);
    expected_total += data[i];
    bool ok = o[2] == sum && o[3] == mx && o[4] == data[base + 1 % s] &&
              o[5] == data[base + (l + 1) % s] && o[6] == scan && o[7] == scan - data[i] &&
              o[8] == (any0 | 2 | 4) && (l == 0 || o[9] == data[i - 1]) &&
              o[10] == (i % B) / s && o[11] == sum + 100 && o[12] == bools && fout[i] == 0.5f * sum;
    if (!ok && bad++ < 5) std::printf("work-item %d: mismatch (sub-group size %d)\n", i, s);
  }
  if (*total != expected_total) {
    std::printf("leader sum %d, expected %d\n", *total, expected_total);
    bad++;
  }
  // Blocked sub-group loads and stores: item i of a sub-group reads and
  // writes element i from the sub-group's base.
  int *copied = malloc_shared<int>(N, q);
  q.parallel_for(nd_range<1>(N, B), [=](nd_item<1> it) {
     sub_group sg = it.get_sub_group();
     size_t base = it.get_group(0) * B + sg.get_group_linear_id() * sg.get_max_local_range()[0];
     int v = sg.load(data + base);
     sg.store(copied + base, v * 2);
   }).wait();
  for (int i = 0; i < N; i++) {
    if (copied[i] != data[i] * 2 && bad++ < 5) std::printf("sub-group load/store: %d at %d\n", copied[i], i);
  }
  free(copied, q);
  // Two-dimensional work-groups: sub-groups are formed from the linear
  // local id (the last dimension varies fastest), and the group functions
  // work across rows.
  constexpr int R = 4, C = 16;
  int *ids = malloc_shared<int>(R * C * 3, q);
  q.parallel_for(nd_range<2>({R, 2 * C}, {R, C}), [=](nd_item<2> it) {
     sub_group sg = it.get_sub_group();
     int lin = it.get_local_linear_id();
     if (it.get_group(1) != 0) return;
     ids[lin * 3] = sg.get_local_linear_id() + 1000 * sg.get_group_linear_id();
     ids[lin * 3 + 1] = reduce_over_group(sg, lin, plus<>());
     ids[lin * 3 + 2] = shift_group_left(sg, lin, 1);
   }).wait();
  int s2 = out[1];
  for (int lin = 0; lin < R * C; lin++) {
    int base = lin - lin % s2, sum = 0;
    for (int k = 0; k < s2; k++) sum += base + k;
    bool last = lin % s2 == s2 - 1;
    bool ok = ids[lin * 3] == lin % s2 + 1000 * (lin / s2) && ids[lin * 3 + 1] == sum &&
              (last || ids[lin * 3 + 2] == lin + 1);
    if (!ok && bad++ < 5) std::printf("2-D work-group, local id %d: mismatch\n", lin);
  }
  free(ids, q);
  // 64-bit values, whose low halves alone would not give these results.
  double *wd = malloc_shared<double>(B * 4, q);
  long *wl = malloc_shared<long>(B * 4, q);
  q.parallel_for(nd_range<1>(B, B / 2), [=](nd_item<1> it) {
     sub_group sg = it.get_sub_group();
     int i = it.get_global_id(0);
     double x = 0.25 * i + 1e10;
     long y = long(i) * 10000000000L - 7;
     wd[i * 4] = reduce_over_group(sg, x, plus<double>());
     wd[i * 4 + 1] = inclusive_scan_over_group(sg, x, plus<double>());
     wd[i * 4 + 2] = reduce_over_group(sg, x, maximum<double>());
     wd[i * 4 + 3] = group_broadcast(sg, x, sg.get_local_range()[0] - 1);
     wl[i * 4] = exclusive_scan_over_group(sg, y, plus<long>());
     wl[i * 4 + 1] = inclusive_scan_over_group(sg, y, minimum<long>());
     wl[i * 4 + 2] = select_from_group(sg, y, (sg.get_local_id()[0] + 1) % sg.get_local_range()[0]);
     wl[i * 4 + 3] = reduce_over_group(sg, y, bit_xor<long>());
   }).wait();
  for (int i = 0; i < B; i++) {
    int base = i - i % s2, lane = i % s2;
    auto xd = [](int k) { return 0.25 * k + 1e10; };
    auto yl = [](int k) { return long(k) * 10000000000L - 7; };
    double sum = 0, incl = 0, mx = xd(base);
    long excl = 0, lmin = yl(base), lxor = 0;
    for (int k = 0; k < s2; k++) {
      sum += xd(base + k);
      mx = xd(base + k) > mx ? xd(base + k) : mx;
      lxor ^= yl(base + k);
      if (k <= lane) {
        incl += xd(base + k);
        lmin = yl(base + k) < lmin ? yl(base + k) : lmin;
      }
      if (k < lane) excl += yl(base + k);
    }
    bool ok = wd[i * 4] == sum && wd[i * 4 + 1] == incl && wd[i * 4 + 2] == mx &&
              wd[i * 4 + 3] == xd(base + s2 - 1) && wl[i * 4] == excl && wl[i * 4 + 1] == lmin &&
              wl[i * 4 + 2] == yl(base + (lane + 1) % s2) && wl[i * 4 + 3] == lxor;
    if (!ok && bad++ < 5) std::printf("64-bit sub-group operations: mismatch at %d\n", i);
  }
  free(wd, q);
  free(wl, q);
  // sycl::half values: moved as their bits, reduced in float.
  float *wh = malloc_shared<float>(B * 4, q);
  q.parallel_for(nd_range<1>(B, B / 2), [=](nd_item<1> it) {
     sub_group sg = it.get_sub_group();
     int i = it.get_global_id(0);
     half h = half(0.5f * float(sg.get_local_id()[0]) - 1.f);
     wh[i * 4] = float(permute_group_by_xor(sg, h, 1));
     wh[i * 4 + 1] = float(shift_group_left(sg, h, 1));
     wh[i * 4 + 2] = float(reduce_over_group(sg, h, plus<half>()));
     wh[i * 4 + 3] = float(group_broadcast(sg, h, 0));
   }).wait();
  for (int i = 0; i < B; i++) {
    int lane = i % s2;
    auto hv = [](int k) { return 0.5f * float(k) - 1.f; };
    float sum = 0;
    for (int k = 0; k < s2; k++) sum += hv(k);
    bool ok = wh[i * 4] == hv(lane ^ (s2 > 1 ? 1 : 0)) &&
              (lane + 1 >= s2 || wh[i * 4 + 1] == hv(lane + 1)) && wh[i * 4 + 2] == sum &&
              wh[i * 4 + 3] == hv(0);
    if (!ok && bad++ < 5)
      std::printf("half sub-group operations at %d: %g %g %g %g\n", i, wh[i * 4], wh[i * 4 + 1],
                  wh[i * 4 + 2], wh[i * 4 + 3]);
  }
  free(wh, q);

  // group_ballot: the lanes whose local id is a multiple of 3.
  {
    constexpr int B = 256;
    int *m = malloc_shared<int>(B * 4, q);
    q.parallel_for(nd_range<1>{B, 64}, [=](nd_item<1> it) {
       auto sg = it.get_sub_group();
       int lid = sg.get_local_linear_id();
       auto mask = ext::oneapi::group_ballot(sg, lid % 3 == 0);
       unsigned bits;
       mask.extract_bits(bits, 0);
       int i = it.get_global_id(0);
       m[4 * i] = mask.count();
       m[4 * i + 1] = popcount(bits & ((1u << lid) - 1));
       m[4 * i + 2] = mask.test(lid) + 2 * int(mask.find_low()[0]) + 4 * mask.none();
       m[4 * i + 3] = mask.size();
     }).wait();
    for (int i = 0; i < B; ++i) {
      int size = m[4 * i + 3], lid = i % size;
      if (size != out[1] || m[4 * i] != (size + 2) / 3 || m[4 * i + 1] != (lid + 2) / 3 ||
          m[4 * i + 2] != (lid % 3 == 0)) {
        if (bad++ < 4) std::printf("ballot %d: %d %d %d of %d\n", i, m[4 * i], m[4 * i + 1], m[4 * i + 2], size);
      }
    }
    free(m, q);
  }
  {
    // Striped vector loads and stores of eight elements per work-item
    // (sg.load<8>/sg.store<8> over a global_ptr).
    const int B = 256;
    int *in = sycl::malloc_shared<int>(B * 8, q), *res = sycl::malloc_shared<int>(B * 8, q);
    for (int i = 0; i < B * 8; ++i) in[i] = i * 3;
    q.parallel_for(sycl::nd_range<1>(B, 32), [=](sycl::nd_item<1> it) {
       sycl::sub_group sg = it.get_sub_group();
       size_t width = sg.get_max_local_range()[0];
       size_t base = (it.get_group_linear_id() * sg.get_group_linear_range() + sg.get_group_linear_id()) * width * 8;
       sycl::vec<int, 8> x = sg.load<8>(sycl::global_ptr<int>(in + base));
       x += 1;
       sg.store<8>(sycl::global_ptr<int>(res + base), x);
     }).wait();
    for (int i = 0; i < B * 8; ++i)
      if (res[i] != i * 3 + 1 && bad++ < 4) std::printf("load<8>/store<8>: res[%d] = %d\n", i, res[i]);
    free(in, q);
    free(res, q);
  }
  // The member shuffles of DPC++'s sub-group extension (deprecated there,
  // common in ported code) and sub_group::barrier.
  {
    int *res = malloc_shared<int>(B * 4, q);
    int *size = malloc_shared<int>(1, q);
    q.parallel_for(nd_range<1>(B, B), [=](nd_item<1> it) {
       sub_group sg = it.get_sub_group();
       int i = int(it.get_global_id(0));
       int x = i * 5 + 1;
       int lanes = int(sg.get_local_range()[0]);
       res[i * 4] = sg.shuffle(x, 0);
       res[i * 4 + 1] = sg.shuffle_down(x, 1);
       res[i * 4 + 2] = sg.shuffle_up(x, 1);
       res[i * 4 + 3] = lanes > 1 ? sg.shuffle_xor(x, 1) : x;
       sg.barrier();
       if (i == 0) *size = lanes;
     }).wait();
    int s = *size;
    for (int i = 0; i < B; ++i) {
      int lane = i % s, first = i - lane;
      bool ok = res[i * 4] == first * 5 + 1 && (lane + 1 >= s || res[i * 4 + 1] == (i + 1) * 5 + 1) &&
                (lane == 0 || res[i * 4 + 2] == (i - 1) * 5 + 1) &&
                res[i * 4 + 3] == (s > 1 ? (first + (lane ^ 1)) * 5 + 1 : i * 5 + 1);
      if (!ok && bad++ < 4) std::printf("member shuffles: work-item %d: %d %d %d %d\n", i, res[i * 4], res[i * 4 + 1], res[i * 4 + 2], res[i * 4 + 3]);
    }
    free(res, q);
    free(size, q);
  }
  std::printf("sub-group size %d: %s\n", out[1], bad ? "FAILED" : "PASSED");
  free(data, q);
  free(out, q);
  free(fout, q);
  free(total, q);
  return bad != 0;
}
