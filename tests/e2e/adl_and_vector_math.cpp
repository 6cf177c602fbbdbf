// Unqualified calls found by argument-dependent lookup (`clamp(v, lo, hi)`
// on sycl::float4, a helper in the namespace of a user type), vector forms
// of the common functions (clamp, min/max, fmin/fmax, mix, step) beside the
// scalar ones, and overloads chosen by partial ordering (the vec overload
// over the generic `T` one) with rvalue arguments.
#include <sycl/sycl.hpp>
#include <cstdio>

namespace geo {
struct P {
  int x;
};
int norm1(P p) { return p.x < 0 ? -p.x : p.x; }
}  // namespace geo

int main() {
  sycl::queue q;
  float* o = sycl::malloc_shared<float>(16, q);
  q.single_task([=] {
     sycl::float4 a{1.f, -2.f, 3.f, 0.5f}, b{0.f, 0.f, 4.f, 1.f};
     sycl::float4 c = clamp(a, sycl::float4{0.f}, sycl::float4{2.f});  // ADL
     sycl::float4 m = fmin(a, b);                                       // ADL
     sycl::float4 h = hypot(a, b);                                      // ADL
     sycl::float4 k = sycl::clamp(a, 0.f, 1.f);
     sycl::float4 x = sycl::max(a, b) + sycl::min(a, 0.f);
     o[0] = c[0];
     o[1] = c[1];
     o[2] = c[2];
     o[3] = m[1];
     o[4] = h[2];
     o[5] = k[0];
     o[6] = k[1];
     o[7] = x[1];
     o[8] = float(norm1(geo::P{-7}));  // ADL on a user type
     sycl::float4 s = sycl::step(1.f, a);
     o[9] = s[0] + s[2];
     o[10] = sycl::mix(a, b, 0.5f)[2];
     o[11] = float(sycl::clamp(5, 0, 3));
     o[12] = sycl::fmax(a, 0.75f)[3];
   }).wait();
  const float want[13] = {1, 0, 2, -2, 5, 1, 0, -2, 7, 2, 3.5f, 3, 0.75f};
  int bad = 0;
  for (int i = 0; i < 13; ++i)
    if (o[i] != want[i]) {
      std::printf("o[%d] = %g, want %g\n", i, o[i], want[i]);
      ++bad;
    }
  sycl::free(o, q);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
