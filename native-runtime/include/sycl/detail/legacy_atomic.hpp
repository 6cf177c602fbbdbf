// SYCL 1.2.1's atomic class, which SYCL 2020 keeps as deprecated (4.15.3):
// sycl::atomic<T, Space> over a multi_ptr, the free functions
// atomic_load/store/exchange/compare_exchange_strong/fetch_* on it, and
// what an accessor of access::mode::atomic returns for an element. Every
// operation is an atomic_ref operation at device scope (work-group scope
// for local memory); SYCL 1.2.1 knows only relaxed ordering, which is the
// default here too.
#pragma once

#include <type_traits>

namespace sycl {

template <typename T, access::address_space Space = access::address_space::global_space>
class atomic {
  static_assert(Space == access::address_space::global_space || Space == access::address_space::local_space,
                "sycl::atomic: the address space must be global_space or local_space");
  static_assert(std::is_integral_v<T> || std::is_same_v<T, float>,
                "sycl::atomic: T must be an integral type or float");
  static constexpr memory_scope scope =
      Space == access::address_space::local_space ? memory_scope::work_group : memory_scope::device;
  using ref = atomic_ref<T, memory_order::relaxed, scope, Space>;

 public:
  template <typename PointerT, access::decorated D>
  atomic(multi_ptr<PointerT, Space, D> ptr) : m_ptr(ptr.get()) {
    static_assert(sizeof(PointerT) == sizeof(T), "sycl::atomic: the pointer's element must have the size of T");
  }

  void store(T operand, memory_order order = memory_order::relaxed) const { ref(*m_ptr).store(operand, order); }
  T load(memory_order order = memory_order::relaxed) const { return ref(*m_ptr).load(order); }
  T exchange(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*m_ptr).exchange(operand, order);
  }
  bool compare_exchange_strong(T &expected, T desired, memory_order success = memory_order::relaxed,
                               memory_order failure = memory_order::relaxed) const {
    return ref(*m_ptr).compare_exchange_strong(expected, desired, success, failure);
  }

#define __SYCLONE_LEGACY_ATOMIC_FETCH(OP)                                            \
  T fetch_##OP(T operand, memory_order order = memory_order::relaxed) const {        \
    static_assert(std::is_integral_v<T>, "sycl::atomic: fetch_" #OP " needs an integral T"); \
    return ref(*m_ptr).fetch_##OP(operand, order);                                   \
  }
  __SYCLONE_LEGACY_ATOMIC_FETCH(add)
  __SYCLONE_LEGACY_ATOMIC_FETCH(sub)
  __SYCLONE_LEGACY_ATOMIC_FETCH(and)
  __SYCLONE_LEGACY_ATOMIC_FETCH(or)
  __SYCLONE_LEGACY_ATOMIC_FETCH(xor)
  __SYCLONE_LEGACY_ATOMIC_FETCH(min)
  __SYCLONE_LEGACY_ATOMIC_FETCH(max)
#undef __SYCLONE_LEGACY_ATOMIC_FETCH

 private:
  T *m_ptr;
};

template <typename T, access::address_space Space>
T atomic_load(atomic<T, Space> object, memory_order order = memory_order::relaxed) {
  return object.load(order);
}
template <typename T, access::address_space Space>
void atomic_store(atomic<T, Space> object, T operand, memory_order order = memory_order::relaxed) {
  object.store(operand, order);
}
template <typename T, access::address_space Space>
T atomic_exchange(atomic<T, Space> object, T operand, memory_order order = memory_order::relaxed) {
  return object.exchange(operand, order);
}
template <typename T, access::address_space Space>
bool atomic_compare_exchange_strong(atomic<T, Space> object, T &expected, T desired,
                                    memory_order success = memory_order::relaxed,
                                    memory_order failure = memory_order::relaxed) {
  return object.compare_exchange_strong(expected, desired, success, failure);
}
#define __SYCLONE_LEGACY_ATOMIC_FREE_FETCH(OP)                                                      \
  template <typename T, access::address_space Space>                                                \
  T atomic_fetch_##OP(atomic<T, Space> object, T operand, memory_order order = memory_order::relaxed) { \
    return object.fetch_##OP(operand, order);                                                       \
  }
__SYCLONE_LEGACY_ATOMIC_FREE_FETCH(add)
__SYCLONE_LEGACY_ATOMIC_FREE_FETCH(sub)
__SYCLONE_LEGACY_ATOMIC_FREE_FETCH(and)
__SYCLONE_LEGACY_ATOMIC_FREE_FETCH(or)
__SYCLONE_LEGACY_ATOMIC_FREE_FETCH(xor)
__SYCLONE_LEGACY_ATOMIC_FREE_FETCH(min)
__SYCLONE_LEGACY_ATOMIC_FREE_FETCH(max)
#undef __SYCLONE_LEGACY_ATOMIC_FREE_FETCH

namespace detail {
// What an accessor's subscript returns for an element `e` in `Space`: the
// element itself, or an atomic over it for access::mode::atomic.
template <typename DataT, access::mode Mode, access::address_space Space>
struct element_access {
  using type = DataT &;
  static DataT &of(DataT &e) { return e; }
};
template <typename DataT, access::address_space Space>
struct element_access<DataT, access::mode::atomic, Space> {
  using type = atomic<DataT, Space>;
  static type of(DataT &e) { return type(multi_ptr<DataT, Space>(&e)); }
};
}  // namespace detail

}  // namespace sycl
