// An executable with its own kernel that dlopen's libplugin.so (path in
// argv[1]), runs the plugin's kernel, closes the library and runs its own
// kernel again. The dl* calls are in loader.cpp, plain C++.
#include "plugin.hpp"
#include <cstdio>

void *load_library(const char *path);
void *library_symbol(void *lib, const char *name);
void unload_library(void *lib);

class HostSide;

int main(int argc, char **argv) {
  if (argc < 2) {
    std::printf("usage: dlopen_app LIBPLUGIN.so\n");
    return 2;
  }
  sycl::queue q;
  const int n = 32;
  int *a = sycl::malloc_shared<int>(n, q);
  void *lib = load_library(argv[1]);
  if (!lib) {
    std::printf("FAILED: cannot load %s\n", argv[1]);
    return 1;
  }
  using scale_fn = int (*)(sycl::queue &, int *, int, int);
  auto scale = reinterpret_cast<scale_fn>(library_symbol(lib, "plugin_scale"));
  if (!scale) {
    std::printf("FAILED: no plugin_scale in %s\n", argv[1]);
    return 1;
  }
  scale(q, a, n, 5);
  unload_library(lib);
  q.parallel_for<HostSide>(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] -= 2; }).wait();
  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (a[i] != 5 * i - 2) ++errors;
  sycl::free(a, q);
  if (errors) {
    std::printf("FAILED: %d wrong values\n", errors);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
