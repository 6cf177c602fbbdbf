// Classes in device code: delegating and converting constructors, copy,
// non-virtual inheritance with base initializers, const member functions,
// a defaulted default constructor beside another one, postfix operators
// (alone and beside prefix ones), a member called before its declaration
// whose name is also a type outside the class.
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

struct Ticket {
  int n;
  Ticket() = default;
  Ticket(int v) : n(v) {}
  Ticket operator++(int) {  // postfix only
    Ticket old = *this;
    n += 10;
    return old;
  }
  Ticket &operator--() {
    n -= 1;
    return *this;
  }
  Ticket operator--(int) {
    Ticket old = *this;
    n -= 100;
    return old;
  }
};

struct Meters;  // a type outside the class below
struct Halver {
  int v;
  int halves() const { return Meters(v); }  // the member declared below
  int Meters(int x) const { return x / 2; }
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
    Ticket t;
    t.n = i;
    Ticket before = t++;     // before.n == i, t.n == i + 10
    Ticket dec = t--;        // dec.n == i + 10, t.n == i - 90
    --t;                     // t.n == i - 91
    Halver h{4 * i};
    int tickets = before.n + dec.n + t.n + h.halves();  // 2i + 10 + i - 91 + 2i
    out[i] = c.value() + c.steps() + copy.value() + static_cast<int>(twice(1.5f)) + x.total() +
             tickets;
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i)
    ok = ok && out[i] == 3 + 3 + (i + 1) + 3 + (2 * i + 5) + (5 * i - 81);
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
