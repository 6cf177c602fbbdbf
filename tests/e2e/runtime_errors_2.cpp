// More errors with SYCL 2020's codes: nd_ranges whose local range has a zero
// extent or exceeds the device's work-group limits are errc::nd_range on
// every device; an empty global range runs nothing whatever its local range;
// a ranged accessor or host accessor beyond its buffer and a second command
// in one command group are errc::invalid.
#include <sycl/sycl.hpp>
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
int main() {
  int errors = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      errors++;
    }
  };
  sycl::queue q;
  sycl::device dev = q.get_device();
  std::printf("device: %s\n", dev.get_info<sycl::info::device::name>().c_str());
  int* p = sycl::malloc_shared<int>(4, q);
  p[0] = p[1] = p[2] = p[3] = 0;

  // A zero local extent of a non-empty global range (SYCL 2020 4.9.4.2.2).
  check(throws(sycl::errc::nd_range, [&] {
          q.parallel_for(sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(0)),
                         [=](sycl::nd_item<1>) { p[0] = 1; }).wait();
        }),
        "nd_range<1> with a local range of 0");
  check(throws(sycl::errc::nd_range, [&] {
          q.parallel_for(sycl::nd_range<2>(sycl::range<2>(8, 8), sycl::range<2>(4, 0)),
                         [=](sycl::nd_item<2>) { p[0] = 1; }).wait();
        }),
        "nd_range<2> with a local extent of 0 in dimension 1");
  check(throws(sycl::errc::nd_range, [&] {
          q.parallel_for(sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(0)),
                         sycl::reduction(p + 3, sycl::plus<int>()),
                         [=](sycl::nd_item<1>, auto& r) { r += 1; }).wait();
        }),
        "a reduction over an nd_range with a local range of 0");
  check(p[0] == 0 && p[3] == 0, "no kernel of a refused nd_range ran");

  // An empty global range: the kernel does not run, the local range is
  // ignored (even 0), and the event completes.
  bool empty_ok = true;
  try {
    q.parallel_for(sycl::nd_range<1>(sycl::range<1>(0), sycl::range<1>(16)),
                   [=](sycl::nd_item<1>) { p[1] = 1; }).wait();
    q.parallel_for(sycl::nd_range<2>(sycl::range<2>(16, 0), sycl::range<2>(4, 4)),
                   [=](sycl::nd_item<2>) { p[1] = 2; }).wait();
    q.parallel_for(sycl::nd_range<2>(sycl::range<2>(0, 8), sycl::range<2>(0, 0)),
                   [=](sycl::nd_item<2>) { p[1] = 3; }).wait();
    sycl::event e = q.parallel_for(sycl::nd_range<2>(sycl::range<2>(8, 0), sycl::range<2>(2, 0)),
                                   [=](sycl::nd_item<2>) { p[1] = 4; });
    e.wait();
    empty_ok = e.get_info<sycl::info::event::command_execution_status>() ==
               sycl::info::event_command_status::complete;
  } catch (const sycl::exception& e) {
    std::printf("empty global range threw: %s\n", e.what());
    empty_ok = false;
  }
  check(empty_ok, "empty global ranges are accepted");
  check(p[1] == 0, "the kernel of an empty global range does not run");

  // Work-groups beyond the device's limits.
  size_t max_wg = dev.get_info<sycl::info::device::max_work_group_size>();
  sycl::range<3> max_items = dev.get_info<sycl::info::device::max_work_item_sizes<3>>();
  check(throws(sycl::errc::nd_range, [&] {
          q.parallel_for(sycl::nd_range<1>(sycl::range<1>(max_wg * 4), sycl::range<1>(max_wg * 2)),
                         [=](sycl::nd_item<1> it) {
                           if (it.get_global_id(0) == 0) p[2] = 1;
                         }).wait();
        }),
        "a work-group of twice max_work_group_size");
  check(throws(sycl::errc::nd_range, [&] {
          size_t side = max_items[1] * 2;
          q.parallel_for(sycl::nd_range<2>(sycl::range<2>(side, 1), sycl::range<2>(side, 1)),
                         [=](sycl::nd_item<2> it) {
                           if (it.get_global_linear_id() == 0) p[2] = 2;
                         }).wait();
        }),
        "a work-group beyond max_work_item_sizes in dimension 0 of two");
  check(p[2] == 0, "no kernel of an oversized work-group ran");
  // The largest work-group the device allows still runs.
  size_t largest = std::min(max_wg, max_items[2]);
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(largest * 2), sycl::range<1>(largest)),
                 [=](sycl::nd_item<1> it) {
                   if (it.get_global_id(0) == 0) p[2] = static_cast<int>(it.get_local_range(0));
                 }).wait();
  check(p[2] == static_cast<int>(largest), "a work-group of the device's maximum size runs");

  // Accessor regions beyond the buffer, and two commands in one group.
  sycl::buffer<int> b{sycl::range<1>(10)};
  check(throws(sycl::errc::invalid, [&] {
          q.submit([&](sycl::handler& h) {
            sycl::accessor a{b, h, sycl::range<1>(8), sycl::id<1>(5)};
            h.single_task([=] { a[0] = 1; });
          });
        }),
        "a ranged accessor past the end of its buffer");
  check(throws(sycl::errc::invalid, [&] { sycl::host_accessor h{b, sycl::range<1>(4), sycl::id<1>(7)}; }),
        "a ranged host_accessor past the end of its buffer");
  check(throws(sycl::errc::invalid, [&] {
          q.submit([&](sycl::handler& h) {
            h.single_task([=] { p[0] = 1; });
            h.parallel_for(sycl::range<1>(2), [=](sycl::id<1> i) { p[i] = 1; });
          });
        }),
        "two commands in one command group");
  q.wait();
  // The queue keeps working after the refused submissions.
  q.single_task([=] { p[3] = 7; }).wait();
  check(p[3] == 7, "the queue still works");
  sycl::free(p, q);
  if (errors == 0) std::printf("PASSED\n");
  return errors != 0;
}
