// Contexts hold the devices they were made from (SYCL 2020 4.6.3): one
// device, a list, a platform; their platform and info descriptors; common
// reference semantics; queues of a context use only its devices (another is
// errc::invalid, an exception that names the context); a queue made
// without a context shares its platform's default context; a context's
// async_handler receives the errors of its queues that have none.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>
template <typename F>
bool throws(sycl::errc code, F f) {
  try {
    f();
  } catch (const sycl::exception& e) {
    if (e.code() == code) return true;
    std::printf("wrong errc %d: %s\n", e.code().value(), e.what());
    return false;
  }
  std::printf("no exception\n");
  return false;
}
static bool contains(const std::vector<sycl::device>& list, const sycl::device& d) {
  return std::find(list.begin(), list.end(), d) != list.end();
}
int main() {
  int errors = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      errors++;
    }
  };
  sycl::device d{sycl::default_selector_v};
  std::vector<sycl::device> all = sycl::device::get_devices();
  std::printf("default device %s; %zu devices\n", d.get_info<sycl::info::device::name>().c_str(), all.size());

  // One device.
  sycl::context one{d};
  check(one.get_devices().size() == 1 && one.get_devices()[0] == d, "context(device) holds that device");
  check(one.get_platform() == d.get_platform(), "context(device)::get_platform");
  check(one.get_backend() == d.get_backend(), "context(device)::get_backend");
  check(one.get_info<sycl::info::context::devices>() == one.get_devices(), "info::context::devices");
  check(one.get_info<sycl::info::context::platform>() == d.get_platform(), "info::context::platform");
  std::vector<sycl::memory_scope> scopes = one.get_info<sycl::info::context::atomic_memory_scope_capabilities>();
  check(std::find(scopes.begin(), scopes.end(), sycl::memory_scope::device) != scopes.end(),
        "info::context::atomic_memory_scope_capabilities has device scope");
  check(!one.get_info<sycl::info::context::atomic_fence_order_capabilities>().empty(),
        "info::context::atomic_fence_order_capabilities");

  // Common reference semantics.
  sycl::context copy = one;
  sycl::context other{d};
  check(copy == one && !(copy != one), "a copy of a context is equal to it");
  check(other != one, "two contexts made apart are different");
  check(copy.get_info<sycl::info::context::reference_count>() >= 2, "info::context::reference_count counts copies");
  check(std::hash<sycl::context>{}(copy) == std::hash<sycl::context>{}(one), "equal contexts hash alike");

  // A list of devices, a platform, and the default context.
  sycl::context listed{std::vector<sycl::device>{d}, [](sycl::exception_list) {}};
  check(listed.get_devices().size() == 1, "context(std::vector<device>, async_handler)");
  sycl::context of_platform{d.get_platform()};
  check(of_platform.get_devices() == d.get_platform().get_devices(), "context(platform) holds the platform's devices");
  sycl::context by_default;
  check(contains(by_default.get_devices(), d), "a default context holds the default device");
  for (const sycl::device& x : by_default.get_devices())
    check(x.get_platform() == d.get_platform(), "a default context holds devices of one platform");
  check(throws(sycl::errc::invalid, [] { sycl::context none{std::vector<sycl::device>{}}; }),
        "a context of no devices");
  for (const sycl::device& x : all)
    if (x.get_platform() != d.get_platform())
      check(throws(sycl::errc::invalid, [&] { sycl::context mixed{std::vector<sycl::device>{d, x}}; }),
            "a context of devices of two platforms");

  // Queues of a context.
  sycl::queue q{one, d};
  check(q.get_context() == one, "queue(context, device)::get_context");
  check(q.get_info<sycl::info::queue::context>() == one, "info::queue::context");
  check(q.get_info<sycl::info::queue::device>() == d, "info::queue::device");
  int* p = sycl::malloc_shared<int>(2, q);
  q.single_task([=] { p[0] = 42; }).wait();
  check(p[0] == 42, "a queue of a one-device context runs kernels");
  for (const sycl::device& x : all) {
    if (x == d) continue;
    bool named_context = false;
    check(throws(sycl::errc::invalid,
                 [&] {
                   try {
                     sycl::queue outside{one, x};
                   } catch (const sycl::exception& e) {
                     named_context = e.has_context() && e.get_context() == one;
                     throw;
                   }
                 }),
          "a queue on a device outside its context");
    check(named_context, "the exception names the context");
  }
  sycl::queue chosen{of_platform, sycl::default_selector_v};
  check(chosen.get_device() == d && chosen.get_context() == of_platform, "queue(context, selector)");

  // Queues made without a context share their platform's default context.
  sycl::queue a{d}, b{d};
  check(a.get_context() == a.get_context(), "queue::get_context returns one context");
  check(a.get_context() == b.get_context(), "queues of one platform share its default context");
  check(contains(a.get_context().get_devices(), d), "the default context holds the queue's device");
  check(sycl::get_pointer_type(p, a.get_context()) == sycl::usm::alloc::shared, "get_pointer_type by context");
  int* h = sycl::malloc_host<int>(1, one);
  check(h != nullptr && sycl::get_pointer_type(h, one) == sycl::usm::alloc::host, "malloc_host(context)");
  sycl::free(h, one);

  // A context's async_handler serves its queues that have none.
  int handled = 0;
  sycl::context with_handler{d, [&](sycl::exception_list list) { handled += static_cast<int>(list.size()); }};
  sycl::queue reporting{with_handler, d};
  reporting.submit([&](sycl::handler& cgh) {
    cgh.host_task([] { throw sycl::exception(sycl::errc::runtime, "from a host task"); });
  });
  reporting.wait_and_throw();
  check(handled == 1, "the context's async_handler received the host task's error");

  sycl::free(p, q);
  if (errors == 0) std::printf("PASSED\n");
  return errors != 0;
}
