// A misspelt name in device code gets clang's suggestion: the visible name
// of the right kind (a type for a type, a value for an expression, a member
// of the class for a member access) fewest edits away, within a third of
// the name's length.
#include <sycl/sycl.hpp>

struct Particle {
  float mass;
};

namespace physics {
struct Body {};
float gravity(float m) { return m * 9.81f; }
} // namespace physics

int main() {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(8, q);
  int count = 3;
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    flaot a = 1;               // expected-error {{unknown type name 'flaot'; did you mean 'float'?}}
    out[0] = coutn;            // expected-error {{use of undeclared identifier 'coutn'; did you mean 'count'?}}
    out[1] = sycl::sqrtt(2.f); // expected-error {{use of undeclared identifier 'sycl::sqrtt'; did you mean 'sycl::sqrt'?}}
    sycl::flaot4 v;            // expected-error {{unknown type name 'sycl::flaot4'; did you mean 'sycl::float4'?}}
    Particel p;                // expected-error {{unknown type name 'Particel'; did you mean 'Particle'?}}
    physics::Bdoy b;           // expected-error {{unknown type name 'physics::Bdoy'; did you mean 'physics::Body'?}}
    out[2] = physics::gravty(1.f); // expected-error {{use of undeclared identifier 'physics::gravty'; did you mean 'physics::gravity'?}}
    out[3] = nothing_like_it;  // expected-error {{use of undeclared identifier 'nothing_like_it'}}
  });
  Particle *ps = sycl::malloc_shared<Particle>(8, q);
  q.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) { // expected-note 1+ {{in the kernel invoked here}}
    size_t i = it.get_gloabl_id(0); // expected-error {{no member named 'get_gloabl_id' in 'sycl::nd_item<1>'; did you mean 'get_global_id'?}}
    ps[0].mas = 1.f;                // expected-error {{no member named 'mas' in 'Particle'; did you mean 'mass'?}}
    it.barier();                    // expected-error {{no member named 'barier' in 'sycl::nd_item<1>'; did you mean 'barrier'?}}
  });
  q.wait();
  return 0;
}
