// Classes in device code: delegating and converting constructors, copy,
// non-virtual inheritance with base initializers, const member functions.
#include <sycl/sycl.hpp>
#include <iostream>

class Counter {
 public:
  Counter() : Counter(0) {}
  explicit Counter(int start) : value_(start), steps_(0) {}
  void step(int by) {
    value_ += by;
    ++steps_;
  }
  int value() const { return value_; }
  int steps() const { return steps_; }

 private:
  int value_;
  int steps_;
};

struct Meters {
  float v;
  Meters(float x) : v(x) {}  // converting
};
float twice(Meters m) { return 2.0f * m.v; }

struct Base {
  int base_value;
  Base(int b) : base_value(b) {}
  int doubled() const { return 2 * base_value; }
};
struct Derived : Base {
  int extra;
  Derived(int b, int e) : Base(b), extra(e) {}
  int total() const { return doubled() + extra; }
};

int main() {
  sycl::queue q;
  constexpr int N = 128;
  int *out = sycl::malloc_shared<int>(N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    Counter c;
    Counter d(i);
    for (int k = 0; k < 3; ++k) c.step(k);
    Counter copy = d;
    copy.step(1);
    Derived x(i, 5);
    out[i] = c.value() + c.steps() + copy.value() + static_cast<int>(twice(1.5f)) + x.total();
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) ok = ok && out[i] == 3 + 3 + (i + 1) + 3 + (2 * i + 5);
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
