// A pointer converted to bool ranks below every other conversion
// ([over.ics.rank]/4.1), also below a pointer conversion that adds const:
// `std::cout << v.data()` prints an address (operator<<(const void*)) and
// is not ambiguous with operator<<(bool). Host code the device pass checks
// to find kernels: `sycl::platform(selector)` is declared there too.
// expected-no-diagnostics
#include <sycl/sycl.hpp>
#include <iostream>
#include <vector>

char pick(bool);
long pick(const void *);
static_assert(std::is_same_v<decltype(pick(static_cast<int *>(nullptr))), long>);
static_assert(std::is_same_v<decltype(pick(static_cast<const float *>(nullptr))), long>);
static_assert(std::is_same_v<decltype(pick(true)), char>);

char plain(bool);
long plain(void *);
static_assert(std::is_same_v<decltype(plain(static_cast<int *>(nullptr))), long>);

int main() {
  std::vector<int> a(4, 1);
  std::cout << "address of vector a = " << a.data() << "\n";
  auto devices = sycl::platform(sycl::default_selector_v).get_devices();
  sycl::queue q{devices[0]};
  int *r = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { r[0] = 1; });
  q.wait();
  return 0;
}
