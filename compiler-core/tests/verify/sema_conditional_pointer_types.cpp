// The type of `?:` with pointer operands is their composite pointer type
// ([expr.cond]/7): a null pointer constant (`0`, `nullptr`) takes the
// other operand's pointer type, a less qualified pointer gains `const`, a
// derived-class pointer becomes a base-class pointer.
#include <type_traits>

struct Base { int b; };
struct Derived : Base { int d; };

extern bool c;
extern int *p;
extern const int *cp;
extern Derived *dp;
extern Base *bp;

static_assert(std::is_same_v<decltype(c ? p : 0), int *>, "pointer and 0");
static_assert(std::is_same_v<decltype(c ? 0 : p), int *>, "0 and pointer");
static_assert(std::is_same_v<decltype(c ? p : nullptr), int *>, "pointer and nullptr");
static_assert(std::is_same_v<decltype(c ? p : cp), const int *>, "adding const");
static_assert(std::is_same_v<decltype(c ? cp : p), const int *>, "adding const");
static_assert(std::is_same_v<decltype(c ? dp : bp), Base *>, "derived to base");
static_assert(std::is_same_v<decltype(c ? p : 0), const int *>, "wrong"); // expected-error {{static assertion failed: wrong}}

int main() { return 0; }
