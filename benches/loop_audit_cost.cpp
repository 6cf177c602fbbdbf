// What the loop audit costs on llvmpipe (lavapipe): one kernel of loop
// runs (outer loops of `outer` iterations around inner loops of 2 or 11)
// timed audited and unaudited. The runtime leaves a kernel unaudited when
// its work-group memory has no room for the audit words (4 bytes per
// work-item), so the two variants differ only in their local_accessor:
// 7000 words leave room, 8128 words (of lavapipe's 8192) do not.
// Prints the best of 3 for each and their ratio; on other devices both
// variants are unaudited and the ratio is ~1.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>

template <int LocalWords>
double run(sycl::queue &q, float *out, int outer) {
  auto t0 = std::chrono::steady_clock::now();
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile{sycl::range<1>(LocalWords), h};
     h.parallel_for(sycl::nd_range<1>(256 * 64, 256), [=](sycl::nd_item<1> it) {
       tile[it.get_local_id(0)] = 1;
       float x = it.get_global_id(0) * 1e-6f, acc = 0;
       for (int i = 0; i < outer; ++i)
         for (int j = 0; j < outer / 100 + 1; ++j) acc = acc * 0.999f + x * j;
       out[it.get_global_id(0)] = acc + tile[it.get_local_id(0)];
     });
   }).wait();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int main() {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(256 * 64, q);
  std::printf("%s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  run<7000>(q, out, 10);  // pipelines built before timing
  run<8128>(q, out, 10);
  for (int outer : {100, 1000}) {
    double audited = 1e9, unaudited = 1e9;
    for (int k = 0; k < 3; ++k) {
      audited = std::min(audited, run<7000>(q, out, outer));
      unaudited = std::min(unaudited, run<8128>(q, out, outer));
    }
    std::printf("outer %4d, inner %2d: audited %.4f s, unaudited %.4f s, ratio %.2f\n", outer,
                outer / 100 + 1, audited, unaudited, audited / unaudited);
  }
  sycl::free(out, q);
}
