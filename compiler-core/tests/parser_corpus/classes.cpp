// Classes: friends, bit-fields, anonymous unions, final, pure virtual.
struct base { virtual void f() = 0; virtual ~base() = default; };
struct derived final : base { void f() override {} };
class counter {
  friend class helper;
  friend void reset(counter&);
  template <class T> friend struct tfriend;
  friend bool operator==(const counter& a, const counter& b) { return a.n == b.n; }
  int n = 0;
public:
  unsigned flags : 3;
  unsigned : 0;
  union { int i; float f; };
  struct { int x, y; } point;
  explicit counter(int v) noexcept : n(v), flags(0) {}
  counter(const counter&) = delete;
  counter& operator=(counter&&) noexcept(true) = default;
  operator bool() const { return n != 0; }
  int operator[](int i) const { return n + i; }
  static constexpr int limit = 10;
  mutable int cache;
};
struct alignas(16) aligned { alignas(8) float v[4]; };
enum class color : unsigned char { red, green = 3, blue };
enum plain { a1, b1 = 2 };
union u { int i; float f; };
namespace outer_ns::inner_ns { inline namespace v1 { int z; } }
namespace { int hidden; }
namespace alias_ns = outer_ns::inner_ns;
