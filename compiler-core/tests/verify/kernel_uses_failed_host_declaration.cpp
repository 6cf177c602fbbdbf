// A kernel that uses a type alias of its enclosing host function that the
// device compiler could not resolve (here a trait with no such member):
// host code keeps quiet about it, but the kernel must not be compiled
// without the statements that use it. It is an error at the use.
#include <sycl/sycl.hpp>

template <typename T> struct traits {};

template <typename F> void run(sycl::queue &q, float *out, F f) {
  using result = typename traits<F>::result_type;
  q.single_task([=] { // expected-note {{in the kernel invoked here}} expected-note {{in device function}}
    result r = f(1.0f); // expected-error {{the device compiler could not check this declaration}}
    out[0] = r;
  });
}

int main() {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(1, q);
  run(q, out, [](float x) { return 2 * x; });
  q.wait();
  return 0;
}
