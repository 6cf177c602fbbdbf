// Specialization constants (SYCL 2020 4.9.5): scalars of several types,
// a struct, an array, defaults, values that change between submissions,
// and kernel_handler in range, nd_range and single_task kernels.
#include <sycl/sycl.hpp>
#include <cstdio>

struct Tuning {
  float gain;
  int bias;
  bool clamp;
};

constexpr sycl::specialization_id<int> width_id(4);
constexpr sycl::specialization_id<float> scale_id(1.5f);
constexpr sycl::specialization_id<bool> negate_id(false);
constexpr sycl::specialization_id<short> offset_id(-3);
constexpr sycl::specialization_id<Tuning> tuning_id(Tuning{2.0f, 1, true});
namespace filters {
constexpr sycl::specialization_id<std::array<double, 3>> taps_id(std::array<double, 3>{0.25, 0.5, 0.25});
struct Limits {
  static constexpr sycl::specialization_id<unsigned> max_id{100u};
};
}  // namespace filters

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main() {
  sycl::queue q;
  const size_t n = 16;
  int *ints = sycl::malloc_shared<int>(n, q);
  float *floats = sycl::malloc_shared<float>(n, q);

  // Values set by the command group.
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<width_id>(7);
    h.set_specialization_constant<scale_id>(0.5f);
    h.set_specialization_constant<negate_id>(true);
    h.set_specialization_constant<offset_id>(short(-20));
    check(h.get_specialization_constant<width_id>() == 7, "handler reads back the value it set");
    check(h.get_specialization_constant<scale_id>() == 0.5f, "handler reads back a float");
    h.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it, sycl::kernel_handler kh) {
      int w = kh.get_specialization_constant<width_id>();
      float s = kh.get_specialization_constant<scale_id>();
      bool neg = kh.get_specialization_constant<negate_id>();
      int off = kh.get_specialization_constant<offset_id>();
      int i = static_cast<int>(it[0]);
      ints[i] = (neg ? -i : i) * w + off;
      floats[i] = i * s;
    });
  }).wait();
  for (int i = 0; i < int(n); ++i) {
    check(ints[i] == -i * 7 - 20, "scalar int/bool/short values");
    check(floats[i] == i * 0.5f, "float value");
  }

  // Nothing set: the defaults of the specialization_ids.
  q.submit([&](sycl::handler &h) {
    check(h.get_specialization_constant<width_id>() == 4, "handler reads the default");
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
      ints[i] = static_cast<int>(i[0]) * kh.get_specialization_constant<width_id>() +
                kh.get_specialization_constant<offset_id>();
      floats[i] = kh.get_specialization_constant<scale_id>();
    });
  }).wait();
  for (int i = 0; i < int(n); ++i) {
    check(ints[i] == i * 4 - 3, "default int and short");
    check(floats[i] == 1.5f, "default float");
  }

  // The same kernel with other values each time.
  for (int w = 1; w <= 3; ++w) {
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<width_id>(w * 10);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
        ints[i] = kh.get_specialization_constant<width_id>();
      });
    }).wait();
    check(ints[0] == w * 10 && ints[n - 1] == w * 10, "a new value each submission");
  }

  // A struct, an array of doubles where the device has fp64, a static member.
  const bool fp64 = q.get_device().has(sycl::aspect::fp64);
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<tuning_id>(Tuning{3.0f, -2, false});
    h.set_specialization_constant<filters::Limits::max_id>(9u);
    h.parallel_for(sycl::nd_range<1>(n, 4), [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
      Tuning t = kh.get_specialization_constant<tuning_id>();
      unsigned max = kh.get_specialization_constant<filters::Limits::max_id>();
      int i = static_cast<int>(it.get_global_id(0));
      int v = static_cast<int>(i * t.gain) + t.bias;
      if (t.clamp && v > int(max)) v = int(max);
      ints[i] = v;
      floats[i] = float(max);
    });
  }).wait();
  for (int i = 0; i < int(n); ++i) {
    check(ints[i] == i * 3 - 2, "struct members");
    check(floats[i] == 9.f, "static member specialization_id");
  }
  if (fp64) {
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<filters::taps_id>(std::array<double, 3>{1.0, 2.0, 4.0});
      h.single_task([=](sycl::kernel_handler kh) {
        std::array<double, 3> taps = kh.get_specialization_constant<filters::taps_id>();
        floats[0] = float(taps[0] + taps[1] * 10 + taps[2] * 100);
      });
    }).wait();
    check(floats[0] == 421.f, "array of doubles in a single_task");
  }
  q.single_task([=](sycl::kernel_handler kh) {
    Tuning t = kh.get_specialization_constant<tuning_id>();
    ints[0] = t.clamp ? t.bias : -1;
    floats[0] = t.gain;
  }).wait();
  check(ints[0] == 1 && floats[0] == 2.0f, "struct default in a queue shortcut");

  sycl::free(ints, q);
  sycl::free(floats, q);
  if (failures) return 1;
  printf("PASSED\n");
  return 0;
}
