// Device functions shared by the translation units of the program: declared
// SYCL_EXTERNAL here, defined in physics.cpp and stats.cpp, called from the
// kernels in main.cpp (the device link resolves the calls).
#pragma once
#include <sycl/sycl.hpp>

struct Particle {
  float position;
  float velocity;
};

// Member functions (const, modifying, static) and function template
// instances defined in physics.cpp.
struct Body {
  float mass;
  float speed;
  SYCL_EXTERNAL float momentum() const;
  SYCL_EXTERNAL void brake(float factor);
  SYCL_EXTERNAL static Body at_rest(float mass);
};
template <typename T>
SYCL_EXTERNAL T squared(T x);
// Constructed in kernels by a constructor defined in physics.cpp.
struct Spring {
  float stiffness;
  float rest;
  SYCL_EXTERNAL Spring(float k, float length);
  SYCL_EXTERNAL float force(float length) const;
};
// Members of a class template, defined in physics.cpp and exported by its
// explicit instantiation for float.
template <typename T>
struct Accumulator {
  T total;
  SYCL_EXTERNAL void add(T x);
  SYCL_EXTERNAL T scaled(T factor) const;
};

// Pointers and references returned into the arguments' allocations.
SYCL_EXTERNAL float *row_of(float *matrix, size_t width, size_t row);
SYCL_EXTERNAL float &larger_of(float *a, float *b, size_t i);

namespace physics {
SYCL_EXTERNAL Particle advance(Particle p, float dt);
SYCL_EXTERNAL void clamp_speed(Particle &p, float limit);
SYCL_EXTERNAL float kinetic_energy(const Particle &p, float mass);
SYCL_EXTERNAL int speed_class(float velocity);
}  // namespace physics

SYCL_EXTERNAL void count_into(sycl::accessor<int, 1, sycl::access_mode::read_write> histogram, int bin);
SYCL_EXTERNAL float window_mean(const float *values, size_t first, size_t count);
SYCL_EXTERNAL size_t mirrored_index(sycl::nd_item<1> item);
SYCL_EXTERNAL double precise_square(double x);
// Reads whichever of two arrays `i` selects (a pointer chosen at run time).
SYCL_EXTERNAL float interleave(const float *evens, const float *odds, size_t i);
// C linkage, with SYCL_EXTERNAL before `extern "C"` as ported C code has it.
SYCL_EXTERNAL extern "C" float halved(float x);
