// Reductions (SYCL 2020 4.9.2): the function objects (plus, minimum ...),
// known identities, sycl::reduction over a USM pointer or a buffer, the
// reducer a kernel combines its contributions into, and the kernel the
// handler runs in place of the user's: each work-item reduces into a
// private reducer, the work-group combines the private values in local
// memory, and one work-item per group combines the group's value into the
// result with an atomic operation (a compare-exchange loop for operations
// without an atomic instruction; classes of 4 or 8 bytes, as
// std::pair<float, int> for an argmin, through a compare-exchange of their
// bits; types of 1 or 2 bytes, as bool or short, through a compare-exchange
// of the 32-bit word holding them; other classes by the last work-group to
// finish, through scratch words of the queue's). Included by sycl.hpp
// before the handler.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <type_traits>

#include <sycl/detail/bit_cast.hpp>

namespace sycl {

// ---------------------------------------------------------------- function objects
#define __SYCLONE_FUNCTION_OBJECT(NAME, EXPR)                                   \
  template <typename T = void>                                                 \
  struct NAME {                                                                \
    T operator()(const T &x, const T &y) const { return EXPR; }                \
  };                                                                           \
  template <>                                                                  \
  struct NAME<void> {                                                          \
    template <typename T>                                                      \
    T operator()(const T &x, const T &y) const {                               \
      return EXPR;                                                             \
    }                                                                          \
  };
__SYCLONE_FUNCTION_OBJECT(plus, x + y)
__SYCLONE_FUNCTION_OBJECT(multiplies, x * y)
__SYCLONE_FUNCTION_OBJECT(bit_and, x & y)
__SYCLONE_FUNCTION_OBJECT(bit_or, x | y)
__SYCLONE_FUNCTION_OBJECT(bit_xor, x ^ y)
__SYCLONE_FUNCTION_OBJECT(logical_and, T(x && y))
__SYCLONE_FUNCTION_OBJECT(logical_or, T(x || y))
__SYCLONE_FUNCTION_OBJECT(minimum, y < x ? y : x)
__SYCLONE_FUNCTION_OBJECT(maximum, x < y ? y : x)
#undef __SYCLONE_FUNCTION_OBJECT

// The names DPC++ had under ext::oneapi before SYCL 2020 took them (still
// in code written for it: `sycl::ext::oneapi::plus<>()`).
namespace ext {
namespace oneapi {
template <typename T = void> using plus = sycl::plus<T>;
template <typename T = void> using multiplies = sycl::multiplies<T>;
template <typename T = void> using bit_and = sycl::bit_and<T>;
template <typename T = void> using bit_or = sycl::bit_or<T>;
template <typename T = void> using bit_xor = sycl::bit_xor<T>;
template <typename T = void> using logical_and = sycl::logical_and<T>;
template <typename T = void> using logical_or = sycl::logical_or<T>;
template <typename T = void> using minimum = sycl::minimum<T>;
template <typename T = void> using maximum = sycl::maximum<T>;
}  // namespace oneapi
}  // namespace ext

namespace detail {
// Which of the standard operations a function object is.
enum reduce_op : int {
  op_other, op_plus, op_multiplies, op_bit_and, op_bit_or, op_bit_xor, op_logical_and, op_logical_or,
  op_minimum, op_maximum
};
template <typename Op>
struct op_kind { static constexpr int value = op_other; };
template <typename T>
struct op_kind<plus<T>> { static constexpr int value = op_plus; };
template <typename T>
struct op_kind<multiplies<T>> { static constexpr int value = op_multiplies; };
template <typename T>
struct op_kind<bit_and<T>> { static constexpr int value = op_bit_and; };
template <typename T>
struct op_kind<bit_or<T>> { static constexpr int value = op_bit_or; };
template <typename T>
struct op_kind<bit_xor<T>> { static constexpr int value = op_bit_xor; };
template <typename T>
struct op_kind<logical_and<T>> { static constexpr int value = op_logical_and; };
template <typename T>
struct op_kind<logical_or<T>> { static constexpr int value = op_logical_or; };
template <typename T>
struct op_kind<minimum<T>> { static constexpr int value = op_minimum; };
template <typename T>
struct op_kind<maximum<T>> { static constexpr int value = op_maximum; };
// The standard library's, as code ported to SYCL passes them.
template <typename T>
struct op_kind<std::plus<T>> { static constexpr int value = op_plus; };
template <typename T>
struct op_kind<std::multiplies<T>> { static constexpr int value = op_multiplies; };
template <typename T>
struct op_kind<std::bit_and<T>> { static constexpr int value = op_bit_and; };
template <typename T>
struct op_kind<std::bit_or<T>> { static constexpr int value = op_bit_or; };
template <typename T>
struct op_kind<std::bit_xor<T>> { static constexpr int value = op_bit_xor; };
}  // namespace detail

// The identity of a standard operation over an arithmetic type.
template <typename BinaryOperation, typename AccumulatorT>
struct has_known_identity {
  static constexpr bool value = std::is_arithmetic_v<AccumulatorT> &&
                                detail::op_kind<BinaryOperation>::value != detail::op_other;
};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr bool has_known_identity_v = has_known_identity<BinaryOperation, AccumulatorT>::value;

template <typename BinaryOperation, typename AccumulatorT>
struct known_identity {
  static constexpr AccumulatorT compute() {
    constexpr int k = detail::op_kind<BinaryOperation>::value;
    if constexpr (k == detail::op_multiplies || k == detail::op_logical_and) {
      return AccumulatorT(1);
    } else if constexpr (k == detail::op_bit_and) {
      return AccumulatorT(~AccumulatorT(0));
    } else if constexpr (k == detail::op_minimum) {
      return std::numeric_limits<AccumulatorT>::has_infinity ? std::numeric_limits<AccumulatorT>::infinity()
                                                             : std::numeric_limits<AccumulatorT>::max();
    } else if constexpr (k == detail::op_maximum) {
      return std::numeric_limits<AccumulatorT>::has_infinity ? -std::numeric_limits<AccumulatorT>::infinity()
                                                             : std::numeric_limits<AccumulatorT>::lowest();
    } else {
      return AccumulatorT(0);
    }
  }
  static constexpr AccumulatorT value = compute();
};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr AccumulatorT known_identity_v = known_identity<BinaryOperation, AccumulatorT>::value;

namespace detail {
// The operators of a reducer (`+=` for plus, `++`...), over its combine().
template <typename Reducer, typename T, typename BinaryOperation>
class reducer_operators {
  static constexpr int kind = op_kind<BinaryOperation>::value;
  Reducer &self() { return static_cast<Reducer &>(*this); }

 public:
  Reducer &operator+=(const T &partial) {
    static_assert(kind == op_plus, "operator+= needs a sycl::plus reduction");
    return self().combine(partial);
  }
  Reducer &operator*=(const T &partial) {
    static_assert(kind == op_multiplies, "operator*= needs a sycl::multiplies reduction");
    return self().combine(partial);
  }
  Reducer &operator&=(const T &partial) {
    static_assert(kind == op_bit_and, "operator&= needs a sycl::bit_and reduction");
    return self().combine(partial);
  }
  Reducer &operator|=(const T &partial) {
    static_assert(kind == op_bit_or, "operator|= needs a sycl::bit_or reduction");
    return self().combine(partial);
  }
  Reducer &operator^=(const T &partial) {
    static_assert(kind == op_bit_xor, "operator^= needs a sycl::bit_xor reduction");
    return self().combine(partial);
  }
  Reducer &operator++() {
    static_assert(kind == op_plus, "operator++ needs a sycl::plus reduction");
    return self().combine(T(1));
  }
  void operator++(int) { ++*this; }
};
template <typename T, typename Op>
void atomic_combine(T *p, T v, Op op);
}  // namespace detail

// What a kernel with a reduction combines its contributions into.
template <typename T, typename BinaryOperation, int Dimensions = 0>
class reducer : public detail::reducer_operators<reducer<T, BinaryOperation, Dimensions>, T, BinaryOperation> {
 public:
  using value_type = T;
  reducer(const T &identity, BinaryOperation op) : m_value(identity), m_identity(identity), m_op(op) {}
  reducer &combine(const T &partial) {
    m_value = m_op(m_value, partial);
    return *this;
  }
  T identity() const { return m_identity; }
  // The value this work-item contributes.
  T value() const { return m_value; }

 private:
  T m_value;
  T m_identity;
  BinaryOperation m_op;
};

namespace detail {
// Element `i` of an array reduction: combines straight into the result's
// element with an atomic operation.
template <typename T, typename BinaryOperation>
class element_reducer : public reducer_operators<element_reducer<T, BinaryOperation>, T, BinaryOperation> {
 public:
  element_reducer(T *element, const T &identity, BinaryOperation op)
      : m_element(element), m_identity(identity), m_op(op) {}
  element_reducer &combine(const T &partial) {
    atomic_combine(m_element, partial, m_op);
    return *this;
  }
  T identity() const { return m_identity; }

 private:
  T *m_element;
  T m_identity;
  BinaryOperation m_op;
};
}  // namespace detail

// The reducer of a reduction over a span: `r[i]` reduces element i.
template <typename T, typename BinaryOperation>
class reducer<T, BinaryOperation, 1> {
 public:
  using value_type = T;
  reducer(T *result, const T &identity, BinaryOperation op) : m_result(result), m_identity(identity), m_op(op) {}
  detail::element_reducer<T, BinaryOperation> operator[](size_t i) const {
    return detail::element_reducer<T, BinaryOperation>(m_result + i, m_identity, m_op);
  }
  T identity() const { return m_identity; }

 private:
  T *m_result;
  T m_identity;
  BinaryOperation m_op;
};

namespace detail {
// How a group's value of type T is combined into the result: by an atomic
// operation of T (native), a compare-exchange of its bits (bits: classes of
// 4 or 8 bytes), of the 32-bit word holding it (in_word: 1 or 2 bytes), or
// by the last work-group to finish (by_last_group: other classes; see
// combine_by_last_group).
enum class combine_kind { native, bits, in_word, by_last_group };
template <typename T>
constexpr combine_kind combine_kind_of() {
  if constexpr (sizeof(T) < 3) {
    return combine_kind::in_word;
  } else if constexpr (std::is_integral_v<T> || std::is_floating_point_v<T>) {
    return combine_kind::native;
  } else if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    return combine_kind::bits;
  } else {
    return combine_kind::by_last_group;
  }
}
template <typename T>
inline constexpr combine_kind combine_kind_v = combine_kind_of<T>();
template <typename T>
using bits_of_t = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;

// The place of a value of 1 or 2 bytes: the word holding it and the bit
// its bytes start at.
struct word_place {
  uint32_t *word;
  unsigned shift;
};
// The words a result combined by the last work-group lies in (`Words`: a
// pointer, or an accessor of a buffer's words or, for a class of a size
// that is no multiple of 4, of its elements), the byte in the first word
// where the result starts, and the scratch words the handler gives each
// launch: a counter of the work-groups done (0 between launches), then
// each work-group's value.
template <typename Words>
struct group_scratch_target {
  Words words;
  unsigned offset;
  uint32_t *scratch;
};
template <typename T>
inline constexpr bool is_group_scratch_target_v = false;
template <typename Words>
inline constexpr bool is_group_scratch_target_v<group_scratch_target<Words>> = true;

// What a kernel combines a USM result of type T into.
template <typename T, combine_kind K = combine_kind_v<T>>
struct usm_target_of { using type = T *; };
template <typename T>
struct usm_target_of<T, combine_kind::bits> { using type = bits_of_t<T> *; };
template <typename T>
struct usm_target_of<T, combine_kind::in_word> { using type = word_place; };
template <typename T>
struct usm_target_of<T, combine_kind::by_last_group> { using type = group_scratch_target<uint32_t *>; };
template <typename T>
using usm_target_t = typename usm_target_of<T>::type;

// The first element of an accessor or pointer target.
template <typename P>
P *first_of(P *p) {
  return p;
}
template <typename Accessor, typename = std::enable_if_t<!std::is_pointer_v<Accessor>>>
auto first_of(const Accessor &a) -> decltype(&a[0]) {
  return &a[0];
}
// Where the result of type T is (for setting it to the identity).
template <typename T, typename Target>
T *result_address(const Target &t) {
  if constexpr (std::is_same_v<Target, word_place>) {
    return reinterpret_cast<T *>(reinterpret_cast<char *>(t.word) + t.shift / 8);
  } else if constexpr (is_group_scratch_target_v<Target>) {
    return reinterpret_cast<T *>(reinterpret_cast<char *>(first_of(t.words)) + t.offset);
  } else {
    return reinterpret_cast<T *>(first_of(t));
  }
}
// The word holding a result of 1 or 2 bytes: a USM one's place, or the first
// word of a buffer.
inline word_place word_of(const word_place &p) { return p; }
template <typename Accessor>
word_place word_of(const Accessor &a) {
  return {reinterpret_cast<uint32_t *>(&a[0]), 0};
}

// A reduction variable: where the result is (`Target`: a USM pointer, or a
// read_write accessor of a one-element buffer), its identity and operation.
template <typename T, typename BinaryOperation, typename Target>
struct reduction_impl {
  using value_type = T;
  using operation = BinaryOperation;
  Target target;
  T identity;
  BinaryOperation op;
  bool initialize_to_identity;
  T *result() const { return result_address<T>(target); }
  size_t count() const { return 1; }
};
// A reduction over the `size` elements at `target` (a span): each
// combines on its own, atomically, into the result (no work-group step).
template <typename T, typename BinaryOperation>
struct span_reduction_impl {
  using value_type = T;
  using operation = BinaryOperation;
  T *target;
  size_t size;
  T identity;
  BinaryOperation op;
  bool initialize_to_identity;
  T *result() const { return target; }
  size_t count() const { return size; }
};
template <typename R>
struct is_reduction { static constexpr bool value = false; };
template <typename T, typename Op, typename Target>
struct is_reduction<reduction_impl<T, Op, Target>> { static constexpr bool value = true; };
template <typename T, typename Op>
struct is_reduction<span_reduction_impl<T, Op>> { static constexpr bool value = true; };
template <typename R>
inline constexpr bool is_reduction_v = is_reduction<R>::value;
template <typename R>
inline constexpr bool is_span_reduction_v = false;
template <typename T, typename Op>
inline constexpr bool is_span_reduction_v<span_reduction_impl<T, Op>> = true;

// *p = op(*p, v) atomically.
template <typename T, typename Op>
void atomic_combine(T *p, T v, Op op) {
  atomic_ref<T, memory_order::relaxed, memory_scope::device> a(*p);
  constexpr int k = op_kind<Op>::value;
  if constexpr (k == op_plus) {
    a.fetch_add(v);
  } else if constexpr (k == op_minimum) {
    a.fetch_min(v);
  } else if constexpr (k == op_maximum) {
    a.fetch_max(v);
  } else if constexpr (k == op_bit_and && std::is_integral_v<T>) {
    a.fetch_and(v);
  } else if constexpr (k == op_bit_or && std::is_integral_v<T>) {
    a.fetch_or(v);
  } else if constexpr (k == op_bit_xor && std::is_integral_v<T>) {
    a.fetch_xor(v);
  } else {
    T old = a.load();
    while (!a.compare_exchange_weak(old, op(old, v))) {
    }
  }
}

// *p = op(*p, v) atomically for a class T, through its bits at `bits`.
template <typename U, typename T, typename Op>
void atomic_combine_bits(U *bits, T v, Op op) {
  atomic_ref<U, memory_order::relaxed, memory_scope::device> a(*bits);
  U old = a.load();
  while (!a.compare_exchange_weak(old, bits_as<U>(op(bits_as<T>(old), v)))) {
  }
}

// A value of 1 or 2 bytes from and to the low bits of a word.
template <typename T>
T from_low_bits(uint32_t bits) {
  using U = std::conditional_t<sizeof(T) == 1, uint8_t, uint16_t>;
  if constexpr (std::is_same_v<T, bool>) {
    return (bits & 0xffu) != 0;
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<U>(bits));
  } else {
    return bits_as<T>(static_cast<U>(bits));
  }
}
template <typename T>
uint32_t to_low_bits(T v) {
  using U = std::conditional_t<sizeof(T) == 1, uint8_t, uint16_t>;
  if constexpr (std::is_integral_v<T>) {
    return static_cast<U>(v);
  } else {
    return bits_as<U>(v);
  }
}
// The value of 1 or 2 bytes at `p` = op(it, v) atomically, through a
// compare-exchange of its word (work-items may be combining into the
// word's other bytes).
template <typename T, typename Op>
void atomic_combine_in_word(word_place p, T v, Op op) {
  constexpr uint32_t mask = sizeof(T) == 1 ? 0xffu : 0xffffu;
  atomic_ref<uint32_t, memory_order::relaxed, memory_scope::device> a(*p.word);
  uint32_t old = a.load();
  while (!a.compare_exchange_weak(
      old, (old & ~(mask << p.shift)) | to_low_bits(op(from_low_bits<T>(old >> p.shift), v)) << p.shift)) {
  }
}

// The bytes of a value of class T.
template <typename T>
struct class_bytes {
  unsigned char b[sizeof(T)];
};
using word_ref = atomic_ref<uint32_t, memory_order::relaxed, memory_scope::device>;
// The value of class T at byte `offset` of `words`, read atomically word by
// word, so that no cache keeps a stale copy.
template <typename T>
T load_bytes(uint32_t *words, size_t offset) {
  class_bytes<T> b;
  for (size_t i = 0; i < sizeof(T); ++i) {
    const size_t at = offset + i;
    b.b[i] = static_cast<unsigned char>(word_ref(words[at / 4]).load() >> (8 * (at % 4)));
  }
  return bits_as<T>(b);
}
// Stores `v` at byte `offset` of `words`; the other bytes of the words it
// lies in keep their values (one work-item writes them).
template <typename T>
void store_bytes(uint32_t *words, size_t offset, T v) {
  const class_bytes<T> b = bits_as<class_bytes<T>>(v);
  const size_t first = offset / 4, last = (offset + sizeof(T) - 1) / 4;
  for (size_t w = first; w <= last; ++w) {
    uint32_t word = word_ref(words[w]).load();
    for (size_t i = 0; i < sizeof(T); ++i) {
      const size_t at = offset + i;
      if (at / 4 != w) continue;
      const unsigned shift = 8 * (at % 4);
      word = (word & ~(0xffu << shift)) | (uint32_t(b.b[i]) << shift);
    }
    word_ref(words[w]).store(word);
  }
}

// Combines a group's value `v` into the result at `target`, as its type asks
// (classes combined by the last work-group: see combine_by_last_group).
template <typename T, typename Target, typename Op>
void combine_into(const Target &target, T v, Op op) {
  constexpr combine_kind k = combine_kind_v<T>;
  if constexpr (k == combine_kind::native) {
    atomic_combine(first_of(target), v, op);
  } else if constexpr (k == combine_kind::bits) {
    atomic_combine_bits(first_of(target), v, op);
  } else if constexpr (k == combine_kind::in_word) {
    atomic_combine_in_word(word_of(target), v, op);
  }
}

// Combines the work-group values `scratch[0..n)` tree-wise into scratch[0].
template <int Dimensions, typename T, typename Op>
void combine_in_scratch(const nd_item<Dimensions> &it, const local_accessor<T, 1> &scratch, Op op) {
  size_t l = it.get_local_linear_id(), n = it.get_local_range().size();
  for (size_t step = 1; step < n; step *= 2) {
    group_barrier(it.get_group());
    if (l % (2 * step) == 0 && l + step < n) scratch[l] = op(scratch[l], scratch[l + step]);
  }
}

// The reduction of a class no atomic operation holds: each work-group's
// leader stores the group's value in the launch's scratch words and counts
// itself done; the group that counts last combines every group's value
// (its work-items each a share, then tree-wise) into the result and sets
// the count back to 0. No work-group waits for another, so it needs no
// forward progress between work-groups (a spin lock did; lavapipe cut it).
template <int Dimensions, typename T, typename Reduction>
void combine_by_last_group(const nd_item<Dimensions> &it, const local_accessor<T, 1> &scratch,
                           const Reduction &red) {
  constexpr size_t words_per_value = (sizeof(T) + 3) / 4;
  const size_t l = it.get_local_linear_id(), n = it.get_local_range().size();
  const size_t groups = it.get_group_range().size();
  uint32_t *done = red.target.scratch;
  uint32_t *values = done + 1;
  bool last = false;
  if (l == 0) {
    store_bytes(values + it.get_group_linear_id() * words_per_value, 0, scratch[0]);
    atomic_ref<uint32_t, memory_order::acq_rel, memory_scope::device> count(*done);
    last = count.fetch_add(1u) + 1 == groups;
  }
  if (!group_broadcast(it.get_group(), last)) return;
  // Every group's value is visible after an acquire of the count.
  atomic_ref<uint32_t, memory_order::acquire, memory_scope::device>(*done).load();
  T share = red.identity;
  for (size_t g = l; g < groups; g += n) share = red.op(share, load_bytes<T>(values + g * words_per_value, 0));
  group_barrier(it.get_group());
  scratch[l] = share;
  combine_in_scratch(it, scratch, red.op);
  if (l == 0) {
    uint32_t *words = reinterpret_cast<uint32_t *>(first_of(red.target.words));
    store_bytes(words, red.target.offset, red.op(load_bytes<T>(words, red.target.offset), scratch[0]));
    atomic_ref<uint32_t, memory_order::release, memory_scope::device>(*done).store(0u);
  }
}

// Combines `value` of every work-item of the group (tree-wise in `scratch`,
// one element per work-item) and the group's result into the reduction.
template <int Dimensions, typename T, typename Reduction>
void combine_group(const nd_item<Dimensions> &it, const local_accessor<T, 1> &scratch, T value,
                   const Reduction &red) {
  size_t l = it.get_local_linear_id();
  scratch[l] = value;
  combine_in_scratch(it, scratch, red.op);
  if constexpr (is_group_scratch_target_v<decltype(red.target)>) {
    combine_by_last_group(it, scratch, red);
  } else {
    if (l == 0) combine_into(red.target, scratch[0], red.op);
  }
}

// Calls the user's kernel for work-item `it`: with the nd_item of an
// nd_range launch; with its item over the user's range for a range launch
// rounded up to whole work-groups (the extra work-items contribute the
// identity).
template <bool Nd, int Dimensions, typename Kernel, typename... Reducers>
void call_with_reducers(const Kernel &kernel, const nd_item<Dimensions> &it, const range<Dimensions> &user_range,
                        Reducers &...reducers) {
  if constexpr (Nd) {
    kernel(it, reducers...);
  } else {
    id<Dimensions> g = it.get_global_id();
    bool inside = true;
    for (int d = 0; d < Dimensions; ++d) inside = inside && g[d] < user_range[d];
    if (inside) {
      item<Dimensions> user_item(user_range, g);
      kernel(user_item, reducers...);
    }
  }
}

// The reductions of a kernel: the first, its scratch in local memory, and
// the rest. run() makes a reducer for each, calls the user's kernel with
// them all, then combines each work-group's contributions.
template <typename... Rs>
struct reduction_set;
template <>
struct reduction_set<> {
  template <bool Nd, int Dimensions, typename Kernel, typename... Reducers>
  void run(const Kernel &kernel, const nd_item<Dimensions> &it, const range<Dimensions> &user_range,
           Reducers &...reducers) const {
    call_with_reducers<Nd>(kernel, it, user_range, reducers...);
  }
};
template <typename T, typename Op, typename... Rest>
struct reduction_set<span_reduction_impl<T, Op>, Rest...> {
  span_reduction_impl<T, Op> r;
  reduction_set<Rest...> rest;
  template <bool Nd, int Dimensions, typename Kernel, typename... Reducers>
  void run(const Kernel &kernel, const nd_item<Dimensions> &it, const range<Dimensions> &user_range,
           Reducers &...reducers) const {
    reducer<T, Op, 1> red(r.target, r.identity, r.op);
    rest.template run<Nd>(kernel, it, user_range, reducers..., red);
  }
};
template <typename R, typename... Rest>
struct reduction_set<R, Rest...> {
  R r;
  local_accessor<typename R::value_type, 1> scratch;
  reduction_set<Rest...> rest;
  template <bool Nd, int Dimensions, typename Kernel, typename... Reducers>
  void run(const Kernel &kernel, const nd_item<Dimensions> &it, const range<Dimensions> &user_range,
           Reducers &...reducers) const {
    reducer<typename R::value_type, typename R::operation> red(r.identity, r.op);
    rest.template run<Nd>(kernel, it, user_range, reducers..., red);
    combine_group(it, scratch, red.value(), r);
  }
};

// The kernel a parallel_for with reductions runs: an nd_range kernel over
// the user's nd_range, or over the user's range rounded up to whole
// work-groups (Nd false).
template <bool Nd, int Dimensions, typename Kernel, typename... Rs>
struct reduce_kernel {
  Kernel kernel;
  range<Dimensions> user_range;
  reduction_set<Rs...> reductions;
  void operator()(nd_item<Dimensions> it) const { reductions.template run<Nd>(kernel, it, user_range); }
};
}  // namespace detail

}  // namespace sycl
