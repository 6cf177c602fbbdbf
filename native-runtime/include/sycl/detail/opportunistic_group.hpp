// <sycl/detail/opportunistic_group.hpp>: sycl_ext_oneapi_non_uniform_groups'
// opportunistic_group, the work-items of a sub-group that reach
// `this_kernel::get_opportunistic_group()` together (warp-aggregated
// atomics: the leader adds for all, then broadcasts its old value). On a
// GPU it is the sub-group's active invocations (a ballot); on the host
// device each work-item is a group of its own, which the extension allows
// (any subset of the work-items that happen to be active).
#pragma once

#include <cstdint>

namespace sycl {
namespace ext::oneapi::experimental {

class opportunistic_group {
 public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  id_type get_group_id() const { return id_type(0); }
  id_type get_local_id() const { return id_type(m_rank); }
  range_type get_group_range() const { return range_type(1); }
  range_type get_local_range() const { return range_type(m_count); }
  linear_id_type get_group_linear_id() const { return 0; }
  linear_id_type get_local_linear_id() const { return m_rank; }
  linear_id_type get_group_linear_range() const { return 1; }
  linear_id_type get_local_linear_range() const { return m_count; }
  bool leader() const { return m_rank == 0; }

  // Made by get_opportunistic_group: the sub-group lanes taking part, and
  // this work-item's rank among them.
  opportunistic_group(uint64_t lanes, uint32_t rank, uint32_t count)
      : m_lanes(lanes), m_rank(rank), m_count(count) {}
  // The sub-group lane of the member of rank `rank`.
  uint32_t lane_of(uint32_t rank) const {
    uint64_t lanes = m_lanes;
    for (uint32_t k = 0; k < rank && lanes != 0; ++k) lanes &= lanes - 1;
    return lanes == 0 ? 0u : static_cast<uint32_t>(sycl::ctz(lanes));
  }

 private:
  uint64_t m_lanes;
  uint32_t m_rank;
  uint32_t m_count;
};

namespace this_kernel {
inline opportunistic_group get_opportunistic_group() {
#ifdef __SYCL_DEVICE_ONLY__
  uint64_t lanes = uint64_t(__builtin_syclone_subgroup_ballot(true, 0u)) |
                   (uint64_t(__builtin_syclone_subgroup_ballot(true, 1u)) << 32);
  uint32_t lane = __spirv_BuiltInSubgroupLocalInvocationId(0);
  uint64_t below = lane >= 64 ? lanes : lanes & ((uint64_t(1) << lane) - 1);
  return opportunistic_group(lanes, static_cast<uint32_t>(sycl::popcount(below)),
                             static_cast<uint32_t>(sycl::popcount(lanes)));
#else
  return opportunistic_group(1, 0, 1);
#endif
}
}  // namespace this_kernel

}  // namespace ext::oneapi::experimental

template <>
struct is_group<ext::oneapi::experimental::opportunistic_group> : std::true_type {};

// `x` of the member of rank `local_linear_id` (the leader by default).
template <typename T>
T group_broadcast(ext::oneapi::experimental::opportunistic_group g, T x, size_t local_linear_id = 0) {
#ifdef __SYCL_DEVICE_ONLY__
  return detail::subgroup_shuffle(x, g.lane_of(static_cast<uint32_t>(local_linear_id)));
#else
  (void)g;
  (void)local_linear_id;
  return x;
#endif
}

}  // namespace sycl
