// Device selectors: the SYCL 2020 callables, aspect_selector, a user
// callable (also one whose operator() is not const), a SYCL 1.2.1
// device_selector subclass, a queue from a context and a selector, and a
// selector that matches nothing (errc::runtime); devices cannot be split.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <string>
struct CountingSelector {
  int calls = 0;
  int operator()(const sycl::device& d) { return ++calls, d.is_gpu() ? 2 : 1; }
};
struct LegacySelector : sycl::device_selector {
  int operator()(const sycl::device& d) const override { return d.has(sycl::aspect::usm_shared_allocations) ? 1 : -1; }
};
int main() {
  int errors = 0;
  auto check = [&](bool ok, const char* what) { if (!ok) { std::printf("FAILED: %s\n", what); errors++; } };
  std::vector<sycl::device> all = sycl::device::get_devices();
  bool have_gpu = false, have_cpu = false;
  for (auto& d : all) { have_gpu |= d.is_gpu(); have_cpu |= d.is_cpu(); }

  sycl::queue dq{sycl::default_selector_v};
  check(dq.get_device() == all.front(), "default selector picks the preferred device");
  check(sycl::device{} == all.front(), "default-constructed device");

  try {
    sycl::queue gq{sycl::gpu_selector_v};
    check(have_gpu && gq.get_device().is_gpu(), "gpu selector gives a gpu");
  } catch (const sycl::exception& e) {
    check(!have_gpu && e.code() == sycl::errc::runtime, "gpu selector without a gpu throws errc::runtime");
  }
  try {
    sycl::queue cq{sycl::cpu_selector_v};
    check(have_cpu && cq.get_device().is_cpu(), "cpu selector gives a cpu");
  } catch (const sycl::exception& e) {
    check(!have_cpu && e.code() == sycl::errc::runtime, "cpu selector without a cpu throws");
  }
  bool threw = false;
  try {
    sycl::queue aq{sycl::accelerator_selector_v};
  } catch (const sycl::exception& e) {
    threw = e.code() == sycl::errc::runtime;
    // The message names the devices the selector rejected.
    std::string what = e.what();
    check(what.find("No device of requested type available") != std::string::npos &&
              what.find(all.front().get_info<sycl::info::device::name>()) != std::string::npos,
          "the message lists the rejected devices");
  }
  check(threw, "no accelerator: errc::runtime");

  // A user callable: prefer the last device in the list.
  size_t position = 0;
  auto last = [&](const sycl::device& d) {
    int score = 0;
    for (size_t i = 0; i < all.size(); ++i) if (all[i] == d) score = int(i);
    (void)position;
    return score;
  };
  check(sycl::device{last} == all.back(), "user callable");

  sycl::device usm_dev{sycl::aspect_selector(sycl::aspect::usm_shared_allocations)};
  check(usm_dev.has(sycl::aspect::usm_shared_allocations), "aspect_selector");
  threw = false;
  try {
    sycl::device none{sycl::aspect_selector({sycl::aspect::cpu, sycl::aspect::gpu})};
  } catch (const sycl::exception& e) {
    threw = e.code() == sycl::errc::runtime;
  }
  check(threw, "impossible aspect_selector throws");

  // A kernel runs on a queue built from a selected device.
  sycl::queue q{usm_dev};
  int* p = sycl::malloc_shared<int>(16, q);
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] = int(i) * 3; }).wait();
  for (int i = 0; i < 16; ++i) check(p[i] == i * 3, "kernel result");
  sycl::free(p, q);

  CountingSelector counting;
  sycl::queue from_counting(counting);
  LegacySelector legacy;
  sycl::queue from_legacy(legacy);
  cl::sycl::queue from_context(q.get_context(), sycl::default_selector_v);
  bool any_gpu = false;
  for (const sycl::device& d : sycl::device::get_devices()) any_gpu |= d.is_gpu();
  check(from_counting.get_device().is_gpu() == any_gpu, "a selector with a non-const operator() picks its best score");
  check(counting.calls == 0, "the selector is copied, as DPC++ does");
  check(from_legacy.get_device().has(sycl::aspect::usm_shared_allocations), "a device_selector subclass selects");
  check(from_context.get_device() == sycl::device(sycl::default_selector_v), "queue(context, selector)");
  bool unsplit = false;
  try {
    q.get_device().create_sub_devices<sycl::info::partition_property::partition_equally>(2);
  } catch (const sycl::exception& e) {
    unsplit = e.code() == sycl::errc::feature_not_supported;
  }
  check(unsplit, "create_sub_devices throws errc::feature_not_supported");
  if (errors == 0) std::printf("PASSED\n");
  return errors != 0;
}
