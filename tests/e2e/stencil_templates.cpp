// A 1-D stencil parameterized by its radius at compile time: constexpr
// weights in a std::array, `if constexpr` on the radius, a template helper
// for boundary handling and an alias template for the accessor type.
#include <sycl/sycl.hpp>
#include <array>
#include <iostream>
#include <vector>

template <typename T>
using ReadAcc = sycl::accessor<T, 1, sycl::access::mode::read>;

template <int Radius>
constexpr std::array<float, 2 * Radius + 1> box_weights() {
  std::array<float, 2 * Radius + 1> w{};
  for (int i = 0; i < 2 * Radius + 1; ++i) w[i] = 1.0f / (2 * Radius + 1);
  return w;
}

template <typename T>
T clamp_index(T i, T lo, T hi) { return i < lo ? lo : (i > hi ? hi : i); }

template <int Radius>
void smooth(sycl::queue &q, const std::vector<float> &in, std::vector<float> &out) {
  const int n = int(in.size());
  sycl::buffer<float, 1> bin(in.data(), sycl::range<1>(in.size()));
  sycl::buffer<float, 1> bout(out.data(), sycl::range<1>(out.size()));
  q.submit([&](sycl::handler &h) {
    ReadAcc<float> src(bin, h);
    sycl::accessor dst(bout, h, sycl::write_only, sycl::no_init);
    h.parallel_for(sycl::range<1>(in.size()), [=](sycl::id<1> id) {
      int i = int(id[0]);
      if constexpr (Radius == 0) {
        dst[i] = src[i];
      } else {
        float w[2 * Radius + 1];
        for (int k = 0; k < 2 * Radius + 1; ++k) w[k] = 1.0f / (2 * Radius + 1);
        float acc = 0.0f;
        for (int k = -Radius; k <= Radius; ++k) acc += w[k + Radius] * src[clamp_index(i + k, 0, n - 1)];
        dst[i] = acc;
      }
    });
  });
}

int main() {
  sycl::queue q;
  constexpr int N = 40;
  std::vector<float> in(N), out0(N), out1(N), out3(N);
  for (int i = 0; i < N; ++i) in[i] = float(i % 7);
  smooth<0>(q, in, out0);
  smooth<1>(q, in, out1);
  smooth<3>(q, in, out3);
  q.wait();

  bool ok = true;
  auto reference = [&](int radius, int i) {
    float acc = 0.0f;
    for (int k = -radius; k <= radius; ++k) acc += in[clamp_index(i + k, 0, N - 1)] / (2 * radius + 1);
    return acc;
  };
  constexpr auto w3 = box_weights<3>();
  static_assert(w3.size() == 7, "seven weights");
  for (int i = 0; i < N; ++i) {
    ok = ok && out0[i] == in[i];
    ok = ok && std::abs(out1[i] - reference(1, i)) < 1e-5f;
    ok = ok && std::abs(out3[i] - reference(3, i)) < 1e-5f;
  }
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
