// Edge cases of the device library that OpenCL and SYCL 2020 define:
// fract of NaN, -0 and -inf; powr of a negative base; pown's sign for odd
// exponents beyond float's integers; rootn of zero and with n = 0;
// lgamma_r's sign where tgamma underflows; clamp of NaN (fmin(fmax(...)));
// minmag/maxmag of halves; +/-infinity as the identities of minimum and
// maximum in group scans and reductions; element-wise relations of ids and
// ranges; <cmath>'s FP_ILOGB0 in host code.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>

int main() {
  sycl::queue q;
  float *in = sycl::malloc_shared<float>(4, q);
  float *f = sycl::malloc_shared<float>(16, q);
  int *n = sycl::malloc_shared<int>(8, q);
  sycl::half *h = sycl::malloc_shared<sycl::half>(2, q);
  in[0] = NAN;
  in[1] = -0.0f;
  in[2] = -INFINITY;
  in[3] = 2.0f;
  h[0] = 0.75f;
  h[1] = -2.5f;
  q.single_task([=] {
     float ip;
     f[0] = sycl::fract(in[0], &ip);
     f[1] = sycl::fract(in[1], &ip);
     f[2] = sycl::fract(in[2], &ip);
     f[3] = sycl::powr(-8.f, 3.f);
     f[4] = sycl::pown(-1.f * in[3] / 2, 16777217);
     f[5] = sycl::rootn(in[3], 0);
     f[6] = sycl::rootn(in[1], 3);
     f[7] = sycl::rootn(in[1], -2);
     int sign = 0;
     f[8] = sycl::lgamma_r(-50.5f, &sign);
     n[0] = sign;
     sycl::lgamma_r(-1.5f, &sign);
     n[1] = sign;
     f[9] = sycl::clamp(in[0], 0.f, 1.f);
     h[0] = sycl::minmag(h[0], h[1]);
     h[1] = sycl::maxmag(h[0], h[1]);
   }).wait();
  q.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) {
     float e = sycl::exclusive_scan_over_group(it.get_group(), 1.f, sycl::minimum<float>());
     float m = sycl::exclusive_scan_over_group(it.get_group(), 1.f, sycl::maximum<float>());
     float r = sycl::reduce_over_group(it.get_sub_group(), INFINITY, sycl::minimum<float>());
     if (it.get_global_id(0) == 0) {
       f[10] = e;
       f[11] = m;
       f[12] = r;
     }
   }).wait();
  q.parallel_for(sycl::range<2>(4, 4), [=](sycl::item<2> it) {
     sycl::id<2> a = it.get_id(), b{2, 1};
     sycl::id<2> lt = a < b;
     sycl::id<2> both = (a >= b) && sycl::id<2>{1, 1};
     sycl::range<2> big = sycl::range<2>{3, 3} > 2;
     if (a[0] == 1 && a[1] == 3) {
       n[2] = int(lt[0] * 10 + lt[1]);
       n[3] = int(both[0] * 10 + both[1]);
       n[4] = int(big[0] + big[1]);
     }
   }).wait();
  bool ok = true;
  auto check = [&](bool c, const char *what) {
    if (!c) {
      std::printf("FAILED: %s\n", what);
      ok = false;
    }
  };
  check(std::isnan(f[0]), "fract(NaN) is NaN");
  check(f[1] == 0.f && std::signbit(f[1]), "fract(-0) is -0");
  check(f[2] == 0.f && std::signbit(f[2]), "fract(-inf) is -0");
  check(std::isnan(f[3]), "powr(-8, 3) is NaN");
  check(f[4] == -1.f, "pown(-1, 16777217) is -1");
  check(std::isnan(f[5]), "rootn(x, 0) is NaN");
  check(f[6] == 0.f && std::signbit(f[6]), "rootn(-0, 3) is -0");
  check(std::isinf(f[7]) && f[7] > 0, "rootn(-0, -2) is +inf");
  check(n[0] == -1 && n[1] == 1, "lgamma_r signs");
  check(f[9] == 0.f, "clamp(NaN, 0, 1) is 0");
  check(float(h[0]) == 0.75f && float(h[1]) == -2.5f, "minmag/maxmag of halves");
  check(std::isinf(f[10]) && f[10] > 0, "minimum's identity is +inf");
  check(std::isinf(f[11]) && f[11] < 0, "maximum's identity is -inf");
  check(std::isinf(f[12]) && f[12] > 0, "sub-group minimum of +inf");
  check(n[2] == 10 && n[3] == 1 && n[4] == 2, "id and range relations");
  check(std::ilogb(0.0) == FP_ILOGB0, "FP_ILOGB0");
  sycl::free(in, q);
  sycl::free(f, q);
  sycl::free(n, q);
  sycl::free(h, q);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
