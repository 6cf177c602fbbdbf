// A kernel written in a member function must not capture `this` (a host
// pointer); lambdas that run inside device code may.
#include <sycl/sycl.hpp>

struct Scaler {
  float factor;
  float apply(float v) const {
    auto f = [this](float x) { return x * factor; }; // fine: runs in device code
    return f(v);
  }
  void run(sycl::queue &q, float *p) {
    q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { // expected-note 1+ {{in the kernel invoked here}}
      p[i] = apply(p[i]) * factor; // expected-error {{kernel captures 'this', a pointer to a host object}}
    });
    q.wait();
  }
  void run_copy(sycl::queue &q, float *p) {
    q.parallel_for(sycl::range<1>(4), [=, *this](sycl::id<1> i) { p[i] = apply(p[i]); });
    q.wait();
  }
};

int main() {
  sycl::queue q;
  float *p = sycl::malloc_shared<float>(4, q);
  Scaler s{2.0f};
  s.run(q, p);
  s.run_copy(q, p);
  auto no_default = [](int x) { return x; };
  return no_default(0);
}
