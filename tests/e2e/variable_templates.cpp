// Variable templates of every constant kind in device code: of the type
// their parameter names (`pi_v<float>`, `pi_v<int>`, `pi_v<double>`),
// `auto` ones deduced from their initializer (`twice<21>`), arrays indexed
// at run time (`table<float>[i]`).
#include <sycl/sycl.hpp>
#include <cstdio>
template <class T> constexpr T pi_v = T(3.5);
template <int V> constexpr auto twice = V * 2;
template <class T> constexpr T table[3] = {T(1), T(2), T(4)};
int main() {
  sycl::queue q;
  float *r = sycl::malloc_shared<float>(6, q);
  q.single_task([=] {
    r[0] = pi_v<float>;
    r[1] = pi_v<int>;
    r[2] = float(pi_v<double>);
    r[3] = twice<21>;
    int i = int(r[1]) - 1;
    r[4] = table<float>[i];
  }).wait();
  bool ok = r[0] == 3.5f && r[1] == 3.f && r[2] == 3.5f && r[3] == 42.f && r[4] == 4.f;
  printf("%g %g %g %g %g\n", r[0], r[1], r[2], r[3], r[4]);
  sycl::free(r, q);
  puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
