// libkernels.a: two members, each with a kernel.
#pragma once
#include <sycl/sycl.hpp>

int sum_of(sycl::queue &q, const int *data, int n);  // sum.cpp
void square(sycl::queue &q, int *data, int n);       // square.cpp
