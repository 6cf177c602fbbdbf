// Plain C++ (no SYCL): dlopen/dlsym/dlclose behind three functions. Built
// with the host compiler alone and linked by syclcc into dlopen_app: an
// object without device images links as it is.
#include <cstdio>
#include <dlfcn.h>

void *load_library(const char *path) {
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) std::printf("dlopen: %s\n", dlerror());
  return lib;
}

void *library_symbol(void *lib, const char *name) {
  void *sym = dlsym(lib, name);
  if (!sym) std::printf("dlsym: %s\n", dlerror());
  return sym;
}

void unload_library(void *lib) { dlclose(lib); }
