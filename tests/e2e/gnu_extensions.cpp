// GNU C/C++ extensions that C-heritage code (ppcg output, LULESH, dpct
// ports) uses in kernels and beside them: statement expressions with
// __typeof__ in min/max macros, a statement expression holding a loop,
// __typeof__ of a type, an attribute after an array declarator, and
// pointers to members, a variable-length array and __thread variables in
// host code next to kernels that still run on the device; GCC's integer builtins
// (__builtin_clz, __builtin_popcountll, __builtin_bswap32, __builtin_expect)
// in host code beside kernels and in kernels, equal to the host's results.
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

// Per-thread storage in GCC's spelling (`__thread`), in host code.
static __thread int host_calls;
struct Cache { static __thread const float *last; };
__thread const float *Cache::last = nullptr;

// Host code that selects a field through a pointer to member.
static float sum_field(const Mesh *m, int n, MeshField f) {
  ++host_calls;
  Cache::last = &(m[0].*f);
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
  ok = ok && host_calls == 1 && Cache::last == &mesh[0].x;
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
  // GCC's integer builtins, in host code and in a kernel.
  unsigned long long *bits = sycl::malloc_shared<unsigned long long>(8 * n, q);
  unsigned host_word = 0x00f0a5c3u;
  int host_lead = __builtin_clz(host_word);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     unsigned x = unsigned(id[0]) * 2654435761u + 1u;
     unsigned long long wide = (unsigned long long)x << 17 | 5u;
     unsigned long long *out = bits + 8 * id[0];
     out[0] = __builtin_clz(x);
     out[1] = __builtin_ctz(x);
     out[2] = __builtin_popcount(x);
     out[3] = __builtin_popcountll(wide) + 100 * __builtin_clzll(wide);
     out[4] = __builtin_bswap32(x);
     out[5] = __builtin_ffs(int(x & 0xff00u)) + 100 * __builtin_parity(x);
     out[6] = __builtin_bswap64(wide);
     out[7] = __builtin_expect(x > 7u, 1) ? 1 : 0;
   }).wait();
  for (int i = 0; i < n; ++i) {
    unsigned x = unsigned(i) * 2654435761u + 1u;
    unsigned long long wide = (unsigned long long)x << 17 | 5u;
    const unsigned long long want[8] = {
        (unsigned long long)__builtin_clz(x), (unsigned long long)__builtin_ctz(x),
        (unsigned long long)__builtin_popcount(x),
        (unsigned long long)(__builtin_popcountll(wide) + 100 * __builtin_clzll(wide)), __builtin_bswap32(x),
        (unsigned long long)(__builtin_ffs(int(x & 0xff00u)) + 100 * __builtin_parity(x)), __builtin_bswap64(wide),
        (unsigned long long)(__builtin_expect(x > 7u, 1) ? 1 : 0)};
    for (int k = 0; k < 8; ++k) ok = ok && bits[8 * i + k] == want[k];
  }
  ok = ok && host_lead == 8;
  sycl::free(bits, q);
  sycl::free(bounded, q);
  sycl::free(data, q);
  sycl::free(mesh, q);
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
