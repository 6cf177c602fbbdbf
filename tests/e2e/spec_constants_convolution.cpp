// Seed 002's example: a 3x3 convolution whose coefficients are a
// specialization constant (std::array of std::array) set by the command group.
#include <sycl/sycl.hpp>
#include <array>
#include <cstdio>
using namespace sycl;

using coeff_t = std::array<std::array<float, 3>, 3>;

coeff_t get_coefficients() {
  coeff_t c{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) c[i][j] = 0.1f * (i * 3 + j + 1);
  return c;
}

constexpr specialization_id<coeff_t> coeff_id;

void do_conv(buffer<float, 2> in, buffer<float, 2> out) {
  queue myQueue;
  myQueue.submit([&](handler &cgh) {
    accessor in_acc{in, cgh, read_only};
    accessor out_acc{out, cgh, write_only};
    cgh.set_specialization_constant<coeff_id>(get_coefficients());
    cgh.parallel_for<class Convolution>(in.get_range(), [=](item<2> item_id, kernel_handler h) {
      float acc = 0;
      coeff_t coeff = h.get_specialization_constant<coeff_id>();
      for (int i = -1; i <= 1; i++) {
        if (item_id[0] + i < 0 || item_id[0] + i >= in_acc.get_range()[0]) continue;
        for (int j = -1; j <= 1; j++) {
          if (item_id[1] + j < 0 || item_id[1] + j >= in_acc.get_range()[1]) continue;
          acc += coeff[i + 1][j + 1] * in_acc[item_id[0] + i][item_id[1] + j];
        }
      }
      out_acc[item_id] = acc;
    });
  });
  myQueue.wait();
}

int main() {
  const size_t n = 8, m = 6;
  std::vector<float> a(n * m), b(n * m, -1.f);
  for (size_t i = 0; i < n * m; ++i) a[i] = float(i % 7);
  {
    buffer<float, 2> in(a.data(), range<2>(n, m));
    buffer<float, 2> out(b.data(), range<2>(n, m));
    do_conv(in, out);
  }
  coeff_t c = get_coefficients();
  for (size_t x = 0; x < n; ++x)
    for (size_t y = 0; y < m; ++y) {
      float want = 0;
      for (int i = -1; i <= 1; i++)
        for (int j = -1; j <= 1; j++) {
          long xi = long(x) + i, yj = long(y) + j;
          if (xi < 0 || xi >= long(n) || yj < 0 || yj >= long(m)) continue;
          want += c[i + 1][j + 1] * a[xi * m + yj];
        }
      if (std::fabs(b[x * m + y] - want) > 1e-4f) {
        printf("FAILED at (%zu, %zu): %f, expected %f\n", x, y, b[x * m + y], want);
        return 1;
      }
    }
  printf("PASSED\n");
  return 0;
}
