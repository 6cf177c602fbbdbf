// A class whose member type is named `value` (`enum value {...}`, as
// bioinformatics code writes statistics counters) does not make
// `is_arithmetic<T>::value && ...` a type in template arguments: a
// qualified name the argument list does not go on after is an expression.
#include <type_traits>

struct Statistics {
  enum value { SEEDS, HITS, COUNT };
  unsigned long data_[COUNT];
};

template <typename T, typename U,
          typename = typename std::enable_if<std::is_arithmetic<T>::value && std::is_arithmetic<U>::value>::type>
int both_arithmetic(T, U) { return 1; }

static_assert(std::is_same<std::enable_if<std::is_integral<int>::value || std::is_enum<int>::value, int>::type, int>::value, "or");
static_assert(sizeof(Statistics::value) == sizeof(int), "the member type is still a type");
static_assert(std::is_same<std::enable_if<std::is_integral<int>::value && std::is_enum<int>::value, int>, std::enable_if<true, int>>::value, "wrong"); // expected-error {{static assertion failed: wrong}}

int main() { return both_arithmetic(1, 2.0) - 1; }
