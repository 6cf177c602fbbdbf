// Loads a SYCL plugin kernel from a file at run time and runs it: the
// kernel compiler (sycl_ext_oneapi_kernel_compiler, source_language::sycl)
// compiles the file inside syclcc's wasmtime sandbox, so a broken or hostile
// plugin ends in a sycl::exception, never in this process.
//
//   syclcc run examples/plugin/host.cpp -- examples/plugin/scale_offset.cpp
//
// The plugin defines free-function kernels; this host calls the one named
// `scale_offset(float *data, float scale, float offset)` over an nd_range,
// and `count_positive(const float *data, int n, int *count)` as a single task.
#include <sycl/sycl.hpp>

#include <fstream>
#include <iostream>
#include <sstream>

namespace syclexp = sycl::ext::oneapi::experimental;

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " PLUGIN.cpp\n";
    return 2;
  }
  std::ifstream file(argv[1]);
  if (!file) {
    std::cerr << "cannot read " << argv[1] << "\n";
    return 2;
  }
  std::stringstream text;
  text << file.rdbuf();

  sycl::queue q;
  std::cout << "device: " << q.get_device().get_info<sycl::info::device::name>() << "\n";
  if (!syclexp::is_source_kernel_bundle_supported(q.get_device().get_backend(), syclexp::source_language::sycl)) {
    std::cout << "this device cannot run kernels compiled at run time: SKIPPED\n";
    return 0;
  }

  constexpr int n = 1024, group = 64;
  try {
    auto source = syclexp::create_kernel_bundle_from_source(
        q.get_context(), syclexp::source_language::sycl, text.str(),
        syclexp::properties{syclexp::include_files{"plugin_config.h", "#define PLUGIN_SCALE_LIMIT 1000.0f\n"}});
    std::string log;
    auto exe = syclexp::build(source, syclexp::properties{syclexp::build_options{"-DPLUGIN_CLAMP=1"},
                                                          syclexp::save_log{&log}});
    if (!log.empty()) std::cout << "compiler log:\n" << log;
    for (const char *name : {"scale_offset", "count_positive"}) {
      if (!exe.ext_oneapi_has_kernel(name)) {
        std::cout << "the plugin has no kernel '" << name << "': FAILED\n";
        return 1;
      }
    }
    sycl::kernel scale = exe.ext_oneapi_get_kernel("scale_offset");
    sycl::kernel count = exe.ext_oneapi_get_kernel("count_positive");

    float *data = sycl::malloc_shared<float>(n, q);
    int *positive = sycl::malloc_shared<int>(1, q);
    for (int i = 0; i < n; ++i) data[i] = static_cast<float>(i - n / 2);
    *positive = 0;

    q.submit([&](sycl::handler &h) {
      h.set_args(data, 2.0f, 1.0f);
      h.parallel_for(sycl::nd_range<1>{{n}, {group}}, scale);
    });
    q.submit([&](sycl::handler &h) {
      h.set_args(static_cast<const float *>(data), n, positive);
      h.single_task(count);
    });
    q.wait();

    int errors = 0;
    int expected_positive = 0;
    for (int i = 0; i < n; ++i) {
      float want = 2.0f * static_cast<float>(i - n / 2) + 1.0f;
      if (want > 1000.0f) want = 1000.0f;  // PLUGIN_CLAMP with PLUGIN_SCALE_LIMIT
      if (data[i] != want) ++errors;
      if (want > 0.0f) ++expected_positive;
    }
    if (*positive != expected_positive) ++errors;
    std::cout << "positive values: " << *positive << " (expected " << expected_positive << ")\n";
    sycl::free(data, q);
    sycl::free(positive, q);
    std::cout << (errors == 0 ? "PASSED" : "FAILED") << "\n";
    return errors == 0 ? 0 : 1;
  } catch (const sycl::exception &e) {
    std::cout << "sycl::exception (" << e.code().message() << "): " << e.what() << "\nFAILED\n";
    return 1;
  }
}
