// sycl::vec (SYCL 2020 4.14.2): N (1, 2, 3, 4, 8 or 16) elements of one
// arithmetic type (and sycl::marray below), with
// element-wise operators, comparisons giving -1/0 masks, named and swizzled
// element access, conversions, and the geometric functions. Read by both
// passes: the device pass sees an ordinary class of N scalars (3-element
// vectors are laid out as 4, as SYCL specifies, so both passes agree).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
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

// Whether `f`, the floating-point value nearest to `x`, is below (-1),
// equal to (0) or above (1) `x`: compared in x's type, which holds f
// exactly (an integer x gives an integral f) unless f is past the type's
// range, where it is above x.
template <typename To, typename From>
int side_of_converted(To f, From x) {
  if constexpr (std::is_integral<From>::value) {
    if (f >= std::ldexp(To(1), std::numeric_limits<From>::digits)) return 1;
  }
  From back = static_cast<From>(f);
  return back < x ? -1 : (back > x ? 1 : 0);
}

// An element converted, rounded as the mode says: a floating-point one to
// an integer type (automatic and rtz: toward zero), or one with more
// digits than float or double to that type, from a wider floating-point
// type or an integer (automatic and rte: to nearest, else the nearest
// value stepped once where it lies on the wrong side of x); other
// conversions (sycl::half among them) as static_cast.
template <typename To, rounding_mode Mode, typename From>
To convert_element(From x) {
  if constexpr (std::is_integral<To>::value && !std::is_integral<From>::value) {
    using Wide = std::conditional_t<(sizeof(From) > 4), double, float>;
    Wide w = static_cast<Wide>(x);
    if constexpr (Mode == rounding_mode::rte) return static_cast<To>(std::rint(w));
    else if constexpr (Mode == rounding_mode::rtp) return static_cast<To>(std::ceil(w));
    else if constexpr (Mode == rounding_mode::rtn) return static_cast<To>(std::floor(w));
    else return static_cast<To>(w);
  } else if constexpr (std::is_floating_point<To>::value &&
                       std::numeric_limits<From>::digits > std::numeric_limits<To>::digits &&
                       (Mode == rounding_mode::rtp || Mode == rounding_mode::rtn || Mode == rounding_mode::rtz)) {
    // Toward zero: down from a positive value, up from a negative one.
    if constexpr (Mode == rounding_mode::rtz) {
      return x > From(0) ? convert_element<To, rounding_mode::rtn>(x) : convert_element<To, rounding_mode::rtp>(x);
    }
    const To nearest = static_cast<To>(x);
    const int side = side_of_converted(nearest, x);
    const To inf = std::numeric_limits<To>::infinity();
    if (Mode == rounding_mode::rtp && side < 0) return std::nextafter(nearest, inf);
    if (Mode == rounding_mode::rtn && side > 0) return std::nextafter(nearest, -inf);
    return nearest;
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

// The I-th of Indexes.
template <int I, int First, int... Rest>
struct nth_index : nth_index<I - 1, Rest...> {};
template <int First, int... Rest>
struct nth_index<0, First, Rest...> {
  static constexpr int value = First;
};

// Half `Part` (0 lo, 1 hi, 2 even, 3 odd) of `v`, a vector or a swizzle of
// `Size` elements (of 3, the fourth is the padding).
template <int Part, int Size, typename V, int... K>
auto half_swizzle_of(V &v, std::integer_sequence<int, K...>) {
  return v.template swizzle<(Part == 0 ? K : Part == 1 ? K + (Size + 1) / 2 : Part == 2 ? 2 * K : 2 * K + 1)...>();
}
template <int Part, int Size, typename V>
auto half_swizzle(V &v) {
  return half_swizzle_of<Part, Size>(v, std::make_integer_sequence<int, (Size + 1) / 2>());
}
}  // namespace detail

// The named swizzles of a vector and of a swizzle (whose swizzle<...>()
// composes with its own) of SIZE elements: the common ones and the halves;
// with SYCL_SIMPLE_SWIZZLES, the class also includes vec_swizzles.inc.
#define __SYCLONE_VEC_SWIZZLE(NAME, ...)                \
  auto NAME() const { return swizzle<__VA_ARGS__>(); } \
  auto NAME() { return swizzle<__VA_ARGS__>(); }
#define __SYCLONE_VEC_HALF(NAME, PART, SIZE)                                     \
  auto NAME() const { return detail::half_swizzle<PART, SIZE>(*this); }         \
  auto NAME() { return detail::half_swizzle<PART, SIZE>(*this); }
#define __SYCLONE_VEC_NAMED_SWIZZLES(SIZE)     \
  __SYCLONE_VEC_SWIZZLE(xy, 0, 1)              \
  __SYCLONE_VEC_SWIZZLE(xyz, 0, 1, 2)          \
  __SYCLONE_VEC_SWIZZLE(xyzw, 0, 1, 2, 3)      \
  __SYCLONE_VEC_SWIZZLE(zyx, 2, 1, 0)          \
  __SYCLONE_VEC_SWIZZLE(wzyx, 3, 2, 1, 0)      \
  __SYCLONE_VEC_SWIZZLE(rgb, 0, 1, 2)          \
  __SYCLONE_VEC_SWIZZLE(rgba, 0, 1, 2, 3)      \
  __SYCLONE_VEC_SWIZZLE(bgra, 2, 1, 0, 3)      \
  __SYCLONE_VEC_HALF(lo, 0, SIZE)              \
  __SYCLONE_VEC_HALF(hi, 1, SIZE)              \
  __SYCLONE_VEC_HALF(even, 2, SIZE)            \
  __SYCLONE_VEC_HALF(odd, 3, SIZE)

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
  // Every element becomes `value`. A template, so that `v = {}` takes the
  // copy assignment (a non-template wins a tie) where DataT is a class
  // (`half2 h; h = {};`), as in DPC++.
  template <typename Self = vec>
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
  __SYCLONE_VEC_NAMED_SWIZZLES(NumElements)
#ifdef SYCL_SIMPLE_SWIZZLES
#include <sycl/detail/vec_swizzles.inc>
#endif

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

  // Element-wise conversion, rounded as the mode says (see
  // detail::convert_element).
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
  DataT m_data[NumElements == 3 ? 4 : NumElements];
};

namespace detail {
// A swizzle of a non-const vec (`v.xy()`, `v.lo()`, `v.swizzle<2, 0>()`):
// a vec holding the selected elements' values (so it reads, and passes to
// functions taking vecs, as one), whose assignments, increments and
// decrements also write the elements of the vec it was taken from. Its
// swizzles are swizzles of that vec (`v.zw().yx() = w`), and its named
// elements and subscripts reach that vec's elements (`v.hi().x() = 1`).
template <typename DataT, int NumElements, int... Indexes>
class swizzled : public vec<DataT, sizeof...(Indexes)> {
  using base = vec<DataT, sizeof...(Indexes)>;

 public:
  explicit swizzled(vec<DataT, NumElements> &source) : base(source[Indexes]...), m_source(source) {}
  swizzled(const swizzled &other) = default;

  template <int... Picks>
  const vec<DataT, sizeof...(Picks)> swizzle() const {
    return base::template swizzle<Picks...>();
  }
  template <int... Picks>
  swizzled<DataT, NumElements, nth_index<Picks, Indexes...>::value...> swizzle() {
    return swizzled<DataT, NumElements, nth_index<Picks, Indexes...>::value...>(m_source);
  }
  __SYCLONE_VEC_NAMED_SWIZZLES(int(sizeof...(Indexes)))
#ifdef SYCL_SIMPLE_SWIZZLES
#include <sycl/detail/vec_swizzles.inc>
#endif
#define __SYCLONE_SWIZZLE_ELEMENT(NAME, I)                              \
  DataT &NAME() { return m_source[nth_index<I, Indexes...>::value]; } \
  const DataT &NAME() const { return base::operator[](I); }
  __SYCLONE_SWIZZLE_ELEMENT(x, 0)
  __SYCLONE_SWIZZLE_ELEMENT(y, 1)
  __SYCLONE_SWIZZLE_ELEMENT(z, 2)
  __SYCLONE_SWIZZLE_ELEMENT(w, 3)
  __SYCLONE_SWIZZLE_ELEMENT(r, 0)
  __SYCLONE_SWIZZLE_ELEMENT(g, 1)
  __SYCLONE_SWIZZLE_ELEMENT(b, 2)
  __SYCLONE_SWIZZLE_ELEMENT(a, 3)
  __SYCLONE_SWIZZLE_ELEMENT(s0, 0)
  __SYCLONE_SWIZZLE_ELEMENT(s1, 1)
  __SYCLONE_SWIZZLE_ELEMENT(s2, 2)
  __SYCLONE_SWIZZLE_ELEMENT(s3, 3)
  __SYCLONE_SWIZZLE_ELEMENT(s4, 4)
  __SYCLONE_SWIZZLE_ELEMENT(s5, 5)
  __SYCLONE_SWIZZLE_ELEMENT(s6, 6)
  __SYCLONE_SWIZZLE_ELEMENT(s7, 7)
  __SYCLONE_SWIZZLE_ELEMENT(s8, 8)
  __SYCLONE_SWIZZLE_ELEMENT(s9, 9)
  __SYCLONE_SWIZZLE_ELEMENT(sA, 10)
  __SYCLONE_SWIZZLE_ELEMENT(sB, 11)
  __SYCLONE_SWIZZLE_ELEMENT(sC, 12)
  __SYCLONE_SWIZZLE_ELEMENT(sD, 13)
  __SYCLONE_SWIZZLE_ELEMENT(sE, 14)
  __SYCLONE_SWIZZLE_ELEMENT(sF, 15)
#undef __SYCLONE_SWIZZLE_ELEMENT
  DataT &operator[](int i) {
    const int indexes[] = {Indexes...};
    return m_source[indexes[i]];
  }
  const DataT &operator[](int i) const { return base::operator[](i); }

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
  swizzled &operator++() { return *this += DataT(1); }
  swizzled &operator--() { return *this -= DataT(1); }
  base operator++(int) {
    base old = *this;
    *this += DataT(1);
    return old;
  }
  base operator--(int) {
    base old = *this;
    *this -= DataT(1);
    return old;
  }

 private:
  void write(const base &value) {
    int k = 0;
    ((m_source[Indexes] = value[k++]), ...);
    static_cast<base &>(*this) = value;
  }
  vec<DataT, NumElements> &m_source;
};
}  // namespace detail
#undef __SYCLONE_VEC_NAMED_SWIZZLES
#undef __SYCLONE_VEC_HALF
#undef __SYCLONE_VEC_SWIZZLE

// SYCL 1.2.1's scalar type names, still common in ported code.
using schar = signed char;
using uchar = unsigned char;
using ushort = unsigned short;
using uint = unsigned int;
using ulong = unsigned long;
using longlong = long long;
using ulonglong = unsigned long long;
// And its OpenCL scalar names (`cl_ulong` for profiling times).
using cl_bool = bool;
using cl_char = std::int8_t;
using cl_uchar = std::uint8_t;
using cl_short = std::int16_t;
using cl_ushort = std::uint16_t;
using cl_int = std::int32_t;
using cl_uint = std::uint32_t;
using cl_long = std::int64_t;
using cl_ulong = std::uint64_t;
using cl_half = half;
using cl_float = float;
using cl_double = double;

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

// Common functions (SYCL 2020 4.17.6), min/max, fmin/fmax and mad on
// vectors and marrays, element by element; a scalar second operand, pair
// of bounds, edge or weight applies to every element.
#define __SYCLONE_VEC_COMMON(CONTAINER, INDEX, SIZE)                                       \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> min(const CONTAINER<T, N> &x, const CONTAINER<T, N> &y) {                 \
    CONTAINER<T, N> out;                                                                    \
    for (INDEX i = 0; i < N; ++i) out[i] = min(x[i], y[i]);                                 \
    return out;                                                                             \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> min(const CONTAINER<T, N> &x, T y) {                                      \
    return min(x, CONTAINER<T, N>(y));                                                      \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> max(const CONTAINER<T, N> &x, const CONTAINER<T, N> &y) {                 \
    CONTAINER<T, N> out;                                                                    \
    for (INDEX i = 0; i < N; ++i) out[i] = max(x[i], y[i]);                                 \
    return out;                                                                             \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> max(const CONTAINER<T, N> &x, T y) {                                      \
    return max(x, CONTAINER<T, N>(y));                                                      \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> fmin(const CONTAINER<T, N> &x, T y) {                                     \
    return fmin(x, CONTAINER<T, N>(y));                                                     \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> fmax(const CONTAINER<T, N> &x, T y) {                                     \
    return fmax(x, CONTAINER<T, N>(y));                                                     \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> clamp(const CONTAINER<T, N> &x, const CONTAINER<T, N> &lo,                \
                        const CONTAINER<T, N> &hi) {                                        \
    CONTAINER<T, N> out;                                                                    \
    for (INDEX i = 0; i < N; ++i) out[i] = clamp(x[i], lo[i], hi[i]);                       \
    return out;                                                                             \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> clamp(const CONTAINER<T, N> &x, T lo, T hi) {                             \
    return clamp(x, CONTAINER<T, N>(lo), CONTAINER<T, N>(hi));                              \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> mix(const CONTAINER<T, N> &x, const CONTAINER<T, N> &y,                   \
                      const CONTAINER<T, N> &a) {                                           \
    CONTAINER<T, N> out;                                                                    \
    for (INDEX i = 0; i < N; ++i) out[i] = mix(x[i], y[i], a[i]);                           \
    return out;                                                                             \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> mix(const CONTAINER<T, N> &x, const CONTAINER<T, N> &y, T a) {            \
    return mix(x, y, CONTAINER<T, N>(a));                                                   \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> step(const CONTAINER<T, N> &edge, const CONTAINER<T, N> &x) {             \
    CONTAINER<T, N> out;                                                                    \
    for (INDEX i = 0; i < N; ++i) out[i] = step(edge[i], x[i]);                             \
    return out;                                                                             \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> step(T edge, const CONTAINER<T, N> &x) {                                  \
    return step(CONTAINER<T, N>(edge), x);                                                  \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> smoothstep(const CONTAINER<T, N> &e0, const CONTAINER<T, N> &e1,          \
                             const CONTAINER<T, N> &x) {                                    \
    CONTAINER<T, N> out;                                                                    \
    for (INDEX i = 0; i < N; ++i) out[i] = smoothstep(e0[i], e1[i], x[i]);                  \
    return out;                                                                             \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> smoothstep(T e0, T e1, const CONTAINER<T, N> &x) {                        \
    return smoothstep(CONTAINER<T, N>(e0), CONTAINER<T, N>(e1), x);                         \
  }                                                                                         \
  template <typename T, SIZE N>                                                             \
  CONTAINER<T, N> mad(const CONTAINER<T, N> &a, const CONTAINER<T, N> &b,                   \
                      const CONTAINER<T, N> &c) {                                           \
    return a * b + c;                                                                       \
  }
__SYCLONE_VEC_COMMON(vec, int, int)
__SYCLONE_VEC_COMMON(marray, std::size_t, std::size_t)
#undef __SYCLONE_VEC_COMMON
#define __SYCLONE_VEC_COMMON1(NAME)                                     \
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

// Geometric functions (SYCL 2020 4.17.8) on 2-, 3- and 4-element vectors
// and marrays. A zero vector normalizes to itself (as in OpenCL). The fast_
// forms (float only): the same formulas, normalize through rsqrt.
#define __SYCLONE_GEOMETRY(CONTAINER, INDEX, SIZE)                                          \
  template <typename T, SIZE N>                                                              \
  T dot(const CONTAINER<T, N> &a, const CONTAINER<T, N> &b) {                                \
    T sum = T(0);                                                                            \
    for (INDEX i = 0; i < N; ++i) sum += a[i] * b[i];                                        \
    return sum;                                                                              \
  }                                                                                          \
  template <typename T>                                                                      \
  CONTAINER<T, 3> cross(const CONTAINER<T, 3> &a, const CONTAINER<T, 3> &b) {                \
    return CONTAINER<T, 3>(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],             \
                           a[0] * b[1] - a[1] * b[0]);                                       \
  }                                                                                          \
  template <typename T>                                                                      \
  CONTAINER<T, 4> cross(const CONTAINER<T, 4> &a, const CONTAINER<T, 4> &b) {                \
    return CONTAINER<T, 4>(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],             \
                           a[0] * b[1] - a[1] * b[0], T(0));                                 \
  }                                                                                          \
  template <typename T, SIZE N>                                                              \
  T length(const CONTAINER<T, N> &v) {                                                       \
    return T(sqrt(dot(v, v)));                                                               \
  }                                                                                          \
  template <typename T, SIZE N>                                                              \
  T distance(const CONTAINER<T, N> &a, const CONTAINER<T, N> &b) {                           \
    return length(a - b);                                                                    \
  }                                                                                          \
  template <typename T, SIZE N>                                                              \
  CONTAINER<T, N> normalize(const CONTAINER<T, N> &v) {                                      \
    T squared = dot(v, v);                                                                   \
    if (squared == T(0)) return v;                                                           \
    return v / T(sqrt(squared));                                                             \
  }                                                                                          \
  template <SIZE N>                                                                          \
  float fast_length(const CONTAINER<float, N> &v) {                                          \
    return sqrt(dot(v, v));                                                                  \
  }                                                                                          \
  template <SIZE N>                                                                          \
  float fast_distance(const CONTAINER<float, N> &a, const CONTAINER<float, N> &b) {          \
    return fast_length(a - b);                                                               \
  }                                                                                          \
  template <SIZE N>                                                                          \
  CONTAINER<float, N> fast_normalize(const CONTAINER<float, N> &v) {                         \
    float squared = dot(v, v);                                                               \
    if (squared == 0.0f) return v;                                                           \
    return v * rsqrt(squared);                                                               \
  }
__SYCLONE_GEOMETRY(vec, int, int)
__SYCLONE_GEOMETRY(marray, std::size_t, std::size_t)
#undef __SYCLONE_GEOMETRY
// On scalars (float, double and half; the fast_ forms float only): the
// product, |x|, |a - b| and the sign of x (x itself for zeros and NaN).
#define __SYCLONE_SCALAR_GEOMETRY(T)                                 \
  inline T dot(T a, T b) { return a * b; }                           \
  inline T length(T x) { return fabs(x); }                           \
  inline T distance(T a, T b) { return fabs(a - b); }                \
  inline T normalize(T x) { return x > T(0) ? T(1) : (x < T(0) ? T(-1) : x); }
__SYCLONE_SCALAR_GEOMETRY(float)
__SYCLONE_SCALAR_GEOMETRY(double)
__SYCLONE_SCALAR_GEOMETRY(half)
#undef __SYCLONE_SCALAR_GEOMETRY
inline float fast_length(float x) { return fabs(x); }
inline float fast_distance(float a, float b) { return fabs(a - b); }
inline float fast_normalize(float x) { return normalize(x); }

}  // namespace sycl
