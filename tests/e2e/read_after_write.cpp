// A work-item that stores an element and loads it back sees its store, in
// kernels that also read other pointers only and coefficients captured by
// value — the shape of stencil codes (HeCBench rtm8: `s[i] = 2 * c[i] -
// s[i] + v[i] * d; ...; img[i] = s[i] * r[i]`). NVIDIA's Vulkan driver
// served such loads the old values while another binding was NonWritable
// (every element wrong on the H100); the runtime then declares every
// binding writable there. Also: the same kernel launched repeatedly in an
// in-order queue, each launch reading what the previous one wrote.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  sycl::queue q{sycl::property::queue::in_order()};
  const size_t n = 1 << 20;
  float *c = sycl::malloc_device<float>(n, q), *s = sycl::malloc_device<float>(n, q),
        *r = sycl::malloc_device<float>(n, q), *img = sycl::malloc_device<float>(n, q),
        *v = sycl::malloc_device<float>(n, q);
  const float a[3] = {-1.f / 560, 8.f / 315, -0.2f};
  std::vector<float> ones(n, 1.0f), zeros(n, 0.0f), hs(n), hr(n), hi(n);
  int errors = 0;
  auto reset = [&] {
    q.memcpy(c, ones.data(), n * sizeof(float));
    q.memcpy(v, ones.data(), n * sizeof(float));
    q.memcpy(s, zeros.data(), n * sizeof(float));
    q.memcpy(r, zeros.data(), n * sizeof(float));
    q.memcpy(img, zeros.data(), n * sizeof(float)).wait();
  };
  auto check = [&](const char *what, int launches) {
    q.memcpy(hs.data(), s, n * sizeof(float));
    q.memcpy(hr.data(), r, n * sizeof(float));
    q.memcpy(hi.data(), img, n * sizeof(float)).wait();
    size_t wrong = 0, first = 0;
    for (size_t i = 1; i + 1 < n; i++) {
      // Each launch toggles s and r between 0 and 2 + d.
      float d = a[1] * 2.0f + a[0];
      float want = launches % 2 ? (2.0f + d) : 0.0f;
      // img must be the product of the stored values exactly; they may
      // differ from `want` in rounding (a device may fuse `v * d` into the sum).
      bool ok = hi[i] == hs[i] * hr[i] && std::fabs(hs[i] - want) < 1e-5f && hs[i] == hr[i];
      if (!ok && wrong++ == 0) first = i;
    }
    if (wrong) {
      std::printf("%s: %zu elements wrong (first %zu: s %g r %g img %g)\n", what, wrong, first,
                  hs[first], hr[first], hi[first]);
      ++errors;
    }
  };
  auto stencil = [=](sycl::id<1> i) {
    if (i[0] > 0 && i[0] + 1 < n) {
      float d = a[1] * (c[i - 1] + c[i + 1]) + a[0] * c[i];
      s[i] = 2 * c[i] - s[i] + v[i] * d;
      r[i] = 2 * c[i] - r[i] + v[i] * d;
      img[i] = s[i] * r[i];
    }
  };

  for (int launches = 1; launches <= 3; ++launches) {
    reset();
    for (int k = 0; k < launches; ++k) q.parallel_for(sycl::range<1>(n), stencil);
    check(launches == 1 ? "one launch" : launches == 2 ? "two launches" : "three launches", launches);
  }

  // nd_range, and a store read back through an index computed again.
  reset();
  q.parallel_for(sycl::nd_range<1>(n, 256), [=](sycl::nd_item<1> it) {
    size_t i = it.get_global_id(0);
    if (i > 0 && i + 1 < n) {
      float d = a[1] * (c[i - 1] + c[i + 1]) + a[0] * c[i];
      s[i] = 2 * c[i] - s[i] + v[i] * d;
      r[i] = 2 * c[i] - r[i] + v[i] * d;
      size_t j = it.get_global_linear_id();
      img[j] = s[j] * r[j];
    }
  });
  check("nd_range", 1);

  sycl::free(c, q);
  sycl::free(s, q);
  sycl::free(r, q);
  sycl::free(img, q);
  sycl::free(v, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors ? 1 : 0;
}
