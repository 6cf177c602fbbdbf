// va_start/va_arg/va_end parse in any code; device code that reaches them
// is an error naming each (host code may use them freely).
#include <sycl/sycl.hpp>
#include <cstdarg>

static int first_of(int n, ...) { // expected-note {{in device function 'first_of', called from a SYCL kernel}} expected-note {{in device function 'first_of', called from a SYCL kernel}} expected-note {{in device function 'first_of', called from a SYCL kernel}}
  va_list ap;
  va_start(ap, n); // expected-error {{'va_start' (variadic arguments) is not allowed in SYCL device code}}
  int v = va_arg(ap, int); // expected-error {{'va_arg' (variadic arguments) is not allowed in SYCL device code}}
  va_end(ap); // expected-error {{'va_end' (variadic arguments) is not allowed in SYCL device code}}
  return v;
}

int host_sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, int);
  va_end(ap);
  return s;
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=]() { out[0] = first_of(1, 2); }); // expected-note 1+ {{in the kernel invoked here}}
  q.wait();
  return host_sum(2, 1, 2) == 3 ? 0 : 1;
}
