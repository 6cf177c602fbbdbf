// <math.h> in device code: C names, float overloads, doubles (transcendentals
// computed in float on Vulkan, where GLSL.std.450 has no 64-bit forms).
#include <sycl/sycl.hpp>
#include <math.h>
#include <iostream>
int main() {
  sycl::queue q;
  float *o = sycl::malloc_shared<float>(4, q);
  double *d = sycl::malloc_shared<double>(4, q);
  q.single_task([=]() {
    o[0] = sqrt(16.0f);
    o[1] = sinf(0.0f) + cosf(0.0f);
    o[2] = powf(2.0f, 10.0f);
    o[3] = fabs(-2.5f) + abs(-1.0f);
    d[0] = sqrt(2.0);
    d[1] = exp(1.0);
  }).wait();
  bool ok = o[0] == 4.0f && o[1] == 1.0f && o[2] == 1024.0f && o[3] == 3.5f && fabs(d[0] - 1.41421356) < 1e-6 && fabs(d[1] - 2.718281828) < 1e-5;
  std::cout << (ok ? "PASSED" : "FAILED") << " " << o[0] << " " << o[1] << " " << o[2] << " " << o[3] << " " << d[0] << " " << d[1] << "\n";
}
