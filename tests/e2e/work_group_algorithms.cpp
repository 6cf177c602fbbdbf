// Work-group collectives (SYCL 2020 4.17.4 on sycl::group): reduce_over_group,
// inclusive/exclusive_scan_over_group, group_broadcast, any/all/none_of_group
// and joint_reduce / joint_any_of, on work-groups of 64, 48 (not a power of
// two) and 4x8 work-items, checked against the host.
#include <sycl/sycl.hpp>
#include <algorithm>

int main() {
  sycl::queue q;
  int failures = 0;
  auto check = [&](bool ok, const char *what, int i) {
    if (!ok && failures++ < 10) std::cout << "FAILED: " << what << " at " << i << "\n";
  };
  for (int local : {64, 48}) {
    const int groups = 3, n = groups * local, outs = 8;
    int *in = sycl::malloc_shared<int>(n, q);
    int *out = sycl::malloc_shared<int>(n * outs, q);
    float *fin = sycl::malloc_shared<float>(n, q);
    float *fout = sycl::malloc_shared<float>(n, q);
    for (int i = 0; i < n; ++i) {
      in[i] = (i * 37) % 11 - 3;
      fin[i] = 0.25f * ((i * 13) % 17);
    }
    q.parallel_for(sycl::nd_range<1>(n, local), [=](sycl::nd_item<1> it) {
       sycl::group<1> g = it.get_group();
       int i = static_cast<int>(it.get_global_id(0));
       int x = in[i];
       int *o = out + i * outs;
       o[0] = sycl::reduce_over_group(g, x, sycl::plus<int>());
       o[1] = sycl::reduce_over_group(g, x, sycl::maximum<int>());
       o[2] = sycl::inclusive_scan_over_group(g, x, sycl::plus<int>());
       o[3] = sycl::exclusive_scan_over_group(g, x, sycl::plus<int>());
       o[4] = sycl::group_broadcast(g, x, 5);
       o[5] = sycl::any_of_group(g, x == 7) + 2 * sycl::all_of_group(g, x > -4) + 4 * sycl::none_of_group(g, x > 7);
       o[6] = sycl::joint_reduce(g, in, in + n, sycl::plus<int>());
       o[7] = sycl::exclusive_scan_over_group(g, x, 100, sycl::plus<int>());
       fout[i] = sycl::reduce_over_group(g, fin[i], sycl::minimum<float>());
     }).wait();
    int total = 0;
    for (int i = 0; i < n; ++i) total += in[i];
    for (int gi = 0; gi < groups; ++gi) {
      int sum = 0, mx = -1000, scan = 0, any7 = 0, allgt = 1, nonegt = 1;
      float fmin = 1e9f;
      for (int l = 0; l < local; ++l) {
        int v = in[gi * local + l];
        sum += v;
        mx = std::max(mx, v);
        any7 |= v == 7;
        allgt &= v > -4;
        nonegt &= !(v > 7);
        fmin = std::min(fmin, fin[gi * local + l]);
      }
      for (int l = 0; l < local; ++l) {
        int i = gi * local + l;
        int *o = out + i * outs;
        check(o[0] == sum, "reduce plus", i);
        check(o[1] == mx, "reduce maximum", i);
        check(o[3] == scan && o[7] == scan + 100, "exclusive scan", i);
        scan += in[i];
        check(o[2] == scan, "inclusive scan", i);
        check(o[4] == in[gi * local + 5], "broadcast", i);
        check(o[5] == any7 + 2 * allgt + 4 * nonegt, "any/all/none", i);
        check(o[6] == total, "joint_reduce", i);
        check(fout[i] == fmin, "reduce minimum (float)", i);
      }
    }
    sycl::free(in, q);
    sycl::free(out, q);
    sycl::free(fin, q);
    sycl::free(fout, q);
  }
  // A two-dimensional work-group: linear ids are row-major.
  const int rows = 8, cols = 8;
  int *grid = sycl::malloc_shared<int>(rows * cols, q);
  q.parallel_for(sycl::nd_range<2>({rows, cols}, {4, 8}), [=](sycl::nd_item<2> it) {
     sycl::group<2> g = it.get_group();
     int v = static_cast<int>(it.get_local_linear_id());
     grid[it.get_global_linear_id()] = sycl::inclusive_scan_over_group(g, v, sycl::plus<int>()) -
                                        sycl::group_broadcast(g, v, sycl::id<2>(1, 2));
   }).wait();
  for (int i = 0; i < rows * cols; ++i) {
    int lin = (i / cols % 4) * 8 + i % cols;
    check(grid[i] == lin * (lin + 1) / 2 - 10, "2-D group scan and broadcast", i);
  }
  sycl::free(grid, q);
  if (failures) return 1;
  std::cout << "PASSED\n";
  return 0;
}
