// `(N::member) ? a : b`: parentheses around a qualified name followed by an
// operator that cannot begin a cast operand hold an expression, not a type
// (a CUB-style traits table); casts of parenthesised operands still parse.
// A functional cast to an enum as a template argument (`load<Modifier(MODE)>`).
// The pre-2020 DPC++ names of the function objects, `sycl::ext::oneapi::plus<>`.
// expected-no-diagnostics
#include <sycl/sycl.hpp>
#include <limits>

enum Category { SIGNED_INTEGER, UNSIGNED_INTEGER };
template <Category C, bool Primitive>
struct BaseTraits {
  static constexpr Category category = C;
};
template <typename T>
struct NumericTraits
    : BaseTraits<(std::numeric_limits<T>::is_signed) ? SIGNED_INTEGER : UNSIGNED_INTEGER, true> {};
static_assert(NumericTraits<int>::category == SIGNED_INTEGER, "int is signed");
static_assert(NumericTraits<unsigned>::category == UNSIGNED_INTEGER, "unsigned is not");
static_assert((NumericTraits<char>::category) == SIGNED_INTEGER || true, "a parenthesised operand");

enum Modifier { LOAD_DEFAULT, LOAD_CA };
template <Modifier M>
struct Loader {
  template <Modifier N>
  static int load() { return int(N) + 10 * int(M); }
};
template <int MODE>
int pick() { return Loader<LOAD_CA>::template load<Modifier(MODE)>(); }

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] {
    int x = 5;
    out[0] = (x) ? (int)(x) + 1 : -(int)x;
    out[1] = sycl::ext::oneapi::plus<>()(2, 3) + sycl::ext::oneapi::maximum<int>()(1, 4);
    out[2] = (NumericTraits<short>::category) == SIGNED_INTEGER;
    out[3] = pick<1>();
  }).wait();
  sycl::free(out, q);
}
