// Hierarchical parallelism (SYCL 2020 4.9.4.2.3): h_item, private_memory and
// group::parallel_for_work_item.
//
// The host device runs a work-group on one thread: the work-group scope runs
// once and parallel_for_work_item loops over the logical local range, so
// variables of the work-group scope are shared by the group as SYCL says.
// On GPUs every work-item of the physical group runs the kernel: the device
// compiler runs the work-group scope's statements on the group's leader and
// keeps its variables in work-group memory (compiler-core's
// lower/work_group_scope.rs), told where the scopes begin by the attributes
// below; parallel_for_work_item runs the logical items congruent to the
// work-item's physical id between two work-group barriers.
#pragma once

#ifdef __SYCL_DEVICE_ONLY__
// A function whose callee is a work-group function.
#define __SYCLONE_WORK_GROUP_SCOPE [[syclone::work_group_scope]]
// A function running per-work-item code; a class whose objects each
// work-item keeps even where work-group scope declares them.
#define __SYCLONE_WORK_ITEM_SCOPE [[syclone::work_item_scope]]
#else
#define __SYCLONE_WORK_GROUP_SCOPE
#define __SYCLONE_WORK_ITEM_SCOPE
#endif

namespace sycl {

// A work-item of a parallel_for_work_item: its logical id in the logical
// local range, and the physical work-item that runs it.
template <int Dimensions = 1>
class h_item {
 public:
  static constexpr int dimensions = Dimensions;
  h_item(const range<Dimensions> &global_range, const id<Dimensions> &global_id,
         const range<Dimensions> &logical_range, const id<Dimensions> &logical_id,
         const range<Dimensions> &physical_range, const id<Dimensions> &physical_id)
      : m_global_range(global_range), m_global_id(global_id), m_logical_range(logical_range),
        m_logical_id(logical_id), m_physical_range(physical_range), m_physical_id(physical_id) {}

  item<Dimensions, false> get_global() const { return item<Dimensions, false>(m_global_range, m_global_id); }
  item<Dimensions, false> get_local() const { return get_logical_local(); }
  item<Dimensions, false> get_logical_local() const {
    return item<Dimensions, false>(m_logical_range, m_logical_id);
  }
  item<Dimensions, false> get_physical_local() const {
    return item<Dimensions, false>(m_physical_range, m_physical_id);
  }
  range<Dimensions> get_global_range() const { return m_global_range; }
  size_t get_global_range(int dimension) const { return m_global_range[dimension]; }
  id<Dimensions> get_global_id() const { return m_global_id; }
  size_t get_global_id(int dimension) const { return m_global_id[dimension]; }
  range<Dimensions> get_local_range() const { return m_logical_range; }
  size_t get_local_range(int dimension) const { return m_logical_range[dimension]; }
  id<Dimensions> get_local_id() const { return m_logical_id; }
  size_t get_local_id(int dimension) const { return m_logical_id[dimension]; }
  range<Dimensions> get_logical_local_range() const { return m_logical_range; }
  size_t get_logical_local_range(int dimension) const { return m_logical_range[dimension]; }
  id<Dimensions> get_logical_local_id() const { return m_logical_id; }
  size_t get_logical_local_id(int dimension) const { return m_logical_id[dimension]; }
  range<Dimensions> get_physical_local_range() const { return m_physical_range; }
  size_t get_physical_local_range(int dimension) const { return m_physical_range[dimension]; }
  id<Dimensions> get_physical_local_id() const { return m_physical_id; }
  size_t get_physical_local_id(int dimension) const { return m_physical_id[dimension]; }

 private:
  range<Dimensions> m_global_range;
  id<Dimensions> m_global_id;
  range<Dimensions> m_logical_range;
  id<Dimensions> m_logical_id;
  range<Dimensions> m_physical_range;
  id<Dimensions> m_physical_id;
};

template <int Dimensions>
bool operator==(const h_item<Dimensions> &a, const h_item<Dimensions> &b) {
  return a.get_global_id() == b.get_global_id() && a.get_logical_local_id() == b.get_logical_local_id() &&
         a.get_global_range() == b.get_global_range() && a.get_local_range() == b.get_local_range();
}
template <int Dimensions>
bool operator!=(const h_item<Dimensions> &a, const h_item<Dimensions> &b) {
  return !(a == b);
}

// One value per physical work-item of a work-group, declared at work-group
// scope and used inside parallel_for_work_item.
template <typename T, int Dimensions = 1>
class __SYCLONE_WORK_ITEM_SCOPE private_memory {
 public:
#ifdef __SYCL_DEVICE_ONLY__
  explicit private_memory(const group<Dimensions> &) {}
  T &operator()(const h_item<Dimensions> &) { return m_value; }

 private:
  T m_value;
#else
  explicit private_memory(const group<Dimensions> &g) : m_values(new T[g.get_local_range().size()]) {}
  T &operator()(const h_item<Dimensions> &it) { return m_values[it.get_physical_local().get_linear_id()]; }

 private:
  std::unique_ptr<T[]> m_values;
#endif
};

template <int Dimensions>
template <typename WorkItemFunction>
void group<Dimensions>::parallel_for_work_item(WorkItemFunction f) const {
  parallel_for_work_item(m_local_range, f);
}

template <int Dimensions>
template <typename WorkItemFunction>
__SYCLONE_WORK_ITEM_SCOPE void group<Dimensions>::parallel_for_work_item(range<Dimensions> logical_range,
                                                                        WorkItemFunction f) const {
  range<Dimensions> global_range;
  for (int d = 0; d < Dimensions; ++d) global_range[d] = m_group_range[d] * m_local_range[d];
#ifdef __SYCL_DEVICE_ONLY__
  // This work-item runs logical ids m_local_id + k * m_local_range.
  range<Dimensions> steps;
  id<Dimensions> global_id;
  for (int d = 0; d < Dimensions; ++d) {
    steps[d] = logical_range[d] > m_local_id[d]
                   ? (logical_range[d] - m_local_id[d] + m_local_range[d] - 1) / m_local_range[d]
                   : 0;
    global_id[d] = m_id[d] * m_local_range[d] + m_local_id[d];
  }
  detail::work_group_barrier();
  for (size_t k = 0; k < steps.size(); ++k) {
    id<Dimensions> step = detail::delinearize(k, steps);
    id<Dimensions> logical_id;
    for (int d = 0; d < Dimensions; ++d) logical_id[d] = m_local_id[d] + step[d] * m_local_range[d];
    h_item<Dimensions> it(global_range, global_id, logical_range, logical_id, m_local_range, m_local_id);
    f(it);
  }
  detail::work_group_barrier();
#else
  for (size_t k = 0; k < logical_range.size(); ++k) {
    id<Dimensions> logical_id = detail::delinearize(k, logical_range);
    id<Dimensions> physical_id, global_id;
    for (int d = 0; d < Dimensions; ++d) {
      physical_id[d] = logical_id[d] % m_local_range[d];
      global_id[d] = m_id[d] * m_local_range[d] + physical_id[d];
    }
    h_item<Dimensions> it(global_range, global_id, logical_range, logical_id, m_local_range, physical_id);
    f(it);
  }
#endif
}

#ifdef __SYCL_DEVICE_ONLY__
namespace detail {
// Calls the work-group function of a hierarchical kernel, with a
// kernel_handler when it takes one (device code: the host device calls it
// through host_kernels::run_hier).
template <typename K, int Dimensions>
__SYCLONE_WORK_GROUP_SCOPE void call_work_group_function(const K &k, group<Dimensions> &g) {
  if constexpr (std::is_invocable_v<const K &, group<Dimensions> &, kernel_handler>) {
    k(g, kernel_handler{});
  } else {
    k(g);
  }
}
}  // namespace detail
#endif

}  // namespace sycl
