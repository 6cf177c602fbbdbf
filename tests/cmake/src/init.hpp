#pragma once
#include <sycl/sycl.hpp>

// v[i] = start + i
void iota(sycl::queue &q, float *v, int n, float start);
