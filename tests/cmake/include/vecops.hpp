// libvecops: vector operations, each with its kernel.
#pragma once
#include <sycl/sycl.hpp>

// y[i] += a * x[i]
void axpy(sycl::queue &q, float a, const float *x, float *y, int n);
// sum of x[i] * y[i]
float dot(sycl::queue &q, const float *x, const float *y, int n);
