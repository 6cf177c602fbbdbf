// Layouts on wasm32-wasi (ILP32): every figure here was checked with
// clang 21 --target=wasm32-wasi -fsyntax-only over libc++ and the runtime
// headers (the browser playground's host compiler).
#include <sycl/sycl.hpp>
#include <cstdint>
#include <cstddef>
#include <climits>
#include <limits>
#include <type_traits>

static_assert(sizeof(long) == 4 && alignof(long) == 4, "long");
static_assert(sizeof(void *) == 4 && alignof(void *) == 4, "pointers");
static_assert(sizeof(std::size_t) == 4 && sizeof(std::ptrdiff_t) == 4, "size_t");
static_assert(sizeof(long long) == 8 && alignof(long long) == 8, "long long");
static_assert(sizeof(double) == 8 && alignof(double) == 8, "double");
static_assert(sizeof(long double) == 16, "long double");
static_assert(std::is_same<std::int64_t, long long>::value, "int64_t");
static_assert(std::is_same<std::uint64_t, unsigned long long>::value, "uint64_t");
static_assert(std::is_same<std::size_t, unsigned long>::value, "size_t is unsigned long");
static_assert(std::is_same<std::intptr_t, long>::value, "intptr_t");
static_assert(std::numeric_limits<long>::max() == 2147483647L, "long max");
static_assert(std::numeric_limits<unsigned long>::max() == 4294967295UL, "ulong max");
static_assert(LONG_MAX == 2147483647L && ULONG_MAX == 4294967295UL, "climits");
static_assert(INT64_MAX == 9223372036854775807LL && SIZE_MAX == 4294967295UL, "cstdint");
static_assert(sizeof(2147483648) == 8, "a decimal literal past long is long long");
static_assert(sizeof(2147483648L) == 8, "an L literal past long is long long");
static_assert(sizeof(4294967295UL) == 4, "a UL literal that fits stays unsigned long");
static_assert(sizeof(sycl::range<3>) == 12 && sizeof(sycl::id<2>) == 8, "ranges of size_t");

struct Mixed { char c; long l; double d; int *p; long long q; };
static_assert(sizeof(Mixed) == 32 && alignof(Mixed) == 8, "Mixed");
static_assert(offsetof(Mixed, l) == 4 && offsetof(Mixed, d) == 8 && offsetof(Mixed, p) == 16 && offsetof(Mixed, q) == 24, "Mixed offsets");
struct Member { int f(); int m; };
static_assert(sizeof(&Member::f) == 8 && sizeof(&Member::m) == 4, "member pointers");

int main() {
  sycl::queue q;
  int *data = sycl::malloc_shared<int>(4, q);
  long scale = 3;
  std::size_t n = 4;
  auto kernel = [=](sycl::id<1> i) { data[i] = static_cast<int>(scale * i[0] + n); };
  static_assert(sizeof(kernel) == 12, "closure: pointer, long, size_t");
  q.parallel_for(sycl::range<1>(n), kernel).wait();
  sycl::free(data, q);
}
