// Generic device helpers selected by type traits: enable_if overloads,
// std::conditional_t, numeric_limits, is_floating_point/is_integral in
// `if constexpr`, and a trait class specialized by the user.
#include <sycl/sycl.hpp>
#include <iostream>
#include <limits>
#include <type_traits>

template <typename T>
std::enable_if_t<std::is_floating_point_v<T>, T> safe_div(T a, T b) {
  return b == T(0) ? std::numeric_limits<T>::max() : a / b;
}

template <typename T>
std::enable_if_t<std::is_integral_v<T>, T> safe_div(T a, T b) {
  return b == 0 ? T(0) : a / b;
}

template <typename T>
using Wider = std::conditional_t<(sizeof(T) < 4), int, T>;

template <typename T>
struct unit_traits {
  static constexpr const char *name = "plain";
  static constexpr int scale = 1;
};

struct Meters { float v; };
template <>
struct unit_traits<Meters> {
  static constexpr const char *name = "m";
  static constexpr int scale = 100;
};

template <typename T>
float to_centi(T x) {
  if constexpr (std::is_same_v<T, Meters>) {
    return x.v * unit_traits<T>::scale;
  } else if constexpr (std::is_integral_v<T>) {
    return float(x * unit_traits<T>::scale);
  } else {
    return float(x);
  }
}

int main() {
  sycl::queue q;
  constexpr int N = 8;
  float *out = sycl::malloc_shared<float>(N, q);
  q.single_task([=]() {
     out[0] = safe_div(7.0f, 2.0f);
     out[1] = safe_div(7.0f, 0.0f) == std::numeric_limits<float>::max() ? 1.0f : 0.0f;
     out[2] = float(safe_div(7, 2));
     out[3] = float(safe_div(7, 0));
     Wider<char> w = 300;  // int, not char
     out[4] = float(w);
     out[5] = to_centi(Meters{1.5f});
     out[6] = to_centi(3);
     out[7] = float(std::numeric_limits<short>::max()) + to_centi(0.25);
   }).wait();
  static_assert(std::is_same_v<Wider<short>, int>, "short widens");
  static_assert(std::is_same_v<Wider<double>, double>, "double stays");
  float expected[N] = {3.5f, 1.0f, 3.0f, 0.0f, 300.0f, 150.0f, 3.0f, 32767.25f};
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    if (out[i] != expected[i]) {
      std::cout << "out[" << i << "] = " << out[i] << ", expected " << expected[i] << "\n";
      ok = false;
    }
  }
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
