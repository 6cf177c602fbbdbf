// sycl_ext_intel_device_info's free memory: every device has the aspect;
// the value never exceeds the device's memory, and on a Vulkan device an
// allocation of 64 MiB lowers it by at least that much until it is freed.
#include <sycl/sycl.hpp>
#include <cstdio>

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main() {
  sycl::queue q;
  sycl::device dev = q.get_device();
  namespace intel_info = sycl::ext::intel::info::device;
  check(dev.has(sycl::aspect::ext_intel_free_memory), "aspect ext_intel_free_memory");
  auto total = dev.get_info<sycl::info::device::global_mem_size>();
  auto before = dev.get_info<intel_info::free_memory>();
  check(before > 0 && before <= total, "free memory within the device's memory");

  constexpr size_t BYTES = size_t(64) << 20;
  char *block = sycl::malloc_device<char>(BYTES, q);
  q.memset(block, 1, BYTES).wait();
  auto during = dev.get_info<intel_info::free_memory>();
  check(during <= total, "free memory with an allocation within the device's memory");
  bool gpu_memory = dev.get_backend() != sycl::backend::ext_syclone_host;
  if (gpu_memory) check(during + BYTES <= before, "an allocation of 64 MiB counts");
  sycl::free(block, q);
  auto after = dev.get_info<intel_info::free_memory>();
  if (gpu_memory) check(after >= during + BYTES, "freed memory is free again");

  std::printf("%s: %llu of %llu bytes free\n", dev.get_info<sycl::info::device::name>().c_str(),
              static_cast<unsigned long long>(after), static_cast<unsigned long long>(total));
  if (failures == 0) std::printf("PASSED\n");
  return failures == 0 ? 0 : 1;
}
