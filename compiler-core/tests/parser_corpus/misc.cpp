// Odds and ends: SFINAE, dependent names, attributes, operators, declarators.
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { using type = T; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <class T> struct is_small { static constexpr bool value = sizeof(T) <= 4; };
template <class T, enable_if_t<is_small<T>::value, int> = 0> T twice(T x) { return x + x; }
template <class A> struct alloc_traits { template <class U> using rebind = typename A::template rebind<U>::other; };
struct [[nodiscard]] result { int code; };
__attribute__((always_inline)) inline int fast(int x) { return x; }
enum class fwd : int;
struct ops {
  int v;
  static_assert(sizeof(int) >= 2, "int too small");
  ops operator+(const ops& o) const { return ops{v + o.v}; }
  bool operator<=(const ops& o) const { return v <= o.v; }
  ops& operator++() { ++v; return *this; }
  ops operator++(int) { ops t = *this; ++v; return t; }
  explicit operator int() const noexcept(noexcept(v + 1)) { return v; }
  int (*callback)(int, int);
  void set(int (*fp)(int)) {}
};
int apply(int (*f)(int), int x) { return f(x); }
int ops_use() {
  ops a{1}, b{2};
  ops c = a + b;
  int arr2[2][3] = {{1, 2, 3}, {4, 5, 6}};
  int* const cp = &arr2[0][0];
  const volatile int cv = 3;
  unsigned long long big = 0xFFull;
  char16_t w = u'x';
  auto s = u8"utf8";
  return static_cast<int>(c) + arr2[1][2] + *cp + cv + (int)big + w + twice(3) + fast(1) + (s[0] ? 1 : 0);
}
