// Kernel bundles of the program's own kernels (SYCL 2020 4.11): kernel ids,
// get_kernel_bundle in the input, object and executable states, compile,
// link and build, specialization constants set on a bundle, and
// handler::use_kernel_bundle, device-image selectors and join. The runtime
// compiles a kernel's pipeline when it first launches it, so the states
// differ only in what they allow; an executable bundle was checked against
// its devices' aspects. An
// executable bundle may instead hold a program compiled at run time from
// source (kernel_compiler.hpp). Included by kernel_compiler.hpp, after the
// handler.
#pragma once

namespace sycl {

class kernel_id {
 public:
  kernel_id() = delete;
  // The kernel's key: the host compiler's name of the kernel name type.
  const char *get_name() const noexcept { return m_key.c_str(); }
  bool operator==(const kernel_id &other) const { return m_key == other.m_key; }
  bool operator!=(const kernel_id &other) const { return m_key != other.m_key; }
#ifndef __SYCL_DEVICE_ONLY__
  explicit kernel_id(std::string key) : m_key(std::move(key)) {}
#endif

 private:
  std::string m_key;
};

namespace detail {
struct program_state {
#ifndef __SYCL_DEVICE_ONLY__
  explicit program_state(syclone_program p) : handle(p) {}
  ~program_state() { syclone_program_release(handle); }
  program_state(const program_state &) = delete;
  program_state &operator=(const program_state &) = delete;
  syclone_program handle;
#endif
};
}  // namespace detail

namespace detail {
// What every kernel bundle of the program's kernels holds.
struct bundle_contents {
  context ctx;
  std::vector<device> devices;
  std::vector<kernel_id> ids;
#ifndef __SYCL_DEVICE_ONLY__
  spec_constant_values spec;
#endif
  bool has(const std::string &key) const {
    for (const kernel_id &id : ids)
      if (key == id.get_name()) return true;
    return false;
  }
  // Whether its specialization constants are all native: Vulkan devices
  // specialize the SPIR-V, the host device's kernels read the values
  // through their kernel_handler.
  bool native_spec_constants() const {
    for (const device &d : devices)
      if (d.get_backend() == backend::ext_syclone_host) return false;
    return true;
  }
  // Whether an image of its kernels uses specialization constant `symbol`
  // (any: null).
  bool uses_spec_constant(const char *symbol) const {
#ifndef __SYCL_DEVICE_ONLY__
    for (const kernel_id &id : ids)
      if (syclone_kernel_uses_spec_constant(id.get_name(), symbol) == 1) return true;
#endif
    (void)symbol;
    return false;
  }
};
}  // namespace detail

#ifdef __SYCL_DEVICE_ONLY__
template <typename KernelName>
kernel_id get_kernel_id();
std::vector<kernel_id> get_kernel_ids();
#else
// Every kernel of the program.
inline std::vector<kernel_id> get_kernel_ids() {
  std::string keys(syclone_kernel_keys(nullptr, 0), '\0');
  syclone_kernel_keys(keys.data(), keys.size());
  std::vector<kernel_id> ids;
  for (size_t at = 0; at < keys.size();) {
    size_t end = keys.find('\0', at);
    ids.emplace_back(keys.substr(at, end - at));
    at = end + 1;
  }
  return ids;
}
// The id of the kernel named `KernelName` (the name given to a
// parallel_for or single_task, or a kernel functor's type).
template <typename KernelName>
kernel_id get_kernel_id() {
  kernel_id id(typeid(KernelName *).name());
  for (const kernel_id &known : get_kernel_ids())
    if (known == id) return id;
  throw sycl::exception(errc::runtime, std::string("get_kernel_id: the program has no kernel ") + id.get_name());
}

namespace detail {
// The program's free-function kernels, which the integration footer
// registers at start-up: the function's address, its kernel key (its
// qualified name), the host device's runner and its parameters' sizes.
struct free_function_kernel_entry {
  const void *address;
  std::string key;
  syclone_host_kernel host;
  std::vector<size_t> param_sizes;
};
inline std::vector<free_function_kernel_entry> &free_function_kernels() {
  static std::vector<free_function_kernel_entry> all;
  return all;
}
inline const free_function_kernel_entry *free_function_kernel_at(const void *address) {
  for (const free_function_kernel_entry &e : free_function_kernels())
    if (e.address == address) return &e;
  return nullptr;
}
inline const free_function_kernel_entry *free_function_kernel_named(const std::string &key) {
  for (const free_function_kernel_entry &e : free_function_kernels())
    if (e.key == key) return &e;
  return nullptr;
}
template <typename... Params, size_t... I>
void call_free_function(void (*f)(Params...), const void *const *args, std::index_sequence<I...>) {
  f(*static_cast<const std::decay_t<Params> *>(args[I + 1])...);
}
template <typename... Params>
constexpr size_t free_function_arity(void (*)(Params...)) {
  return sizeof...(Params);
}
template <typename... Params>
std::vector<size_t> free_function_param_sizes(void (*)(Params...)) {
  return {sizeof(std::decay_t<Params>)...};
}
// Runs free-function kernel `Func` on the host (Kind 0: single_task; 1: the
// work-items [begin, end) of an nd_range): args[0] is the launch bounds,
// then one pointer per parameter.
template <auto *Func, int Kind, int Dimensions>
void run_free_function(const void *const *args, size_t begin, size_t end) {
  constexpr auto params = std::make_index_sequence<free_function_arity(Func)>();
  if constexpr (Kind == 0) {
    call_free_function(Func, args, params);
  } else {
    const auto &bounds = *static_cast<const launch_bounds<Dimensions> *>(args[0]);
    for (size_t i = begin; i < end; ++i) {
      nd_item<Dimensions> it = host_nd_item(bounds, i);
      enter_host_work_item(it);
      call_free_function(Func, args, params);
    }
  }
}
// Called by the integration footer for each free-function kernel.
template <auto *Func, int Kind, int Dimensions>
void register_free_function_kernel(const char *key) {
  free_function_kernels().push_back({reinterpret_cast<const void *>(Func), key,
                                     &run_free_function<Func, Kind, Dimensions>,
                                     free_function_param_sizes(Func)});
}
// The kernel object of a free-function kernel of the program, of `bundle`.
inline kernel free_function_kernel(const free_function_kernel_entry &e, std::shared_ptr<bundle_contents> bundle) {
  return kernel(std::move(bundle), e.key, e.host, e.param_sizes);
}
template <auto *Func>
const free_function_kernel_entry &free_function_kernel_of() {
  const free_function_kernel_entry *e = free_function_kernel_at(reinterpret_cast<const void *>(Func));
  if (!e)
    throw sycl::exception(errc::invalid,
                          "the function is not a free-function kernel of this program (one declared with "
                          "SYCL_EXT_ONEAPI_FUNCTION_PROPERTY, compiled by syclcc with its device pass)");
  return *e;
}
}  // namespace detail
#endif

// A device image of a bundle (SYCL 2020 4.11.13): one per kernel of the
// bundle, as the runtime compiles each kernel's pipeline on its own, for
// every device of the bundle (the runtime picks each device's SPIR-V or
// host code when the kernel launches).
template <bundle_state State>
class __SYCLONE_HOST_ONLY device_image {
 public:
  device_image() = delete;
  bool has_kernel(const kernel_id &id) const { return id == m_kernel; }
  bool has_kernel(const kernel_id &id, const device &dev) const {
    return has_kernel(id) && std::find(m_contents->devices.begin(), m_contents->devices.end(), dev) !=
                                 m_contents->devices.end();
  }
#ifndef __SYCL_DEVICE_ONLY__
  device_image(std::shared_ptr<detail::bundle_contents> contents, kernel_id kernel)
      : m_contents(std::move(contents)), m_kernel(std::move(kernel)) {}
#endif

 private:
  std::shared_ptr<detail::bundle_contents> m_contents;
  kernel_id m_kernel;
};

#ifndef __SYCL_DEVICE_ONLY__
namespace detail {
// The device images of the kernels of `contents`.
template <bundle_state State>
std::vector<device_image<State>> images_of(const std::shared_ptr<bundle_contents> &contents) {
  std::vector<device_image<State>> images;
  for (const kernel_id &id : contents->ids) images.emplace_back(contents, id);
  return images;
}
}  // namespace detail
#endif

// A bundle in the input or object state: specialization constants can be
// set on an input bundle; build (or compile, then link) makes it executable.
template <bundle_state State>
class __SYCLONE_HOST_ONLY kernel_bundle {
 public:
  using device_image_iterator = const device_image<State> *;
  bool empty() const { return m_contents->ids.empty(); }
  backend get_backend() const { return m_contents->devices.at(0).get_backend(); }
  context get_context() const { return m_contents->ctx; }
  std::vector<device> get_devices() const { return m_contents->devices; }
  bool has_kernel(const kernel_id &id) const { return m_contents->has(id.get_name()); }
  bool has_kernel(const kernel_id &id, const device &dev) const { return has_kernel(id) && holds(dev); }
  template <typename KernelName>
  bool has_kernel() const {
    return has_kernel(get_kernel_id<KernelName>());
  }
  template <typename KernelName>
  bool has_kernel(const device &dev) const {
    return has_kernel(get_kernel_id<KernelName>(), dev);
  }
  std::vector<kernel_id> get_kernel_ids() const { return m_contents->ids; }
  // A device image per kernel.
  device_image_iterator begin() const { return m_images.data(); }
  device_image_iterator end() const { return m_images.data() + m_images.size(); }
  bool native_specialization_constant() const noexcept { return m_contents->native_spec_constants(); }
  bool contains_specialization_constants() const noexcept { return m_contents->uses_spec_constant(nullptr); }
  template <auto &SpecName>
  bool has_specialization_constant() const noexcept {
#ifndef __SYCL_DEVICE_ONLY__
    return m_contents->uses_spec_constant(detail::spec_constant_key<SpecName>());
#else
    return false;
#endif
  }
  bool operator==(const kernel_bundle &other) const { return m_contents == other.m_contents; }
  bool operator!=(const kernel_bundle &other) const { return !(*this == other); }
  const void *identity() const { return m_contents.get(); }
  // sycl_ext_oneapi_free_function_kernels: whether the bundle holds `Func`.
  template <auto *Func>
  bool ext_oneapi_has_kernel() const;
  template <auto &SpecName>
  void set_specialization_constant(detail::spec_value_t<SpecName> value) {
    static_assert(State == bundle_state::input, "specialization constants are set on input bundles");
#ifndef __SYCL_DEVICE_ONLY__
    m_contents->spec.set(detail::spec_constant_key<SpecName>(), &value, sizeof(value));
#endif
  }
  template <auto &SpecName>
  detail::spec_value_t<SpecName> get_specialization_constant() const {
    detail::spec_value_t<SpecName> value = SpecName.m_default;
#ifndef __SYCL_DEVICE_ONLY__
    m_contents->spec.read(detail::spec_constant_key<SpecName>(), &value, sizeof(value));
#endif
    return value;
  }
#ifndef __SYCL_DEVICE_ONLY__
  explicit kernel_bundle(std::shared_ptr<detail::bundle_contents> contents)
      : m_contents(std::move(contents)), m_images(detail::images_of<State>(m_contents)) {}
  const std::shared_ptr<detail::bundle_contents> &contents() const { return m_contents; }
#endif

 private:
  bool holds(const device &dev) const {
    return std::find(m_contents->devices.begin(), m_contents->devices.end(), dev) != m_contents->devices.end();
  }
  std::shared_ptr<detail::bundle_contents> m_contents;
  std::vector<device_image<State>> m_images;
};

// An executable bundle: of the program's kernels, or of a program compiled
// at run time from source (ext_oneapi_has_kernel, ext_oneapi_get_kernel).
template <>
class __SYCLONE_HOST_ONLY kernel_bundle<bundle_state::executable> {
 public:
  using device_image_iterator = const device_image<bundle_state::executable> *;
  bool empty() const { return !m_program && m_contents->ids.empty(); }
  context get_context() const { return m_contents ? m_contents->ctx : context(); }
  std::vector<device> get_devices() const { return m_contents ? m_contents->devices : context().get_devices(); }
  backend get_backend() const { return get_devices().at(0).get_backend(); }
  bool has_kernel(const kernel_id &id) const { return m_contents && m_contents->has(id.get_name()); }
  bool has_kernel(const kernel_id &id, const device &dev) const {
    std::vector<device> devs = get_devices();
    return has_kernel(id) && std::find(devs.begin(), devs.end(), dev) != devs.end();
  }
  template <typename KernelName>
  bool has_kernel() const {
    return has_kernel(get_kernel_id<KernelName>());
  }
  template <typename KernelName>
  bool has_kernel(const device &dev) const {
    return has_kernel(get_kernel_id<KernelName>(), dev);
  }
  // A device image per kernel (none for a bundle of run-time compiled
  // source).
  device_image_iterator begin() const { return m_images.data(); }
  device_image_iterator end() const { return m_images.data() + m_images.size(); }
  bool native_specialization_constant() const noexcept { return !m_contents || m_contents->native_spec_constants(); }
  bool contains_specialization_constants() const noexcept {
    return m_contents && m_contents->uses_spec_constant(nullptr);
  }
  template <auto &SpecName>
  bool has_specialization_constant() const noexcept {
#ifndef __SYCL_DEVICE_ONLY__
    return m_contents && m_contents->uses_spec_constant(detail::spec_constant_key<SpecName>());
#else
    return false;
#endif
  }
  bool operator==(const kernel_bundle &other) const {
    return m_contents == other.m_contents && m_program == other.m_program;
  }
  bool operator!=(const kernel_bundle &other) const { return !(*this == other); }
  const void *identity() const {
    return m_contents ? static_cast<const void *>(m_contents.get()) : static_cast<const void *>(m_program.get());
  }
  std::vector<kernel_id> get_kernel_ids() const {
    return m_contents ? m_contents->ids : std::vector<kernel_id>();
  }
  template <typename KernelName>
  kernel get_kernel() const {
    return get_kernel(get_kernel_id<KernelName>());
  }
  template <auto &SpecName>
  detail::spec_value_t<SpecName> get_specialization_constant() const {
    detail::spec_value_t<SpecName> value = SpecName.m_default;
#ifndef __SYCL_DEVICE_ONLY__
    if (m_contents) m_contents->spec.read(detail::spec_constant_key<SpecName>(), &value, sizeof(value));
#endif
    return value;
  }
#ifndef __SYCL_DEVICE_ONLY__
  explicit kernel_bundle(std::shared_ptr<detail::bundle_contents> contents)
      : m_contents(std::move(contents)), m_images(detail::images_of<bundle_state::executable>(m_contents)) {}
  explicit kernel_bundle(std::shared_ptr<detail::program_state> program) : m_program(std::move(program)) {}
  const std::shared_ptr<detail::bundle_contents> &contents() const { return m_contents; }
  bool ext_oneapi_has_kernel(const std::string &name) const {
    if (!m_program) return false;
    int found = syclone_program_has_kernel(m_program->handle, name.c_str());
    if (found < 0) detail::throw_last_error();
    return found == 1;
  }
  // The kernel object of one of the bundle's kernels: to query its limits,
  // or, for a free-function kernel, to launch with handler::set_args.
  kernel get_kernel(const kernel_id &id) const {
    if (!has_kernel(id))
      throw sycl::exception(errc::invalid, std::string("kernel_bundle::get_kernel: the bundle does not hold kernel ") +
                                               id.get_name());
    if (const auto *e = detail::free_function_kernel_named(id.get_name()))
      return detail::free_function_kernel(*e, m_contents);
    return kernel(m_contents, id.get_name());
  }
  // sycl_ext_oneapi_free_function_kernels: the bundle's kernel of `Func`.
  template <auto *Func>
  bool ext_oneapi_has_kernel() const {
    return has_kernel(kernel_id(detail::free_function_kernel_of<Func>().key));
  }
  template <auto *Func>
  kernel ext_oneapi_get_kernel() const {
    return get_kernel(kernel_id(detail::free_function_kernel_of<Func>().key));
  }
  kernel ext_oneapi_get_kernel(const std::string &name) const {
    if (!m_program)
      throw sycl::exception(errc::invalid, "ext_oneapi_get_kernel: the bundle was not built from source");
    const char *key = syclone_program_kernel_key(m_program->handle, name.c_str());
    if (!key) detail::throw_last_error();
    return kernel(m_program, key, name);
  }

 private:
  std::shared_ptr<detail::bundle_contents> m_contents;
  std::shared_ptr<detail::program_state> m_program;
  std::vector<device_image<bundle_state::executable>> m_images;
#else
  kernel get_kernel(const kernel_id &id) const;
  bool ext_oneapi_has_kernel(const std::string &name) const;
  kernel ext_oneapi_get_kernel(const std::string &name) const;
  template <auto *Func>
  bool ext_oneapi_has_kernel() const;
  template <auto *Func>
  kernel ext_oneapi_get_kernel() const;

 private:
  std::shared_ptr<detail::bundle_contents> m_contents;
  std::shared_ptr<detail::program_state> m_program;
  std::vector<device_image<bundle_state::executable>> m_images;
#endif
};

#ifdef __SYCL_DEVICE_ONLY__
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs);
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx);
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs,
                                       const std::vector<kernel_id> &ids);
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<kernel_id> &ids);
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs);
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx);
template <bundle_state State, typename Selector,
          typename = std::enable_if_t<std::is_invocable_r_v<bool, Selector, const device_image<State> &>>>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs, Selector selector);
template <bundle_state State, typename Selector,
          typename = std::enable_if_t<std::is_invocable_r_v<bool, Selector, const device_image<State> &>>>
kernel_bundle<State> get_kernel_bundle(const context &ctx, Selector selector);
template <bundle_state State>
kernel_bundle<State> join(const std::vector<kernel_bundle<State>> &bundles);
template <bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<device> &devs);
template <bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<device> &devs, const std::vector<kernel_id> &ids);
template <bundle_state State>
bool has_kernel_bundle(const context &ctx);
template <bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<kernel_id> &ids);
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context &ctx);
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<device> &devs);
bool is_compatible(const std::vector<kernel_id> &ids, const device &dev);
template <typename KernelName>
bool is_compatible(const device &dev);
kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input> &input,
                                            const property_list &props = {});
kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object> &object,
                                             const property_list &props = {});
kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input> &input,
                                              const property_list &props = {});
namespace ext::oneapi::experimental {
template <auto *Func>
kernel_id get_kernel_id();
template <auto *Func, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs);
template <auto *Func, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx);
template <auto *Func>
bool is_compatible(const device &dev);
}  // namespace ext::oneapi::experimental
#else
namespace detail {
// The program's kernels among `ids` (all when empty) that every device of
// `devs` can run.
inline std::shared_ptr<bundle_contents> make_bundle(const context &ctx, const std::vector<device> &devs,
                                                    const std::vector<kernel_id> &ids, bool check_devices) {
  auto contents = std::make_shared<bundle_contents>();
  contents->ctx = ctx;
  contents->devices = devs.empty() ? ctx.get_devices() : devs;
  std::vector<kernel_id> wanted = ids.empty() ? get_kernel_ids() : ids;
  for (const kernel_id &id : wanted) {
    bool runs = true;
    for (const device &d : contents->devices) {
      int supported = syclone_kernel_supported(d.native(), id.get_name());
      if (supported < 0) throw_last_error();
      runs = runs && supported == 1;
    }
    if (runs) {
      contents->ids.push_back(id);
    } else if (check_devices && !ids.empty()) {
      throw sycl::exception(errc::invalid, std::string("get_kernel_bundle: kernel ") + id.get_name() +
                                               " cannot run on every device asked for");
    }
  }
  return contents;
}
inline bool bundle_has(const bundle_contents &b, const char *key) { return b.has(key); }
// The same contents, carried into another state.
inline std::shared_ptr<bundle_contents> copy_bundle(const std::shared_ptr<bundle_contents> &from) {
  return std::make_shared<bundle_contents>(*from);
}
}  // namespace detail

template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs) {
  return kernel_bundle<State>(detail::make_bundle(ctx, devs, {}, false));
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices());
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs,
                                       const std::vector<kernel_id> &ids) {
  return kernel_bundle<State>(detail::make_bundle(ctx, devs, ids, true));
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<kernel_id> &ids) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), ids);
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs) {
  return get_kernel_bundle<State>(ctx, devs, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx) {
  return get_kernel_bundle<KernelName, State>(ctx, ctx.get_devices());
}
// The program's kernels for `devs` whose device images `selector` chooses.
template <bundle_state State, typename Selector,
          typename = std::enable_if_t<std::is_invocable_r_v<bool, Selector, const device_image<State> &>>>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs, Selector selector) {
  std::shared_ptr<detail::bundle_contents> contents = detail::make_bundle(ctx, devs, {}, false);
  std::vector<kernel_id> chosen;
  for (const kernel_id &id : contents->ids)
    if (selector(device_image<State>(contents, id))) chosen.push_back(id);
  contents->ids = std::move(chosen);
  return kernel_bundle<State>(contents);
}
template <bundle_state State, typename Selector,
          typename = std::enable_if_t<std::is_invocable_r_v<bool, Selector, const device_image<State> &>>>
kernel_bundle<State> get_kernel_bundle(const context &ctx, Selector selector) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), selector);
}

namespace detail {
// The kernels of `b` added to `into`, and the specialization constants it set.
inline void join_into(bundle_contents &into, const bundle_contents &b) {
  if (!(b.ctx == into.ctx) || b.devices != into.devices)
    throw sycl::exception(errc::invalid, "join: the bundles differ in context or devices");
  for (const kernel_id &id : b.ids)
    if (!into.has(id.get_name())) into.ids.push_back(id);
  into.spec.set_all(b.spec);
}
}  // namespace detail
// One bundle of the kernels of `bundles`, which share a context and devices.
template <bundle_state State>
kernel_bundle<State> join(const std::vector<kernel_bundle<State>> &bundles) {
  if (bundles.empty()) throw sycl::exception(errc::invalid, "join: no bundles to join");
  auto joined = std::make_shared<detail::bundle_contents>();
  for (const kernel_bundle<State> &b : bundles) {
    if (!b.contents()) throw sycl::exception(errc::invalid, "join: a bundle of run-time compiled source");
    if (joined->devices.empty()) {
      joined->ctx = b.contents()->ctx;
      joined->devices = b.contents()->devices;
    }
    detail::join_into(*joined, *b.contents());
  }
  return kernel_bundle<State>(joined);
}

template <bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<device> &devs) {
  return !get_kernel_bundle<State>(ctx, devs).empty();
}
template <bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<device> &devs, const std::vector<kernel_id> &ids) {
  auto contents = detail::make_bundle(ctx, devs, ids, false);
  return contents->ids.size() == ids.size();
}
template <bundle_state State>
bool has_kernel_bundle(const context &ctx) {
  return has_kernel_bundle<State>(ctx, ctx.get_devices());
}
template <bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<kernel_id> &ids) {
  return has_kernel_bundle<State>(ctx, ctx.get_devices(), ids);
}
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context &ctx, const std::vector<device> &devs) {
  return has_kernel_bundle<State>(ctx, devs, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context &ctx) {
  return has_kernel_bundle<KernelName, State>(ctx, ctx.get_devices());
}
// Whether `dev` can run the kernels `ids` (their aspects, sub-groups).
inline bool is_compatible(const std::vector<kernel_id> &ids, const device &dev) {
  for (const kernel_id &id : ids) {
    int supported = syclone_kernel_supported(dev.native(), id.get_name());
    if (supported < 0) detail::throw_last_error();
    if (supported == 0) return false;
  }
  return true;
}
template <typename KernelName>
bool is_compatible(const device &dev) {
  return is_compatible({get_kernel_id<KernelName>()}, dev);
}

inline kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input> &input,
                                                   const property_list & = {}) {
  return kernel_bundle<bundle_state::object>(detail::copy_bundle(input.contents()));
}
inline kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object> &object,
                                                    const property_list & = {}) {
  return kernel_bundle<bundle_state::executable>(detail::copy_bundle(object.contents()));
}
inline kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input> &input,
                                                     const property_list & = {}) {
  return kernel_bundle<bundle_state::executable>(detail::copy_bundle(input.contents()));
}

template <bundle_state State>
template <auto *Func>
bool kernel_bundle<State>::ext_oneapi_has_kernel() const {
  return has_kernel(kernel_id(detail::free_function_kernel_of<Func>().key));
}

// sycl_ext_oneapi_free_function_kernels: ids and bundles of the program's
// free-function kernels, by function.
namespace ext::oneapi::experimental {
template <auto *Func>
kernel_id get_kernel_id() {
  return kernel_id(sycl::detail::free_function_kernel_of<Func>().key);
}
template <auto *Func, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx, const std::vector<device> &devs) {
  return sycl::get_kernel_bundle<State>(ctx, devs, {get_kernel_id<Func>()});
}
template <auto *Func, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx) {
  return get_kernel_bundle<Func, State>(ctx, ctx.get_devices());
}
template <auto *Func>
bool is_compatible(const device &dev) {
  return sycl::is_compatible({get_kernel_id<Func>()}, dev);
}
}  // namespace ext::oneapi::experimental

inline context kernel::get_context() const { return m_bundle ? m_bundle->ctx : context(); }
inline kernel_bundle<bundle_state::executable> kernel::get_kernel_bundle() const {
  using executable = kernel_bundle<bundle_state::executable>;
  return m_bundle ? executable(m_bundle) : executable(m_program);
}

// Kernels of the command group must come from `bundle`, which also gives
// them its specialization constants.
inline void handler::use_kernel_bundle(const kernel_bundle<bundle_state::executable> &bundle) {
  m_bundle = bundle.contents();
  if (!m_bundle)
    throw sycl::exception(errc::invalid, "use_kernel_bundle: a bundle of run-time compiled source");
  m_spec = m_bundle->spec;
}
#endif

}  // namespace sycl
