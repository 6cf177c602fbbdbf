// The iterators of the oneDPL subset: counting, zip, transform,
// permutation and discard iterators, and iterators over SYCL buffers
// (`oneapi::dpl::begin(buf)`). All are random access; the algorithms turn
// each into a view a kernel indexes (device_ranges.hpp).
#pragma once
#include <sycl/sycl.hpp>
#include <cstddef>
#include <iterator>
#include <tuple>
#include <type_traits>
#include <utility>

namespace oneapi {
namespace dpl {

// Arithmetic and comparisons of a random-access iterator class `It` that
// moves by `__advance(n)` and is compared and subtracted through
// `__key()`: its position, or the first iterator it is made of. (Members,
// not friends of a base: a base's friends would name the class before
// it is complete.)
#define __SYCLONE_DPL_RANDOM_ACCESS(It)                                                        \
  It operator+(std::ptrdiff_t n) const {                                                     \
    It it = *this;                                                                           \
    it.__advance(n);                                                                         \
    return it;                                                                               \
  }                                                                                          \
  It operator-(std::ptrdiff_t n) const {                                                     \
    It it = *this;                                                                           \
    it.__advance(-n);                                                                        \
    return it;                                                                               \
  }                                                                                          \
  std::ptrdiff_t operator-(const It &o) const { return std::ptrdiff_t(__key() - o.__key()); } \
  bool operator==(const It &o) const { return __key() == o.__key(); }                        \
  bool operator!=(const It &o) const { return !(__key() == o.__key()); }                     \
  bool operator<(const It &o) const { return __key() < o.__key(); }                          \
  bool operator>(const It &o) const { return o.__key() < __key(); }                          \
  bool operator<=(const It &o) const { return !(o.__key() < __key()); }                      \
  bool operator>=(const It &o) const { return !(__key() < o.__key()); }                      \
  It &operator+=(std::ptrdiff_t n) {                                                         \
    __advance(n);                                                                            \
    return *this;                                                                            \
  }                                                                                          \
  It &operator-=(std::ptrdiff_t n) {                                                         \
    __advance(-n);                                                                           \
    return *this;                                                                            \
  }                                                                                          \
  It &operator++() {                                                                         \
    __advance(1);                                                                            \
    return *this;                                                                            \
  }                                                                                          \
  It operator++(int) {                                                                       \
    It old = *this;                                                                          \
    __advance(1);                                                                            \
    return old;                                                                              \
  }                                                                                          \
  It &operator--() {                                                                         \
    __advance(-1);                                                                           \
    return *this;                                                                            \
  }                                                                                          \
  It operator--(int) {                                                                       \
    It old = *this;                                                                          \
    __advance(-1);                                                                           \
    return old;                                                                              \
  }


template <typename Integer>
class counting_iterator {
  static_assert(std::is_integral<Integer>::value, "counting_iterator counts with an integer type");

 public:
  using difference_type = std::make_signed_t<Integer>;
  using value_type = Integer;
  using pointer = const Integer *;
  using reference = Integer;
  using iterator_category = std::random_access_iterator_tag;

  counting_iterator() : count_() {}
  explicit counting_iterator(Integer init) : count_(init) {}

  Integer operator*() const { return count_; }
  Integer operator[](std::ptrdiff_t i) const { return Integer(count_ + i); }

  __SYCLONE_DPL_RANDOM_ACCESS(counting_iterator)
  void __advance(std::ptrdiff_t n) { count_ = Integer(count_ + n); }
  std::ptrdiff_t __key() const { return std::ptrdiff_t(count_); }

 private:
  Integer count_;
};

// Discards whatever is assigned through it.
struct __discard_reference {
  template <typename T>
  const __discard_reference &operator=(const T &) const {
    return *this;
  }
};

class discard_iterator {
 public:
  using difference_type = std::ptrdiff_t;
  using value_type = void;
  using pointer = void;
  using reference = __discard_reference;
  using iterator_category = std::random_access_iterator_tag;

  discard_iterator() : position_(0) {}
  explicit discard_iterator(std::ptrdiff_t position) : position_(position) {}

  __discard_reference operator*() const { return {}; }
  __discard_reference operator[](std::ptrdiff_t) const { return {}; }

  __SYCLONE_DPL_RANDOM_ACCESS(discard_iterator)
  void __advance(std::ptrdiff_t n) { position_ += n; }
  std::ptrdiff_t __key() const { return position_; }

 private:
  std::ptrdiff_t position_;
};

namespace __syclone {
// The type `*it` has (also for iterators the host cannot dereference).
template <typename It, typename = void>
struct __deref {
  using type = decltype(*std::declval<It &>());
};
template <typename It>
using __reference_t = typename __deref<It>::type;
// The values an iterator visits: its `value_type` (a zip iterator's is a
// tuple of values, its reference a tuple of references), else what `*it`
// refers to.
template <typename It, typename = void>
struct __value_of {
  using type = std::remove_cv_t<std::remove_reference_t<__reference_t<It>>>;
};
template <typename It>
struct __value_of<It, std::void_t<typename It::value_type>> {
  using type = typename It::value_type;
};
template <typename It>
using __value_t = typename __value_of<It>::type;
}  // namespace __syclone

// Visits the iterators' elements together: `*it` is a std::tuple of their
// references (`std::get<1>(*it) = 5` writes the second range).
template <typename... Its>
class zip_iterator {
  static_assert(sizeof...(Its) > 0, "zip_iterator zips at least one iterator");

 public:
  using difference_type = std::ptrdiff_t;
  using value_type = std::tuple<__syclone::__value_t<Its>...>;
  using reference = std::tuple<__syclone::__reference_t<Its>...>;
  using pointer = void;
  using iterator_category = std::random_access_iterator_tag;

  zip_iterator() = default;
  explicit zip_iterator(Its... its) : its_(its...) {}
  explicit zip_iterator(std::tuple<Its...> its) : its_(its) {}

  reference operator*() const { return __deref(std::index_sequence_for<Its...>{}, 0); }
  reference operator[](std::ptrdiff_t i) const { return __deref(std::index_sequence_for<Its...>{}, i); }
  std::tuple<Its...> base() const { return its_; }

  __SYCLONE_DPL_RANDOM_ACCESS(zip_iterator)
  void __advance(std::ptrdiff_t n) { __advance_each(std::index_sequence_for<Its...>{}, n); }
  auto __key() const { return std::get<0>(its_); }

 private:
  template <std::size_t... I>
  reference __deref(std::index_sequence<I...>, std::ptrdiff_t i) const {
    return reference(std::get<I>(its_)[i]...);
  }
  template <std::size_t... I>
  void __advance_each(std::index_sequence<I...>, std::ptrdiff_t n) {
    int unused[] = {(std::get<I>(its_) += n, 0)...};
    (void)unused;
  }
  std::tuple<Its...> its_;
};

template <typename... Its>
zip_iterator<Its...> make_zip_iterator(Its... its) {
  return zip_iterator<Its...>(its...);
}
template <typename... Its>
zip_iterator<Its...> make_zip_iterator(std::tuple<Its...> its) {
  return zip_iterator<Its...>(its);
}

// `*it` is `f(*base)`.
template <typename It, typename F>
class transform_iterator {
 public:
  using difference_type = std::ptrdiff_t;
  using reference = decltype(std::declval<const F &>()(*std::declval<It &>()));
  using value_type = std::remove_cv_t<std::remove_reference_t<reference>>;
  using pointer = void;
  using iterator_category = std::random_access_iterator_tag;

  transform_iterator(It it, F f) : it_(it), f_(f) {}

  reference operator*() const { return f_(*it_); }
  reference operator[](std::ptrdiff_t i) const { return f_(it_[i]); }
  It base() const { return it_; }
  F functor() const { return f_; }

  __SYCLONE_DPL_RANDOM_ACCESS(transform_iterator)
  void __advance(std::ptrdiff_t n) { it_ += n; }
  It __key() const { return it_; }

 private:
  It it_;
  mutable F f_;
};

template <typename It, typename F>
transform_iterator<It, F> make_transform_iterator(It it, F f) {
  return transform_iterator<It, F>(it, f);
}

namespace __syclone {
// Whether a permutation's index map is a function of the position (called
// as `map(i)`), rather than an iterator or array indexed as `map[i]`.
template <typename Map, typename = void>
struct __is_index_function : std::false_type {};
template <typename Map>
struct __is_index_function<Map, std::void_t<decltype(std::declval<const Map &>()(std::ptrdiff_t(0)))>>
    : std::true_type {};

template <typename Map>
auto __map_index(const Map &map, std::ptrdiff_t i) {
  if constexpr (__is_index_function<Map>::value) {
    return map(i);
  } else {
    return map[i];
  }
}
}  // namespace __syclone

// `it[i]` is `source[map(i)]` (or `source[map[i]]` for an index iterator).
template <typename Source, typename Map>
class permutation_iterator {
 public:
  using difference_type = std::ptrdiff_t;
  using reference = __syclone::__reference_t<Source>;
  using value_type = __syclone::__value_t<Source>;
  using pointer = void;
  using iterator_category = std::random_access_iterator_tag;

  permutation_iterator(Source source, Map map, std::ptrdiff_t position = 0)
      : source_(source), map_(map), position_(position) {}

  reference operator*() const { return source_[__syclone::__map_index(map_, position_)]; }
  reference operator[](std::ptrdiff_t i) const { return source_[__syclone::__map_index(map_, position_ + i)]; }
  Source base() const { return source_; }
  Map map() const { return map_; }

  __SYCLONE_DPL_RANDOM_ACCESS(permutation_iterator)
  void __advance(std::ptrdiff_t n) { position_ += n; }
  std::ptrdiff_t __key() const { return position_; }

 private:
  Source source_;
  Map map_;
  std::ptrdiff_t position_;
};

template <typename Source, typename Map>
permutation_iterator<Source, Map> make_permutation_iterator(Source source, Map map) {
  return permutation_iterator<Source, Map>(source, map);
}

namespace __syclone {
// A position in a one-dimensional buffer, as `oneapi::dpl::begin(buf)`
// makes it. Kernels reach the buffer through an accessor.
template <typename T, typename Alloc>
class __buffer_iterator {
 public:
  using difference_type = std::ptrdiff_t;
  using value_type = std::remove_cv_t<T>;
  using reference = T &;
  using pointer = T *;
  using iterator_category = std::random_access_iterator_tag;

  __buffer_iterator(sycl::buffer<T, 1, Alloc> buffer, std::ptrdiff_t index) : buffer_(buffer), index_(index) {}

  sycl::buffer<T, 1, Alloc> get_buffer() const { return buffer_; }
  std::ptrdiff_t get_idx() const { return index_; }

  __SYCLONE_DPL_RANDOM_ACCESS(__buffer_iterator)
  void __advance(std::ptrdiff_t n) { index_ += n; }
  std::ptrdiff_t __key() const { return index_; }

 private:
  sycl::buffer<T, 1, Alloc> buffer_;
  std::ptrdiff_t index_;
};
template <typename T, typename Alloc>
struct __deref<__buffer_iterator<T, Alloc>, void> {
  using type = T &;
};
}  // namespace __syclone

// Iterators over a buffer's elements; an access mode tag (`sycl::read_only`,
// `sycl::write_only`) and `sycl::no_init` are accepted.
template <typename T, typename Alloc>
__syclone::__buffer_iterator<T, Alloc> begin(sycl::buffer<T, 1, Alloc> buffer) {
  return __syclone::__buffer_iterator<T, Alloc>(buffer, 0);
}
template <typename T, typename Alloc>
__syclone::__buffer_iterator<T, Alloc> end(sycl::buffer<T, 1, Alloc> buffer) {
  return __syclone::__buffer_iterator<T, Alloc>(buffer, std::ptrdiff_t(buffer.size()));
}
template <typename T, typename Alloc, typename ModeTag>
__syclone::__buffer_iterator<T, Alloc> begin(sycl::buffer<T, 1, Alloc> buffer, ModeTag) {
  return __syclone::__buffer_iterator<T, Alloc>(buffer, 0);
}
template <typename T, typename Alloc, typename ModeTag>
__syclone::__buffer_iterator<T, Alloc> end(sycl::buffer<T, 1, Alloc> buffer, ModeTag) {
  return __syclone::__buffer_iterator<T, Alloc>(buffer, std::ptrdiff_t(buffer.size()));
}
template <typename T, typename Alloc, typename ModeTag>
__syclone::__buffer_iterator<T, Alloc> begin(sycl::buffer<T, 1, Alloc> buffer, ModeTag, sycl::property::no_init) {
  return __syclone::__buffer_iterator<T, Alloc>(buffer, 0);
}
template <typename T, typename Alloc, typename ModeTag>
__syclone::__buffer_iterator<T, Alloc> end(sycl::buffer<T, 1, Alloc> buffer, ModeTag, sycl::property::no_init) {
  return __syclone::__buffer_iterator<T, Alloc>(buffer, std::ptrdiff_t(buffer.size()));
}

}  // namespace dpl
}  // namespace oneapi

#undef __SYCLONE_DPL_RANDOM_ACCESS
