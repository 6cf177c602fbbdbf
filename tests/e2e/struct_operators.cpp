// User structs with member and free operators, aggregate initialization,
// used by value inside a kernel.
#include <sycl/sycl.hpp>
#include <iostream>

struct Vec2 {
  float x, y;
  Vec2 operator+(const Vec2 &o) const { return {x + o.x, y + o.y}; }
  Vec2 &operator+=(const Vec2 &o) {
    x += o.x;
    y += o.y;
    return *this;
  }
};
Vec2 operator*(float s, Vec2 v) { return Vec2{s * v.x, s * v.y}; }
bool operator==(const Vec2 &a, const Vec2 &b) { return a.x == b.x && a.y == b.y; }
float dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

int main() {
  sycl::queue q;
  constexpr int N = 300;
  float *out = sycl::malloc_shared<float>(N, q);
  Vec2 base{1.0f, 2.0f};
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    Vec2 v{float(i), 1.0f};
    Vec2 w = 2.0f * v + base;
    w += Vec2{0.5f, 0.5f};
    out[i] = w == Vec2{2.0f * i + 1.5f, 4.5f} ? dot(w, base) : -1.0f;
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    float want = (2.0f * i + 1.5f) * 1.0f + 4.5f * 2.0f;
    if (out[i] != want) {
      std::cout << "FAILED at " << i << ": " << out[i] << " != " << want << "\n";
      ok = false;
      break;
    }
  }
  sycl::free(out, q);
  if (ok) std::cout << "PASSED\n";
  return ok ? 0 : 1;
}
