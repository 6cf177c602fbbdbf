// Functions of the multi-file program, each defined (with its kernel) in
// its own translation unit.
#pragma once
#include <sycl/sycl.hpp>

void scale(sycl::queue &q, float *data, int n, float factor);  // scale.cpp
void offset(sycl::queue &q, float *data, int n, float delta);  // offset.cpp

// A member function defined (with its kernel) in offset.cpp, which never
// calls it: the device pass there still compiles its kernel.
class Clamp {
 public:
  explicit Clamp(float limit) : m_limit(limit) {}
  void apply(sycl::queue &q, float *data, int n) const;

 private:
  float m_limit;
};
