// Member functions defined outside their class, called from kernels: plain
// and const members, static members, constructors with member-initializer
// lists, operators, overloads told apart by parameter types, member
// templates, members of class templates (with the class's parameters renamed
// in the definition), member templates of class templates, and a function of
// a namespace defined with a qualified name.
#include <sycl/sycl.hpp>
#include <cstdio>

struct Point {
  float x, y;
  Point(float x, float y);
  Point scaled(float k) const;
  float dot(const Point& o) const;
  Point operator+(const Point& o) const;
  static Point origin();
  int pick(int v) const;
  int pick(float v) const;
  template <typename F>
  float apply(F f) const;
};

Point::Point(float x, float y) : x(x), y(y) {}
Point Point::scaled(float k) const { return Point(x * k, y * k); }
float Point::dot(const Point& o) const { return x * o.x + y * o.y; }
Point Point::operator+(const Point& o) const { return Point(x + o.x, y + o.y); }
Point Point::origin() { return Point(0.0f, 0.0f); }
int Point::pick(int v) const { return v + 1; }
int Point::pick(float v) const { return int(v) + 100; }
template <typename F>
float Point::apply(F f) const {
  return f(x) + f(y);
}

template <typename T, int N>
class Window {
 public:
  explicit Window(T first);
  T sum() const;
  T at(int i) const;
  template <typename Op>
  T fold(T init, Op op) const;
  static constexpr int size();

 private:
  T m_values[N];
};

template <typename T, int N>
Window<T, N>::Window(T first) {
  for (int i = 0; i < N; ++i) m_values[i] = first + T(i);
}
// The definition names the class's parameters differently.
template <typename U, int Count>
U Window<U, Count>::sum() const {
  U s = 0;
  for (int i = 0; i < Count; ++i) s += m_values[i];
  return s;
}
template <typename T, int N>
T Window<T, N>::at(int i) const {
  return m_values[i % N];
}
template <typename T, int N>
template <typename Op>
T Window<T, N>::fold(T init, Op op) const {
  for (int i = 0; i < N; ++i) init = op(init, m_values[i]);
  return init;
}
template <typename T, int N>
constexpr int Window<T, N>::size() {
  return N;
}

namespace geometry {
float cross(const Point& a, const Point& b);
}
float geometry::cross(const Point& a, const Point& b) { return a.x * b.y - a.y * b.x; }

int main() {
  sycl::queue q;
  const int n = 64;
  float* f = sycl::malloc_shared<float>(n * 4, q);
  int* i = sycl::malloc_shared<int>(n * 4, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> idx) {
    int k = int(idx[0]);
    Point p(float(k), 2.0f);
    Point q2 = p.scaled(0.5f) + Point::origin() + Point(1.0f, 1.0f);
    f[k * 4 + 0] = q2.x;
    f[k * 4 + 1] = p.dot(q2);
    f[k * 4 + 2] = p.apply([](float v) { return v * v; });
    f[k * 4 + 3] = geometry::cross(p, q2);
    Window<int, 5> w(k);
    i[k * 4 + 0] = w.sum();
    i[k * 4 + 1] = w.fold(1, [](int a, int b) { return a * 2 + b; }) + Window<int, 5>::size();
    i[k * 4 + 2] = p.pick(k) + p.pick(2.5f);
    i[k * 4 + 3] = w.at(k);
  }).wait();

  int errors = 0;
  for (int k = 0; k < n; ++k) {
    float px = float(k), py = 2.0f;
    float qx = px * 0.5f + 1.0f, qy = py * 0.5f + 1.0f;
    float want_f[4] = {qx, px * qx + py * qy, px * px + py * py, px * qy - py * qx};
    int fold = 1;
    for (int j = 0; j < 5; ++j) fold = fold * 2 + (k + j);
    int want_i[4] = {5 * k + 10, fold + 5, (k + 1) + 102, k + k % 5};
    for (int j = 0; j < 4; ++j) {
      if (f[k * 4 + j] != want_f[j]) {
        if (errors < 5) printf("f[%d][%d] = %f, want %f\n", k, j, f[k * 4 + j], want_f[j]);
        errors++;
      }
      if (i[k * 4 + j] != want_i[j]) {
        if (errors < 5) printf("i[%d][%d] = %d, want %d\n", k, j, i[k * 4 + j], want_i[j]);
        errors++;
      }
    }
  }
  sycl::free(f, q);
  sycl::free(i, q);
  if (errors) {
    printf("FAILED: %d errors\n", errors);
    return 1;
  }
  printf("PASSED\n");
  return 0;
}
