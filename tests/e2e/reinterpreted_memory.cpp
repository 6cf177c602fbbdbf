// Memory viewed as another type through a pointer cast, as code ported from
// CUDA does: an int scratch area carved out of a float local_accessor, float
// data in an int USM allocation, float4 loads over a float array, and views
// of another size: float4s stored into a double allocation from a device
// function, doubles into a float one. On Vulkan the accesses reinterpret
// the bits of the binding's words (memory viewed as a type of another size
// is byte-addressed).
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr int N = 256, WG = 64;

// Float4s through a work-group scratch array into global memory; only the
// first half of the group writes (the allocation holds WG / 2 float4s).
static void store_rotated(sycl::float4 *out, sycl::float4 *shm, const sycl::nd_item<1> &item) {
  int i = int(item.get_global_id(0));
  shm[item.get_local_id(0)] = sycl::float4(float(i), float(i + 1), float(i + 2), float(i + 3));
  sycl::group_barrier(item.get_group());
  if (i < WG / 2) out[i] = shm[(item.get_local_id(0) + 1) % WG] * 2.0f;
}

int main() {
  sycl::queue q;
  int bad = 0;

  // 1. An int view of float local memory (scatter-add style).
  float *sums = sycl::malloc_shared<float>(N / WG, q);
  int *keys = sycl::malloc_shared<int>(N, q);
  for (int i = 0; i < N; i++) keys[i] = (i * 37) % 11;
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<float, 1> scratch(WG * 2, h);
    h.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> it) {
      float *values = scratch.get_multi_ptr<sycl::access::decorated::no>().get();
      int *slots = (int *)&values[WG];
      int l = it.get_local_id(0);
      slots[l] = keys[it.get_global_id(0)];
      values[l] = 0.5f * l;
      it.barrier(sycl::access::fence_space::local_space);
      if (l == 0) {
        float s = 0;
        for (int k = 0; k < WG; k++) s += values[k] * slots[k];
        sums[it.get_group(0)] = s;
      }
    });
  }).wait();
  for (int g = 0; g < N / WG; g++) {
    float s = 0;
    for (int k = 0; k < WG; k++) s += 0.5f * k * keys[g * WG + k];
    if (sums[g] != s && bad++ < 5) std::printf("int view of local floats: group %d: %g, expected %g\n", g, sums[g], s);
  }

  // 2. Floats kept in an int allocation (one buffer for mixed scratch data).
  int *work = sycl::malloc_device<int>(2 * N, q);
  int *counts = sycl::malloc_shared<int>(N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = id[0];
    int *count = work;
    float *pos = (float *)(&work[N]);
    pos[i] = i * 0.25f;
    count[i] = int(pos[i] * 8);
    unsigned bits = *(unsigned *)&pos[i];
    counts[i] = count[i] + (bits == 0 ? 0 : 1);
  }).wait();
  for (int i = 0; i < N; i++) {
    int want = i * 2 + (i == 0 ? 0 : 1);
    if (counts[i] != want && bad++ < 5) std::printf("floats in int memory: %d at %d, expected %d\n", counts[i], i, want);
  }

  // 3. float4 loads and stores over a float array, and back.
  float *x = sycl::malloc_shared<float>(N, q);
  float *y = sycl::malloc_shared<float>(N, q);
  for (int i = 0; i < N; i++) x[i] = i;
  q.parallel_for(sycl::range<1>(N / 4), [=](sycl::id<1> i) {
    const sycl::float4 *x4 = reinterpret_cast<const sycl::float4 *>(x);
    sycl::float4 *y4 = reinterpret_cast<sycl::float4 *>(y);
    sycl::float4 v = x4[i] * 2.0f;
    y4[i] = v;
    float *back = (float *)&y4[i];
    back[3] += 1.0f;
  }).wait();
  for (int i = 0; i < N; i++) {
    float want = 2.0f * i + (i % 4 == 3 ? 1.0f : 0.0f);
    if (y[i] != want && bad++ < 5) std::printf("float4 view: y[%d] = %g, expected %g\n", i, y[i], want);
  }

  // Views of another size (shmembench's `(float4 *)` over doubles).
  double *wide = sycl::malloc_shared<double>(2 * WG, q);
  float *narrow = sycl::malloc_shared<float>(2 * WG, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<sycl::float4, 1> shm(sycl::range<1>(WG), h);
     h.parallel_for(sycl::nd_range<1>(WG, WG), [=](sycl::nd_item<1> item) {
       store_rotated((sycl::float4 *)wide, shm.get_multi_ptr<sycl::access::decorated::no>().get(), item);
       ((double *)narrow)[item.get_global_id(0)] = 0.5 * double(item.get_global_id(0));
     });
   }).wait();
  const float *wide_floats = (const float *)wide;
  for (int i = 0; i < WG / 2; ++i) {
    int src = (i + 1) % WG;
    for (int k = 0; k < 4; ++k)
      if (wide_floats[i * 4 + k] != 2.0f * float(src + k)) {
        std::printf("float4 view of doubles: element %d.%d = %g\n", i, k, wide_floats[i * 4 + k]);
        ++bad;
      }
  }
  for (int i = 0; i < WG; ++i)
    if (((const double *)narrow)[i] != 0.5 * i) {
      std::printf("double view of floats: %d = %g\n", i, ((const double *)narrow)[i]);
      ++bad;
    }
  sycl::free(wide, q);
  sycl::free(narrow, q);
  sycl::free(sums, q);
  sycl::free(keys, q);
  sycl::free(work, q);
  sycl::free(counts, q);
  sycl::free(x, q);
  sycl::free(y, q);
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
