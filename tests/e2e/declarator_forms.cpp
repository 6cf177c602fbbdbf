// Declarator and return-type forms that ported CUDA code and small C++
// libraries write: deduced `auto*` and `auto&` return types on members of a
// class template (a vectorized load helper), a cast to a pointer to an array
// (`(T (*)[D][D])p`) and a variable of that type, a base class named by
// `decltype(...)`, and a handler whose exception type comes from a header
// the device pass does not model (`std::ios_base::failure`). The kernel's
// results are compared with the same function run on the host.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <ios>
#include <stdexcept>

constexpr int D = 3;

template <typename T, int N> struct Vectorized {
  typedef sycl::vec<T, N> io_t;
  struct alignas(io_t) {
    T data[N];
  } val;
  auto *vectorized_data() { return reinterpret_cast<io_t *>(val.data); }
  auto &first() { return val.data[0]; }
  const auto &last() const { return val.data[N - 1]; }
  void load(const T *ptr, int idx) {
    const io_t *src = reinterpret_cast<const io_t *>(&ptr[idx]);
    *vectorized_data() = *src;
  }
};

template <class T> T make_value();
struct Weights {
  float scale = 2.5f;
};
// The base is whatever `make_value<F>()` returns.
template <class F> struct Scaled : decltype(make_value<F>()) {
  float apply(float x) const { return x * this->scale; }
};

// Indexes a flat buffer as `[plane][row][column]`.
template <typename T> T plane_sum(T *flat, int plane) {
  T(*cube)[D][D] = (T(*)[D][D])flat;
  T sum = 0;
  for (int r = 0; r < D; ++r)
    for (int c = 0; c < D; ++c) sum += cube[plane][r][c];
  return sum;
}

void compute(const float *in, float *cube, float *out) {
  Vectorized<float, 4> v;
  v.load(in, 4);
  v.first() += 100.0f;
  out[0] = v.val.data[0];
  out[1] = v.last();
  out[2] = (*v.vectorized_data()).y();
  Scaled<Weights> s;
  out[3] = s.apply(4.0f);
  out[4] = plane_sum(cube, 1);
}

// Host-only code: the handler's type is not in the std model.
bool write_report(const char *path) {
  try {
    if (path == nullptr) throw std::runtime_error("no path");
  } catch (const std::ios_base::failure &fail) {
    return false;
  } catch (std::exception &e) {
    return false;
  }
  return true;
}

int main() {
  constexpr int n = 5;
  sycl::queue q;
  float *in = sycl::malloc_shared<float>(8, q);
  float *cube = sycl::malloc_shared<float>(2 * D * D, q);
  float *device = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < 8; ++i) in[i] = static_cast<float>(i);
  for (int i = 0; i < 2 * D * D; ++i) cube[i] = static_cast<float>(i);
  q.single_task([=] { compute(in, cube, device); }).wait();
  float host[n];
  compute(in, cube, host);
  // Plane 1 holds 9..17.
  const float expected[n] = {104, 7, 5, 10, 117};
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    if (device[i] != host[i] || host[i] != expected[i]) {
      std::printf("out[%d]: device %g host %g expected %g\n", i, device[i], host[i], expected[i]);
      ++errors;
    }
  }
  if (write_report(nullptr) || !write_report("report.txt")) ++errors;
  sycl::free(in, q);
  sycl::free(cube, q);
  sycl::free(device, q);
  std::printf(errors == 0 ? "PASSED\n" : "FAILED\n");
  return errors == 0 ? 0 : 1;
}
