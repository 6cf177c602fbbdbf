#include "physics.hpp"

// Calls a SYCL_EXTERNAL function of physics.cpp: resolved by the device link too.
SYCL_EXTERNAL float window_mean(const float *values, size_t first, size_t count) {
  float sum = 0.0f;
  for (size_t i = 0; i < count; ++i) sum += values[first + i];
  Particle p{sum / count, 0.0f};
  return physics::advance(p, 1.0f).position;
}

SYCL_EXTERNAL size_t mirrored_index(sycl::nd_item<1> item) {
  return item.get_global_range(0) - 1 - item.get_global_id(0);
}

SYCL_EXTERNAL double precise_square(double x) { return x * x; }

extern "C" SYCL_EXTERNAL float halved(float x) { return x * 0.5f; }

SYCL_EXTERNAL float interleave(const float *evens, const float *odds, size_t i) {
  const float *from = evens;
  if (i % 2) from = odds;
  return from[i / 2];
}
