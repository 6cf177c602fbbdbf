// Linked into every playground program: the exception support the
// WebAssembly C++ library lacks. Its libc++abi has no unwinder, so a
// thrown exception ends the program as an uncaught one does natively:
// the type, what() for a std::exception (sycl::exception included), abort.
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <stdexcept>
#include <typeinfo>

namespace {
// The std::exception inside a thrown object of type `type`, found through
// the Itanium type_info of single, public, non-virtual inheritance
// (__si_class_type_info: its vtable pointer, name and base type), where a
// base lies at offset 0; nullptr for other types.
const std::exception *as_std_exception(void *object, const std::type_info *type) {
  using words = const void *const *;
  const void *single_inheritance = *reinterpret_cast<words>(&typeid(std::runtime_error));
  while (type != &typeid(std::exception)) {
    if (*reinterpret_cast<words>(type) != single_inheritance) return nullptr;
    type = static_cast<const std::type_info *>(reinterpret_cast<words>(type)[2]);
  }
  return static_cast<const std::exception *>(object);
}
}  // namespace

namespace __cxxabiv1 {
extern "C" void *__cxa_allocate_exception(std::size_t size) noexcept {
  void *p = std::calloc(1, size);
  if (!p) std::abort();
  return p;
}

extern "C" void __cxa_free_exception(void *p) noexcept { std::free(p); }

// (A WebAssembly destructor returns its argument.)
extern "C" void __cxa_throw(void *object, std::type_info *type, void *(*)(void *)) {
  int status = 0;
  char *name = abi::__cxa_demangle(type->name(), nullptr, nullptr, &status);
  std::fprintf(stderr, "terminate called after throwing an instance of '%s'\n", name ? name : type->name());
  if (const std::exception *e = as_std_exception(object, type)) std::fprintf(stderr, "  what():  %s\n", e->what());
  std::fflush(stderr);
  std::abort();
}
}  // namespace __cxxabiv1
