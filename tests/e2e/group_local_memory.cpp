// sycl::ext::oneapi::group_local_memory and group_local_memory_for_overwrite
// (sycl_ext_oneapi_local_memory), as dpct-migrated CUDA code uses them for
// __shared__ arrays: work-group memory allocated inside the kernel, one
// allocation per call (two calls of one type are two arrays), with a
// temp-storage struct reached through a multi_ptr to an array, and the
// leader-constructed form with initial values.
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr int N = 512, WG = 64;

struct TempStorage {
  int keys[WG];
  float weights[WG];
};

template <int Threads>
int block_sum(int v, TempStorage &ts, const sycl::nd_item<1> &it) {
  int l = it.get_local_id(0);
  ts.keys[l] = v;
  sycl::group_barrier(it.get_group());
  for (int stride = Threads / 2; stride > 0; stride /= 2) {
    if (l < stride) ts.keys[l] += ts.keys[l + stride];
    sycl::group_barrier(it.get_group());
  }
  int total = ts.keys[0];
  sycl::group_barrier(it.get_group());
  return total;
}

int main() {
  sycl::queue q;
  int *in = sycl::malloc_shared<int>(N, q);
  int *out = sycl::malloc_shared<int>(N, q);
  float *wout = sycl::malloc_shared<float>(N, q);
  for (int i = 0; i < N; i++) in[i] = (i * 13) % 17;

  q.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> it) {
    auto g = it.get_group();
    sycl::multi_ptr<TempStorage[1], sycl::access::address_space::local_space> p =
        sycl::ext::oneapi::group_local_memory_for_overwrite<TempStorage[1]>(g);
    TempStorage &ts = *p[0];
    // Two arrays of one type: separate memory.
    int *a = *sycl::ext::oneapi::group_local_memory_for_overwrite<int[WG]>(g);
    int *b = *sycl::ext::oneapi::group_local_memory_for_overwrite<int[WG]>(g);
    // Leader-constructed with a value, then visible to the whole group.
    auto counter = sycl::ext::oneapi::group_local_memory<int>(g, 1000);
    int l = it.get_local_id(0);
    int i = it.get_global_id(0);
    a[l] = in[i];
    b[l] = -in[i];
    ts.weights[l] = 0.5f * in[i];
    int sum = block_sum<WG>(in[i], ts, it);
    sycl::group_barrier(g);
    out[i] = sum + a[(l + 1) % WG] * 1000 + b[l] + *counter;
    wout[i] = ts.weights[WG - 1 - l];
  }).wait();

  int bad = 0;
  for (int i = 0; i < N; i++) {
    int g0 = i / WG * WG, l = i % WG, sum = 0;
    for (int k = 0; k < WG; k++) sum += in[g0 + k];
    int want = sum + in[g0 + (l + 1) % WG] * 1000 - in[i] + 1000;
    float wwant = 0.5f * in[g0 + WG - 1 - l];
    if ((out[i] != want || wout[i] != wwant) && bad++ < 5)
      std::printf("item %d: %d %g, expected %d %g\n", i, out[i], wout[i], want, wwant);
  }
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(wout, q);
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
