// sycl_ext_oneapi_group_load_store: group_load and group_store move a
// group's elements between memory and each work-item's values, blocked
// (work-item i takes elements i*N .. i*N+N-1, the default) or striped
// (data_placement_striped: element j of work-item i is j*size + i), for a
// work-group or a sub-group, one value, a sycl::vec or a sycl::span of
// values per work-item. The hints (contiguous_memory, full_group) change
// nothing here. Included by sycl.hpp after kernel_compiler.hpp, whose
// `properties` carries the property values.
#pragma once

#include <type_traits>

namespace sycl {
namespace ext {
namespace oneapi {
namespace experimental {

struct data_placement_blocked_t {};
struct data_placement_striped_t {};
struct contiguous_memory_t {};
struct full_group_t {};
inline constexpr data_placement_blocked_t data_placement_blocked{};
inline constexpr data_placement_striped_t data_placement_striped{};
inline constexpr contiguous_memory_t contiguous_memory{};
inline constexpr full_group_t full_group{};

namespace detail {
template <typename Props>
struct is_striped : std::false_type {};
template <typename... Ps>
struct is_striped<properties<Ps...>>
    : std::bool_constant<(std::is_same_v<std::remove_cv_t<Ps>, data_placement_striped_t> || ...)> {};

// The caller's place in `g` and the group's size.
template <typename Group>
size_t place_in(const Group &g) {
  return g.get_local_linear_id();
}
template <typename Group>
size_t size_of(const Group &g) {
  return g.get_local_linear_range();
}
// Where element j of the calling work-item lives among the group's
// `count` values per work-item.
template <typename Props, typename Group>
size_t element_index(const Group &g, size_t j, size_t count) {
  if constexpr (is_striped<Props>::value) {
    return j * size_of(g) + place_in(g);
  } else {
    return place_in(g) * count + j;
  }
}
}  // namespace detail

template <typename Group, typename InputIteratorT, typename OutputT, std::size_t ElementsPerWorkItem,
          typename Properties = empty_properties_t>
void group_load(Group g, InputIteratorT in_ptr, span<OutputT, ElementsPerWorkItem> out,
                Properties = Properties()) {
  for (size_t j = 0; j < out.size(); ++j) out[j] = in_ptr[detail::element_index<Properties>(g, j, out.size())];
}

template <typename Group, typename InputIteratorT, typename OutputT, int N,
          typename Properties = empty_properties_t>
void group_load(Group g, InputIteratorT in_ptr, sycl::vec<OutputT, N> &out, Properties = Properties()) {
  for (int j = 0; j < N; ++j) out[j] = in_ptr[detail::element_index<Properties>(g, size_t(j), size_t(N))];
}

template <typename Group, typename InputIteratorT, typename OutputT, typename Properties = empty_properties_t,
          typename = std::enable_if_t<std::is_arithmetic_v<OutputT>>>
void group_load(Group g, InputIteratorT in_ptr, OutputT &out, Properties = Properties()) {
  out = in_ptr[detail::place_in(g)];
}

template <typename Group, typename InputT, std::size_t ElementsPerWorkItem, typename OutputIteratorT,
          typename Properties = empty_properties_t>
void group_store(Group g, span<InputT, ElementsPerWorkItem> in, OutputIteratorT out_ptr,
                 Properties = Properties()) {
  for (size_t j = 0; j < in.size(); ++j) out_ptr[detail::element_index<Properties>(g, j, in.size())] = in[j];
}

template <typename Group, typename InputT, int N, typename OutputIteratorT, typename Properties = empty_properties_t>
void group_store(Group g, const sycl::vec<InputT, N> &in, OutputIteratorT out_ptr, Properties = Properties()) {
  for (int j = 0; j < N; ++j) out_ptr[detail::element_index<Properties>(g, size_t(j), size_t(N))] = in[j];
}

template <typename Group, typename InputT, typename OutputIteratorT, typename Properties = empty_properties_t,
          typename = std::enable_if_t<std::is_arithmetic_v<InputT>>>
void group_store(Group g, const InputT &in, OutputIteratorT out_ptr, Properties = Properties()) {
  out_ptr[detail::place_in(g)] = in;
}

}  // namespace experimental
}  // namespace oneapi
}  // namespace ext
}  // namespace sycl
