// Idioms from the SYCL Academy and oneAPI samples: command groups written as
// generic lambdas (`[&](auto &h)`) whose kernels size private arrays with
// constants of the enclosing function, buffers deduced from C arrays
// (`auto buf = sycl::buffer{array, sycl::range{n}}`), and helpers that
// dispatch on std::is_invocable_v / std::invoke_result_t.
#include <sycl/sycl.hpp>
#include <array>
#include <cstdio>
#include <type_traits>

template <typename Expected>
bool equal(const float *data, size_t n, Expected expected) {
  for (size_t i = 0; i < n; ++i) {
    float want;
    if constexpr (std::is_invocable_v<Expected, size_t>) {
      static_assert(std::is_same_v<std::invoke_result_t<Expected, size_t>, float>);
      want = expected(i);
    } else {
      want = float(expected);
    }
    if (data[i] != want) return false;
  }
  return true;
}

int main() {
  constexpr int dataSize = 64;
  constexpr size_t block = 8;
  float in[dataSize], out[dataSize];
  for (int i = 0; i < dataSize; ++i) {
    in[i] = float(i);
    out[i] = 0.0f;
  }
  sycl::queue q;
  {
    auto bufIn = sycl::buffer{in, sycl::range{dataSize}};
    auto bufOut = sycl::buffer{out, sycl::range{dataSize}};
    static_assert(std::is_same_v<decltype(bufIn), sycl::buffer<float, 1>>);
    q.submit([&](auto &h) {
      sycl::accessor a{bufIn, h, sycl::read_only};
      sycl::accessor b{bufOut, h, sycl::write_only};
      h.parallel_for(sycl::range{dataSize / block}, [=](sycl::id<1> g) {
        float window[block];
        std::array<float, block> doubled{};
        for (size_t k = 0; k < block; ++k) window[k] = a[g[0] * block + k];
        for (size_t k = 0; k < block; ++k) doubled[k] = window[block - 1 - k] * 2.0f;
        for (size_t k = 0; k < block; ++k) b[g[0] * block + k] = doubled[block - 1 - k];
      });
    });
  }
  bool ok = equal(out, dataSize, [](size_t i) { return float(i) * 2.0f; });
  bool constant_ok = equal(in, 1, 0.0f);
  bool mismatch_found = !equal(out, dataSize, 5.0f);
  if (ok && constant_ok && mismatch_found) {
    std::printf("PASSED\n");
    return 0;
  }
  std::printf("FAILED: %d %d %d\n", ok, constant_ok, mismatch_found);
  return 1;
}
