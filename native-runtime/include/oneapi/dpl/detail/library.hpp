// The whole oneDPL subset, which every public header includes: policies,
// iterators, algorithms and function objects, and the policy overloads
// made visible as std:: algorithms (`std::fill(policy, ...)`), as
// oneDPL does.
#pragma once
#include <sycl/sycl.hpp>
#include "algorithms.hpp"
#include "functional.hpp"
#include "iterators.hpp"
#include "numeric.hpp"
#include "policy.hpp"

namespace std {
using oneapi::dpl::adjacent_difference;
using oneapi::dpl::all_of;
using oneapi::dpl::any_of;
using oneapi::dpl::copy;
using oneapi::dpl::copy_if;
using oneapi::dpl::copy_n;
using oneapi::dpl::count;
using oneapi::dpl::count_if;
using oneapi::dpl::equal;
using oneapi::dpl::exclusive_scan;
using oneapi::dpl::fill;
using oneapi::dpl::fill_n;
using oneapi::dpl::find;
using oneapi::dpl::find_if;
using oneapi::dpl::find_if_not;
using oneapi::dpl::for_each;
using oneapi::dpl::for_each_n;
using oneapi::dpl::generate;
using oneapi::dpl::inclusive_scan;
using oneapi::dpl::is_sorted;
using oneapi::dpl::max_element;
using oneapi::dpl::min_element;
using oneapi::dpl::minmax_element;
using oneapi::dpl::none_of;
using oneapi::dpl::partition;
using oneapi::dpl::reduce;
using oneapi::dpl::remove;
using oneapi::dpl::remove_if;
using oneapi::dpl::replace;
using oneapi::dpl::replace_if;
using oneapi::dpl::sort;
using oneapi::dpl::stable_partition;
using oneapi::dpl::stable_sort;
using oneapi::dpl::transform;
using oneapi::dpl::transform_exclusive_scan;
using oneapi::dpl::transform_inclusive_scan;
using oneapi::dpl::transform_reduce;
using oneapi::dpl::unique;
using oneapi::dpl::unique_copy;
}  // namespace std
