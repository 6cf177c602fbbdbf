// SYCL 2020 host API beyond the basics: handler::update_host writes the
// buffer's host memory; queue shortcuts with dependencies and reductions;
// event wait lists; ==, != and std::hash of the common-reference classes;
// platform::has; parent_device and built_in_kernel_ids; the template
// aspect_selector; exceptions with and without a context; host tasks taking
// an interop_handle; buffers of const T; host accessors with tags, no_init
// and regions; accessor::get_offset (host and kernel); usm_allocator of a
// context and device; has_kernel_bundle of a context, device images. Also
// host code the device pass must type-check quietly (std::atomic,
// make_error_code, weak_ptr of an aliasing shared_ptr).
#include <sycl/sycl.hpp>
#include <atomic>
#include <cstdio>
#include <memory>
#include <unordered_set>
#include <vector>
class FirstKernel;
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
int main() {
  using namespace sycl;
  int errors = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      errors++;
    }
  };
  queue q;
  device d = q.get_device();

  // update_host: the vector the buffer was made from is current after it,
  // with and without use_host_ptr, while the buffer lives.
  {
    std::vector<int> hv(32, 0), pv(32, 0);
    buffer<int> b(hv.data(), range<1>(32));
    buffer<int> pb(pv.data(), range<1>(32), {property::buffer::use_host_ptr{}});
    q.submit([&](handler& h) {
      accessor a{b, h, write_only};
      h.parallel_for<FirstKernel>(range<1>(32), [=](id<1> i) { a[i] = static_cast<int>(i[0]) + 3; });
    });
    q.submit([&](handler& h) {
      accessor a{pb, h, write_only};
      h.parallel_for(range<1>(32), [=](id<1> i) { a[i] = 7; });
    });
    q.submit([&](handler& h) {
      accessor a{b, h, read_only};
      h.update_host(a);
    });
    q.submit([&](handler& h) {
      accessor a{pb, h, read_only};
      h.update_host(a);
    });
    q.wait();  // both update_host commands (host tasks) completed
    check(hv[0] == 3 && hv[31] == 34, "update_host writes the buffer's host memory");
    check(pv[0] == 7 && pv[31] == 7, "update_host of a use_host_ptr buffer");
  }

  // Queue shortcuts with dependencies and reductions (SYCL 2020 4.6.5.3).
  int* x = malloc_shared<int>(1, q);
  int* s = malloc_shared<int>(3, q);
  s[0] = s[1] = s[2] = 0;
  event e0 = q.single_task([=] { *x = 2; });
  event e1 = q.single_task(std::vector<event>{e0}, [=] { *x += 1; });
  event e2 = q.parallel_for(range<1>(10), e1, reduction(s, plus<int>()), [=](id<1>, auto& r) { r += *x; });
  event e3 = q.parallel_for(range<1>(10), std::vector<event>{e2}, reduction(s, plus<int>()),
                            [=](id<1>, auto& r) { r += 1; });
  event e4 = q.parallel_for(nd_range<1>(range<1>(8), range<1>(4)), e3, reduction(s + 1, plus<int>()),
                            reduction(s + 2, maximum<int>()), [=](nd_item<1> it, auto& sum, auto& big) {
                              sum += 1;
                              big.combine(static_cast<int>(it.get_global_id(0)));
                            });
  q.parallel_for(nd_range<1>(range<1>(8), range<1>(4)), std::vector<event>{e4}, reduction(s + 1, plus<int>()),
                 [=](nd_item<1>, auto& sum) { sum += 2; })
      .wait();
  check(s[0] == 40, "parallel_for(range, event(s), reduction) shortcuts");
  check(s[1] == 24 && s[2] == 7, "parallel_for(nd_range, event(s), reductions) shortcuts");

  // Event wait lists and equality.
  std::vector<event> waits = e1.get_wait_list();
  check(waits.size() == 1 && waits[0] == e0, "event::get_wait_list holds the dependency");
  check(e0.get_wait_list().empty(), "an event without dependencies waits for none");
  event e0_copy = e0;
  check(e0_copy == e0 && e0 != e1, "event equality");
  check(e0.get_backend() == d.get_backend(), "event::get_backend");

  // std::hash of the common-reference classes.
  std::vector<device> listed = device::get_devices();
  std::unordered_set<device> devices(listed.begin(), listed.end());
  check(devices.count(d) == 1, "std::hash<device>");
  check(std::hash<queue>{}(q) == std::hash<queue>{}(queue(q)), "std::hash<queue>");
  check(std::hash<platform>{}(d.get_platform()) == std::hash<platform>{}(platform(d.get_platform())),
        "std::hash<platform>");
  check(std::hash<event>{}(e0) == std::hash<event>{}(e0_copy), "std::hash<event>");

  // Devices and platforms.
  check(d.get_platform().has(aspect::usm_shared_allocations), "platform::has: every device has shared USM");
  check(!d.get_platform().has(aspect::accelerator), "platform::has: no accelerator");
  check(throws(errc::invalid, [&] { d.get_info<info::device::parent_device>(); }),
        "parent_device of a root device");
  check(d.get_info<info::device::built_in_kernel_ids>().empty(), "no built-in kernels");
  device usm_device{aspect_selector<aspect::usm_shared_allocations>()};
  check(usm_device.has(aspect::usm_shared_allocations), "aspect_selector<aspect...>()");
  check(throws(errc::runtime, [] { device none{aspect_selector<aspect::accelerator, aspect::gpu>()}; }),
        "aspect_selector<aspect...>() matching nothing");

  // Exceptions, as programs construct them.
  exception plain(make_error_code(errc::invalid), "plain");
  check(!plain.has_context() && plain.code() == errc::invalid, "an exception without a context");
  check(throws(errc::invalid, [&] { plain.get_context(); }), "get_context of an exception without one");
  exception with(q.get_context(), make_error_code(errc::kernel), "with");
  check(with.has_context() && with.get_context() == q.get_context(), "an exception with a context");
  exception by_category(static_cast<int>(errc::build), sycl_category());
  check(by_category.code() == errc::build, "exception(int, category)");

  // Host tasks taking an interop_handle.
  backend seen = backend::opencl;
  q.submit([&](handler& cgh) { cgh.host_task([&](interop_handle ih) { seen = ih.get_backend(); }); }).wait();
  check(seen == d.get_backend(), "host_task(interop_handle)");

  // Buffers of const T, host accessors with tags, no_init and regions.
  int data[4] = {1, 2, 3, 4};
  int* out = malloc_shared<int>(1, q);
  {
    const int* cdata = data;
    buffer<const int> cb{cdata, range<1>(4)};
    q.submit([&](handler& h) {
      accessor a{cb, h, read_only};
      h.single_task([=] { *out = a[0] + a[3]; });
    }).wait();
    host_accessor ca{cb, read_only};
    check(ca[2] == 3, "host_accessor of a buffer<const int>");
  }
  check(*out == 5, "a kernel reads a buffer<const int>");
  std::vector<int> grid(4 * 6, 0);
  {
    buffer<int, 2> b2(grid.data(), range<2>(4, 6));
    {
      host_accessor all{b2, write_only, no_init};
      for (size_t i = 0; i < 4; ++i)
        for (size_t j = 0; j < 6; ++j) all[i][j] = static_cast<int>(i * 10 + j);
    }
    {
      host_accessor part{b2, range<2>(2, 3), id<2>(1, 2), read_only};
      check(part[0][0] == 12 && part[id<2>(1, 2)] == 24, "a ranged host_accessor with an offset");
      check(part.get_offset() == id<2>(1, 2) && part.get_range() == range<2>(2, 3),
            "host_accessor offset and range");
      auto by_call = b2.get_host_access(range<2>(1, 2), id<2>(3, 4), read_only);
      check(by_call[0][1] == 35, "buffer::get_host_access(range, id, tag)");
      auto writer = b2.get_host_access(range<2>(1, 1), id<2>(0, 0));
      writer[0][0] = -1;
    }  // the kernels below use b2: they run once its host accessors are gone
    // accessor::get_offset on the host and in a kernel.
    id<2>* offs = malloc_shared<id<2>>(1, q);
    q.submit([&](handler& h) {
      accessor a{b2, h, range<2>(2, 2), id<2>(2, 3), read_only};
      check(a.get_offset() == id<2>(2, 3), "accessor::get_offset on the host");
      auto a2 = a;
      check(a2 == a && std::hash<decltype(a)>{}(a2) == std::hash<decltype(a)>{}(a), "accessor equality");
      h.single_task([=] {
        *offs = a.get_offset();
        *out = a[0][1];
      });
    }).wait();
    check(*offs == id<2>(2, 3) && *out == 24, "accessor::get_offset in a kernel");
    free(offs, q);
    buffer<int, 2> same = b2;
    check(same == b2 && std::hash<buffer<int, 2>>{}(same) == std::hash<buffer<int, 2>>{}(b2), "buffer equality");
    buffer<int, 2> sub(b2, id<2>(2, 0), range<2>(2, 6));
    check(sub != b2, "a sub-buffer is another buffer");
    host_accessor h1{b2, read_only};
    host_accessor h2 = h1;
    check(h1 == h2, "host_accessor equality");
  }
  check(grid[0] == -1 && grid[23] == 35, "the buffer wrote its host memory back");

  // usm_allocator of a context and a device.
  {
    usm_allocator<int, usm::alloc::shared> alloc{q.get_context(), d};
    std::vector<int, usm_allocator<int, usm::alloc::shared>> v(8, 1, alloc);
    int* vp = v.data();
    q.parallel_for(range<1>(8), [=](id<1> i) { vp[i] += static_cast<int>(i[0]); }).wait();
    check(v[7] == 8 && get_pointer_type(vp, q.get_context()) == usm::alloc::shared, "usm_allocator(context, device)");
  }

  // Kernel bundles of a context.
  check(has_kernel_bundle<bundle_state::executable>(q.get_context()), "has_kernel_bundle(context)");
  auto kb = get_kernel_bundle<bundle_state::executable>(q.get_context());
  check(kb.has_kernel<FirstKernel>(d), "kernel_bundle::has_kernel<K>(device)");
  check(kb.get_backend() == d.get_backend(), "kernel_bundle::get_backend");
  size_t images = 0;
  for (auto& img : kb) images += img.has_kernel(get_kernel_id<FirstKernel>(), d) ? 1 : 0;
  check(images == 1, "the bundle's device image holds the kernel");
  auto kb_copy = kb;
  check(kb_copy == kb, "kernel_bundle equality");
  kernel k1 = kb.get_kernel<FirstKernel>(), k2 = kb.get_kernel<FirstKernel>();
  check(k1 == k2 && std::hash<kernel>{}(k1) == std::hash<kernel>{}(k2), "kernel equality");

  // Host code the device pass type-checks: std::atomic comparisons and
  // loops, make_error_code unqualified, weak_ptr of an aliasing shared_ptr.
  std::atomic<int> ran{0};
  std::atomic<bool> holding{true};
  q.submit([&](handler& cgh) {
    cgh.host_task([&] {
      ran++;
      holding = false;
    });
  });
  while (holding) {
  }
  q.wait();
  check(ran == 1 && !holding, "std::atomic in host code");
  exception unqualified(make_error_code(errc::invalid), "x");
  check(unqualified.code() == errc::invalid, "unqualified make_error_code");
  auto owner = std::make_shared<std::vector<int>>(3, 5);
  std::shared_ptr<int> element(owner, owner->data() + 1);
  std::weak_ptr<int> watch(element);
  check(!watch.expired() && *watch.lock() == 5, "weak_ptr of an aliasing shared_ptr");
  context ctx{q.get_device()};
  check(ctx.get_devices().size() == 1, "context{q.get_device()}");

  free(out, q);
  free(x, q);
  free(s, q);
  if (errors == 0) std::printf("PASSED\n");
  return errors != 0;
}
