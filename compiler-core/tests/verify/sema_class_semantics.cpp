// Class semantics the device pass diagnoses: conditional operands of a class
// and another type that each convert to the other (g++ rejects them too);
// an object whose destructor has effects declared in device code is fine
// (device code runs destructors: e2e destructors_in_kernels.cpp); `explicit`
// conversion functions and constructors are not used implicitly.
#include <sycl/sycl.hpp>

struct H {
  float v;
  H() = default;
  H(float f) : v(f) {}
  operator float() const { return v; }
};

struct Tally {
  int *hits;
  ~Tally() { *hits += 1; }
};

struct OnlyExplicit {
  explicit operator int() const { return 1; } // expected-note {{explicit conversion function is not a candidate}}
};

int main() {
  sycl::queue q;
  float *p = sycl::malloc_shared<float>(2, q);
  int *n = sycl::malloc_shared<int>(1, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    H a(p[0]);
    float f = p[1];
    H r = p[0] < 1 ? a : f; // expected-error {{operands to '?:' have different types 'H' and 'float' (each converts to the other)}}
    Tally t{n};
    OnlyExplicit e;
    int ok = (int)e;
    int bad = e; // expected-error {{no viable conversion from 'OnlyExplicit' to 'int'}}
    p[0] = r.v + float(ok + bad);
  });
  q.wait();
  return 0;
}
