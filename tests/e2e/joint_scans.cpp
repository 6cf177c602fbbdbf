// sycl::joint_inclusive_scan and sycl::joint_exclusive_scan (SYCL 2020
// 4.17.4.5), with and without an initial value, over work-groups of 16, 48
// (not a power of two) and 1 work-item and over sub-groups, for lengths
// shorter than, equal to and many times the group size (and 0), with plus,
// multiplies (on wrapping unsigned values) and maximum; one scan in place.
// Every output element is checked against a host scan; the returned
// iterator must be result + length.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
  sycl::queue q;
  int failures = 0;
  auto check = [&](bool ok, const char *what, int local, int len, int i) {
    if (!ok && failures++ < 12)
      std::printf("FAILED: %s (group of %d, length %d) at %d\n", what, local, len, i);
  };
  const int groups = 2, kinds = 7;
  for (int local : {16, 48, 1}) {
    for (int len : {0, 1, 5, 16, 50, 203}) {
      int *in = sycl::malloc_shared<int>(len + 1, q);
      int *out = sycl::malloc_shared<int>(groups * kinds * (len + 1), q);
      int *ends = sycl::malloc_shared<int>(groups * kinds, q);
      unsigned *uout = sycl::malloc_shared<unsigned>(groups * (len + 1), q);
      for (int i = 0; i < len; ++i) in[i] = (i * 7) % 13 - 4;
      const int stride = len + 1;
      q.parallel_for(sycl::nd_range<1>(groups * local, local), [=](sycl::nd_item<1> it) {
         sycl::group<1> g = it.get_group();
         int gi = static_cast<int>(g.get_group_linear_id());
         int *o = out + gi * kinds * stride;
         int *e = ends + gi * kinds;
         // Each group scans into its own rows: every work-item writes its
         // share, so the rows are complete once the group is done.
         e[0] = int(sycl::joint_inclusive_scan(g, in, in + len, o, sycl::plus<int>()) - o);
         e[1] = int(sycl::joint_inclusive_scan(g, in, in + len, o + stride, sycl::plus<int>(), 1000) - (o + stride));
         e[2] = int(sycl::joint_exclusive_scan(g, in, in + len, o + 2 * stride, sycl::plus<int>()) - (o + 2 * stride));
         e[3] = int(sycl::joint_exclusive_scan(g, in, in + len, o + 3 * stride, -50, sycl::maximum<int>()) -
                    (o + 3 * stride));
         unsigned *u = uout + gi * stride;
         e[4] = int(sycl::joint_inclusive_scan(g, in, in + len, u, sycl::multiplies<unsigned>()) - u);
         e[5] = int(sycl::joint_inclusive_scan(g, in, in + len, o + 5 * stride, sycl::maximum<int>()) - (o + 5 * stride));
         // In place: copy, then scan the copy onto itself.
         int *self = o + 6 * stride;
         for (int i = static_cast<int>(it.get_local_linear_id()); i < len; i += static_cast<int>(g.get_local_linear_range()))
           self[i] = in[i];
         sycl::group_barrier(g);
         e[6] = int(sycl::joint_exclusive_scan(g, self, self + len, self, 7, sycl::plus<int>()) - self);
       }).wait();
      for (int gi = 0; gi < groups; ++gi) {
        const int *o = out + gi * kinds * stride;
        int sum = 0, mx = -1000000, excl_max = -50;
        unsigned prod = 1u;
        for (int i = 0; i < len; ++i) {
          check(o[2 * stride + i] == sum, "exclusive plus", local, len, i);
          check(o[6 * stride + i] == sum + 7, "exclusive plus in place, init 7", local, len, i);
          check(o[3 * stride + i] == excl_max, "exclusive maximum, init -50", local, len, i);
          sum += in[i];
          mx = std::max(mx, in[i]);
          excl_max = std::max(excl_max, in[i]);
          prod *= static_cast<unsigned>(in[i]);
          check(o[i] == sum, "inclusive plus", local, len, i);
          check(o[stride + i] == sum + 1000, "inclusive plus, init 1000", local, len, i);
          check(uout[gi * stride + i] == prod, "inclusive multiplies (unsigned)", local, len, i);
          check(o[5 * stride + i] == mx, "inclusive maximum", local, len, i);
        }
        for (int k = 0; k < kinds; ++k) check(ends[gi * kinds + k] == len, "returned iterator", local, len, k);
      }
      sycl::free(in, q);
      sycl::free(out, q);
      sycl::free(ends, q);
      sycl::free(uout, q);
    }
  }
  // Over sub-groups: each sub-group scans its own slice.
  {
    const int local = 32, len = 37;
    sycl::range<1> r(local * 2);
    const int rows = 2 * local;  // at most one row per work-item (sub-groups of one on the host)
    int *in = sycl::malloc_shared<int>(len, q);
    int *out = sycl::malloc_shared<int>(rows * len, q);
    int *size = sycl::malloc_shared<int>(1, q);
    for (int i = 0; i < len; ++i) in[i] = i % 5 + 1;
    q.parallel_for(sycl::nd_range<1>(r, sycl::range<1>(local)), [=](sycl::nd_item<1> it) {
       sycl::sub_group sg = it.get_sub_group();
       int row = static_cast<int>(it.get_global_linear_id() - sg.get_local_linear_id());
       if (it.get_global_linear_id() == 0) size[0] = static_cast<int>(sg.get_local_linear_range());
       sycl::joint_inclusive_scan(sg, in, in + len, out + row * len, sycl::plus<int>());
     }).wait();
    const int sg_size = size[0];
    for (int row = 0; row < rows; row += sg_size) {
      int sum = 0;
      for (int i = 0; i < len; ++i) {
        sum += in[i];
        check(out[row * len + i] == sum, "sub-group inclusive plus", sg_size, len, i);
      }
    }
    sycl::free(in, q);
    sycl::free(out, q);
    sycl::free(size, q);
  }
  if (failures) return 1;
  std::printf("PASSED\n");
  return 0;
}
