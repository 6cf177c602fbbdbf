// List and aggregate initialization errors in device code.
#include <sycl/sycl.hpp>

struct P {
  int x, y;
};
struct Q {
  float a = 1.0f;
  int b;
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    P p{1, 2, 3}; // expected-error {{excess elements in struct initializer}}
    int arr[2] = {1, 2, 3}; // expected-error {{excess elements in array initializer}}
    int s{1, 2}; // expected-error {{excess elements in scalar initializer}}
    Q bad{.b = 1, .a = 2.0f}; // expected-error {{designator '.a' is out of order}}
    Q none{.c = 3}; // expected-error {{field designator 'c' does not refer to any field}}
    out[0] = p.x + arr[0] + s + bad.b + none.b;
  });
  q.wait();
  return 0;
}
