// Kernels written for 32-wide sub-groups (CUDA warps ported to SYCL with
// [[sycl::reqd_sub_group_size(32)]]) run on every device, whatever its own
// width: lavapipe's 8 makes each sub-group of four of its own, exchanging
// values through work-group memory. Checked: sub-groups of a 2-D
// work-group follow the local linear id; a butterfly reduction of xor
// permutes and a Kogge-Stone scan of shifts; a vector broadcast; a
// sub-group barrier ordering work-group memory between the lanes of a
// sub-group; collectives reached by only some sub-groups of a work-group.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>

constexpr int W = 32;
int failures = 0;

void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what);
    ++failures;
  }
}

float warp_sum(sycl::sub_group sg, float v) {
  for (int offset = W / 2; offset > 0; offset /= 2) v += sycl::permute_group_by_xor(sg, v, offset);
  return v;
}

int warp_scan(sycl::sub_group sg, int v) {
  int lane = int(sg.get_local_linear_id());
  for (int d = 1; d < W; d *= 2) {
    int before = sycl::shift_group_right(sg, v, d);
    if (lane >= d) v += before;
  }
  return v;
}

int main() {
  sycl::queue q;
  constexpr size_t R = 4, C = 16, GROUPS = 3;  // work-groups of 4 x 16
  constexpr size_t N = R * C * GROUPS;
  int *ids = sycl::malloc_shared<int>(N * 3, q);
  float *sums = sycl::malloc_shared<float>(N, q);
  int *scans = sycl::malloc_shared<int>(N, q);
  sycl::float4 *vecs = sycl::malloc_shared<sycl::float4>(N, q);
  int *neighbours = sycl::malloc_shared<int>(N, q);
  int *some = sycl::malloc_shared<int>(N, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> slots(R * C, h);
     h.parallel_for(sycl::nd_range<2>({R * GROUPS, C}, {R, C}),
                    [=](sycl::nd_item<2> it) [[sycl::reqd_sub_group_size(W)]] {
                      sycl::sub_group sg = it.get_sub_group();
                      size_t g = it.get_global_linear_id();
                      int lane = int(sg.get_local_linear_id());
                      int local = int(it.get_local_linear_id());
                      ids[g * 3] = lane;
                      ids[g * 3 + 1] = int(sg.get_group_linear_id());
                      ids[g * 3 + 2] = local;
                      sums[g] = warp_sum(sg, float(local));
                      scans[g] = warp_scan(sg, 1);
                      sycl::float4 mine(float(local), float(lane), 1.0f, -1.0f);
                      vecs[g] = sycl::group_broadcast(sg, mine, 3);
                      slots[local] = local * 10;
                      sycl::group_barrier(sg);
                      neighbours[g] = slots[local - lane + (lane + 1) % W];
                      some[g] = -1;
                      if (sg.get_group_linear_id() % 2 == 1)
                        some[g] = sycl::reduce_over_group(sg, lane, sycl::maximum<int>());
                    });
   }).wait();

  bool ids_ok = true, sums_ok = true, scans_ok = true, vecs_ok = true, neighbours_ok = true, some_ok = true;
  for (size_t g = 0; g < N; ++g) {
    // nd_range<2> linear ids: row-major, the last dimension fastest.
    size_t row = g / C, col = g % C;
    int local = int((row % R) * C + col), lane = local % W, first = local - lane;
    ids_ok &= ids[g * 3] == lane && ids[g * 3 + 1] == local / W && ids[g * 3 + 2] == local;
    float want_sum = float(W * first + W * (W - 1) / 2);
    sums_ok &= std::fabs(sums[g] - want_sum) < 0.5f;
    scans_ok &= scans[g] == lane + 1;
    sycl::float4 v = vecs[g];
    vecs_ok &= v.x() == float(first + 3) && v.y() == 3.0f && v.z() == 1.0f && v.w() == -1.0f;
    neighbours_ok &= neighbours[g] == (first + (lane + 1) % W) * 10;
    some_ok &= some[g] == ((local / W) % 2 == 1 ? W - 1 : -1);
  }
  check(ids_ok, "sub-group ids of a 2-D work-group follow the local linear id");
  check(sums_ok, "butterfly reduction of xor permutes");
  check(scans_ok, "Kogge-Stone scan of shifts");
  check(vecs_ok, "vector broadcast");
  check(neighbours_ok, "a sub-group barrier orders work-group memory");
  check(some_ok, "a collective reached by every other sub-group");
  for (void *p : {(void *)ids, (void *)sums, (void *)scans, (void *)vecs, (void *)neighbours, (void *)some})
    sycl::free(p, q);
  std::printf(failures ? "FAILED\n" : "PASSED\n");
  return failures != 0;
}
