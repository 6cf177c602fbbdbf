// A program with one float kernel and one double kernel, run on every
// device. Post-link puts the double kernel in an image of its own that
// requires aspect::fp64, so a device without fp64 (WebGPU in the browser)
// still runs the float kernel; the double kernel runs where the device has
// fp64: in the browser, on the host device.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

constexpr int n = 1000;

// Single precision: every device runs it.
bool scale_floats(sycl::queue &q) {
  std::vector<float> data(n);
  for (int i = 0; i < n; i++) data[i] = 0.5f * i;
  {
    sycl::buffer buf{data};
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{buf, h, sycl::read_write};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] * 3.0f + 1.0f; });
    });
  }
  for (int i = 0; i < n; i++)
    if (data[i] != 0.5f * i * 3.0f + 1.0f) {
      std::printf("float kernel: data[%d] = %g\n", i, data[i]);
      return false;
    }
  return true;
}

// Double precision: x/3 in single precision is off by far more than the
// check allows.
void third_doubles(sycl::queue &q, std::vector<double> &data) {
  sycl::buffer buf{data};
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{buf, h, sycl::write_only};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      double x = static_cast<double>(i[0]) + 1.0;
      a[i] = x / 3.0 + 1e-12 * x;
    });
  });
}

bool run_doubles(sycl::queue &q) {
  // Launched on a device without fp64, the kernel throws
  // errc::kernel_not_supported (the browser test checks that on WebGPU).
  if (!q.get_device().has(sycl::aspect::fp64)) return true;
  std::vector<double> data(n, 0.0);
  third_doubles(q, data);
  for (int i = 0; i < n; i++) {
    double x = i + 1.0;
    double want = x / 3.0 + 1e-12 * x;
    // Within an ulp or two (the device may contract to an fma); single
    // precision would be off by about 1e-8 relatively.
    if (std::fabs(data[i] - want) > 4e-16 * want) {
      std::printf("double kernel: data[%d] = %.17g\n", i, data[i]);
      return false;
    }
  }
  return true;
}

int main() {
  int devices = 0;
  for (const auto &dev : sycl::device::get_devices()) {
    sycl::queue q{dev};
    std::printf("%s: fp64 %s\n", dev.get_info<sycl::info::device::name>().c_str(),
                dev.has(sycl::aspect::fp64) ? "yes" : "no");
    if (!scale_floats(q) || !run_doubles(q)) {
      std::printf("FAILED\n");
      return 1;
    }
    devices++;
  }
  std::printf("%d devices\n", devices);
  std::printf(devices > 0 ? "PASSED\n" : "FAILED\n");
  return devices > 0 ? 0 : 1;
}
