// Floating-point comparisons as C++ defines them, NaN included: x != x is
// true for NaN, every ordered comparison with NaN is false, NaN converts to
// true, and -0.0 equals 0.0.
#include <sycl/sycl.hpp>
#include <limits>

int main() {
  sycl::queue q;
  const int cases = 4, outs = 9;
  float *in = sycl::malloc_shared<float>(cases, q);
  double *din = sycl::malloc_shared<double>(cases, q);
  int *out = sycl::malloc_shared<int>(cases * outs, q);
  const float values[cases] = {std::numeric_limits<float>::quiet_NaN(), -0.0f, 0.0f, 2.5f};
  for (int i = 0; i < cases; ++i) {
    in[i] = values[i];
    din[i] = values[i];
  }
  const bool fp64 = q.get_device().has(sycl::aspect::fp64);
  q.parallel_for(sycl::range<1>(cases), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     float x = in[i];
     float zero = in[2];
     int *o = out + i * outs;
     o[0] = x != x;
     o[1] = x == x;
     o[2] = x < 1.0f || x >= 1.0f;
     o[3] = static_cast<bool>(x);
     o[4] = x == zero;
     o[5] = !(x != zero);
     o[6] = x ? 1 : 0;
     o[7] = sycl::isnan(x);
     o[8] = 0;
   }).wait();
  if (fp64) {
    q.parallel_for(sycl::range<1>(cases), [=](sycl::id<1> id) {
       int i = static_cast<int>(id[0]);
       double x = din[i];
       out[i * outs + 8] = (x != x) * 2 + (x != 0.0);
     }).wait();
  }
  int failures = 0;
  for (int i = 0; i < cases; ++i) {
    float x = values[i];
    double dx = x;
    int want[outs] = {x != x,           x == x,       x < 1.0f || x >= 1.0f,
                      static_cast<bool>(x), x == 0.0f, !(x != 0.0f),
                      x ? 1 : 0,        std::isnan(x), fp64 ? (dx != dx) * 2 + (dx != 0.0) : 0};
    for (int j = 0; j < outs; ++j) {
      if (out[i * outs + j] != want[j]) {
        std::cout << "FAILED: value " << x << ", comparison " << j << ": " << out[i * outs + j]
                  << ", expected " << want[j] << "\n";
        ++failures;
      }
    }
  }
  sycl::free(in, q);
  sycl::free(din, q);
  sycl::free(out, q);
  if (failures) return 1;
  std::cout << "PASSED\n";
  return 0;
}
