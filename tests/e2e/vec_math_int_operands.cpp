// Math built-ins with integer or pointer operands on vec and marray, element
// by element (SYCL 2020 4.17.5): frexp/ldexp round trips, modf, pown with an
// int vector, ilogb, ldexp with one int for every element, marray ldexp.
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  float *r = sycl::malloc_shared<float>(16, q);
  q.single_task([=] {
    sycl::float4 x{1.5f, 8.f, -3.25f, 0.75f};
    sycl::int4 e;
    sycl::float4 m = sycl::frexp(x, &e);
    sycl::float4 back = sycl::ldexp(m, e);
    sycl::float4 whole;
    sycl::float4 frac = sycl::modf(x, &whole);
    sycl::float4 sq = sycl::pown(x, sycl::int4{2, 2, 2, 2});
    sycl::int4 lg = sycl::ilogb(x);
    sycl::float4 twice = sycl::ldexp(x, 1);
    sycl::marray<float, 2> mx{3.f, 5.f};
    sycl::marray<float, 2> my = sycl::ldexp(mx, 2);
    for (int i = 0; i < 4; ++i) { r[i] = back[i] - x[i]; r[4 + i] = frac[i] + whole[i] - x[i]; }
    r[8] = sq[2]; r[9] = float(lg[1]); r[10] = twice[3]; r[11] = my[1];
  }).wait();
  bool ok = r[8] == 10.5625f && r[9] == 3.f && r[10] == 1.5f && r[11] == 20.f;
  for (int i = 0; i < 8; ++i) ok = ok && r[i] == 0.f;
  printf("%g %g %g %g\n", r[8], r[9], r[10], r[11]);
  puts(ok ? "PASSED" : "FAILED"); return !ok;
}
