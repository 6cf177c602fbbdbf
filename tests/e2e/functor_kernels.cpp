// Kernels written as named function objects (SYCL 2020 4.12): a functor with
// state, a class template functor, and functors that call helper members.
#include <sycl/sycl.hpp>
#include <iostream>
#include <vector>

class Polynomial {
public:
  Polynomial(float a, float b, float c, float *out) : a_(a), b_(b), c_(c), out_(out) {}
  void operator()(sycl::id<1> i) const {
    float x = static_cast<float>(i[0]);
    out_[i] = eval(x);
  }

private:
  float eval(float x) const { return (a_ * x + b_) * x + c_; }
  float a_, b_, c_;
  float *out_;
};

template <typename T, int Scale>
struct ScaleBy {
  sycl::accessor<T, 1, sycl::access::mode::read_write> data;
  void operator()(sycl::id<1> i) const { data[i] = data[i] * T(Scale); }
};

struct Clamp {
  int lo, hi;
  int *values;
  int apply(int v) const { return v < lo ? lo : (v > hi ? hi : v); }
  void operator()(sycl::id<1> id) const {
    size_t i = id[0];
    values[i] = apply(values[i]);
  }
};

int main() {
  sycl::queue q;
  constexpr size_t N = 32;
  bool ok = true;

  float *poly = sycl::malloc_shared<float>(N, q);
  q.parallel_for(sycl::range<1>(N), Polynomial(1.0f, -2.0f, 3.0f, poly)).wait();
  for (size_t i = 0; i < N; ++i) {
    float x = float(i);
    ok = ok && poly[i] == (x - 2.0f) * x + 3.0f;
  }

  std::vector<int> vi(N, 3);
  std::vector<double> vd(N, 0.25);
  {
    sycl::buffer<int, 1> bi(vi.data(), sycl::range<1>(N));
    sycl::buffer<double, 1> bd(vd.data(), sycl::range<1>(N));
    q.submit([&](sycl::handler &h) {
      ScaleBy<int, 5> k{sycl::accessor<int, 1, sycl::access::mode::read_write>(bi, h)};
      h.parallel_for(sycl::range<1>(N), k);
    });
    q.submit([&](sycl::handler &h) {
      ScaleBy<double, 4> k{sycl::accessor<double, 1, sycl::access::mode::read_write>(bd, h)};
      h.parallel_for(sycl::range<1>(N), k);
    });
  }
  for (size_t i = 0; i < N; ++i) ok = ok && vi[i] == 15 && vd[i] == 1.0;

  int *vals = sycl::malloc_shared<int>(N, q);
  for (size_t i = 0; i < N; ++i) vals[i] = int(i) - 10;
  q.parallel_for(sycl::range<1>(N), Clamp{-5, 12, vals}).wait();
  for (size_t i = 0; i < N; ++i) {
    int v = int(i) - 10;
    ok = ok && vals[i] == (v < -5 ? -5 : (v > 12 ? 12 : v));
  }

  sycl::free(poly, q);
  sycl::free(vals, q);
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
