// How an iterator's range reaches a kernel. On the host, `__prepare`
// turns an iterator into a range description: USM memory is used where it
// is, other host memory is copied into device memory for the algorithm
// (and back where the algorithm writes it), a buffer becomes an accessor
// in the command group. In the command group, `view(h)` makes what the
// kernel captures and indexes (`v[i]`).
#pragma once
#include <sycl/sycl.hpp>
#include <cstddef>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#include "iterators.hpp"

namespace oneapi {
namespace dpl {
namespace __syclone {

// Device memory an algorithm allocated, freed when the algorithm ends.
class __staged_memory {
 public:
  virtual ~__staged_memory() {}
};

// One algorithm call on a queue: its kernels run one after another (on
// an out-of-order queue too), and the device copies of host memory it
// made are copied back (where the algorithm writes them) and freed when
// it ends, after the queue's work.
class __stage {
 public:
  explicit __stage(sycl::queue q) : q_(q) {}
  __stage(const __stage &) = delete;
  __stage &operator=(const __stage &) = delete;
  ~__stage() {
    q_.wait();
    copies_.clear();
  }
  sycl::queue &queue() { return q_; }
  void keep(std::unique_ptr<__staged_memory> copy) { copies_.push_back(std::move(copy)); }
  // Submits a command group after the stage's previous one.
  template <typename CommandGroup>
  void submit(CommandGroup cg) {
    sycl::event previous = last_;
    last_ = q_.submit([&](sycl::handler &h) {
      h.depends_on(previous);
      cg(h);
    });
  }

 private:
  sycl::queue q_;
  sycl::event last_;
  std::vector<std::unique_ptr<__staged_memory>> copies_;
};

// n values of T in device memory, or errc::memory_allocation.
template <typename T>
T *__allocate(sycl::queue &q, std::size_t n) {
  T *p = sycl::malloc_device<T>(n, q);
  if (p == nullptr)
    throw sycl::exception(sycl::make_error_code(sycl::errc::memory_allocation),
                          "oneapi::dpl: no device memory for the algorithm's copy or temporary");
  return p;
}

template <typename T>
class __device_copy : public __staged_memory {
 public:
  __device_copy(sycl::queue q, T *host, std::size_t n, bool write_back)
      : q_(q), host_(host), n_(n), write_back_(write_back) {
    device_ = __allocate<std::remove_const_t<T>>(q_, n);
    q_.memcpy(device_, host, n * sizeof(T)).wait();
  }
  ~__device_copy() {
    if (write_back_) q_.memcpy(const_cast<std::remove_const_t<T> *>(host_), device_, n_ * sizeof(T)).wait();
    sycl::free(device_, q_);
  }
  T *device() const { return device_; }

 private:
  sycl::queue q_;
  T *host_;
  std::remove_const_t<T> *device_;
  std::size_t n_;
  bool write_back_;
};

// Device memory of n values of T for an algorithm's own use.
template <typename T>
class __temporary {
 public:
  __temporary(sycl::queue q, std::size_t n) : q_(q), p_(__allocate<T>(q, n > 0 ? n : 1)) {}
  __temporary(const __temporary &) = delete;
  __temporary &operator=(const __temporary &) = delete;
  ~__temporary() {
    q_.wait();
    sycl::free(p_, q_);
  }
  T *get() const { return p_; }
  // Element i, after the queue's work.
  T read(std::size_t i) {
    q_.wait();
    T value;
    q_.memcpy(&value, p_ + i, sizeof(T)).wait();
    return value;
  }

 private:
  sycl::queue q_;
  T *p_;
};

// ---- Views: what kernels index ----

template <typename T>
struct __pointer_view {
  T *p;
  T &operator[](std::size_t i) const { return p[i]; }
  __pointer_view view(sycl::handler &) const { return *this; }
};

template <typename T>
struct __accessor_view {
  sycl::accessor<T, 1, sycl::access_mode::read_write> a;
  std::size_t offset;
  T &operator[](std::size_t i) const { return a[offset + i]; }
};

template <typename... Views>
struct __zip_view {
  std::tuple<Views...> views;
  auto operator[](std::size_t i) const { return __at(i, std::index_sequence_for<Views...>{}); }
  template <std::size_t... I>
  auto __at(std::size_t i, std::index_sequence<I...>) const {
    return std::tuple<decltype(std::get<I>(views)[i])...>(std::get<I>(views)[i]...);
  }
};

template <typename View, typename F>
struct __transform_view {
  View base;
  mutable F f;
  decltype(auto) operator[](std::size_t i) const { return f(base[i]); }
};

template <typename Source, typename Map>
struct __permutation_view {
  Source source;
  Map map;
  std::ptrdiff_t position;
  decltype(auto) operator[](std::size_t i) const {
    return source[__map_index(map, position + std::ptrdiff_t(i))];
  }
};

// Not empty: libstdc++ lays empty elements of a std::tuple out in no
// bytes, which the device compiler's tuple does not model.
struct __discard_view {
  char unused;
  __discard_reference operator[](std::size_t) const { return {}; }
  __discard_view view(sycl::handler &) const { return *this; }
};

// ---- Range descriptions: made on the host, `view(h)` in the command group ----

template <typename T, typename Alloc>
struct __buffer_range {
  sycl::buffer<T, 1, Alloc> buffer;
  std::size_t offset;
  __accessor_view<T> view(sycl::handler &h) const {
    sycl::buffer<T, 1, Alloc> b = buffer;
    return {sycl::accessor<T, 1, sycl::access_mode::read_write>(b, h), offset};
  }
};

template <typename Integer>
struct __counting_range {
  counting_iterator<Integer> first;
  counting_iterator<Integer> view(sycl::handler &) const { return first; }
};

template <typename... Ranges>
struct __zip_range {
  std::tuple<Ranges...> ranges;
  auto view(sycl::handler &h) const { return __views(h, std::index_sequence_for<Ranges...>{}); }
  template <std::size_t... I>
  auto __views(sycl::handler &h, std::index_sequence<I...>) const {
    return __zip_view<decltype(std::get<I>(ranges).view(h))...>{
        std::tuple<decltype(std::get<I>(ranges).view(h))...>(std::get<I>(ranges).view(h)...)};
  }
};

template <typename Range, typename F>
struct __transform_range {
  Range base;
  mutable F f;
  auto view(sycl::handler &h) const { return __transform_view<decltype(base.view(h)), F>{base.view(h), f}; }
};

template <typename Source, typename Map>
struct __permutation_range {
  Source source;
  Map map;
  std::ptrdiff_t position;
  auto view(sycl::handler &h) const {
    return __permutation_view<decltype(source.view(h)), decltype(map.view(h))>{source.view(h), map.view(h), position};
  }
};

template <typename It, typename = void>
struct __is_dereferenceable : std::false_type {};
template <typename It>
struct __is_dereferenceable<It, std::void_t<decltype(*std::declval<It &>())>> : std::true_type {};

// An index map of a permutation that is not an iterator: captured as it is.
template <typename F>
struct __function_range {
  mutable F f;
  F view(sycl::handler &) const { return f; }
};

// The extent of a range whose elements are not known before the kernel
// runs: the source of a permutation.
inline constexpr std::size_t __unknown_extent = ~std::size_t(0);

// How an iterator's range is prepared: a pointer or another contiguous
// iterator (std::vector's) by its memory, the library's iterators by
// their parts. `n` is how many elements the algorithm visits, `write`
// whether it writes them.
template <typename It>
struct __range_of {
  static auto prepare(__stage &stage, It first, std::size_t n, bool write) {
    using T = std::remove_reference_t<__reference_t<It>>;
    T *p = &*first;
    if (sycl::get_pointer_type(p, stage.queue().get_context()) != sycl::usm::alloc::unknown)
      return __pointer_view<T>{p};
    if (n == __unknown_extent)
      throw sycl::exception(sycl::make_error_code(sycl::errc::invalid),
                            "oneapi::dpl: the source of a permutation_iterator must be USM memory, a buffer "
                            "iterator or a counting_iterator, not host memory");
    auto copy = std::make_unique<__device_copy<T>>(stage.queue(), p, n, write);
    T *device = copy->device();
    stage.keep(std::move(copy));
    return __pointer_view<T>{device};
  }
};

template <typename T, typename Alloc>
struct __range_of<__buffer_iterator<T, Alloc>> {
  static __buffer_range<T, Alloc> prepare(__stage &, __buffer_iterator<T, Alloc> first, std::size_t, bool) {
    return {first.get_buffer(), std::size_t(first.get_idx())};
  }
};

template <typename Integer>
struct __range_of<counting_iterator<Integer>> {
  static __counting_range<Integer> prepare(__stage &, counting_iterator<Integer> first, std::size_t, bool) {
    return {first};
  }
};

template <>
struct __range_of<discard_iterator> {
  static __discard_view prepare(__stage &, discard_iterator, std::size_t, bool) { return {0}; }
};

template <typename It>
auto __prepare(__stage &stage, It first, std::size_t n, bool write) {
  return __range_of<It>::prepare(stage, first, n, write);
}

template <typename... Its>
struct __range_of<zip_iterator<Its...>> {
  static auto prepare(__stage &stage, zip_iterator<Its...> first, std::size_t n, bool write) {
    return __each(stage, first.base(), n, write, std::index_sequence_for<Its...>{});
  }
  template <std::size_t... I>
  static auto __each(__stage &stage, std::tuple<Its...> its, std::size_t n, bool write, std::index_sequence<I...>) {
    return __zip_range<decltype(__prepare(stage, std::get<I>(its), n, write))...>{
        std::tuple<decltype(__prepare(stage, std::get<I>(its), n, write))...>(
            __prepare(stage, std::get<I>(its), n, write)...)};
  }
};

template <typename It, typename F>
struct __range_of<transform_iterator<It, F>> {
  static auto prepare(__stage &stage, transform_iterator<It, F> first, std::size_t n, bool) {
    auto base = __prepare(stage, first.base(), n, false);
    return __transform_range<decltype(base), F>{base, first.functor()};
  }
};

template <typename Source, typename Map>
struct __range_of<permutation_iterator<Source, Map>> {
  static auto prepare(__stage &stage, permutation_iterator<Source, Map> first, std::size_t n, bool write) {
    // The elements a permutation visits are not known before the kernel
    // reads its map: the source must be device memory (USM, a buffer, a
    // counting iterator).
    auto source = __prepare(stage, first.base(), __unknown_extent, write);
    auto map = __map_range(stage, first.map(), n + std::size_t(first.__key()));
    return __permutation_range<decltype(source), decltype(map)>{source, map, first.__key()};
  }
  // A function of the position, or a class with `operator[]`, is captured
  // as it is; an iterator's range is prepared.
  static auto __map_range(__stage &stage, Map map, std::size_t n) {
    if constexpr (__is_index_function<Map>::value || !__is_dereferenceable<Map>::value) {
      return __function_range<Map>{map};
    } else {
      return __prepare(stage, map, n, false);
    }
  }
};

}  // namespace __syclone
}  // namespace dpl
}  // namespace oneapi
