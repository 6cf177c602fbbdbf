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
#include <sycl/detail/kernel_desc.hpp>

#include <string>
#include <vector>

#ifndef __SYCL_DEVICE_ONLY__
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <system_error>
#include <typeinfo>
#include <sycl/detail/runtime_abi.h>
#endif

#ifdef __SYCL_DEVICE_ONLY__
#define __SYCLONE_KERNEL_ENTRY(Name) [[clang::sycl_kernel_entry_point(Name)]]
#define __SYCLONE_SPECIAL [[clang::sycl_special_kernel_parameter]]
#define __SYCLONE_GLOBAL __attribute__((opencl_global))
#else
#define __SYCLONE_KERNEL_ENTRY(Name)
#define __SYCLONE_SPECIAL
#define __SYCLONE_GLOBAL
#endif

#define SYCL_EXTERNAL [[clang::sycl_external]]
#define SYCL_LANGUAGE_VERSION 202012

namespace sycl {

using std::size_t;

// ---------------------------------------------------------------- errors
#ifndef __SYCL_DEVICE_ONLY__
enum class errc {
  success = 0, runtime, kernel, accessor, nd_range, event, kernel_argument, build,
  invalid, memory_allocation, platform, profiling, feature_not_supported,
  kernel_not_supported, backend_mismatch
};

class exception : public std::exception {
 public:
  exception(errc code, const std::string &what) : m_code(code), m_what(what) {}
  const char *what() const noexcept override { return m_what.c_str(); }
  errc code() const noexcept { return m_code; }
 private:
  errc m_code;
  std::string m_what;
};

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
enum class target { device, host_task, constant_buffer, local, host_buffer };
enum class placeholder { false_t, true_t };
}  // namespace access
using access_mode = access::mode;
using target = access::target;

// Access tags and the no_init property (SYCL 2020 4.7.6.4, 4.7.6.5).
template <access::mode Mode>
struct mode_tag_t {
  explicit mode_tag_t() = default;
};
inline constexpr mode_tag_t<access::mode::read> read_only{};
inline constexpr mode_tag_t<access::mode::read_write> read_write{};
inline constexpr mode_tag_t<access::mode::write> write_only{};
namespace property {
struct no_init {};
}  // namespace property
inline constexpr property::no_init no_init{};

// ---------------------------------------------------------------- range, id
template <int Dimensions = 1>
class range {
 public:
  range(size_t d0) { m_v[0] = d0; }
  range(size_t d0, size_t d1) { m_v[0] = d0; m_v[1] = d1; }
  range(size_t d0, size_t d1, size_t d2) { m_v[0] = d0; m_v[1] = d1; m_v[2] = d2; }
  size_t get(int dimension) const { return m_v[dimension]; }
  size_t operator[](int dimension) const { return m_v[dimension]; }
  size_t size() const {
    size_t total = 1;
    for (int d = 0; d < Dimensions; ++d) total = total * m_v[d];
    return total;
  }
 private:
  size_t m_v[Dimensions];
};

range(size_t) -> range<1>;
range(size_t, size_t) -> range<2>;
range(size_t, size_t, size_t) -> range<3>;

template <int Dimensions = 1>
class id {
 public:
  id() { for (int d = 0; d < Dimensions; ++d) m_v[d] = 0; }
  id(size_t d0) { m_v[0] = d0; }
  id(size_t d0, size_t d1) { m_v[0] = d0; m_v[1] = d1; }
  id(size_t d0, size_t d1, size_t d2) { m_v[0] = d0; m_v[1] = d1; m_v[2] = d2; }
  size_t get(int dimension) const { return m_v[dimension]; }
  size_t operator[](int dimension) const { return m_v[dimension]; }
  // SYCL 2020: only id<1> converts to size_t.
  operator size_t() const { return m_v[0]; }
 private:
  size_t m_v[Dimensions];
};

namespace detail {
// Work-item indices on the device. The runtime launches ceil(n / 64)
// work-groups of 64 items, split into a 2-D grid when there are more than
// 65535 groups; this recovers the linear index.
#ifdef __SYCL_DEVICE_ONLY__
inline size_t global_linear_id_1d() {
  size_t x = __spirv_BuiltInGlobalInvocationId(0);
  size_t y = __spirv_BuiltInGlobalInvocationId(1);
  size_t width = __spirv_BuiltInNumWorkgroups(0) * __spirv_BuiltInWorkgroupSize(0);
  return y * width + x;
}
#endif

template <int Dimensions>
struct launch_bounds {
  size_t extent[3];
};

template <typename KernelType>
struct host_kernels {
#ifndef __SYCL_DEVICE_ONLY__
  static void run_range1(const void *const *args, size_t begin, size_t end) {
    const KernelType &k = *static_cast<const KernelType *>(args[1]);
    for (size_t i = begin; i < end; ++i) k(id<1>(i));
  }
  static void run_single(const void *const *args, size_t, size_t) {
    const KernelType &k = *static_cast<const KernelType *>(args[1]);
    k();
  }
#endif
};
}  // namespace detail

// ---------------------------------------------------------------- devices
namespace info {
namespace device {
struct name {};
struct vendor {};
}  // namespace device
}  // namespace info

class device {
 public:
  template <typename Param>
  std::string get_info() const;
#ifndef __SYCL_DEVICE_ONLY__
  explicit device(syclone_queue q) : m_queue(q) {}
  bool is_gpu() const { return syclone_queue_device_is_gpu(m_queue) != 0; }
  bool is_cpu() const { return !is_gpu(); }

 private:
  syclone_queue m_queue;
#else
  bool is_gpu() const;
  bool is_cpu() const;
#endif
};

#ifndef __SYCL_DEVICE_ONLY__
template <>
inline std::string device::get_info<info::device::name>() const {
  return syclone_queue_device_name(m_queue);
}
template <>
inline std::string device::get_info<info::device::vendor>() const {
  return syclone_queue_device_vendor(m_queue);
}
#endif

class queue;

// ---------------------------------------------------------------- events
class event {
 public:
  event() : m_event(nullptr) {}
#ifndef __SYCL_DEVICE_ONLY__
  explicit event(syclone_event e) : m_event(e) {}
  void wait() {
    if (m_event) detail::check(syclone_event_wait(static_cast<syclone_event>(m_event)));
  }
#else
  void wait() {}
#endif
 private:
  void *m_event;
};

// ---------------------------------------------------------------- accessors
template <typename T, int Dimensions>
class buffer;
class handler;

template <typename DataT, int Dimensions = 1, access::mode AccessMode = access::mode::read_write,
          access::target AccessTarget = access::target::device>
class __SYCLONE_SPECIAL accessor {
 public:
  accessor() : m_data(nullptr), m_range(0) {}
  // Requires the buffer in the command group of `h` (SYCL 2020 4.7.6.9).
  accessor(buffer<DataT, Dimensions> &b, handler &h);
  accessor(buffer<DataT, Dimensions> &b, handler &h, mode_tag_t<AccessMode> tag);
  accessor(buffer<DataT, Dimensions> &b, handler &h, mode_tag_t<AccessMode> tag, property::no_init p);
#ifndef __SYCL_DEVICE_ONLY__
  accessor(DataT *storage, size_t count) : m_data(storage), m_range(count) {}
#endif
  DataT &operator[](id<Dimensions> index) const { return m_data[index[0]]; }
  DataT &operator[](size_t index) const { return m_data[index]; }
  size_t size() const { return m_range; }
  range<Dimensions> get_range() const { return range<Dimensions>(m_range); }

 private:
  // Host: the address of the buffer's host storage, which names the buffer
  // to the runtime. Device: the storage buffer the runtime binds.
  __SYCLONE_GLOBAL DataT *m_data;
  size_t m_range;
};

template <typename T, int D>
accessor(buffer<T, D> &, handler &) -> accessor<T, D, access::mode::read_write, access::target::device>;
template <typename T, int D, access::mode M>
accessor(buffer<T, D> &, handler &, mode_tag_t<M>) -> accessor<T, D, M, access::target::device>;
template <typename T, int D, access::mode M>
accessor(buffer<T, D> &, handler &, mode_tag_t<M>, property::no_init)
    -> accessor<T, D, M, access::target::device>;

// ---------------------------------------------------------------- buffers
template <typename T, int Dimensions = 1>
class buffer {
 public:
  buffer(T *host_data, const range<Dimensions> &r);
  buffer(const range<Dimensions> &r);
  // Uses the vector's storage; the buffer's contents are written back to it
  // when the buffer is destroyed (SYCL 2020 4.7.2: buffers from containers).
  buffer(std::vector<T> &v);
  ~buffer();
  buffer(const buffer &) = delete;
  buffer &operator=(const buffer &) = delete;

  range<Dimensions> get_range() const { return m_range; }
  size_t size() const { return m_range.size(); }
#ifndef __SYCL_DEVICE_ONLY__
  // The host storage address that names this buffer to the runtime.
  T *storage() const { return m_storage; }
#endif

  template <access::mode Mode>
  accessor<T, Dimensions, Mode, access::target::device> get_access(handler &h);

 private:
  T *m_storage;
  range<Dimensions> m_range;
};

template <typename T>
buffer(std::vector<T> &) -> buffer<T, 1>;
template <typename T, int D>
buffer(T *, const range<D> &) -> buffer<T, D>;

// ---------------------------------------------------------------- handler
class handler {
 public:
#ifndef __SYCL_DEVICE_ONLY__
  explicit handler(syclone_queue q) : m_queue(q), m_event(nullptr) {}
  void require(void *storage, access::mode mode) {
    int m = mode == access::mode::read ? SYCLONE_ACCESS_READ
            : (mode == access::mode::write || mode == access::mode::discard_write) ? SYCLONE_ACCESS_WRITE
                                                                                    : SYCLONE_ACCESS_READ_WRITE;
    m_accessed.push_back(storage);
    m_modes.push_back(m);
  }
  syclone_event take_event() {
    syclone_event e = m_event;
    m_event = nullptr;
    return e;
  }
#endif

  template <typename KernelName = detail::auto_name, typename KernelType>
  void parallel_for(range<1> r, KernelType kernelFunc) {
    detail::launch_bounds<1> bounds;
    bounds.extent[0] = r[0];
    bounds.extent[1] = 1;
    bounds.extent[2] = 1;
    kernel_range1<detail::kernel_name_t<KernelName, KernelType>, KernelType>(bounds, kernelFunc);
  }

  template <typename KernelName = detail::auto_name, typename KernelType>
  void single_task(KernelType kernelFunc) {
    detail::launch_bounds<1> bounds;
    bounds.extent[0] = 1;
    bounds.extent[1] = 1;
    bounds.extent[2] = 1;
    kernel_single<detail::kernel_name_t<KernelName, KernelType>, KernelType>(bounds, kernelFunc);
  }

 private:
  template <typename KernelName, typename KernelType>
  __SYCLONE_KERNEL_ENTRY(KernelName)
  void kernel_range1(detail::launch_bounds<1> bounds, KernelType kernelFunc) {
#ifdef __SYCL_DEVICE_ONLY__
    size_t i = detail::global_linear_id_1d();
    if (i < bounds.extent[0]) kernelFunc(id<1>(i));
#else
    static_assert(detail::kernel_layout_matches<KernelName, KernelType>(),
                  "the host and device compilers disagree on the size of this kernel's object");
    launch(typeid(KernelName *).name(), 1, bounds, &kernelFunc, sizeof(kernelFunc),
           &detail::host_kernels<KernelType>::run_range1);
#endif
  }

  template <typename KernelName, typename KernelType>
  __SYCLONE_KERNEL_ENTRY(KernelName)
  void kernel_single(detail::launch_bounds<1> bounds, KernelType kernelFunc) {
#ifdef __SYCL_DEVICE_ONLY__
    if (detail::global_linear_id_1d() == 0) kernelFunc();
#else
    static_assert(detail::kernel_layout_matches<KernelName, KernelType>(),
                  "the host and device compilers disagree on the size of this kernel's object");
    launch(typeid(KernelName *).name(), 1, bounds, &kernelFunc, sizeof(kernelFunc),
           &detail::host_kernels<KernelType>::run_single);
#endif
  }

#ifndef __SYCL_DEVICE_ONLY__
  template <int Dimensions>
  void launch(const char *key, unsigned dims, const detail::launch_bounds<Dimensions> &bounds,
              const void *closure, size_t closure_size, syclone_host_kernel host_kernel) {
    const void *args[2] = {&bounds, closure};
    size_t sizes[2] = {sizeof(bounds), closure_size};
    syclone_launch_desc desc;
    desc.kernel_key = key;
    desc.dims = dims;
    for (int d = 0; d < 3; ++d) desc.range[d] = bounds.extent[d];
    desc.num_args = 2;
    desc.args = args;
    desc.arg_sizes = sizes;
    desc.host_kernel = host_kernel;
    desc.num_accessed = static_cast<unsigned>(m_accessed.size());
    desc.accessed = m_accessed.data();
    desc.access_modes = m_modes.data();
    detail::check(syclone_launch(m_queue, &desc, &m_event));
  }

  syclone_queue m_queue;
  syclone_event m_event;
  std::vector<void *> m_accessed;
  std::vector<int> m_modes;
#endif
};

#ifndef __SYCL_DEVICE_ONLY__
template <typename T, int Dimensions>
buffer<T, Dimensions>::buffer(T *host_data, const range<Dimensions> &r) : m_range(r) {
  m_storage = static_cast<T *>(syclone_buffer_create(host_data, r.size() * sizeof(T)));
  if (!m_storage) detail::throw_last_error();
}
template <typename T, int Dimensions>
buffer<T, Dimensions>::buffer(const range<Dimensions> &r) : m_range(r) {
  m_storage = static_cast<T *>(syclone_buffer_create(nullptr, r.size() * sizeof(T)));
  if (!m_storage) detail::throw_last_error();
}
template <typename T, int Dimensions>
buffer<T, Dimensions>::buffer(std::vector<T> &v) : buffer(v.data(), range<Dimensions>(v.size())) {}
template <typename T, int Dimensions>
buffer<T, Dimensions>::~buffer() {
  // Destructors must not throw; a failed write-back is reported on stderr by the runtime.
  syclone_buffer_release(m_storage);
}
template <typename DataT, int Dimensions, access::mode AccessMode, access::target AccessTarget>
accessor<DataT, Dimensions, AccessMode, AccessTarget>::accessor(buffer<DataT, Dimensions> &b, handler &h)
    : m_data(b.storage()), m_range(b.size()) {
  h.require(m_data, AccessMode);
}
template <typename DataT, int Dimensions, access::mode AccessMode, access::target AccessTarget>
accessor<DataT, Dimensions, AccessMode, AccessTarget>::accessor(buffer<DataT, Dimensions> &b, handler &h,
                                                                mode_tag_t<AccessMode>)
    : accessor(b, h) {}
template <typename DataT, int Dimensions, access::mode AccessMode, access::target AccessTarget>
accessor<DataT, Dimensions, AccessMode, AccessTarget>::accessor(buffer<DataT, Dimensions> &b, handler &h,
                                                                mode_tag_t<AccessMode>, property::no_init)
    : m_data(b.storage()), m_range(b.size()) {
  // The old contents are not needed: nothing is copied in.
  h.require(m_data, AccessMode == access::mode::read_write ? access::mode::discard_read_write
                                                            : access::mode::discard_write);
}
template <typename T, int Dimensions>
template <access::mode Mode>
accessor<T, Dimensions, Mode, access::target::device> buffer<T, Dimensions>::get_access(handler &h) {
  h.require(m_storage, Mode);
  return accessor<T, Dimensions, Mode, access::target::device>(m_storage, m_range.size());
}
#endif

// ---------------------------------------------------------------- queues
class queue {
 public:
#ifndef __SYCL_DEVICE_ONLY__
  queue() { detail::check(syclone_queue_create(&m_queue)); }
  ~queue() {
    syclone_queue_wait(m_queue);
    syclone_queue_release(m_queue);
  }
  queue(const queue &) = delete;
  queue &operator=(const queue &) = delete;
  device get_device() const { return device(m_queue); }
  void wait() { detail::check(syclone_queue_wait(m_queue)); }
  syclone_queue native() const { return m_queue; }
#else
  queue();
  device get_device() const;
  void wait();
#endif

  template <typename CommandGroup>
  event submit(CommandGroup cgf) {
#ifdef __SYCL_DEVICE_ONLY__
    handler h;
    cgf(h);
    return event();
#else
    handler h(m_queue);
    cgf(h);
    return event(h.take_event());
#endif
  }

  template <typename KernelName = detail::auto_name, typename KernelType>
  event parallel_for(range<1> r, KernelType kernelFunc) {
    return submit([&](handler &h) { h.parallel_for<KernelName>(r, kernelFunc); });
  }

  template <typename KernelName = detail::auto_name, typename KernelType>
  event single_task(KernelType kernelFunc) {
    return submit([&](handler &h) { h.single_task<KernelName>(kernelFunc); });
  }

 private:
#ifndef __SYCL_DEVICE_ONLY__
  syclone_queue m_queue;
#endif
};

// ---------------------------------------------------------------- USM
enum class usm_alloc { host, device, shared, unknown };

#ifndef __SYCL_DEVICE_ONLY__
inline void *malloc_device(size_t bytes, const queue &q) {
  return syclone_malloc(q.native(), bytes, 0, SYCLONE_USM_DEVICE);
}
inline void *malloc_host(size_t bytes, const queue &q) {
  return syclone_malloc(q.native(), bytes, 0, SYCLONE_USM_HOST);
}
inline void *malloc_shared(size_t bytes, const queue &q) {
  return syclone_malloc(q.native(), bytes, 0, SYCLONE_USM_SHARED);
}
template <typename T>
T *malloc_device(size_t count, const queue &q) {
  return static_cast<T *>(syclone_malloc(q.native(), count * sizeof(T), alignof(T), SYCLONE_USM_DEVICE));
}
template <typename T>
T *malloc_host(size_t count, const queue &q) {
  return static_cast<T *>(syclone_malloc(q.native(), count * sizeof(T), alignof(T), SYCLONE_USM_HOST));
}
template <typename T>
T *malloc_shared(size_t count, const queue &q) {
  return static_cast<T *>(syclone_malloc(q.native(), count * sizeof(T), alignof(T), SYCLONE_USM_SHARED));
}
inline void free(void *ptr, const queue &q) { syclone_free(q.native(), ptr); }
#else
template <typename T>
T *malloc_device(size_t count, const queue &q);
template <typename T>
T *malloc_host(size_t count, const queue &q);
template <typename T>
T *malloc_shared(size_t count, const queue &q);
void free(void *ptr, const queue &q);
#endif

}  // namespace sycl
