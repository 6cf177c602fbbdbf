// Lambdas, floating-point values and string literals in constant
// expressions inside kernels: array bounds, template arguments and values
// computed by the device compiler, written to USM and checked on the host.
#include <sycl/sycl.hpp>
#include <array>
#include <cstdio>

constexpr auto square = [](int x) { return x * x; };

constexpr int apply_twice(int v) {
  auto add3 = [](int a) { return a + 3; };
  return add3(add3(v));
}

constexpr float half_of(float x) {
  float h = x / 2.0f;
  return h;
}

constexpr double poly(double x) {
  double acc = 0;
  for (int i = 0; i < 3; ++i) acc = acc * x + (i + 1);
  return acc;
}

// Ten float additions of 0.1f: 1.0000001f (rounded to float each time).
constexpr float tenth_sum() {
  float s = 0;
  for (int i = 0; i < 10; ++i) s += 0.1f;
  return s;
}

constexpr std::size_t length(const char *s) {
  std::size_t n = 0;
  while (s[n]) ++n;
  return n;
}

template <int N> constexpr int bound() { return N; }

int main() {
  sycl::queue q;
  constexpr int count = 9;
  int *out = sycl::malloc_shared<int>(count, q);
  float *fout = sycl::malloc_shared<float>(2, q);
  q.single_task([=] {
    constexpr auto cube = [](int x) constexpr { return x * x * x; };
    constexpr int c = cube(3);
    int arr[c];
    for (int i = 0; i < c; ++i) arr[i] = i;
    out[0] = int(sizeof(arr) / sizeof(int)) + arr[c - 1];
    std::array<int, square(3)> nine{};
    out[1] = int(nine.size());
    constexpr int n = 4;
    constexpr auto plus_n = [n](int x) { return x + n; };
    out[2] = bound<plus_n(apply_twice(1))>();
    constexpr float f = half_of(5.0f);
    int halves[int(f * 2)];
    out[3] = int(sizeof(halves) / sizeof(int));
    constexpr int poly_twice = int(poly(2.0) * 2);
    int poly_array[poly_twice];
    out[4] = int(sizeof(poly_array) / sizeof(int));
    constexpr int scaled = int(2.5 * 4);
    int scaled_array[scaled];
    out[5] = int(sizeof(scaled_array) / sizeof(int));
    constexpr bool rounded_per_operation = tenth_sum() != 1.0f;
    out[6] = rounded_per_operation ? 1 : 0;
    out[7] = apply_twice(10);
    char name[length("sycl!")];
    out[8] = int(sizeof(name));
    fout[0] = f;
    fout[1] = tenth_sum();
  }).wait();
  const int expected[count] = {27 + 26, 9, 11, 5, 22, 10, 1, 16, 5};
  bool ok = fout[0] == 2.5f && fout[1] == 1.00000011920928955078125f;
  for (int i = 0; i < count; ++i) {
    if (out[i] != expected[i]) {
      printf("out[%d] = %d, expected %d\n", i, out[i], expected[i]);
      ok = false;
    }
  }
  printf("%s\n", ok ? "PASSED" : "FAILED");
  sycl::free(out, q);
  sycl::free(fout, q);
  return ok ? 0 : 1;
}
