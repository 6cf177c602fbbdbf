// sycl::ext::oneapi::group_local_memory (sycl_ext_oneapi_local_memory):
// work-group memory for an object of type T, allocated where a kernel calls
// it, the same for every work-item of the group. Device: each call site is
// its own array in work-group memory, sized for T. Host device: the k-th
// call of a work-item returns the group's k-th allocation (every work-item
// makes the same calls in the same order, as the extension requires).
#pragma once

namespace sycl {
namespace detail {
template <typename T>
__SYCLONE_LOCAL T *group_local_allocation() {
#ifdef __SYCL_DEVICE_ONLY__
  return __builtin_syclone_group_local_memory(static_cast<T *>(nullptr));
#else
  static_assert(alignof(T) <= 16, "group_local_memory types are aligned to at most 16 bytes");
  unsigned k = host_group_local_calls()++;
  return static_cast<T *>(syclone_host_group_local(k, sizeof(T)));
#endif
}

// The leader's construction of a group_local_memory object: arrays are
// value-initialised element by element, other types from the arguments.
template <typename T, typename... Args>
void construct_group_local(T *p, Args &&...args) {
  if constexpr (std::is_array_v<T>) {
    static_assert(sizeof...(Args) == 0, "group_local_memory of an array takes no initialiser");
    using E = std::remove_all_extents_t<T>;
    E *e = reinterpret_cast<E *>(p);
    for (size_t i = 0; i < sizeof(T) / sizeof(E); ++i) e[i] = E();
  } else {
    *p = T(std::forward<Args>(args)...);
  }
}
}  // namespace detail

namespace ext {
namespace oneapi {
template <typename T, int Dimensions>
multi_ptr<T, access::address_space::local_space, access::decorated::legacy>
group_local_memory_for_overwrite(group<Dimensions>) {
  static_assert(std::is_trivially_destructible_v<T>,
                "group_local_memory needs a trivially destructible type");
  return multi_ptr<T, access::address_space::local_space, access::decorated::legacy>(
      detail::group_local_allocation<T>());
}

template <typename T, int Dimensions, typename... Args>
multi_ptr<T, access::address_space::local_space, access::decorated::legacy>
group_local_memory(group<Dimensions> g, Args &&...args) {
  auto p = group_local_memory_for_overwrite<T>(g);
  if (g.leader()) detail::construct_group_local(p.get(), std::forward<Args>(args)...);
  group_barrier(g);
  return p;
}
}  // namespace oneapi
}  // namespace ext
}  // namespace sycl
