// Lambdas inside member functions that use the enclosing object (`[this]`,
// `[=]`, `[&]`, `[*this]`), a kernel that copies its object with `[*this]`,
// and class template argument deduction from constructors (no guides).
#include <sycl/sycl.hpp>
#include <iostream>

struct Integrator {
  float dt;
  int steps;

  float euler(float x) const {
    auto slope = [this](float v) { return -v * dt; };
    for (int i = 0; i < steps; ++i) x += slope(x);
    return x;
  }
  float shifted(float x) const {
    auto up = [=](float v) { return v + dt * steps; };
    auto down = [*this](float v) { return v - this->dt; };
    return down(up(x));
  }
  void scale(float &x) const {
    auto by_ref = [&]() { x *= steps; };
    by_ref();
  }
  float twice_dt() const { return 2 * dt; }
  float with_member_call(float x) const {
    auto f = [this](float v) { return v + twice_dt(); };
    return f(x);
  }
};

struct Saxpy {
  float a;
  void run(sycl::queue &q, const float *x, float *y, size_t n) const {
    q.parallel_for(sycl::range<1>(n), [*this, x, y](sycl::id<1> i) { y[i] += a * x[i]; }).wait();
  }
};

template <typename T>
struct Point {
  T x, y;
  Point(T a, T b) : x(a), y(b) {}
  T dot(const Point &o) const { return x * o.x + y * o.y; }
};

template <typename T, int N>
struct Fixed {
  T data[N];
  explicit Fixed(const T (&init)[N]) {
    for (int i = 0; i < N; ++i) data[i] = init[i];
  }
  T sum() const {
    T s = 0;
    for (int i = 0; i < N; ++i) s += data[i];
    return s;
  }
};

int main() {
  sycl::queue q;
  constexpr int N = 7;
  float *out = sycl::malloc_shared<float>(N, q);
  Integrator in{0.5f, 2};
  q.single_task([=]() {
     out[0] = in.euler(8.0f);          // 8 -> 4 -> 2
     out[1] = in.shifted(1.0f);        // 1 + 1 - 0.5
     float v = 3.0f;
     in.scale(v);
     out[2] = v;                       // 6
     out[3] = in.with_member_call(1);  // 2
     Point p{3, 4};
     Point pf(1.5f, 2.0f);
     out[4] = float(p.dot(Point{1, 2}));  // 11
     out[5] = pf.dot(pf);                 // 6.25
     int init[4] = {1, 2, 3, 4};
     Fixed f(init);
     out[6] = float(f.sum());             // 10
   }).wait();
  float expected[N] = {2.0f, 1.5f, 6.0f, 2.0f, 11.0f, 6.25f, 10.0f};
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    if (out[i] != expected[i]) {
      std::cout << "out[" << i << "] = " << out[i] << ", expected " << expected[i] << "\n";
      ok = false;
    }
  }

  constexpr size_t M = 64;
  float *x = sycl::malloc_shared<float>(M, q);
  float *y = sycl::malloc_shared<float>(M, q);
  for (size_t i = 0; i < M; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  Saxpy{2.0f}.run(q, x, y, M);
  for (size_t i = 0; i < M; ++i) ok = ok && y[i] == 1.0f + 2.0f * float(i);

  sycl::free(out, q);
  sycl::free(x, q);
  sycl::free(y, q);
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
