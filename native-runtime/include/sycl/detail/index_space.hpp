// The SYCL 2020 index space classes (section 4.9.1): range, id and item,
// with their arithmetic, and the linearisation the runtime and both
// passes share (row-major: the last dimension varies fastest).
// Included by <sycl/sycl.hpp> after atomic_ref.hpp (memory_scope); read by
// both passes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sycl {

using std::size_t;

namespace detail {
// The storage and element access shared by range and id. Both are plain
// aggregates of `Dimensions` size_t values, as in every SYCL implementation.
template <int Dimensions>
class index_array {
 public:
  size_t get(int dimension) const { return m_v[dimension]; }
  size_t &operator[](int dimension) { return m_v[dimension]; }
  size_t operator[](int dimension) const { return m_v[dimension]; }

 protected:
  size_t m_v[Dimensions];
};
// The type an id or item of `Dimensions` dimensions converts to: size_t in
// one dimension (SYCL 2020), else a private type no code asks for.
struct not_one_dimensional {
  not_one_dimensional(size_t) {}
};
template <int Dimensions>
struct size_t_if_1d_t {
  using type = not_one_dimensional;
};
template <>
struct size_t_if_1d_t<1> {
  using type = size_t;
};
template <int Dimensions>
using size_t_if_1d = typename size_t_if_1d_t<Dimensions>::type;
}  // namespace detail

// Element-wise arithmetic and comparison of ids and ranges (SYCL 2020
// 4.9.1.1/4.9.1.3): hidden friends, as the specification declares them,
// so an item (which converts to its id) meets an id, and an integer is
// accepted on either side.
#define __SYCLONE_INDEX_OPERATOR(CLASS, OP)                                  \
  __SYCLONE_INDEX_ELEMENTWISE(CLASS, OP)                                     \
  friend CLASS &operator OP##=(CLASS &a, const CLASS &b) {                   \
    for (int d = 0; d < Dimensions; ++d) a[d] = a[d] OP b[d];                \
    return a;                                                                \
  }                                                                          \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> \
  friend CLASS &operator OP##=(CLASS &a, const T &b) {                       \
    for (int d = 0; d < Dimensions; ++d) a[d] = a[d] OP b;                   \
    return a;                                                                \
  }
// Element-wise relations and logical operators: each element 1 or 0; the
// element-wise forms of the arithmetic operators.
#define __SYCLONE_INDEX_ELEMENTWISE(CLASS, OP)                               \
  friend CLASS operator OP(const CLASS &a, const CLASS &b) {                 \
    CLASS r;                                                                 \
    for (int d = 0; d < Dimensions; ++d) r[d] = a[d] OP b[d];                \
    return r;                                                                \
  }                                                                          \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> \
  friend CLASS operator OP(const CLASS &a, const T &b) {                     \
    CLASS r;                                                                 \
    for (int d = 0; d < Dimensions; ++d) r[d] = a[d] OP b;                   \
    return r;                                                                \
  }                                                                          \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> \
  friend CLASS operator OP(const T &a, const CLASS &b) {                     \
    CLASS r;                                                                 \
    for (int d = 0; d < Dimensions; ++d) r[d] = a OP b[d];                   \
    return r;                                                                \
  }
#define __SYCLONE_INDEX_OPERATORS(CLASS)                      \
  __SYCLONE_INDEX_ELEMENTWISE(CLASS, <)                          \
  __SYCLONE_INDEX_ELEMENTWISE(CLASS, >)                          \
  __SYCLONE_INDEX_ELEMENTWISE(CLASS, <=)                         \
  __SYCLONE_INDEX_ELEMENTWISE(CLASS, >=)                         \
  __SYCLONE_INDEX_ELEMENTWISE(CLASS, &&)                         \
  __SYCLONE_INDEX_ELEMENTWISE(CLASS, ||)                         \
  __SYCLONE_INDEX_OPERATOR(CLASS, +)                          \
  __SYCLONE_INDEX_OPERATOR(CLASS, -)                          \
  __SYCLONE_INDEX_OPERATOR(CLASS, *)                          \
  __SYCLONE_INDEX_OPERATOR(CLASS, /)                          \
  __SYCLONE_INDEX_OPERATOR(CLASS, %)                          \
  __SYCLONE_INDEX_OPERATOR(CLASS, <<)                         \
  __SYCLONE_INDEX_OPERATOR(CLASS, >>)                         \
  __SYCLONE_INDEX_OPERATOR(CLASS, &)                          \
  __SYCLONE_INDEX_OPERATOR(CLASS, |)                          \
  __SYCLONE_INDEX_OPERATOR(CLASS, ^)                          \
  friend bool operator==(const CLASS &a, const CLASS &b) {    \
    for (int d = 0; d < Dimensions; ++d)                      \
      if (a[d] != b[d]) return false;                         \
    return true;                                              \
  }                                                           \
  friend bool operator!=(const CLASS &a, const CLASS &b) { return !(a == b); } \
  /* `id == 0` names these, not the built-in comparison of id<1>'s size_t */  \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>   \
  friend bool operator==(const CLASS &a, const T &b) {                        \
    for (int d = 0; d < Dimensions; ++d)                                      \
      if (a[d] != static_cast<size_t>(b)) return false;                       \
    return true;                                                              \
  }                                                                           \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>   \
  friend bool operator==(const T &a, const CLASS &b) { return b == a; }       \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>   \
  friend bool operator!=(const CLASS &a, const T &b) { return !(a == b); }    \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>   \
  friend bool operator!=(const T &a, const CLASS &b) { return !(b == a); }    \
  friend CLASS operator+(const CLASS &a) { return a; }                        \
  friend CLASS operator-(const CLASS &a) {                                    \
    CLASS r;                                                                  \
    for (int d = 0; d < Dimensions; ++d) r[d] = -a[d];                        \
    return r;                                                                 \
  }                                                                           \
  friend CLASS &operator++(CLASS &a) {                                        \
    for (int d = 0; d < Dimensions; ++d) ++a[d];                              \
    return a;                                                                 \
  }                                                                           \
  friend CLASS operator++(CLASS &a, int) {                                    \
    CLASS old = a;                                                            \
    ++a;                                                                      \
    return old;                                                               \
  }                                                                           \
  friend CLASS &operator--(CLASS &a) {                                        \
    for (int d = 0; d < Dimensions; ++d) --a[d];                              \
    return a;                                                                 \
  }                                                                           \
  friend CLASS operator--(CLASS &a, int) {                                    \
    CLASS old = a;                                                            \
    --a;                                                                      \
    return old;                                                               \
  }

template <int Dimensions = 1>
class range : public detail::index_array<Dimensions> {
 public:
  static constexpr int dimensions = Dimensions;
  range() { for (int d = 0; d < Dimensions; ++d) this->m_v[d] = 0; }
  template <int D = Dimensions, typename = std::enable_if_t<D == 1>>
  range(size_t d0) { this->m_v[0] = d0; }
  template <int D = Dimensions, typename = std::enable_if_t<D == 2>>
  range(size_t d0, size_t d1) { this->m_v[0] = d0; this->m_v[1] = d1; }
  template <int D = Dimensions, typename = std::enable_if_t<D == 3>>
  range(size_t d0, size_t d1, size_t d2) { this->m_v[0] = d0; this->m_v[1] = d1; this->m_v[2] = d2; }
  size_t size() const {
    size_t total = 1;
    for (int d = 0; d < Dimensions; ++d) total = total * this->m_v[d];
    return total;
  }
  __SYCLONE_INDEX_OPERATORS(range)
};

range(size_t) -> range<1>;
range(size_t, size_t) -> range<2>;
range(size_t, size_t, size_t) -> range<3>;

template <int Dimensions = 1>
class id : public detail::index_array<Dimensions> {
 public:
  static constexpr int dimensions = Dimensions;
  id() { for (int d = 0; d < Dimensions; ++d) this->m_v[d] = 0; }
  // The id with a range's extents (SYCL 2020 4.9.1.3; an item converts
  // to its id through item's conversion operator).
  id(const range<Dimensions> &r) { for (int d = 0; d < Dimensions; ++d) this->m_v[d] = r[d]; }
  template <int D = Dimensions, typename = std::enable_if_t<D == 1>>
  id(size_t d0) { this->m_v[0] = d0; }
  template <int D = Dimensions, typename = std::enable_if_t<D == 2>>
  id(size_t d0, size_t d1) { this->m_v[0] = d0; this->m_v[1] = d1; }
  template <int D = Dimensions, typename = std::enable_if_t<D == 3>>
  id(size_t d0, size_t d1, size_t d2) { this->m_v[0] = d0; this->m_v[1] = d1; this->m_v[2] = d2; }
  // SYCL 2020: only id<1> converts to size_t.
  operator detail::size_t_if_1d<Dimensions>() const { return this->m_v[0]; }
  __SYCLONE_INDEX_OPERATORS(id)
};

id(size_t) -> id<1>;
id(size_t, size_t) -> id<2>;
id(size_t, size_t, size_t) -> id<3>;
#undef __SYCLONE_INDEX_OPERATORS
#undef __SYCLONE_INDEX_OPERATOR

namespace detail {
// Row-major linear index of `i` in `r`.
template <int D>
size_t linearize(const id<D> &i, const range<D> &r) {
  size_t linear = i[0];
  for (int d = 1; d < D; ++d) linear = linear * r[d] + i[d];
  return linear;
}
// The id whose row-major linear index in `r` is `linear`.
template <int D>
id<D> delinearize(size_t linear, const range<D> &r) {
  id<D> i;
  for (int d = D - 1; d > 0; --d) {
    i[d] = linear % r[d];
    linear = linear / r[d];
  }
  i[0] = linear;
  return i;
}
// Calls `f` with every id of `r`, in row-major order.
template <int D, typename F>
void for_each_id(const range<D> &r, F f) {
  size_t count = r.size();
  for (size_t linear = 0; linear < count; ++linear) f(delinearize(linear, r));
}
}  // namespace detail

// A work-item of a parallel_for over a range: its id and the range.
template <int Dimensions = 1, bool WithOffset = true>
class item {
 public:
  static constexpr int dimensions = Dimensions;
  item(const range<Dimensions> &r, const id<Dimensions> &i) : m_range(r), m_id(i), m_offset() {}
  // SYCL 1.2.1's item of a range launched from `offset` (`i` includes it).
  item(const range<Dimensions> &r, const id<Dimensions> &i, const id<Dimensions> &offset)
      : m_range(r), m_id(i), m_offset(offset) {}
  id<Dimensions> get_id() const { return m_id; }
  size_t get_id(int dimension) const { return m_id[dimension]; }
  size_t operator[](int dimension) const { return m_id[dimension]; }
  range<Dimensions> get_range() const { return m_range; }
  size_t get_range(int dimension) const { return m_range[dimension]; }
  id<Dimensions> get_offset() const { return m_offset; }
  size_t get_offset(int dimension) const { return m_offset[dimension]; }
  size_t get_linear_id() const { return detail::linearize(m_id - m_offset, m_range); }
  operator id<Dimensions>() const { return m_id; }
  // SYCL 2020: only item<1> converts to size_t.
  operator detail::size_t_if_1d<Dimensions>() const { return m_id[0]; }

 private:
  range<Dimensions> m_range;
  id<Dimensions> m_id;
  id<Dimensions> m_offset;
};

template <int D, bool O>
bool operator==(const item<D, O> &a, const item<D, O> &b) {
  return a.get_id() == b.get_id() && a.get_range() == b.get_range();
}
template <int D, bool O>
bool operator!=(const item<D, O> &a, const item<D, O> &b) {
  return !(a == b);
}

// The global and local ranges of a parallel_for over work-groups.
template <int Dimensions = 1>
class nd_range {
 public:
  nd_range(range<Dimensions> global, range<Dimensions> local, id<Dimensions> offset = id<Dimensions>())
      : m_global(global), m_local(local), m_offset(offset) {}
  range<Dimensions> get_global_range() const { return m_global; }
  range<Dimensions> get_local_range() const { return m_local; }
  range<Dimensions> get_group_range() const { return m_global / m_local; }
  // SYCL 1.2.1's global offset (deprecated in SYCL 2020).
  id<Dimensions> get_offset() const { return m_offset; }

 private:
  range<Dimensions> m_global;
  range<Dimensions> m_local;
  id<Dimensions> m_offset;
};

namespace detail {
// Waits for every work-item of the work-group (see group_barrier).
#ifdef __SYCL_DEVICE_ONLY__
inline void work_group_barrier() { __builtin_syclone_group_barrier(); }
#else
extern "C" void syclone_host_group_barrier(void);
inline void work_group_barrier() { syclone_host_group_barrier(); }
#endif
// Waits for every work-item of the sub-group.
#ifdef __SYCL_DEVICE_ONLY__
inline void sub_group_barrier() { __builtin_syclone_subgroup_barrier(); }
#else
extern "C" void syclone_host_sub_group_barrier(void);
inline void sub_group_barrier() { syclone_host_sub_group_barrier(); }
#endif

// Whether async_work_group_copy copies from `SrcPtr` to `DestPtr`: multi_ptrs
// from global to local memory or from local to global, of one element type
// (specialized in sycl.hpp, where multi_ptr is defined).
template <typename DestPtr, typename SrcPtr>
struct is_work_group_copy : std::false_type {};
// The share of work-item `item` of a group of `size` in copying `n`
// elements: dest[i * dest_stride] = src[i * src_stride] for i = item,
// item + size...
template <typename DestPtr, typename SrcPtr>
void copy_share(DestPtr dest, SrcPtr src, size_t n, size_t dest_stride, size_t src_stride, size_t item,
                size_t size) {
  for (size_t i = item; i < n; i += size) dest[i * dest_stride] = src[i * src_stride];
}
}  // namespace detail

// What group::async_work_group_copy returns (SYCL 2020 device_event): every
// work-item copied its share of the elements when the call returned, so
// waiting is the work-group barrier that makes the other work-items' shares
// visible.
class device_event {
 public:
  void wait() noexcept { detail::work_group_barrier(); }
};

// A work-group, as seen by one of its work-items.
template <int Dimensions = 1>
class group {
 public:
  using id_type = id<Dimensions>;
  using range_type = range<Dimensions>;
  using linear_id_type = size_t;
  static constexpr int dimensions = Dimensions;
  static constexpr memory_scope fence_scope = memory_scope::work_group;
  group(const id<Dimensions> &group_id, const range<Dimensions> &group_range,
        const range<Dimensions> &local_range, const id<Dimensions> &local_id)
      : m_id(group_id), m_group_range(group_range), m_local_range(local_range), m_local_id(local_id) {}
  id<Dimensions> get_group_id() const { return m_id; }
  size_t get_group_id(int dimension) const { return m_id[dimension]; }
  size_t operator[](int dimension) const { return m_id[dimension]; }
  range<Dimensions> get_group_range() const { return m_group_range; }
  size_t get_group_range(int dimension) const { return m_group_range[dimension]; }
  range<Dimensions> get_local_range() const { return m_local_range; }
  size_t get_local_range(int dimension) const { return m_local_range[dimension]; }
  range<Dimensions> get_max_local_range() const { return m_local_range; }
  size_t get_group_linear_id() const { return detail::linearize(m_id, m_group_range); }
  size_t get_local_linear_range() const { return m_local_range.size(); }
  size_t get_group_linear_range() const { return m_group_range.size(); }
  // The calling work-item's place in the group.
  id<Dimensions> get_local_id() const { return m_local_id; }
  size_t get_local_id(int dimension) const { return m_local_id[dimension]; }
  size_t get_local_linear_id() const { return detail::linearize(m_local_id, m_local_range); }
  bool leader() const { return get_local_linear_id() == 0; }
  // Copies `numElements` elements between global and local memory (SYCL
  // 2020 4.9.1.7); every work-item of the group calls it with the same
  // arguments. `srcStride` strides a global source, `destStride` a global
  // destination.
  template <typename DestPtr, typename SrcPtr,
            typename = std::enable_if_t<detail::is_work_group_copy<DestPtr, SrcPtr>::value>>
  device_event async_work_group_copy(DestPtr dest, SrcPtr src, size_t numElements) const {
    detail::copy_share(dest, src, numElements, 1, 1, get_local_linear_id(), get_local_linear_range());
    return device_event();
  }
  template <typename DestPtr, typename SrcPtr,
            typename = std::enable_if_t<detail::is_work_group_copy<DestPtr, SrcPtr>::value>>
  device_event async_work_group_copy(DestPtr dest, SrcPtr src, size_t numElements, size_t stride) const {
    constexpr bool to_local = DestPtr::address_space == access::address_space::local_space;
    detail::copy_share(dest, src, numElements, to_local ? 1 : stride, to_local ? stride : 1, get_local_linear_id(),
                       get_local_linear_range());
    return device_event();
  }
  // Waits for the copies of `events`: one work-group barrier for them all.
  template <typename... EventTN>
  void wait_for(EventTN... events) const {
    static_assert((std::is_same_v<EventTN, device_event> && ...), "group::wait_for takes device_events");
    if constexpr (sizeof...(events) > 0) detail::work_group_barrier();
  }
  // Hierarchical parallelism (detail/hierarchical.hpp): runs `f` once per
  // work-item of the group's local range, or of a logical range.
  template <typename WorkItemFunction>
  void parallel_for_work_item(WorkItemFunction f) const;
  template <typename WorkItemFunction>
  void parallel_for_work_item(range<Dimensions> logical_range, WorkItemFunction f) const;

 private:
  id<Dimensions> m_id;
  range<Dimensions> m_group_range;
  range<Dimensions> m_local_range;
  id<Dimensions> m_local_id;
};

namespace access {
enum class fence_space { local_space, global_space, global_and_local };
}  // namespace access

#ifndef __SYCL_DEVICE_ONLY__
extern "C" unsigned syclone_host_sub_group_size(void);
#endif

template <typename DataT, int NumElements>
class vec;

// The sub-group of a work-item (SYCL 2020 4.9.1.8). On GPUs, the device's
// sub-groups (Vulkan subgroups: consecutive local linear ids); on the host
// device, consecutive local linear ids too, as many as the kernel's
// reqd_sub_group_size, else 16 where the kernel uses sub-group functions
// (1 where it does not: each work-item then runs on its own).
class sub_group {
 public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;
#ifdef __SYCL_DEVICE_ONLY__
  // `work_group_size`: the work-items of the work-group (0: not known,
  // every sub-group is taken to be full).
  explicit sub_group(uint32_t work_group_size = 0) : m_group_size(work_group_size) {}
  id<1> get_local_id() const { return id<1>(get_local_linear_id()); }
  uint32_t get_local_linear_id() const { return __spirv_BuiltInSubgroupLocalInvocationId(0); }
  range<1> get_local_range() const { return range<1>(get_local_linear_range()); }
  // The last sub-group of a work-group may be smaller (a work-group of 8
  // on a device whose sub-groups have 32 lanes is one sub-group of 8).
  uint32_t get_local_linear_range() const {
    uint32_t size = __spirv_BuiltInSubgroupSize(0);
    uint32_t first = __spirv_BuiltInSubgroupId(0) * size;
    return m_group_size != 0 && m_group_size - first < size ? m_group_size - first : size;
  }
  range<1> get_max_local_range() const { return range<1>(__spirv_BuiltInSubgroupSize(0)); }
  id<1> get_group_id() const { return id<1>(get_group_linear_id()); }
  uint32_t get_group_linear_id() const { return __spirv_BuiltInSubgroupId(0); }
  range<1> get_group_range() const { return range<1>(get_group_linear_range()); }
  // Counted from the work-group size where it is known: lavapipe's
  // NumSubgroups rounds down (a work-group of 12 in sub-groups of 8 has 2).
  uint32_t get_group_linear_range() const {
    uint32_t size = __spirv_BuiltInSubgroupSize(0);
    return m_group_size != 0 ? (m_group_size + size - 1) / size : __spirv_BuiltInNumSubgroups(0);
  }

 private:
  uint32_t m_group_size;

 public:
#else
  sub_group(size_t work_item, size_t work_group_size)
      : m_item(static_cast<uint32_t>(work_item)),
        m_group_size(static_cast<uint32_t>(work_group_size)),
        m_size(syclone_host_sub_group_size()) {}
  id<1> get_local_id() const { return id<1>(get_local_linear_id()); }
  uint32_t get_local_linear_id() const { return m_item % m_size; }
  range<1> get_local_range() const { return range<1>(get_local_linear_range()); }
  // The last sub-group of a work-group may be smaller.
  uint32_t get_local_linear_range() const {
    uint32_t first = m_item - m_item % m_size;
    return m_group_size - first < m_size ? m_group_size - first : m_size;
  }
  range<1> get_max_local_range() const { return range<1>(m_size); }
  id<1> get_group_id() const { return id<1>(get_group_linear_id()); }
  uint32_t get_group_linear_id() const { return m_item / m_size; }
  range<1> get_group_range() const { return range<1>(get_group_linear_range()); }
  uint32_t get_group_linear_range() const { return (m_group_size + m_size - 1) / m_size; }

 private:
  uint32_t m_item;        // local linear id in the work-group
  uint32_t m_group_size;  // work-items in the work-group
  uint32_t m_size;        // the launch's sub-group size

 public:
#endif
  bool leader() const { return get_local_linear_id() == 0; }
  // The shuffles and barrier of DPC++'s sub-group extension (deprecated
  // there, still common in ported code: `sg.shuffle_down(x, 1)`), as the
  // SYCL 2020 group functions they became (found by argument-dependent
  // lookup: they are declared after this class).
  template <typename T>
  T shuffle(T x, id<1> local_id) const {
    return select_from_group(*this, x, local_id);
  }
  template <typename T>
  T shuffle_down(T x, uint32_t delta) const {
    return shift_group_left(*this, x, delta);
  }
  template <typename T>
  T shuffle_up(T x, uint32_t delta) const {
    return shift_group_right(*this, x, delta);
  }
  template <typename T>
  T shuffle_xor(T x, id<1> mask) const {
    return permute_group_by_xor(*this, x, mask[0]);
  }
  template <typename G = sub_group>
  void barrier() const {
    group_barrier(static_cast<const G &>(*this));
  }
  // Blocked loads and stores (DPC++'s sub-group extension): the work-item
  // with sub-group local id i reads or writes element i of `ptr` (a
  // pointer or a multi_ptr).
  template <typename Ptr>
  auto load(Ptr ptr) const -> std::remove_reference_t<decltype(ptr[0])> {
    return ptr[get_local_linear_id()];
  }
  template <typename Ptr, typename T>
  void store(Ptr ptr, const T &value) const {
    ptr[get_local_linear_id()] = value;
  }
  // N elements per work-item, striped: element k of the work-item with
  // sub-group local id i is ptr[k * sub-group size + i] (`sg.load<8>(p)`).
  template <int N, typename Ptr>
  auto load(Ptr ptr) const -> vec<std::remove_cv_t<std::remove_reference_t<decltype(ptr[0])>>, N> {
    vec<std::remove_cv_t<std::remove_reference_t<decltype(ptr[0])>>, N> out;
    size_t lane = get_local_linear_id(), width = get_max_local_range()[0];
    for (int k = 0; k < N; ++k) out[k] = ptr[k * width + lane];
    return out;
  }
  template <int N, typename Ptr, typename T>
  void store(Ptr ptr, const vec<T, N> &values) const {
    size_t lane = get_local_linear_id(), width = get_max_local_range()[0];
    for (int k = 0; k < N; ++k) ptr[k * width + lane] = values[k];
  }
};

// Whether T is a group type (SYCL 2020 4.17.1).
template <typename T>
struct is_group : std::false_type {};
template <int Dimensions>
struct is_group<group<Dimensions>> : std::true_type {};
template <>
struct is_group<sub_group> : std::true_type {};
template <typename T>
inline constexpr bool is_group_v = is_group<T>::value;

// A work-item of a parallel_for over an nd_range.
template <int Dimensions = 1>
class nd_item {
 public:
  static constexpr int dimensions = Dimensions;
  nd_item(const range<Dimensions> &global_range, const range<Dimensions> &local_range,
          const id<Dimensions> &group_id, const id<Dimensions> &local_id,
          const id<Dimensions> &offset = id<Dimensions>())
      : m_global_range(global_range),
        m_local_range(local_range),
        m_group_id(group_id),
        m_local_id(local_id),
        m_offset(offset) {}
  // The global id includes the nd_range's offset; the linear id does not.
  id<Dimensions> get_global_id() const {
    id<Dimensions> g;
    for (int d = 0; d < Dimensions; ++d) g[d] = m_group_id[d] * m_local_range[d] + m_local_id[d] + m_offset[d];
    return g;
  }
  size_t get_global_id(int dimension) const {
    return m_group_id[dimension] * m_local_range[dimension] + m_local_id[dimension] + m_offset[dimension];
  }
  size_t get_global_linear_id() const {
    id<Dimensions> g;
    for (int d = 0; d < Dimensions; ++d) g[d] = m_group_id[d] * m_local_range[d] + m_local_id[d];
    return detail::linearize(g, m_global_range);
  }
  id<Dimensions> get_local_id() const { return m_local_id; }
  size_t get_local_id(int dimension) const { return m_local_id[dimension]; }
  size_t get_local_linear_id() const { return detail::linearize(m_local_id, m_local_range); }
  group<Dimensions> get_group() const {
    return group<Dimensions>(m_group_id, get_group_range(), m_local_range, m_local_id);
  }
  size_t get_group(int dimension) const { return m_group_id[dimension]; }
  size_t get_group_linear_id() const { return detail::linearize(m_group_id, get_group_range()); }
  range<Dimensions> get_group_range() const { return m_global_range / m_local_range; }
  size_t get_group_range(int dimension) const { return m_global_range[dimension] / m_local_range[dimension]; }
  range<Dimensions> get_global_range() const { return m_global_range; }
  size_t get_global_range(int dimension) const { return m_global_range[dimension]; }
  range<Dimensions> get_local_range() const { return m_local_range; }
  size_t get_local_range(int dimension) const { return m_local_range[dimension]; }
  id<Dimensions> get_offset() const { return m_offset; }
  nd_range<Dimensions> get_nd_range() const { return nd_range<Dimensions>(m_global_range, m_local_range, m_offset); }
#ifdef __SYCL_DEVICE_ONLY__
  sub_group get_sub_group() const { return sub_group(static_cast<uint32_t>(m_local_range.size())); }
#else
  sub_group get_sub_group() const { return sub_group(get_local_linear_id(), m_local_range.size()); }
#endif
  // SYCL 1.2.1 style; SYCL 2020 code calls group_barrier(it.get_group()).
  void barrier() const { detail::work_group_barrier(); }
  void barrier(access::fence_space) const { detail::work_group_barrier(); }
  // The work-group's copies (see group::async_work_group_copy).
  template <typename DestPtr, typename SrcPtr,
            typename = std::enable_if_t<detail::is_work_group_copy<DestPtr, SrcPtr>::value>>
  device_event async_work_group_copy(DestPtr dest, SrcPtr src, size_t numElements) const {
    return get_group().async_work_group_copy(dest, src, numElements);
  }
  template <typename DestPtr, typename SrcPtr,
            typename = std::enable_if_t<detail::is_work_group_copy<DestPtr, SrcPtr>::value>>
  device_event async_work_group_copy(DestPtr dest, SrcPtr src, size_t numElements, size_t stride) const {
    return get_group().async_work_group_copy(dest, src, numElements, stride);
  }
  template <typename... EventTN>
  void wait_for(EventTN... events) const {
    get_group().wait_for(events...);
  }

 private:
  range<Dimensions> m_global_range;
  range<Dimensions> m_local_range;
  id<Dimensions> m_group_id;
  id<Dimensions> m_local_id;
  id<Dimensions> m_offset;
};

// SYCL 2020 group barrier (4.17.4.2): all work-items of `g` wait here.
template <int Dimensions>
void group_barrier(const group<Dimensions> &) {
  detail::work_group_barrier();
}
inline void group_barrier(const sub_group &) { detail::sub_group_barrier(); }

namespace detail {
// `acc[i][j]...` of a multi-dimensional accessor: `Ptr` points at the first
// element of the remaining `D` dimensions, whose extents are the last `D` of
// `pitch` (the accessed buffer's range). `Access::of(element)` is what the
// last subscript returns (`Access::type`: a reference, or an atomic for
// access::mode::atomic).
template <typename Access, typename Ptr, int D, int Full>
struct subscript {
  Ptr m_data;
  range<Full> m_pitch;
  subscript<Access, Ptr, D - 1, Full> operator[](size_t i) const {
    size_t stride = 1;
    for (int d = Full - D + 1; d < Full; ++d) stride = stride * m_pitch[d];
    return subscript<Access, Ptr, D - 1, Full>{m_data + i * stride, m_pitch};
  }
};
template <typename Access, typename Ptr, int Full>
struct subscript<Access, Ptr, 1, Full> {
  Ptr m_data;
  range<Full> m_pitch;
  typename Access::type operator[](size_t i) const { return Access::of(m_data[i]); }
};
// What `acc[i]` returns for an accessor of `D` dimensions: the element (one
// dimension) or the subscript proxy of the remaining dimensions.
template <typename Access, typename Ptr, int D>
struct row {
  using type = subscript<Access, Ptr, D - 1, D>;
  static type at(Ptr data, const range<D> &pitch, size_t i) {
    return subscript<Access, Ptr, D, D>{data, pitch}[i];
  }
};
template <typename Access, typename Ptr>
struct row<Access, Ptr, 1> {
  using type = typename Access::type;
  static type at(Ptr data, const range<1> &, size_t i) { return Access::of(data[i]); }
};
}  // namespace detail

}  // namespace sycl
