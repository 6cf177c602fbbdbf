// expected-no-diagnostics
// `x.name <` is a template argument list only where one parses: a class
// with a member template `first` must not turn std::pair's
// `b.first < a.first` into one.
#include <sycl/sycl.hpp>
#include <utility>

struct Table {
  template <int N> int first() const { return N; }
};

int main() {
  sycl::queue q;
  std::pair<int, int> *p = sycl::malloc_shared<std::pair<int, int>>(2, q);
  int *r = sycl::malloc_shared<int>(2, q);
  q.single_task([=] {
    std::pair<int, int> a = p[0], b = p[1];
    Table t;
    if (b.first < a.first) r[0] = t.first<7>() + b.second;
    r[1] = a.first > b.first;
  });
  q.wait();
  return 0;
}
