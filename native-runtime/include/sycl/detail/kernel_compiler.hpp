// Free-function kernels and the kernel compiler (DPC++'s
// sycl_ext_oneapi_free_function_kernels and sycl_ext_oneapi_kernel_compiler
// with source_language::sycl).
//
// A free-function kernel is a function declared with
// SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<N>)) or
// ((syclexp::single_task_kernel)); its parameters are the kernel's arguments
// (scalars, USM pointers, trivially copyable structs of those), and it finds
// its work-item with syclext::this_work_item::get_nd_item<N>(). The device
// compiler turns every such function into a kernel named after the function
// ([[clang::sycl_free_function_kernel(P)]], P the property's type).
//
// The kernel compiler compiles such source at run time, inside the
// compiler's wasmtime sandbox, and runs its kernels on Vulkan devices:
//   auto src = syclexp::create_kernel_bundle_from_source(ctx, syclexp::source_language::sycl, text);
//   auto exe = syclexp::build(src);
//   sycl::kernel k = exe.ext_oneapi_get_kernel("iota");
//   q.submit([&](sycl::handler &h) { h.set_args(3.0f, ptr); h.parallel_for(ndr, k); });
#pragma once

#ifndef __SYCL_DEVICE_ONLY__
#include <tuple>
#endif

namespace sycl {
namespace ext {
namespace oneapi {
namespace experimental {
namespace detail {
// The launch of a free-function kernel: Kind 0 single_task, 1 nd_range.
template <int Kind, int Dimensions>
struct free_function_property {
  static constexpr int kind = Kind;
  static constexpr int dimensions = Dimensions;
};
}  // namespace detail
template <int Dimensions>
inline constexpr detail::free_function_property<1, Dimensions> nd_range_kernel{};
inline constexpr detail::free_function_property<0, 1> single_task_kernel{};
}  // namespace experimental

namespace this_work_item {
// The nd_item of the calling work-item (in a kernel launched over an
// nd_range).
template <int Dimensions>
nd_item<Dimensions> get_nd_item() {
#ifdef __SYCL_DEVICE_ONLY__
  // The launch bounds argument of the kernel (the dimension must be a constant).
  range<Dimensions> global, local;
  id<Dimensions> offset;
  if constexpr (Dimensions == 1) {
    global = range<1>(__builtin_syclone_launch_extent(0));
    local = range<1>(__builtin_syclone_launch_local(0));
    offset = id<1>(__builtin_syclone_launch_offset(0));
  } else if constexpr (Dimensions == 2) {
    global = range<2>(__builtin_syclone_launch_extent(0), __builtin_syclone_launch_extent(1));
    local = range<2>(__builtin_syclone_launch_local(0), __builtin_syclone_launch_local(1));
    offset = id<2>(__builtin_syclone_launch_offset(0), __builtin_syclone_launch_offset(1));
  } else {
    global = range<3>(__builtin_syclone_launch_extent(0), __builtin_syclone_launch_extent(1),
                      __builtin_syclone_launch_extent(2));
    local = range<3>(__builtin_syclone_launch_local(0), __builtin_syclone_launch_local(1),
                     __builtin_syclone_launch_local(2));
    offset = id<3>(__builtin_syclone_launch_offset(0), __builtin_syclone_launch_offset(1),
                   __builtin_syclone_launch_offset(2));
  }
  return nd_item<Dimensions>(global, local, ::sycl::detail::work_group_id<Dimensions>(),
                             ::sycl::detail::local_invocation_id<Dimensions>(), offset);
#else
  const nd_item<Dimensions> *it = ::sycl::detail::host_current_nd_item<Dimensions>();
  if (!it)
    throw sycl::exception(errc::invalid,
                          "this_work_item::get_nd_item: not inside an nd_range kernel on this thread");
  return *it;
#endif
}
}  // namespace this_work_item
}  // namespace oneapi
}  // namespace ext
}  // namespace sycl

#ifdef __SYCL_DEVICE_ONLY__
#define SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(PROP) [[clang::sycl_free_function_kernel(decltype(PROP))]]
#else
#define SYCL_EXT_ONEAPI_FUNCTION_PROPERTY(PROP)
#endif

#include <sycl/detail/kernel_bundle.hpp>

namespace sycl {

namespace ext {
namespace oneapi {
namespace experimental {
enum class source_language { opencl, spirv, sycl };

// Properties of create_kernel_bundle_from_source and build.
struct include_files {
  include_files() = default;
  include_files(const std::string &name, const std::string &content) { add(name, content); }
  void add(const std::string &name, const std::string &content) { record.emplace_back(name, content); }
  std::vector<std::pair<std::string, std::string>> record;
};
struct build_options {
  build_options(const std::string &option) { opts.push_back(option); }
  build_options(const std::vector<std::string> &options) : opts(options) {}
  void add(const std::string &option) { opts.push_back(option); }
  std::vector<std::string> opts;
};
struct save_log {
  save_log(std::string *to) : log(to) {}
  std::string *log;
};
template <typename... Props>
struct properties {
  properties(Props... p)
#ifndef __SYCL_DEVICE_ONLY__
      : values(p...)
#endif
  {
  }
#ifndef __SYCL_DEVICE_ONLY__
  std::tuple<Props...> values;
  // Calls f on the property of type P, if there is one.
  template <typename P, typename F>
  void with(F f) const {
    std::apply([&](const auto &...v) { (visit<P>(v, f), ...); }, values);
  }

 private:
  template <typename P, typename V, typename F>
  static void visit(const V &v, F &f) {
    if constexpr (std::is_same_v<P, V>) f(v);
  }
#endif
};
template <typename... Props>
properties(Props...) -> properties<Props...>;
using empty_properties_t = properties<>;

using source_kernel_bundle = kernel_bundle<bundle_state::ext_oneapi_source>;

inline bool is_source_kernel_bundle_supported(backend be, source_language language) {
  return be == backend::ext_syclone_vulkan && language == source_language::sycl;
}
}  // namespace experimental
}  // namespace oneapi
}  // namespace ext

template <>
class kernel_bundle<bundle_state::ext_oneapi_source> {
 public:
  kernel_bundle(const context &ctx, std::string source,
                std::vector<std::pair<std::string, std::string>> includes)
      : m_context(ctx), m_source(std::move(source)), m_includes(std::move(includes)) {}
  context get_context() const { return m_context; }
  const std::string &source() const { return m_source; }
  const std::vector<std::pair<std::string, std::string>> &include_files() const { return m_includes; }

 private:
  context m_context;
  std::string m_source;
  std::vector<std::pair<std::string, std::string>> m_includes;
};

namespace ext {
namespace oneapi {
namespace experimental {
#ifdef __SYCL_DEVICE_ONLY__
template <typename Props = empty_properties_t>
source_kernel_bundle create_kernel_bundle_from_source(const context &ctx, source_language language,
                                                      const std::string &source, Props props = {});
template <typename Props = empty_properties_t>
kernel_bundle<bundle_state::executable> build(const source_kernel_bundle &source, Props props = {});
#else
template <typename Props = empty_properties_t>
source_kernel_bundle create_kernel_bundle_from_source(const context &ctx, source_language language,
                                                      const std::string &source, Props props = {}) {
  if (language != source_language::sycl)
    throw sycl::exception(errc::invalid, "create_kernel_bundle_from_source: only source_language::sycl is supported");
  std::vector<std::pair<std::string, std::string>> includes;
  props.template with<include_files>([&](const include_files &f) { includes = f.record; });
  return source_kernel_bundle(ctx, source, includes);
}

// Compiles the source in the compiler's sandbox (syclcc --sandbox) and
// registers its kernels; errc::build with the compiler's diagnostics when
// it does not compile.
template <typename Props = empty_properties_t>
kernel_bundle<bundle_state::executable> build(const source_kernel_bundle &source, Props props = {}) {
  std::vector<std::string> options;
  props.template with<build_options>([&](const build_options &o) { options = o.opts; });
  std::string *log = nullptr;
  props.template with<save_log>([&](const save_log &s) { log = s.log; });
  std::vector<const char *> names, contents, opts;
  for (const auto &f : source.include_files()) {
    names.push_back(f.first.c_str());
    contents.push_back(f.second.c_str());
  }
  for (const auto &o : options) opts.push_back(o.c_str());
  syclone_program program = nullptr;
  if (syclone_program_build(source.source().c_str(), names.data(), contents.data(), names.size(),
                            opts.data(), opts.size(), &program) != 0) {
    if (log) *log = syclone_last_error();
    ::sycl::detail::throw_last_error();
  }
  if (log) *log = syclone_program_log(program);
  return kernel_bundle<bundle_state::executable>(std::make_shared<::sycl::detail::program_state>(program));
}
#endif
}  // namespace experimental
}  // namespace oneapi
}  // namespace ext
}  // namespace sycl
