// Kernels launched from functions whose signatures hold function pointers
// and pointers to members (as HeCBench's hexciton passes its data
// transformations): the enclosing function's parameter types are part of
// the kernel's name, so the device pass must mangle `PFvPfiE` and
// `M4MeshFRfvE` as g++ does. The host calls through the pointers; `&f` and
// `decltype(&f)` name the function's pointer type.
#include <sycl/sycl.hpp>
#include <cstdio>

struct Mesh {
  float x;
  float &get_x() { return x; }
};

static void scale(float *v, int n) {
  for (int i = 0; i < n; ++i) v[i] *= 2.0f;
}
static float total(const float *v, int n, ...) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i) s += v[i];
  return s;
}

// A named kernel and an unnamed one inside a function taking a function
// pointer, a variadic function pointer and a pointer to a member function.
float run(sycl::queue &q, float *d, int n, decltype(&scale) transform,
          float (*sum)(const float *, int, ...), float &(Mesh::*field)(), Mesh &m) {
  if (transform) transform(d, n);
  q.submit([&](sycl::handler &h) {
    h.parallel_for<class add_one>(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] += 1.0f; });
  }).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] *= 10.0f; }).wait();
  return sum(d, n) + (m.*field)();
}

int main() {
  sycl::queue q;
  const int n = 8;
  float *d = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < n; ++i) d[i] = float(i);
  Mesh m{0.5f};
  void (*fp)(float *, int) = &scale;
  float with = run(q, d, n, fp, &total, &Mesh::get_x, m);     // (2i + 1) * 10
  float without = run(q, d, n, nullptr, total, &Mesh::get_x, m);  // ((2i + 1) * 10 + 1) * 10
  bool ok = with == 10.0f * (n * (n - 1) + n) + 0.5f &&
            without == 10.0f * (10.0f * (n * (n - 1) + n) + n) + 0.5f;
  for (int i = 0; i < n; ++i) ok = ok && d[i] == ((2.0f * i + 1.0f) * 10.0f + 1.0f) * 10.0f;
  sycl::free(d, q);
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
