// Programs written for Intel's FPGA emulator: the FPGA selectors, pipes
// between kernels (blocking and non-blocking, of ints and of structs) and
// fpga_reg. The host device plays the emulator; a Vulkan device refuses a
// kernel that uses a pipe with errc::kernel_not_supported.
#include <sycl/ext/intel/fpga_extensions.hpp>
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

namespace intel = sycl::ext::intel;

struct sample {
  int index;
  float value;
};

using numbers = intel::pipe<class numbers_pipe, int>;
using samples = intel::pipe<class samples_pipe, sample, 8>;
using probes = intel::pipe<class probes_pipe, int>;

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

// Producer and consumer kernels in one queue, in submission order.
static void pipes_between_kernels(sycl::queue &q) {
  constexpr int count = 1000;
  std::vector<int> in(count);
  for (int i = 0; i < count; ++i) in[i] = 3 * i + 1;
  std::vector<int> out(count, 0);
  std::vector<sample> scaled(count);
  {
    sycl::buffer<int> in_buf{in};
    sycl::buffer<int> out_buf{out};
    sycl::buffer<sample> scaled_buf{scaled};
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{in_buf, h, sycl::read_only};
      h.single_task([=] {
        for (int i = 0; i < count; ++i) numbers::write(intel::fpga_reg(a[i]));
      });
    });
    // Reads each number, writes it on as a struct through a second pipe.
    q.submit([&](sycl::handler &h) {
      h.single_task([=] {
        for (int i = 0; i < count; ++i) {
          int v = numbers::read();
          samples::write(sample{i, v * 0.5f});
        }
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor o{out_buf, h, sycl::write_only};
      sycl::accessor s{scaled_buf, h, sycl::write_only};
      h.single_task([=] {
        for (int i = 0; i < count; ++i) {
          sample x = samples::read();
          s[x.index] = x;
          o[i] = static_cast<int>(x.value * 2.0f);
        }
      });
    });
  }
  bool in_order = true, structs = true;
  for (int i = 0; i < count; ++i) {
    in_order &= out[i] == in[i];
    structs &= scaled[i].index == i && scaled[i].value == in[i] * 0.5f;
  }
  check(in_order, "items leave a pipe in the order they entered");
  check(structs, "structs cross a pipe whole");

  // Non-blocking: an empty pipe reads nothing; a write always succeeds.
  sycl::buffer<int> flags{sycl::range{4}};
  q.submit([&](sycl::handler &h) {
    sycl::accessor f{flags, h, sycl::write_only, sycl::no_init};
    h.single_task([=] {
      bool ok = true;
      int v = probes::read(ok);
      f[0] = ok ? 1 : 0;
      probes::write(42, ok);
      f[1] = ok ? 1 : 0;
      v = probes::read(ok);
      f[2] = ok ? 1 : 0;
      f[3] = v;
    });
  });
  sycl::host_accessor f{flags};
  check(f[0] == 0, "a non-blocking read of an empty pipe fails");
  check(f[1] == 1, "a non-blocking write succeeds");
  check(f[2] == 1 && f[3] == 42, "a non-blocking read returns the item written");
}

int main() {
  bool has_emulator = true;
  try {
    sycl::queue q{intel::fpga_emulator_selector_v};
    check(q.get_device().get_backend() == sycl::backend::ext_syclone_host,
          "the host device is the FPGA emulator");
    check(q.get_device().has(sycl::aspect::ext_syclone_fpga_pipes), "the emulator runs pipes");
    pipes_between_kernels(q);
  } catch (const sycl::exception &e) {
    // No host device among the devices ONEAPI_DEVICE_SELECTOR admits.
    check(e.code() == sycl::errc::runtime, "no emulator: errc::runtime");
    has_emulator = false;
  }

  // No device is an FPGA.
  for (auto selector : {intel::fpga_selector_v, intel::fpga_simulator_selector_v}) {
    try {
      sycl::queue q{selector};
      check(false, "an FPGA selector found a device");
    } catch (const sycl::exception &e) {
      check(e.code() == sycl::errc::runtime, "no FPGA: errc::runtime");
    }
  }
  try {
    sycl::queue q{intel::fpga_selector{}};
    check(false, "fpga_selector found a device");
  } catch (const sycl::exception &) {
  }

  // A Vulkan device cannot run a kernel that uses a pipe, and says so.
  sycl::queue gpu;
  if (!gpu.get_device().has(sycl::aspect::ext_syclone_fpga_pipes)) {
    try {
      gpu.single_task([] { probes::write(1); }).wait();
      check(false, "a pipe kernel ran on a device without pipes");
    } catch (const sycl::exception &e) {
      check(e.code() == sycl::errc::kernel_not_supported, "pipes elsewhere: kernel_not_supported");
      std::printf("as expected: %s\n", e.what());
    }
  } else {
    check(has_emulator, "the device with pipes is the emulator");
  }

  if (failures) return 1;
  std::printf("PASSED\n");
  return 0;
}
