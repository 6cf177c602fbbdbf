// Kernels defined in functions whose parameters are standard library types
// (`const std::string &`, `std::vector<int> &`, `std::unique_ptr<int> &`,
// `std::function<int(int)>`...): a lambda's kernel name includes the
// enclosing function's mangled name, so the device compiler must mangle
// these types as the host compiler (libstdc++) does, or the kernel has no
// device image (`std::string` is `std::__cxx11::basic_string<char, ...>`,
// `std::unique_ptr<T>` is `std::unique_ptr<T, std::default_delete<T>>`).
#include <sycl/sycl.hpp>
#include <array>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

static void by_name(sycl::queue &q, int *out, const std::string &name) {
  const int n = static_cast<int>(name.size());
  q.single_task([=] { out[0] = n; }).wait();
}
static void by_vector(sycl::queue &q, int *out, std::vector<int> &v) {
  const int n = static_cast<int>(v.size());
  q.single_task([=] { out[1] = n; }).wait();
}
static void by_function(sycl::queue &q, int *out, std::function<int(int)> f) {
  const int n = f(3);
  q.single_task([=] { out[2] = n; }).wait();
}
static void by_unique(sycl::queue &q, int *out, std::unique_ptr<int> &p, std::unique_ptr<float[]> &a) {
  const int n = *p + static_cast<int>(a[1]);
  q.single_task([=] { out[3] = n; }).wait();
}
static void by_shared(sycl::queue &q, int *out, std::shared_ptr<int> p) {
  const int n = *p;
  q.single_task([=] { out[4] = n; }).wait();
}
static void by_pair(sycl::queue &q, int *out, std::pair<int, std::string> p, std::array<int, 2> a) {
  const int n = p.first + static_cast<int>(p.second.size()) + a[1];
  q.single_task([=] { out[5] = n; }).wait();
}
template <typename T>
void by_template(sycl::queue &q, T *out, const std::string &a, const std::string &b) {
  const T n = static_cast<T>(a.size() + b.size());
  q.single_task([=] { out[6] = n; }).wait();
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(7, q);
  std::vector<int> v(5);
  std::unique_ptr<int> p = std::make_unique<int>(40);
  std::unique_ptr<float[]> a(new float[2]{0.f, 2.f});
  int errors = 0;
  try {
    by_name(q, out, "syclone");
    by_vector(q, out, v);
    by_function(q, out, [](int x) { return x * 7; });
    by_unique(q, out, p, a);
    by_shared(q, out, std::make_shared<int>(11));
    by_pair(q, out, {1, "ab"}, {0, 4});
    by_template(q, out, "abc", "de");
  } catch (const sycl::exception &e) {
    std::printf("%s\n", e.what());
    errors++;
  }
  const int want[] = {7, 5, 21, 42, 11, 7, 5};
  for (int i = 0; i < 7; ++i)
    if (out[i] != want[i]) {
      std::printf("out[%d] = %d, want %d\n", i, out[i], want[i]);
      errors++;
    }
  sycl::free(out, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
