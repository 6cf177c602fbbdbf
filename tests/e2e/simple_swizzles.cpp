// SYCL_SIMPLE_SWIZZLES: every two-, three- and four-letter swizzle over
// xyzw and rgba, read and assigned through, in a kernel and on the host.
#define SYCL_SIMPLE_SWIZZLES
#include <sycl/sycl.hpp>
#include <cstdio>

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(16, q);
  q.single_task([=] {
     sycl::int4 v(0, 100, 200, 300);
     sycl::int4 w;
     w.rgba() = v.abgr();                 // 300 200 100 0
     sycl::int2 pair = v.wx();            // 300 0
     sycl::int3 three = v.zzy();          // 200 200 100
     v.yw() = sycl::int2(7, 9);           // v = 0 7 200 9
     sycl::float4 f(1.5f, 2.5f, 3.5f, 4.5f);
     sycl::float2 ga = f.ga();            // 2.5 4.5
     out[0] = w.r(); out[1] = w.g(); out[2] = w.b(); out[3] = w.a();
     out[4] = pair.x(); out[5] = pair.y();
     out[6] = three.x(); out[7] = three.y(); out[8] = three.z();
     out[9] = v.x(); out[10] = v.y(); out[11] = v.z(); out[12] = v.w();
     out[13] = static_cast<int>(ga.x() * 10); out[14] = static_cast<int>(ga.y() * 10);
     out[15] = v.xxxx().w() + v.wwzz().x();
   }).wait();
  const int want[16] = {300, 200, 100, 0, 300, 0, 200, 200, 100, 0, 7, 200, 9, 25, 45, 9};
  int errors = 0;
  for (int i = 0; i < 16; ++i)
    if (out[i] != want[i] && errors++ < 5) std::printf("out[%d] = %d, want %d\n", i, out[i], want[i]);
  sycl::int4 h(1, 2, 3, 4);
  if (h.wzxy().x() != 4 || h.bgr().z() != 1) errors++;
  sycl::free(out, q);
  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors != 0;
}
