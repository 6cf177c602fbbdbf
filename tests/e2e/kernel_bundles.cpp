// Kernel bundles of the program's own kernels: kernel ids, executable
// bundles used by a command group (a kernel outside the bundle is
// errc::kernel_not_supported), an input bundle with a specialization
// constant built into an executable one, compile + link, is_compatible.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>

class AddOne;
class Scale;
class NotAKernel;
constexpr sycl::specialization_id<int> factor_id{2};

int main() {
  sycl::queue q;
  int errors = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      errors++;
    }
  };
  int *data = sycl::malloc_shared<int>(8, q);
  for (int i = 0; i < 8; ++i) data[i] = i;

  sycl::kernel_id add_id = sycl::get_kernel_id<AddOne>();
  std::vector<sycl::kernel_id> all = sycl::get_kernel_ids();
  check(std::find(all.begin(), all.end(), add_id) != all.end(), "get_kernel_ids lists AddOne");
  check(sycl::is_compatible<AddOne>(q.get_device()), "is_compatible");

  auto exe = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {q.get_device()}, {add_id});
  check(exe.has_kernel(add_id) && exe.has_kernel<AddOne>() && !exe.has_kernel<Scale>(), "has_kernel");
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(exe);
     h.parallel_for<AddOne>(sycl::range<1>(8), [=](sycl::id<1> i) { data[i] += 1; });
   }).wait();
  check(data[7] == 8, "a kernel from an executable bundle runs");

  // A kernel object of the bundle answers the device-specific queries.
  sycl::kernel add_kernel = exe.get_kernel(add_id);
  size_t kernel_wg = add_kernel.get_info<sycl::info::kernel_device_specific::work_group_size>(q.get_device());
  size_t multiple =
      add_kernel.get_info<sycl::info::kernel_device_specific::preferred_work_group_size_multiple>(q.get_device());
  check(kernel_wg >= 1 && kernel_wg <= q.get_device().get_info<sycl::info::device::max_work_group_size>(),
        "kernel work_group_size within the device's");
  check(multiple >= 1 && kernel_wg % multiple == 0, "preferred_work_group_size_multiple divides it");
  bool missing = false;
  try {
    (void)exe.get_kernel<Scale>();
  } catch (const sycl::exception &e) {
    missing = e.code() == sycl::errc::invalid;
  }
  check(missing, "get_kernel of a kernel outside the bundle is errc::invalid");

  auto scale = [=](sycl::kernel_handler kh) { data[0] *= kh.get_specialization_constant<factor_id>(); };
  bool refused = false;
  try {
    q.submit([&](sycl::handler &h) {
       h.use_kernel_bundle(exe);
       h.single_task<Scale>(scale);
     }).wait();
  } catch (const sycl::exception &e) {
    refused = e.code() == sycl::errc::kernel_not_supported;
  }
  check(refused, "a kernel outside the bundle is kernel_not_supported");

  // Specialization constants set on an input bundle.
  auto input = sycl::get_kernel_bundle<Scale, sycl::bundle_state::input>(q.get_context());
  input.set_specialization_constant<factor_id>(5);
  auto built = sycl::build(input);
  check(built.get_specialization_constant<factor_id>() == 5, "the built bundle keeps the constant");
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(built);
     h.single_task<Scale>(scale);
   }).wait();
  check(data[0] == 5, "the kernel reads the bundle's specialization constant");
  auto linked = sycl::link(sycl::compile(input));
  check(linked.has_kernel<Scale>() && !linked.empty(), "compile then link");

  bool unknown = false;
  try {
    sycl::get_kernel_id<NotAKernel>();
  } catch (const sycl::exception &e) {
    unknown = e.code() == sycl::errc::runtime;
  }
  check(unknown, "get_kernel_id of a type that names no kernel");

  sycl::free(data, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
