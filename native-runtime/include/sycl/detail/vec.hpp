// sycl::vec (SYCL 2020 4.14.2): N (1, 2, 3, 4, 8 or 16) elements of one
// arithmetic type (and sycl::marray below), with
// element-wise operators, comparisons giving -1/0 masks, named and swizzled
// element access, conversions, and the geometric functions. Read by both
// passes: the device pass sees an ordinary class of N scalars (3-element
// vectors are laid out as 4, as SYCL specifies, so both passes agree).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <sycl/detail/bit_cast.hpp>
#include <sycl/detail/half.hpp>
#include <sycl/detail/math.hpp>

namespace sycl {

template <typename DataT, int NumElements>
class vec;
namespace detail {
template <typename DataT, int NumElements, int... Indexes>
class swizzled;
}  // namespace detail

// How vec::convert rounds (SYCL 2020 4.14.2.1).
enum class rounding_mode { automatic, rte, rtz, rtp, rtn };

namespace detail {
// The element type of a comparison's result: a signed integer of the
// element's size.
template <size_t Size>
struct signed_of_size;
template <>
struct signed_of_size<1> {
  using type = int8_t;
};
template <>
struct signed_of_size<2> {
  using type = int16_t;
};
template <>
struct signed_of_size<4> {
  using type = int32_t;
};
template <>
struct signed_of_size<8> {
  using type = int64_t;
};
template <typename T>
using rel_t = typename signed_of_size<sizeof(T)>::type;

// A floating-point element converted to an integer type, rounded as the
// mode says (automatic and rtz: toward zero); other conversions as
// static_cast.
template <typename To, rounding_mode Mode, typename From>
To convert_element(From x) {
  if constexpr (std::is_integral<To>::value && !std::is_integral<From>::value) {
    using Wide = std::conditional_t<(sizeof(From) > 4), double, float>;
    Wide w = static_cast<Wide>(x);
    if constexpr (Mode == rounding_mode::rte) return static_cast<To>(std::rint(w));
    else if constexpr (Mode == rounding_mode::rtp) return static_cast<To>(std::ceil(w));
    else if constexpr (Mode == rounding_mode::rtn) return static_cast<To>(std::floor(w));
    else return static_cast<To>(w);
  } else {
    return static_cast<To>(x);
  }
}

// What a vec converts to implicitly: its element for one element (SYCL
// 2020 4.14.2.1), else a type nothing converts to.
struct no_scalar_conversion {
  explicit no_scalar_conversion() = default;
};
template <typename DataT, int NumElements>
using vec_scalar_t = std::conditional_t<NumElements == 1, DataT, no_scalar_conversion>;

template <typename T>
struct vec_size {
  static constexpr int value = 1;
};
template <typename T, int N>
struct vec_size<vec<T, N>> {
  static constexpr int value = N;
};
template <typename T, int N, int... Indexes>
struct vec_size<swizzled<T, N, Indexes...>> {
  static constexpr int value = sizeof...(Indexes);
};
}  // namespace detail

template <typename DataT, int NumElements>
class alignas(sizeof(DataT) * (NumElements == 3 ? 4 : NumElements)) vec {
 public:
  using element_type = DataT;
  using value_type = DataT;

  vec() {
    for (int i = 0; i < NumElements; ++i) m_data[i] = DataT(0);
  }
  explicit vec(const DataT &value) {
    for (int i = 0; i < NumElements; ++i) m_data[i] = value;
  }
  // Every element becomes `value`.
  vec &operator=(const DataT &value) {
    for (int i = 0; i < NumElements; ++i) m_data[i] = value;
    return *this;
  }
  // Scalars and vectors, NumElements elements in all.
  template <typename... Args, typename = std::enable_if_t<(sizeof...(Args) > 1)>>
  vec(const Args &...args) {
    static_assert((detail::vec_size<Args>::value + ...) == NumElements,
                  "the arguments of a sycl::vec constructor give it the wrong number of elements");
    int at = 0;
    (put(at, args), ...);
  }

  static constexpr size_t size() noexcept { return NumElements; }
  static constexpr size_t byte_size() noexcept { return sizeof(vec); }
  size_t get_count() const { return NumElements; }
  size_t get_size() const { return sizeof(vec); }

  DataT &operator[](int i) { return m_data[i]; }
  const DataT &operator[](int i) const { return m_data[i]; }
  // vec<T, 1> converts to T.
  operator detail::vec_scalar_t<DataT, NumElements>() const {
    return detail::vec_scalar_t<DataT, NumElements>(m_data[0]);
  }

  // Named elements.
  DataT &x() { return m_data[0]; }
  const DataT &x() const { return m_data[0]; }
  DataT &y() { return m_data[1]; }
  const DataT &y() const { return m_data[1]; }
  DataT &z() { return m_data[2]; }
  const DataT &z() const { return m_data[2]; }
  DataT &w() { return m_data[3]; }
  const DataT &w() const { return m_data[3]; }
  DataT &r() { return m_data[0]; }
  const DataT &r() const { return m_data[0]; }
  DataT &g() { return m_data[1]; }
  const DataT &g() const { return m_data[1]; }
  DataT &b() { return m_data[2]; }
  const DataT &b() const { return m_data[2]; }
  DataT &a() { return m_data[3]; }
  const DataT &a() const { return m_data[3]; }
  // s0() ... sF(): element I, for vectors that have one.
#define __SYCLONE_VEC_ELEMENT(NAME, I)                                          \
  DataT &NAME() {                                                               \
    static_assert(I < NumElements, "vec has no element " #I);                   \
    return m_data[I];                                                           \
  }                                                                             \
  const DataT &NAME() const {                                                   \
    static_assert(I < NumElements, "vec has no element " #I);                   \
    return m_data[I];                                                           \
  }
  __SYCLONE_VEC_ELEMENT(s0, 0)
  __SYCLONE_VEC_ELEMENT(s1, 1)
  __SYCLONE_VEC_ELEMENT(s2, 2)
  __SYCLONE_VEC_ELEMENT(s3, 3)
  __SYCLONE_VEC_ELEMENT(s4, 4)
  __SYCLONE_VEC_ELEMENT(s5, 5)
  __SYCLONE_VEC_ELEMENT(s6, 6)
  __SYCLONE_VEC_ELEMENT(s7, 7)
  __SYCLONE_VEC_ELEMENT(s8, 8)
  __SYCLONE_VEC_ELEMENT(s9, 9)
  __SYCLONE_VEC_ELEMENT(sA, 10)
  __SYCLONE_VEC_ELEMENT(sB, 11)
  __SYCLONE_VEC_ELEMENT(sC, 12)
  __SYCLONE_VEC_ELEMENT(sD, 13)
  __SYCLONE_VEC_ELEMENT(sE, 14)
  __SYCLONE_VEC_ELEMENT(sF, 15)
#undef __SYCLONE_VEC_ELEMENT

  // Swizzles. Of a const vector, a copy; of another, a copy that also
  // writes assignments through to the elements it came from
  // (`v.xy() = w`, `v.lo() += v.hi()`).
  template <int... Indexes>
  const vec<DataT, sizeof...(Indexes)> swizzle() const {
    return vec<DataT, sizeof...(Indexes)>(m_data[Indexes]...);
  }
  template <int... Indexes>
  detail::swizzled<DataT, NumElements, Indexes...> swizzle() {
    return detail::swizzled<DataT, NumElements, Indexes...>(*this);
  }
#define __SYCLONE_VEC_SWIZZLE(NAME, ...)                                        \
  auto NAME() const { return swizzle<__VA_ARGS__>(); }                         \
  auto NAME() { return swizzle<__VA_ARGS__>(); }
  __SYCLONE_VEC_SWIZZLE(xy, 0, 1)
  __SYCLONE_VEC_SWIZZLE(xyz, 0, 1, 2)
  __SYCLONE_VEC_SWIZZLE(xyzw, 0, 1, 2, 3)
  __SYCLONE_VEC_SWIZZLE(zyx, 2, 1, 0)
  __SYCLONE_VEC_SWIZZLE(wzyx, 3, 2, 1, 0)
  __SYCLONE_VEC_SWIZZLE(rgb, 0, 1, 2)
  __SYCLONE_VEC_SWIZZLE(rgba, 0, 1, 2, 3)
  __SYCLONE_VEC_SWIZZLE(bgra, 2, 1, 0, 3)
#ifdef SYCL_SIMPLE_SWIZZLES
#include <sycl/detail/vec_swizzles.inc>
#endif
#undef __SYCLONE_VEC_SWIZZLE
  // The low and high halves, the even and odd elements (of a 3-element
  // vector, the fourth is its padding).
#define __SYCLONE_VEC_HALF(NAME, PART)                                                \
  auto NAME() const { return halves<PART>(std::make_integer_sequence<int, (NumElements + 1) / 2>{}); } \
  auto NAME() { return halves<PART>(std::make_integer_sequence<int, (NumElements + 1) / 2>{}); }
  __SYCLONE_VEC_HALF(lo, 0)
  __SYCLONE_VEC_HALF(hi, 1)
  __SYCLONE_VEC_HALF(even, 2)
  __SYCLONE_VEC_HALF(odd, 3)
#undef __SYCLONE_VEC_HALF

  // The NumElements elements from element `offset * NumElements` of `ptr`
  // (a multi_ptr or a pointer).
  template <typename Ptr>
  void load(size_t offset, Ptr ptr) {
    for (int i = 0; i < NumElements; ++i) m_data[i] = ptr[offset * NumElements + i];
  }
  template <typename Ptr>
  void store(size_t offset, Ptr ptr) const {
    for (int i = 0; i < NumElements; ++i) ptr[offset * NumElements + i] = m_data[i];
  }

  // The vector's bits as another vector type of the same size.
  template <typename AsT>
  AsT as() const {
    static_assert(sizeof(AsT) == sizeof(vec), "vec::as needs a vector type of the same size");
    return detail::bits_as<AsT>(*this);
  }

  // Element-wise conversion. The rounding mode applies to floating-point
  // elements converted to an integer type (automatic: toward zero); a
  // conversion to a floating-point type rounds to nearest even.
  template <typename ConvertT, rounding_mode RoundingMode = rounding_mode::automatic>
  vec<ConvertT, NumElements> convert() const {
    vec<ConvertT, NumElements> out;
    for (int i = 0; i < NumElements; ++i) out[i] = detail::convert_element<ConvertT, RoundingMode>(m_data[i]);
    return out;
  }

  // Element-wise arithmetic.
#define __SYCLONE_VEC_BINARY(OP, OPEQ)                                                \
  friend vec operator OP(const vec &lhs, const vec &rhs) {                            \
    vec out;                                                                          \
    for (int i = 0; i < NumElements; ++i) out.m_data[i] = lhs.m_data[i] OP rhs.m_data[i]; \
    return out;                                                                       \
  }                                                                                   \
  friend vec operator OP(const vec &lhs, const DataT &rhs) { return lhs OP vec(rhs); } \
  friend vec operator OP(const DataT &lhs, const vec &rhs) { return vec(lhs) OP rhs; } \
  friend vec &operator OPEQ(vec &lhs, const vec &rhs) {                               \
    lhs = lhs OP rhs;                                                                 \
    return lhs;                                                                       \
  }                                                                                   \
  friend vec &operator OPEQ(vec &lhs, const DataT &rhs) {                             \
    lhs = lhs OP vec(rhs);                                                            \
    return lhs;                                                                       \
  }
  __SYCLONE_VEC_BINARY(+, +=)
  __SYCLONE_VEC_BINARY(-, -=)
  __SYCLONE_VEC_BINARY(*, *=)
  __SYCLONE_VEC_BINARY(/, /=)
#undef __SYCLONE_VEC_BINARY

#define __SYCLONE_VEC_INTEGER_BINARY(OP, OPEQ)                                       \
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>  \
  friend vec operator OP(const vec &lhs, const vec &rhs) {                           \
    vec out;                                                                         \
    for (int i = 0; i < NumElements; ++i) out.m_data[i] = lhs.m_data[i] OP rhs.m_data[i]; \
    return out;                                                                      \
  }                                                                                  \
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>  \
  friend vec operator OP(const vec &lhs, const DataT &rhs) {                         \
    return lhs OP vec(rhs);                                                          \
  }                                                                                  \
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>  \
  friend vec operator OP(const DataT &lhs, const vec &rhs) {                         \
    return vec(lhs) OP rhs;                                                          \
  }                                                                                  \
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>  \
  friend vec &operator OPEQ(vec &lhs, const vec &rhs) {                              \
    lhs = lhs OP rhs;                                                                \
    return lhs;                                                                      \
  }                                                                                  \
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>  \
  friend vec &operator OPEQ(vec &lhs, const DataT &rhs) {                            \
    lhs = lhs OP vec(rhs);                                                           \
    return lhs;                                                                      \
  }
  __SYCLONE_VEC_INTEGER_BINARY(%, %=)
  __SYCLONE_VEC_INTEGER_BINARY(&, &=)
  __SYCLONE_VEC_INTEGER_BINARY(|, |=)
  __SYCLONE_VEC_INTEGER_BINARY(^, ^=)
  __SYCLONE_VEC_INTEGER_BINARY(<<, <<=)
  __SYCLONE_VEC_INTEGER_BINARY(>>, >>=)
#undef __SYCLONE_VEC_INTEGER_BINARY

  friend vec operator-(const vec &v) {
    vec out;
    for (int i = 0; i < NumElements; ++i) out.m_data[i] = -v.m_data[i];
    return out;
  }
  friend vec operator+(const vec &v) { return v; }
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>
  friend vec operator~(const vec &v) {
    vec out;
    for (int i = 0; i < NumElements; ++i) out.m_data[i] = static_cast<DataT>(~v.m_data[i]);
    return out;
  }
  vec &operator++() { return *this += DataT(1); }
  vec &operator--() { return *this -= DataT(1); }
  vec operator++(int) {
    vec old = *this;
    *this += DataT(1);
    return old;
  }
  vec operator--(int) {
    vec old = *this;
    *this -= DataT(1);
    return old;
  }
  // Logical operators, element by element, as comparisons: -1 where
  // true, 0 where false.
  friend vec<detail::rel_t<DataT>, NumElements> operator!(const vec &v) {
    vec<detail::rel_t<DataT>, NumElements> out;
    for (int i = 0; i < NumElements; ++i)
      out[i] = v.m_data[i] == DataT(0) ? detail::rel_t<DataT>(-1) : detail::rel_t<DataT>(0);
    return out;
  }
#define __SYCLONE_VEC_LOGICAL(OP)                                                      \
  friend vec<detail::rel_t<DataT>, NumElements> operator OP(const vec &lhs, const vec &rhs) { \
    vec<detail::rel_t<DataT>, NumElements> out;                                        \
    for (int i = 0; i < NumElements; ++i)                                              \
      out[i] = (lhs.m_data[i] != DataT(0)) OP (rhs.m_data[i] != DataT(0)) ? detail::rel_t<DataT>(-1) \
                                                                         : detail::rel_t<DataT>(0); \
    return out;                                                                        \
  }                                                                                    \
  friend vec<detail::rel_t<DataT>, NumElements> operator OP(const vec &lhs, const DataT &rhs) { \
    return lhs OP vec(rhs);                                                            \
  }                                                                                    \
  friend vec<detail::rel_t<DataT>, NumElements> operator OP(const DataT &lhs, const vec &rhs) { \
    return vec(lhs) OP rhs;                                                            \
  }
  __SYCLONE_VEC_LOGICAL(&&)
  __SYCLONE_VEC_LOGICAL(||)
#undef __SYCLONE_VEC_LOGICAL

  // Comparisons: -1 (all bits set) where true, 0 where false.
#define __SYCLONE_VEC_RELATION(OP)                                                     \
  friend vec<detail::rel_t<DataT>, NumElements> operator OP(const vec &lhs, const vec &rhs) { \
    vec<detail::rel_t<DataT>, NumElements> out;                                        \
    for (int i = 0; i < NumElements; ++i)                                              \
      out[i] = lhs.m_data[i] OP rhs.m_data[i] ? detail::rel_t<DataT>(-1) : detail::rel_t<DataT>(0); \
    return out;                                                                        \
  }                                                                                    \
  friend vec<detail::rel_t<DataT>, NumElements> operator OP(const vec &lhs, const DataT &rhs) { \
    return lhs OP vec(rhs);                                                            \
  }                                                                                    \
  friend vec<detail::rel_t<DataT>, NumElements> operator OP(const DataT &lhs, const vec &rhs) { \
    return vec(lhs) OP rhs;                                                            \
  }
  __SYCLONE_VEC_RELATION(==)
  __SYCLONE_VEC_RELATION(!=)
  __SYCLONE_VEC_RELATION(<)
  __SYCLONE_VEC_RELATION(>)
  __SYCLONE_VEC_RELATION(<=)
  __SYCLONE_VEC_RELATION(>=)
#undef __SYCLONE_VEC_RELATION

 private:
  template <typename Arg>
  void put(int &at, const Arg &arg) {
    if constexpr (detail::vec_size<Arg>::value == 1) {
      m_data[at++] = static_cast<DataT>(arg);
    } else {
      for (int i = 0; i < detail::vec_size<Arg>::value; ++i) m_data[at++] = static_cast<DataT>(arg[i]);
    }
  }
  // Element K of half PART (0 lo, 1 hi, 2 even, 3 odd) is element
  // PART == 0 ? K : PART == 1 ? K + half size : ...
  template <int Part, int... K>
  auto halves(std::integer_sequence<int, K...>) const {
    return swizzle<(Part == 0 ? K : Part == 1 ? K + (NumElements + 1) / 2 : Part == 2 ? 2 * K : 2 * K + 1)...>();
  }
  template <int Part, int... K>
  auto halves(std::integer_sequence<int, K...>) {
    return swizzle<(Part == 0 ? K : Part == 1 ? K + (NumElements + 1) / 2 : Part == 2 ? 2 * K : 2 * K + 1)...>();
  }

  DataT m_data[NumElements == 3 ? 4 : NumElements];
};

namespace detail {
// A swizzle of a non-const vec (`v.xy()`, `v.lo()`, `v.swizzle<2, 0>()`):
// a vec holding the selected elements' values (so it reads, and passes to
// functions taking vecs, as one), whose assignments also write the
// elements of the vec it was taken from.
template <typename DataT, int NumElements, int... Indexes>
class swizzled : public vec<DataT, sizeof...(Indexes)> {
  using base = vec<DataT, sizeof...(Indexes)>;

 public:
  explicit swizzled(vec<DataT, NumElements> &source) : base(source[Indexes]...), m_source(source) {}
  swizzled(const swizzled &other) = default;

  swizzled &operator=(const base &value) {
    write(value);
    return *this;
  }
  swizzled &operator=(const swizzled &value) {
    write(base(value));
    return *this;
  }
  swizzled &operator=(const DataT &value) {
    write(base(value));
    return *this;
  }
#define __SYCLONE_SWIZZLE_ASSIGN(OP, OPEQ)                        \
  swizzled &operator OPEQ(const base &value) {                     \
    write(static_cast<const base &>(*this) OP value);              \
    return *this;                                                  \
  }                                                                \
  swizzled &operator OPEQ(const DataT &value) {                    \
    write(static_cast<const base &>(*this) OP base(value));        \
    return *this;                                                  \
  }
  __SYCLONE_SWIZZLE_ASSIGN(+, +=)
  __SYCLONE_SWIZZLE_ASSIGN(-, -=)
  __SYCLONE_SWIZZLE_ASSIGN(*, *=)
  __SYCLONE_SWIZZLE_ASSIGN(/, /=)
#undef __SYCLONE_SWIZZLE_ASSIGN

 private:
  void write(const base &value) {
    int k = 0;
    ((m_source[Indexes] = value[k++]), ...);
    static_cast<base &>(*this) = value;
  }
  vec<DataT, NumElements> &m_source;
};
}  // namespace detail

// SYCL 1.2.1's scalar type names, still common in ported code.
using schar = signed char;
using uchar = unsigned char;
using ushort = unsigned short;
using uint = unsigned int;
using ulong = unsigned long;
using longlong = long long;
using ulonglong = unsigned long long;

// The element types SYCL names vectors of.
#define __SYCLONE_VEC_ALIASES(T, NAME) \
  using NAME##2 = vec<T, 2>;           \
  using NAME##3 = vec<T, 3>;           \
  using NAME##4 = vec<T, 4>;           \
  using NAME##8 = vec<T, 8>;           \
  using NAME##16 = vec<T, 16>;
__SYCLONE_VEC_ALIASES(char, char)
__SYCLONE_VEC_ALIASES(signed char, schar)
__SYCLONE_VEC_ALIASES(unsigned char, uchar)
__SYCLONE_VEC_ALIASES(short, short)
__SYCLONE_VEC_ALIASES(unsigned short, ushort)
__SYCLONE_VEC_ALIASES(int, int)
__SYCLONE_VEC_ALIASES(unsigned int, uint)
__SYCLONE_VEC_ALIASES(long, long)
__SYCLONE_VEC_ALIASES(unsigned long, ulong)
__SYCLONE_VEC_ALIASES(long long, longlong)
__SYCLONE_VEC_ALIASES(unsigned long long, ulonglong)
__SYCLONE_VEC_ALIASES(half, half)
__SYCLONE_VEC_ALIASES(float, float)
__SYCLONE_VEC_ALIASES(double, double)
#undef __SYCLONE_VEC_ALIASES

// sycl::marray (SYCL 2020 4.14.3): N elements laid out as an array, with
// element-wise operators (an operand may be a scalar on either side),
// comparisons and logical operators (to marray<bool, N>), and iterators.
template <typename DataT, std::size_t NumElements>
class marray {
 public:
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;
  using iterator = DataT *;
  using const_iterator = const DataT *;
  marray() {
    for (std::size_t i = 0; i < NumElements; ++i) m_data[i] = DataT();
  }
  explicit marray(const DataT &value) {
    for (std::size_t i = 0; i < NumElements; ++i) m_data[i] = value;
  }
  template <typename... Args, typename = std::enable_if_t<(sizeof...(Args) > 1)>>
  marray(const Args &...args) : m_data{static_cast<DataT>(args)...} {}

  static constexpr std::size_t size() noexcept { return NumElements; }
  DataT &operator[](std::size_t i) { return m_data[i]; }
  const DataT &operator[](std::size_t i) const { return m_data[i]; }
  // Not in SYCL 2020's marray, but what device code iterates with: the
  // device pass indexes a range-for over a class with data() and size().
  DataT *data() { return m_data; }
  const DataT *data() const { return m_data; }
  iterator begin() { return m_data; }
  iterator end() { return m_data + NumElements; }
  const_iterator begin() const { return m_data; }
  const_iterator end() const { return m_data + NumElements; }

#define __SYCLONE_MARRAY_BINARY(OP, OPEQ)                                                 \
  friend marray operator OP(const marray &lhs, const marray &rhs) {                       \
    marray out;                                                                           \
    for (std::size_t i = 0; i < NumElements; ++i)                                         \
      out.m_data[i] = static_cast<DataT>(lhs.m_data[i] OP rhs.m_data[i]);                 \
    return out;                                                                           \
  }                                                                                       \
  friend marray operator OP(const marray &lhs, const DataT &rhs) { return lhs OP marray(rhs); } \
  friend marray operator OP(const DataT &lhs, const marray &rhs) { return marray(lhs) OP rhs; } \
  friend marray &operator OPEQ(marray &lhs, const marray &rhs) {                          \
    lhs = lhs OP rhs;                                                                     \
    return lhs;                                                                           \
  }                                                                                       \
  friend marray &operator OPEQ(marray &lhs, const DataT &rhs) {                           \
    lhs = lhs OP marray(rhs);                                                             \
    return lhs;                                                                           \
  }
  __SYCLONE_MARRAY_BINARY(+, +=)
  __SYCLONE_MARRAY_BINARY(-, -=)
  __SYCLONE_MARRAY_BINARY(*, *=)
  __SYCLONE_MARRAY_BINARY(/, /=)
#undef __SYCLONE_MARRAY_BINARY
  // The integer-only operators.
#define __SYCLONE_MARRAY_INTEGER_BINARY(OP, OPEQ)                                         \
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>       \
  friend marray operator OP(const marray &lhs, const marray &rhs) {                       \
    marray out;                                                                           \
    for (std::size_t i = 0; i < NumElements; ++i)                                         \
      out.m_data[i] = static_cast<DataT>(lhs.m_data[i] OP rhs.m_data[i]);                 \
    return out;                                                                           \
  }                                                                                       \
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>       \
  friend marray operator OP(const marray &lhs, const DataT &rhs) {                        \
    return lhs OP marray(rhs);                                                            \
  }                                                                                       \
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>       \
  friend marray operator OP(const DataT &lhs, const marray &rhs) {                        \
    return marray(lhs) OP rhs;                                                            \
  }                                                                                       \
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>       \
  friend marray &operator OPEQ(marray &lhs, const marray &rhs) {                          \
    lhs = lhs OP rhs;                                                                     \
    return lhs;                                                                           \
  }                                                                                       \
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>       \
  friend marray &operator OPEQ(marray &lhs, const DataT &rhs) {                           \
    lhs = lhs OP marray(rhs);                                                             \
    return lhs;                                                                           \
  }
  __SYCLONE_MARRAY_INTEGER_BINARY(%, %=)
  __SYCLONE_MARRAY_INTEGER_BINARY(&, &=)
  __SYCLONE_MARRAY_INTEGER_BINARY(|, |=)
  __SYCLONE_MARRAY_INTEGER_BINARY(^, ^=)
  __SYCLONE_MARRAY_INTEGER_BINARY(<<, <<=)
  __SYCLONE_MARRAY_INTEGER_BINARY(>>, >>=)
#undef __SYCLONE_MARRAY_INTEGER_BINARY
  friend marray operator-(const marray &v) {
    marray out;
    for (std::size_t i = 0; i < NumElements; ++i) out.m_data[i] = static_cast<DataT>(-v.m_data[i]);
    return out;
  }
  friend marray operator+(const marray &v) { return v; }
  template <typename T = DataT, typename = std::enable_if_t<std::is_integral_v<T>>>
  friend marray operator~(const marray &v) {
    marray out;
    for (std::size_t i = 0; i < NumElements; ++i) out.m_data[i] = static_cast<DataT>(~v.m_data[i]);
    return out;
  }
  marray &operator++() { return *this += DataT(1); }
  marray &operator--() { return *this -= DataT(1); }
  marray operator++(int) {
    marray old = *this;
    *this += DataT(1);
    return old;
  }
  marray operator--(int) {
    marray old = *this;
    *this -= DataT(1);
    return old;
  }
  friend marray<bool, NumElements> operator!(const marray &v) {
    marray<bool, NumElements> out;
    for (std::size_t i = 0; i < NumElements; ++i) out[i] = !v.m_data[i];
    return out;
  }
  // Comparisons and logical operators: an marray<bool, N>.
#define __SYCLONE_MARRAY_RELATION(OP)                                                     \
  friend marray<bool, NumElements> operator OP(const marray &lhs, const marray &rhs) {    \
    marray<bool, NumElements> out;                                                        \
    for (std::size_t i = 0; i < NumElements; ++i) out[i] = lhs.m_data[i] OP rhs.m_data[i]; \
    return out;                                                                           \
  }                                                                                       \
  friend marray<bool, NumElements> operator OP(const marray &lhs, const DataT &rhs) {     \
    return lhs OP marray(rhs);                                                            \
  }                                                                                       \
  friend marray<bool, NumElements> operator OP(const DataT &lhs, const marray &rhs) {     \
    return marray(lhs) OP rhs;                                                            \
  }
  __SYCLONE_MARRAY_RELATION(==)
  __SYCLONE_MARRAY_RELATION(!=)
  __SYCLONE_MARRAY_RELATION(<)
  __SYCLONE_MARRAY_RELATION(>)
  __SYCLONE_MARRAY_RELATION(<=)
  __SYCLONE_MARRAY_RELATION(>=)
  __SYCLONE_MARRAY_RELATION(&&)
  __SYCLONE_MARRAY_RELATION(||)
#undef __SYCLONE_MARRAY_RELATION

 private:
  DataT m_data[NumElements];
};

namespace detail {
template <typename T, int N>
struct is_nonscalar<vec<T, N>> : std::true_type {};
template <typename T, int N, int... Indexes>
struct is_nonscalar<swizzled<T, N, Indexes...>> : std::true_type {};
template <typename T, std::size_t N>
struct is_nonscalar<marray<T, N>> : std::true_type {};
}  // namespace detail

// The math functions element by element on vec and marray (the
// scalar function of each element, half included).
#define __SYCLONE_ELEMENTWISE(NAME)                                      \
  template <typename T, int N>                                          \
  vec<T, N> NAME(const vec<T, N> &x) {                                  \
    vec<T, N> out;                                                      \
    for (int i = 0; i < N; ++i) out[i] = NAME(x[i]);                    \
    return out;                                                         \
  }                                                                     \
  template <typename T, std::size_t N>                                  \
  marray<T, N> NAME(const marray<T, N> &x) {                            \
    marray<T, N> out;                                                   \
    for (std::size_t i = 0; i < N; ++i) out[i] = NAME(x[i]);            \
    return out;                                                         \
  }
__SYCLONE_ELEMENTWISE(acos)
__SYCLONE_ELEMENTWISE(acosh)
__SYCLONE_ELEMENTWISE(asin)
__SYCLONE_ELEMENTWISE(asinh)
__SYCLONE_ELEMENTWISE(atan)
__SYCLONE_ELEMENTWISE(atanh)
__SYCLONE_ELEMENTWISE(cbrt)
__SYCLONE_ELEMENTWISE(ceil)
__SYCLONE_ELEMENTWISE(cos)
__SYCLONE_ELEMENTWISE(cosh)
__SYCLONE_ELEMENTWISE(erf)
__SYCLONE_ELEMENTWISE(erfc)
__SYCLONE_ELEMENTWISE(exp)
__SYCLONE_ELEMENTWISE(exp2)
__SYCLONE_ELEMENTWISE(exp10)
__SYCLONE_ELEMENTWISE(expm1)
__SYCLONE_ELEMENTWISE(fabs)
__SYCLONE_ELEMENTWISE(floor)
__SYCLONE_ELEMENTWISE(lgamma)
__SYCLONE_ELEMENTWISE(log)
__SYCLONE_ELEMENTWISE(log10)
__SYCLONE_ELEMENTWISE(log1p)
__SYCLONE_ELEMENTWISE(log2)
__SYCLONE_ELEMENTWISE(logb)
__SYCLONE_ELEMENTWISE(rint)
__SYCLONE_ELEMENTWISE(round)
__SYCLONE_ELEMENTWISE(rsqrt)
__SYCLONE_ELEMENTWISE(sin)
__SYCLONE_ELEMENTWISE(sinh)
__SYCLONE_ELEMENTWISE(sqrt)
__SYCLONE_ELEMENTWISE(tan)
__SYCLONE_ELEMENTWISE(tanh)
__SYCLONE_ELEMENTWISE(tgamma)
__SYCLONE_ELEMENTWISE(trunc)
// The integer functions (SYCL 2020 4.17.5).
__SYCLONE_ELEMENTWISE(clz)
__SYCLONE_ELEMENTWISE(ctz)
__SYCLONE_ELEMENTWISE(popcount)
#undef __SYCLONE_ELEMENTWISE
#define __SYCLONE_ELEMENTWISE2(NAME)                                       \
  template <typename T, int N>                                            \
  vec<T, N> NAME(const vec<T, N> &x, const vec<T, N> &y) {                \
    vec<T, N> out;                                                        \
    for (int i = 0; i < N; ++i) out[i] = NAME(x[i], y[i]);                \
    return out;                                                           \
  }                                                                       \
  template <typename T, std::size_t N>                                    \
  marray<T, N> NAME(const marray<T, N> &x, const marray<T, N> &y) {       \
    marray<T, N> out;                                                     \
    for (std::size_t i = 0; i < N; ++i) out[i] = NAME(x[i], y[i]);        \
    return out;                                                           \
  }
__SYCLONE_ELEMENTWISE2(atan2)
__SYCLONE_ELEMENTWISE2(copysign)
__SYCLONE_ELEMENTWISE2(fdim)
__SYCLONE_ELEMENTWISE2(fmax)
__SYCLONE_ELEMENTWISE2(fmin)
__SYCLONE_ELEMENTWISE2(fmod)
__SYCLONE_ELEMENTWISE2(hypot)
__SYCLONE_ELEMENTWISE2(pow)
__SYCLONE_ELEMENTWISE2(remainder)
__SYCLONE_ELEMENTWISE2(abs_diff)
__SYCLONE_ELEMENTWISE2(add_sat)
__SYCLONE_ELEMENTWISE2(hadd)
__SYCLONE_ELEMENTWISE2(rhadd)
__SYCLONE_ELEMENTWISE2(mul_hi)
__SYCLONE_ELEMENTWISE2(rotate)
__SYCLONE_ELEMENTWISE2(sub_sat)
#undef __SYCLONE_ELEMENTWISE2
#define __SYCLONE_ELEMENTWISE3(NAME)                                                      \
  template <typename T, int N>                                                           \
  vec<T, N> NAME(const vec<T, N> &x, const vec<T, N> &y, const vec<T, N> &z) {           \
    vec<T, N> out;                                                                       \
    for (int i = 0; i < N; ++i) out[i] = NAME(x[i], y[i], z[i]);                         \
    return out;                                                                          \
  }                                                                                      \
  template <typename T, std::size_t N>                                                   \
  marray<T, N> NAME(const marray<T, N> &x, const marray<T, N> &y, const marray<T, N> &z) { \
    marray<T, N> out;                                                                    \
    for (std::size_t i = 0; i < N; ++i) out[i] = NAME(x[i], y[i], z[i]);                 \
    return out;                                                                          \
  }
__SYCLONE_ELEMENTWISE3(mad_hi)
__SYCLONE_ELEMENTWISE3(mad_sat)
#undef __SYCLONE_ELEMENTWISE3
// Faster, less precise forms (native::, half_precision::): here the
// full-precision functions, with their vec and marray overloads (above).
namespace native {
using sycl::cos;
using sycl::exp;
using sycl::exp2;
using sycl::log;
using sycl::log2;
using sycl::powr;
using sycl::rsqrt;
using sycl::sin;
using sycl::sqrt;
using sycl::tan;
template <typename T> T recip(T x) { return T(1) / x; }
template <typename T> T divide(T x, T y) { return x / y; }
}  // namespace native
namespace half_precision = native;
template <typename T, int N>
vec<T, N> fma(const vec<T, N> &a, const vec<T, N> &b, const vec<T, N> &c) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = fma(a[i], b[i], c[i]);
  return out;
}
template <typename T, std::size_t N>
marray<T, N> fma(const marray<T, N> &a, const marray<T, N> &b, const marray<T, N> &c) {
  marray<T, N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = fma(a[i], b[i], c[i]);
  return out;
}

// The math functions with integer or pointer operands, element by element:
// an int vector (or one int for every element) of exponents, vectors of
// results through pointers.
#define __SYCLONE_VEC_WITH_INTS(CONTAINER, INDEX, SIZE)                                   \
  template <typename T, SIZE N>                                                            \
  CONTAINER<T, N> ldexp(const CONTAINER<T, N> &x, const CONTAINER<int, N> &k) {            \
    CONTAINER<T, N> out;                                                                   \
    for (INDEX i = 0; i < N; ++i) out[i] = ldexp(x[i], k[i]);                              \
    return out;                                                                            \
  }                                                                                        \
  template <typename T, SIZE N>                                                            \
  CONTAINER<T, N> ldexp(const CONTAINER<T, N> &x, int k) {                                 \
    CONTAINER<T, N> out;                                                                   \
    for (INDEX i = 0; i < N; ++i) out[i] = ldexp(x[i], k);                                 \
    return out;                                                                            \
  }                                                                                        \
  template <typename T, SIZE N>                                                            \
  CONTAINER<T, N> pown(const CONTAINER<T, N> &x, const CONTAINER<int, N> &k) {             \
    CONTAINER<T, N> out;                                                                   \
    for (INDEX i = 0; i < N; ++i) out[i] = pown(x[i], k[i]);                               \
    return out;                                                                            \
  }                                                                                        \
  template <typename T, SIZE N>                                                            \
  CONTAINER<T, N> rootn(const CONTAINER<T, N> &x, const CONTAINER<int, N> &k) {            \
    CONTAINER<T, N> out;                                                                   \
    for (INDEX i = 0; i < N; ++i) out[i] = rootn(x[i], k[i]);                              \
    return out;                                                                            \
  }                                                                                        \
  template <typename T, SIZE N>                                                            \
  CONTAINER<int, N> ilogb(const CONTAINER<T, N> &x) {                                      \
    CONTAINER<int, N> out;                                                                 \
    for (INDEX i = 0; i < N; ++i) out[i] = ilogb(x[i]);                                    \
    return out;                                                                            \
  }                                                                                        \
  template <typename T, SIZE N>                                                            \
  CONTAINER<T, N> nextafter(const CONTAINER<T, N> &x, const CONTAINER<T, N> &y) {          \
    CONTAINER<T, N> out;                                                                   \
    for (INDEX i = 0; i < N; ++i) out[i] = nextafter(x[i], y[i]);                          \
    return out;                                                                            \
  }                                                                                        \
  template <typename T, SIZE N>                                                            \
  CONTAINER<T, N> frexp(const CONTAINER<T, N> &x, CONTAINER<int, N> *e) {                  \
    CONTAINER<T, N> out;                                                                   \
    for (INDEX i = 0; i < N; ++i) {                                                        \
      int k = 0;                                                                           \
      out[i] = frexp(x[i], &k);                                                            \
      (*e)[i] = k;                                                                         \
    }                                                                                      \
    return out;                                                                            \
  }                                                                                        \
  template <typename T, SIZE N>                                                            \
  CONTAINER<T, N> modf(const CONTAINER<T, N> &x, CONTAINER<T, N> *whole) {                 \
    CONTAINER<T, N> out;                                                                   \
    for (INDEX i = 0; i < N; ++i) {                                                        \
      T w = T(0);                                                                          \
      out[i] = modf(x[i], &w);                                                             \
      (*whole)[i] = w;                                                                     \
    }                                                                                      \
    return out;                                                                            \
  }                                                                                        \
  template <typename T, SIZE N>                                                            \
  CONTAINER<T, N> remquo(const CONTAINER<T, N> &x, const CONTAINER<T, N> &y,               \
                         CONTAINER<int, N> *quo) {                                         \
    CONTAINER<T, N> out;                                                                   \
    for (INDEX i = 0; i < N; ++i) {                                                        \
      int q = 0;                                                                           \
      out[i] = remquo(x[i], y[i], &q);                                                     \
      (*quo)[i] = q;                                                                       \
    }                                                                                      \
    return out;                                                                            \
  }                                                                                        \
  template <typename T, SIZE N>                                                            \
  CONTAINER<T, N> lgamma_r(const CONTAINER<T, N> &x, CONTAINER<int, N> *sign) {            \
    CONTAINER<T, N> out;                                                                   \
    for (INDEX i = 0; i < N; ++i) {                                                        \
      int s = 0;                                                                           \
      out[i] = lgamma_r(x[i], &s);                                                         \
      (*sign)[i] = s;                                                                      \
    }                                                                                      \
    return out;                                                                            \
  }
__SYCLONE_VEC_WITH_INTS(vec, int, int)
__SYCLONE_VEC_WITH_INTS(marray, std::size_t, std::size_t)
#undef __SYCLONE_VEC_WITH_INTS

// Common functions (SYCL 2020 4.17.6) and min/max on vectors, element by
// element; the scalar forms of the bounds and weights apply to every
// element.
// The form with a scalar second operand, applied to every element.
#define __SYCLONE_VEC_SCALAR2(NAME)                                     \
  template <typename T, int N>                                          \
  vec<T, N> NAME(const vec<T, N> &x, T y) {                             \
    vec<T, N> out;                                                      \
    for (int i = 0; i < N; ++i) out[i] = NAME(x[i], y);                 \
    return out;                                                         \
  }
#define __SYCLONE_VEC_COMMON2(NAME)                                     \
  template <typename T, int N>                                          \
  vec<T, N> NAME(const vec<T, N> &x, const vec<T, N> &y) {              \
    vec<T, N> out;                                                      \
    for (int i = 0; i < N; ++i) out[i] = NAME(x[i], y[i]);              \
    return out;                                                         \
  }                                                                     \
  __SYCLONE_VEC_SCALAR2(NAME)
__SYCLONE_VEC_COMMON2(min)
__SYCLONE_VEC_COMMON2(max)
__SYCLONE_VEC_SCALAR2(fmin)
__SYCLONE_VEC_SCALAR2(fmax)
#undef __SYCLONE_VEC_COMMON2
#undef __SYCLONE_VEC_SCALAR2
template <typename T, int N>
vec<T, N> clamp(const vec<T, N> &x, const vec<T, N> &lo, const vec<T, N> &hi) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = clamp(x[i], lo[i], hi[i]);
  return out;
}
template <typename T, int N>
vec<T, N> clamp(const vec<T, N> &x, T lo, T hi) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = clamp(x[i], lo, hi);
  return out;
}
template <typename T, int N>
vec<T, N> mix(const vec<T, N> &x, const vec<T, N> &y, const vec<T, N> &a) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = mix(x[i], y[i], a[i]);
  return out;
}
template <typename T, int N>
vec<T, N> mix(const vec<T, N> &x, const vec<T, N> &y, T a) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = mix(x[i], y[i], a);
  return out;
}
template <typename T, int N>
vec<T, N> step(const vec<T, N> &edge, const vec<T, N> &x) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = step(edge[i], x[i]);
  return out;
}
template <typename T, int N>
vec<T, N> step(T edge, const vec<T, N> &x) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = step(edge, x[i]);
  return out;
}
template <typename T, int N>
vec<T, N> smoothstep(const vec<T, N> &e0, const vec<T, N> &e1, const vec<T, N> &x) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = smoothstep(e0[i], e1[i], x[i]);
  return out;
}
template <typename T, int N>
vec<T, N> smoothstep(T e0, T e1, const vec<T, N> &x) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = smoothstep(e0, e1, x[i]);
  return out;
}
template <typename T, int N>
vec<T, N> mad(const vec<T, N> &a, const vec<T, N> &b, const vec<T, N> &c) {
  return a * b + c;
}
#define __SYCLONE_VEC_COMMON1(NAME)                                     \
  template <typename T, int N>                                          \
  vec<T, N> NAME(const vec<T, N> &x) {                                  \
    vec<T, N> out;                                                      \
    for (int i = 0; i < N; ++i) out[i] = NAME(x[i]);                    \
    return out;                                                         \
  }
__SYCLONE_VEC_COMMON1(sign)
__SYCLONE_VEC_COMMON1(degrees)
__SYCLONE_VEC_COMMON1(radians)
__SYCLONE_VEC_COMMON1(sinpi)
__SYCLONE_VEC_COMMON1(cospi)
#undef __SYCLONE_VEC_COMMON1

// Relational functions (SYCL 2020 4.17.9) on vectors: a vector of the
// signed integer type of the element's size, -1 where true and 0 where
// false; on marrays, an marray<bool, N>.
namespace detail {
template <typename T>
bool msb_set(T x) {
  using U = std::make_unsigned_t<T>;
  return ((static_cast<U>(x) >> (sizeof(T) * 8 - 1)) & U(1)) != 0;
}
template <typename T>
rel_t<T> rel_mask(bool b) {
  return b ? rel_t<T>(-1) : rel_t<T>(0);
}
}  // namespace detail
#define __SYCLONE_RELATIONAL1(NAME)                                       \
  template <typename T, int N>                                            \
  vec<detail::rel_t<T>, N> NAME(const vec<T, N> &x) {                     \
    vec<detail::rel_t<T>, N> out;                                         \
    for (int i = 0; i < N; ++i) out[i] = detail::rel_mask<T>(NAME(x[i])); \
    return out;                                                           \
  }                                                                       \
  template <typename T, std::size_t N>                                    \
  marray<bool, N> NAME(const marray<T, N> &x) {                           \
    marray<bool, N> out;                                                  \
    for (std::size_t i = 0; i < N; ++i) out[i] = NAME(x[i]);              \
    return out;                                                           \
  }
__SYCLONE_RELATIONAL1(isnan)
__SYCLONE_RELATIONAL1(isinf)
__SYCLONE_RELATIONAL1(isfinite)
__SYCLONE_RELATIONAL1(isnormal)
__SYCLONE_RELATIONAL1(signbit)
#undef __SYCLONE_RELATIONAL1
#define __SYCLONE_RELATIONAL2(NAME)                                                   \
  template <typename T, int N>                                                        \
  vec<detail::rel_t<T>, N> NAME(const vec<T, N> &x, const vec<T, N> &y) {             \
    vec<detail::rel_t<T>, N> out;                                                     \
    for (int i = 0; i < N; ++i) out[i] = detail::rel_mask<T>(NAME(x[i], y[i]));       \
    return out;                                                                       \
  }                                                                                   \
  template <typename T, std::size_t N>                                                \
  marray<bool, N> NAME(const marray<T, N> &x, const marray<T, N> &y) {                \
    marray<bool, N> out;                                                              \
    for (std::size_t i = 0; i < N; ++i) out[i] = NAME(x[i], y[i]);                    \
    return out;                                                                       \
  }
__SYCLONE_RELATIONAL2(isequal)
__SYCLONE_RELATIONAL2(isnotequal)
__SYCLONE_RELATIONAL2(isgreater)
__SYCLONE_RELATIONAL2(isgreaterequal)
__SYCLONE_RELATIONAL2(isless)
__SYCLONE_RELATIONAL2(islessequal)
__SYCLONE_RELATIONAL2(islessgreater)
__SYCLONE_RELATIONAL2(isordered)
__SYCLONE_RELATIONAL2(isunordered)
#undef __SYCLONE_RELATIONAL2
// any/all of an integer vector: 1 when the most significant bit of any
// (every) element is set, else 0. Of an marray<bool, N>: whether any
// (every, no) element is true.
template <typename T, int N>
std::enable_if_t<std::is_integral_v<T>, int> any(const vec<T, N> &x) {
  for (int i = 0; i < N; ++i)
    if (detail::msb_set(x[i])) return 1;
  return 0;
}
template <typename T, int N>
std::enable_if_t<std::is_integral_v<T>, int> all(const vec<T, N> &x) {
  for (int i = 0; i < N; ++i)
    if (!detail::msb_set(x[i])) return 0;
  return 1;
}
template <std::size_t N>
bool any(const marray<bool, N> &x) {
  for (std::size_t i = 0; i < N; ++i)
    if (x[i]) return true;
  return false;
}
template <std::size_t N>
bool all(const marray<bool, N> &x) {
  for (std::size_t i = 0; i < N; ++i)
    if (!x[i]) return false;
  return true;
}
template <std::size_t N>
bool none(const marray<bool, N> &x) {
  return !any(x);
}
// Element i of b where the most significant bit of c[i] is set, else of a;
// of marrays, where c[i] is true.
template <typename T, int N, typename C>
vec<T, N> select(const vec<T, N> &a, const vec<T, N> &b, const vec<C, N> &c) {
  static_assert(std::is_integral_v<C> && sizeof(C) == sizeof(T),
                "sycl::select on vectors takes an integer selector of the elements' size");
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = detail::msb_set(c[i]) ? b[i] : a[i];
  return out;
}
template <typename T, std::size_t N>
marray<T, N> select(const marray<T, N> &a, const marray<T, N> &b, const marray<bool, N> &c) {
  marray<T, N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = c[i] ? b[i] : a[i];
  return out;
}
template <typename T, int N>
vec<T, N> bitselect(const vec<T, N> &a, const vec<T, N> &b, const vec<T, N> &c) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = bitselect(a[i], b[i], c[i]);
  return out;
}
template <typename T, std::size_t N>
marray<T, N> bitselect(const marray<T, N> &a, const marray<T, N> &b, const marray<T, N> &c) {
  marray<T, N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = bitselect(a[i], b[i], c[i]);
  return out;
}

// abs of each element: integers (unsigned ones unchanged) and
// floating-point elements alike.
namespace detail {
template <typename T>
T abs_of(T x) {
  if constexpr (std::is_unsigned_v<T>) {
    return x;
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return x < T(0) ? static_cast<T>(U(0) - static_cast<U>(x)) : x;
  } else {
    return fabs(x);
  }
}
}  // namespace detail
template <typename T, int N>
vec<T, N> abs(const vec<T, N> &x) {
  vec<T, N> out;
  for (int i = 0; i < N; ++i) out[i] = detail::abs_of(x[i]);
  return out;
}
template <typename T, std::size_t N>
marray<T, N> abs(const marray<T, N> &x) {
  marray<T, N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = detail::abs_of(x[i]);
  return out;
}

// Geometric functions (SYCL 2020 4.17.8) on 2-, 3- and 4-element vectors.
template <typename T, int N>
T dot(const vec<T, N> &a, const vec<T, N> &b) {
  T sum = T(0);
  for (int i = 0; i < N; ++i) sum += a[i] * b[i];
  return sum;
}
template <typename T>
vec<T, 3> cross(const vec<T, 3> &a, const vec<T, 3> &b) {
  return vec<T, 3>(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
}
template <typename T>
vec<T, 4> cross(const vec<T, 4> &a, const vec<T, 4> &b) {
  return vec<T, 4>(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0],
                   T(0));
}
template <typename T, int N>
T length(const vec<T, N> &v) {
  return std::sqrt(dot(v, v));
}
template <typename T, int N>
T distance(const vec<T, N> &a, const vec<T, N> &b) {
  return length(a - b);
}
template <typename T, int N>
vec<T, N> normalize(const vec<T, N> &v) {
  return v / length(v);
}
// The fast_ forms (float only): here the same formulas, normalize through
// rsqrt; a zero vector normalizes to itself. On scalars, |x|, |a - b| and
// the sign of x.
inline float fast_length(float x) { return fabs(x); }
inline float fast_distance(float a, float b) { return fabs(a - b); }
inline float fast_normalize(float x) { return x == 0.0f ? x : (x > 0.0f ? 1.0f : -1.0f); }
template <int N>
float fast_length(const vec<float, N> &v) {
  return sqrt(dot(v, v));
}
template <int N>
float fast_distance(const vec<float, N> &a, const vec<float, N> &b) {
  return fast_length(a - b);
}
template <int N>
vec<float, N> fast_normalize(const vec<float, N> &v) {
  float squared = dot(v, v);
  if (squared == 0.0f) return v;
  return v * rsqrt(squared);
}

}  // namespace sycl
