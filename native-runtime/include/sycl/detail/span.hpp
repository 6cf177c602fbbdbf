// sycl::span (SYCL 2020 4.7.6): a view of contiguous elements, std::span's
// interface (C++20) for C++17 code, without the templated first/last; a span of a private array in device
// code is a pointer into the work-item's private memory. Included by
// sycl.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

namespace sycl {

inline constexpr std::size_t dynamic_extent = static_cast<std::size_t>(-1);

template <typename ElementType, std::size_t Extent = dynamic_extent>
class span {
 public:
  using element_type = ElementType;
  using value_type = std::remove_cv_t<ElementType>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = ElementType *;
  using const_pointer = const ElementType *;
  using reference = ElementType &;
  using const_reference = const ElementType &;
  using iterator = ElementType *;
  static constexpr size_type extent = Extent;

  constexpr span() : m_data(nullptr), m_size(0) {}
  constexpr span(pointer first, size_type count) : m_data(first), m_size(count) {}
  constexpr span(pointer first, pointer last) : m_data(first), m_size(static_cast<size_type>(last - first)) {}
  template <std::size_t N>
  constexpr span(element_type (&arr)[N]) : m_data(arr), m_size(N) {}
  template <typename T, std::size_t N>
  constexpr span(std::array<T, N> &arr) : m_data(arr.data()), m_size(N) {}
  template <typename T, std::size_t N>
  constexpr span(const std::array<T, N> &arr) : m_data(arr.data()), m_size(N) {}
  template <typename T, std::size_t N, typename = std::enable_if_t<std::is_convertible_v<T (*)[], ElementType (*)[]>>>
  constexpr span(const span<T, N> &s) : m_data(s.data()), m_size(s.size()) {}

  constexpr iterator begin() const { return m_data; }
  constexpr iterator end() const { return m_data + m_size; }
  constexpr reference front() const { return m_data[0]; }
  constexpr reference back() const { return m_data[m_size - 1]; }
  constexpr reference operator[](size_type i) const { return m_data[i]; }
  constexpr pointer data() const { return m_data; }
  constexpr size_type size() const { return m_size; }
  constexpr size_type size_bytes() const { return m_size * sizeof(element_type); }
  constexpr bool empty() const { return m_size == 0; }

  // No `first<Count>()`/`last<Count>()`: the device pass's parser knows
  // member templates by name, so they would make every `p.first < x`
  // (std::pair) a template argument list.
  constexpr span<element_type> first(size_type count) const { return span<element_type>(m_data, count); }
  constexpr span<element_type> last(size_type count) const { return span<element_type>(m_data + (m_size - count), count); }
  constexpr span<element_type> subspan(size_type offset, size_type count = dynamic_extent) const {
    return span<element_type>(m_data + offset, count == dynamic_extent ? m_size - offset : count);
  }

 private:
  pointer m_data;
  size_type m_size;
};

template <typename T, std::size_t N>
span(T (&)[N]) -> span<T, N>;
template <typename T, std::size_t N>
span(std::array<T, N> &) -> span<T, N>;
template <typename T, std::size_t N>
span(const std::array<T, N> &) -> span<const T, N>;
template <typename T>
span(T *, std::size_t) -> span<T>;

}  // namespace sycl
