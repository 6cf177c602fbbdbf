// DPC++'s path of sycl_ext_oneapi_group_load_store: sycl.hpp declares it
// (sycl/detail/group_load_store.hpp).
#pragma once
#include <sycl/sycl.hpp>
