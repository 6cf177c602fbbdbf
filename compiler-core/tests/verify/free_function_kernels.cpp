// Free-function kernels: what such a function must be, checked where it is
// declared.
#include <sycl/sycl.hpp>

namespace syclext = sycl::ext::oneapi;
namespace syclexp = sycl::ext::oneapi::experimental;

struct Pair {
  float a;
  int b;
};

extern "C" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<2>))
void fine(float *out, Pair p, int n) {
  sycl::nd_item<2> it = syclext::this_work_item::get_nd_item<2>();
  out[it.get_global_linear_id()] = p.a * p.b + n;
}

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::single_task_kernel))
int returns_a_value(int *out) { // expected-error {{a free-function kernel must return void, not 'int'}}
  *out = 1;
  return 0;
}

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::single_task_kernel))
void takes_a_reference(int &out) { // expected-error {{parameter 1 of free-function kernel 'takes_a_reference' has type 'int &': kernel arguments are copied to the device; pass it by value}}
  out = 1;
}

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::single_task_kernel)) // expected-note {{in device function 'throws_on_the_device', called from a SYCL kernel}}
void throws_on_the_device(int *out) { // expected-note {{in the free-function kernel defined here}}
  if (*out < 0) throw 1; // expected-error {{throwing an exception is not allowed in SYCL device code}}
  *out = 2;
}

int main() { return 0; }
