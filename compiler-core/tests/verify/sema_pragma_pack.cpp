// `#pragma pack` and aligned type aliases lay classes out as g++ does (every
// static_assert here also holds for g++ 12 and clang 14 on x86-64); a
// malformed pragma is a warning and changes nothing.
#include <sycl/sycl.hpp>
#include <cstddef>

struct Natural { char c; double d; };
static_assert(sizeof(Natural) == 16 && alignof(Natural) == 8, "natural");

#pragma pack(push, 2)
// Members, bases and nested classes are aligned at most 2; alignas and
// aligned on members are capped too, a class's own alignment is not.
struct Two { char c; double d; int i; };
static_assert(sizeof(Two) == 14 && alignof(Two) == 2, "Two");
static_assert(offsetof(Two, d) == 2 && offsetof(Two, i) == 10, "Two members");
struct Holder { char c; Natural n; };
static_assert(sizeof(Holder) == 18 && offsetof(Holder, n) == 2, "Holder");
struct Derived : Natural { char e; };
static_assert(sizeof(Derived) == 18 && alignof(Derived) == 2, "Derived");
struct Capped { char c; alignas(8) int x; int y __attribute__((aligned(16))); };
static_assert(sizeof(Capped) == 10 && offsetof(Capped, x) == 2 && offsetof(Capped, y) == 6, "Capped");
struct alignas(16) Over { char c; double d; };
static_assert(sizeof(Over) == 16 && alignof(Over) == 16 && offsetof(Over, d) == 2, "Over");
union Either { char c[3]; double d; };
static_assert(sizeof(Either) == 8 && alignof(Either) == 2, "Either");
template <class T> struct Pair { char c; T x; };
#pragma pack(pop)

// A template keeps the value where it was defined, wherever it is used.
static_assert(sizeof(Pair<double>) == 10 && offsetof(Pair<double>, x) == 2, "Pair");

#pragma pack(4)
struct Four { char c; double d; long l; short s; };
static_assert(sizeof(Four) == 24 && alignof(Four) == 4, "Four");
static_assert(offsetof(Four, d) == 4 && offsetof(Four, l) == 12 && offsetof(Four, s) == 20, "Four members");
#pragma pack(1)
struct One { char c; double d; int i; short s; };
static_assert(sizeof(One) == 15 && alignof(One) == 1, "One");
static_assert(offsetof(One, d) == 1 && offsetof(One, i) == 9 && offsetof(One, s) == 13, "One members");
// Bit-fields are not moved past their type's alignment boundaries; a
// zero-width one still aligns the next member to its type.
struct Bits { char a; int b : 4; int c : 24; char z; };
static_assert(sizeof(Bits) == 6 && offsetof(Bits, z) == 5, "Bits");
struct ZeroWidth { char a; int : 0; char b; };
static_assert(sizeof(ZeroWidth) == 5 && offsetof(ZeroWidth, b) == 4, "ZeroWidth");
#pragma pack(8)
// Any pack value stops bit-fields moving, though it caps nothing here.
struct BitsAt8 { char a; int b : 4; int c : 24; char z; };
static_assert(sizeof(BitsAt8) == 8 && alignof(BitsAt8) == 4 && offsetof(BitsAt8, z) == 5, "BitsAt8");
#pragma pack()
struct BitsNatural { char a; int b : 4; int c : 24; char z; };
static_assert(sizeof(BitsNatural) == 8 && offsetof(BitsNatural, z) == 7, "BitsNatural");
// A packed bit-field does not move either, nor align the class.
struct PackedBits { char a; int b : 4; int c : 30 __attribute__((packed)); char z; };
static_assert(sizeof(PackedBits) == 8 && alignof(PackedBits) == 4 && offsetof(PackedBits, z) == 6, "PackedBits");
// Under a pragma a packed class's bit-fields align it as their type, capped.
#pragma pack(2)
struct __attribute__((packed)) PackedUnderPragma { char a; long long b : 19; char z; };
static_assert(sizeof(PackedUnderPragma) == 6 && alignof(PackedUnderPragma) == 2 && offsetof(PackedUnderPragma, z) == 4,
              "PackedUnderPragma");
#pragma pack()
struct Again { char c; double d; };
static_assert(sizeof(Again) == 16, "pack() restores the natural layout");

// Labels: pop to a label restores the value before its push.
#pragma pack(push, outer, 1)
#pragma pack(push, 4)
#pragma pack(pop, outer)
struct AfterLabel { char c; double d; };
static_assert(sizeof(AfterLabel) == 16, "AfterLabel");

// Aligned type aliases raise or lower their type's alignment, not its size.
typedef float f4 __attribute__((aligned(16)));
typedef double d2 __attribute__((aligned(2)));
typedef f4 f4_again;
using i8 [[gnu::aligned(8)]] = int;
static_assert(sizeof(f4) == 4 && alignof(f4) == 16 && alignof(d2) == 2, "aliases");
static_assert(alignof(f4_again) == 16 && alignof(i8) == 8, "aliases of aliases");
struct Wide { char c; f4 x; };
static_assert(sizeof(Wide) == 32 && offsetof(Wide, x) == 16, "Wide");
struct Low { char c; d2 x; int y; };
static_assert(sizeof(Low) == 16 && offsetof(Low, x) == 2 && offsetof(Low, y) == 12, "Low");
struct Eight { char c; i8 x; f4_again y; };
static_assert(sizeof(Eight) == 32 && offsetof(Eight, x) == 8 && offsetof(Eight, y) == 16, "Eight");
typedef short s2x3[3] __attribute__((aligned(8)));
struct Rows { char c; s2x3 r; d2 t[2]; };
static_assert(sizeof(Rows) == 32 && offsetof(Rows, r) == 8 && offsetof(Rows, t) == 14, "Rows");
struct alignas(f4) ByAlias { char c; };
static_assert(alignof(ByAlias) == 16, "alignas of an aligned alias");
#pragma pack(push, 1)
struct PackedWide { char c; f4 x; };
static_assert(sizeof(PackedWide) == 5 && offsetof(PackedWide, x) == 1, "PackedWide");
#pragma pack(pop)
struct MemberPacked { char c; f4 x __attribute__((packed)); };
static_assert(sizeof(MemberPacked) == 5, "MemberPacked");

// Malformed pragmas are reported and ignored.
#pragma pack(3) // expected-warning {{expected #pragma pack parameter to be '1', '2', '4', '8', or '16'}}
#pragma pack(pop) // expected-warning {{#pragma pack(pop, ...) failed: stack empty}}
#pragma pack 1 // expected-warning {{missing '(' after '#pragma pack'}}
#pragma pack(push, 1 // expected-warning {{missing ')' after '#pragma pack'}}
#pragma pack(push, 4, 1) // expected-warning {{expected integer or identifier in '#pragma pack'}}
#pragma pack(sideways) // expected-warning {{unknown action for '#pragma pack' - ignored}}
struct Untouched { char c; double d; };
static_assert(sizeof(Untouched) == 16, "Untouched");

int main() {
  sycl::queue q;
  size_t *out = sycl::malloc_shared<size_t>(4, q);
  q.single_task([=]() {
    out[0] = sizeof(One) + offsetof(One, s);
    out[1] = sizeof(Four) + offsetof(Four, l);
    out[2] = alignof(f4) + offsetof(Low, y);
    out[3] = sizeof(Pair<double>);
  });
  q.wait();
  return 0;
}
