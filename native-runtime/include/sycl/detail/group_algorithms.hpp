// Group functions and algorithms on sub-groups (SYCL 2020 4.17.3, 4.17.4):
// group_broadcast, select_from_group, shift_group_left/right,
// permute_group_by_xor, reduce_over_group, exclusive/inclusive_scan_over_group,
// any/all/none_of_group. On the device they are the sub-group collectives
// (__builtin_syclone_subgroup_*); on the host device an exchange through
// memory between the sub-group's work-item coroutines. On work-groups
// (sycl::group): reduce, scans, broadcast and any/all/none through
// work-group memory, and the joint_ algorithms.
// Also sycl_ext_oneapi_sub_group_mask: group_ballot and sub_group_mask.
// Included by sycl.hpp after reduction.hpp.
#pragma once

#include <sycl/detail/bit_cast.hpp>
#include <sycl/detail/half.hpp>
#include <type_traits>

namespace sycl {
namespace detail {

template <typename Group>
inline constexpr bool is_sub_group_v = std::is_same_v<std::remove_cv_t<Group>, sub_group>;

// The identity of the operation of kind `Kind` on T.
template <int Kind, typename T>
T identity_of() {
  if constexpr (Kind == op_plus || Kind == op_bit_or || Kind == op_bit_xor) return T(0);
  else if constexpr (Kind == op_multiplies || Kind == op_logical_and) return T(1);
  else if constexpr (Kind == op_logical_or) return T(0);
  else if constexpr (Kind == op_bit_and) return T(~T(0));
  else if constexpr (Kind == op_minimum) {
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, half>) return std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::max();
  } else {
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, half>) return -std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::lowest();
  }
}

// Values the collectives cannot move as they are (classes: vec, marray,
// user structs, sycl::half on work-groups) move as 32-bit words: the value
// padded to a whole number of words, bit_cast to an array of words.
template <typename T>
struct word_image {
  static constexpr size_t count = (sizeof(T) + 3) / 4;
  uint32_t w[count];
};
template <typename T, size_t Pad = word_image<T>::count * 4 - sizeof(T)>
struct padded_value {
  T value;
  unsigned char pad[Pad];
};
template <typename T>
struct padded_value<T, 0> {
  T value;
};
template <typename T>
word_image<T> words_of(const T &x) {
  padded_value<T> p;
  p.value = x;
  if constexpr (sizeof(padded_value<T>) != sizeof(T)) {
    for (size_t i = 0; i < sizeof(p.pad); ++i) p.pad[i] = 0;
  }
  return sycl::bit_cast<word_image<T>>(p);
}
template <typename T>
T value_of_words(const word_image<T> &w) {
  return sycl::bit_cast<padded_value<T>>(w).value;
}
// `x` with each of its words replaced by `move(word)`.
template <typename T, typename MoveWord>
T moved_by_words(const T &x, MoveWord move) {
  static_assert(std::is_trivially_copyable_v<T>, "group collectives move trivially copyable types");
  word_image<T> in = words_of(x), out;
  for (size_t i = 0; i < word_image<T>::count; ++i) out.w[i] = move(in.w[i]);
  return value_of_words<T>(out);
}
// Whether T is an arithmetic scalar the collectives take as it is (bool
// moves as int, everything else as words).
template <typename T>
inline constexpr bool is_plain_scalar_v = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

// The element type and count of a vec or marray.
template <typename T>
struct nonscalar_elements;
template <typename E, int N>
struct nonscalar_elements<vec<E, N>> {
  using type = E;
  using whole = vec<E, N>;
  static constexpr size_t count = N;
};
template <typename E, size_t N>
struct nonscalar_elements<marray<E, N>> {
  using type = E;
  using whole = marray<E, N>;
  static constexpr size_t count = N;
};
template <typename E, int N, int... Indexes>
struct nonscalar_elements<swizzled<E, N, Indexes...>> {
  using type = E;
  using whole = vec<E, sizeof...(Indexes)>;
  static constexpr size_t count = sizeof...(Indexes);
};

// The function object of kind `Kind` on T (vec and marray reductions
// combine element by element with it).
template <int Kind, typename T>
auto op_of_kind() {
  if constexpr (Kind == op_plus) return plus<T>();
  else if constexpr (Kind == op_multiplies) return multiplies<T>();
  else if constexpr (Kind == op_bit_and) return bit_and<T>();
  else if constexpr (Kind == op_bit_or) return bit_or<T>();
  else if constexpr (Kind == op_bit_xor) return bit_xor<T>();
  else if constexpr (Kind == op_logical_and) return logical_and<T>();
  else if constexpr (Kind == op_logical_or) return logical_or<T>();
  else if constexpr (Kind == op_minimum) return minimum<T>();
  else {
    static_assert(Kind == op_maximum,
                  "group reductions and scans of vec and marray support sycl::plus, multiplies, "
                  "minimum, maximum, bit_and, bit_or, bit_xor, logical_and and logical_or");
    return maximum<T>();
  }
}

// A binary operation on sycl::half applied to floats (work-group algorithms
// on half compute in float; each step rounds through half).
template <typename Op>
struct half_op_in_float {
  Op op;
  float operator()(float a, float b) const { return float(op(half(a), half(b))); }
};

// A binary operation on bool applied to ints (work-group memory holds no
// bools).
template <typename Op>
struct bool_op_in_int {
  Op op;
  int operator()(int a, int b) const { return op(a != 0, b != 0) ? 1 : 0; }
};

// Reduction and scans by operation (`op_kind`).
#ifdef __SYCL_DEVICE_ONLY__
#define __SYCLONE_SUBGROUP_ARITH(NAME, PREFIX)                                                    \
  template <int Kind, typename T>                                                                \
  T NAME(T x) {                                                                                  \
    if constexpr (std::is_same_v<T, half>) return half(NAME<Kind>(float(x)));                    \
    else if constexpr (Kind == op_plus) return __builtin_syclone_subgroup_##PREFIX##_add(x);          \
    else if constexpr (Kind == op_multiplies) return __builtin_syclone_subgroup_##PREFIX##_mul(x); \
    else if constexpr (Kind == op_minimum) return __builtin_syclone_subgroup_##PREFIX##_min(x);  \
    else if constexpr (Kind == op_maximum) return __builtin_syclone_subgroup_##PREFIX##_max(x);  \
    else if constexpr (Kind == op_bit_and) return __builtin_syclone_subgroup_##PREFIX##_and(x);  \
    else if constexpr (Kind == op_bit_or) return __builtin_syclone_subgroup_##PREFIX##_or(x);    \
    else if constexpr (Kind == op_bit_xor) return __builtin_syclone_subgroup_##PREFIX##_xor(x);  \
    else if constexpr (Kind == op_logical_and)                                                   \
      return T(__builtin_syclone_subgroup_##PREFIX##_and(static_cast<bool>(x)));                 \
    else if constexpr (Kind == op_logical_or)                                                    \
      return T(__builtin_syclone_subgroup_##PREFIX##_or(static_cast<bool>(x)));                  \
    else {                                                                                       \
      static_assert(Kind == op_plus,                                                             \
                    "sub-group reductions and scans support sycl::plus, multiplies, minimum, "  \
                    "maximum, bit_and, bit_or, bit_xor, logical_and and logical_or");            \
      return x;                                                                                  \
    }                                                                                            \
  }
__SYCLONE_SUBGROUP_ARITH(subgroup_reduce, reduce)
__SYCLONE_SUBGROUP_ARITH(subgroup_inclusive_scan, iscan)
__SYCLONE_SUBGROUP_ARITH(subgroup_exclusive_scan, escan)
#undef __SYCLONE_SUBGROUP_ARITH
#else
// Host device: the work-items of a sub-group are coroutines of one thread
// (see syclone_host_sub_group_size); a collective publishes each one's value
// in the sub-group scratch, meets at a sub-group barrier, computes its
// result from all of them, and meets again before the scratch is reused.

// The calling work-item's lane, the local linear id of its sub-group's
// first work-item, and the sub-group's size.
struct host_sub_group_place {
  unsigned lane, first, size;
};
inline host_sub_group_place host_sub_group() {
  const host_work_item_state &s = host_work_item();
  sub_group sg(s.local_linear_id, s.group_size);
  unsigned lane = sg.get_local_linear_id();
  return {lane, s.local_linear_id - lane, sg.get_local_linear_range()};
}

template <typename T, typename Read>
T host_sub_group_exchange(T x, Read read) {
  // Sub-groups of one (the default) exchange nothing.
  if (syclone_host_sub_group_size() == 1) return read(&x, host_sub_group_place{0, 0, 1});
  host_sub_group_place p = host_sub_group();
  if (p.size == 1) return read(&x, host_sub_group_place{0, 0, 1});
  static_assert(sizeof(T) <= 16, "sub-group collectives take values of at most 16 bytes");
  T *values = static_cast<T *>(syclone_host_sub_group_scratch()) + p.first;
  values[p.lane] = x;
  syclone_host_sub_group_barrier();
  T result = read(static_cast<const T *>(values), p);
  syclone_host_sub_group_barrier();
  return result;
}

// `a` combined with `b` by the function object of kind `Kind`.
template <int Kind, typename T>
T combine(T a, T b) {
  if constexpr (Kind == op_plus) return plus<T>()(a, b);
  else if constexpr (Kind == op_multiplies) return multiplies<T>()(a, b);
  else if constexpr (Kind == op_bit_and) return bit_and<T>()(a, b);
  else if constexpr (Kind == op_bit_or) return bit_or<T>()(a, b);
  else if constexpr (Kind == op_bit_xor) return bit_xor<T>()(a, b);
  else if constexpr (Kind == op_logical_and) return logical_and<T>()(a, b);
  else if constexpr (Kind == op_logical_or) return logical_or<T>()(a, b);
  else if constexpr (Kind == op_minimum) return minimum<T>()(a, b);
  else if constexpr (Kind == op_maximum) return maximum<T>()(a, b);
  else {
    static_assert(Kind == op_plus,
                  "sub-group reductions and scans support sycl::plus, multiplies, minimum, "
                  "maximum, bit_and, bit_or and bit_xor");
    return a;
  }
}

// The values of lanes [0, end) combined.
template <int Kind, typename T>
T combine_lanes(const T *values, unsigned end) {
  T acc = identity_of<Kind, T>();
  for (unsigned i = 0; i < end; ++i) acc = combine<Kind>(acc, values[i]);
  return acc;
}

template <int Kind, typename T>
T subgroup_reduce(T x) {
  return host_sub_group_exchange(x, [](const T *v, host_sub_group_place p) {
    return combine_lanes<Kind>(v, p.size);
  });
}
template <int Kind, typename T>
T subgroup_inclusive_scan(T x) {
  return host_sub_group_exchange(x, [](const T *v, host_sub_group_place p) {
    return combine_lanes<Kind>(v, p.lane + 1);
  });
}
template <int Kind, typename T>
T subgroup_exclusive_scan(T x) {
  return host_sub_group_exchange(x, [](const T *v, host_sub_group_place p) {
    return combine_lanes<Kind>(v, p.lane);
  });
}
// The value of lane `at(lane)`, or the caller's own where that is outside
// the sub-group (SYCL leaves it unspecified).
template <typename T, typename At>
T host_sub_group_move(T x, At at) {
  if constexpr (sizeof(T) > 16) {
    return moved_by_words(x, [=](uint32_t w) { return host_sub_group_move(w, at); });
  } else {
    return host_sub_group_exchange(x, [=](const T *v, host_sub_group_place p) {
      unsigned from = at(p.lane);
      return from < p.size ? v[from] : v[p.lane];
    });
  }
}
#endif

#ifdef __SYCL_DEVICE_ONLY__
// `x` moved across the sub-group by `move` (a shuffle builtin): sycl::half,
// which the builtins do not take, moves as its 16 bits.
template <typename T, typename Move>
T shuffled(T x, Move move) {
  if constexpr (std::is_same_v<T, half>) {
    return half_of_bits(static_cast<uint16_t>(move(static_cast<uint32_t>(bits_of_half(x)))));
  } else if constexpr (std::is_class_v<T> && sizeof(T) == 2 && std::is_trivially_copyable_v<T>) {
    // Another 16-bit class (bfloat16): its bits move.
    return sycl::bit_cast<T>(static_cast<uint16_t>(move(static_cast<uint32_t>(sycl::bit_cast<uint16_t>(x)))));
  } else if constexpr (std::is_same_v<T, bool>) {
    return move(static_cast<int>(x)) != 0;
  } else if constexpr (!is_plain_scalar_v<T>) {
    // vec, marray, structs: word by word.
    return moved_by_words(x, [=](uint32_t w) { return static_cast<uint32_t>(move(w)); });
  } else {
    return move(x);
  }
}
#endif

template <typename T>
T subgroup_shuffle(T x, uint32_t i) {
#ifdef __SYCL_DEVICE_ONLY__
  return shuffled(x, [=](auto v) { return __builtin_syclone_subgroup_shuffle(v, i); });
#else
  return host_sub_group_move(x, [=](unsigned) { return i; });
#endif
}

// Work-group collectives (sycl::group): through a scratch array in
// work-group memory, one element per work-item, between barriers. The
// scratch is shared by every algorithm of the kernel, so each ends with a
// barrier before it returns.
template <typename T>
T *group_scratch() {
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_group_scratch(static_cast<T *>(nullptr));
#else
  static_assert(sizeof(T) <= 16, "work-group algorithms take values of at most 16 bytes");
  return static_cast<T *>(syclone_host_group_scratch());
#endif
}

template <int Dimensions, typename T, typename BinaryOperation>
T work_group_reduce(const group<Dimensions> &g, T x, BinaryOperation op) {
  T *scratch = group_scratch<T>();
  size_t lid = g.get_local_linear_id(), n = g.get_local_linear_range();
  scratch[lid] = x;
  work_group_barrier();
  size_t half = 1;
  while (half < n) half *= 2;
  for (half /= 2; half > 0; half /= 2) {
    if (lid < half && lid + half < n) scratch[lid] = op(scratch[lid], scratch[lid + half]);
    work_group_barrier();
  }
  T result = scratch[0];
  work_group_barrier();
  return result;
}

// Inclusive, or exclusive starting from `first`: the leader walks the
// values in order, so any operation works.
template <int Dimensions, typename T, typename BinaryOperation>
T work_group_scan(const group<Dimensions> &g, T x, BinaryOperation op, bool inclusive, T first) {
  T *scratch = group_scratch<T>();
  size_t lid = g.get_local_linear_id(), n = g.get_local_linear_range();
  scratch[lid] = x;
  work_group_barrier();
  if (lid == 0) {
    for (size_t i = 1; i < n; ++i) scratch[i] = op(scratch[i - 1], scratch[i]);
  }
  work_group_barrier();
  T result = inclusive ? scratch[lid] : (lid == 0 ? first : op(first, scratch[lid - 1]));
  work_group_barrier();
  return result;
}

template <int Dimensions, typename T>
T work_group_broadcast(const group<Dimensions> &g, T x, size_t from) {
  if constexpr (std::is_same_v<T, bool>) {
    return work_group_broadcast(g, static_cast<int>(x), from) != 0;
  } else if constexpr (!is_plain_scalar_v<T>) {
    // Word by word through the scratch of 32-bit words (one word per
    // work-item, so a value wider than the group takes several rounds).
    constexpr size_t count = word_image<T>::count;
    word_image<T> in = words_of(x), out;
    uint32_t *scratch = group_scratch<uint32_t>();
    const size_t n = g.get_local_linear_range();
    const bool writer = g.get_local_linear_id() == from;
    for (size_t base = 0; base < count; base += n) {
      const size_t end = base + n < count ? base + n : count;
      if (writer) {
        for (size_t k = base; k < end; ++k) scratch[k - base] = in.w[k];
      }
      work_group_barrier();
      for (size_t k = base; k < end; ++k) out.w[k] = scratch[k - base];
      work_group_barrier();
    }
    return value_of_words<T>(out);
  } else {
    T *scratch = group_scratch<T>();
    if (g.get_local_linear_id() == from) scratch[0] = x;
    work_group_barrier();
    T result = scratch[0];
    work_group_barrier();
    return result;
  }
}

}  // namespace detail

template <typename Group, typename T>
T group_broadcast(Group g, T x, size_t local_linear_id = 0) {
  if constexpr (detail::is_sub_group_v<Group>) {
    return detail::subgroup_shuffle(x, static_cast<uint32_t>(local_linear_id));
  } else {
    return detail::work_group_broadcast(g, x, local_linear_id);
  }
}
// A group barrier with a fence scope (`group_barrier(g,
// memory_scope::work_group)`): the barrier fences work-group and device
// memory, at least the scope asked for.
template <int Dimensions>
void group_barrier(const group<Dimensions> &g, memory_scope) {
  group_barrier(g);
}
inline void group_barrier(const sub_group &g, memory_scope) { group_barrier(g); }

template <typename Group, typename T, int Dimensions>
T group_broadcast(Group g, T x, id<Dimensions> local_id) {
  if constexpr (detail::is_sub_group_v<Group>) {
    return group_broadcast(g, x, local_id[0]);
  } else {
    return group_broadcast(g, x, detail::linearize(local_id, g.get_local_range()));
  }
}

template <typename Group, typename T>
T select_from_group(Group, T x, id<1> remote_local_id) {
  static_assert(detail::is_sub_group_v<Group>, "select_from_group takes a sub_group");
  return detail::subgroup_shuffle(x, static_cast<uint32_t>(remote_local_id[0]));
}

template <typename Group, typename T>
T shift_group_left(Group, T x, size_t delta = 1) {
  static_assert(detail::is_sub_group_v<Group>, "shift_group_left takes a sub_group");
#ifdef __SYCL_DEVICE_ONLY__
  const uint32_t by = static_cast<uint32_t>(delta);
  return detail::shuffled(x, [=](auto v) { return __builtin_syclone_subgroup_shuffle_down(v, by); });
#else
  const unsigned by = static_cast<unsigned>(delta);
  return detail::host_sub_group_move(x, [=](unsigned lane) { return lane + by; });
#endif
}

template <typename Group, typename T>
T shift_group_right(Group, T x, size_t delta = 1) {
  static_assert(detail::is_sub_group_v<Group>, "shift_group_right takes a sub_group");
#ifdef __SYCL_DEVICE_ONLY__
  const uint32_t by = static_cast<uint32_t>(delta);
  return detail::shuffled(x, [=](auto v) { return __builtin_syclone_subgroup_shuffle_up(v, by); });
#else
  const unsigned by = static_cast<unsigned>(delta);
  return detail::host_sub_group_move(x, [=](unsigned lane) { return lane >= by ? lane - by : ~0u; });
#endif
}

template <typename Group, typename T>
T permute_group_by_xor(Group, T x, size_t mask) {
  static_assert(detail::is_sub_group_v<Group>, "permute_group_by_xor takes a sub_group");
#ifdef __SYCL_DEVICE_ONLY__
  const uint32_t by = static_cast<uint32_t>(mask);
  return detail::shuffled(x, [=](auto v) { return __builtin_syclone_subgroup_shuffle_xor(v, by); });
#else
  const unsigned by = static_cast<unsigned>(mask);
  return detail::host_sub_group_move(x, [=](unsigned lane) { return lane ^ by; });
#endif
}

namespace detail {
// The reduction and scans of one value per work-item: vec and marray
// element by element (with the element type's function object of the
// operation's kind), sycl::half on work-groups in float, sub-groups through
// their collectives, work-groups through work-group memory. An exclusive
// scan starts from `first`.
template <typename Group, typename T, typename BinaryOperation>
T group_reduce(Group g, T x, BinaryOperation op) {
  if constexpr (is_nonscalar<T>::value) {
    using E = typename nonscalar_elements<T>::type;
    auto element_op = op_of_kind<op_kind<BinaryOperation>::value, E>();
    typename nonscalar_elements<T>::whole out;
    for (size_t i = 0; i < nonscalar_elements<T>::count; ++i) out[i] = group_reduce(g, E(x[i]), element_op);
    return out;
  } else if constexpr (is_sub_group_v<Group>) {
    return subgroup_reduce<op_kind<BinaryOperation>::value>(x);
  } else if constexpr (std::is_same_v<T, half>) {
    return half(work_group_reduce(g, float(x), half_op_in_float<BinaryOperation>{op}));
  } else if constexpr (std::is_same_v<T, bool>) {
    return work_group_reduce(g, x ? 1 : 0, bool_op_in_int<BinaryOperation>{op}) != 0;
  } else {
    return work_group_reduce(g, x, op);
  }
}
template <typename Group, typename T, typename BinaryOperation>
T group_scan(Group g, T x, BinaryOperation op, bool inclusive, T first) {
  if constexpr (is_nonscalar<T>::value) {
    using E = typename nonscalar_elements<T>::type;
    auto element_op = op_of_kind<op_kind<BinaryOperation>::value, E>();
    typename nonscalar_elements<T>::whole out;
    for (size_t i = 0; i < nonscalar_elements<T>::count; ++i)
      out[i] = group_scan(g, E(x[i]), element_op, inclusive, E(first[i]));
    return out;
  } else if constexpr (is_sub_group_v<Group>) {
    constexpr int kind = op_kind<BinaryOperation>::value;
    if (inclusive) return subgroup_inclusive_scan<kind>(x);
    return op(first, subgroup_exclusive_scan<kind>(x));
  } else if constexpr (std::is_same_v<T, half>) {
    return half(work_group_scan(g, float(x), half_op_in_float<BinaryOperation>{op}, inclusive, float(first)));
  } else if constexpr (std::is_same_v<T, bool>) {
    return work_group_scan(g, x ? 1 : 0, bool_op_in_int<BinaryOperation>{op}, inclusive, first ? 1 : 0) != 0;
  } else {
    return work_group_scan(g, x, op, inclusive, first);
  }
}
// The identity of `BinaryOperation` on T (element by element for vec and
// marray).
template <typename BinaryOperation, typename T>
T group_identity() {
  if constexpr (is_nonscalar<T>::value) {
    using E = typename nonscalar_elements<T>::type;
    return T(identity_of<op_kind<BinaryOperation>::value, E>());
  } else {
    return identity_of<op_kind<BinaryOperation>::value, T>();
  }
}
}  // namespace detail

template <typename Group, typename T, typename BinaryOperation>
T reduce_over_group(Group g, T x, BinaryOperation op) {
  return detail::group_reduce(g, x, op);
}
template <typename Group, typename V, typename T, typename BinaryOperation>
T reduce_over_group(Group g, V x, T init, BinaryOperation op) {
  return op(init, reduce_over_group(g, T(x), op));
}

template <typename Group, typename T, typename BinaryOperation>
T inclusive_scan_over_group(Group g, T x, BinaryOperation op) {
  return detail::group_scan(g, x, op, true, x);
}
template <typename Group, typename V, typename BinaryOperation, typename T>
T inclusive_scan_over_group(Group g, V x, BinaryOperation op, T init) {
  return op(init, inclusive_scan_over_group(g, T(x), op));
}

template <typename Group, typename T, typename BinaryOperation>
T exclusive_scan_over_group(Group g, T x, BinaryOperation op) {
  return detail::group_scan(g, x, op, false, detail::group_identity<BinaryOperation, T>());
}
template <typename Group, typename V, typename T, typename BinaryOperation>
T exclusive_scan_over_group(Group g, V x, T init, BinaryOperation op) {
  return detail::group_scan(g, T(x), op, false, init);
}

template <typename Group>
bool any_of_group(Group g, bool pred) {
  if constexpr (detail::is_sub_group_v<Group>) {
#ifdef __SYCL_DEVICE_ONLY__
    return __builtin_syclone_subgroup_any(pred);
#else
    return detail::subgroup_reduce<detail::op_logical_or>(pred);
#endif
  } else {
    return detail::work_group_reduce(g, pred ? 1 : 0, plus<int>()) > 0;
  }
}
template <typename Group>
bool all_of_group(Group g, bool pred) {
  if constexpr (detail::is_sub_group_v<Group>) {
#ifdef __SYCL_DEVICE_ONLY__
    return __builtin_syclone_subgroup_all(pred);
#else
    return detail::subgroup_reduce<detail::op_logical_and>(pred);
#endif
  } else {
    return detail::work_group_reduce(g, pred ? 1 : 0, plus<int>()) ==
           static_cast<int>(g.get_local_linear_range());
  }
}
template <typename Group>
bool none_of_group(Group g, bool pred) {
  return !any_of_group(g, pred);
}
// The same of `pred(x)`, each work-item's value `x` tested by `pred`.
template <typename Group, typename T, typename Predicate>
bool any_of_group(Group g, T x, Predicate pred) {
  return any_of_group(g, static_cast<bool>(pred(x)));
}
template <typename Group, typename T, typename Predicate>
bool all_of_group(Group g, T x, Predicate pred) {
  return all_of_group(g, static_cast<bool>(pred(x)));
}
template <typename Group, typename T, typename Predicate>
bool none_of_group(Group g, T x, Predicate pred) {
  return none_of_group(g, static_cast<bool>(pred(x)));
}

// Over the elements [first, last) in memory every work-item of the group
// can read: each work-item combines a strided share, then the group.
template <typename Group, typename Ptr, typename T, typename BinaryOperation>
T joint_reduce(Group g, Ptr first, Ptr last, T init, BinaryOperation op) {
  T partial = detail::identity_of<detail::op_kind<BinaryOperation>::value, T>();
  size_t lid = g.get_local_linear_id(), n = g.get_local_linear_range();
  size_t count = static_cast<size_t>(last - first);
  for (size_t i = lid; i < count; i += n) partial = op(partial, T(first[i]));
  return op(init, reduce_over_group(g, partial, op));
}
template <typename Group, typename Ptr, typename BinaryOperation>
auto joint_reduce(Group g, Ptr first, Ptr last, BinaryOperation op) {
  using T = std::remove_cv_t<std::remove_reference_t<decltype(first[0])>>;
  return joint_reduce(g, first, last, detail::identity_of<detail::op_kind<BinaryOperation>::value, T>(), op);
}
// Scans of [first, last) into result: the group scans the elements in
// chunks of its size, each work-item one element of a chunk (the identity
// past the end), and carries the chunk's total (its last work-item's
// inclusive value) into the next. Every element is read before the chunk's
// results are written, so result may be first.
namespace detail {
template <bool Inclusive, typename Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation>
OutPtr joint_scan(Group g, InPtr first, InPtr last, OutPtr result, T carry, BinaryOperation op) {
  const T identity = group_identity<BinaryOperation, T>();
  const size_t lid = g.get_local_linear_id(), n = g.get_local_linear_range();
  const size_t count = static_cast<size_t>(last - first);
  for (size_t base = 0; base < count; base += n) {
    const size_t i = base + lid;
    T x = i < count ? T(first[i]) : identity;
    T scanned = group_scan(g, x, op, true, x);
    if constexpr (Inclusive) {
      if (i < count) result[i] = op(carry, scanned);
    } else {
      T before = group_scan(g, x, op, false, identity);
      if (i < count) result[i] = lid == 0 ? carry : op(carry, before);
    }
    carry = op(carry, group_broadcast(g, scanned, n - 1));
  }
  return result + count;
}
template <typename Ptr>
using pointee_t = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<Ptr>()[0])>>;
}  // namespace detail
template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation>
OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation op) {
  using T = detail::pointee_t<OutPtr>;
  return detail::joint_scan<true>(g, first, last, result, detail::group_identity<BinaryOperation, T>(), op);
}
template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation, typename T>
OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation op, T init) {
  return detail::joint_scan<true>(g, first, last, result, init, op);
}
template <typename Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation>
OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, T init, BinaryOperation op) {
  return detail::joint_scan<false>(g, first, last, result, init, op);
}
template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation>
OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation op) {
  using T = detail::pointee_t<OutPtr>;
  return detail::joint_scan<false>(g, first, last, result, detail::group_identity<BinaryOperation, T>(), op);
}

template <typename Group, typename Ptr, typename Predicate>
bool joint_any_of(Group g, Ptr first, Ptr last, Predicate pred) {
  bool found = false;
  size_t lid = g.get_local_linear_id(), n = g.get_local_linear_range();
  for (size_t i = lid; i < static_cast<size_t>(last - first); i += n) found = found || pred(first[i]);
  return any_of_group(g, found);
}
template <typename Group, typename Ptr, typename Predicate>
bool joint_all_of(Group g, Ptr first, Ptr last, Predicate pred) {
  bool all = true;
  size_t lid = g.get_local_linear_id(), n = g.get_local_linear_range();
  for (size_t i = lid; i < static_cast<size_t>(last - first); i += n) all = all && pred(first[i]);
  return all_of_group(g, all);
}
template <typename Group, typename Ptr, typename Predicate>
bool joint_none_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return !joint_any_of(g, first, last, pred);
}

// ---------------------------------------------------------------- sub_group_mask
namespace ext::oneapi {
// A bit per work-item of a sub-group (sycl_ext_oneapi_sub_group_mask):
// bit i for local id i; bits at and above size() are zero.
class sub_group_mask {
 public:
  static constexpr size_t max_bits = 64;

  bool test(id<1> i) const { return i[0] < m_size && ((m_bits >> i[0]) & 1) != 0; }
  bool operator[](id<1> i) const { return test(i); }
  bool all() const { return count() == m_size; }
  bool any() const { return m_bits != 0; }
  bool none() const { return m_bits == 0; }
  uint32_t count() const { return uint32_t(sycl::popcount(m_bits)); }
  uint32_t size() const { return m_size; }
  id<1> find_low() const { return id<1>(m_bits ? sycl::ctz(m_bits) : uint64_t(m_size)); }
  id<1> find_high() const { return id<1>(m_bits ? 63 - sycl::clz(m_bits) : uint64_t(m_size)); }

  template <typename Type>
  void insert_bits(const Type &bits, id<1> pos = 0) {
    uint64_t width = sizeof(Type) * 8, at = pos[0];
    if (at >= m_size) return;
    uint64_t field = width >= 64 ? ~uint64_t(0) : ((uint64_t(1) << width) - 1);
    m_bits = (m_bits & ~(field << at)) | ((uint64_t(bits) & field) << at);
    m_bits &= valid();
  }
  template <typename Type>
  void extract_bits(Type &bits, id<1> pos = 0) const {
    uint64_t at = pos[0];
    bits = at >= 64 ? Type(0) : static_cast<Type>(m_bits >> at);
  }

  void set() { m_bits = valid(); }
  void set(id<1> i, bool value = true) {
    if (i[0] >= m_size) return;
    uint64_t bit = uint64_t(1) << i[0];
    m_bits = value ? (m_bits | bit) : (m_bits & ~bit);
  }
  void reset() { m_bits = 0; }
  void reset(id<1> i) { set(i, false); }
  void reset_low() { reset(find_low()); }
  void reset_high() { reset(find_high()); }
  void flip() { m_bits = ~m_bits & valid(); }
  void flip(id<1> i) { set(i, !test(i)); }

  bool operator==(const sub_group_mask &o) const { return m_bits == o.m_bits && m_size == o.m_size; }
  bool operator!=(const sub_group_mask &o) const { return !(*this == o); }
  sub_group_mask &operator&=(const sub_group_mask &o) {
    m_bits &= o.m_bits;
    return *this;
  }
  sub_group_mask &operator|=(const sub_group_mask &o) {
    m_bits |= o.m_bits;
    return *this;
  }
  sub_group_mask &operator^=(const sub_group_mask &o) {
    m_bits ^= o.m_bits;
    return *this;
  }
  sub_group_mask &operator<<=(size_t n) {
    m_bits = n >= 64 ? 0 : (m_bits << n) & valid();
    return *this;
  }
  sub_group_mask &operator>>=(size_t n) {
    m_bits = n >= 64 ? 0 : m_bits >> n;
    return *this;
  }
  sub_group_mask operator~() const {
    sub_group_mask r = *this;
    r.flip();
    return r;
  }
  sub_group_mask operator<<(size_t n) const {
    sub_group_mask r = *this;
    r <<= n;
    return r;
  }
  sub_group_mask operator>>(size_t n) const {
    sub_group_mask r = *this;
    r >>= n;
    return r;
  }
  friend sub_group_mask operator&(sub_group_mask a, const sub_group_mask &b) { return a &= b; }
  friend sub_group_mask operator|(sub_group_mask a, const sub_group_mask &b) { return a |= b; }
  friend sub_group_mask operator^(sub_group_mask a, const sub_group_mask &b) { return a ^= b; }

  // Made by group_ballot.
  sub_group_mask(uint64_t bits, uint32_t size) : m_bits(bits), m_size(size) {}

 private:
  uint64_t valid() const { return m_size >= 64 ? ~uint64_t(0) : ((uint64_t(1) << m_size) - 1); }
  uint64_t m_bits;
  uint32_t m_size;
};

// The mask of the sub-group's work-items for which `predicate` is true.
inline sub_group_mask group_ballot(sub_group g, bool predicate = true) {
#ifdef __SYCL_DEVICE_ONLY__
  uint64_t low = __builtin_syclone_subgroup_ballot(predicate, 0u);
  uint64_t high = __builtin_syclone_subgroup_ballot(predicate, 1u);
  return sub_group_mask(low | (high << 32), g.get_local_linear_range());
#else
  uint64_t bits = detail::host_sub_group_exchange(uint64_t(predicate), [](const uint64_t *v, detail::host_sub_group_place p) {
    uint64_t mask = 0;
    for (unsigned i = 0; i < p.size && i < 64; ++i) mask |= (v[i] & 1) << i;
    return mask;
  });
  return sub_group_mask(bits, g.get_local_linear_range());
#endif
}
}  // namespace ext::oneapi

}  // namespace sycl
