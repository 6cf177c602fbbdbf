// SYCL 1.2.1's header name, which older programs still include (DPC++
// keeps it too): the whole of SYCL, with `cl::sycl` naming `sycl`.
#pragma once
#include <sycl/sycl.hpp>
