// Device and platform descriptors: every visible device answers get_info
// with values that make sense, and the queue's device is one of them; peer
// access (sycl_ext_oneapi_peer_access) holds only between a device and
// itself, and enabling it between two devices throws.
#include <sycl/sycl.hpp>
#include <sstream>
#include <cstdio>
#include <string>
int main() {
  int errors = 0;
  auto check = [&](bool ok, const char* what) { if (!ok) { std::printf("FAILED: %s\n", what); errors++; } };
  std::vector<sycl::device> devices = sycl::device::get_devices();
  check(!devices.empty(), "at least one device");
  for (const sycl::device& d : devices) {
    std::string name = d.get_info<sycl::info::device::name>();
    check(!name.empty(), "name");
    check(!d.get_info<sycl::info::device::vendor>().empty(), "vendor");
    check(!d.get_info<sycl::info::device::driver_version>().empty(), "driver_version");
    check(d.get_info<sycl::info::device::max_compute_units>() >= 1, "max_compute_units");
    size_t wg = d.get_info<sycl::info::device::max_work_group_size>();
    check(wg >= 64, "max_work_group_size");
    sycl::range<3> items = d.get_info<sycl::info::device::max_work_item_sizes<3>>();
    check(items[2] >= 64 && items[2] <= wg, "max_work_item_sizes");
    check(d.get_info<sycl::info::device::local_mem_size>() >= 16384, "local_mem_size");
    check(d.get_info<sycl::info::device::global_mem_size>() > 0, "global_mem_size");
    check(d.get_info<sycl::info::device::max_mem_alloc_size>() > 0, "max_mem_alloc_size");
    check(!d.get_info<sycl::info::device::sub_group_sizes>().empty(), "sub_group_sizes");
    sycl::info::device_type t = d.get_info<sycl::info::device::device_type>();
    check((t == sycl::info::device_type::gpu) == d.is_gpu(), "device_type matches is_gpu");
    check(d.is_gpu() != d.is_cpu(), "gpu xor cpu");
    check(d.has(sycl::aspect::gpu) == d.is_gpu() && d.has(sycl::aspect::cpu) == d.is_cpu(), "type aspects");
    check(d.has(sycl::aspect::usm_device_allocations) && d.has(sycl::aspect::usm_shared_allocations) &&
              d.has(sycl::aspect::usm_host_allocations), "usm aspects");
    // Images are a library over buffers: every device has them.
    check(d.has(sycl::aspect::image) && d.has(sycl::aspect::ext_intel_legacy_image), "image aspects");
    std::vector<sycl::aspect> aspects = d.get_info<sycl::info::device::aspects>();
    bool listed_fp64 = false;
    bool listed_legacy_image = false;
    for (sycl::aspect a : aspects) listed_fp64 |= a == sycl::aspect::fp64;
    for (sycl::aspect a : aspects) listed_legacy_image |= a == sycl::aspect::ext_intel_legacy_image;
    check(listed_legacy_image, "the last aspect is listed");
    check(listed_fp64 == d.has(sycl::aspect::fp64), "aspects list agrees with has()");
    check(d.get_info<sycl::info::device::partition_max_sub_devices>() == 0 &&
              d.get_info<sycl::info::device::partition_properties>().empty(), "no sub-devices");
    check(d.get_info<sycl::info::device::image_support>() &&
              d.get_info<sycl::info::device::image2d_max_width>() >= 8192, "image limits");
    check(d.get_info<sycl::info::device::max_parameter_size>() >= 1024, "max_parameter_size");
    check(d.get_info<sycl::info::device::local_mem_type>() == sycl::info::local_mem_type::local, "local_mem_type");
    check(d.get_info<sycl::info::device::double_fp_config>().empty() != d.has(sycl::aspect::fp64),
          "double_fp_config follows fp64");
    check(d.get_info<sycl::info::device::usm_shared_allocations>(), "usm_shared_allocations");
    sycl::platform p = d.get_platform();
    check(!p.get_info<sycl::info::platform::name>().empty(), "platform name");
    check(p.get_info<sycl::info::platform::profile>() == "FULL_PROFILE", "platform profile");
    check(d.get_backend() != sycl::backend::opencl && d.get_backend() != sycl::backend::ext_oneapi_level_zero,
          "no OpenCL or Level Zero devices");
    std::ostringstream backend_name;
    backend_name << p.get_backend();
    check(backend_name.str().rfind("ext_syclone_", 0) == 0, "a backend prints its name");
    bool in_platform = false;
    for (const sycl::device& pd : p.get_devices()) in_platform |= pd == d;
    check(in_platform, "device is listed by its platform");
    for (const sycl::device& other : devices) {
      bool peer = d.ext_oneapi_can_access_peer(other);
      check(peer == (d == other), "peer access only with itself");
      bool threw = false;
      try {
        sycl::device self = d;
        self.ext_oneapi_enable_peer_access(other);
        self.ext_oneapi_disable_peer_access(other);
      } catch (const sycl::exception& e) {
        threw = e.code() == sycl::errc::feature_not_supported;
      }
      check(threw == !peer, "enabling peer access throws between two devices");
    }
    std::printf("%s: %s, %zu max work-group, %llu MiB\n", name.c_str(), d.is_gpu() ? "gpu" : "cpu", wg,
                d.get_info<sycl::info::device::global_mem_size>() >> 20);
  }
  size_t platform_devices = 0;
  for (const sycl::platform& p : sycl::platform::get_platforms()) platform_devices += p.get_devices().size();
  check(platform_devices == devices.size(), "platforms partition the devices");
  sycl::queue q;
  bool found = false;
  for (const sycl::device& d : devices) found |= d == q.get_device();
  check(found, "queue device is visible");
  if (errors == 0) std::printf("PASSED\n");
  return errors != 0;
}
