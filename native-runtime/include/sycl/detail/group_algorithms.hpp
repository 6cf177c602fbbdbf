// Group functions and algorithms on sub-groups (SYCL 2020 4.17.3, 4.17.4):
// group_broadcast, select_from_group, shift_group_left/right,
// permute_group_by_xor, reduce_over_group, exclusive/inclusive_scan_over_group,
// any/all/none_of_group. On the device they are the sub-group collectives
// (__builtin_syclone_subgroup_*); on the host device a sub-group is one
// work-item. Work-group versions are not supported yet: they fail to compile
// with a static_assert that says so. Included by sycl.hpp after reduction.hpp.
#pragma once

#include <type_traits>

namespace sycl {
namespace detail {

template <typename Group>
inline constexpr bool is_sub_group_v = std::is_same_v<std::remove_cv_t<Group>, sub_group>;

template <typename Group>
void require_sub_group() {
  static_assert(is_sub_group_v<Group>,
                "Syclone supports the group algorithms on sub_group only; work-group "
                "collectives (on sycl::group) are not supported yet");
}

// Reduction and scans by operation (`op_kind`).
#ifdef __SYCL_DEVICE_ONLY__
#define __SYCLONE_SUBGROUP_ARITH(NAME, PREFIX)                                                    \
  template <int Kind, typename T>                                                                \
  T NAME(T x) {                                                                                  \
    if constexpr (Kind == op_plus) return __builtin_syclone_subgroup_##PREFIX##_add(x);          \
    else if constexpr (Kind == op_multiplies) return __builtin_syclone_subgroup_##PREFIX##_mul(x); \
    else if constexpr (Kind == op_minimum) return __builtin_syclone_subgroup_##PREFIX##_min(x);  \
    else if constexpr (Kind == op_maximum) return __builtin_syclone_subgroup_##PREFIX##_max(x);  \
    else if constexpr (Kind == op_bit_and) return __builtin_syclone_subgroup_##PREFIX##_and(x);  \
    else if constexpr (Kind == op_bit_or) return __builtin_syclone_subgroup_##PREFIX##_or(x);    \
    else if constexpr (Kind == op_bit_xor) return __builtin_syclone_subgroup_##PREFIX##_xor(x);  \
    else {                                                                                       \
      static_assert(Kind == op_plus,                                                             \
                    "sub-group reductions and scans support sycl::plus, multiplies, minimum, "  \
                    "maximum, bit_and, bit_or and bit_xor");                                     \
      return x;                                                                                  \
    }                                                                                            \
  }
__SYCLONE_SUBGROUP_ARITH(subgroup_reduce, reduce)
__SYCLONE_SUBGROUP_ARITH(subgroup_inclusive_scan, iscan)
__SYCLONE_SUBGROUP_ARITH(subgroup_exclusive_scan, escan)
#undef __SYCLONE_SUBGROUP_ARITH
#else
// One work-item per sub-group.
template <int Kind, typename T>
T subgroup_reduce(T x) { return x; }
template <int Kind, typename T>
T subgroup_inclusive_scan(T x) { return x; }
template <int Kind, typename T>
T subgroup_exclusive_scan(T) {
  if constexpr (Kind == op_plus || Kind == op_bit_or || Kind == op_bit_xor) return T(0);
  else if constexpr (Kind == op_multiplies) return T(1);
  else if constexpr (Kind == op_bit_and) return T(~T(0));
  else if constexpr (Kind == op_minimum) return std::numeric_limits<T>::max();
  else return std::numeric_limits<T>::lowest();
}
#endif

template <typename T>
T subgroup_shuffle(T x, uint32_t i) {
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_subgroup_shuffle(x, i);
#else
  (void)i;
  return x;
#endif
}

}  // namespace detail

template <typename Group, typename T>
T group_broadcast(Group, T x, size_t local_linear_id = 0) {
  detail::require_sub_group<Group>();
  return detail::subgroup_shuffle(x, static_cast<uint32_t>(local_linear_id));
}
template <typename Group, typename T>
T group_broadcast(Group g, T x, id<1> local_id) {
  return group_broadcast(g, x, local_id[0]);
}

template <typename Group, typename T>
T select_from_group(Group, T x, id<1> remote_local_id) {
  detail::require_sub_group<Group>();
  return detail::subgroup_shuffle(x, static_cast<uint32_t>(remote_local_id[0]));
}

template <typename Group, typename T>
T shift_group_left(Group, T x, size_t delta = 1) {
  detail::require_sub_group<Group>();
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_subgroup_shuffle_down(x, static_cast<uint32_t>(delta));
#else
  (void)delta;
  return x;
#endif
}

template <typename Group, typename T>
T shift_group_right(Group, T x, size_t delta = 1) {
  detail::require_sub_group<Group>();
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_subgroup_shuffle_up(x, static_cast<uint32_t>(delta));
#else
  (void)delta;
  return x;
#endif
}

template <typename Group, typename T>
T permute_group_by_xor(Group, T x, size_t mask) {
  detail::require_sub_group<Group>();
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_subgroup_shuffle_xor(x, static_cast<uint32_t>(mask));
#else
  (void)mask;
  return x;
#endif
}

template <typename Group, typename T, typename BinaryOperation>
T reduce_over_group(Group, T x, BinaryOperation) {
  detail::require_sub_group<Group>();
  return detail::subgroup_reduce<detail::op_kind<BinaryOperation>::value>(x);
}
template <typename Group, typename V, typename T, typename BinaryOperation>
T reduce_over_group(Group g, V x, T init, BinaryOperation op) {
  return op(init, reduce_over_group(g, T(x), op));
}

template <typename Group, typename T, typename BinaryOperation>
T inclusive_scan_over_group(Group, T x, BinaryOperation) {
  detail::require_sub_group<Group>();
  return detail::subgroup_inclusive_scan<detail::op_kind<BinaryOperation>::value>(x);
}
template <typename Group, typename V, typename BinaryOperation, typename T>
T inclusive_scan_over_group(Group g, V x, BinaryOperation op, T init) {
  return op(init, inclusive_scan_over_group(g, T(x), op));
}

template <typename Group, typename T, typename BinaryOperation>
T exclusive_scan_over_group(Group, T x, BinaryOperation) {
  detail::require_sub_group<Group>();
  return detail::subgroup_exclusive_scan<detail::op_kind<BinaryOperation>::value>(x);
}
template <typename Group, typename V, typename T, typename BinaryOperation>
T exclusive_scan_over_group(Group g, V x, T init, BinaryOperation op) {
  return op(init, exclusive_scan_over_group(g, T(x), op));
}

template <typename Group>
bool any_of_group(Group, bool pred) {
  detail::require_sub_group<Group>();
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_subgroup_any(pred);
#else
  return pred;
#endif
}
template <typename Group>
bool all_of_group(Group, bool pred) {
  detail::require_sub_group<Group>();
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_subgroup_all(pred);
#else
  return pred;
#endif
}
template <typename Group>
bool none_of_group(Group g, bool pred) {
  return !any_of_group(g, pred);
}

}  // namespace sycl
