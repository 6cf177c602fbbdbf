// Device code reads const, constant-initialized globals (SYCL 2020 5.4):
// scalars, arrays and std::arrays indexed at run time (also two levels
// deep), structs in namespaces and static constexpr class members.
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr float scale = 2.5f;
constexpr float weights[5] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};
const std::array<int, 3> offsets = {1, 2, 3};
constexpr int stencil[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
namespace config {
struct Params {
  int base;
  double factor;
};
constexpr Params params{7, 0.5};
}  // namespace config
struct Table {
  static constexpr int lut[4] = {10, 20, 30, 40};
};

static float expected(int i) {
  int r = i % 3, c = (i / 3) % 3;
  return weights[i % 5] * scale + offsets[i % 3] + config::params.base + Table::lut[i % 4] +
         stencil[r][c];
}

int main() {
  sycl::queue q;
  const int n = 32;
  float *out = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     int r = i % 3, c = (i / 3) % 3;
     out[i] = weights[i % 5] * scale + offsets[i % 3] + config::params.base + Table::lut[i % 4] +
              stencil[r][c];
   }).wait();
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    if (out[i] != expected(i)) {
      printf("FAILED at %d: %f, expected %f\n", i, out[i], expected(i));
      ++failures;
    }
  }
  sycl::free(out, q);
  if (failures) return 1;
  printf("PASSED\n");
  return 0;
}
