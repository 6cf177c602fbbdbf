// The algorithms of <oneapi/dpl/numeric> with an execution policy first:
// reductions and scans (chunked kernels: the operation need only be
// associative, elements are combined in order) and adjacent_difference.
#pragma once
#include <cstddef>
#include <numeric>
#include "kernels.hpp"
#include "policy.hpp"

namespace oneapi {
namespace dpl {
namespace __syclone {

// init ⊕ get(in, 0) ⊕ ... ⊕ get(in, n - 1).
template <typename T, typename P, typename It, typename Get, typename Op>
T __transform_reduce(P &&policy, It first, It last, T init, Op op, Get get) {
  std::size_t n = __distance(first, last);
  if (n == 0) return init;
  __stage stage(policy.queue());
  auto in = __prepare(stage, first, n, false);
  __chunk_sums<T> sums(stage, n);
  sums.run(stage, get, __combine_values<Op>{op}, init, true, in);
  return sums.total.read(0);
}

// out[i] = the fold of get over [0, i] (Inclusive) or [0, i), from init
// where has_init.
template <bool Inclusive, typename T, typename P, typename It, typename Out, typename Get, typename Op>
Out __transform_scan(P &&policy, It first, It last, Out result, T init, bool has_init, Op op, Get get) {
  std::size_t n = __distance(first, last);
  if (n == 0) return result;
  __stage stage(policy.queue());
  auto in = __prepare(stage, first, n, false);
  auto out = __prepare(stage, result, n, true);
  __chunk_sums<T> sums(stage, n);
  sums.run(stage, get, __combine_values<Op>{op}, init, has_init, in);
  __pointer_view<T> prefixes{sums.prefix.get()};
  __for_indices(stage, sums.chunks.count,
                __chunk_scan<T, Get, Op, Inclusive>{get, op, n, sums.chunks.length, init, has_init}, prefixes, in,
                out);
  return result + std::ptrdiff_t(n);
}

// The first element, then op(in[i], in[i - 1]).
template <typename T, typename Op>
struct __adjacent_difference_body {
  Op op;
  template <typename In, typename Out>
  void operator()(std::size_t i, In in, Out out) const {
    if (i == 0)
      out[0] = T(in[0]);
    else
      out[i] = T(op(in[i], in[i - 1]));
  }
};

// f(get<0>(t), get<1>(t)) of a zipped pair.
template <typename T, typename F>
struct __get_pair_transformed {
  F f;
  template <typename View>
  T operator()(const View &in, std::size_t i) const {
    auto t = in[i];
    return T(f(std::get<0>(t), std::get<1>(t)));
  }
};

}  // namespace __syclone

template <typename P, typename It, typename T, typename Op>
__syclone::__policy_result<P, T> reduce(P &&policy, It first, It last, T init, Op op) {
  if constexpr (__syclone::__on_device<P>) {
    return __syclone::__transform_reduce(policy, first, last, init, op,
                                         __syclone::__get_transformed<T, __syclone::__identity>{});
  } else {
    return std::reduce(first, last, init, op);
  }
}
template <typename P, typename It, typename T>
__syclone::__policy_result<P, T> reduce(P &&policy, It first, It last, T init) {
  return oneapi::dpl::reduce(policy, first, last, init, __syclone::__plus{});
}
template <typename P, typename It>
__syclone::__policy_result<P, __syclone::__value_t<It>> reduce(P &&policy, It first, It last) {
  return oneapi::dpl::reduce(policy, first, last, __syclone::__value_t<It>(), __syclone::__plus{});
}

template <typename P, typename It, typename T, typename Reduce, typename Transform>
__syclone::__policy_result<P, T> transform_reduce(P &&policy, It first, It last, T init, Reduce reduce,
                                                  Transform transform) {
  if constexpr (__syclone::__on_device<P>) {
    return __syclone::__transform_reduce(policy, first, last, init, reduce,
                                         __syclone::__get_transformed<T, Transform>{transform});
  } else {
    return std::transform_reduce(first, last, init, reduce, transform);
  }
}
template <typename P, typename It1, typename It2, typename T, typename Reduce, typename Transform>
__syclone::__policy_result<P, T> transform_reduce(P &&policy, It1 first1, It1 last1, It2 first2, T init,
                                                  Reduce reduce, Transform transform) {
  if constexpr (__syclone::__on_device<P>) {
    std::ptrdiff_t n = last1 - first1;
    auto first = oneapi::dpl::make_zip_iterator(first1, first2);
    return __syclone::__transform_reduce(policy, first, first + n, init, reduce,
                                         __syclone::__get_pair_transformed<T, Transform>{transform});
  } else {
    return std::transform_reduce(first1, last1, first2, init, reduce, transform);
  }
}
template <typename P, typename It1, typename It2, typename T>
__syclone::__policy_result<P, T> transform_reduce(P &&policy, It1 first1, It1 last1, It2 first2, T init) {
  return oneapi::dpl::transform_reduce(policy, first1, last1, first2, init, __syclone::__plus{},
                                       __syclone::__multiplies{});
}

template <typename P, typename It, typename Out, typename Op, typename T>
__syclone::__policy_result<P, Out> inclusive_scan(P &&policy, It first, It last, Out result, Op op, T init) {
  if constexpr (__syclone::__on_device<P>) {
    return __syclone::__transform_scan<true>(policy, first, last, result, init, true, op,
                                             __syclone::__get_transformed<T, __syclone::__identity>{});
  } else {
    return std::inclusive_scan(first, last, result, op, init);
  }
}
template <typename P, typename It, typename Out, typename Op>
__syclone::__policy_result<P, Out> inclusive_scan(P &&policy, It first, It last, Out result, Op op) {
  if constexpr (__syclone::__on_device<P>) {
    using T = __syclone::__value_t<It>;
    return __syclone::__transform_scan<true>(policy, first, last, result, T(), false, op,
                                             __syclone::__get_transformed<T, __syclone::__identity>{});
  } else {
    return std::inclusive_scan(first, last, result, op);
  }
}
template <typename P, typename It, typename Out>
__syclone::__policy_result<P, Out> inclusive_scan(P &&policy, It first, It last, Out result) {
  return oneapi::dpl::inclusive_scan(policy, first, last, result, __syclone::__plus{});
}

template <typename P, typename It, typename Out, typename T, typename Op>
__syclone::__policy_result<P, Out> exclusive_scan(P &&policy, It first, It last, Out result, T init, Op op) {
  if constexpr (__syclone::__on_device<P>) {
    return __syclone::__transform_scan<false>(policy, first, last, result, init, true, op,
                                              __syclone::__get_transformed<T, __syclone::__identity>{});
  } else {
    return std::exclusive_scan(first, last, result, init, op);
  }
}
template <typename P, typename It, typename Out, typename T>
__syclone::__policy_result<P, Out> exclusive_scan(P &&policy, It first, It last, Out result, T init) {
  return oneapi::dpl::exclusive_scan(policy, first, last, result, init, __syclone::__plus{});
}

template <typename P, typename It, typename Out, typename Op, typename Transform, typename T>
__syclone::__policy_result<P, Out> transform_inclusive_scan(P &&policy, It first, It last, Out result, Op op,
                                                            Transform transform, T init) {
  return __syclone::__transform_scan<true>(policy, first, last, result, init, true, op,
                                           __syclone::__get_transformed<T, Transform>{transform});
}
template <typename P, typename It, typename Out, typename Op, typename Transform>
__syclone::__policy_result<P, Out> transform_inclusive_scan(P &&policy, It first, It last, Out result, Op op,
                                                            Transform transform) {
  using T = std::remove_cv_t<std::remove_reference_t<decltype(transform(*std::declval<It &>()))>>;
  return __syclone::__transform_scan<true>(policy, first, last, result, T(), false, op,
                                           __syclone::__get_transformed<T, Transform>{transform});
}
template <typename P, typename It, typename Out, typename T, typename Op, typename Transform>
__syclone::__policy_result<P, Out> transform_exclusive_scan(P &&policy, It first, It last, Out result, T init,
                                                            Op op, Transform transform) {
  return __syclone::__transform_scan<false>(policy, first, last, result, init, true, op,
                                            __syclone::__get_transformed<T, Transform>{transform});
}

template <typename P, typename It, typename Out, typename Op>
__syclone::__policy_result<P, Out> adjacent_difference(P &&policy, It first, It last, Out result, Op op) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return result;
    using T = __syclone::__value_t<It>;
    __syclone::__stage stage(policy.queue());
    auto in = __syclone::__prepare(stage, first, n, false);
    auto out = __syclone::__prepare(stage, result, n, true);
    // Through a temporary: the output may be the input.
    __syclone::__temporary<T> differences(stage.queue(), n);
    __syclone::__pointer_view<T> temp{differences.get()};
    __syclone::__for_indices(stage, n, __syclone::__adjacent_difference_body<T, Op>{op}, in, temp);
    __syclone::__for_indices(stage, n, __syclone::__copy_to{}, temp, out);
    return result + std::ptrdiff_t(n);
  } else {
    return std::adjacent_difference(first, last, result, op);
  }
}
template <typename P, typename It, typename Out>
__syclone::__policy_result<P, Out> adjacent_difference(P &&policy, It first, It last, Out result) {
  return oneapi::dpl::adjacent_difference(policy, first, last, result, __syclone::__minus{});
}

}  // namespace dpl
}  // namespace oneapi
