// Kernel arguments must be device copyable (SYCL 2020 3.13.1): trivially
// copyable, or trivially copy-constructible and destructible (SYCL 1.2.1),
// or declared so with a sycl::is_device_copyable specialization;
// aggregates and closures are checked member by member (seed 000).
#include <sycl/sycl.hpp>
#include <array>
#include <tuple>
#include <utility>

struct Counted {
  int v;
  Counted(int x) : v(x) {}
  Counted(const Counted &o) : v(o.v) {} // expected-note {{'Counted' has a user-provided copy constructor}} expected-note {{'Counted' has a user-provided copy constructor}} expected-note {{'Counted' has a user-provided copy constructor}}
};

class Logged {
 public:
  Logged(int x) : v(x) {}
  ~Logged() {} // expected-note {{'Logged' has a user-provided destructor}}
  int v;
};

// An aggregate is checked member by member, whatever its destructor.
struct Plain {
  int v;
  ~Plain() {}
};

struct Wrapper {
  Wrapper(int x) : inner(x) {}
  Counted inner;
};

// A user-provided copy assignment alone keeps the SYCL 1.2.1 rule.
struct Assigned {
  int v;
  Assigned &operator=(const Assigned &o) { v = o.v; return *this; }
};

// Declared device copyable by the program.
struct Blessed {
  int v;
  Blessed(int x) : v(x) {}
  Blessed(const Blessed &o) : v(o.v) {}
  ~Blessed() {}
};
template <> struct sycl::is_device_copyable<Blessed> : std::true_type {};

template <int N> struct Table {
  Counted first;
  int rest[N];
};
template <int N> struct sycl::is_device_copyable<Table<N>> : std::true_type {};

struct Pair { Counted c; int k; };

int main() {
  sycl::queue q;
  int *r = sycl::malloc_shared<int>(1, q);
  Counted c(1);
  Logged l(2);
  Plain pl{17};
  Wrapper w(3);
  Pair p{Counted(4), 5};
  Assigned a{6};
  Blessed b(7);
  Table<2> t{Counted(8), {9, 10}};
  std::array<int, 2> arr{11, 12};
  std::pair<int, float> pr{13, 14.0f};
  std::tuple<int, float> tu{15, 16.0f};
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    r[0] = c.v; // expected-error {{kernel argument 'c' of type 'Counted' is not device copyable}} expected-note {{specialize 'sycl::is_device_copyable<Counted>' as 'std::true_type'}}
    r[0] += l.v; // expected-error {{kernel argument 'l' of type 'Logged' is not device copyable}} expected-note {{specialize 'sycl::is_device_copyable<Logged>'}}
    r[0] += w.inner.v; // expected-error {{kernel argument 'w' of type 'Wrapper' is not device copyable}} expected-note {{specialize}}
    r[0] += p.k; // expected-error {{kernel argument 'p.c' of type 'Counted' is not device copyable}} expected-note {{specialize}}
  });
  q.single_task([=] {
    r[0] = a.v + b.v + pl.v + t.first.v + t.rest[1] + arr[1] + pr.first + std::get<0>(tu);
  });
  q.wait();
  return 0;
}
