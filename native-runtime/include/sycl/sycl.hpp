// <sycl/sycl.hpp>: the Syclone SYCL 2020 header, read by both passes.
//
// Device pass (our compiler, __SYCL_DEVICE_ONLY__ defined): the kernel
// invocation functions end in calls of functions declared
// [[clang::sycl_kernel_entry_point(KernelName)]]; their bodies are the device
// code of the kernel. Host pass (g++/clang++): the same functions hand the
// kernel arguments to the runtime's C ABI (sycl/detail/runtime_abi.h).
// Every class that can be captured by a kernel has the same layout in both
// passes (the integration header checks it).
#pragma once

#include <cstddef>
#include <sycl/detail/atomic_ref.hpp>
#include <sycl/detail/index_space.hpp>
#include <sycl/detail/kernel_desc.hpp>
#include <sycl/detail/spec_constants.hpp>

// What SYCL programs use without including it (as with DPC++'s header):
// std::cout, std::vector, std::array, std::numeric_limits, std::chrono,
// assert, the <cmath> functions.
#include <algorithm>
#include <array>
#include <cassert>
#include <chrono>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <memory>
#include <mutex>
#include <numeric>
#include <sstream>
#include <string>
#include <system_error>
#include <type_traits>
#include <tuple>
#include <utility>
#include <vector>

#include <sycl/detail/hierarchical.hpp>
#include <sycl/detail/device_copyable.hpp>
#include <sycl/detail/span.hpp>

#ifndef __SYCL_DEVICE_ONLY__
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <typeinfo>
#include <sycl/detail/runtime_abi.h>
#include <sycl/detail/decomposition.hpp>
#endif

#ifdef __SYCL_DEVICE_ONLY__
#define __SYCLONE_KERNEL_ENTRY(Name) [[clang::sycl_kernel_entry_point(Name)]]
#define __SYCLONE_SPECIAL [[clang::sycl_special_kernel_parameter]]
// Host objects (queues, buffers, host accessors...): a kernel that captures
// one is an error that names it.
#define __SYCLONE_HOST_ONLY [[syclone::host_only]]
#define __SYCLONE_GLOBAL __attribute__((opencl_global))
#define __SYCLONE_LOCAL __attribute__((opencl_local))
#else
#define __SYCLONE_KERNEL_ENTRY(Name)
#define __SYCLONE_SPECIAL
#define __SYCLONE_HOST_ONLY
#define __SYCLONE_GLOBAL
#define __SYCLONE_LOCAL
#endif

// Device code other translation units may call (the device link resolves
// the calls); the host compiler does not know the attribute.
#ifdef __SYCL_DEVICE_ONLY__
#define SYCL_EXTERNAL [[clang::sycl_external]]
#else
#define SYCL_EXTERNAL
#endif
#define SYCL_LANGUAGE_VERSION 202012

namespace sycl {

using std::size_t;

// ---------------------------------------------------------------- errors
// Declared in both passes: the device pass parses host code too, and needs
// to know which names are types.
enum class errc {
  success = 0, runtime, kernel, accessor, nd_range, event, kernel_argument, build,
  invalid, memory_allocation, platform, profiling, feature_not_supported,
  kernel_not_supported, backend_mismatch
};

class context;
#ifdef __SYCL_DEVICE_ONLY__
const std::error_category &sycl_category() noexcept;
std::error_code make_error_code(errc e) noexcept;
class exception : public std::exception {
 public:
  exception(std::error_code ec, const std::string &what);
  exception(std::error_code ec, const char *what);
  exception(std::error_code ec);
  exception(int ev, const std::error_category &category, const std::string &what);
  exception(int ev, const std::error_category &category, const char *what);
  exception(int ev, const std::error_category &category);
  exception(errc code, const std::string &what);
  exception(errc code, const char *what);
  exception(errc code);
  exception(context ctx, std::error_code ec, const std::string &what);
  exception(context ctx, std::error_code ec, const char *what);
  exception(context ctx, std::error_code ec);
  exception(context ctx, int ev, const std::error_category &category, const std::string &what);
  exception(context ctx, int ev, const std::error_category &category, const char *what);
  exception(context ctx, int ev, const std::error_category &category);
  const char *what() const;
  const std::error_code &code() const;
  const std::error_category &category() const;
  bool has_context() const;
  context get_context() const;
};
class exception_list {
 public:
  using value_type = std::exception_ptr;
  using const_iterator = const std::exception_ptr *;
  size_t size() const;
  const_iterator begin() const;
  const_iterator end() const;
};
#else
namespace detail {
class sycl_category_impl : public std::error_category {
 public:
  const char *name() const noexcept override { return "sycl"; }
  std::string message(int code) const override {
    static const char *names[] = {"success", "runtime", "kernel", "accessor", "nd_range",
                                  "event", "kernel_argument", "build", "invalid",
                                  "memory_allocation", "platform", "profiling",
                                  "feature_not_supported", "kernel_not_supported",
                                  "backend_mismatch"};
    return code >= 0 && code <= 14 ? names[code] : "unknown";
  }
};
}  // namespace detail

inline const std::error_category &sycl_category() noexcept {
  static const detail::sycl_category_impl category;
  return category;
}
inline std::error_code make_error_code(errc e) noexcept {
  return std::error_code(static_cast<int>(e), sycl_category());
}

class exception : public std::exception {
 public:
  exception(std::error_code ec, const std::string &what) : m_code(ec), m_what(what) {}
  exception(std::error_code ec, const char *what) : m_code(ec), m_what(what) {}
  exception(std::error_code ec) : m_code(ec) {}
  exception(int ev, const std::error_category &category, const std::string &what)
      : m_code(ev, category), m_what(what) {}
  exception(int ev, const std::error_category &category, const char *what) : m_code(ev, category), m_what(what) {}
  exception(int ev, const std::error_category &category) : m_code(ev, category) {}
  exception(errc code, const std::string &what) : m_code(make_error_code(code)), m_what(what) {}
  exception(errc code, const char *what) : m_code(make_error_code(code)), m_what(what) {}
  exception(errc code) : m_code(make_error_code(code)) {}
  // With the context the error belongs to (defined after context).
  exception(context ctx, std::error_code ec, const std::string &what);
  exception(context ctx, std::error_code ec, const char *what);
  exception(context ctx, std::error_code ec);
  exception(context ctx, int ev, const std::error_category &category, const std::string &what);
  exception(context ctx, int ev, const std::error_category &category, const char *what);
  exception(context ctx, int ev, const std::error_category &category);
  const char *what() const noexcept override { return m_what.c_str(); }
  const std::error_code &code() const noexcept { return m_code; }
  const std::error_category &category() const noexcept { return m_code.category(); }
  bool has_context() const noexcept { return m_context != nullptr; }
  // errc::invalid when the exception has no context.
  context get_context() const;

 private:
  std::error_code m_code;
  std::string m_what;
  std::shared_ptr<context> m_context;
};

// The asynchronous errors handed to an async_handler.
class exception_list {
 public:
  using value_type = std::exception_ptr;
  using const_iterator = std::vector<std::exception_ptr>::const_iterator;
  using iterator = const_iterator;
  explicit exception_list(std::vector<std::exception_ptr> list) : m_list(std::move(list)) {}
  size_t size() const { return m_list.size(); }
  const_iterator begin() const { return m_list.begin(); }
  const_iterator end() const { return m_list.end(); }

 private:
  std::vector<std::exception_ptr> m_list;
};
#endif
}  // namespace sycl
// exception::code() == errc::... compares through make_error_code.
template <>
struct std::is_error_code_enum<sycl::errc> : std::true_type {};
namespace sycl {
using async_handler = std::function<void(exception_list)>;

#ifndef __SYCL_DEVICE_ONLY__
namespace detail {
[[noreturn]] inline void throw_last_error() {
  throw sycl::exception(static_cast<errc>(syclone_last_errc()), syclone_last_error());
}
inline void check(int status) {
  if (status != 0) throw_last_error();
}
}  // namespace detail
#endif

// ---------------------------------------------------------------- access
namespace access {
enum class mode { read, write, read_write, discard_write, discard_read_write, atomic };
// global_buffer is SYCL 1.2.1's name of device.
enum class target { device, host_task, constant_buffer, local, host_buffer, image, host_image, image_array, global_buffer = device };
enum class placeholder { false_t, true_t };
// address_space: in <sycl/detail/atomic_ref.hpp>.
enum class decorated { no, yes, legacy };
}  // namespace access

// A pointer with its address space (SYCL 2020 4.7.7.1), as accessors'
// get_multi_ptr return it: the address and pointer arithmetic.
template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
class multi_ptr {
 public:
  using value_type = ElementType;
  using element_type = ElementType;
  using difference_type = std::ptrdiff_t;
  static constexpr bool is_decorated = DecorateAddress == access::decorated::yes;
  static constexpr access::address_space address_space = Space;
  multi_ptr() : m_ptr(nullptr) {}
  // From a plain pointer: implicit for the legacy interface (SYCL 1.2.1
  // code passes pointers to global_ptr/local_ptr parameters).
  template <access::decorated D = DecorateAddress,
            std::enable_if_t<D == access::decorated::legacy, int> = 0>
  multi_ptr(ElementType *ptr) : m_ptr(ptr) {}
  template <access::decorated D = DecorateAddress,
            std::enable_if_t<D != access::decorated::legacy, int> = 0>
  explicit multi_ptr(ElementType *ptr) : m_ptr(ptr) {}
  // A pointer to const from a pointer to the non-const type.
  template <typename E = ElementType, std::enable_if_t<std::is_const_v<E>, int> = 0>
  multi_ptr(const multi_ptr<std::remove_const_t<E>, Space, DecorateAddress> &other)
      : m_ptr(other.get()) {}
  // From an accessor (global space) or a local_accessor (local space) of
  // the element type: the start of its memory.
  template <typename AccessorT,
            typename = std::enable_if_t<std::is_convertible_v<
                decltype(std::declval<const AccessorT &>().get_pointer()), ElementType *>>>
  multi_ptr(const AccessorT &acc) : m_ptr(acc.get_pointer()) {}
  ElementType *get() const { return m_ptr; }
  ElementType *get_raw() const { return m_ptr; }
  ElementType *get_decorated() const { return m_ptr; }
  operator ElementType *() const { return m_ptr; }
  ElementType &operator*() const { return *m_ptr; }
  ElementType *operator->() const { return m_ptr; }
  ElementType &operator[](difference_type i) const { return m_ptr[i]; }
  multi_ptr operator+(difference_type i) const { return multi_ptr(m_ptr + i); }
  multi_ptr operator-(difference_type i) const { return multi_ptr(m_ptr - i); }
  multi_ptr &operator+=(difference_type i) {
    m_ptr += i;
    return *this;
  }
  multi_ptr &operator-=(difference_type i) {
    m_ptr -= i;
    return *this;
  }
  multi_ptr &operator++() {
    ++m_ptr;
    return *this;
  }
  multi_ptr operator++(int) {
    multi_ptr old = *this;
    ++m_ptr;
    return old;
  }
  multi_ptr &operator--() {
    --m_ptr;
    return *this;
  }
  multi_ptr operator--(int) {
    multi_ptr old = *this;
    --m_ptr;
    return old;
  }
  friend difference_type operator-(const multi_ptr &a, const multi_ptr &b) { return a.m_ptr - b.m_ptr; }
  friend bool operator==(const multi_ptr &a, const multi_ptr &b) { return a.m_ptr == b.m_ptr; }
  friend bool operator!=(const multi_ptr &a, const multi_ptr &b) { return a.m_ptr != b.m_ptr; }
  friend bool operator<(const multi_ptr &a, const multi_ptr &b) { return a.m_ptr < b.m_ptr; }
  friend bool operator>(const multi_ptr &a, const multi_ptr &b) { return a.m_ptr > b.m_ptr; }
  friend bool operator<=(const multi_ptr &a, const multi_ptr &b) { return a.m_ptr <= b.m_ptr; }
  friend bool operator>=(const multi_ptr &a, const multi_ptr &b) { return a.m_ptr >= b.m_ptr; }
  // SYCL 1.2.1's hint to fetch elements of global memory early: no effect
  // (Vulkan has no prefetch).
  template <access::address_space S = Space,
            std::enable_if_t<S == access::address_space::global_space, int> = 0>
  void prefetch(size_t) const {}

 private:
  ElementType *m_ptr;
};
template <typename ElementType, access::decorated D = access::decorated::legacy>
using global_ptr = multi_ptr<ElementType, access::address_space::global_space, D>;
template <typename ElementType, access::decorated D = access::decorated::legacy>
using local_ptr = multi_ptr<ElementType, access::address_space::local_space, D>;
template <typename ElementType, access::decorated D = access::decorated::legacy>
using private_ptr = multi_ptr<ElementType, access::address_space::private_space, D>;
template <typename ElementType>
using raw_global_ptr = multi_ptr<ElementType, access::address_space::global_space, access::decorated::no>;
template <typename ElementType>
using raw_local_ptr = multi_ptr<ElementType, access::address_space::local_space, access::decorated::no>;
template <typename ElementType>
using raw_private_ptr = multi_ptr<ElementType, access::address_space::private_space, access::decorated::no>;
template <typename ElementType>
using decorated_global_ptr = multi_ptr<ElementType, access::address_space::global_space, access::decorated::yes>;
template <typename ElementType>
using decorated_local_ptr = multi_ptr<ElementType, access::address_space::local_space, access::decorated::yes>;
template <typename ElementType>
using decorated_private_ptr = multi_ptr<ElementType, access::address_space::private_space, access::decorated::yes>;
namespace detail {
// async_work_group_copy's directions (see detail/index_space.hpp).
template <typename T, typename S, access::decorated DD, access::decorated SD>
struct is_work_group_copy<multi_ptr<T, access::address_space::local_space, DD>,
                          multi_ptr<S, access::address_space::global_space, SD>>
    : std::is_same<std::remove_const_t<S>, T> {};
template <typename T, typename S, access::decorated DD, access::decorated SD>
struct is_work_group_copy<multi_ptr<T, access::address_space::global_space, DD>,
                          multi_ptr<S, access::address_space::local_space, SD>>
    : std::is_same<std::remove_const_t<S>, T> {};
}  // namespace detail
// A plain pointer as a multi_ptr of an address space (SYCL 2020 4.7.7.2).
template <access::address_space Space, access::decorated DecorateAddress, typename ElementType>
multi_ptr<ElementType, Space, DecorateAddress> address_space_cast(ElementType *pointer) {
  return multi_ptr<ElementType, Space, DecorateAddress>(pointer);
}
// SYCL 2020's deprecated spelling of address_space_cast.
template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
multi_ptr<ElementType, Space, DecorateAddress> make_ptr(ElementType *pointer) {
  return multi_ptr<ElementType, Space, DecorateAddress>(pointer);
}
}  // namespace sycl
#include <sycl/detail/legacy_atomic.hpp>
namespace sycl {
using access_mode = access::mode;
using target = access::target;

// Access tags for CTAD: accessor acc{buf, h, read_only}.
template <access::mode Mode>
struct mode_tag_t {
  explicit mode_tag_t() = default;
};
inline constexpr mode_tag_t<access::mode::read> read_only{};
inline constexpr mode_tag_t<access::mode::write> write_only{};
inline constexpr mode_tag_t<access::mode::read_write> read_write{};

namespace property {
// accessor acc{buf, h, write_only, no_init}: the previous contents are not needed.
struct no_init {
  explicit no_init() = default;
};
}  // namespace property
inline constexpr property::no_init no_init{};

namespace detail {
// Work-item indices on the device. The runtime launches ceil(n / 256)
// work-groups of 256 items, split into a 2-D grid when there are more than
// the device allows in one dimension; this recovers the linear index.
#ifdef __SYCL_DEVICE_ONLY__
inline size_t global_linear_id_1d() {
  size_t x = __spirv_BuiltInGlobalInvocationId(0);
  size_t y = __spirv_BuiltInGlobalInvocationId(1);
  size_t width = __spirv_BuiltInNumWorkgroups(0) * __spirv_BuiltInWorkgroupSize(0);
  return y * width + x;
}
#endif

// The first argument of every kernel entry function: the global range and,
// for nd_range launches, the work-group size (all 0 otherwise).
template <int Dimensions>
struct launch_bounds {
  size_t extent[3];
  size_t local[3];
  // SYCL 1.2.1's global offset (deprecated in SYCL 2020): added to every
  // global id.
  size_t offset[3];
};

#ifdef __SYCL_DEVICE_ONLY__
// This work-item's ids on the device: SYCL's last dimension is Vulkan's x.
template <int Dimensions>
id<Dimensions> local_invocation_id() {
  if constexpr (Dimensions == 1) {
    return id<1>(__spirv_BuiltInLocalInvocationId(0));
  } else if constexpr (Dimensions == 2) {
    return id<2>(__spirv_BuiltInLocalInvocationId(1), __spirv_BuiltInLocalInvocationId(0));
  } else {
    return id<3>(__spirv_BuiltInLocalInvocationId(2), __spirv_BuiltInLocalInvocationId(1),
                 __spirv_BuiltInLocalInvocationId(0));
  }
}
// The linear index of this work-group in the dispatched grid.
inline size_t work_group_linear_id() {
  return (size_t(__spirv_BuiltInWorkgroupId(2)) * __spirv_BuiltInNumWorkgroups(1) +
          __spirv_BuiltInWorkgroupId(1)) *
             __spirv_BuiltInNumWorkgroups(0) +
         __spirv_BuiltInWorkgroupId(0);
}
// Whether this work-group is one of the launch's: the runtime may dispatch
// a few more than an nd_range has (a grid of them when their number does
// not fit the device's per-dimension limit and does not factor into one),
// and those return at once, all their work-items together.
template <int Dimensions>
bool work_group_in_launch() {
  size_t groups = __builtin_syclone_launch_extent(0) / __builtin_syclone_launch_local(0);
  if constexpr (Dimensions > 1)
    groups *= __builtin_syclone_launch_extent(1) / __builtin_syclone_launch_local(1);
  if constexpr (Dimensions > 2)
    groups *= __builtin_syclone_launch_extent(2) / __builtin_syclone_launch_local(2);
  return work_group_linear_id() < groups;
}
// The work-group's id. The runtime may dispatch more groups than a grid
// dimension holds as another grid of (about) the same number of groups, so
// the id comes from the linear index of the group in the grid, taken apart
// in SYCL order (the last dimension varies fastest); for a grid of the
// nd_range's own shape that is the group's position in it.
template <int Dimensions>
id<Dimensions> work_group_id() {
  size_t linear = work_group_linear_id();
  if constexpr (Dimensions == 1) {
    return id<1>(linear);
  } else if constexpr (Dimensions == 2) {
    size_t columns = __builtin_syclone_launch_extent(1) / __builtin_syclone_launch_local(1);
    return id<2>(linear / columns, linear % columns);
  } else {
    size_t columns = __builtin_syclone_launch_extent(2) / __builtin_syclone_launch_local(2);
    size_t rows = __builtin_syclone_launch_extent(1) / __builtin_syclone_launch_local(1);
    size_t plane = linear / columns;
    return id<3>(plane / rows, plane % rows, linear % columns);
  }
}
#endif

template <int Dimensions>
range<Dimensions> extent_of(const launch_bounds<Dimensions> &bounds) {
  range<Dimensions> r;
  for (int d = 0; d < Dimensions; ++d) r[d] = bounds.extent[d];
  return r;
}
template <int Dimensions>
range<Dimensions> local_of(const launch_bounds<Dimensions> &bounds) {
  range<Dimensions> r;
  for (int d = 0; d < Dimensions; ++d) r[d] = bounds.local[d];
  return r;
}
template <int Dimensions>
id<Dimensions> offset_of(const launch_bounds<Dimensions> &bounds) {
  id<Dimensions> o;
  for (int d = 0; d < Dimensions; ++d) o[d] = bounds.offset[d];
  return o;
}
// Launch bounds of a range from `offset` (no work-groups: local 0).
template <int Dimensions>
launch_bounds<Dimensions> bounds_of(const range<Dimensions> &extent, const id<Dimensions> &offset) {
  launch_bounds<Dimensions> bounds;
  for (int d = 0; d < 3; ++d) {
    bounds.extent[d] = d < Dimensions ? extent[d] : 1;
    bounds.local[d] = 0;
    bounds.offset[d] = d < Dimensions ? offset[d] : 0;
  }
  return bounds;
}
// Launch bounds of an nd_range. A local range with a zero extent does not
// divide a non-empty global range: errc::nd_range (SYCL 2020 4.9.4.2.2); an
// empty global range runs nothing and its local range is ignored.
template <int Dimensions>
launch_bounds<Dimensions> bounds_of(const nd_range<Dimensions> &r) {
#ifndef __SYCL_DEVICE_ONLY__
  if (r.get_global_range().size() != 0)
    for (int d = 0; d < Dimensions; ++d)
      if (r.get_local_range()[d] == 0)
        throw sycl::exception(errc::nd_range, "nd_range: the local range is 0 in dimension " + std::to_string(d) +
                                                  " of a non-empty global range");
#endif
  launch_bounds<Dimensions> bounds;
  for (int d = 0; d < 3; ++d) {
    bounds.extent[d] = d < Dimensions ? r.get_global_range()[d] : 1;
    bounds.local[d] = d < Dimensions ? r.get_local_range()[d] : 1;
    bounds.offset[d] = d < Dimensions ? r.get_offset()[d] : 0;
  }
  return bounds;
}
// The nd_item of work-item `index` (group-major: group * group size + local
// linear id) of an nd_range launch on the host.
template <int Dimensions>
nd_item<Dimensions> host_nd_item(const launch_bounds<Dimensions> &bounds, size_t index) {
  range<Dimensions> global = extent_of(bounds), local = local_of(bounds);
  size_t group_size = local.size();
  return nd_item<Dimensions>(global, local, delinearize(index / group_size, global / local),
                             delinearize(index % group_size, local), offset_of(bounds));
}

#ifndef __SYCL_DEVICE_ONLY__
// What the host device keeps for the work-item the caller runs (a host
// thread's, or in a kernel with barriers a work-item coroutine's): the
// runtime owns the block (syclone_host_work_item_state).
struct host_work_item_state {
  const void *nd_item;          // this_work_item::get_nd_item
  unsigned group_local_calls;   // group_local_memory calls so far
  unsigned stream[8];           // sycl::stream formatting
  unsigned local_linear_id;     // in the work-group (sub-group collectives)
  unsigned group_size;          // work-items in the work-group
};
static_assert(sizeof(host_work_item_state) <= 64, "the runtime's block is 64 bytes");
inline host_work_item_state &host_work_item() {
  return *static_cast<host_work_item_state *>(syclone_host_work_item_state());
}
// The nd_item of the work-item the caller runs.
template <int Dimensions>
const nd_item<Dimensions> *host_current_nd_item() {
  return static_cast<const nd_item<Dimensions> *>(host_work_item().nd_item);
}
inline unsigned &host_group_local_calls() { return host_work_item().group_local_calls; }
// The local memory of the work-group the calling thread runs, as the runtime
// last gave it (syclone_host_local_memory) when a work-item or a
// hierarchical work-group started on this thread. Local accessors read it
// here: a call into the runtime at every access cost a tenth of the time of
// kernels that do little between barriers.
inline thread_local char *host_local_memory_base = nullptr;
inline void enter_host_work_group() {
  host_local_memory_base = static_cast<char *>(syclone_host_local_memory());
}
// Makes `it` the work-item the calling thread runs (this_work_item queries,
// group_local_memory, sub-group collectives, local accessors).
template <int Dimensions>
void enter_host_work_item(const nd_item<Dimensions> &it) {
  enter_host_work_group();
  host_work_item_state &state = host_work_item();
  state.nd_item = &it;
  state.group_local_calls = 0;
  state.local_linear_id = static_cast<unsigned>(it.get_local_linear_id());
  state.group_size = static_cast<unsigned>(it.get_local_range().size());
}
#endif

template <typename KernelType>
struct host_kernels {
#ifndef __SYCL_DEVICE_ONLY__
  template <int Dimensions>
  static void run_range(const void *const *args, size_t begin, size_t end) {
    const auto &bounds = *static_cast<const launch_bounds<Dimensions> *>(args[0]);
    const KernelType &k = *static_cast<const KernelType *>(args[1]);
    range<Dimensions> r = extent_of(bounds);
    id<Dimensions> offset = offset_of(bounds);
    // The kernel gets an lvalue: `[=](auto &idx)` is a common way to write one.
    for (size_t i = begin; i < end; ++i) {
      item<Dimensions> it(r, delinearize(i, r) + offset, offset);
      call_kernel(k, it, args[3]);
    }
  }
  template <int Dimensions>
  static void run_nd(const void *const *args, size_t begin, size_t end) {
    const auto &bounds = *static_cast<const launch_bounds<Dimensions> *>(args[0]);
    const KernelType &k = *static_cast<const KernelType *>(args[1]);
    for (size_t i = begin; i < end; ++i) {
      nd_item<Dimensions> it = host_nd_item(bounds, i);
      enter_host_work_item(it);
      call_kernel(k, it, args[3]);
    }
  }
  // Work-groups [begin, end) of a hierarchical kernel, each run once with
  // the group (the launch counts groups, not work-items).
  template <int Dimensions>
  static void run_hier(const void *const *args, size_t begin, size_t end) {
    const auto &bounds = *static_cast<const launch_bounds<Dimensions> *>(args[0]);
    const KernelType &k = *static_cast<const KernelType *>(args[1]);
    range<Dimensions> local = local_of(bounds), groups = extent_of(bounds) / local;
    for (size_t g = begin; g < end; ++g) {
      group<Dimensions> grp(delinearize(g, groups), groups, local, id<Dimensions>());
      enter_host_work_group();
      call_kernel(k, grp, args[3]);
    }
  }
  static void run_single(const void *const *args, size_t, size_t) {
    const KernelType &k = *static_cast<const KernelType *>(args[1]);
    call_kernel(k, args[3]);
  }
#endif
};
}  // namespace detail

// ---------------------------------------------------------------- properties
class context;
class device;
namespace detail {
// A device selector: a callable scoring a device (its operator() const or
// not: selectors are copied, as DPC++ does).
template <typename S>
inline constexpr bool is_selector_v = std::is_invocable_r_v<int, const S &, const device &> ||
                                      std::is_invocable_r_v<int, S &, const device &>;
// The score `selector` gives `d`.
template <typename S>
int score_device(const S &selector, const device &d) {
  if constexpr (std::is_invocable_r_v<int, const S &, const device &>) {
    return selector(d);
  } else {
    S copy = selector;
    return copy(d);
  }
}
}  // namespace detail
namespace property {
namespace queue {
struct in_order {};
struct enable_profiling {};
}  // namespace queue
namespace buffer {
// The buffer uses the host pointer as its storage (no copy in or out).
struct use_host_ptr {};
// The runtime holds the mutex while it writes to the buffer's host memory,
// so the program can lock it to read that memory safely.
class use_mutex {
 public:
  use_mutex(std::mutex &m) : m_mutex(&m) {}
  std::mutex *get_mutex_ptr() const { return m_mutex; }

 private:
  std::mutex *m_mutex;
};
// The buffer is used only in this context (every device shares memory).
class context_bound {
 public:
  context_bound(const context &ctx);
  context_bound() = default;
  context get_context() const;

 private:
  std::shared_ptr<context> m_context;
};
}  // namespace buffer
}  // namespace property
// Queue hints of the oneAPI extensions (sycl_ext_oneapi_queue_priority,
// sycl_ext_oneapi_discard_queue_events): accepted and recorded; every queue
// of a device shares its one submission order, so they change nothing.
namespace ext {
namespace oneapi {
namespace property {
namespace queue {
struct priority_normal {};
struct priority_low {};
struct priority_high {};
struct discard_events {};
}  // namespace queue
}  // namespace property
// sycl_ext_oneapi_peer_access: what device::ext_oneapi_can_access_peer asks.
enum class peer_access { access_supported, atomics_supported };
// sycl_ext_oneapi_num_compute_units and sycl_ext_oneapi_max_work_groups.
namespace info {
namespace device {
struct num_compute_units { using return_type = size_t; };
}  // namespace device
}  // namespace info
namespace experimental {
namespace info {
namespace device {
template <int Dimensions = 3>
struct max_work_groups { using return_type = id<Dimensions>; };
struct max_global_work_groups { using return_type = size_t; };
}  // namespace device
// sycl_ext_oneapi_launch_queries: what launching a kernel on a queue allows.
namespace kernel_queue_specific {
struct max_num_work_groups { using return_type = size_t; };
struct max_num_work_group_sync { using return_type = size_t; };
struct max_work_group_size { using return_type = size_t; };
struct max_sub_group_size { using return_type = uint32_t; };
template <int Dimensions>
struct max_work_item_sizes { using return_type = id<Dimensions>; };
}  // namespace kernel_queue_specific
}  // namespace info
}  // namespace experimental
}  // namespace oneapi
// Level Zero's command-list hints (sycl_ext_intel_queue_immediate_command_list):
// accepted; a Vulkan queue records command buffers either way.
namespace intel {
// sycl_ext_intel_device_info: the device's memory that this process's
// allocations leave free (aspect::ext_intel_free_memory, on every device).
namespace info {
namespace device {
struct free_memory { using return_type = unsigned long long; };
}  // namespace device
}  // namespace info
namespace property {
namespace queue {
struct immediate_command_list {};
struct no_immediate_command_list {};
}  // namespace queue
}  // namespace property
}  // namespace intel
}  // namespace ext

namespace property {
namespace reduction {
// The reduction's result starts from the identity, not from its current value.
struct initialize_to_identity {};
}  // namespace reduction
}  // namespace property

// sycl_ext_oneapi_graph's nodes and properties, which property lists hold
// (the graphs themselves: ext/oneapi/experimental/graph.hpp).
class event;
namespace ext::oneapi::experimental {
namespace detail {
struct graph_impl;
}  // namespace detail
enum class graph_state { modifiable, executable };
enum class queue_state { executing, recording };
// What a node of a command graph does (node::get_type).
enum class node_type {
  empty,
  subgraph,
  kernel,
  memcpy,
  memset,
  memfill,
  prefetch,
  memadvise,
  ext_oneapi_barrier,
  host_task,
  native_command
};
template <graph_state State = graph_state::modifiable>
class command_graph;
// A node of a modifiable command graph: its graph and its index there.
class node {
 public:
  node() = default;
  node(std::shared_ptr<detail::graph_impl> graph, size_t index) : m_graph(std::move(graph)), m_index(index) {}
  bool operator==(const node &other) const { return m_graph == other.m_graph && m_index == other.m_index; }
  bool operator!=(const node &other) const { return !(*this == other); }
  const std::shared_ptr<detail::graph_impl> &graph() const { return m_graph; }
  size_t index() const { return m_index; }
  // What the node's command group does.
  node_type get_type() const;
  // The nodes this one comes after, and those that come after it
  // (ext/oneapi/experimental/graph.hpp).
  std::vector<node> get_predecessors() const;
  std::vector<node> get_successors() const;
  // The node a command group recorded into a graph made (errc::invalid for
  // an event of a command that ran).
  static node get_node_from_event(const sycl::event &recorded);

 private:
  std::shared_ptr<detail::graph_impl> m_graph;
  size_t m_index = 0;
};
namespace property {
namespace graph {
struct no_cycle_check {};
struct assume_buffer_outlives_graph {};
struct updatable {};
struct enable_profiling {};
}  // namespace graph
namespace node {
// The nodes a node added to a graph depends on.
class depends_on {
 public:
  template <typename... Nodes>
  depends_on(Nodes &...nodes) : m_nodes{nodes...} {}
  const std::vector<experimental::node> &get_dependencies() const { return m_nodes; }

 private:
  std::vector<experimental::node> m_nodes;
};
// The node depends on every node of the graph without successors.
struct depends_on_all_leaves {};
}  // namespace node
}  // namespace property
}  // namespace ext::oneapi::experimental

class property_list {
 public:
  property_list() : m_flags(0) {}
  template <typename P>
  static constexpr bool is_property =
      std::is_same_v<P, property::queue::in_order> || std::is_same_v<P, property::queue::enable_profiling> ||
      std::is_same_v<P, property::buffer::use_host_ptr> || std::is_same_v<P, property::buffer::use_mutex> ||
      std::is_same_v<P, property::buffer::context_bound> ||
      std::is_same_v<P, property::no_init> ||
      std::is_same_v<P, property::reduction::initialize_to_identity> ||
      std::is_same_v<P, ext::oneapi::property::queue::priority_normal> ||
      std::is_same_v<P, ext::oneapi::property::queue::priority_low> ||
      std::is_same_v<P, ext::oneapi::property::queue::priority_high> ||
      std::is_same_v<P, ext::oneapi::property::queue::discard_events> ||
      std::is_same_v<P, ext::intel::property::queue::immediate_command_list> ||
      std::is_same_v<P, ext::intel::property::queue::no_immediate_command_list> ||
      std::is_same_v<P, ext::oneapi::experimental::property::graph::no_cycle_check> ||
      std::is_same_v<P, ext::oneapi::experimental::property::graph::assume_buffer_outlives_graph> ||
      std::is_same_v<P, ext::oneapi::experimental::property::graph::updatable> ||
      std::is_same_v<P, ext::oneapi::experimental::property::graph::enable_profiling> ||
      std::is_same_v<P, ext::oneapi::experimental::property::node::depends_on> ||
      std::is_same_v<P, ext::oneapi::experimental::property::node::depends_on_all_leaves>;
#ifdef __SYCL_DEVICE_ONLY__
  template <typename... Props, typename = std::enable_if_t<(is_property<Props> && ...)>>
  property_list(Props... props);
#else
  template <typename... Props, typename = std::enable_if_t<(is_property<Props> && ...)>>
  property_list(Props... props) : m_flags(0) {
    int unused[] = {0, (add(props), 0)...};
    (void)unused;
  }
#endif
  template <typename Prop>
  bool has_property() const {
    if constexpr (std::is_same_v<Prop, property::buffer::use_mutex>)
      return m_mutex != nullptr;
    else
      return (m_flags & flag(Prop())) != 0;
  }
  // The property as given; errc::invalid when the list does not hold it.
  template <typename Prop>
  Prop get_property() const;

 private:
  static unsigned flag(property::queue::in_order) { return 1; }
  static unsigned flag(property::queue::enable_profiling) { return 2; }
  static unsigned flag(property::buffer::use_host_ptr) { return 4; }
  static unsigned flag(property::no_init) { return 8; }
  static unsigned flag(property::reduction::initialize_to_identity) { return 16; }
  static unsigned flag(ext::oneapi::property::queue::priority_normal) { return 32; }
  static unsigned flag(ext::oneapi::property::queue::priority_low) { return 64; }
  static unsigned flag(ext::oneapi::property::queue::priority_high) { return 128; }
  static unsigned flag(ext::oneapi::property::queue::discard_events) { return 256; }
  static unsigned flag(ext::intel::property::queue::immediate_command_list) { return 512; }
  static unsigned flag(ext::intel::property::queue::no_immediate_command_list) { return 1024; }
  static unsigned flag(property::buffer::context_bound) { return 2048; }
  static unsigned flag(ext::oneapi::experimental::property::node::depends_on_all_leaves) { return 4096; }
  // Graph properties that change nothing here (graphs are checked for
  // cycles; buffers are the runtime's; updates replace the whole graph).
  template <typename Prop>
  static unsigned flag(Prop) { return 0; }
  template <typename Prop>
  void add(Prop p) { m_flags |= flag(p); }
  void add(property::buffer::use_mutex p) { m_mutex = p.get_mutex_ptr(); }
  void add(const ext::oneapi::experimental::property::node::depends_on &p) {
    const auto &more = p.get_dependencies();
    m_nodes.insert(m_nodes.end(), more.begin(), more.end());
  }

 public:
  // The nodes of `property::node::depends_on` properties in the list.
  const std::vector<ext::oneapi::experimental::node> &node_dependencies() const { return m_nodes; }

 private:
  unsigned m_flags;
  std::mutex *m_mutex = nullptr;
  std::vector<ext::oneapi::experimental::node> m_nodes;
};
template <typename Prop>
Prop property_list::get_property() const {
  if (!has_property<Prop>()) throw sycl::exception(errc::invalid, "get_property: the object was not made with this property");
  if constexpr (std::is_same_v<Prop, property::buffer::use_mutex>)
    return Prop(*m_mutex);
  else
    return Prop{};
}

// ---------------------------------------------------------------- platforms and devices
enum class aspect {
  cpu = 0, gpu, accelerator, custom, emulated, host_debuggable, fp16, fp64, atomic64, image,
  online_compiler, online_linker, queue_profiling, usm_device_allocations,
  usm_host_allocations, usm_atomic_host_allocations, usm_shared_allocations,
  usm_atomic_shared_allocations, usm_system_allocations, ext_intel_legacy_image,
  ext_intel_free_memory, ext_oneapi_clock_sub_group, ext_oneapi_clock_work_group,
  ext_oneapi_clock_device,
  // The device runs sycl::ext::intel::pipe (the host device, as the FPGA
  // emulator: <sycl/ext/intel/fpga_extensions.hpp>).
  ext_syclone_fpga_pipes,
  // sycl_ext_oneapi_graph, in full (updates too) and limited: every device.
  ext_oneapi_graph, ext_oneapi_limited_graph
};

// Syclone's back ends, and the names other implementations' programs test
// devices against (no device of this runtime has those).
enum class backend {
  ext_syclone_vulkan, ext_syclone_host, opencl, ext_oneapi_level_zero, ext_oneapi_cuda, ext_oneapi_hip,
  ext_oneapi_native_cpu
};
inline std::ostream &operator<<(std::ostream &out, backend b) {
  switch (b) {
    case backend::ext_syclone_vulkan: return out << "ext_syclone_vulkan";
    case backend::ext_syclone_host: return out << "ext_syclone_host";
    case backend::opencl: return out << "opencl";
    case backend::ext_oneapi_level_zero: return out << "ext_oneapi_level_zero";
    case backend::ext_oneapi_cuda: return out << "ext_oneapi_cuda";
    case backend::ext_oneapi_hip: return out << "ext_oneapi_hip";
    case backend::ext_oneapi_native_cpu: return out << "ext_oneapi_native_cpu";
  }
  return out << "unknown";
}

class platform;
class device;
class context;
class kernel_id;
template <int Dimensions> class range;

namespace info {
enum class device_type { cpu, gpu, accelerator, custom, automatic, host, all };
enum class partition_property { no_partition, partition_equally, partition_by_counts, partition_by_affinity_domain };
enum class partition_affinity_domain { not_applicable, numa, L4_cache, L3_cache, L2_cache, L1_cache, next_partitionable };
enum class local_mem_type { none, local, global };
enum class global_mem_cache_type { none, read_only, read_write };
enum class fp_config { denorm, inf_nan, round_to_nearest, round_to_zero, round_to_inf, fma, correctly_rounded_divide_sqrt, soft_float };
enum class execution_capability { exec_kernel, exec_native_kernel };
namespace device {
struct name { using return_type = std::string; };
struct vendor { using return_type = std::string; };
struct driver_version { using return_type = std::string; };
// The backend's version of the device: its driver's version.
struct version { using return_type = std::string; };
struct is_available { using return_type = bool; };
struct max_work_item_dimensions { using return_type = unsigned; };
// MHz; 0: Vulkan does not report it.
struct max_clock_frequency { using return_type = unsigned; };
struct vendor_id { using return_type = unsigned; };
struct device_type { using return_type = info::device_type; };
struct max_compute_units { using return_type = unsigned; };
struct max_work_group_size { using return_type = size_t; };
template <int Dimensions = 3>
struct max_work_item_sizes { using return_type = range<Dimensions>; };
struct local_mem_size { using return_type = unsigned long long; };
struct global_mem_size { using return_type = unsigned long long; };
struct max_mem_alloc_size { using return_type = unsigned long long; };
struct sub_group_sizes { using return_type = std::vector<size_t>; };
struct aspects { using return_type = std::vector<sycl::aspect>; };
struct platform { using return_type = sycl::platform; };
struct atomic_memory_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_memory_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct atomic_fence_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_fence_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct max_num_sub_groups { using return_type = unsigned; };
struct address_bits { using return_type = unsigned; };
struct mem_base_addr_align { using return_type = unsigned; };
// Descriptors whose answers follow from the model rather than the driver:
// no sub-devices, software images (sycl/detail/image.hpp), kernel
// arguments in a 64 KiB uniform block, a timer of nanoseconds.
struct partition_max_sub_devices { using return_type = uint32_t; };
struct partition_properties { using return_type = std::vector<info::partition_property>; };
struct partition_affinity_domains { using return_type = std::vector<info::partition_affinity_domain>; };
struct partition_type_property { using return_type = info::partition_property; };
struct partition_type_affinity_domain { using return_type = info::partition_affinity_domain; };
struct image_support { using return_type = bool; };
struct max_read_image_args { using return_type = uint32_t; };
struct max_write_image_args { using return_type = uint32_t; };
struct image2d_max_width { using return_type = size_t; };
struct image2d_max_height { using return_type = size_t; };
struct image3d_max_width { using return_type = size_t; };
struct image3d_max_height { using return_type = size_t; };
struct image3d_max_depth { using return_type = size_t; };
struct image_max_buffer_size { using return_type = size_t; };
struct image_max_array_size { using return_type = size_t; };
struct max_samplers { using return_type = uint32_t; };
struct max_parameter_size { using return_type = size_t; };
struct max_constant_buffer_size { using return_type = unsigned long long; };
struct max_constant_args { using return_type = uint32_t; };
struct global_mem_cache_type { using return_type = info::global_mem_cache_type; };
struct global_mem_cache_line_size { using return_type = uint32_t; };
struct global_mem_cache_size { using return_type = unsigned long long; };
struct local_mem_type { using return_type = info::local_mem_type; };
struct error_correction_support { using return_type = bool; };
struct host_unified_memory { using return_type = bool; };
struct profiling_timer_resolution { using return_type = size_t; };
struct is_endian_little { using return_type = bool; };
struct is_compiler_available { using return_type = bool; };
struct is_linker_available { using return_type = bool; };
struct execution_capabilities { using return_type = std::vector<info::execution_capability>; };
struct queue_profiling { using return_type = bool; };
struct built_in_kernels { using return_type = std::vector<std::string>; };
struct extensions { using return_type = std::vector<std::string>; };
struct printf_buffer_size { using return_type = size_t; };
struct preferred_interop_user_sync { using return_type = bool; };
struct sub_group_independent_forward_progress { using return_type = bool; };
struct single_fp_config { using return_type = std::vector<info::fp_config>; };
struct double_fp_config { using return_type = std::vector<info::fp_config>; };
struct half_fp_config { using return_type = std::vector<info::fp_config>; };
struct preferred_vector_width_char { using return_type = uint32_t; };
struct preferred_vector_width_short { using return_type = uint32_t; };
struct preferred_vector_width_int { using return_type = uint32_t; };
struct preferred_vector_width_long { using return_type = uint32_t; };
struct preferred_vector_width_float { using return_type = uint32_t; };
struct preferred_vector_width_double { using return_type = uint32_t; };
struct preferred_vector_width_half { using return_type = uint32_t; };
struct native_vector_width_char { using return_type = uint32_t; };
struct native_vector_width_short { using return_type = uint32_t; };
struct native_vector_width_int { using return_type = uint32_t; };
struct native_vector_width_long { using return_type = uint32_t; };
struct native_vector_width_float { using return_type = uint32_t; };
struct native_vector_width_double { using return_type = uint32_t; };
struct native_vector_width_half { using return_type = uint32_t; };
struct usm_device_allocations { using return_type = bool; };
struct usm_host_allocations { using return_type = bool; };
struct usm_shared_allocations { using return_type = bool; };
struct usm_restricted_shared_allocations { using return_type = bool; };
struct usm_system_allocations { using return_type = bool; };
struct reference_count { using return_type = uint32_t; };
struct backend_version { using return_type = std::string; };
// The device a sub-device was made from: every device here is a root
// device, so asking is errc::invalid (SYCL 2020 4.6.4.3).
struct parent_device { using return_type = sycl::device; };
// No device has built-in kernels.
struct built_in_kernel_ids { using return_type = std::vector<sycl::kernel_id>; };
}  // namespace device
namespace platform {
struct name { using return_type = std::string; };
struct vendor { using return_type = std::string; };
struct version { using return_type = std::string; };
// "FULL_PROFILE": every platform implements the whole specification.
struct profile { using return_type = std::string; };
struct extensions { using return_type = std::vector<std::string>; };
}  // namespace platform
// What a kernel reports for a device (SYCL 2020 4.11.13.2).
namespace kernel_device_specific {
struct global_work_size { using return_type = range<3>; };
struct work_group_size { using return_type = size_t; };
struct compile_work_group_size { using return_type = range<3>; };
struct preferred_work_group_size_multiple { using return_type = size_t; };
struct private_mem_size { using return_type = size_t; };
struct max_num_sub_groups { using return_type = uint32_t; };
struct compile_num_sub_groups { using return_type = uint32_t; };
struct max_sub_group_size { using return_type = uint32_t; };
struct compile_sub_group_size { using return_type = uint32_t; };
}  // namespace kernel_device_specific
enum class event_command_status { submitted, running, complete };
namespace event {
struct command_execution_status { using return_type = info::event_command_status; };
}  // namespace event
namespace context {
struct platform { using return_type = sycl::platform; };
struct devices { using return_type = std::vector<sycl::device>; };
// SYCL 1.2.1's: how many context objects share this one.
struct reference_count { using return_type = uint32_t; };
struct atomic_memory_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_fence_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_memory_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct atomic_fence_scope_capabilities { using return_type = std::vector<memory_scope>; };
}  // namespace context
namespace queue {
struct context { using return_type = sycl::context; };
struct device { using return_type = sycl::device; };
// SYCL 1.2.1's: how many queue objects share this one.
struct reference_count { using return_type = uint32_t; };
}  // namespace queue
namespace event_profiling {
struct command_submit { using return_type = unsigned long long; };
struct command_start { using return_type = unsigned long long; };
struct command_end { using return_type = unsigned long long; };
}  // namespace event_profiling
}  // namespace info

#ifdef __SYCL_DEVICE_ONLY__
class platform;
class __SYCLONE_HOST_ONLY device {
 public:
  device();
  template <typename Selector>
  explicit device(const Selector &selector);
  bool is_gpu() const;
  bool is_cpu() const;
  bool is_accelerator() const;
  bool has(aspect a) const;
  template <typename Param>
  typename Param::return_type get_info() const;
  backend get_backend() const;
  platform get_platform() const;
  bool operator==(const device &other) const;
  bool operator!=(const device &other) const;
  bool ext_oneapi_can_access_peer(const device &peer, ext::oneapi::peer_access attr = ext::oneapi::peer_access::access_supported) const;
  void ext_oneapi_enable_peer_access(const device &peer);
  void ext_oneapi_disable_peer_access(const device &peer);
  static std::vector<device> get_devices(info::device_type type = info::device_type::all);
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(size_t count) const;
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(const std::vector<size_t> &counts) const;
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(info::partition_affinity_domain domain) const;
};
class __SYCLONE_HOST_ONLY platform {
 public:
  platform();
  template <typename Selector>
  explicit platform(const Selector &selector);
  template <typename Param>
  typename Param::return_type get_info() const;
  backend get_backend() const;
  std::vector<device> get_devices(info::device_type type = info::device_type::all) const;
  bool operator==(const platform &other) const;
  bool operator!=(const platform &other) const;
  bool has(aspect a) const;
  static std::vector<platform> get_platforms();
};
class __SYCLONE_HOST_ONLY context {
 public:
  explicit context(const property_list &props = {});
  explicit context(const async_handler &handler, const property_list &props = {});
  explicit context(const device &d, const property_list &props = {});
  context(const device &d, const async_handler &handler, const property_list &props = {});
  explicit context(const platform &p, const property_list &props = {});
  context(const platform &p, const async_handler &handler, const property_list &props = {});
  explicit context(const std::vector<device> &devices, const property_list &props = {});
  context(const std::vector<device> &devices, const async_handler &handler, const property_list &props = {});
  backend get_backend() const;
  platform get_platform() const;
  std::vector<device> get_devices() const;
  template <typename Param>
  typename Param::return_type get_info() const;
  template <typename Prop>
  bool has_property() const;
  template <typename Prop>
  Prop get_property() const;
  bool operator==(const context &other) const;
  bool operator!=(const context &other) const;
};
int default_selector_v(const device &d);
int gpu_selector_v(const device &d);
int cpu_selector_v(const device &d);
int accelerator_selector_v(const device &d);
struct default_selector {
  int operator()(const device &d) const;
};
struct gpu_selector {
  int operator()(const device &d) const;
};
struct cpu_selector {
  int operator()(const device &d) const;
};
struct accelerator_selector {
  int operator()(const device &d) const;
};
namespace detail {
struct aspect_selector_t {
  int operator()(const device &d) const;
};
}  // namespace detail
detail::aspect_selector_t aspect_selector(const std::vector<aspect> &require,
                                          const std::vector<aspect> &deny = {});
template <typename... Aspects>
detail::aspect_selector_t aspect_selector(Aspects... aspects);
template <aspect Aspect, aspect... Rest>
detail::aspect_selector_t aspect_selector();
#else
class __SYCLONE_HOST_ONLY device {
 public:
  // The best device: default_selector_v.
  device();
  template <typename Selector,
            typename = std::enable_if_t<detail::is_selector_v<Selector>>>
  explicit device(const Selector &selector);

  template <typename Param>
  typename Param::return_type get_info() const;
  bool has(aspect a) const { return (info().aspects >> static_cast<unsigned>(a)) & 1u; }
  // No device of this runtime can be partitioned (partition_max_sub_devices
  // is 0): errc::feature_not_supported, as SYCL 2020 4.6.4.2 specifies.
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(size_t) const {
    return no_sub_devices();
  }
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(const std::vector<size_t> &) const {
    return no_sub_devices();
  }
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(info::partition_affinity_domain) const {
    return no_sub_devices();
  }
  bool is_gpu() const { return info().device_type == SYCLONE_DEVICE_GPU; }
  bool is_cpu() const { return info().device_type == SYCLONE_DEVICE_CPU; }
  bool is_accelerator() const { return false; }
  platform get_platform() const;
  backend get_backend() const {
    return info().backend == SYCLONE_BACKEND_VULKAN ? backend::ext_syclone_vulkan
                                                    : backend::ext_syclone_host;
  }
  static std::vector<device> get_devices(info::device_type type = info::device_type::all);

  bool operator==(const device &other) const { return m_index == other.m_index; }
  bool operator!=(const device &other) const { return m_index != other.m_index; }
  // sycl_ext_oneapi_peer_access: USM memory is only ever accessible from the
  // device that owns it (each Vulkan device has its own allocations), so a
  // device is a peer of itself only.
  bool ext_oneapi_can_access_peer(const device &peer, ext::oneapi::peer_access = ext::oneapi::peer_access::access_supported) const {
    return peer == *this;
  }
  void ext_oneapi_enable_peer_access(const device &peer) { require_peer(peer); }
  void ext_oneapi_disable_peer_access(const device &peer) { require_peer(peer); }
  // The runtime's device index.
  size_t native() const { return m_index; }
  static device from_native(size_t index) { return device(index, 0); }

 private:
  device(size_t index, int) : m_index(index) {}
  std::vector<device> no_sub_devices() const {
    throw sycl::exception(errc::feature_not_supported,
                          get_info<info::device::name>() + " cannot be partitioned into sub-devices");
  }
  void require_peer(const device &peer) const {
    if (!ext_oneapi_can_access_peer(peer))
      throw exception(make_error_code(errc::feature_not_supported),
                      "peer access between two devices is not supported: USM memory is accessible only from its own device");
  }
  syclone_device_info info() const {
    syclone_device_info i;
    detail::check(syclone_device_get_info(m_index, &i));
    return i;
  }
  size_t m_index;
};

class __SYCLONE_HOST_ONLY platform {
 public:
  // The platform of the best device.
  platform();
  template <typename Selector,
            typename = std::enable_if_t<detail::is_selector_v<Selector>>>
  explicit platform(const Selector &selector) : m_backend(device(selector).get_platform().m_backend) {}

  template <typename Param>
  typename Param::return_type get_info() const {
    const char *name = nullptr, *vendor = nullptr, *version = nullptr;
    detail::check(syclone_platform_get_info(m_backend, &name, &vendor, &version));
    if constexpr (std::is_same_v<Param, info::platform::name>) return name;
    else if constexpr (std::is_same_v<Param, info::platform::vendor>) return vendor;
    else if constexpr (std::is_same_v<Param, info::platform::profile>) return "FULL_PROFILE";
    else if constexpr (std::is_same_v<Param, info::platform::extensions>) return {};
    else return version;
  }
  std::vector<device> get_devices(info::device_type type = info::device_type::all) const {
    std::vector<device> out;
    for (const device &d : device::get_devices(type))
      if (d.get_platform() == *this) out.push_back(d);
    return out;
  }
  backend get_backend() const {
    return m_backend == SYCLONE_BACKEND_VULKAN ? backend::ext_syclone_vulkan
                                               : backend::ext_syclone_host;
  }
  // The platforms that have at least one device ONEAPI_DEVICE_SELECTOR allows.
  static std::vector<platform> get_platforms() {
    std::vector<platform> out;
    for (const device &d : device::get_devices()) {
      platform p = d.get_platform();
      if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
    }
    return out;
  }
  bool operator==(const platform &other) const { return m_backend == other.m_backend; }
  bool operator!=(const platform &other) const { return m_backend != other.m_backend; }
  // Whether every device of the platform has `a` (SYCL 2020 4.6.2).
  bool has(aspect a) const {
    for (const device &d : get_devices())
      if (!d.has(a)) return false;
    return true;
  }
  int native() const { return m_backend; }

 private:
  friend class device;
  explicit platform(int backend, int) : m_backend(backend) {}
  int m_backend;
};

inline std::vector<device> device::get_devices(info::device_type type) {
  size_t count = 0;
  detail::check(syclone_devices(nullptr, 0, &count));
  std::vector<size_t> indices(count);
  detail::check(syclone_devices(indices.data(), indices.size(), &count));
  std::vector<device> out;
  for (size_t index : indices) {
    device d(index, 0);
    bool wanted = type == info::device_type::all || type == info::device_type::automatic ||
                  (type == info::device_type::gpu && d.is_gpu()) ||
                  (type == info::device_type::cpu && d.is_cpu());
    if (wanted) out.push_back(d);
  }
  return out;
}
inline platform device::get_platform() const { return platform(info().backend, 0); }

template <typename Param>
typename Param::return_type device::get_info() const {
  // Work-group counts the runtime launches (it splits dispatches past the
  // device's per-dimension limit), as DPC++ reports them for CUDA.
  constexpr size_t kMaxWorkGroups = 2147483647;
  const syclone_device_info i = info();
  if constexpr (std::is_same_v<Param, info::device::name>) {
    return i.name;
  } else if constexpr (std::is_same_v<Param, info::device::vendor>) {
    return i.vendor;
  } else if constexpr (std::is_same_v<Param, info::device::driver_version> ||
                       std::is_same_v<Param, info::device::version>) {
    return i.driver_version;
  } else if constexpr (std::is_same_v<Param, info::device::is_available>) {
    return true;
  } else if constexpr (std::is_same_v<Param, info::device::max_work_item_dimensions>) {
    return 3u;
  } else if constexpr (std::is_same_v<Param, info::device::max_clock_frequency>) {
    return 0u;
  } else if constexpr (std::is_same_v<Param, info::device::vendor_id>) {
    return i.vendor_id;
  } else if constexpr (std::is_same_v<Param, info::device::device_type>) {
    return i.device_type == SYCLONE_DEVICE_GPU ? info::device_type::gpu : info::device_type::cpu;
  } else if constexpr (std::is_same_v<Param, info::device::max_compute_units> ||
                       std::is_same_v<Param, ext::oneapi::info::device::num_compute_units>) {
    return i.max_compute_units;
  } else if constexpr (std::is_same_v<Param, info::device::atomic_memory_order_capabilities> ||
                       std::is_same_v<Param, info::device::atomic_fence_order_capabilities>) {
    return {memory_order::relaxed, memory_order::acquire, memory_order::release,
            memory_order::acq_rel, memory_order::seq_cst};
  } else if constexpr (std::is_same_v<Param, info::device::atomic_memory_scope_capabilities> ||
                       std::is_same_v<Param, info::device::atomic_fence_scope_capabilities>) {
    // Vulkan's widest scope is the device: shared allocations are coherent
    // with the host at kernel boundaries only.
    std::vector<memory_scope> scopes = {memory_scope::work_item, memory_scope::sub_group,
                                        memory_scope::work_group, memory_scope::device};
    if (get_backend() == backend::ext_syclone_host) scopes.push_back(memory_scope::system);
    return scopes;
  } else if constexpr (std::is_same_v<Param, info::device::max_num_sub_groups>) {
    unsigned smallest = i.num_sub_group_sizes ? unsigned(i.sub_group_sizes[0]) : 1u;
    for (unsigned k = 0; k < i.num_sub_group_sizes; ++k)
      if (i.sub_group_sizes[k] && unsigned(i.sub_group_sizes[k]) < smallest)
        smallest = unsigned(i.sub_group_sizes[k]);
    return unsigned((i.max_work_group_size + smallest - 1) / smallest);
  } else if constexpr (std::is_same_v<Param, info::device::address_bits>) {
    return 64u;
  } else if constexpr (std::is_same_v<Param, info::device::mem_base_addr_align>) {
    // Bits, as OpenCL reports it: USM allocations start on 64-byte boundaries.
    return 512u;
  } else if constexpr (std::is_same_v<Param, ext::oneapi::experimental::info::device::max_work_groups<1>>) {
    return id<1>(kMaxWorkGroups);
  } else if constexpr (std::is_same_v<Param, ext::oneapi::experimental::info::device::max_work_groups<2>>) {
    return id<2>(65535, kMaxWorkGroups);
  } else if constexpr (std::is_same_v<Param, ext::oneapi::experimental::info::device::max_work_groups<3>>) {
    return id<3>(65535, 65535, kMaxWorkGroups);
  } else if constexpr (std::is_same_v<Param, ext::oneapi::experimental::info::device::max_global_work_groups>) {
    return kMaxWorkGroups;
  } else if constexpr (std::is_same_v<Param, info::device::max_work_group_size>) {
    return i.max_work_group_size;
  } else if constexpr (std::is_same_v<Param, info::device::max_work_item_sizes<1>>) {
    return range<1>(i.max_work_item_sizes[2]);
  } else if constexpr (std::is_same_v<Param, info::device::max_work_item_sizes<2>>) {
    return range<2>(i.max_work_item_sizes[1], i.max_work_item_sizes[2]);
  } else if constexpr (std::is_same_v<Param, info::device::max_work_item_sizes<3>>) {
    return range<3>(i.max_work_item_sizes[0], i.max_work_item_sizes[1], i.max_work_item_sizes[2]);
  } else if constexpr (std::is_same_v<Param, info::device::local_mem_size>) {
    return i.local_mem_size;
  } else if constexpr (std::is_same_v<Param, info::device::global_mem_size>) {
    return i.global_mem_size;
  } else if constexpr (std::is_same_v<Param, ext::intel::info::device::free_memory>) {
    unsigned long long bytes = 0;
    detail::check(syclone_device_free_memory(m_index, &bytes));
    return bytes;
  } else if constexpr (std::is_same_v<Param, info::device::max_mem_alloc_size>) {
    return i.max_mem_alloc_size;
  } else if constexpr (std::is_same_v<Param, info::device::sub_group_sizes>) {
    return std::vector<size_t>(i.sub_group_sizes, i.sub_group_sizes + i.num_sub_group_sizes);
  } else if constexpr (std::is_same_v<Param, info::device::aspects>) {
    std::vector<aspect> out;
    for (unsigned a = 0; a <= static_cast<unsigned>(aspect::ext_oneapi_limited_graph); ++a)
      if ((i.aspects >> a) & 1u) out.push_back(static_cast<aspect>(a));
    return out;
  } else if constexpr (std::is_same_v<Param, info::device::partition_max_sub_devices> ||
                       std::is_same_v<Param, info::device::reference_count>) {
    return std::is_same_v<Param, info::device::reference_count> ? 1u : 0u;
  } else if constexpr (std::is_same_v<Param, info::device::partition_properties> ||
                       std::is_same_v<Param, info::device::partition_affinity_domains> ||
                       std::is_same_v<Param, info::device::built_in_kernels> ||
                       std::is_same_v<Param, info::device::extensions>) {
    return {};
  } else if constexpr (std::is_same_v<Param, info::device::partition_type_property>) {
    return info::partition_property::no_partition;
  } else if constexpr (std::is_same_v<Param, info::device::partition_type_affinity_domain>) {
    return info::partition_affinity_domain::not_applicable;
  } else if constexpr (std::is_same_v<Param, info::device::image_support> ||
                       std::is_same_v<Param, info::device::is_endian_little> ||
                       std::is_same_v<Param, info::device::is_compiler_available> ||
                       std::is_same_v<Param, info::device::is_linker_available> ||
                       std::is_same_v<Param, info::device::queue_profiling>) {
    return true;
  } else if constexpr (std::is_same_v<Param, info::device::error_correction_support> ||
                       std::is_same_v<Param, info::device::preferred_interop_user_sync> ||
                       std::is_same_v<Param, info::device::sub_group_independent_forward_progress>) {
    return false;
  } else if constexpr (std::is_same_v<Param, info::device::host_unified_memory>) {
    return get_backend() == backend::ext_syclone_host;
  } else if constexpr (std::is_same_v<Param, info::device::max_read_image_args> ||
                       std::is_same_v<Param, info::device::max_write_image_args>) {
    // Images are buffers: as many as a kernel binds storage buffers.
    return 16u;
  } else if constexpr (std::is_same_v<Param, info::device::max_samplers> ||
                       std::is_same_v<Param, info::device::max_constant_args>) {
    return 16u;
  } else if constexpr (std::is_same_v<Param, info::device::image2d_max_width> ||
                       std::is_same_v<Param, info::device::image2d_max_height>) {
    return size_t(16384);
  } else if constexpr (std::is_same_v<Param, info::device::image3d_max_width> ||
                       std::is_same_v<Param, info::device::image3d_max_height> ||
                       std::is_same_v<Param, info::device::image3d_max_depth> ||
                       std::is_same_v<Param, info::device::image_max_array_size>) {
    return size_t(2048);
  } else if constexpr (std::is_same_v<Param, info::device::image_max_buffer_size>) {
    return size_t(i.max_mem_alloc_size / 16);
  } else if constexpr (std::is_same_v<Param, info::device::max_parameter_size> ||
                       std::is_same_v<Param, info::device::max_constant_buffer_size>) {
    return 65536;
  } else if constexpr (std::is_same_v<Param, info::device::global_mem_cache_type>) {
    return info::global_mem_cache_type::read_write;
  } else if constexpr (std::is_same_v<Param, info::device::global_mem_cache_line_size>) {
    return 64u;
  } else if constexpr (std::is_same_v<Param, info::device::global_mem_cache_size>) {
    return 0ull;  // Vulkan does not report it.
  } else if constexpr (std::is_same_v<Param, info::device::local_mem_type>) {
    return info::local_mem_type::local;
  } else if constexpr (std::is_same_v<Param, info::device::profiling_timer_resolution>) {
    return size_t(1);
  } else if constexpr (std::is_same_v<Param, info::device::execution_capabilities>) {
    return {info::execution_capability::exec_kernel};
  } else if constexpr (std::is_same_v<Param, info::device::printf_buffer_size>) {
    return size_t(1) << 20;
  } else if constexpr (std::is_same_v<Param, info::device::single_fp_config>) {
    return {info::fp_config::denorm, info::fp_config::inf_nan, info::fp_config::round_to_nearest, info::fp_config::fma};
  } else if constexpr (std::is_same_v<Param, info::device::double_fp_config>) {
    if (!has(aspect::fp64)) return {};
    return {info::fp_config::denorm, info::fp_config::inf_nan, info::fp_config::round_to_nearest,
            info::fp_config::round_to_zero, info::fp_config::round_to_inf, info::fp_config::fma};
  } else if constexpr (std::is_same_v<Param, info::device::half_fp_config>) {
    if (!has(aspect::fp16)) return {};
    return {info::fp_config::inf_nan, info::fp_config::round_to_nearest, info::fp_config::fma};
  } else if constexpr (std::is_same_v<Param, info::device::preferred_vector_width_char> ||
                       std::is_same_v<Param, info::device::preferred_vector_width_short> ||
                       std::is_same_v<Param, info::device::preferred_vector_width_int> ||
                       std::is_same_v<Param, info::device::preferred_vector_width_long> ||
                       std::is_same_v<Param, info::device::preferred_vector_width_float> ||
                       std::is_same_v<Param, info::device::native_vector_width_char> ||
                       std::is_same_v<Param, info::device::native_vector_width_short> ||
                       std::is_same_v<Param, info::device::native_vector_width_int> ||
                       std::is_same_v<Param, info::device::native_vector_width_long> ||
                       std::is_same_v<Param, info::device::native_vector_width_float>) {
    return 1u;
  } else if constexpr (std::is_same_v<Param, info::device::preferred_vector_width_double> ||
                       std::is_same_v<Param, info::device::native_vector_width_double>) {
    return has(aspect::fp64) ? 1u : 0u;
  } else if constexpr (std::is_same_v<Param, info::device::preferred_vector_width_half> ||
                       std::is_same_v<Param, info::device::native_vector_width_half>) {
    return has(aspect::fp16) ? 1u : 0u;
  } else if constexpr (std::is_same_v<Param, info::device::usm_device_allocations>) {
    return has(aspect::usm_device_allocations);
  } else if constexpr (std::is_same_v<Param, info::device::usm_host_allocations>) {
    return has(aspect::usm_host_allocations);
  } else if constexpr (std::is_same_v<Param, info::device::usm_shared_allocations> ||
                       std::is_same_v<Param, info::device::usm_restricted_shared_allocations>) {
    return has(aspect::usm_shared_allocations);
  } else if constexpr (std::is_same_v<Param, info::device::usm_system_allocations>) {
    return has(aspect::usm_system_allocations);
  } else if constexpr (std::is_same_v<Param, info::device::backend_version>) {
    return i.driver_version;
  } else if constexpr (std::is_same_v<Param, info::device::parent_device>) {
    throw sycl::exception(errc::invalid, "info::device::parent_device: " + std::string(i.name) +
                                             " is a root device, not a sub-device");
  } else if constexpr (std::is_same_v<Param, info::device::built_in_kernel_ids>) {
    return {};
  } else {
    static_assert(std::is_same_v<Param, info::device::platform>, "unsupported device descriptor");
    return get_platform();
  }
}

// ---------------------------------------------------------------- selectors
// Scores follow the runtime's preference: a Vulkan GPU, then a Vulkan CPU
// adapter (lavapipe), then the host device. Ties go to the first device.
inline int default_selector_v(const device &d) {
  if (d.get_backend() == backend::ext_syclone_host) return 100;
  return d.is_gpu() ? 300 : 200;
}
inline int gpu_selector_v(const device &d) { return d.is_gpu() ? 1000 : -1; }
inline int cpu_selector_v(const device &d) { return d.is_cpu() ? 1000 : -1; }
inline int accelerator_selector_v(const device &d) { return d.is_accelerator() ? 1000 : -1; }

// SYCL 1.2.1's abstract selector class, which programs derive theirs from.
class device_selector {
 public:
  virtual ~device_selector() = default;
  virtual int operator()(const device &d) const = 0;
};
// SYCL 1.2.1 selector classes, still common in code.
struct default_selector {
  int operator()(const device &d) const { return default_selector_v(d); }
};
struct gpu_selector {
  int operator()(const device &d) const { return gpu_selector_v(d); }
};
struct cpu_selector {
  int operator()(const device &d) const { return cpu_selector_v(d); }
};
struct accelerator_selector {
  int operator()(const device &d) const { return accelerator_selector_v(d); }
};

// Devices with every aspect of `require` and none of `deny`.
inline auto aspect_selector(const std::vector<aspect> &require,
                            const std::vector<aspect> &deny = {}) {
  return [require, deny](const device &d) {
    for (aspect a : require)
      if (!d.has(a)) return -1;
    for (aspect a : deny)
      if (d.has(a)) return -1;
    return default_selector_v(d);
  };
}
template <typename... Aspects,
          typename = std::enable_if_t<(std::is_same_v<Aspects, aspect> && ...)>>
auto aspect_selector(Aspects... aspects) {
  return aspect_selector(std::vector<aspect>{aspects...});
}
// aspect_selector<aspect::fp64, aspect::atomic64>() (SYCL 2020 4.6.1.1).
template <aspect Aspect, aspect... Rest>
auto aspect_selector() {
  return aspect_selector(std::vector<aspect>{Aspect, Rest...});
}

namespace detail {
// The device of `all` that `selector` scores best.
template <typename Selector>
device select_device_among(const Selector &selector, const std::vector<device> &all) {
  int best = -1;
  const device *chosen = nullptr;
  for (const device &d : all) {
    int score = score_device(selector, d);
    if (score >= 0 && score > best) {
      best = score;
      chosen = &d;
    }
  }
  if (!chosen) {
    // DPC++'s words, then what the selector was shown, so that a program
    // asking for a GPU on a machine without one says what there is.
    std::string message = "No device of requested type available. The selector rejected every device:";
    for (const device &d : all) {
      message += all.size() > 1 ? "\n  " : " ";
      message += d.get_info<info::device::name>();
      message += d.is_gpu() ? " (gpu)" : d.is_cpu() ? " (cpu)" : " (accelerator)";
    }
    if (all.empty()) message += " there is none (ONEAPI_DEVICE_SELECTOR may hide them all)";
    throw sycl::exception(errc::runtime, message);
  }
  return *chosen;
}
template <typename Selector>
device select_device(const Selector &selector) {
  return select_device_among(selector, device::get_devices());
}
}  // namespace detail

inline device::device() : device(detail::select_device(default_selector_v)) {}
template <typename Selector, typename>
device::device(const Selector &selector) : device(detail::select_device(selector)) {}
inline platform::platform() : platform(device().get_platform()) {}

// A context: the devices it was made from, all of one platform (SYCL 2020
// 4.6.3), with common reference semantics. Every device shares the
// runtime's memory and queues whatever the context, so a context decides
// which devices a queue made with it may use, and what get_devices says.
namespace detail {
struct context_state {
  std::vector<device> devices;
  async_handler handler;
  property_list props;
};
}  // namespace detail
class __SYCLONE_HOST_ONLY context {
 public:
  // The devices of the platform of the device default_selector_v picks.
  explicit context(const property_list &props = {}) : context(device(), async_handler(), props) {}
  explicit context(const async_handler &handler, const property_list &props = {})
      : context(device(), handler, props) {}
  explicit context(const device &d, const property_list &props = {}) : context(d, async_handler(), props) {}
  context(const device &d, const async_handler &handler, const property_list &props = {})
      : context(std::vector<device>{d}, handler, props) {}
  explicit context(const platform &p, const property_list &props = {}) : context(p, async_handler(), props) {}
  context(const platform &p, const async_handler &handler, const property_list &props = {})
      : context(p.get_devices(), handler, props) {}
  // errc::invalid for no devices, or devices of several platforms.
  explicit context(const std::vector<device> &devices, const property_list &props = {})
      : context(devices, async_handler(), props) {}
  context(const std::vector<device> &devices, const async_handler &handler, const property_list &props = {})
      : m_state(std::make_shared<detail::context_state>()) {
    if (devices.empty()) throw sycl::exception(errc::invalid, "context: no devices");
    for (const device &d : devices) {
      if (d.get_platform() != devices[0].get_platform())
        throw sycl::exception(errc::invalid, "context: the devices " + devices[0].get_info<info::device::name>() +
                                                 " and " + d.get_info<info::device::name>() +
                                                 " belong to different platforms");
      if (std::find(m_state->devices.begin(), m_state->devices.end(), d) == m_state->devices.end())
        m_state->devices.push_back(d);
    }
    m_state->handler = handler;
    m_state->props = props;
  }

  backend get_backend() const { return get_platform().get_backend(); }
  platform get_platform() const { return m_state->devices[0].get_platform(); }
  std::vector<device> get_devices() const { return m_state->devices; }
  // Whether `d` is one of the context's devices.
  bool has_device(const device &d) const {
    return std::find(m_state->devices.begin(), m_state->devices.end(), d) != m_state->devices.end();
  }
  template <typename Param>
  typename Param::return_type get_info() const;
  template <typename Prop>
  bool has_property() const {
    return m_state->props.template has_property<Prop>();
  }
  template <typename Prop>
  Prop get_property() const {
    return m_state->props.template get_property<Prop>();
  }
  // The context's async_handler (empty: none).
  const async_handler &handler() const { return m_state->handler; }
  bool operator==(const context &other) const { return m_state == other.m_state; }
  bool operator!=(const context &other) const { return m_state != other.m_state; }
  const void *identity() const { return m_state.get(); }
  // The context every queue of `p` made without one shares (as DPC++'s
  // platform default context): every device of the platform.
  static context default_of(const platform &p) {
    static std::mutex lock;
    // Leaked: contexts may be used by static objects' destructors.
    static auto *defaults = new std::vector<std::pair<platform, context>>();
    std::lock_guard<std::mutex> guard(lock);
    for (const auto &entry : *defaults)
      if (entry.first == p) return entry.second;
    defaults->emplace_back(p, context(p));
    return defaults->back().second;
  }

 private:
  std::shared_ptr<detail::context_state> m_state;
};
template <typename Param>
typename Param::return_type context::get_info() const {
  if constexpr (std::is_same_v<Param, info::context::platform>) {
    return get_platform();
  } else if constexpr (std::is_same_v<Param, info::context::devices>) {
    return get_devices();
  } else if constexpr (std::is_same_v<Param, info::context::reference_count>) {
    return static_cast<uint32_t>(m_state.use_count());
  } else if constexpr (std::is_same_v<Param, info::context::atomic_memory_order_capabilities> ||
                       std::is_same_v<Param, info::context::atomic_fence_order_capabilities>) {
    return {memory_order::relaxed, memory_order::acquire, memory_order::release, memory_order::acq_rel,
            memory_order::seq_cst};
  } else {
    static_assert(std::is_same_v<Param, info::context::atomic_memory_scope_capabilities> ||
                      std::is_same_v<Param, info::context::atomic_fence_scope_capabilities>,
                  "unsupported context descriptor");
    // The scopes every device of the context has.
    std::vector<memory_scope> common;
    for (memory_scope s : {memory_scope::work_item, memory_scope::sub_group, memory_scope::work_group,
                           memory_scope::device, memory_scope::system}) {
      bool everywhere = true;
      for (const device &d : m_state->devices) {
        std::vector<memory_scope> has = d.get_info<info::device::atomic_memory_scope_capabilities>();
        everywhere = everywhere && std::find(has.begin(), has.end(), s) != has.end();
      }
      if (everywhere) common.push_back(s);
    }
    return common;
  }
}
inline context property::buffer::context_bound::get_context() const { return m_context ? *m_context : context(); }
inline exception::exception(context ctx, std::error_code ec, const std::string &what)
    : m_code(ec), m_what(what), m_context(std::make_shared<context>(std::move(ctx))) {}
inline exception::exception(context ctx, std::error_code ec, const char *what)
    : m_code(ec), m_what(what), m_context(std::make_shared<context>(std::move(ctx))) {}
inline exception::exception(context ctx, std::error_code ec)
    : m_code(ec), m_context(std::make_shared<context>(std::move(ctx))) {}
inline exception::exception(context ctx, int ev, const std::error_category &category, const std::string &what)
    : m_code(ev, category), m_what(what), m_context(std::make_shared<context>(std::move(ctx))) {}
inline exception::exception(context ctx, int ev, const std::error_category &category, const char *what)
    : m_code(ev, category), m_what(what), m_context(std::make_shared<context>(std::move(ctx))) {}
inline exception::exception(context ctx, int ev, const std::error_category &category)
    : m_code(ev, category), m_context(std::make_shared<context>(std::move(ctx))) {}
inline context exception::get_context() const {
  if (!m_context) throw exception(errc::invalid, "exception::get_context: the exception has no context");
  return *m_context;
}
inline property::buffer::context_bound::context_bound(const context &ctx) : m_context(std::make_shared<context>(ctx)) {}
#endif

class queue;
class handler;
// The allocator parameter of buffers (SYCL 2020 4.7.2.3). The runtime
// owns buffer storage, so the allocator names a type and allocates nothing.
template <typename T = char>
class buffer_allocator {
 public:
  using value_type = T;
  buffer_allocator() = default;
  template <typename U>
  buffer_allocator(const buffer_allocator<U> &) {}
};

// The defaults are on the definition below: the device compiler does not
// carry defaults over from a forward declaration.
template <typename T, int Dimensions, typename AllocatorT>
class buffer;

// ---------------------------------------------------------------- events
#ifdef __SYCL_DEVICE_ONLY__
class __SYCLONE_HOST_ONLY event {
 public:
  event();
  void wait();
  void wait_and_throw();
  template <typename Param>
  typename Param::return_type get_info() const;
  template <typename Param>
  typename Param::return_type get_profiling_info() const;
  static void wait(const std::vector<event> &events);
  static void wait_and_throw(const std::vector<event> &events);
  std::vector<event> get_wait_list();
  backend get_backend() const;
  bool operator==(const event &other) const;
  bool operator!=(const event &other) const;
};
#else
namespace detail {
// What a queue shares with its copies, events and handlers: the runtime
// queue and the asynchronous errors waiting for the async_handler.
struct graph_recorder;
struct queue_state {
  syclone_queue handle = nullptr;
  // The context the queue was made with (its device's platform's default
  // context when none was given).
  std::optional<context> ctx;
  bool in_order = false;
  bool profiling = false;
  // On the host device, a command group that must wait keeps its handler
  // until it runs (see queue::submit).
  bool host_device = false;
  // The command graph this queue records its command groups into, if it
  // is recording (sycl_ext_oneapi_graph).
  std::shared_ptr<graph_recorder> recorder;
  async_handler handler;
  std::mutex lock;
  std::vector<std::exception_ptr> errors;
  // The scratch words of the reductions the last work-group combines
  // (see detail::combine_by_last_group): blocks of shared USM, each twice
  // the last, kept until the queue goes (a recorded graph may replay a
  // kernel that points into an older one), and the last kernel that used
  // them: the next waits for it, so no two use them at once.
  std::vector<uint32_t *> reduction_scratch;
  size_t reduction_scratch_words = 0;
  syclone_event reduction_scratch_user = nullptr;

  ~queue_state() {
    if (handle) {
      // An error the last wait raises (a kernel the device cut short) has
      // nobody to throw to: it goes to the async handler, else the default one.
      if (syclone_queue_wait(handle) != 0) {
        try {
          throw_last_error();
        } catch (...) {
          report(std::current_exception());
        }
        throw_asynchronous();
      }
      if (reduction_scratch_user) syclone_event_release(reduction_scratch_user);
      for (uint32_t *block : reduction_scratch) syclone_free(handle, block);
      syclone_queue_release(handle);
    }
  }
  void report(std::exception_ptr e) {
    std::lock_guard<std::mutex> guard(lock);
    errors.push_back(e);
  }
  void throw_asynchronous() {
    std::vector<std::exception_ptr> pending;
    {
      std::lock_guard<std::mutex> guard(lock);
      pending.swap(errors);
    }
    if (pending.empty()) return;
    if (handler) {
      handler(exception_list(std::move(pending)));
      return;
    }
    // SYCL 2020 4.13.1.2: the default handler reports the errors and terminates.
    for (const std::exception_ptr &e : pending) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception &x) {
        std::fprintf(stderr, "syclone: unhandled asynchronous error: %s\n", x.what());
      } catch (...) {
        std::fprintf(stderr, "syclone: unhandled asynchronous error\n");
      }
    }
    std::terminate();
  }
};
}  // namespace detail

class __SYCLONE_HOST_ONLY event {
 public:
  // A default-constructed event is complete.
  event() : m_event(nullptr) {}
  event(syclone_event e, std::shared_ptr<detail::queue_state> q) : m_event(e), m_queue(std::move(q)) {}
  // The event of a command that waits for the events `waits` (depends_on).
  event(syclone_event e, std::shared_ptr<detail::queue_state> q, const std::vector<event> &waits)
      : m_event(e), m_queue(std::move(q)) {
    if (waits.empty()) return;
    // Each without its own wait list, so a chain of commands does not keep
    // every earlier event alive.
    auto direct = std::make_shared<std::vector<event>>();
    for (const event &w : waits) direct->push_back(w.without_wait_list());
    m_waits = std::move(direct);
  }
  // The event of a command group a queue recorded into a command graph:
  // it names the graph's node, and has no command of its own.
  explicit event(ext::oneapi::experimental::node recorded)
      : m_event(nullptr), m_recorded(std::make_shared<ext::oneapi::experimental::node>(std::move(recorded))) {}
  event(const event &other)
      : m_event(other.m_event), m_queue(other.m_queue), m_recorded(other.m_recorded), m_waits(other.m_waits) {
    if (m_event) syclone_event_retain(m_event);
  }
  event(event &&other) noexcept
      : m_event(other.m_event),
        m_queue(std::move(other.m_queue)),
        m_recorded(std::move(other.m_recorded)),
        m_waits(std::move(other.m_waits)) {
    other.m_event = nullptr;
  }
  event &operator=(event other) {
    std::swap(m_event, other.m_event);
    std::swap(m_queue, other.m_queue);
    std::swap(m_recorded, other.m_recorded);
    std::swap(m_waits, other.m_waits);
    return *this;
  }
  ~event() {
    if (m_event) syclone_event_release(m_event);
  }

  void wait() {
    if (m_recorded)
      throw sycl::exception(errc::invalid, "event::wait: the event's command group was recorded into a command "
                                           "graph, not run; wait for the graph's execution instead");
    if (m_event) detail::check(syclone_event_wait(m_event));
  }
  // The graph node of a recorded command group, if this is its event.
  const ext::oneapi::experimental::node *recorded_node() const { return m_recorded.get(); }
  void wait_and_throw() {
    wait();
    if (m_queue) m_queue->throw_asynchronous();
  }
  static void wait(const std::vector<event> &events) {
    for (event e : events) e.wait();
  }
  static void wait_and_throw(const std::vector<event> &events) {
    for (event e : events) e.wait_and_throw();
  }

  template <typename Param>
  typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::event::command_execution_status>,
                  "unsupported event descriptor");
    if (!m_event) return info::event_command_status::complete;
    int status = syclone_event_status(m_event);
    if (status < 0) detail::throw_last_error();
    return static_cast<info::event_command_status>(status);
  }

  template <typename Param>
  typename Param::return_type get_profiling_info() const {
    int what = std::is_same_v<Param, info::event_profiling::command_submit>  ? 0
               : std::is_same_v<Param, info::event_profiling::command_start> ? 1
                                                                             : 2;
    if (!m_event)
      throw sycl::exception(errc::invalid, "get_profiling_info: the event has no command");
    unsigned long long ns = 0;
    detail::check(syclone_event_profiling(m_event, what, &ns));
    return ns;
  }

  syclone_event native() const { return m_event; }
  // The events the command was made to wait for with depends_on (SYCL
  // 2020 4.6.6: its direct dependencies; those a queue's order or a
  // buffer's accesses imply are not listed).
  std::vector<event> get_wait_list() const { return m_waits ? *m_waits : std::vector<event>(); }
  // The backend of the queue the command was submitted to (the host
  // device's for an event without a command).
  backend get_backend() const {
    if (!m_queue || !m_queue->handle) return backend::ext_syclone_host;
    return device::from_native(syclone_queue_device(m_queue->handle)).get_backend();
  }
  // Common reference semantics: copies of one event compare equal.
  bool operator==(const event &other) const { return m_event == other.m_event && m_recorded == other.m_recorded; }
  bool operator!=(const event &other) const { return !(*this == other); }
  const void *identity() const {
    return m_event ? static_cast<const void *>(m_event) : static_cast<const void *>(m_recorded.get());
  }

 private:
  event without_wait_list() const {
    event copy(*this);
    copy.m_waits.reset();
    return copy;
  }
  syclone_event m_event;
  std::shared_ptr<detail::queue_state> m_queue;
  std::shared_ptr<ext::oneapi::experimental::node> m_recorded;
  std::shared_ptr<const std::vector<event>> m_waits;
};

namespace detail {
inline std::vector<syclone_event> handles(const std::vector<event> &events) {
  std::vector<syclone_event> out;
  for (const event &e : events)
    if (e.native()) out.push_back(e.native());
  return out;
}
}  // namespace detail
#endif

// ---------------------------------------------------------------- accessors
namespace detail {
// std::reverse_iterator over a pointer (the device pass's <iterator> has
// none): it walks from `base` back, reaching the element before it.
template <typename Ptr>
class reverse_pointer {
 public:
  using value_type = std::remove_cv_t<std::remove_reference_t<decltype(*std::declval<Ptr>())>>;
  using difference_type = std::ptrdiff_t;
  using pointer = Ptr;
  using reference = decltype(*std::declval<Ptr>());
  using iterator_category = std::random_access_iterator_tag;

  reverse_pointer() : m_base() {}
  explicit reverse_pointer(Ptr base) : m_base(base) {}
  // An iterator's reverse iterator converts to the const_iterator's.
  template <typename Other>
  reverse_pointer(const reverse_pointer<Other> &other) : m_base(other.base()) {}
  Ptr base() const { return m_base; }
  reference operator*() const { return *(m_base - 1); }
  reference operator[](difference_type n) const { return *(m_base - 1 - n); }
  reverse_pointer &operator++() {
    --m_base;
    return *this;
  }
  reverse_pointer &operator--() {
    ++m_base;
    return *this;
  }
  reverse_pointer operator++(int) {
    reverse_pointer old = *this;
    --m_base;
    return old;
  }
  reverse_pointer operator--(int) {
    reverse_pointer old = *this;
    ++m_base;
    return old;
  }
  reverse_pointer &operator+=(difference_type n) {
    m_base -= n;
    return *this;
  }
  reverse_pointer &operator-=(difference_type n) {
    m_base += n;
    return *this;
  }
  reverse_pointer operator+(difference_type n) const { return reverse_pointer(m_base - n); }
  reverse_pointer operator-(difference_type n) const { return reverse_pointer(m_base + n); }
  difference_type operator-(const reverse_pointer &other) const { return other.m_base - m_base; }
  bool operator==(const reverse_pointer &other) const { return m_base == other.m_base; }
  bool operator!=(const reverse_pointer &other) const { return m_base != other.m_base; }
  bool operator<(const reverse_pointer &other) const { return other.m_base < m_base; }

 private:
  Ptr m_base;
};
// The elements from the first of `r` elements accessed to one past the
// last, in the row-major order of a buffer of range `pitch`: all of them
// in one dimension, or when the accessed rows are whole.
template <int Dimensions>
size_t accessed_span(const range<Dimensions> &r, const range<Dimensions> &pitch) {
  if (r.size() == 0) return 0;
  id<Dimensions> last;
  for (int d = 0; d < Dimensions; ++d) last[d] = r[d] - 1;
  return linearize(last, pitch) + 1;
}
}  // namespace detail
// The iterator interface of accessors (SYCL 2020 4.7.6.9, 4.7.6.10,
// 4.7.6.11): pointers from `FIRST` to `LAST`.
#define __SYCLONE_ACCESSOR_ITERATORS(POINTER, CONST_POINTER, FIRST, LAST)              \
  using iterator = POINTER;                                                             \
  using const_iterator = CONST_POINTER;                                                 \
  using reverse_iterator = detail::reverse_pointer<iterator>;                           \
  using const_reverse_iterator = detail::reverse_pointer<const_iterator>;               \
  iterator begin() const { return FIRST; }                                              \
  iterator end() const { return LAST; }                                                 \
  const_iterator cbegin() const { return begin(); }                                     \
  const_iterator cend() const { return end(); }                                         \
  reverse_iterator rbegin() const { return reverse_iterator(end()); }                   \
  reverse_iterator rend() const { return reverse_iterator(begin()); }                   \
  const_reverse_iterator crbegin() const { return const_reverse_iterator(end()); }      \
  const_reverse_iterator crend() const { return const_reverse_iterator(begin()); }

// Device access to a buffer (SYCL 2020 4.7.6.9). Constructed with a handler
// it belongs to that command group; without one it is a placeholder, which
// a command group uses after handler::require. The placeholder parameter is
// SYCL 1.2.1's and changes nothing.
template <typename DataT, int Dimensions = 1, access::mode AccessMode = access::mode::read_write,
          access::target AccessTarget = access::target::device,
          access::placeholder IsPlaceholder = access::placeholder::false_t>
class __SYCLONE_SPECIAL accessor {
  using element_access = detail::element_access<DataT, AccessMode, access::address_space::global_space>;

 public:
  using value_type = DataT;
  // DataT&, or sycl::atomic<DataT> for access::mode::atomic.
  using reference = typename element_access::type;
  accessor() : m_data(nullptr) {}

  // Placeholders: the whole buffer, or `r` elements from `offset`.
  template <typename AllocatorT>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, const property_list &props = {})
      : accessor(buf, buf.get_range(), id<Dimensions>(), props) {}
  template <typename AllocatorT, access::mode Mode>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, mode_tag_t<Mode>, const property_list &props = {})
      : accessor(buf, buf.get_range(), id<Dimensions>(), props) {}
  template <typename AllocatorT>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, range<Dimensions> r, const property_list &props = {})
      : accessor(buf, r, id<Dimensions>(), props) {}
  template <typename AllocatorT, access::mode Mode>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, range<Dimensions> r, mode_tag_t<Mode>,
           const property_list &props = {})
      : accessor(buf, r, id<Dimensions>(), props) {}
  template <typename AllocatorT, access::mode Mode>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, range<Dimensions> r, id<Dimensions> offset,
           mode_tag_t<Mode>, const property_list &props = {})
      : accessor(buf, r, offset, props) {}
  template <typename AllocatorT>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, range<Dimensions> r, id<Dimensions> offset,
           const property_list &props = {});

  // Accessors of the command group `h`.
  template <typename AllocatorT>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, handler &h, const property_list &props = {})
      : accessor(buf, h, buf.get_range(), id<Dimensions>(), props) {}
  template <typename AllocatorT, access::mode Mode>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, handler &h, mode_tag_t<Mode>,
           const property_list &props = {})
      : accessor(buf, h, buf.get_range(), id<Dimensions>(), props) {}
  template <typename AllocatorT>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, handler &h, range<Dimensions> r,
           const property_list &props = {})
      : accessor(buf, h, r, id<Dimensions>(), props) {}
  template <typename AllocatorT, access::mode Mode>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, handler &h, range<Dimensions> r, mode_tag_t<Mode>,
           const property_list &props = {})
      : accessor(buf, h, r, id<Dimensions>(), props) {}
  template <typename AllocatorT, access::mode Mode>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, handler &h, range<Dimensions> r, id<Dimensions> offset,
           mode_tag_t<Mode>, const property_list &props = {})
      : accessor(buf, h, r, offset, props) {}
  template <typename AllocatorT>
  accessor(buffer<DataT, Dimensions, AllocatorT> &buf, handler &h, range<Dimensions> r, id<Dimensions> offset,
           const property_list &props = {});

#ifndef __SYCL_DEVICE_ONLY__
  // `r` elements from `storage`, laid out row-major in a buffer of range `pitch`.
  accessor(DataT *storage, range<Dimensions> r, range<Dimensions> pitch)
      : m_data(storage), m_range(r), m_pitch(pitch) {
    m_pitch[0] = 0;
  }
#endif
  using global_pointer = __SYCLONE_GLOBAL DataT *;
  reference operator[](id<Dimensions> index) const {
    return element_access::of(m_data[detail::linearize(index, m_pitch)]);
  }
  reference operator[](item<Dimensions> index) const { return (*this)[index.get_id()]; }
  // acc[i] in one dimension, acc[i][j]... in more.
  typename detail::row<element_access, global_pointer, Dimensions>::type operator[](size_t index) const {
    return detail::row<element_access, global_pointer, Dimensions>::at(m_data, m_pitch, index);
  }
  size_t size() const { return m_range.size(); }
  size_t get_count() const { return m_range.size(); }
  size_t byte_size() const { return m_range.size() * sizeof(DataT); }
  bool empty() const { return m_range.size() == 0; }
  range<Dimensions> get_range() const { return m_range; }
  // Where the accessed region starts in the buffer (SYCL 2020 4.7.6.9).
  id<Dimensions> get_offset() const {
    range<Dimensions> extents = m_pitch;
    extents[0] = 1;
    return detail::delinearize(m_pitch[0] & ~placeholder_flag, extents);
  }
  // Whether it was made without a handler.
  bool is_placeholder() const { return (m_pitch[0] & placeholder_flag) != 0; }
  // Common reference semantics: copies of one accessor compare equal.
  bool operator==(const accessor &other) const {
    return m_data == other.m_data && m_range == other.m_range && m_pitch == other.m_pitch;
  }
  bool operator!=(const accessor &other) const { return !(*this == other); }
  // The accessed element 0.
  global_pointer get_pointer() const { return m_data; }
  template <access::decorated IsDecorated>
  multi_ptr<DataT, access::address_space::global_space, IsDecorated> get_multi_ptr() const {
    return multi_ptr<DataT, access::address_space::global_space, IsDecorated>(m_data);
  }
  __SYCLONE_ACCESSOR_ITERATORS(global_pointer, const __SYCLONE_GLOBAL DataT *, m_data,
                               m_data + detail::accessed_span(m_range, m_pitch))

 private:
  // Host: the address of the accessed element 0 in the buffer's host
  // storage, which names the buffer to the runtime. Device: the storage
  // buffer the runtime binds, at that element.
  global_pointer m_data;
  range<Dimensions> m_range;
  // The buffer's range, except entry 0: row-major addressing never reads
  // the extent of the slowest dimension, so it holds the linear index of
  // the accessed region's first element in the buffer (get_offset) and, in
  // its top bit, whether the accessor is a placeholder, which keeps the
  // accessor's layout, and its kernel parameters, as they were.
  range<Dimensions> m_pitch;
  static constexpr size_t placeholder_flag = size_t(1) << (sizeof(size_t) * 8 - 1);
};

// Compound assignment to the one element of a 0-dimensional accessor
// (`count += n`): the built-in operators do not convert their left operand.
#define __SYCLONE_SCALAR_ACCESSOR_OPS(CLASS, ELEMENT)                 \
  template <typename V>                                              \
  const CLASS &operator+=(const V &v) const { ELEMENT += v; return *this; } \
  template <typename V>                                              \
  const CLASS &operator-=(const V &v) const { ELEMENT -= v; return *this; } \
  template <typename V>                                              \
  const CLASS &operator*=(const V &v) const { ELEMENT *= v; return *this; } \
  template <typename V>                                              \
  const CLASS &operator/=(const V &v) const { ELEMENT /= v; return *this; } \
  template <typename V>                                              \
  const CLASS &operator%=(const V &v) const { ELEMENT %= v; return *this; } \
  template <typename V>                                              \
  const CLASS &operator&=(const V &v) const { ELEMENT &= v; return *this; } \
  template <typename V>                                              \
  const CLASS &operator|=(const V &v) const { ELEMENT |= v; return *this; } \
  template <typename V>                                              \
  const CLASS &operator^=(const V &v) const { ELEMENT ^= v; return *this; } \
  template <typename V>                                              \
  const CLASS &operator<<=(const V &v) const { ELEMENT <<= v; return *this; } \
  template <typename V>                                              \
  const CLASS &operator>>=(const V &v) const { ELEMENT >>= v; return *this; }

// A 0-dimensional accessor: element 0 of a 1-dimensional buffer, reached by
// conversion to a reference and assigned (SYCL 2020 4.7.6.9.1). It holds a
// one-element accessor of the buffer, so the command group and the kernel
// see an ordinary accessor.
template <typename DataT, access::mode AccessMode, access::target AccessTarget,
          access::placeholder IsPlaceholder>
class accessor<DataT, 0, AccessMode, AccessTarget, IsPlaceholder> {
 public:
  using value_type = DataT;
  using reference = DataT &;
  template <typename AllocatorT>
  accessor(buffer<DataT, 1, AllocatorT> &buf, handler &h, const property_list &props = {})
      : m_element(buf, h, range<1>(1), id<1>(0), props) {}
  template <typename AllocatorT, access::mode Mode>
  accessor(buffer<DataT, 1, AllocatorT> &buf, handler &h, mode_tag_t<Mode>, const property_list &props = {})
      : m_element(buf, h, range<1>(1), id<1>(0), props) {}
  operator reference() const { return m_element[0]; }
  const accessor &operator=(const DataT &v) const {
    m_element[0] = v;
    return *this;
  }
  __SYCLONE_SCALAR_ACCESSOR_OPS(accessor, m_element[0])
  size_t size() const { return 1; }
  size_t get_count() const { return 1; }
  size_t byte_size() const { return sizeof(DataT); }
  bool is_placeholder() const { return m_element.is_placeholder(); }
  auto get_pointer() const { return m_element.get_pointer(); }
  template <access::decorated IsDecorated>
  multi_ptr<DataT, access::address_space::global_space, IsDecorated> get_multi_ptr() const {
    return m_element.template get_multi_ptr<IsDecorated>();
  }
  __SYCLONE_ACCESSOR_ITERATORS(__SYCLONE_GLOBAL DataT *, const __SYCLONE_GLOBAL DataT *, m_element.begin(),
                               m_element.end())

 private:
  accessor<DataT, 1, AccessMode, AccessTarget, IsPlaceholder> m_element;
};

// Class template argument deduction: placeholders...
template <typename DataT, int Dimensions, typename A>
accessor(buffer<DataT, Dimensions, A> &, const property_list & = {})
    -> accessor<DataT, Dimensions, access::mode::read_write, access::target::device,
                access::placeholder::true_t>;
template <typename DataT, int Dimensions, typename A, access::mode Mode>
accessor(buffer<DataT, Dimensions, A> &, mode_tag_t<Mode>, const property_list & = {})
    -> accessor<DataT, Dimensions, Mode, access::target::device, access::placeholder::true_t>;
template <typename DataT, int Dimensions, typename A>
accessor(buffer<DataT, Dimensions, A> &, range<Dimensions>, const property_list & = {})
    -> accessor<DataT, Dimensions, access::mode::read_write, access::target::device,
                access::placeholder::true_t>;
template <typename DataT, int Dimensions, typename A, access::mode Mode>
accessor(buffer<DataT, Dimensions, A> &, range<Dimensions>, mode_tag_t<Mode>, const property_list & = {})
    -> accessor<DataT, Dimensions, Mode, access::target::device, access::placeholder::true_t>;
template <typename DataT, int Dimensions, typename A>
accessor(buffer<DataT, Dimensions, A> &, range<Dimensions>, id<Dimensions>, const property_list & = {})
    -> accessor<DataT, Dimensions, access::mode::read_write, access::target::device,
                access::placeholder::true_t>;
template <typename DataT, int Dimensions, typename A, access::mode Mode>
accessor(buffer<DataT, Dimensions, A> &, range<Dimensions>, id<Dimensions>, mode_tag_t<Mode>,
         const property_list & = {})
    -> accessor<DataT, Dimensions, Mode, access::target::device, access::placeholder::true_t>;
// ...and accessors of a command group.
template <typename DataT, int Dimensions, typename A>
accessor(buffer<DataT, Dimensions, A> &, handler &, const property_list & = {})
    -> accessor<DataT, Dimensions, access::mode::read_write, access::target::device>;
template <typename DataT, int Dimensions, typename A, access::mode Mode>
accessor(buffer<DataT, Dimensions, A> &, handler &, mode_tag_t<Mode>, const property_list & = {})
    -> accessor<DataT, Dimensions, Mode, access::target::device>;
template <typename DataT, int Dimensions, typename A>
accessor(buffer<DataT, Dimensions, A> &, handler &, range<Dimensions>, const property_list & = {})
    -> accessor<DataT, Dimensions, access::mode::read_write, access::target::device>;
template <typename DataT, int Dimensions, typename A, access::mode Mode>
accessor(buffer<DataT, Dimensions, A> &, handler &, range<Dimensions>, mode_tag_t<Mode>,
         const property_list & = {}) -> accessor<DataT, Dimensions, Mode, access::target::device>;
template <typename DataT, int Dimensions, typename A>
accessor(buffer<DataT, Dimensions, A> &, handler &, range<Dimensions>, id<Dimensions>,
         const property_list & = {})
    -> accessor<DataT, Dimensions, access::mode::read_write, access::target::device>;
template <typename DataT, int Dimensions, typename A, access::mode Mode>
accessor(buffer<DataT, Dimensions, A> &, handler &, range<Dimensions>, id<Dimensions>, mode_tag_t<Mode>,
         const property_list & = {}) -> accessor<DataT, Dimensions, Mode, access::target::device>;

// ---------------------------------------------------------------- local memory
// Memory shared by the work-items of one work-group, allocated for every
// work-group of the kernel of the command group that constructs it (SYCL
// 2020 4.7.6.11). Device: an array in work-group memory whose length the
// runtime sets at launch. Host device: the accessor holds the byte offset of
// its memory in the command group's local-memory arena, which the runtime
// gives each work-group.
namespace detail {
// The memory of a local accessor, shared by every dimensionality.
template <typename DataT>
class local_memory {
 public:
  using local_pointer = __SYCLONE_LOCAL DataT *;

 protected:
#ifdef __SYCL_DEVICE_ONLY__
  local_pointer data() const { return m_data; }
  local_pointer m_data;
#else
  explicit local_memory(size_t offset) : m_offset(offset) {}
  DataT *data() const {
    return reinterpret_cast<DataT *>(host_local_memory_base + m_offset);
  }
  size_t m_offset;
#endif
};
}  // namespace detail

template <typename DataT, int Dimensions = 1>
class local_accessor : public detail::local_memory<DataT> {
  using plain_access = detail::element_access<DataT, access::mode::read_write, access::address_space::local_space>;

 public:
  using value_type = DataT;
  using local_pointer = __SYCLONE_LOCAL DataT *;
  local_accessor(range<Dimensions> r, handler &h);
  DataT &operator[](id<Dimensions> index) const { return this->data()[detail::linearize(index, m_range)]; }
  // acc[i] in one dimension, acc[i][j]... in more.
  typename detail::row<plain_access, local_pointer, Dimensions>::type operator[](size_t index) const {
    return detail::row<plain_access, local_pointer, Dimensions>::at(this->data(), m_range, index);
  }
  size_t size() const { return m_range.size(); }
  size_t get_count() const { return m_range.size(); }
  size_t byte_size() const { return m_range.size() * sizeof(DataT); }
  range<Dimensions> get_range() const { return m_range; }
  local_pointer get_pointer() const { return this->data(); }
  template <access::decorated IsDecorated>
  multi_ptr<DataT, access::address_space::local_space, IsDecorated> get_multi_ptr() const {
    return multi_ptr<DataT, access::address_space::local_space, IsDecorated>(this->data());
  }
  __SYCLONE_ACCESSOR_ITERATORS(local_pointer, const __SYCLONE_LOCAL DataT *, this->data(), this->data() + size())

 private:
  range<Dimensions> m_range;
};

// A 0-dimensional local accessor: one DataT (an array type too, as
// `local_accessor<float[18][18], 0>`), reached by conversion to DataT&.
template <typename DataT>
class local_accessor<DataT, 0> : public detail::local_memory<DataT> {
 public:
  using value_type = DataT;
  using local_pointer = __SYCLONE_LOCAL DataT *;
  explicit local_accessor(handler &h);
  operator DataT &() const { return *this->data(); }
  const local_accessor &operator=(const DataT &v) const {
    *this->data() = v;
    return *this;
  }
  __SYCLONE_SCALAR_ACCESSOR_OPS(local_accessor, *this->data())
  size_t size() const { return 1; }
  size_t get_count() const { return 1; }
  size_t byte_size() const { return sizeof(DataT); }
  local_pointer get_pointer() const { return this->data(); }
  template <access::decorated IsDecorated>
  multi_ptr<DataT, access::address_space::local_space, IsDecorated> get_multi_ptr() const {
    return multi_ptr<DataT, access::address_space::local_space, IsDecorated>(this->data());
  }
  __SYCLONE_ACCESSOR_ITERATORS(local_pointer, const __SYCLONE_LOCAL DataT *, this->data(), this->data() + 1)
};

// SYCL 1.2.1's local accessor.
template <typename DataT, int Dimensions, access::mode AccessMode, access::placeholder IsPlaceholder>
class accessor<DataT, Dimensions, AccessMode, access::target::local, IsPlaceholder>
    : public local_accessor<DataT, Dimensions> {
 public:
  accessor(range<Dimensions> r, handler &h) : local_accessor<DataT, Dimensions>(r, h) {}
};
// ... whose elements are sycl::atomic<DataT, local_space> in atomic mode.
template <typename DataT, int Dimensions, access::placeholder IsPlaceholder>
class accessor<DataT, Dimensions, access::mode::atomic, access::target::local, IsPlaceholder>
    : public local_accessor<DataT, Dimensions> {
  using element_access = detail::element_access<DataT, access::mode::atomic, access::address_space::local_space>;
  using local_pointer = typename local_accessor<DataT, Dimensions>::local_pointer;

 public:
  using reference = typename element_access::type;
  accessor(range<Dimensions> r, handler &h) : local_accessor<DataT, Dimensions>(r, h) {}
  reference operator[](id<Dimensions> index) const {
    return element_access::of(this->data()[detail::linearize(index, this->get_range())]);
  }
  typename detail::row<element_access, local_pointer, Dimensions>::type operator[](size_t index) const {
    return detail::row<element_access, local_pointer, Dimensions>::at(this->data(), this->get_range(), index);
  }
};

// Host access to a buffer: waits for the kernels that write it; while it
// lives, the host storage is current.
// A ranged one reaches `r` elements from `offset` (SYCL 2020 4.7.6.10);
// no_init is accepted (the host storage is made current either way).
template <typename DataT, int Dimensions = 1, access::mode AccessMode = access::mode::read_write>
class __SYCLONE_HOST_ONLY host_accessor {
  using plain_access = detail::element_access<DataT, access::mode::read_write, access::address_space::global_space>;

 public:
  host_accessor() : m_data(nullptr) {}
  template <typename AllocatorT>
  host_accessor(buffer<DataT, Dimensions, AllocatorT> &buf, const property_list &props = {})
      : host_accessor(buf, buf.get_range(), id<Dimensions>(), props) {}
  template <typename AllocatorT, access::mode Mode>
  host_accessor(buffer<DataT, Dimensions, AllocatorT> &buf, mode_tag_t<Mode>, const property_list &props = {})
      : host_accessor(buf, buf.get_range(), id<Dimensions>(), props) {}
  template <typename AllocatorT>
  host_accessor(buffer<DataT, Dimensions, AllocatorT> &buf, range<Dimensions> r, const property_list &props = {})
      : host_accessor(buf, r, id<Dimensions>(), props) {}
  template <typename AllocatorT, access::mode Mode>
  host_accessor(buffer<DataT, Dimensions, AllocatorT> &buf, range<Dimensions> r, mode_tag_t<Mode>,
                const property_list &props = {})
      : host_accessor(buf, r, id<Dimensions>(), props) {}
  template <typename AllocatorT, access::mode Mode>
  host_accessor(buffer<DataT, Dimensions, AllocatorT> &buf, range<Dimensions> r, id<Dimensions> offset,
                mode_tag_t<Mode>, const property_list &props = {})
      : host_accessor(buf, r, offset, props) {}
  // errc::invalid when the region exceeds the buffer.
  template <typename AllocatorT>
  host_accessor(buffer<DataT, Dimensions, AllocatorT> &buf, range<Dimensions> r, id<Dimensions> offset,
                const property_list &props = {});
  DataT &operator[](id<Dimensions> index) const { return m_data[detail::linearize(index, m_pitch)]; }
  typename detail::row<plain_access, DataT *, Dimensions>::type operator[](size_t index) const {
    return detail::row<plain_access, DataT *, Dimensions>::at(m_data, m_pitch, index);
  }
  size_t size() const { return m_range.size(); }
  size_t get_count() const { return m_range.size(); }
  size_t byte_size() const { return m_range.size() * sizeof(DataT); }
  bool empty() const { return m_range.size() == 0; }
  range<Dimensions> get_range() const { return m_range; }
  id<Dimensions> get_offset() const { return m_offset; }
  DataT *get_pointer() const { return m_data; }
  __SYCLONE_ACCESSOR_ITERATORS(DataT *, const DataT *, m_data, m_data + detail::accessed_span(m_range, m_pitch))
  bool operator==(const host_accessor &other) const {
    return m_data == other.m_data && m_range == other.m_range && m_pitch == other.m_pitch;
  }
  bool operator!=(const host_accessor &other) const { return !(*this == other); }

 private:
  DataT *m_data;
  range<Dimensions> m_range;
  range<Dimensions> m_pitch;
  id<Dimensions> m_offset;
  std::shared_ptr<void> m_hold;
};
// A 0-dimensional host accessor: element 0 of a 1-dimensional buffer, as
// the 0-dimensional accessor (SYCL 2020 4.7.6.10).
template <typename DataT, access::mode AccessMode>
class __SYCLONE_HOST_ONLY host_accessor<DataT, 0, AccessMode> {
 public:
  using value_type = DataT;
  using reference = DataT &;
  template <typename AllocatorT>
  host_accessor(buffer<DataT, 1, AllocatorT> &buf, const property_list &props = {})
      : m_element(buf, range<1>(1), id<1>(0), props) {}
  template <typename AllocatorT, access::mode Mode>
  host_accessor(buffer<DataT, 1, AllocatorT> &buf, mode_tag_t<Mode>, const property_list &props = {})
      : m_element(buf, range<1>(1), id<1>(0), props) {}
  operator reference() const { return m_element[0]; }
  const host_accessor &operator=(const DataT &v) const {
    m_element[0] = v;
    return *this;
  }
  __SYCLONE_SCALAR_ACCESSOR_OPS(host_accessor, m_element[0])
  size_t size() const { return 1; }
  size_t get_count() const { return 1; }
  size_t byte_size() const { return sizeof(DataT); }
  DataT *get_pointer() const { return m_element.get_pointer(); }
  __SYCLONE_ACCESSOR_ITERATORS(DataT *, const DataT *, m_element.begin(), m_element.end())

 private:
  host_accessor<DataT, 1, AccessMode> m_element;
};
#undef __SYCLONE_ACCESSOR_ITERATORS
#undef __SYCLONE_SCALAR_ACCESSOR_OPS
template <typename DataT, int Dimensions, typename A>
host_accessor(buffer<DataT, Dimensions, A> &, const property_list & = {})
    -> host_accessor<DataT, Dimensions, access::mode::read_write>;
template <typename DataT, int Dimensions, typename A, access::mode Mode>
host_accessor(buffer<DataT, Dimensions, A> &, mode_tag_t<Mode>, const property_list & = {})
    -> host_accessor<DataT, Dimensions, Mode>;
template <typename DataT, int Dimensions, typename A>
host_accessor(buffer<DataT, Dimensions, A> &, range<Dimensions>, const property_list & = {})
    -> host_accessor<DataT, Dimensions, access::mode::read_write>;
template <typename DataT, int Dimensions, typename A, access::mode Mode>
host_accessor(buffer<DataT, Dimensions, A> &, range<Dimensions>, mode_tag_t<Mode>, const property_list & = {})
    -> host_accessor<DataT, Dimensions, Mode>;
template <typename DataT, int Dimensions, typename A>
host_accessor(buffer<DataT, Dimensions, A> &, range<Dimensions>, id<Dimensions>, const property_list & = {})
    -> host_accessor<DataT, Dimensions, access::mode::read_write>;
template <typename DataT, int Dimensions, typename A, access::mode Mode>
host_accessor(buffer<DataT, Dimensions, A> &, range<Dimensions>, id<Dimensions>, mode_tag_t<Mode>,
              const property_list & = {}) -> host_accessor<DataT, Dimensions, Mode>;

// ---------------------------------------------------------------- buffers
#ifndef __SYCL_DEVICE_ONLY__
namespace detail {
struct buffer_state;
// The live buffers by storage address, so that handler::update_host finds
// the buffer an accessor reaches. Leaked: buffers may outlive statics.
struct buffer_directory {
  std::mutex lock;
  std::map<const char *, std::weak_ptr<buffer_state>> by_storage;
  static buffer_directory &get() {
    static auto *directory = new buffer_directory();
    return *directory;
  }
};
// The runtime storage of a buffer and where its data goes at the end.
struct buffer_state {
  void *storage = nullptr;
  size_t bytes = 0;
  // Where the data goes when the buffer is destroyed (set_final_data):
  // host memory (kept alive by final_owner for a shared_ptr), the object of
  // a weak_ptr if it still lives, or an output iterator (through a copy).
  void *final_ptr = nullptr;
  bool write_back = false;
  std::shared_ptr<void> final_owner;
  std::function<std::shared_ptr<void>()> final_weak;
  std::function<void(const void *)> final_iterator;
  property_list props;
  // A host accessor brings the data to the host memory the buffer was made
  // from too: programs read it while the buffer lives (as DPC++ allows).
  void mirror_to_final_memory() const {
    if (write_back && final_ptr && final_ptr != storage && !final_weak && !final_iterator) {
      std::unique_lock<std::mutex> held = host_memory_lock();
      std::memcpy(final_ptr, storage, bytes);
    }
  }
  // The use_mutex property's mutex, locked (none: an empty lock).
  std::unique_lock<std::mutex> host_memory_lock() const {
    if (!props.has_property<property::buffer::use_mutex>()) return {};
    return std::unique_lock<std::mutex>(*props.get_property<property::buffer::use_mutex>().get_mutex_ptr());
  }
  // Listed in the directory under its storage address.
  static void enter(const std::shared_ptr<buffer_state> &state) {
    buffer_directory &dir = buffer_directory::get();
    std::lock_guard<std::mutex> guard(dir.lock);
    dir.by_storage[static_cast<const char *>(state->storage)] = state;
  }
  // The live buffer whose storage holds `address` (null: none).
  static std::weak_ptr<buffer_state> holding(const void *address) {
    buffer_directory &dir = buffer_directory::get();
    std::lock_guard<std::mutex> guard(dir.lock);
    const char *at = static_cast<const char *>(address);
    auto it = dir.by_storage.upper_bound(at);
    if (it == dir.by_storage.begin()) return {};
    --it;
    std::shared_ptr<buffer_state> state = it->second.lock();
    if (!state || at >= it->first + std::max<size_t>(state->bytes, 1)) return {};
    return state;
  }
  ~buffer_state() {
    // Storage that was never allocated (its allocation failed): nothing to
    // write back or release.
    if (!storage) return;
    {
      buffer_directory &dir = buffer_directory::get();
      std::lock_guard<std::mutex> guard(dir.lock);
      auto it = dir.by_storage.find(static_cast<const char *>(storage));
      if (it != dir.by_storage.end() && it->second.expired()) dir.by_storage.erase(it);
    }
    std::unique_lock<std::mutex> held = host_memory_lock();
    void *dest = write_back ? final_ptr : nullptr;
    std::shared_ptr<void> locked;
    std::vector<unsigned char> staging;
    if (write_back && final_weak) {
      locked = final_weak();
      dest = locked.get();
    } else if (write_back && final_iterator) {
      staging.resize(bytes);
      dest = staging.data();
    }
    // Destructors must not throw; a failed write-back is reported on stderr by the runtime.
    if (syclone_buffer_release(storage, dest, bytes) == 0 && dest && final_iterator) {
      final_iterator(staging.data());
    }
  }
};
template <typename D>
struct is_shared_ptr : std::false_type {};
template <typename U>
struct is_shared_ptr<std::shared_ptr<U>> : std::true_type {};
template <typename D>
struct is_weak_ptr : std::false_type {};
template <typename U>
struct is_weak_ptr<std::weak_ptr<U>> : std::true_type {};
}  // namespace detail
#endif
namespace detail {
// A contiguous container: what buffer's container constructor takes.
template <typename C, typename = void>
struct is_container : std::false_type {};
template <typename C>
struct is_container<C, std::void_t<decltype(std::declval<C &>().data()),
                                   decltype(std::declval<C &>().size())>> : std::true_type {};
}  // namespace detail

template <typename T, int Dimensions = 1, typename AllocatorT = buffer_allocator<std::remove_const_t<T>>>
class __SYCLONE_HOST_ONLY buffer {
 public:
  using value_type = T;
  using allocator_type = AllocatorT;
  using reference = T &;
  using const_reference = const T &;
  // Every constructor has a form with an allocator (ignored: the runtime
  // owns the storage).
  buffer(const range<Dimensions> &r, const property_list &props = {});
  buffer(const range<Dimensions> &r, AllocatorT, const property_list &props = {}) : buffer(r, props) {}
  // Initialised from `host_data`, written back to it. (For buffer<const T>
  // this is the const T* constructor below: nothing is written back.)
  template <bool Writable = !std::is_const_v<T>, typename = std::enable_if_t<Writable>>
  buffer(T *host_data, const range<Dimensions> &r, const property_list &props = {});
  template <bool Writable = !std::is_const_v<T>, typename = std::enable_if_t<Writable>>
  buffer(T *host_data, const range<Dimensions> &r, AllocatorT, const property_list &props = {})
      : buffer(host_data, r, props) {}
  // Initialised from `host_data`; no write-back.
  buffer(const T *host_data, const range<Dimensions> &r, const property_list &props = {});
  buffer(const T *host_data, const range<Dimensions> &r, AllocatorT, const property_list &props = {})
      : buffer(host_data, r, props) {}
  // Initialised from the object `host_data` owns, written back to it.
  buffer(const std::shared_ptr<T> &host_data, const range<Dimensions> &r, const property_list &props = {})
      : buffer(host_data.get(), r, props) {
    set_final_data(host_data);
  }
  buffer(const std::shared_ptr<T> &host_data, const range<Dimensions> &r, AllocatorT,
         const property_list &props = {})
      : buffer(host_data, r, props) {}
  buffer(const std::shared_ptr<T[]> &host_data, const range<Dimensions> &r, const property_list &props = {})
      : buffer(host_data.get(), r, props) {
    set_final_data(std::shared_ptr<T>(host_data, host_data.get()));
  }
  // A contiguous container (std::vector, std::array): copied in, written back.
  template <typename Container,
            typename = std::enable_if_t<detail::is_container<Container>::value && Dimensions == 1>>
  buffer(Container &c, const property_list &props = {})
      : buffer(c.data(), range<Dimensions>(c.size()), props) {}
  template <typename Container,
            typename = std::enable_if_t<detail::is_container<Container>::value && Dimensions == 1>>
  buffer(Container &c, AllocatorT, const property_list &props = {}) : buffer(c, props) {}
  // Copied in; no write-back.
  template <typename InputIt, typename = typename std::iterator_traits<InputIt>::iterator_category>
  buffer(InputIt first, InputIt last, const property_list &props = {});
  template <typename InputIt, typename = typename std::iterator_traits<InputIt>::iterator_category>
  buffer(InputIt first, InputIt last, AllocatorT, const property_list &props = {})
      : buffer(first, last, props) {}
  // A sub-buffer: the elements of `parent` in `r` from `offset`, which must
  // be contiguous in memory (SYCL 2020 4.7.2.2).
  buffer(buffer &parent, const id<Dimensions> &offset, const range<Dimensions> &r);

  range<Dimensions> get_range() const { return m_range; }
  size_t size() const { return m_range.size(); }
  size_t get_count() const { return m_range.size(); }
  size_t byte_size() const { return m_range.size() * sizeof(T); }
  bool is_sub_buffer() const { return m_offset != 0 || m_sub; }

  // Where the data is written when the buffer is destroyed: a pointer, a
  // std::shared_ptr or std::weak_ptr, an output iterator, or nullptr (none).
  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination final_data = nullptr);
  void set_write_back(bool flag);
  template <typename Prop>
  bool has_property() const;
  template <typename Prop>
  Prop get_property() const;
  // The same storage seen as elements of another type and another range
  // of the same size in bytes (errc::invalid otherwise); the 1-D form
  // without a range covers the whole buffer.
  template <typename ReinterpretT, int ReinterpretDim>
  buffer<ReinterpretT, ReinterpretDim> reinterpret(range<ReinterpretDim> r) const;
  template <typename ReinterpretT, int ReinterpretDim = Dimensions>
  buffer<ReinterpretT, ReinterpretDim> reinterpret() const;

  template <access::mode Mode = access::mode::read_write, access::target Target = access::target::device>
  accessor<T, Dimensions, Mode, Target> get_access(handler &h);
  template <access::mode Mode = access::mode::read_write, access::target Target = access::target::device>
  accessor<T, Dimensions, Mode, Target> get_access(handler &h, range<Dimensions> r, id<Dimensions> offset = {});
  // SYCL 2020's forms with a mode tag (`get_access(cgh, sycl::write_only)`).
  template <access::mode Mode>
  accessor<T, Dimensions, Mode, access::target::device> get_access(handler &h, mode_tag_t<Mode>) {
    return get_access<Mode>(h);
  }
  template <access::mode Mode>
  accessor<T, Dimensions, Mode, access::target::device> get_access(handler &h, range<Dimensions> r, mode_tag_t<Mode>) {
    return get_access<Mode>(h, r);
  }
  template <access::mode Mode>
  accessor<T, Dimensions, Mode, access::target::device> get_access(handler &h, range<Dimensions> r,
                                                                   id<Dimensions> offset, mode_tag_t<Mode>) {
    return get_access<Mode>(h, r, offset);
  }
  host_accessor<T, Dimensions, access::mode::read_write> get_host_access();
  // SYCL 1.2.1's host access: get_access<mode>() without a handler.
  template <access::mode Mode>
  host_accessor<T, Dimensions, Mode> get_access();
  template <access::mode Mode>
  host_accessor<T, Dimensions, Mode> get_host_access(mode_tag_t<Mode> tag);
  // Host access to `r` elements from `offset` (SYCL 2020 4.7.2).
  host_accessor<T, Dimensions, access::mode::read_write> get_host_access(range<Dimensions> r,
                                                                          id<Dimensions> offset = {});
  template <access::mode Mode>
  host_accessor<T, Dimensions, Mode> get_host_access(range<Dimensions> r, mode_tag_t<Mode> tag);
  template <access::mode Mode>
  host_accessor<T, Dimensions, Mode> get_host_access(range<Dimensions> r, id<Dimensions> offset,
                                                     mode_tag_t<Mode> tag);
  // Common reference semantics: copies of one buffer compare equal.
  bool operator==(const buffer &other) const;
  bool operator!=(const buffer &other) const { return !(*this == other); }

#ifndef __SYCL_DEVICE_ONLY__
  const void *identity() const { return m_state.get(); }
  // The address of element 0 of this (sub-)buffer in the runtime storage.
  T *element_zero() const { return static_cast<T *>(m_state->storage) + m_offset; }
  void *storage() const { return m_state->storage; }
  void mirror_to_final_memory() const { m_state->mirror_to_final_memory(); }

 private:
  void create(const T *data, const property_list &props, bool use_host_ptr = false);
  template <typename, int, typename>
  friend class buffer;
  // A view of `state` (reinterpret): `offset` elements in.
  buffer(std::shared_ptr<detail::buffer_state> state, const range<Dimensions> &r, size_t offset, bool sub)
      : m_state(std::move(state)), m_range(r), m_offset(offset), m_sub(sub) {}
  std::shared_ptr<detail::buffer_state> m_state;
#else
 private:
#endif
  // Declared in both passes: the device pass checks the inline members
  // above in host code that calls them.
  range<Dimensions> m_range;
  size_t m_offset = 0;
  bool m_sub = false;
};

template <typename InputIt, typename = typename std::iterator_traits<InputIt>::iterator_category>
buffer(InputIt, InputIt, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIt>::value_type, 1>;
template <typename Container, typename = std::enable_if_t<detail::is_container<Container>::value>>
buffer(Container &, const property_list & = {})
    -> buffer<typename Container::value_type, 1>;
template <typename InputIt, typename A, typename = typename std::iterator_traits<InputIt>::iterator_category>
buffer(InputIt, InputIt, A, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIt>::value_type, 1, A>;
template <typename Container, typename A, typename = std::enable_if_t<detail::is_container<Container>::value>>
buffer(Container &, A, const property_list & = {}) -> buffer<typename Container::value_type, 1, A>;
template <typename T, int Dimensions>
buffer(const T *, const range<Dimensions> &, const property_list & = {}) -> buffer<T, Dimensions>;
template <typename T, int Dimensions, typename A>
buffer(const T *, const range<Dimensions> &, A, const property_list & = {}) -> buffer<T, Dimensions, A>;
template <typename T, int Dimensions>
buffer(const std::shared_ptr<T> &, const range<Dimensions> &, const property_list & = {})
    -> buffer<T, Dimensions>;

}  // namespace sycl
#include <sycl/detail/reduction.hpp>
#include <sycl/detail/math.hpp>
#include <sycl/detail/vec.hpp>
// OpenCL's scalar names at global scope, as DPC++'s headers give them
// (`cl_ulong` for profiling times): the same types as OpenCL's typedefs
// (not cl_bool or cl_half, which OpenCL's C API gives other types).
using sycl::cl_char;
using sycl::cl_double;
using sycl::cl_float;
using sycl::cl_int;
using sycl::cl_long;
using sycl::cl_short;
using sycl::cl_uchar;
using sycl::cl_uint;
using sycl::cl_ulong;
using sycl::cl_ushort;
#include <sycl/detail/group_algorithms.hpp>
#include <sycl/detail/opportunistic_group.hpp>
#include <sycl/detail/group_local_memory.hpp>
#include <sycl/detail/bfloat16.hpp>
#include <sycl/detail/stream.hpp>
#include <sycl/detail/device_global.hpp>
#include <sycl/detail/device_assert.hpp>
#include <sycl/detail/device_printf.hpp>
#include <sycl/detail/image.hpp>
namespace sycl {

// ---------------------------------------------------------------- kernel
// A kernel compiled at run time (kernel_bundle::ext_oneapi_get_kernel, see
// sycl/detail/kernel_compiler.hpp): its program and launch key.
namespace detail {
struct program_state;
struct bundle_contents;
#ifndef __SYCL_DEVICE_ONLY__
// Whether kernel bundle `b` holds the kernel of launch key `key`.
bool bundle_has(const bundle_contents &b, const char *key);
#endif
}  // namespace detail
enum class bundle_state { input, object, executable, ext_oneapi_source };
template <bundle_state State>
class kernel_bundle;
// A kernel of the program (kernel_bundle::get_kernel) or compiled at run
// time (kernel_bundle::ext_oneapi_get_kernel, see sycl/detail/kernel_compiler.hpp).
class __SYCLONE_HOST_ONLY kernel {
 public:
  // What the kernel reports for `dev`: its limits are the device's (no
  // kernel uses registers or private memory that would lower them).
  template <typename Param>
  typename Param::return_type get_info(const device &dev) const;
  // The context of the bundle the kernel came from, and that bundle.
  context get_context() const;
  kernel_bundle<bundle_state::executable> get_kernel_bundle() const;
  // sycl_ext_oneapi_launch_queries: the limits of launching this kernel on
  // `q` (the device's, as for get_info); with a work-group size and bytes
  // of dynamic work-group memory, how many work-groups surely run at once.
  template <typename Param>
  typename Param::return_type ext_oneapi_get_info(const queue &q) const;
  template <typename Param>
  typename Param::return_type ext_oneapi_get_info(const queue &q, const range<1> &work_group, size_t local_bytes = 0) const;
  template <typename Param>
  typename Param::return_type ext_oneapi_get_info(const queue &q, const range<2> &work_group, size_t local_bytes = 0) const;
  template <typename Param>
  typename Param::return_type ext_oneapi_get_info(const queue &q, const range<3> &work_group, size_t local_bytes = 0) const;
#ifdef __SYCL_DEVICE_ONLY__
  bool operator==(const kernel &other) const;
  bool operator!=(const kernel &other) const;
#else
  // Common reference semantics: kernel objects of one kernel compare equal.
  bool operator==(const kernel &other) const { return m_key == other.m_key && m_program == other.m_program; }
  bool operator!=(const kernel &other) const { return !(*this == other); }
  kernel(std::shared_ptr<detail::program_state> program, std::string key, std::string name)
      : m_program(std::move(program)), m_key(std::move(key)), m_name(std::move(name)) {}
  // A kernel of the program, of executable bundle `bundle`.
  kernel(std::shared_ptr<detail::bundle_contents> bundle, std::string key)
      : m_bundle(std::move(bundle)), m_key(key), m_name(std::move(key)) {}
  // A free-function kernel of the program, of executable bundle `bundle`:
  // `host` runs it on the host device; `param_sizes` are the sizes of its
  // parameters.
  kernel(std::shared_ptr<detail::bundle_contents> bundle, std::string key, syclone_host_kernel host,
         std::vector<size_t> param_sizes)
      : m_bundle(std::move(bundle)), m_key(key), m_name(std::move(key)), m_host(host),
        m_param_sizes(std::move(param_sizes)) {}
  const char *launch_key() const { return m_key.c_str(); }
  const std::string &name() const { return m_name; }
  // Launched through handler::parallel_for(range, kernel) with the
  // arguments set_arg(s) gave: compiled at run time, or a free-function
  // kernel of the program.
  bool takes_arguments() const { return m_program != nullptr || m_host != nullptr; }
  syclone_host_kernel host_runner() const { return m_host; }
  // The sizes of the parameters, where the host knows them (empty otherwise).
  const std::vector<size_t> &param_sizes() const { return m_param_sizes; }

 private:
  std::shared_ptr<detail::program_state> m_program;
  std::shared_ptr<detail::bundle_contents> m_bundle;  // the bundle of a kernel of the program
  std::string m_key;
  std::string m_name;
  syclone_host_kernel m_host = nullptr;
  std::vector<size_t> m_param_sizes;
#endif
};
#ifndef __SYCL_DEVICE_ONLY__
template <typename Param>
typename Param::return_type kernel::get_info(const device &dev) const {
  namespace kds = info::kernel_device_specific;
  std::vector<size_t> sizes = dev.get_info<info::device::sub_group_sizes>();
  size_t widest = sizes.empty() ? 1 : *std::max_element(sizes.begin(), sizes.end());
  size_t narrowest = sizes.empty() ? 1 : *std::min_element(sizes.begin(), sizes.end());
  size_t group = dev.get_info<info::device::max_work_group_size>();
  if constexpr (std::is_same_v<Param, kds::work_group_size>) return group;
  else if constexpr (std::is_same_v<Param, kds::preferred_work_group_size_multiple>) return widest;
  // The host device makes sub-groups of any size a kernel requires, else
  // of 16 (launch.rs).
  else if constexpr (std::is_same_v<Param, kds::max_sub_group_size>)
    return static_cast<uint32_t>(dev.get_backend() == backend::ext_syclone_host ? 16 : widest);
  else if constexpr (std::is_same_v<Param, kds::max_num_sub_groups>) return static_cast<uint32_t>(group / narrowest);
  else if constexpr (std::is_same_v<Param, kds::private_mem_size>) return 0;
  else if constexpr (std::is_same_v<Param, kds::compile_sub_group_size> ||
                     std::is_same_v<Param, kds::compile_num_sub_groups>) return 0;
  else if constexpr (std::is_same_v<Param, kds::compile_work_group_size>) return range<3>(0, 0, 0);
  else if constexpr (std::is_same_v<Param, kds::global_work_size>) {
    throw sycl::exception(errc::invalid, "kernel::get_info<global_work_size>: only for built-in kernels and custom devices");
  } else {
    static_assert(sizeof(Param) == 0, "kernel::get_info: not a kernel_device_specific descriptor");
  }
}
#endif

// ---------------------------------------------------------------- interop_handle
// What a host task taking one is given (SYCL 2020 4.10.2): the queue's
// backend. Syclone's devices expose no native objects (wgpu owns the Vulkan
// handles; the host device has none), so there is nothing to get natively.
class __SYCLONE_HOST_ONLY interop_handle {
 public:
  interop_handle() = delete;
#ifdef __SYCL_DEVICE_ONLY__
  backend get_backend() const noexcept;
  device ext_syclone_get_device() const;
  context ext_syclone_get_context() const;
#else
  backend get_backend() const noexcept { return m_device.get_backend(); }
  // The queue's device and context (Syclone's extension: no native ones).
  device ext_syclone_get_device() const { return m_device; }
  context ext_syclone_get_context() const { return m_context; }
  interop_handle(device d, context c) : m_device(std::move(d)), m_context(std::move(c)) {}

 private:
  device m_device;
  context m_context;
#endif
};

// ---------------------------------------------------------------- handler
class __SYCLONE_HOST_ONLY handler {
 public:
  // The arguments of a kernel compiled at run time, by position (its
  // parameters), copied when set.
  template <typename T>
  void set_arg(int index, T &&arg) {
#ifndef __SYCL_DEVICE_ONLY__
    using V = std::decay_t<T>;
    static_assert(std::is_trivially_copyable_v<V>, "kernel arguments must be trivially copyable");
    if (index < 0) throw sycl::exception(errc::invalid, "set_arg: negative argument index");
    if (m_compiled_args.size() <= static_cast<size_t>(index)) m_compiled_args.resize(index + 1);
    const V value = arg;
    const auto *bytes = reinterpret_cast<const unsigned char *>(&value);
    m_compiled_args[index].assign(bytes, bytes + sizeof(V));
#endif
  }
  template <typename... Ts>
  void set_args(Ts &&...args) {
    int index = 0;
    (set_arg(index++, std::forward<Ts>(args)), ...);
  }

  // Specialization constants of the command group's kernel (SYCL 2020 4.9.5).
  template <auto &S>
  void set_specialization_constant(detail::spec_value_t<S> value) {
#ifndef __SYCL_DEVICE_ONLY__
    static_assert(std::is_trivially_copyable_v<detail::spec_value_t<S>>,
                  "specialization constants must be trivially copyable");
    m_spec.set(detail::spec_constant_key<S>(), &value, sizeof(value));
#endif
  }
  template <auto &S>
  detail::spec_value_t<S> get_specialization_constant() {
    detail::spec_value_t<S> value = S.m_default;
#ifndef __SYCL_DEVICE_ONLY__
    m_spec.read(detail::spec_constant_key<S>(), &value, sizeof(value));
#endif
    return value;
  }
  // The command group's kernel comes from `bundle` (kernel_bundle.hpp).
  void use_kernel_bundle(const kernel_bundle<bundle_state::executable> &bundle);
#ifdef __SYCL_DEVICE_ONLY__
  void depends_on(event e);
  void depends_on(const std::vector<event> &events);
  template <typename F>
  void host_task(F f) {}
  void memcpy(void *dest, const void *src, size_t bytes);
  template <typename T, typename P>
  void memcpy(ext::oneapi::experimental::device_global<T, P> &dest, const void *src,
              size_t bytes = sizeof(T), size_t offset = 0);
  template <typename T, typename P>
  void memcpy(void *dest, const ext::oneapi::experimental::device_global<T, P> &src,
              size_t bytes = sizeof(T), size_t offset = 0);
  template <typename T, typename P>
  void copy(const std::remove_all_extents_t<T> *src, ext::oneapi::experimental::device_global<T, P> &dest,
            size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), size_t start = 0);
  template <typename T, typename P>
  void copy(const ext::oneapi::experimental::device_global<T, P> &src, std::remove_all_extents_t<T> *dest,
            size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), size_t start = 0);
  void memset(void *ptr, int value, size_t bytes);
  void prefetch(const void *ptr, size_t bytes);
  void mem_advise(const void *ptr, size_t bytes, int advice);
  template <typename T>
  void fill(void *ptr, const T &pattern, size_t count);
  template <typename T>
  void copy(const T *src, T *dest, size_t count);
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U>
  void copy(accessor<T, D, M, Tg, P> src, U *dest);
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U>
  void copy(accessor<T, D, M, Tg, P> src, std::shared_ptr<U> dest);
  template <typename U, typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  void copy(const U *src, accessor<T, D, M, Tg, P> dest);
  template <typename U, typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  void copy(std::shared_ptr<U> src, accessor<T, D, M, Tg, P> dest);
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U,
            int E, access::mode N, access::target Th, access::placeholder Q>
  void copy(accessor<T, D, M, Tg, P> src, accessor<U, E, N, Th, Q> dest);
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  void fill(accessor<T, D, M, Tg, P> dest, const T &value);
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  void update_host(accessor<T, D, M, Tg, P> acc);
  void ext_oneapi_barrier();
  template <ext::oneapi::experimental::graph_state State>
  void ext_oneapi_graph(ext::oneapi::experimental::command_graph<State> &graph);
  template <typename DataT, int Dimensions, access::mode AccessMode, access::target AccessTarget,
            access::placeholder IsPlaceholder>
  void require(accessor<DataT, Dimensions, AccessMode, AccessTarget, IsPlaceholder> acc);
#else
  explicit handler(std::shared_ptr<detail::queue_state> q) : m_queue(std::move(q)) {}
  handler(const handler &) = delete;

  void depends_on(event e) { m_deps.push_back(e); }
  void depends_on(const std::vector<event> &events) {
    m_deps.insert(m_deps.end(), events.begin(), events.end());
  }
  // Called by local accessors: the offset of `bytes` of local memory in
  // the command group's per-work-group arena.
  size_t allocate_local(size_t bytes, size_t align) {
    if (align < 16) align = 16;
    size_t offset = (m_local_end + align - 1) / align * align;
    m_local_offsets.push_back(offset);
    m_local_sizes.push_back(bytes);
    // At least one byte: every accessor has an offset of its own.
    m_local_end = offset + (bytes ? bytes : 1);
    return offset;
  }
  // The buffer `acc` accesses is used by this command group: a placeholder
  // accessor is bound to it (SYCL 2020 4.9.4).
  template <typename DataT, int Dimensions, access::mode AccessMode, access::target AccessTarget,
            access::placeholder IsPlaceholder>
  void require(accessor<DataT, Dimensions, AccessMode, AccessTarget, IsPlaceholder> acc) {
    require(const_cast<std::remove_const_t<DataT> *>(acc.get_pointer()), AccessMode);
  }
  // The buffer holding `address`, accessed with `mode`.
  void require(void *address, access::mode mode) {
    int m = mode == access::mode::read ? SYCLONE_ACCESS_READ
            : (mode == access::mode::write || mode == access::mode::discard_write) ? SYCLONE_ACCESS_WRITE
                                                                                    : SYCLONE_ACCESS_READ_WRITE;
    m_accessed.push_back(address);
    m_modes.push_back(m);
  }

  // A host task: runs on a runtime worker thread once its dependencies
  // completed, with a copy of `f`; submit returns at once.
  template <typename F>
  void host_task(F f) {
    set_command(
        [this, f]() {
          auto *ctx = new host_task_context<F>{f, m_queue};
          std::vector<syclone_event> deps = detail::handles(m_deps);
          syclone_event e = nullptr;
          detail::check(syclone_host_task(m_queue->handle, &run_host_task<F>, &release_host_task<F>, ctx,
                                          deps.data(), deps.size(), m_accessed.data(), m_modes.data(),
                                          m_accessed.size(), &e));
          return e;
        },
        ext::oneapi::experimental::node_type::host_task);
  }

  void memcpy(void *dest, const void *src, size_t bytes) {
    set_command(
        [=]() {
          std::vector<syclone_event> deps = detail::handles(m_deps);
          syclone_event e = nullptr;
          detail::check(syclone_memcpy(m_queue->handle, dest, src, bytes, deps.data(), deps.size(), &e));
          return e;
        },
        ext::oneapi::experimental::node_type::memcpy);
  }
  template <typename T>
  void copy(const T *src, T *dest, size_t count) { memcpy(dest, src, count * sizeof(T)); }
  // device_global copies: `bytes` from `offset` of the variable's storage
  // on the queue's device.
  template <typename T, typename P>
  void memcpy(ext::oneapi::experimental::device_global<T, P> &dest, const void *src,
              size_t bytes = sizeof(T), size_t offset = 0) {
    memcpy(device_global_range(dest, bytes, offset), src, bytes);
  }
  template <typename T, typename P>
  void memcpy(void *dest, const ext::oneapi::experimental::device_global<T, P> &src,
              size_t bytes = sizeof(T), size_t offset = 0) {
    memcpy(dest, device_global_range(src, bytes, offset), bytes);
  }
  template <typename T, typename P>
  void copy(const std::remove_all_extents_t<T> *src, ext::oneapi::experimental::device_global<T, P> &dest,
            size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), size_t start = 0) {
    using E = std::remove_all_extents_t<T>;
    memcpy(dest, src, count * sizeof(E), start * sizeof(E));
  }
  template <typename T, typename P>
  void copy(const ext::oneapi::experimental::device_global<T, P> &src, std::remove_all_extents_t<T> *dest,
            size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), size_t start = 0) {
    using E = std::remove_all_extents_t<T>;
    memcpy(dest, src, count * sizeof(E), start * sizeof(E));
  }

  // Explicit copies between the region an accessor reaches and host memory,
  // or between two accessors' regions, element by element in row-major
  // order (SYCL 2020 4.9.4.3). Each is a host task over the command group's
  // accessed buffers, so the buffer graph orders it like a kernel; a
  // pointer into USM (device allocations too) is read or written through
  // its host copy, which the runtime makes current first (and uploads
  // after a write).
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U>
  void copy(accessor<T, D, M, Tg, P> src, U *dest) {
    host_task([=]() {
      detail::check(syclone_host_access_begin(dest, src.size() * sizeof(U), 1));
      size_t k = 0;
      detail::for_each_id(src.get_range(), [&](id<D> i) { dest[k++] = src[i]; });
      detail::check(syclone_host_access_wrote(dest));
    });
    m_node_type = ext::oneapi::experimental::node_type::memcpy;
  }
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U>
  void copy(accessor<T, D, M, Tg, P> src, std::shared_ptr<U> dest) {
    host_task([=]() {
      size_t k = 0;
      detail::for_each_id(src.get_range(), [&](id<D> i) { dest.get()[k++] = src[i]; });
    });
    m_node_type = ext::oneapi::experimental::node_type::memcpy;
  }
  template <typename U, typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  void copy(const U *src, accessor<T, D, M, Tg, P> dest) {
    host_task([=]() {
      detail::check(syclone_host_access_begin(src, dest.size() * sizeof(U), 0));
      size_t k = 0;
      detail::for_each_id(dest.get_range(), [&](id<D> i) { dest[i] = src[k++]; });
    });
    m_node_type = ext::oneapi::experimental::node_type::memcpy;
  }
  template <typename U, typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  void copy(std::shared_ptr<U> src, accessor<T, D, M, Tg, P> dest) {
    host_task([=]() {
      size_t k = 0;
      detail::for_each_id(dest.get_range(), [&](id<D> i) { dest[i] = src.get()[k++]; });
    });
    m_node_type = ext::oneapi::experimental::node_type::memcpy;
  }
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U,
            int E, access::mode N, access::target Th, access::placeholder Q>
  void copy(accessor<T, D, M, Tg, P> src, accessor<U, E, N, Th, Q> dest) {
    if (src.size() > dest.size())
      throw sycl::exception(errc::invalid, "handler::copy: the source accessor reaches more elements than the destination");
    host_task([=]() {
      std::vector<T> staged;
      staged.reserve(src.size());
      detail::for_each_id(src.get_range(), [&](id<D> i) { staged.push_back(src[i]); });
      size_t k = 0;
      detail::for_each_id(dest.get_range(), [&](id<E> i) {
        if (k < staged.size()) dest[i] = staged[k++];
      });
    });
    m_node_type = ext::oneapi::experimental::node_type::memcpy;
  }
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  void fill(accessor<T, D, M, Tg, P> dest, const T &value) {
    host_task([=]() { detail::for_each_id(dest.get_range(), [&](id<D> i) { dest[i] = value; }); });
    m_node_type = ext::oneapi::experimental::node_type::memfill;
  }
  // The buffer's host memory (what it was made from, as a host accessor
  // leaves it) is made current: a host task that reads the buffer, then
  // copies it there (SYCL 2020 4.9.4.3).
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  void update_host(accessor<T, D, M, Tg, P> acc) {
    std::weak_ptr<detail::buffer_state> alive = detail::buffer_state::holding(acc.get_pointer());
    // Not owned by the task: a buffer destroyed meanwhile waits for the
    // task in its destructor (and then writes back itself).
    detail::buffer_state *state = alive.lock().get();
    host_task([alive, state]() {
      if (state && !alive.expired()) state->mirror_to_final_memory();
    });
  }
  template <typename T>
  void fill(void *ptr, const T &pattern, size_t count) {
    set_command(
        [=]() {
          std::vector<syclone_event> deps = detail::handles(m_deps);
          syclone_event e = nullptr;
          detail::check(
              syclone_fill(m_queue->handle, ptr, &pattern, sizeof(T), count, deps.data(), deps.size(), &e));
          return e;
        },
        ext::oneapi::experimental::node_type::memfill);
  }
  void memset(void *ptr, int value, size_t bytes) {
    fill(ptr, static_cast<unsigned char>(value), bytes);
    m_node_type = ext::oneapi::experimental::node_type::memset;
  }
  // USM hints (SYCL 2020 4.9.4.3): a prefetch moves the data to the
  // queue's device ahead of its kernels; advice changes no result and the
  // runtime has no use for it yet (it orders like a barrier).
  void prefetch(const void *ptr, size_t bytes) {
    set_command(
        [=]() {
          std::vector<syclone_event> deps = detail::handles(m_deps);
          syclone_event e = nullptr;
          detail::check(syclone_prefetch(m_queue->handle, ptr, bytes, deps.data(), deps.size(), &e));
          return e;
        },
        ext::oneapi::experimental::node_type::prefetch);
  }
  void mem_advise(const void *, size_t, int) {
    ext_oneapi_barrier();
    m_node_type = ext::oneapi::experimental::node_type::memadvise;
  }
  void ext_oneapi_barrier() {
    set_command(
        [this]() {
          std::vector<syclone_event> deps = detail::handles(m_deps);
          syclone_event e = nullptr;
          detail::check(syclone_barrier(m_queue->handle, deps.data(), deps.size(), &e));
          return e;
        },
        ext::oneapi::experimental::node_type::ext_oneapi_barrier);
  }

  // Runs executable command graph `graph` (sycl_ext_oneapi_graph) as this
  // command group's command, after the group's dependencies.
  template <ext::oneapi::experimental::graph_state State>
  void ext_oneapi_graph(ext::oneapi::experimental::command_graph<State> &graph) {
    static_assert(State == ext::oneapi::experimental::graph_state::executable,
                  "ext_oneapi_graph runs a finalized (executable) command graph");
    set_command([this, &graph]() { return graph.run(m_queue, m_deps); },
                ext::oneapi::experimental::node_type::subgraph);
  }

  // For a command graph recording this command group: the events it
  // depends on, and whether it prints through a sycl::stream.
  const std::vector<event> &dependencies() const { return m_deps; }
  bool prints_streams() const { return !m_streams.empty(); }
  // What the group's command does (empty: it has none).
  ext::oneapi::experimental::node_type node_kind() const {
    return m_command ? m_node_type : ext::oneapi::experimental::node_type::empty;
  }
  // Frees the output memory of the group's streams (a group refused).
  void discard_streams() {
    for (const stream_output &out : m_streams) syclone_free(m_queue->handle, out.words);
    m_streams.clear();
  }
  // Runs the command again (a node of an executing command graph) on
  // queue `q` after `deps`: its event, none for a group without a command.
  syclone_event replay(std::shared_ptr<detail::queue_state> q, std::vector<event> deps) {
    m_queue = std::move(q);
    m_deps = std::move(deps);
    m_event = nullptr;
    return m_command ? m_command() : nullptr;
  }

  // Whether the group's kernel must wait in the runtime's scheduler (a
  // dependency, the buffers it uses or the previous command of an in-order
  // queue are not done yet): then it must not borrow the submitter's stack.
  bool must_wait() const {
    if (!m_command || m_node_type != ext::oneapi::experimental::node_type::kernel) return false;
    std::vector<syclone_event> deps = detail::handles(m_deps);
    return syclone_must_wait(m_queue->handle, deps.data(), deps.size(), m_accessed.data(), m_accessed.size()) == 1;
  }
  // The buffers the runtime orders a deferred group by (with dependencies()).
  const std::vector<void *> &accessed() const { return m_accessed; }
  detail::queue_state &queue_state() const { return *m_queue; }

  // Runs the command the group recorded; its event. The output of its
  // streams is printed once it completed.
  event finish() {
    syclone_event e = nullptr;
    // The command may add events of its own (a reduction's initial fill).
    std::vector<event> waits = m_deps;
    try {
      e = m_command ? m_command() : nullptr;
    } catch (...) {
      for (const stream_output &out : m_streams) syclone_free(m_queue->handle, out.words);
      throw;
    }
    e = print_streams(e);
    return event(e, m_queue, waits);
  }

  // `words` scratch words of the queue's for one reduction of this
  // group's kernel (see queue_state::reduction_scratch), after those of
  // its other reductions.
  uint32_t *reduction_scratch(size_t words) {
    std::lock_guard<std::mutex> guard(m_queue->lock);
    std::vector<uint32_t *> &blocks = m_queue->reduction_scratch;
    if (blocks.empty() || m_scratch_used + words > m_queue->reduction_scratch_words) {
      size_t size = std::max<size_t>({words, 2 * m_queue->reduction_scratch_words, 1024});
      void *block = syclone_malloc(m_queue->handle, size * 4, 4, SYCLONE_USM_SHARED);
      if (!block) detail::throw_last_error();
      blocks.push_back(static_cast<uint32_t *>(block));
      m_queue->reduction_scratch_words = size;
      m_scratch_used = 0;
    }
    uint32_t *region = blocks.back() + m_scratch_used;
    m_scratch_used += words;
    m_scratch_counts.push_back(region);
    return region;
  }
  // Before a kernel with reductions combined by the last work-group: waits
  // for the last kernel that used the scratch words, and sets their counts
  // of work-groups done to 0 (a count's word may have held another
  // kernel's values).
  void prepare_reduction_scratch(const std::vector<uint32_t *> &counts) {
    if (counts.empty()) return;
    {
      std::lock_guard<std::mutex> guard(m_queue->lock);
      if (m_queue->reduction_scratch_user) {
        syclone_event_retain(m_queue->reduction_scratch_user);
        m_deps.push_back(event(m_queue->reduction_scratch_user, m_queue));
      }
    }
    const uint32_t zero = 0;
    for (uint32_t *count : counts) {
      std::vector<syclone_event> deps = detail::handles(m_deps);
      syclone_event e = nullptr;
      detail::check(syclone_fill(m_queue->handle, count, &zero, sizeof(zero), 1, deps.data(), deps.size(), &e));
      m_deps.push_back(event(e, m_queue));
    }
  }
  // After it: the kernel whose event `e` is, the last to use them.
  void used_reduction_scratch(const std::vector<uint32_t *> &counts, syclone_event e) {
    if (counts.empty() || !e) return;
    std::lock_guard<std::mutex> guard(m_queue->lock);
    syclone_event_retain(e);
    if (m_queue->reduction_scratch_user) syclone_event_release(m_queue->reduction_scratch_user);
    m_queue->reduction_scratch_user = e;
  }
  // Zeroed shared memory of `bytes` for a sycl::stream of this group.
  void *stream_memory(size_t bytes) {
    void *words = syclone_malloc(m_queue->handle, bytes, 16, SYCLONE_USM_SHARED);
    if (!words) detail::throw_last_error();
    std::memset(words, 0, bytes);
    static_cast<unsigned *>(words)[0] = detail::stream_header_words;
    m_streams.push_back({static_cast<unsigned *>(words), bytes / 4});
    return words;
  }
#endif

 private:
#ifndef __SYCL_DEVICE_ONLY__
  // Prints each stream's output once `done` completed, then frees it (host
  // tasks, in order); the event of the last printing, which replaces `done`.
  syclone_event print_streams(syclone_event done) {
    for (const stream_output &out : m_streams) {
      void *accessed = out.words;
      int mode = SYCLONE_ACCESS_READ;
      syclone_event printed = nullptr;
      int status = syclone_host_task(m_queue->handle, &stream_printing::print, &stream_printing::release,
                                     new stream_printing{out, m_queue}, &done, done ? 1 : 0, &accessed, &mode, 1,
                                     &printed);
      if (status != 0) {
        m_streams.clear();
        if (done) syclone_event_release(done);
        detail::throw_last_error();
      }
      if (done) syclone_event_release(done);
      done = printed;
    }
    m_streams.clear();
    return done;
  }

 public:
#endif

  // parallel_for over a range: the kernel receives an item<Dimensions>,
  // which converts to the id<Dimensions> (or, in one dimension, the size_t)
  // that kernels may take instead.
  template <typename KernelName = detail::auto_name, typename KernelType>
  void parallel_for(range<1> r, KernelType kernelFunc) {
    parallel_for_range<KernelName>(r, kernelFunc);
  }
  template <typename KernelName = detail::auto_name, typename KernelType>
  void parallel_for(range<2> r, KernelType kernelFunc) {
    parallel_for_range<KernelName>(r, kernelFunc);
  }
  template <typename KernelName = detail::auto_name, typename KernelType>
  void parallel_for(range<3> r, KernelType kernelFunc) {
    parallel_for_range<KernelName>(r, kernelFunc);
  }
  // SYCL 1.2.1's parallel_for over a range from an offset (deprecated in
  // SYCL 2020): the items' ids start at the offset.
  template <typename KernelName = detail::auto_name, typename KernelType, int Dimensions>
  void parallel_for(range<Dimensions> r, id<Dimensions> offset, KernelType kernelFunc) {
    parallel_for_range<KernelName>(r, kernelFunc, offset);
  }

  // parallel_for over an nd_range: work-groups of the local range, whose
  // items meet at barriers; the kernel receives an nd_item<Dimensions>.
  template <typename KernelName = detail::auto_name, typename KernelType, int Dimensions>
  void parallel_for(nd_range<Dimensions> r, KernelType kernelFunc) {
    detail::launch_bounds<Dimensions> bounds = detail::bounds_of(r);
    if constexpr (std::is_same_v<KernelType, kernel>) {
#ifndef __SYCL_DEVICE_ONLY__
      launch_compiled(kernelFunc, bounds);
#endif
    } else {
#ifdef __SYCL_DEVICE_ONLY__
      kernel_nd<detail::kernel_name_t<KernelName, KernelType>, KernelType, Dimensions>(bounds, kernelFunc);
#else
      set_command([this, bounds, kernelFunc]() {
        kernel_nd<detail::kernel_name_t<KernelName, KernelType>, KernelType, Dimensions>(bounds, kernelFunc);
        return take_event();
      });
#endif
    }
  }

  // parallel_for with reductions (any number: `parallel_for(r, red1, red2,
  // ..., kernel)`): the kernel takes the item (or nd_item) and a reducer per
  // reduction. Runs as an nd_range kernel (a range is rounded up to whole
  // work-groups) that combines each group's contributions in local memory
  // and then into the result atomically.
  template <typename KernelName = detail::auto_name, int Dimensions, typename R1, typename R2, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<R1>>>
  void parallel_for(range<Dimensions> r, R1 r1, R2 r2, Rest... rest) {
    launch_reductions_of<KernelName, false>(reduction_range(r), r, std::tuple<R1, R2, Rest...>(r1, r2, rest...),
                                          std::make_index_sequence<1 + sizeof...(Rest)>{});
  }
  template <typename KernelName = detail::auto_name, int Dimensions, typename R1, typename R2, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<R1>>>
  void parallel_for(nd_range<Dimensions> r, R1 r1, R2 r2, Rest... rest) {
    launch_reductions_of<KernelName, true>(r, r.get_global_range(), std::tuple<R1, R2, Rest...>(r1, r2, rest...),
                                          std::make_index_sequence<1 + sizeof...(Rest)>{});
  }

  // Hierarchical parallelism: the kernel runs once per work-group with a
  // group<Dimensions> and calls group::parallel_for_work_item. Without a
  // work-group size the implementation picks 64 work-items (8x8, 4x4x4).
  template <typename KernelName = detail::auto_name, typename WorkgroupFunctionType, int Dimensions>
  void parallel_for_work_group(range<Dimensions> numWorkGroups, WorkgroupFunctionType kernelFunc) {
    range<Dimensions> size;
    for (int d = 0; d < Dimensions; ++d) size[d] = default_group_side(Dimensions);
    parallel_for_work_group<KernelName>(numWorkGroups, size, kernelFunc);
  }
  template <typename KernelName = detail::auto_name, typename WorkgroupFunctionType, int Dimensions>
  void parallel_for_work_group(range<Dimensions> numWorkGroups, range<Dimensions> workGroupSize,
                               WorkgroupFunctionType kernelFunc) {
    detail::launch_bounds<Dimensions> bounds;
    for (int d = 0; d < 3; ++d) {
      bounds.extent[d] = d < Dimensions ? numWorkGroups[d] * workGroupSize[d] : 1;
      bounds.local[d] = d < Dimensions ? workGroupSize[d] : 1;
      bounds.offset[d] = 0;
      if (d < Dimensions && workGroupSize[d] == 0)
        throw sycl::exception(errc::nd_range, "parallel_for_work_group: a work-group size of zero");
    }
#ifdef __SYCL_DEVICE_ONLY__
    kernel_hier<detail::kernel_name_t<KernelName, WorkgroupFunctionType>, WorkgroupFunctionType, Dimensions>(
        bounds, kernelFunc);
#else
    set_command([this, bounds, kernelFunc]() {
      kernel_hier<detail::kernel_name_t<KernelName, WorkgroupFunctionType>, WorkgroupFunctionType, Dimensions>(
          bounds, kernelFunc);
      return take_event();
    });
#endif
  }

  template <typename KernelName = detail::auto_name, typename KernelType>
  void single_task(KernelType kernelFunc) {
    detail::launch_bounds<1> bounds = detail::bounds_of(range<1>(1), id<1>());
    if constexpr (std::is_same_v<KernelType, kernel>) {
#ifndef __SYCL_DEVICE_ONLY__
      launch_compiled(kernelFunc, bounds);
#endif
    } else {
#ifdef __SYCL_DEVICE_ONLY__
      kernel_single<detail::kernel_name_t<KernelName, KernelType>, KernelType>(bounds, kernelFunc);
#else
      set_command([this, bounds, kernelFunc]() {
        kernel_single<detail::kernel_name_t<KernelName, KernelType>, KernelType>(bounds, kernelFunc);
        return take_event();
      });
#endif
    }
  }

 private:
  template <typename KernelName, int Dimensions, typename KernelType>
  void parallel_for_range(range<Dimensions> r, KernelType kernelFunc, id<Dimensions> offset = {}) {
    detail::launch_bounds<Dimensions> bounds = detail::bounds_of(r, offset);
#ifdef __SYCL_DEVICE_ONLY__
    kernel_range<detail::kernel_name_t<KernelName, KernelType>, KernelType, Dimensions>(bounds, kernelFunc);
#else
    set_command([this, bounds, kernelFunc]() {
      kernel_range<detail::kernel_name_t<KernelName, KernelType>, KernelType, Dimensions>(bounds, kernelFunc);
      return take_event();
    });
#endif
  }

  // The side of the work-groups of 64 items the runtime picks when the
  // program names none: 64, 8x8, 4x4x4.
  static constexpr size_t default_group_side(int dimensions) {
    return dimensions == 1 ? 64 : dimensions == 2 ? 8 : 4;
  }
#ifndef __SYCL_DEVICE_ONLY__
  // Whether the command group runs on the host CPU device.
  bool on_host_device() const {
    syclone_device_info info;
    return syclone_device_get_info(syclone_queue_device(m_queue->handle), &info) == 0 &&
           info.backend == SYCLONE_BACKEND_HOST;
  }
#endif
  // The nd_range a reduction over `r` runs as: work-groups of 64 items (8x8,
  // 4x4x4) on devices, of one item on the host device (whose work-groups of
  // several items run a thread per item).
  template <int Dimensions>
  nd_range<Dimensions> reduction_range(range<Dimensions> r) {
    range<Dimensions> local, global;
    size_t side = default_group_side(Dimensions);
#ifndef __SYCL_DEVICE_ONLY__
    if (on_host_device()) side = 1;
#endif
    for (int d = 0; d < Dimensions; ++d) {
      local[d] = side;
      global[d] = (r[d] + side - 1) / side * side;
    }
    return nd_range<Dimensions>(global, local);
  }
  // Local memory for combining reduction `R` over a work-group of `nd`.
  template <typename R, int Dimensions>
  local_accessor<typename R::value_type, 1> scratch(const nd_range<Dimensions> &nd) {
    return local_accessor<typename R::value_type, 1>(range<1>(nd.get_local_range().size()), *this);
  }
  // The reductions and kernel of `args` (the kernel last) run as nd_range
  // kernel `r`.
  template <typename KernelName, bool Nd, int Dimensions, typename Args, size_t... I>
  void launch_reductions_of(nd_range<Dimensions> r, range<Dimensions> user_range, const Args &args,
                            std::index_sequence<I...>) {
    static_assert((detail::is_reduction_v<std::tuple_element_t<I, Args>> && ...),
                  "parallel_for: the arguments between the range and the kernel must be reductions");
    launch_reductions<KernelName, Nd>(r, user_range, std::get<sizeof...(I)>(args), std::get<I>(args)...);
  }
  // Runs `kernelFunc` with the reductions `reds` as nd_range kernel `r`.
  template <typename KernelName, bool Nd, int Dimensions, typename KernelType, typename... Reductions>
  void launch_reductions(nd_range<Dimensions> r, range<Dimensions> user_range, KernelType kernelFunc,
                         const Reductions &...reds) {
    launch_reduction<KernelName>(
        r,
        detail::reduce_kernel<Nd, Dimensions, KernelType, Reductions...>{kernelFunc, user_range,
                                                                          reduction_set_of(r, reds...)},
        reds...);
  }
  // The reductions `reds` with their scratch for work-groups of `nd`.
  template <int Dimensions>
  detail::reduction_set<> reduction_set_of(const nd_range<Dimensions> &) {
    return {};
  }
  template <int Dimensions, typename R, typename... Rest>
  detail::reduction_set<R, Rest...> reduction_set_of(const nd_range<Dimensions> &nd, const R &r,
                                                     const Rest &...rest) {
    if constexpr (detail::is_span_reduction_v<R>)
      return {r, reduction_set_of(nd, rest...)};
    else
      return {with_scratch(r, nd), scratch<R>(nd), reduction_set_of(nd, rest...)};
  }
  // Reduction `r`, with scratch words for each work-group of `nd` if the
  // last work-group combines it.
  template <typename R, int Dimensions>
  R with_scratch(R r, const nd_range<Dimensions> &nd) {
#ifndef __SYCL_DEVICE_ONLY__
    if constexpr (detail::is_group_scratch_target_v<decltype(r.target)>) {
      constexpr size_t words_per_value = (sizeof(typename R::value_type) + 3) / 4;
      r.target.scratch = reduction_scratch(1 + nd.get_group_range().size() * words_per_value);
    }
#else
    (void)nd;
#endif
    return r;
  }
  // Runs reduction kernel `k` of the reductions `reds` over `r`.
  template <typename KernelName, int Dimensions, typename K, typename... Reductions>
  void launch_reduction(nd_range<Dimensions> r, K k, const Reductions &...reds) {
    detail::launch_bounds<Dimensions> bounds = detail::bounds_of(r);
#ifdef __SYCL_DEVICE_ONLY__
    kernel_nd<detail::kernel_name_t<KernelName, K>, K, Dimensions>(bounds, k);
#else
    set_command([this, bounds, k, reds..., counts = m_scratch_counts]() {
      (initialize_to_identity(reds), ...);
      prepare_reduction_scratch(counts);
      kernel_nd<detail::kernel_name_t<KernelName, K>, K, Dimensions>(bounds, k);
      syclone_event e = take_event();
      used_reduction_scratch(counts, e);
      return e;
    });
#endif
  }

  template <typename KernelName, typename KernelType, int Dimensions>
  __SYCLONE_KERNEL_ENTRY(KernelName)
  void kernel_range(detail::launch_bounds<Dimensions> bounds, KernelType kernelFunc) {
#ifdef __SYCL_DEVICE_ONLY__
    size_t i = detail::global_linear_id_1d();
    range<Dimensions> r = detail::extent_of(bounds);
    if (i < r.size()) {
      id<Dimensions> offset = detail::offset_of(bounds);
      item<Dimensions> it(r, detail::delinearize(i, r) + offset, offset);
      detail::call_kernel(kernelFunc, it, nullptr);
    }
#else
    static_assert(detail::kernel_layout_matches<KernelName, KernelType>(),
                  "the host and device compilers disagree on the size of this kernel's object");
    launch(typeid(KernelName *).name(), Dimensions, bounds, &kernelFunc, sizeof(kernelFunc),
           &detail::host_kernels<KernelType>::template run_range<Dimensions>);
#endif
  }

  template <typename KernelName, typename KernelType, int Dimensions>
  __SYCLONE_KERNEL_ENTRY(KernelName)
  void kernel_nd(detail::launch_bounds<Dimensions> bounds, KernelType kernelFunc) {
#ifdef __SYCL_DEVICE_ONLY__
    if (!detail::work_group_in_launch<Dimensions>()) return;
    nd_item<Dimensions> it(detail::extent_of(bounds), detail::local_of(bounds),
                           detail::work_group_id<Dimensions>(),
                           detail::local_invocation_id<Dimensions>(), detail::offset_of(bounds));
    detail::call_kernel(kernelFunc, it, nullptr);
#else
    static_assert(detail::kernel_layout_matches<KernelName, KernelType>(),
                  "the host and device compilers disagree on the size of this kernel's object");
    launch(typeid(KernelName *).name(), Dimensions, bounds, &kernelFunc, sizeof(kernelFunc),
           &detail::host_kernels<KernelType>::template run_nd<Dimensions>);
#endif
  }

  template <typename KernelName, typename KernelType, int Dimensions>
  __SYCLONE_KERNEL_ENTRY(KernelName)
  void kernel_hier(detail::launch_bounds<Dimensions> bounds, KernelType kernelFunc) {
#ifdef __SYCL_DEVICE_ONLY__
    if (!detail::work_group_in_launch<Dimensions>()) return;
    range<Dimensions> local = detail::local_of(bounds);
    group<Dimensions> g(detail::work_group_id<Dimensions>(), detail::extent_of(bounds) / local, local,
                        detail::local_invocation_id<Dimensions>());
    detail::call_work_group_function(kernelFunc, g);
#else
    static_assert(detail::kernel_layout_matches<KernelName, KernelType>(),
                  "the host and device compilers disagree on the size of this kernel's object");
    auto host_kernel = &detail::host_kernels<KernelType>::template run_hier<Dimensions>;
    if (!on_host_device()) {
      launch(typeid(KernelName *).name(), Dimensions, bounds, &kernelFunc, sizeof(kernelFunc), host_kernel);
      return;
    }
    // The host device runs each work-group on one thread: the launch counts
    // groups of one, the kernel finds the real bounds in its arguments.
    detail::launch_bounds<Dimensions> groups;
    for (int d = 0; d < 3; ++d) {
      groups.extent[d] = bounds.extent[d] / bounds.local[d];
      groups.local[d] = 1;
      groups.offset[d] = 0;
    }
    launch_over(typeid(KernelName *).name(), Dimensions, bounds, groups, &kernelFunc, sizeof(kernelFunc),
                host_kernel);
#endif
  }

  template <typename KernelName, typename KernelType>
  __SYCLONE_KERNEL_ENTRY(KernelName)
  void kernel_single(detail::launch_bounds<1> bounds, KernelType kernelFunc) {
#ifdef __SYCL_DEVICE_ONLY__
    if (detail::global_linear_id_1d() == 0) detail::call_kernel(kernelFunc, nullptr);
#else
    static_assert(detail::kernel_layout_matches<KernelName, KernelType>(),
                  "the host and device compilers disagree on the size of this kernel's object");
    launch(typeid(KernelName *).name(), 1, bounds, &kernelFunc, sizeof(kernelFunc),
           &detail::host_kernels<KernelType>::run_single);
#endif
  }

#ifndef __SYCL_DEVICE_ONLY__
  template <typename F>
  struct host_task_context {
    F task;
    std::shared_ptr<detail::queue_state> queue;
  };
  // Exceptions of a host task are asynchronous errors of its queue.
  template <typename F>
  static void run_host_task(void *p) {
    auto *ctx = static_cast<host_task_context<F> *>(p);
    try {
      if constexpr (std::is_invocable_v<const F &, interop_handle>) {
        detail::queue_state &q = *ctx->queue;
        ctx->task(interop_handle(device::from_native(syclone_queue_device(q.handle)), *q.ctx));
      } else {
        ctx->task();
      }
    } catch (...) {
      ctx->queue->report(std::current_exception());
    }
  }
  template <typename F>
  static void release_host_task(void *p) {
    delete static_cast<host_task_context<F> *>(p);
  }

  template <typename Command>
  void set_command(Command c, ext::oneapi::experimental::node_type kind = ext::oneapi::experimental::node_type::kernel) {
    if (m_command)
      throw sycl::exception(errc::invalid, "a command group can hold only one command (SYCL 2020 4.9.4)");
    m_command = c;
    m_node_type = kind;
  }
  // A reduction with property::reduction::initialize_to_identity: its result
  // is set to the identity before the kernel, which then depends on it.
  template <typename R>
  void initialize_to_identity(const R &red) {
    if (!red.initialize_to_identity) return;
    std::vector<syclone_event> deps = detail::handles(m_deps);
    syclone_event e = nullptr;
    typename R::value_type identity = red.identity;
    detail::check(syclone_fill(m_queue->handle, red.result(), &identity, sizeof(identity), red.count(),
                               deps.data(), deps.size(), &e));
    m_deps.push_back(event(e, m_queue));
  }
  syclone_event take_event() {
    syclone_event e = m_event;
    m_event = nullptr;
    return e;
  }

  template <int Dimensions>
  void launch(const char *key, unsigned dims, const detail::launch_bounds<Dimensions> &bounds,
              const void *closure, size_t closure_size, syclone_host_kernel host_kernel) {
    launch_over(key, dims, bounds, bounds, closure, closure_size, host_kernel);
  }
  // A launch over `range` of a kernel whose arguments are `bounds` and the
  // kernel object `closure` (and the elements of its decomposed parts).
  template <int Dimensions>
  void launch_over(const char *key, unsigned dims, const detail::launch_bounds<Dimensions> &bounds,
                   const detail::launch_bounds<Dimensions> &range, const void *closure, size_t closure_size,
                   syclone_host_kernel host_kernel) {
    // The host kernel finds the specialization constants in args[3]; a
    // kernel object with decomposed parts passes their elements third.
    const void *args[4] = {&bounds, closure, nullptr, &m_spec};
    size_t sizes[3] = {sizeof(bounds), closure_size, 0};
    const detail::decomposition *d = detail::find_decomposition(key);
    if (!d) {
      launch_args(key, dims, range, 2, args, sizes, host_kernel);
      return;
    }
    detail::decomposed_launch decomposed(*d, closure, closure_size, on_host_device());
    args[1] = decomposed.kernel_object(closure);
    args[2] = decomposed.elements();
    sizes[2] = decomposed.size();
    launch_args(key, dims, range, 3, args, sizes, host_kernel);
  }
  // A launch with the arguments of the kernel entry function: the launch
  // bounds, then the kernel object (or a compiled kernel's parameters).
  template <int Dimensions>
  void launch_args(const char *key, unsigned dims, const detail::launch_bounds<Dimensions> &bounds,
                   unsigned num_args, const void *const *args, const size_t *sizes,
                   syclone_host_kernel host_kernel) {
    syclone_launch_desc desc;
    if (m_bundle && !detail::bundle_has(*m_bundle, key))
      throw sycl::exception(errc::kernel_not_supported,
                            std::string("the kernel bundle the command group uses has no kernel ") + key);
    desc.kernel_key = key;
    desc.dims = dims;
    for (int d = 0; d < 3; ++d) {
      desc.range[d] = bounds.extent[d];
      desc.local[d] = bounds.local[d];
    }
    desc.num_args = num_args;
    desc.args = args;
    desc.arg_sizes = sizes;
    desc.host_kernel = host_kernel;
    desc.num_accessed = static_cast<unsigned>(m_accessed.size());
    desc.accessed = m_accessed.data();
    desc.access_modes = m_modes.data();
    desc.num_local = static_cast<unsigned>(m_local_offsets.size());
    desc.local_offsets = m_local_offsets.data();
    desc.local_sizes = m_local_sizes.data();
    std::vector<const char *> spec_keys;
    std::vector<const void *> spec_values;
    std::vector<size_t> spec_sizes;
    m_spec.describe(spec_keys, spec_values, spec_sizes);
    desc.num_spec_constants = static_cast<unsigned>(spec_keys.size());
    desc.spec_constant_keys = spec_keys.data();
    desc.spec_constant_values = spec_values.data();
    desc.spec_constant_sizes = spec_sizes.data();
    std::vector<syclone_event> deps = detail::handles(m_deps);
    detail::check(syclone_launch(m_queue->handle, &desc, deps.data(), deps.size(), &m_event));
  }
  // A kernel compiled at run time, with the arguments set_arg(s) gave.
  template <int Dimensions>
  void launch_compiled(const kernel &k, const detail::launch_bounds<Dimensions> &bounds) {
    if (!k.takes_arguments())
      throw sycl::exception(errc::invalid, "parallel_for(range, kernel): " + k.name() +
                                               " is one of the program's kernels: submit its kernel function instead");
    const std::vector<size_t> &want = k.param_sizes();
    if (!want.empty() || k.host_runner()) {
      if (m_compiled_args.size() != want.size())
        throw sycl::exception(errc::invalid, "kernel " + k.name() + " takes " + std::to_string(want.size()) +
                                                 " arguments, " + std::to_string(m_compiled_args.size()) +
                                                 " were set (handler::set_arg(s))");
      for (size_t i = 0; i < want.size(); ++i)
        if (m_compiled_args[i].size() != want[i])
          throw sycl::exception(errc::invalid, "kernel " + k.name() + ": argument " + std::to_string(i) + " is " +
                                                   std::to_string(m_compiled_args[i].size()) +
                                                   " bytes, its parameter " + std::to_string(want[i]) +
                                                   " (set it as the parameter's type)");
    }
    set_command([this, k, bounds, args = m_compiled_args]() {
      std::vector<const void *> ptrs{&bounds};
      std::vector<size_t> sizes{sizeof(bounds)};
      for (const auto &a : args) {
        ptrs.push_back(a.data());
        sizes.push_back(a.size());
      }
      launch_args(k.launch_key(), Dimensions, bounds, static_cast<unsigned>(ptrs.size()), ptrs.data(),
                  sizes.data(), k.host_runner());
      return take_event();
    });
  }
  // Bytes [offset, offset + bytes) of the storage of `dg` on this device.
  template <typename T, typename P>
  char *device_global_range(const ext::oneapi::experimental::device_global<T, P> &dg, size_t bytes,
                            size_t offset) {
    if (offset > sizeof(T) || bytes > sizeof(T) - offset)
      throw sycl::exception(errc::invalid, "device_global copy: bytes " + std::to_string(offset) + ".." +
                                               std::to_string(offset + bytes) + " outside its " +
                                               std::to_string(sizeof(T)) + " bytes");
    return static_cast<char *>(detail::device_global_storage(m_queue->handle, dg)) + offset;
  }
  std::vector<std::vector<unsigned char>> m_compiled_args;
  detail::spec_constant_values m_spec;

  std::shared_ptr<detail::queue_state> m_queue;
  syclone_event m_event = nullptr;
  std::function<syclone_event()> m_command;
  ext::oneapi::experimental::node_type m_node_type = ext::oneapi::experimental::node_type::empty;
  std::vector<event> m_deps;
  std::vector<void *> m_accessed;
  std::vector<int> m_modes;
  // The memory of the group's streams: its words and how many.
  struct stream_output {
    unsigned *words;
    size_t count;
  };
  std::vector<stream_output> m_streams;
  // A stream's output, printed by a host task that then frees it.
  struct stream_printing {
    stream_output out;
    std::shared_ptr<detail::queue_state> queue;
    static void print(void *p) {
      const stream_output &o = static_cast<stream_printing *>(p)->out;
      detail::print_stream_output(o.words, o.count);
    }
    static void release(void *p) {
      auto *printing = static_cast<stream_printing *>(p);
      syclone_free(printing->queue->handle, printing->out.words);
      delete printing;
    }
  };
  // The kernel bundle of use_kernel_bundle, if any.
  std::shared_ptr<detail::bundle_contents> m_bundle;
  std::vector<size_t> m_local_offsets;
  std::vector<size_t> m_local_sizes;
  size_t m_local_end = 0;
  // The scratch words this group's reductions use (reduction_scratch):
  // how many, and where each count of work-groups done is.
  size_t m_scratch_used = 0;
  std::vector<uint32_t *> m_scratch_counts;
#endif
};

// ---------------------------------------------------------------- reductions
namespace detail {
// The target a kernel combines the USM result `var` into (see usm_target_t).
template <typename T>
usm_target_t<T> usm_target(T *var) {
  constexpr combine_kind k = combine_kind_v<T>;
  if constexpr (k == combine_kind::native) {
    return var;
  } else if constexpr (k == combine_kind::bits) {
    return reinterpret_cast<usm_target_t<T>>(var);
  } else if constexpr (k == combine_kind::in_word) {
    uintptr_t address = reinterpret_cast<uintptr_t>(var);
    return {reinterpret_cast<uint32_t *>(address & ~uintptr_t(3)), static_cast<unsigned>(address & 3) * 8};
  } else {
    // The words the result lies in, from the one holding its first byte.
    uintptr_t address = reinterpret_cast<uintptr_t>(var);
    return {reinterpret_cast<uint32_t *>(address & ~uintptr_t(3)), static_cast<unsigned>(address & 3), nullptr};
  }
}
// What a kernel combines the first element of a buffer of T into: an
// accessor of its elements, or of its bits or words (see combine_kind).
template <typename T>
using reduction_accessor = accessor<T, 1, access::mode::read_write, access::target::device>;
template <typename T, combine_kind K = combine_kind_v<T>>
struct buffer_target_of { using type = reduction_accessor<T>; };
template <typename T>
struct buffer_target_of<T, combine_kind::bits> { using type = reduction_accessor<bits_of_t<T>>; };
template <typename T>
struct buffer_target_of<T, combine_kind::by_last_group> {
  using type = group_scratch_target<reduction_accessor<std::conditional_t<sizeof(T) % 4 == 0, uint32_t, T>>>;
};
template <typename T>
using buffer_target_t = typename buffer_target_of<T>::type;
template <typename T>
buffer_target_t<T> buffer_target(buffer<T, 1> &vars, handler &h) {
  constexpr combine_kind k = combine_kind_v<T>;
  if constexpr (k == combine_kind::native || k == combine_kind::in_word) {
    return reduction_accessor<T>(vars, h);
  } else if constexpr (k == combine_kind::bits) {
    using U = bits_of_t<T>;
    auto bits = vars.template reinterpret<U, 1>(range<1>(vars.size()));
    return reduction_accessor<U>(bits, h);
  } else if constexpr (sizeof(T) % 4 == 0) {
    auto words = vars.template reinterpret<uint32_t, 1>(range<1>(vars.size() * sizeof(T) / 4));
    return {reduction_accessor<uint32_t>(words, h), 0, nullptr};
  } else {
    // Its words, from the first element's (buffer memory starts on a word).
    return {reduction_accessor<T>(vars, h), 0, nullptr};
  }
}
}  // namespace detail
template <typename T, typename BinaryOperation>
detail::reduction_impl<T, BinaryOperation, detail::usm_target_t<T>> reduction(
    T *var, BinaryOperation combiner, const property_list &props = {}) {
  static_assert(has_known_identity_v<BinaryOperation, T>,
                "sycl::reduction: this operation has no known identity; pass one");
  return {detail::usm_target(var), known_identity_v<BinaryOperation, T>, combiner,
          props.has_property<property::reduction::initialize_to_identity>()};
}
template <typename T, typename BinaryOperation>
detail::reduction_impl<T, BinaryOperation, detail::usm_target_t<T>> reduction(
    T *var, const T &identity, BinaryOperation combiner, const property_list &props = {}) {
  return {detail::usm_target(var), identity, combiner,
          props.has_property<property::reduction::initialize_to_identity>()};
}
// A reduction of each element of a span (`histogram[bin]++`).
template <typename T, size_t Extent, typename BinaryOperation>
detail::span_reduction_impl<T, BinaryOperation> reduction(span<T, Extent> vars, BinaryOperation combiner,
                                                          const property_list &props = {}) {
  static_assert(has_known_identity_v<BinaryOperation, T>,
                "sycl::reduction: this operation has no known identity; pass one");
  static_assert(detail::combine_kind_v<T> == detail::combine_kind::native,
                "sycl::reduction: span reductions of classes and of types under 4 bytes are not supported");
  return {vars.data(), vars.size(), known_identity_v<BinaryOperation, T>, combiner,
          props.has_property<property::reduction::initialize_to_identity>()};
}
template <typename T, size_t Extent, typename BinaryOperation>
detail::span_reduction_impl<T, BinaryOperation> reduction(span<T, Extent> vars, const T &identity,
                                                          BinaryOperation combiner, const property_list &props = {}) {
  static_assert(detail::combine_kind_v<T> == detail::combine_kind::native,
                "sycl::reduction: span reductions of classes and of types under 4 bytes are not supported");
  return {vars.data(), vars.size(), identity, combiner,
          props.has_property<property::reduction::initialize_to_identity>()};
}
template <typename T, typename BinaryOperation>
detail::reduction_impl<T, BinaryOperation, detail::buffer_target_t<T>> reduction(buffer<T, 1> &vars, handler &h,
                                                                                 BinaryOperation combiner,
                                                                                 const property_list &props = {}) {
  static_assert(has_known_identity_v<BinaryOperation, T>,
                "sycl::reduction: this operation has no known identity; pass one");
  return {detail::buffer_target(vars, h), known_identity_v<BinaryOperation, T>, combiner,
          props.has_property<property::reduction::initialize_to_identity>()};
}
template <typename T, typename BinaryOperation>
detail::reduction_impl<T, BinaryOperation, detail::buffer_target_t<T>> reduction(buffer<T, 1> &vars, handler &h,
                                                                                 const T &identity,
                                                                                 BinaryOperation combiner,
                                                                                 const property_list &props = {}) {
  return {detail::buffer_target(vars, h), identity, combiner,
          props.has_property<property::reduction::initialize_to_identity>()};
}

#ifndef __SYCL_DEVICE_ONLY__
// Room for `totalBufferSize` characters and the headers of their records.
inline stream::stream(size_t totalBufferSize, size_t workItemBufferSize, handler &cgh, const property_list &)
    : m_total(static_cast<unsigned>(totalBufferSize)), m_statement(static_cast<unsigned>(workItemBufferSize)) {
  size_t words = detail::stream_header_words + (totalBufferSize + 3) / 4 * 3 + 16;
  m_words = static_cast<unsigned *>(cgh.stream_memory(words * 4));
  m_capacity = static_cast<unsigned>(words);
  static std::atomic<unsigned> tags{0};
  m_tag = ++tags;
  if (m_tag == 0) m_tag = ++tags;
}
#endif

#ifndef __SYCL_DEVICE_ONLY__
template <typename DataT, int Dimensions>
local_accessor<DataT, Dimensions>::local_accessor(range<Dimensions> r, handler &h)
    : detail::local_memory<DataT>(h.allocate_local(r.size() * sizeof(DataT), alignof(DataT))), m_range(r) {}
template <typename DataT>
local_accessor<DataT, 0>::local_accessor(handler &h)
    : detail::local_memory<DataT>(h.allocate_local(sizeof(DataT), alignof(DataT))) {}
#endif

// ---------------------------------------------------------------- buffer and accessor bodies
#ifndef __SYCL_DEVICE_ONLY__
template <typename T, int Dimensions, typename A>
void buffer<T, Dimensions, A>::create(const T *data, const property_list &props, bool use_host_ptr) {
  m_state = std::make_shared<detail::buffer_state>();
  m_state->props = props;
  m_state->bytes = m_range.size() * sizeof(T);
  void *host = use_host_ptr ? const_cast<std::remove_const_t<T> *>(data) : nullptr;
  m_state->storage = syclone_buffer_create(host, m_state->bytes);
  if (!m_state->storage) detail::throw_last_error();
  detail::buffer_state::enter(m_state);
  if (data && !use_host_ptr && m_state->bytes) std::memcpy(m_state->storage, data, m_state->bytes);
}
template <typename T, int Dimensions, typename A>
buffer<T, Dimensions, A>::buffer(const range<Dimensions> &r, const property_list &props) : m_range(r) {
  create(nullptr, props);
}
template <typename T, int Dimensions, typename A>
template <bool Writable, typename>
buffer<T, Dimensions, A>::buffer(T *host_data, const range<Dimensions> &r, const property_list &props)
    : m_range(r) {
  create(host_data, props, props.has_property<property::buffer::use_host_ptr>());
  m_state->final_ptr = host_data;
  m_state->write_back = host_data != nullptr;
}
template <typename T, int Dimensions, typename A>
buffer<T, Dimensions, A>::buffer(const T *host_data, const range<Dimensions> &r, const property_list &props)
    : m_range(r) {
  create(host_data, props);
}
template <typename T, int Dimensions, typename A>
template <typename InputIt, typename>
buffer<T, Dimensions, A>::buffer(InputIt first, InputIt last, const property_list &props)
    : m_range(static_cast<size_t>(std::distance(first, last))) {
  create(nullptr, props);
  std::copy(first, last, static_cast<T *>(m_state->storage));
}
template <typename T, int Dimensions, typename A>
template <typename ReinterpretT, int ReinterpretDim>
buffer<ReinterpretT, ReinterpretDim> buffer<T, Dimensions, A>::reinterpret(range<ReinterpretDim> r) const {
  if (r.size() * sizeof(ReinterpretT) != byte_size())
    throw sycl::exception(errc::invalid, "buffer::reinterpret: the new range holds " +
                                             std::to_string(r.size() * sizeof(ReinterpretT)) + " bytes, the buffer " +
                                             std::to_string(byte_size()));
  if (m_offset * sizeof(T) % sizeof(ReinterpretT) != 0)
    throw sycl::exception(errc::invalid, "buffer::reinterpret: the sub-buffer does not start on an element of the new type");
  return buffer<ReinterpretT, ReinterpretDim>(m_state, r, m_offset * sizeof(T) / sizeof(ReinterpretT), m_sub);
}
template <typename T, int Dimensions, typename A>
template <typename ReinterpretT, int ReinterpretDim>
buffer<ReinterpretT, ReinterpretDim> buffer<T, Dimensions, A>::reinterpret() const {
  if constexpr (ReinterpretDim == 1) {
    if (byte_size() % sizeof(ReinterpretT) != 0)
      throw sycl::exception(errc::invalid, "buffer::reinterpret: the buffer's size is not a multiple of the new type's");
    return reinterpret<ReinterpretT, 1>(range<1>(byte_size() / sizeof(ReinterpretT)));
  } else {
    static_assert(ReinterpretDim == Dimensions && sizeof(ReinterpretT) == sizeof(T),
                  "buffer::reinterpret without a range: a 1-D view, or the same dimensions and element size");
    return reinterpret<ReinterpretT, ReinterpretDim>(m_range);
  }
}
template <typename T, int Dimensions, typename A>
template <typename Prop>
bool buffer<T, Dimensions, A>::has_property() const {
  return m_state->props.template has_property<Prop>();
}
template <typename T, int Dimensions, typename A>
template <typename Prop>
Prop buffer<T, Dimensions, A>::get_property() const {
  return m_state->props.template get_property<Prop>();
}
namespace detail {
// errc::invalid, naming `what`, unless the region of `r` from `offset` lies
// within `whole` (sub-buffers, ranged accessors: SYCL 2020 4.7.2.3, 4.7.6.9).
template <int Dimensions>
void check_region(const char *what, const range<Dimensions> &whole, const range<Dimensions> &r,
                  const id<Dimensions> &offset) {
  for (int d = 0; d < Dimensions; ++d)
    if (offset[d] + r[d] > whole[d])
      throw sycl::exception(errc::invalid, std::string(what) + " exceeds the bounds of its buffer: offset " +
                                               std::to_string(offset[d]) + " + range " + std::to_string(r[d]) +
                                               " > " + std::to_string(whole[d]) + " in dimension " +
                                               std::to_string(d));
}
}  // namespace detail

template <typename T, int Dimensions, typename A>
buffer<T, Dimensions, A>::buffer(buffer &parent, const id<Dimensions> &offset, const range<Dimensions> &r)
    : m_state(parent.m_state),
      m_range(r),
      m_offset(parent.m_offset + detail::linearize(offset, parent.m_range)),
      m_sub(true) {
  detail::check_region("sub-buffer", parent.m_range, r, offset);
  // Contiguous: after the first dimension of more than one element, every
  // dimension is whole.
  int d = 0;
  while (d < Dimensions - 1 && r[d] == 1) ++d;
  for (++d; d < Dimensions; ++d)
    if (r[d] != parent.m_range[d])
      throw sycl::exception(errc::invalid, "a sub-buffer must be contiguous in its parent buffer");
}
template <typename T, int Dimensions, typename A>
template <typename Destination>
void buffer<T, Dimensions, A>::set_final_data(Destination final_data) {
  detail::buffer_state &st = *m_state;
  st.final_owner.reset();
  st.final_weak = nullptr;
  st.final_iterator = nullptr;
  st.final_ptr = nullptr;
  if constexpr (std::is_same_v<Destination, std::nullptr_t>) {
  } else if constexpr (std::is_pointer_v<Destination>) {
    st.final_ptr = final_data;
  } else if constexpr (detail::is_shared_ptr<Destination>::value) {
    st.final_owner = final_data;
    st.final_ptr = final_data.get();
  } else if constexpr (detail::is_weak_ptr<Destination>::value) {
    st.final_weak = [final_data]() -> std::shared_ptr<void> { return final_data.lock(); };
  } else {
    size_t n = m_range.size();
    st.final_iterator = [final_data, n](const void *data) {
      std::copy(static_cast<const T *>(data), static_cast<const T *>(data) + n, final_data);
    };
  }
  st.write_back = st.final_ptr != nullptr || st.final_weak || st.final_iterator;
}
template <typename T, int Dimensions, typename A>
void buffer<T, Dimensions, A>::set_write_back(bool flag) {
  m_state->write_back =
      flag && (m_state->final_ptr != nullptr || m_state->final_weak || m_state->final_iterator);
}
template <typename T, int Dimensions, typename A>
template <access::mode Mode, access::target Target>
accessor<T, Dimensions, Mode, Target> buffer<T, Dimensions, A>::get_access(handler &h) {
  return accessor<T, Dimensions, Mode, Target>(*this, h);
}
template <typename T, int Dimensions, typename A>
template <access::mode Mode, access::target Target>
accessor<T, Dimensions, Mode, Target> buffer<T, Dimensions, A>::get_access(handler &h, range<Dimensions> r,
                                                                            id<Dimensions> offset) {
  return accessor<T, Dimensions, Mode, Target>(*this, h, r, offset);
}
template <typename T, int Dimensions, typename A>
host_accessor<T, Dimensions, access::mode::read_write> buffer<T, Dimensions, A>::get_host_access() {
  return host_accessor<T, Dimensions, access::mode::read_write>(*this);
}
template <typename T, int Dimensions, typename A>
template <access::mode Mode>
host_accessor<T, Dimensions, Mode> buffer<T, Dimensions, A>::get_access() {
  return host_accessor<T, Dimensions, Mode>(*this);
}
template <typename T, int Dimensions, typename A>
template <access::mode Mode>
host_accessor<T, Dimensions, Mode> buffer<T, Dimensions, A>::get_host_access(mode_tag_t<Mode> tag) {
  return host_accessor<T, Dimensions, Mode>(*this, tag);
}
template <typename T, int Dimensions, typename A>
host_accessor<T, Dimensions, access::mode::read_write> buffer<T, Dimensions, A>::get_host_access(
    range<Dimensions> r, id<Dimensions> offset) {
  return host_accessor<T, Dimensions, access::mode::read_write>(*this, r, offset);
}
template <typename T, int Dimensions, typename A>
template <access::mode Mode>
host_accessor<T, Dimensions, Mode> buffer<T, Dimensions, A>::get_host_access(range<Dimensions> r,
                                                                             mode_tag_t<Mode> tag) {
  return host_accessor<T, Dimensions, Mode>(*this, r, tag);
}
template <typename T, int Dimensions, typename A>
template <access::mode Mode>
host_accessor<T, Dimensions, Mode> buffer<T, Dimensions, A>::get_host_access(range<Dimensions> r,
                                                                             id<Dimensions> offset,
                                                                             mode_tag_t<Mode> tag) {
  return host_accessor<T, Dimensions, Mode>(*this, r, offset, tag);
}
template <typename T, int Dimensions, typename A>
bool buffer<T, Dimensions, A>::operator==(const buffer &other) const {
  return m_state == other.m_state && m_offset == other.m_offset && m_range == other.m_range && m_sub == other.m_sub;
}

template <typename DataT, int Dimensions, access::mode AccessMode, access::target AccessTarget,
          access::placeholder IsPlaceholder>
template <typename AllocatorT>
accessor<DataT, Dimensions, AccessMode, AccessTarget, IsPlaceholder>::accessor(
    buffer<DataT, Dimensions, AllocatorT> &buf, range<Dimensions> r, id<Dimensions> offset, const property_list &)
    : m_data(buf.element_zero() + detail::linearize(offset, buf.get_range())),
      m_range(r),
      m_pitch(buf.get_range()) {
  detail::check_region("ranged accessor", buf.get_range(), r, offset);
  m_pitch[0] = detail::linearize(offset, buf.get_range()) | placeholder_flag;
}
template <typename DataT, int Dimensions, access::mode AccessMode, access::target AccessTarget,
          access::placeholder IsPlaceholder>
template <typename AllocatorT>
accessor<DataT, Dimensions, AccessMode, AccessTarget, IsPlaceholder>::accessor(
    buffer<DataT, Dimensions, AllocatorT> &buf, handler &h, range<Dimensions> r, id<Dimensions> offset,
    const property_list &props)
    : accessor(buf, r, offset, props) {
  m_pitch[0] &= ~placeholder_flag;
  h.require(*this);
}

template <typename DataT, int Dimensions, access::mode AccessMode>
template <typename AllocatorT>
host_accessor<DataT, Dimensions, AccessMode>::host_accessor(buffer<DataT, Dimensions, AllocatorT> &buf,
                                                            range<Dimensions> r, id<Dimensions> offset,
                                                            const property_list &)
    : m_data(buf.element_zero() + detail::linearize(offset, buf.get_range())),
      m_range(r),
      m_pitch(buf.get_range()),
      m_offset(offset) {
  detail::check_region("ranged host_accessor", buf.get_range(), r, offset);
  detail::check(syclone_buffer_host_access(buf.storage(), AccessMode != access::mode::read));
  // Commands using the buffer wait until the last copy of this accessor is gone.
  m_hold = std::shared_ptr<void>(buf.storage(), [](void *storage) { syclone_buffer_host_release(storage); });
  buf.mirror_to_final_memory();
}
#endif

#ifndef __SYCL_DEVICE_ONLY__
namespace detail {
// What a queue recording into a command graph hands its command groups to.
struct graph_recorder {
  virtual ~graph_recorder() = default;
  virtual event record(const std::shared_ptr<queue_state> &queue, std::unique_ptr<handler> group) = 0;
  // Events naming every node `queue` recorded so far (what a barrier
  // without events waits for).
  virtual std::vector<event> recorded_from(const queue_state *queue) const = 0;
  // The nodes `queue` records from now on come after recorded `barrier`.
  virtual void order_after(const queue_state *queue, const event &barrier) = 0;
};
// A command group that waits in the runtime's scheduler on the host
// device: the runtime calls `run` once the group may run (on the thread that
// made it ready) and `release` after its event completed.
struct deferred_group {
  std::unique_ptr<handler> group;

  static event submit(const std::shared_ptr<queue_state> &queue, std::unique_ptr<handler> group) {
    std::vector<syclone_event> deps = handles(group->dependencies());
    std::vector<void *> accessed = group->accessed();
    std::vector<event> waits = group->dependencies();
    syclone_event e = nullptr;
    check(syclone_defer(queue->handle, &run, &release, new deferred_group{std::move(group)}, deps.data(),
                        deps.size(), accessed.data(), accessed.size(), &e));
    return event(e, queue, waits);
  }
  // Submits the group; an owned handle of its event. Its exceptions are
  // asynchronous errors of its queue.
  static syclone_event run(void *p) {
    handler &h = *static_cast<deferred_group *>(p)->group;
    try {
      event done = h.finish();
      syclone_event e = done.native();
      if (e) syclone_event_retain(e);
      return e;
    } catch (...) {
      h.queue_state().report(std::current_exception());
      return nullptr;
    }
  }
  static void release(void *p) { delete static_cast<deferred_group *>(p); }
};
}  // namespace detail
#endif

// ---------------------------------------------------------------- queues
class __SYCLONE_HOST_ONLY queue {
 public:
#ifdef __SYCL_DEVICE_ONLY__
  queue();
  template <typename... Args>
  explicit queue(const Args &...args);
  explicit queue(const property_list &props);
  explicit queue(property::queue::in_order p);
  explicit queue(property::queue::enable_profiling p);
  template <typename Selector>
  queue(const Selector &selector, const property_list &props);
  template <typename Prop>
  bool has_property() const;
  device get_device() const;
  context get_context() const;
  template <typename Param>
  typename Param::return_type get_info() const;
  backend get_backend() const;
  bool operator==(const queue &other) const;
  bool operator!=(const queue &other) const;
  void wait();
  void wait_and_throw();
  void throw_asynchronous();
  bool is_in_order() const;
  event ext_oneapi_submit_barrier();
  event ext_oneapi_submit_barrier(const std::vector<event> &events);
  event memcpy(void *dest, const void *src, size_t bytes, const std::vector<event> &deps = {});
  event memcpy(void *dest, const void *src, size_t bytes, event dep);
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P> &dest, const void *src,
               size_t bytes = sizeof(T), size_t offset = 0, const std::vector<event> &deps = {});
  template <typename T, typename P>
  event memcpy(void *dest, const ext::oneapi::experimental::device_global<T, P> &src,
               size_t bytes = sizeof(T), size_t offset = 0, const std::vector<event> &deps = {});
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T> *src, ext::oneapi::experimental::device_global<T, P> &dest,
             size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), size_t start = 0,
             const std::vector<event> &deps = {});
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P> &src, std::remove_all_extents_t<T> *dest,
             size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), size_t start = 0,
             const std::vector<event> &deps = {});
  event memset(void *ptr, int value, size_t bytes, const std::vector<event> &deps = {});
  event memset(void *ptr, int value, size_t bytes, event dep);
  template <typename T>
  event fill(void *ptr, const T &pattern, size_t count, const std::vector<event> &deps = {});
  template <typename T>
  event fill(void *ptr, const T &pattern, size_t count, event dep);
  template <typename T>
  event copy(const T *src, T *dest, size_t count, const std::vector<event> &deps = {});
  template <typename T>
  event copy(const T *src, T *dest, size_t count, event dep);
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U>
  event copy(accessor<T, D, M, Tg, P> src, U *dest);
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U>
  event copy(accessor<T, D, M, Tg, P> src, std::shared_ptr<U> dest);
  template <typename U, typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  event copy(const U *src, accessor<T, D, M, Tg, P> dest);
  template <typename U, typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  event copy(std::shared_ptr<U> src, accessor<T, D, M, Tg, P> dest);
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U,
            int E, access::mode N, access::target Th, access::placeholder Q>
  event copy(accessor<T, D, M, Tg, P> src, accessor<U, E, N, Th, Q> dest);
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  event fill(accessor<T, D, M, Tg, P> dest, const T &value);
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  event update_host(accessor<T, D, M, Tg, P> acc);
  event prefetch(const void *ptr, size_t bytes, const std::vector<event> &deps = {});
  event prefetch(const void *ptr, size_t bytes, event dep);
  event mem_advise(const void *ptr, size_t bytes, int advice, const std::vector<event> &deps = {});
  event mem_advise(const void *ptr, size_t bytes, int advice, event dep);
  template <ext::oneapi::experimental::graph_state State>
  event ext_oneapi_graph(ext::oneapi::experimental::command_graph<State> &graph);
  template <ext::oneapi::experimental::graph_state State>
  event ext_oneapi_graph(ext::oneapi::experimental::command_graph<State> &graph, event dep);
  template <ext::oneapi::experimental::graph_state State>
  event ext_oneapi_graph(ext::oneapi::experimental::command_graph<State> &graph,
                         const std::vector<event> &deps);
  ext::oneapi::experimental::queue_state ext_oneapi_get_state() const;
#else
  explicit queue(const property_list &props = {}) : queue(default_selector_v, props) {}
  // queue q({property::queue::in_order()}): a better match than the copy
  // constructor, which g++ also considers for one braced property.
  explicit queue(property::queue::in_order p) : queue(property_list{p}) {}
  explicit queue(property::queue::enable_profiling p) : queue(property_list{p}) {}
  explicit queue(const async_handler &handler, const property_list &props = {})
      : queue(default_selector_v, handler, props) {}
  template <typename Selector,
            typename = std::enable_if_t<detail::is_selector_v<Selector>>>
  explicit queue(const Selector &selector, const property_list &props = {})
      : queue(detail::select_device(selector), async_handler(), props) {}
  template <typename Selector,
            typename = std::enable_if_t<detail::is_selector_v<Selector>>>
  queue(const Selector &selector, const async_handler &handler, const property_list &props = {})
      : queue(detail::select_device(selector), handler, props) {}
  explicit queue(const device &d, const property_list &props = {}) : queue(d, async_handler(), props) {}
  queue(const device &d, const async_handler &handler, const property_list &props = {})
      : queue(context::default_of(d.get_platform()), d, handler, props) {}
  // A queue of a context: the device must be one of the context's
  // (errc::invalid otherwise, SYCL 2020 4.6.5.1); a selector chooses among
  // them.
  queue(const context &ctx, const device &d, const property_list &props = {})
      : queue(ctx, d, async_handler(), props) {}
  template <typename Selector, typename = std::enable_if_t<detail::is_selector_v<Selector>>>
  queue(const context &ctx, const Selector &selector, const property_list &props = {})
      : queue(ctx, detail::select_device_among(selector, ctx.get_devices()), async_handler(), props) {}
  template <typename Selector, typename = std::enable_if_t<detail::is_selector_v<Selector>>>
  queue(const context &ctx, const Selector &selector, const async_handler &handler, const property_list &props = {})
      : queue(ctx, detail::select_device_among(selector, ctx.get_devices()), handler, props) {}
  queue(const context &ctx, const device &d, const async_handler &handler, const property_list &props = {})
      : m_state(std::make_shared<detail::queue_state>()) {
    if (!ctx.has_device(d))
      throw sycl::exception(ctx, make_error_code(errc::invalid),
                            "queue: the device " + d.get_info<info::device::name>() +
                                " is not one of the context's devices");
    m_state->ctx = ctx;
    m_state->in_order = props.has_property<property::queue::in_order>();
    m_state->profiling = props.has_property<property::queue::enable_profiling>();
    // Asynchronous errors go to the queue's handler, else the context's.
    m_state->handler = handler ? handler : ctx.handler();
    unsigned flags = (m_state->in_order ? SYCLONE_QUEUE_IN_ORDER : 0u) |
                     (m_state->profiling ? SYCLONE_QUEUE_PROFILING : 0u);
    detail::check(syclone_queue_create_on(d.native(), flags, &m_state->handle));
    m_state->host_device = d.get_backend() == backend::ext_syclone_host;
  }

  device get_device() const { return device::from_native(syclone_queue_device(m_state->handle)); }
  context get_context() const { return *m_state->ctx; }
  template <typename Param>
  typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::queue::context>) {
      return get_context();
    } else if constexpr (std::is_same_v<Param, info::queue::device>) {
      return get_device();
    } else {
      static_assert(std::is_same_v<Param, info::queue::reference_count>, "unsupported queue descriptor");
      return static_cast<uint32_t>(m_state.use_count());
    }
  }
  backend get_backend() const { return get_device().get_backend(); }
  void wait() { detail::check(syclone_queue_wait(m_state->handle)); }
  void wait_and_throw() {
    wait();
    throw_asynchronous();
  }
  void throw_asynchronous() { m_state->throw_asynchronous(); }
  bool is_in_order() const { return m_state->in_order; }
  template <typename Prop>
  bool has_property() const {
    if constexpr (std::is_same_v<Prop, property::queue::in_order>) return m_state->in_order;
    else if constexpr (std::is_same_v<Prop, property::queue::enable_profiling>) return m_state->profiling;
    else return false;
  }
  syclone_queue native() const { return m_state->handle; }
  bool operator==(const queue &other) const { return m_state == other.m_state; }
  bool operator!=(const queue &other) const { return m_state != other.m_state; }

  event ext_oneapi_submit_barrier() { return ext_oneapi_submit_barrier(std::vector<event>()); }
  event ext_oneapi_submit_barrier(const std::vector<event> &events) {
    if (m_state->recorder) {
      // Without events, a barrier waits for all the queue recorded.
      std::vector<event> after = events.empty() ? m_state->recorder->recorded_from(m_state.get()) : events;
      event barrier = submit([&](handler &h) {
        h.depends_on(after);
        h.ext_oneapi_barrier();
      });
      m_state->recorder->order_after(m_state.get(), barrier);
      return barrier;
    }
    std::vector<syclone_event> deps = detail::handles(events);
    syclone_event e = nullptr;
    detail::check(syclone_barrier(m_state->handle, deps.data(), deps.size(), &e));
    return event(e, m_state);
  }

  event memcpy(void *dest, const void *src, size_t bytes, const std::vector<event> &deps = {}) {
    return submit([&](handler &h) { h.depends_on(deps); h.memcpy(dest, src, bytes); });
  }
  event memcpy(void *dest, const void *src, size_t bytes, event dep) {
    return memcpy(dest, src, bytes, std::vector<event>{dep});
  }
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P> &dest, const void *src,
               size_t bytes = sizeof(T), size_t offset = 0, const std::vector<event> &deps = {}) {
    return submit([&](handler &h) { h.depends_on(deps); h.memcpy(dest, src, bytes, offset); });
  }
  template <typename T, typename P>
  event memcpy(void *dest, const ext::oneapi::experimental::device_global<T, P> &src,
               size_t bytes = sizeof(T), size_t offset = 0, const std::vector<event> &deps = {}) {
    return submit([&](handler &h) { h.depends_on(deps); h.memcpy(dest, src, bytes, offset); });
  }
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T> *src, ext::oneapi::experimental::device_global<T, P> &dest,
             size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), size_t start = 0,
             const std::vector<event> &deps = {}) {
    return submit([&](handler &h) { h.depends_on(deps); h.copy(src, dest, count, start); });
  }
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P> &src, std::remove_all_extents_t<T> *dest,
             size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), size_t start = 0,
             const std::vector<event> &deps = {}) {
    return submit([&](handler &h) { h.depends_on(deps); h.copy(src, dest, count, start); });
  }
  event memset(void *ptr, int value, size_t bytes, const std::vector<event> &deps = {}) {
    return submit([&](handler &h) { h.depends_on(deps); h.memset(ptr, value, bytes); });
  }
  event memset(void *ptr, int value, size_t bytes, event dep) {
    return memset(ptr, value, bytes, std::vector<event>{dep});
  }
  template <typename T>
  event fill(void *ptr, const T &pattern, size_t count, const std::vector<event> &deps = {}) {
    return submit([&](handler &h) { h.depends_on(deps); h.fill(ptr, pattern, count); });
  }
  template <typename T>
  event fill(void *ptr, const T &pattern, size_t count, event dep) {
    return fill(ptr, pattern, count, std::vector<event>{dep});
  }
  template <typename T>
  event copy(const T *src, T *dest, size_t count, const std::vector<event> &deps = {}) {
    return memcpy(dest, src, count * sizeof(T), deps);
  }
  template <typename T>
  event copy(const T *src, T *dest, size_t count, event dep) {
    return memcpy(dest, src, count * sizeof(T), std::vector<event>{dep});
  }
  // The explicit copies of accessors (placeholders too: each command group
  // requires its accessors), SYCL 2020 Table 29.
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U>
  event copy(accessor<T, D, M, Tg, P> src, U *dest) {
    return submit([&](handler &h) {
      h.require(src);
      h.copy(src, dest);
    });
  }
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U>
  event copy(accessor<T, D, M, Tg, P> src, std::shared_ptr<U> dest) {
    return submit([&](handler &h) {
      h.require(src);
      h.copy(src, dest);
    });
  }
  template <typename U, typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  event copy(const U *src, accessor<T, D, M, Tg, P> dest) {
    return submit([&](handler &h) {
      h.require(dest);
      h.copy(src, dest);
    });
  }
  template <typename U, typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  event copy(std::shared_ptr<U> src, accessor<T, D, M, Tg, P> dest) {
    return submit([&](handler &h) {
      h.require(dest);
      h.copy(src, dest);
    });
  }
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P, typename U,
            int E, access::mode N, access::target Th, access::placeholder Q>
  event copy(accessor<T, D, M, Tg, P> src, accessor<U, E, N, Th, Q> dest) {
    return submit([&](handler &h) {
      h.require(src);
      h.require(dest);
      h.copy(src, dest);
    });
  }
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  event fill(accessor<T, D, M, Tg, P> dest, const T &value) {
    return submit([&](handler &h) {
      h.require(dest);
      h.fill(dest, value);
    });
  }
  template <typename T, int D, access::mode M, access::target Tg, access::placeholder P>
  event update_host(accessor<T, D, M, Tg, P> acc) {
    return submit([&](handler &h) {
      h.require(acc);
      h.update_host(acc);
    });
  }
  event prefetch(const void *ptr, size_t bytes, const std::vector<event> &deps = {}) {
    if (m_state->recorder) {
      return submit([&](handler &h) {
        h.depends_on(deps);
        h.prefetch(ptr, bytes);
      });
    }
    std::vector<syclone_event> handles = detail::handles(deps);
    syclone_event e = nullptr;
    detail::check(syclone_prefetch(m_state->handle, ptr, bytes, handles.data(), handles.size(), &e));
    return event(e, m_state);
  }
  event prefetch(const void *ptr, size_t bytes, event dep) {
    return prefetch(ptr, bytes, std::vector<event>{dep});
  }
  // Advice does not change results; the runtime has no use for it yet.
  event mem_advise(const void *ptr, size_t bytes, int advice, const std::vector<event> &deps = {}) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.mem_advise(ptr, bytes, advice);
    });
  }
  event mem_advise(const void *ptr, size_t bytes, int advice, event dep) {
    return mem_advise(ptr, bytes, advice, std::vector<event>{dep});
  }

  // Runs an executable command graph (sycl_ext_oneapi_graph).
  template <ext::oneapi::experimental::graph_state State>
  event ext_oneapi_graph(ext::oneapi::experimental::command_graph<State> &graph) {
    return ext_oneapi_graph(graph, std::vector<event>());
  }
  template <ext::oneapi::experimental::graph_state State>
  event ext_oneapi_graph(ext::oneapi::experimental::command_graph<State> &graph, event dep) {
    return ext_oneapi_graph(graph, std::vector<event>{dep});
  }
  template <ext::oneapi::experimental::graph_state State>
  event ext_oneapi_graph(ext::oneapi::experimental::command_graph<State> &graph,
                         const std::vector<event> &deps) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.ext_oneapi_graph(graph);
    });
  }
  ext::oneapi::experimental::queue_state ext_oneapi_get_state() const {
    return m_state->recorder ? ext::oneapi::experimental::queue_state::recording
                             : ext::oneapi::experimental::queue_state::executing;
  }
  const std::shared_ptr<detail::queue_state> &state() const { return m_state; }
#endif

  template <typename CommandGroup>
  event submit(CommandGroup cgf) {
#ifdef __SYCL_DEVICE_ONLY__
    handler h;
    cgf(h);
    return event();
#else
    if (m_state->recorder) {
      // Recording into a command graph: the group becomes a node.
      auto h = std::make_unique<handler>(m_state);
      cgf(*h);
      return m_state->recorder->record(m_state, std::move(h));
    }
    if (m_state->host_device) {
      // A host kernel borrows its command group's objects: a group that must
      // wait (for a host task, a host_accessor...) keeps them until it runs.
      auto h = std::make_unique<handler>(m_state);
      cgf(*h);
      if (h->must_wait()) return detail::deferred_group::submit(m_state, std::move(h));
      return h->finish();
    }
    handler h(m_state);
    cgf(h);
    return h.finish();
#endif
  }
  // Submits to this queue, or, if that fails with an exception, to
  // `secondaryQueue` (SYCL 2020 4.6.5.2).
  template <typename CommandGroup>
  event submit(CommandGroup cgf, queue &secondaryQueue) {
#ifdef __SYCL_DEVICE_ONLY__
    return submit(cgf);
#else
    try {
      return submit(cgf);
    } catch (const sycl::exception &) {
      return secondaryQueue.submit(cgf);
    }
#endif
  }

  // The queue shortcuts of parallel_for: with no, one or several dependencies.
#define __SYCLONE_QUEUE_PARALLEL_FOR(RANGE)                                                 \
  template <typename KernelName = detail::auto_name, typename KernelType>                 \
  event parallel_for(RANGE r, KernelType kernelFunc) {                                    \
    return submit([&](handler &h) { h.parallel_for<KernelName>(r, kernelFunc); });        \
  }                                                                                       \
  template <typename KernelName = detail::auto_name, typename KernelType>                 \
  event parallel_for(RANGE r, event dep, KernelType kernelFunc) {                         \
    return submit([&](handler &h) {                                                       \
      h.depends_on(dep);                                                                  \
      h.parallel_for<KernelName>(r, kernelFunc);                                          \
    });                                                                                   \
  }                                                                                       \
  template <typename KernelName = detail::auto_name, typename KernelType>                 \
  event parallel_for(RANGE r, const std::vector<event> &deps, KernelType kernelFunc) {    \
    return submit([&](handler &h) {                                                       \
      h.depends_on(deps);                                                                 \
      h.parallel_for<KernelName>(r, kernelFunc);                                          \
    });                                                                                   \
  }
  __SYCLONE_QUEUE_PARALLEL_FOR(range<1>)
  __SYCLONE_QUEUE_PARALLEL_FOR(range<2>)
  __SYCLONE_QUEUE_PARALLEL_FOR(range<3>)
  __SYCLONE_QUEUE_PARALLEL_FOR(nd_range<1>)
  __SYCLONE_QUEUE_PARALLEL_FOR(nd_range<2>)
  __SYCLONE_QUEUE_PARALLEL_FOR(nd_range<3>)
#undef __SYCLONE_QUEUE_PARALLEL_FOR

  // SYCL 1.2.1's parallel_for over a range from an offset (deprecated).
  template <typename KernelName = detail::auto_name, int Dimensions, typename KernelType>
  event parallel_for(range<Dimensions> r, id<Dimensions> offset, KernelType kernelFunc) {
    return submit([&](handler &h) { h.parallel_for<KernelName>(r, offset, kernelFunc); });
  }

  // The queue shortcuts of parallel_for with reductions.
  template <typename KernelName = detail::auto_name, int Dimensions, typename R1, typename R2, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<R1>>>
  event parallel_for(range<Dimensions> r, R1 r1, R2 r2, Rest... rest) {
    return submit([&](handler &h) { h.parallel_for<KernelName>(r, r1, r2, rest...); });
  }
  template <typename KernelName = detail::auto_name, int Dimensions, typename R1, typename R2, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<R1>>>
  event parallel_for(nd_range<Dimensions> r, R1 r1, R2 r2, Rest... rest) {
    return submit([&](handler &h) { h.parallel_for<KernelName>(r, r1, r2, rest...); });
  }

  template <typename KernelName = detail::auto_name, typename KernelType>
  event single_task(KernelType kernelFunc) {
    return submit([&](handler &h) { h.single_task<KernelName>(kernelFunc); });
  }
  template <typename KernelName = detail::auto_name, typename KernelType>
  event single_task(event dep, KernelType kernelFunc) {
    return submit([&](handler &h) {
      h.depends_on(dep);
      h.single_task<KernelName>(kernelFunc);
    });
  }
  template <typename KernelName = detail::auto_name, typename KernelType>
  event single_task(const std::vector<event> &deps, KernelType kernelFunc) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.single_task<KernelName>(kernelFunc);
    });
  }

  // The shortcuts of parallel_for with reductions after one event or
  // several (SYCL 2020 4.6.5.3), over a range or an nd_range.
#define __SYCLONE_QUEUE_REDUCTIONS_AFTER(RANGE, DEPS)                                             \
  template <typename KernelName = detail::auto_name, int Dimensions, typename R1, typename R2,       \
            typename... Rest, typename = std::enable_if_t<detail::is_reduction_v<R1>>>            \
  event parallel_for(RANGE<Dimensions> r, DEPS deps, R1 r1, R2 r2, Rest... rest) {               \
    return submit([&](handler &h) {                                                               \
      h.depends_on(deps);                                                                         \
      h.parallel_for<KernelName>(r, r1, r2, rest...);                                             \
    });                                                                                           \
  }
  __SYCLONE_QUEUE_REDUCTIONS_AFTER(range, event)
  __SYCLONE_QUEUE_REDUCTIONS_AFTER(range, const std::vector<event> &)
  __SYCLONE_QUEUE_REDUCTIONS_AFTER(nd_range, event)
  __SYCLONE_QUEUE_REDUCTIONS_AFTER(nd_range, const std::vector<event> &)
#undef __SYCLONE_QUEUE_REDUCTIONS_AFTER

 private:
#ifndef __SYCL_DEVICE_ONLY__
  std::shared_ptr<detail::queue_state> m_state;
#endif
};

#ifndef __SYCL_DEVICE_ONLY__
namespace detail {
// Work-groups of `group_items` work-items with `local_bytes` of dynamic
// work-group memory that surely run at once on `dev`: one per compute unit
// (the runtime cannot see a kernel's registers, which decide whether more
// fit); none when such a work-group cannot run at all.
inline size_t concurrent_work_groups(const device &dev, size_t group_items, size_t local_bytes) {
  if (group_items == 0 || group_items > dev.get_info<info::device::max_work_group_size>() ||
      local_bytes > dev.get_info<info::device::local_mem_size>())
    return 0;
  return dev.get_info<info::device::max_compute_units>();
}
}  // namespace detail
template <typename Param>
typename Param::return_type kernel::ext_oneapi_get_info(const queue &q) const {
  namespace kqs = ext::oneapi::experimental::info::kernel_queue_specific;
  const device dev = q.get_device();
  if constexpr (std::is_same_v<Param, kqs::max_work_group_size>) {
    return dev.get_info<info::device::max_work_group_size>();
  } else if constexpr (std::is_same_v<Param, kqs::max_sub_group_size>) {
    return get_info<info::kernel_device_specific::max_sub_group_size>(dev);
  } else if constexpr (std::is_same_v<Param, kqs::max_num_work_group_sync>) {
    return detail::concurrent_work_groups(dev, 1, 0);
  } else if constexpr (std::is_same_v<Param, kqs::max_work_item_sizes<1>>) {
    return id<1>(dev.get_info<info::device::max_work_item_sizes<1>>()[0]);
  } else if constexpr (std::is_same_v<Param, kqs::max_work_item_sizes<2>>) {
    range<2> r = dev.get_info<info::device::max_work_item_sizes<2>>();
    return id<2>(r[0], r[1]);
  } else if constexpr (std::is_same_v<Param, kqs::max_work_item_sizes<3>>) {
    range<3> r = dev.get_info<info::device::max_work_item_sizes<3>>();
    return id<3>(r[0], r[1], r[2]);
  } else {
    static_assert(sizeof(Param) == 0, "kernel::ext_oneapi_get_info(queue): not a kernel_queue_specific descriptor taking only a queue");
  }
}
#define __SYCLONE_LAUNCH_QUERY(DIMS)                                                                         \
  template <typename Param>                                                                                  \
  typename Param::return_type kernel::ext_oneapi_get_info(const queue &q, const range<DIMS> &work_group,    \
                                                          size_t local_bytes) const {                       \
    namespace kqs = ext::oneapi::experimental::info::kernel_queue_specific;                                \
    static_assert(std::is_same_v<Param, kqs::max_num_work_groups> ||                                        \
                      std::is_same_v<Param, kqs::max_num_work_group_sync>,                                  \
                  "kernel::ext_oneapi_get_info(queue, range, bytes): only max_num_work_groups");            \
    return detail::concurrent_work_groups(q.get_device(), work_group.size(), local_bytes);                  \
  }
__SYCLONE_LAUNCH_QUERY(1)
__SYCLONE_LAUNCH_QUERY(2)
__SYCLONE_LAUNCH_QUERY(3)
#undef __SYCLONE_LAUNCH_QUERY
#endif

// ---------------------------------------------------------------- USM
namespace usm {
enum class alloc { host, device, shared, unknown };
}  // namespace usm

#ifndef __SYCL_DEVICE_ONLY__
namespace detail {
inline void *usm_malloc(size_t bytes, size_t alignment, const queue &q, int kind) {
  void *p = syclone_malloc(q.native(), bytes, alignment, kind);
  // SYCL reports allocation failure with a null pointer.
  return p;
}
inline int usm_kind(usm::alloc kind) {
  return kind == usm::alloc::device ? SYCLONE_USM_DEVICE : kind == usm::alloc::host ? SYCLONE_USM_HOST : SYCLONE_USM_SHARED;
}
}  // namespace detail

inline void *malloc_device(size_t bytes, const queue &q, const property_list & = {}) { return detail::usm_malloc(bytes, 0, q, SYCLONE_USM_DEVICE); }
inline void *malloc_host(size_t bytes, const queue &q, const property_list & = {}) { return detail::usm_malloc(bytes, 0, q, SYCLONE_USM_HOST); }
inline void *malloc_shared(size_t bytes, const queue &q, const property_list & = {}) { return detail::usm_malloc(bytes, 0, q, SYCLONE_USM_SHARED); }
inline void *malloc(size_t bytes, const queue &q, usm::alloc kind, const property_list & = {}) {
  return kind == usm::alloc::unknown ? nullptr : detail::usm_malloc(bytes, 0, q, detail::usm_kind(kind));
}
template <typename T>
T *malloc_device(size_t count, const queue &q, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc(count * sizeof(T), alignof(T), q, SYCLONE_USM_DEVICE));
}
template <typename T>
T *malloc_host(size_t count, const queue &q, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc(count * sizeof(T), alignof(T), q, SYCLONE_USM_HOST));
}
template <typename T>
T *malloc_shared(size_t count, const queue &q, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc(count * sizeof(T), alignof(T), q, SYCLONE_USM_SHARED));
}
template <typename T>
T *malloc(size_t count, const queue &q, usm::alloc kind, const property_list & = {}) {
  return static_cast<T *>(malloc(count * sizeof(T), q, kind));
}
inline void *aligned_alloc_device(size_t alignment, size_t bytes, const queue &q, const property_list & = {}) {
  return detail::usm_malloc(bytes, alignment, q, SYCLONE_USM_DEVICE);
}
inline void *aligned_alloc_host(size_t alignment, size_t bytes, const queue &q, const property_list & = {}) {
  return detail::usm_malloc(bytes, alignment, q, SYCLONE_USM_HOST);
}
inline void *aligned_alloc_shared(size_t alignment, size_t bytes, const queue &q, const property_list & = {}) {
  return detail::usm_malloc(bytes, alignment, q, SYCLONE_USM_SHARED);
}
template <typename T>
T *aligned_alloc_device(size_t alignment, size_t count, const queue &q, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc(count * sizeof(T), alignment, q, SYCLONE_USM_DEVICE));
}
template <typename T>
T *aligned_alloc_host(size_t alignment, size_t count, const queue &q, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc(count * sizeof(T), alignment, q, SYCLONE_USM_HOST));
}
template <typename T>
T *aligned_alloc_shared(size_t alignment, size_t count, const queue &q, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc(count * sizeof(T), alignment, q, SYCLONE_USM_SHARED));
}
inline void free(void *ptr, const queue &q) { detail::check(syclone_free(q.native(), ptr)); }
inline usm::alloc get_pointer_type(const void *ptr, const context &) {
  switch (syclone_pointer_type(ptr)) {
    case 0: return usm::alloc::device;
    case 1: return usm::alloc::host;
    case 2: return usm::alloc::shared;
    default: return usm::alloc::unknown;
  }
}

// The allocation functions that name a device and a context instead of a
// queue (SYCL 2020 4.8.3): the allocation is made on that device.
namespace detail {
inline void *usm_malloc_on(size_t bytes, size_t alignment, const device &d, int kind) {
  return syclone_malloc_on(d.native(), bytes, alignment, kind);
}
}  // namespace detail

inline void *malloc_device(size_t bytes, const device &d, const context &, const property_list & = {}) {
  return detail::usm_malloc_on(bytes, 0, d, SYCLONE_USM_DEVICE);
}
inline void *malloc_host(size_t bytes, const context &c, const property_list & = {}) {
  return detail::usm_malloc_on(bytes, 0, c.get_devices()[0], SYCLONE_USM_HOST);
}
inline void *malloc_shared(size_t bytes, const device &d, const context &, const property_list & = {}) {
  return detail::usm_malloc_on(bytes, 0, d, SYCLONE_USM_SHARED);
}
inline void *malloc(size_t bytes, const device &d, const context &, usm::alloc kind, const property_list & = {}) {
  return kind == usm::alloc::unknown ? nullptr : detail::usm_malloc_on(bytes, 0, d, detail::usm_kind(kind));
}
template <typename T>
T *malloc_device(size_t count, const device &d, const context &, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc_on(count * sizeof(T), alignof(T), d, SYCLONE_USM_DEVICE));
}
template <typename T>
T *malloc_host(size_t count, const context &c, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc_on(count * sizeof(T), alignof(T), c.get_devices()[0], SYCLONE_USM_HOST));
}
template <typename T>
T *malloc_shared(size_t count, const device &d, const context &, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc_on(count * sizeof(T), alignof(T), d, SYCLONE_USM_SHARED));
}
template <typename T>
T *malloc(size_t count, const device &d, const context &c, usm::alloc kind, const property_list & = {}) {
  return static_cast<T *>(malloc(count * sizeof(T), d, c, kind));
}
inline void *aligned_alloc_device(size_t alignment, size_t bytes, const device &d, const context &, const property_list & = {}) {
  return detail::usm_malloc_on(bytes, alignment, d, SYCLONE_USM_DEVICE);
}
inline void *aligned_alloc_host(size_t alignment, size_t bytes, const context &c, const property_list & = {}) {
  return detail::usm_malloc_on(bytes, alignment, c.get_devices()[0], SYCLONE_USM_HOST);
}
inline void *aligned_alloc_shared(size_t alignment, size_t bytes, const device &d, const context &, const property_list & = {}) {
  return detail::usm_malloc_on(bytes, alignment, d, SYCLONE_USM_SHARED);
}
template <typename T>
T *aligned_alloc_device(size_t alignment, size_t count, const device &d, const context &, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc_on(count * sizeof(T), alignment, d, SYCLONE_USM_DEVICE));
}
template <typename T>
T *aligned_alloc_host(size_t alignment, size_t count, const context &c, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc_on(count * sizeof(T), alignment, c.get_devices()[0], SYCLONE_USM_HOST));
}
template <typename T>
T *aligned_alloc_shared(size_t alignment, size_t count, const device &d, const context &, const property_list & = {}) {
  return static_cast<T *>(detail::usm_malloc_on(count * sizeof(T), alignment, d, SYCLONE_USM_SHARED));
}
inline void free(void *ptr, const context &) { detail::check(syclone_free_on_its_device(ptr)); }
// The device a USM allocation was made on; errc::invalid for other memory.
inline device get_pointer_device(const void *ptr, const context &) {
  size_t index = syclone_pointer_device(ptr);
  if (index == static_cast<size_t>(-1))
    throw sycl::exception(errc::invalid, "get_pointer_device: the pointer is not in a USM allocation");
  return device::from_native(index);
}

// A standard allocator over host or shared USM (device USM is not host-accessible).
template <typename T, usm::alloc Kind, size_t Alignment = 0>
class usm_allocator {
 public:
  static_assert(Kind != usm::alloc::device, "usm_allocator does not support device allocations");
  using value_type = T;
  template <typename U>
  struct rebind {
    using other = usm_allocator<U, Kind, Alignment>;
  };
  usm_allocator(const queue &q) : m_queue(q) {}
  // Allocates on `d`, one of the devices of `ctx` (SYCL 2020 4.8.4).
  usm_allocator(const context &ctx, const device &d) : m_queue(ctx, d) {}
  template <typename U>
  usm_allocator(const usm_allocator<U, Kind, Alignment> &other) : m_queue(other.get_queue()) {}
  T *allocate(size_t count) {
    size_t align = Alignment ? Alignment : alignof(T);
    void *p = detail::usm_malloc(count * sizeof(T), align, m_queue, Kind == usm::alloc::host ? SYCLONE_USM_HOST : SYCLONE_USM_SHARED);
    if (!p) throw sycl::exception(errc::memory_allocation, "usm_allocator: allocation failed");
    return static_cast<T *>(p);
  }
  void deallocate(T *p, size_t) { sycl::free(p, m_queue); }
  const queue &get_queue() const { return m_queue; }
  template <typename U>
  bool operator==(const usm_allocator<U, Kind, Alignment> &other) const { return m_queue == other.get_queue(); }
  template <typename U>
  bool operator!=(const usm_allocator<U, Kind, Alignment> &other) const { return !(*this == other); }

 private:
  queue m_queue;
};
#else
template <typename T, usm::alloc Kind, size_t Alignment = 0>
class usm_allocator {
 public:
  using value_type = T;
  usm_allocator(const queue &q);
  usm_allocator(const context &ctx, const device &d);
  T *allocate(size_t count);
  void deallocate(T *p, size_t count);
};
void *malloc_device(size_t bytes, const queue &q, const property_list &props = {});
void *malloc_host(size_t bytes, const queue &q, const property_list &props = {});
void *malloc_shared(size_t bytes, const queue &q, const property_list &props = {});
void *malloc(size_t bytes, const queue &q, usm::alloc kind, const property_list &props = {});
template <typename T>
T *malloc_device(size_t count, const queue &q, const property_list &props = {});
template <typename T>
T *malloc_host(size_t count, const queue &q, const property_list &props = {});
template <typename T>
T *malloc_shared(size_t count, const queue &q, const property_list &props = {});
template <typename T>
T *malloc(size_t count, const queue &q, usm::alloc kind, const property_list &props = {});
void *aligned_alloc_device(size_t alignment, size_t bytes, const queue &q, const property_list &props = {});
void *aligned_alloc_host(size_t alignment, size_t bytes, const queue &q, const property_list &props = {});
void *aligned_alloc_shared(size_t alignment, size_t bytes, const queue &q, const property_list &props = {});
template <typename T>
T *aligned_alloc_device(size_t alignment, size_t count, const queue &q, const property_list &props = {});
template <typename T>
T *aligned_alloc_host(size_t alignment, size_t count, const queue &q, const property_list &props = {});
template <typename T>
T *aligned_alloc_shared(size_t alignment, size_t count, const queue &q, const property_list &props = {});
void free(void *ptr, const queue &q);
usm::alloc get_pointer_type(const void *ptr, const context &ctx);
void *malloc_device(size_t bytes, const device &d, const context &c, const property_list &props = {});
void *malloc_host(size_t bytes, const context &c, const property_list &props = {});
void *malloc_shared(size_t bytes, const device &d, const context &c, const property_list &props = {});
void *malloc(size_t bytes, const device &d, const context &c, usm::alloc kind, const property_list &props = {});
template <typename T>
T *malloc_device(size_t count, const device &d, const context &c, const property_list &props = {});
template <typename T>
T *malloc_host(size_t count, const context &c, const property_list &props = {});
template <typename T>
T *malloc_shared(size_t count, const device &d, const context &c, const property_list &props = {});
template <typename T>
T *malloc(size_t count, const device &d, const context &c, usm::alloc kind, const property_list &props = {});
void *aligned_alloc_device(size_t alignment, size_t bytes, const device &d, const context &c, const property_list &props = {});
void *aligned_alloc_host(size_t alignment, size_t bytes, const context &c, const property_list &props = {});
void *aligned_alloc_shared(size_t alignment, size_t bytes, const device &d, const context &c, const property_list &props = {});
template <typename T>
T *aligned_alloc_device(size_t alignment, size_t count, const device &d, const context &c, const property_list &props = {});
template <typename T>
T *aligned_alloc_host(size_t alignment, size_t count, const context &c, const property_list &props = {});
template <typename T>
T *aligned_alloc_shared(size_t alignment, size_t count, const device &d, const context &c, const property_list &props = {});
void free(void *ptr, const context &c);
device get_pointer_device(const void *ptr, const context &ctx);
#endif

}  // namespace sycl

#include <sycl/detail/kernel_compiler.hpp>
#include <sycl/detail/group_load_store.hpp>
#include <sycl/ext/oneapi/experimental/graph.hpp>
#include <sycl/ext/oneapi/experimental/enqueue_functions.hpp>
#include <sycl/ext/oneapi/experimental/clock.hpp>

// SYCL 1.2.1's namespace, which older programs still name.
namespace cl {
namespace sycl = ::sycl;
}  // namespace cl

// std::hash of the classes with common reference semantics (SYCL 2020
// 4.5.2): equal objects hash alike.
#ifdef __SYCL_DEVICE_ONLY__
#define __SYCLONE_HASH(CLASS) \
  template <>                 \
  struct std::hash<CLASS> {   \
    std::size_t operator()(const CLASS &) const; \
  };
#else
#define __SYCLONE_HASH(CLASS)                                                          \
  template <>                                                                          \
  struct std::hash<CLASS> {                                                            \
    std::size_t operator()(const CLASS &object) const { return sycl::detail::hash_of(object); } \
  };
namespace sycl::detail {
inline size_t hash_of(const device &d) { return std::hash<size_t>()(d.native()); }
inline size_t hash_of(const platform &p) { return std::hash<int>()(p.native()); }
inline size_t hash_of(const context &c) { return std::hash<const void *>()(c.identity()); }
inline size_t hash_of(const queue &q) { return std::hash<const void *>()(q.state().get()); }
inline size_t hash_of(const event &e) { return std::hash<const void *>()(e.identity()); }
inline size_t hash_of(const kernel &k) { return std::hash<std::string>()(k.launch_key()); }
inline size_t hash_of(const kernel_id &k) { return std::hash<std::string>()(k.get_name()); }
}  // namespace sycl::detail
#endif
__SYCLONE_HASH(sycl::device)
__SYCLONE_HASH(sycl::platform)
__SYCLONE_HASH(sycl::context)
__SYCLONE_HASH(sycl::queue)
__SYCLONE_HASH(sycl::event)
__SYCLONE_HASH(sycl::kernel)
__SYCLONE_HASH(sycl::kernel_id)
#undef __SYCLONE_HASH
template <typename T, int Dimensions, typename A>
struct std::hash<sycl::buffer<T, Dimensions, A>> {
#ifdef __SYCL_DEVICE_ONLY__
  std::size_t operator()(const sycl::buffer<T, Dimensions, A> &) const;
#else
  std::size_t operator()(const sycl::buffer<T, Dimensions, A> &b) const {
    return std::hash<const void *>()(b.identity()) ^ std::hash<const void *>()(b.element_zero());
  }
#endif
};
template <sycl::bundle_state State>
struct std::hash<sycl::kernel_bundle<State>> {
#ifdef __SYCL_DEVICE_ONLY__
  std::size_t operator()(const sycl::kernel_bundle<State> &) const;
#else
  std::size_t operator()(const sycl::kernel_bundle<State> &b) const { return std::hash<const void *>()(b.identity()); }
#endif
};
template <typename T, int Dimensions, sycl::access::mode Mode, sycl::access::target Target,
          sycl::access::placeholder P>
struct std::hash<sycl::accessor<T, Dimensions, Mode, Target, P>> {
  std::size_t operator()(const sycl::accessor<T, Dimensions, Mode, Target, P> &a) const {
    return std::hash<const void *>()(static_cast<const void *>(a.get_pointer())) ^ a.get_range().size();
  }
};
template <typename T, int Dimensions, sycl::access::mode Mode>
struct std::hash<sycl::host_accessor<T, Dimensions, Mode>> {
  std::size_t operator()(const sycl::host_accessor<T, Dimensions, Mode> &a) const {
    return std::hash<const void *>()(static_cast<const void *>(a.get_pointer())) ^ a.get_range().size();
  }
};
