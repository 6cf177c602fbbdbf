// Functions of the multi-file program, each defined (with its kernel) in
// its own translation unit.
#pragma once
#include <sycl/sycl.hpp>

void scale(sycl::queue &q, float *data, int n, float factor);  // scale.cpp
void offset(sycl::queue &q, float *data, int n, float delta);  // offset.cpp
