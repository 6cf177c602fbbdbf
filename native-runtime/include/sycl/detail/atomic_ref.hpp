// sycl::atomic_ref (SYCL 2020 4.15.3) over 32- and 64-bit integers, float
// and double in global memory (USM, accessors) and local memory
// (local_accessor). Device: compiler intrinsics, relaxed atomics at device
// scope (global) or work-group scope (local), with memory fences (at the
// scope asked for) before a releasing and after an acquiring operation;
// float arithmetic is a compare-exchange loop. Host: the
// GCC/Clang __atomic built-ins, sequentially consistent.
#pragma once

#include <cstring>
#include <type_traits>

namespace sycl {

enum class memory_order { relaxed, acquire, release, acq_rel, seq_cst };
inline constexpr memory_order memory_order_relaxed = memory_order::relaxed;
inline constexpr memory_order memory_order_acquire = memory_order::acquire;
inline constexpr memory_order memory_order_release = memory_order::release;
inline constexpr memory_order memory_order_acq_rel = memory_order::acq_rel;
inline constexpr memory_order memory_order_seq_cst = memory_order::seq_cst;

enum class memory_scope { work_item, sub_group, work_group, device, system };
inline constexpr memory_scope memory_scope_work_item = memory_scope::work_item;
inline constexpr memory_scope memory_scope_sub_group = memory_scope::sub_group;
inline constexpr memory_scope memory_scope_work_group = memory_scope::work_group;
inline constexpr memory_scope memory_scope_device = memory_scope::device;
inline constexpr memory_scope memory_scope_system = memory_scope::system;

// SYCL 2020 4.15.1: orders this work-item's memory accesses for the
// work-items of `scope`. A sub-group fence is a work-group one (stronger).
inline void atomic_fence(memory_order order, memory_scope scope) {
  if (order == memory_order::relaxed || scope == memory_scope::work_item) return;
#ifdef __SYCL_DEVICE_ONLY__
  if (scope == memory_scope::sub_group || scope == memory_scope::work_group)
    __builtin_syclone_fence_work_group();
  else
    __builtin_syclone_fence_device();
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

namespace access {
enum class address_space { global_space, local_space, constant_space, private_space, generic_space };
}  // namespace access

namespace detail {
// The orders a load and a store take by default from a read-modify-write order.
constexpr memory_order read_order_of(memory_order o) {
  return o == memory_order::acq_rel ? memory_order::acquire
         : o == memory_order::release ? memory_order::relaxed
                                      : o;
}
constexpr memory_order write_order_of(memory_order o) {
  return o == memory_order::acq_rel ? memory_order::release
         : o == memory_order::acquire ? memory_order::relaxed
                                      : o;
}

// Device atomics are relaxed; the fences around one give it the order
// asked for (a release before, an acquire after). Host atomics are
// sequentially consistent already.
inline void fence_before(memory_order order, memory_scope scope) {
#ifdef __SYCL_DEVICE_ONLY__
  if (order == memory_order::release || order == memory_order::acq_rel || order == memory_order::seq_cst)
    atomic_fence(order, scope);
#endif
}
inline void fence_after(memory_order order, memory_scope scope) {
#ifdef __SYCL_DEVICE_ONLY__
  if (order == memory_order::acquire || order == memory_order::acq_rel || order == memory_order::seq_cst)
    atomic_fence(order, scope);
#endif
}

#ifdef __SYCL_DEVICE_ONLY__
template <typename T>
T atomic_load(T *p) {
  return __builtin_syclone_atomic_load(p);
}
template <typename T>
void atomic_store(T *p, T v) {
  __builtin_syclone_atomic_store(p, v);
}
template <typename T>
T atomic_exchange(T *p, T v) {
  return __builtin_syclone_atomic_exchange(p, v);
}
// The value *p held; it was replaced by `desired` if its bits were `expected`'s.
template <typename T>
T atomic_compare_exchange(T *p, T expected, T desired) {
  return __builtin_syclone_atomic_compare_exchange(p, expected, desired);
}
template <typename T>
bool bit_equal(T a, T b) {
  return __builtin_syclone_bit_equal(a, b);
}
template <typename T>
T atomic_fetch_add(T *p, T v) {
  return __builtin_syclone_atomic_fetch_add(p, v);
}
template <typename T>
T atomic_fetch_sub(T *p, T v) {
  return __builtin_syclone_atomic_fetch_sub(p, v);
}
template <typename T>
T atomic_fetch_and(T *p, T v) {
  return __builtin_syclone_atomic_fetch_and(p, v);
}
template <typename T>
T atomic_fetch_or(T *p, T v) {
  return __builtin_syclone_atomic_fetch_or(p, v);
}
template <typename T>
T atomic_fetch_xor(T *p, T v) {
  return __builtin_syclone_atomic_fetch_xor(p, v);
}
template <typename T>
T atomic_fetch_min(T *p, T v) {
  return __builtin_syclone_atomic_fetch_min(p, v);
}
template <typename T>
T atomic_fetch_max(T *p, T v) {
  return __builtin_syclone_atomic_fetch_max(p, v);
}
#else
template <typename T>
T atomic_load(T *p) {
  T v;
  __atomic_load(p, &v, __ATOMIC_SEQ_CST);
  return v;
}
template <typename T>
void atomic_store(T *p, T v) {
  __atomic_store(p, &v, __ATOMIC_SEQ_CST);
}
template <typename T>
T atomic_exchange(T *p, T v) {
  T old;
  __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST);
  return old;
}
template <typename T>
T atomic_compare_exchange(T *p, T expected, T desired) {
  // On failure `expected` receives the value found; on success it was it.
  __atomic_compare_exchange(p, &expected, &desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return expected;
}
template <typename T>
bool bit_equal(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}
// *p = f(*p) atomically; returns the value replaced.
template <typename T, typename F>
T atomic_update(T *p, F f) {
  T old = atomic_load(p);
  for (;;) {
    T seen = atomic_compare_exchange(p, old, f(old));
    if (bit_equal(seen, old)) return old;
    old = seen;
  }
}
template <typename T>
T atomic_fetch_add(T *p, T v) {
  if constexpr (std::is_integral_v<T>) return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
  else return atomic_update(p, [v](T old) { return old + v; });
}
template <typename T>
T atomic_fetch_sub(T *p, T v) {
  if constexpr (std::is_integral_v<T>) return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST);
  else return atomic_update(p, [v](T old) { return old - v; });
}
template <typename T>
T atomic_fetch_and(T *p, T v) {
  return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST);
}
template <typename T>
T atomic_fetch_or(T *p, T v) {
  return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST);
}
template <typename T>
T atomic_fetch_xor(T *p, T v) {
  return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST);
}
template <typename T>
T atomic_fetch_min(T *p, T v) {
  return atomic_update(p, [v](T old) { return v < old ? v : old; });
}
template <typename T>
T atomic_fetch_max(T *p, T v) {
  return atomic_update(p, [v](T old) { return v > old ? v : old; });
}
#endif
}  // namespace detail

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space AddressSpace = access::address_space::generic_space>
class atomic_ref {
  static_assert(std::is_integral_v<T> || std::is_same_v<T, float> || std::is_same_v<T, double>,
                "sycl::atomic_ref: T must be an integral type, float or double");

 public:
  using value_type = T;
  using difference_type = T;
  static constexpr size_t required_alignment = alignof(T);
  static constexpr bool is_always_lock_free = true;
  static constexpr memory_order default_read_order = detail::read_order_of(DefaultOrder);
  static constexpr memory_order default_write_order = detail::write_order_of(DefaultOrder);
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  explicit atomic_ref(T &ref) : m_ptr(&ref) {}
  atomic_ref(const atomic_ref &) = default;

  bool is_lock_free() const noexcept { return true; }

  void store(T operand, memory_order order = default_write_order,
             memory_scope scope = DefaultScope) const {
    detail::fence_before(order, scope);
    detail::atomic_store(m_ptr, operand);
    if (order == memory_order::seq_cst) detail::fence_after(order, scope);
  }
  T operator=(T desired) const {
    store(desired);
    return desired;
  }
  T load(memory_order order = default_read_order, memory_scope scope = DefaultScope) const {
    if (order == memory_order::seq_cst) detail::fence_before(order, scope);
    T v = detail::atomic_load(m_ptr);
    detail::fence_after(order, scope);
    return v;
  }
  operator T() const { return load(); }
  T exchange(T operand, memory_order order = DefaultOrder, memory_scope scope = DefaultScope) const {
    detail::fence_before(order, scope);
    T old = detail::atomic_exchange(m_ptr, operand);
    detail::fence_after(order, scope);
    return old;
  }

  bool compare_exchange_strong(T &expected, T desired, memory_order success, memory_order failure,
                               memory_scope scope = DefaultScope) const {
    detail::fence_before(success, scope);
    T old = detail::atomic_compare_exchange(m_ptr, expected, desired);
    bool exchanged = detail::bit_equal(old, expected);
    detail::fence_after(exchanged ? success : failure, scope);
    if (!exchanged) expected = old;
    return exchanged;
  }
  bool compare_exchange_strong(T &expected, T desired, memory_order order = DefaultOrder,
                               memory_scope scope = DefaultScope) const {
    return compare_exchange_strong(expected, desired, order, detail::read_order_of(order), scope);
  }
  bool compare_exchange_weak(T &expected, T desired, memory_order success, memory_order failure,
                             memory_scope scope = DefaultScope) const {
    return compare_exchange_strong(expected, desired, success, failure, scope);
  }
  bool compare_exchange_weak(T &expected, T desired, memory_order order = DefaultOrder,
                             memory_scope scope = DefaultScope) const {
    return compare_exchange_strong(expected, desired, order, detail::read_order_of(order), scope);
  }

#define __SYCLONE_ATOMIC_FETCH(OP)                                                            \
  T fetch_##OP(T operand, memory_order order = DefaultOrder, memory_scope scope = DefaultScope) \
      const {                                                                                 \
    detail::fence_before(order, scope);                                                       \
    T old = detail::atomic_fetch_##OP(m_ptr, operand);                                        \
    detail::fence_after(order, scope);                                                        \
    return old;                                                                               \
  }
  __SYCLONE_ATOMIC_FETCH(add)
  __SYCLONE_ATOMIC_FETCH(sub)
  __SYCLONE_ATOMIC_FETCH(and)
  __SYCLONE_ATOMIC_FETCH(or)
  __SYCLONE_ATOMIC_FETCH(xor)
  __SYCLONE_ATOMIC_FETCH(min)
  __SYCLONE_ATOMIC_FETCH(max)
#undef __SYCLONE_ATOMIC_FETCH

  T operator++(int) const { return fetch_add(T(1)); }
  T operator--(int) const { return fetch_sub(T(1)); }
  T operator++() const { return fetch_add(T(1)) + T(1); }
  T operator--() const { return fetch_sub(T(1)) - T(1); }
  T operator+=(T operand) const { return fetch_add(operand) + operand; }
  T operator-=(T operand) const { return fetch_sub(operand) - operand; }
  T operator&=(T operand) const { return fetch_and(operand) & operand; }
  T operator|=(T operand) const { return fetch_or(operand) | operand; }
  T operator^=(T operand) const { return fetch_xor(operand) ^ operand; }

 private:
  T *m_ptr;
};

}  // namespace sycl
