// Lambda captures the device pass diagnoses: an init-capture pack (C++20,
// not supported yet) and `name...` naming something that is not a function
// parameter pack; a member that does not exist named through an object.
#include <sycl/sycl.hpp>

template <typename... Ts> int doubled_sum(Ts... xs) {
  auto f = [... ys = xs * 2] { return 0; }; // expected-error {{init-capture packs ('...name = init') are not supported yet}}
  return f();
}

int not_a_pack(int x) {
  auto g = [x...] { return 1; }; // expected-error {{'x' in capture list is not a function parameter pack}}
  return g();
}

struct Point {
  int x;
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    Point p{out[0]};
    out[0] = doubled_sum(1, 2) + not_a_pack(3);
    out[1] = p.scale; // expected-error {{no member named 'scale' in 'Point'}}
  });
  q.wait();
  return 0;
}
