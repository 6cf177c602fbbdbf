// Operators in a namespace found through argument-dependent lookup, unary
// and compound operators, comparisons, a non-type template parameter.
#include <sycl/sycl.hpp>
#include <iostream>

namespace geo {
template <typename T>
struct V3 {
  T x, y, z;
};
template <typename T>
V3<T> operator+(V3<T> a, V3<T> b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
template <typename T>
V3<T> operator-(V3<T> a) { return {-a.x, -a.y, -a.z}; }
template <typename T>
V3<T> &operator*=(V3<T> &a, T s) {
  a.x *= s;
  a.y *= s;
  a.z *= s;
  return a;
}
template <typename T>
bool operator<(const V3<T> &a, const V3<T> &b) { return a.x + a.y + a.z < b.x + b.y + b.z; }
template <int K, typename T>
T dot_k(V3<T> a, V3<T> b) { return K * (a.x * b.x + a.y * b.y + a.z * b.z); }
}  // namespace geo

int main() {
  sycl::queue q;
  constexpr int N = 64;
  float *out = sycl::malloc_shared<float>(N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    float f = static_cast<float>(id[0]);
    geo::V3<float> a{f, 1.0f, 2.0f};
    geo::V3<float> b{1.0f, f, 0.0f};
    geo::V3<float> c = a + -b;
    c *= 2.0f;
    out[id[0]] = geo::dot_k<3>(c, b) + (b < a ? 1.0f : 0.0f);
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    float f = float(i);
    float cx = 2 * (f - 1), cy = 2 * (1 - f), cz = 4;
    float want = 3 * (cx * 1 + cy * f + cz * 0) + ((1 + f) < (f + 3) ? 1.0f : 0.0f);
    ok = ok && out[i] == want;
  }
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
