// GNU C/C++ extensions that C-heritage code (ppcg output, LULESH, dpct
// ports) uses in kernels and beside them: statement expressions with
// __typeof__ in min/max macros, a statement expression holding a loop,
// __typeof__ of a type, an attribute after an array declarator, and
// pointers to members and a variable-length array in host code next to
// kernels that still run on the device.
#include <sycl/sycl.hpp>
#include <iostream>
#include <random>

#define ppcg_min(x, y) ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
#define gnu_max(a, b) ({ __typeof__ (a) _a = (a); __typeof__ (b) _b = (b); _a > _b ? _a : _b; })

struct Mesh {
  float x, y;
  float &get_x() { return x; }
};
typedef float Mesh::*MeshField;
typedef float &(Mesh::*MeshGetter)();

// Host code that selects a field through a pointer to member.
static float sum_field(const Mesh *m, int n, MeshField f) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i) s += m[i].*f;
  return s;
}

int main() {
  sycl::queue q;
  const int n = 64;
  int *bounded = sycl::malloc_shared<int>(n, q);
  float *data = sycl::malloc_shared<float>(n, q);
  Mesh *mesh = sycl::malloc_shared<Mesh>(n, q);
  for (int i = 0; i < n; ++i) data[i] = float((i * 37) % 64) - 20.0f;

  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = int(id[0]);
     // Loop bounds from statement expressions, as ppcg emits them.
     int s = 0;
     for (int c = 0; c <= ppcg_min(9, i - 1); c += 2) s += c;
     // The value of a statement expression whose body holds a loop.
     float peak = ({
       float m = data[0];
       for (int k = 1; k <= i; ++k) m = gnu_max(m, data[k]);
       m;
     });
     __typeof__(int) twice = 2 * s;
     __typeof__(data[i]) copy = data[i];  // a copy, not a reference
     copy += 1000.0f;
     float window[4] __attribute__((aligned(16)));
     for (int k = 0; k < 4; ++k) window[k] = data[(i + k) % n];
     bounded[i] = twice + (peak == gnu_max(peak, copy - 1000.0f) ? 1 : 0) +
                  int(window[3] == data[(i + 3) % n]) * 100;
     mesh[i].x = float(i);
     mesh[i].y = peak;
   }).wait();

  bool ok = true;
  for (int i = 0; i < n; ++i) {
    int s = 0;
    for (int c = 0; c <= std::min(9, i - 1); c += 2) s += c;
    float peak = data[0];
    for (int k = 1; k <= i; ++k) peak = std::max(peak, data[k]);
    int expected = 2 * s + 1 + 100;
    if (bounded[i] != expected || mesh[i].y != peak) {
      std::cout << "FAILED at " << i << ": " << bounded[i] << " (expected " << expected << "), "
                << mesh[i].y << " (expected " << peak << ")\n";
      ok = false;
    }
  }
  MeshField field = &Mesh::x;
  MeshGetter getter = &Mesh::get_x;
  float xs = sum_field(mesh, n, field);
  ok = ok && xs == float(n * (n - 1) / 2) && (mesh[5].*getter)() == 5.0f;
  std::uniform_real_distribution<> unit(0.0, 1.0);
  std::mt19937 gen(7);
  double r = unit(gen);
  ok = ok && r >= 0.0 && r < 1.0;
  // A variable-length array in the function that launches a kernel.
  int rows = 3 + int(r * 2.0);
  float partial[rows];
  for (int k = 0; k < rows; ++k) partial[k] = 0.0f;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) { data[id] = 2.0f * float(id[0]); }).wait();
  for (int i = 0; i < n; ++i) partial[i % rows] += data[i];
  float total = 0.0f;
  for (int k = 0; k < rows; ++k) total += partial[k];
  ok = ok && total == float(n * (n - 1));
  sycl::free(bounded, q);
  sycl::free(data, q);
  sycl::free(mesh, q);
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
