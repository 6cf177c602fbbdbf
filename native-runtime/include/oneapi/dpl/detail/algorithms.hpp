// The algorithms of <oneapi/dpl/algorithm> with an execution policy first.
// A host policy runs the standard algorithm; a device policy runs kernels
// (kernels.hpp) on the policy's queue and returns when they are done.
#pragma once
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>
#include "kernels.hpp"
#include "policy.hpp"

namespace oneapi {
namespace dpl {
namespace __syclone {

template <typename F>
struct __for_each_body {
  mutable F f;
  template <typename View>
  void operator()(std::size_t i, View v) const {
    f(v[i]);
  }
};
template <typename T>
struct __fill_body {
  T value;
  template <typename View>
  void operator()(std::size_t i, View v) const {
    v[i] = value;
  }
};
template <typename G>
struct __generate_body {
  mutable G g;
  template <typename View>
  void operator()(std::size_t i, View v) const {
    v[i] = g();
  }
};
template <typename F>
struct __transform_body {
  mutable F f;
  template <typename In, typename Out>
  void operator()(std::size_t i, In in, Out out) const {
    out[i] = f(in[i]);
  }
};
template <typename F>
struct __transform2_body {
  mutable F f;
  template <typename In1, typename In2, typename Out>
  void operator()(std::size_t i, In1 a, In2 b, Out out) const {
    out[i] = f(a[i], b[i]);
  }
};
template <typename Pred, typename T>
struct __replace_if_body {
  mutable Pred pred;
  T value;
  template <typename View>
  void operator()(std::size_t i, View v) const {
    if (pred(v[i])) v[i] = value;
  }
};
template <typename T>
struct __equal_to_value {
  T value;
  template <typename X>
  bool operator()(const X &x) const {
    return x == value;
  }
};
template <typename Pred>
struct __not_fn {
  mutable Pred pred;
  template <typename X>
  bool operator()(const X &x) const {
    return !pred(x);
  }
};
// !pred(get<0>(t), get<1>(t)) of a zipped pair.
template <typename Pred>
struct __pair_differs {
  mutable Pred pred;
  template <typename Pair>
  bool operator()(const Pair &t) const {
    return !pred(std::get<0>(t), std::get<1>(t));
  }
};
// comp(get<0>(a), get<0>(b)) of zipped pairs: ordered by their keys.
template <typename Comp>
struct __by_key {
  mutable Comp comp;
  template <typename A, typename B>
  bool operator()(const A &a, const B &b) const {
    return comp(std::get<0>(a), std::get<0>(b));
  }
};
// comp(v[i + 1], v[i]): the order breaks after i.
template <typename Comp>
struct __get_descent {
  mutable Comp comp;
  template <typename View>
  std::size_t operator()(const View &v, std::size_t i) const {
    return comp(v[i + 1], v[i]) ? 1 : 0;
  }
};

template <typename It>
std::size_t __distance(It first, It last) {
  auto n = last - first;
  return n > 0 ? std::size_t(n) : 0;
}

// The first position in [0, n) whose element passes pred, or n.
template <typename Range, typename Pred>
std::size_t __find_first(__stage &stage, std::size_t n, Pred pred, const Range &in) {
  __chunk_sums<std::size_t> first(stage, n);
  first.run(stage, __get_index_if<Pred>{pred, n}, __combine_min{}, n, true, in);
  return first.total.read(0);
}

template <typename Range, typename Pred>
std::size_t __count(__stage &stage, std::size_t n, Pred pred, const Range &in) {
  __chunk_sums<std::size_t> count(stage, n);
  count.run(stage, __get_flag<Pred>{pred}, __combine_values<__plus>{}, std::size_t(0), true, in);
  return count.total.read(0);
}

template <bool Max, typename P, typename It, typename Comp>
It __extreme_element(P &&policy, It first, It last, Comp comp) {
  std::size_t n = __distance(first, last);
  if (n == 0) return last;
  __stage stage(policy.queue());
  auto in = __prepare(stage, first, n, false);
  __chunk_sums<std::size_t> best(stage, n);
  best.run(stage, __get_index{}, __combine_extreme<Comp, Max>{comp}, std::size_t(0), false, in);
  return first + std::ptrdiff_t(best.total.read(0));
}

template <__search_kind Kind, typename P, typename It, typename ValueIt, typename Out, typename Comp>
Out __vectorized_search(P &&policy, It first, It last, ValueIt values_first, ValueIt values_last, Out result,
                        Comp comp) {
  std::size_t n = __distance(first, last), m = __distance(values_first, values_last);
  if (m == 0) return result;
  __stage stage(policy.queue());
  auto keys = __prepare(stage, first, n, false);
  auto values = __prepare(stage, values_first, m, false);
  auto out = __prepare(stage, result, m, true);
  __for_indices(stage, m, __search<Comp, Kind>{comp, n}, keys, values, out);
  return result + std::ptrdiff_t(m);
}

}  // namespace __syclone

template <typename P, typename It, typename F>
__syclone::__policy_result<P, void> for_each(P &&policy, It first, It last, F f) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return;
    __syclone::__stage stage(policy.queue());
    auto v = __syclone::__prepare(stage, first, n, true);
    __syclone::__for_indices(stage, n, __syclone::__for_each_body<F>{f}, v);
  } else {
    std::for_each(first, last, f);
  }
}

template <typename P, typename It, typename Size, typename F>
__syclone::__policy_result<P, It> for_each_n(P &&policy, It first, Size count, F f) {
  It last = first + std::ptrdiff_t(count > 0 ? count : 0);
  oneapi::dpl::for_each(policy, first, last, f);
  return last;
}

template <typename P, typename It, typename T>
__syclone::__policy_result<P, void> fill(P &&policy, It first, It last, const T &value) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return;
    __syclone::__stage stage(policy.queue());
    auto v = __syclone::__prepare(stage, first, n, true);
    using V = __syclone::__value_t<It>;
    __syclone::__for_indices(stage, n, __syclone::__fill_body<V>{V(value)}, v);
  } else {
    std::fill(first, last, value);
  }
}

template <typename P, typename It, typename Size, typename T>
__syclone::__policy_result<P, It> fill_n(P &&policy, It first, Size count, const T &value) {
  It last = first + std::ptrdiff_t(count > 0 ? count : 0);
  oneapi::dpl::fill(policy, first, last, value);
  return last;
}

template <typename P, typename It, typename G>
__syclone::__policy_result<P, void> generate(P &&policy, It first, It last, G g) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return;
    __syclone::__stage stage(policy.queue());
    auto v = __syclone::__prepare(stage, first, n, true);
    __syclone::__for_indices(stage, n, __syclone::__generate_body<G>{g}, v);
  } else {
    std::generate(first, last, g);
  }
}

template <typename P, typename It, typename Out, typename F>
__syclone::__policy_result<P, Out> transform(P &&policy, It first, It last, Out result, F f) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return result;
    __syclone::__stage stage(policy.queue());
    auto in = __syclone::__prepare(stage, first, n, false);
    auto out = __syclone::__prepare(stage, result, n, true);
    __syclone::__for_indices(stage, n, __syclone::__transform_body<F>{f}, in, out);
    return result + std::ptrdiff_t(n);
  } else {
    return std::transform(first, last, result, f);
  }
}

template <typename P, typename It1, typename It2, typename Out, typename F>
__syclone::__policy_result<P, Out> transform(P &&policy, It1 first1, It1 last1, It2 first2, Out result, F f) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first1, last1);
    if (n == 0) return result;
    __syclone::__stage stage(policy.queue());
    auto a = __syclone::__prepare(stage, first1, n, false);
    auto b = __syclone::__prepare(stage, first2, n, false);
    auto out = __syclone::__prepare(stage, result, n, true);
    __syclone::__for_indices(stage, n, __syclone::__transform2_body<F>{f}, a, b, out);
    return result + std::ptrdiff_t(n);
  } else {
    return std::transform(first1, last1, first2, result, f);
  }
}

template <typename P, typename It, typename Out>
__syclone::__policy_result<P, Out> copy(P &&policy, It first, It last, Out result) {
  return oneapi::dpl::transform(policy, first, last, result, __syclone::__identity{});
}

template <typename P, typename It, typename Size, typename Out>
__syclone::__policy_result<P, Out> copy_n(P &&policy, It first, Size count, Out result) {
  return oneapi::dpl::copy(policy, first, first + std::ptrdiff_t(count > 0 ? count : 0), result);
}

template <typename P, typename It, typename Out, typename Pred>
__syclone::__policy_result<P, Out> copy_if(P &&policy, It first, It last, Out result, Pred pred) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return result;
    __syclone::__stage stage(policy.queue());
    auto in = __syclone::__prepare(stage, first, n, false);
    __syclone::__chunk_sums<std::size_t> counts(stage, n);
    auto flag = __syclone::__get_flag<Pred>{pred};
    counts.run(stage, flag, __syclone::__combine_values<__syclone::__plus>{}, std::size_t(0), true, in);
    // The output is only as long as what passes: host memory is copied
    // for that many elements.
    std::size_t passed = counts.total.read(0);
    if (passed == 0) return result;
    auto out = __syclone::__prepare(stage, result, passed, true);
    __syclone::__pointer_view<std::size_t> prefixes{counts.prefix.get()};
    __syclone::__for_indices(
        stage, counts.chunks.count,
        __syclone::__chunk_compact<__syclone::__get_flag<Pred>, false>{flag, n, counts.chunks.length}, prefixes,
        in, out);
    return result + std::ptrdiff_t(passed);
  } else {
    return std::copy_if(first, last, result, pred);
  }
}

namespace __syclone {
// The elements of [first, last) that pass `keep`, moved to its front in
// order (through a temporary in device memory); the end of them.
template <typename P, typename It, typename Keep>
It __keep_if(P &&policy, It first, It last, Keep keep) {
  std::size_t n = __distance(first, last);
  if (n == 0) return first;
  using V = __value_t<It>;
  __temporary<V> kept(policy.queue(), n);
  V *end = oneapi::dpl::copy_if(policy, first, last, kept.get(), keep);
  oneapi::dpl::copy(policy, kept.get(), end, first);
  return first + (end - kept.get());
}
}  // namespace __syclone

template <typename P, typename It, typename Pred>
__syclone::__policy_result<P, It> remove_if(P &&policy, It first, It last, Pred pred) {
  if constexpr (__syclone::__on_device<P>) {
    return __syclone::__keep_if(policy, first, last, __syclone::__not_fn<Pred>{pred});
  } else {
    return std::remove_if(first, last, pred);
  }
}

template <typename P, typename It, typename T>
__syclone::__policy_result<P, It> remove(P &&policy, It first, It last, const T &value) {
  return oneapi::dpl::remove_if(policy, first, last, __syclone::__equal_to_value<T>{value});
}

// The elements that pass `pred` first, then the others, each in order.
template <typename P, typename It, typename Pred>
__syclone::__policy_result<P, It> stable_partition(P &&policy, It first, It last, Pred pred) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return first;
    using V = __syclone::__value_t<It>;
    __syclone::__temporary<V> parts(policy.queue(), n);
    V *middle = oneapi::dpl::copy_if(policy, first, last, parts.get(), pred);
    oneapi::dpl::copy_if(policy, first, last, middle, __syclone::__not_fn<Pred>{pred});
    oneapi::dpl::copy(policy, parts.get(), parts.get() + n, first);
    return first + (middle - parts.get());
  } else {
    return std::stable_partition(first, last, pred);
  }
}

// The first of each run of elements equal (by `pred`) to the one before,
// moved to the front in order; the end of them.
template <typename P, typename It, typename Pred>
__syclone::__policy_result<P, It> unique(P &&policy, It first, It last, Pred pred) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n < 2) return last;
    using V = __syclone::__value_t<It>;
    __syclone::__temporary<V> kept(policy.queue(), n);
    oneapi::dpl::copy(policy, first, first + 1, kept.get());
    // Element i + 1 is kept where it differs from element i.
    auto out = oneapi::dpl::make_zip_iterator(kept.get() + 1, discard_iterator());
    auto end = oneapi::dpl::copy_if(policy, oneapi::dpl::make_zip_iterator(first + 1, first),
                                    oneapi::dpl::make_zip_iterator(last, last - 1), out,
                                    __syclone::__pair_differs<Pred>{pred});
    V *kept_end = std::get<0>(end.base());
    oneapi::dpl::copy(policy, kept.get(), kept_end, first);
    return first + (kept_end - kept.get());
  } else {
    return std::unique(first, last, pred);
  }
}
template <typename P, typename It>
__syclone::__policy_result<P, It> unique(P &&policy, It first, It last) {
  return oneapi::dpl::unique(policy, first, last, __syclone::__equal{});
}

// The first of each run of elements equal (by `pred`) to the one before,
// copied to `result` in order; the end of the copies.
template <typename P, typename It, typename Out, typename Pred>
__syclone::__policy_result<P, Out> unique_copy(P &&policy, It first, It last, Out result, Pred pred) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return result;
    oneapi::dpl::copy(policy, first, first + 1, result);
    if (n == 1) return result + 1;
    // Element i + 1 is copied where it differs from element i.
    auto out = oneapi::dpl::make_zip_iterator(result + 1, discard_iterator());
    auto end = oneapi::dpl::copy_if(policy, oneapi::dpl::make_zip_iterator(first + 1, first),
                                    oneapi::dpl::make_zip_iterator(last, last - 1), out,
                                    __syclone::__pair_differs<Pred>{pred});
    return std::get<0>(end.base());
  } else {
    return std::unique_copy(first, last, result, pred);
  }
}
template <typename P, typename It, typename Out>
__syclone::__policy_result<P, Out> unique_copy(P &&policy, It first, It last, Out result) {
  return oneapi::dpl::unique_copy(policy, first, last, result, __syclone::__equal{});
}

// A partition is allowed any order within its halves: the stable one.
template <typename P, typename It, typename Pred>
__syclone::__policy_result<P, It> partition(P &&policy, It first, It last, Pred pred) {
  return oneapi::dpl::stable_partition(policy, first, last, pred);
}

template <typename P, typename It, typename Pred, typename T>
__syclone::__policy_result<P, void> replace_if(P &&policy, It first, It last, Pred pred, const T &value) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return;
    __syclone::__stage stage(policy.queue());
    auto v = __syclone::__prepare(stage, first, n, true);
    using V = __syclone::__value_t<It>;
    __syclone::__for_indices(stage, n, __syclone::__replace_if_body<Pred, V>{pred, V(value)}, v);
  } else {
    std::replace_if(first, last, pred, value);
  }
}

template <typename P, typename It, typename T>
__syclone::__policy_result<P, void> replace(P &&policy, It first, It last, const T &old_value, const T &new_value) {
  oneapi::dpl::replace_if(policy, first, last, __syclone::__equal_to_value<T>{old_value}, new_value);
}

template <typename P, typename It, typename Pred>
__syclone::__policy_result<P, std::ptrdiff_t> count_if(P &&policy, It first, It last, Pred pred) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return 0;
    __syclone::__stage stage(policy.queue());
    auto in = __syclone::__prepare(stage, first, n, false);
    return std::ptrdiff_t(__syclone::__count(stage, n, pred, in));
  } else {
    return std::count_if(first, last, pred);
  }
}

template <typename P, typename It, typename T>
__syclone::__policy_result<P, std::ptrdiff_t> count(P &&policy, It first, It last, const T &value) {
  return oneapi::dpl::count_if(policy, first, last, __syclone::__equal_to_value<T>{value});
}

template <typename P, typename It, typename Pred>
__syclone::__policy_result<P, It> find_if(P &&policy, It first, It last, Pred pred) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n == 0) return last;
    __syclone::__stage stage(policy.queue());
    auto in = __syclone::__prepare(stage, first, n, false);
    return first + std::ptrdiff_t(__syclone::__find_first(stage, n, pred, in));
  } else {
    return std::find_if(first, last, pred);
  }
}

template <typename P, typename It, typename Pred>
__syclone::__policy_result<P, It> find_if_not(P &&policy, It first, It last, Pred pred) {
  return oneapi::dpl::find_if(policy, first, last, __syclone::__not_fn<Pred>{pred});
}

template <typename P, typename It, typename T>
__syclone::__policy_result<P, It> find(P &&policy, It first, It last, const T &value) {
  return oneapi::dpl::find_if(policy, first, last, __syclone::__equal_to_value<T>{value});
}

template <typename P, typename It, typename Pred>
__syclone::__policy_result<P, bool> any_of(P &&policy, It first, It last, Pred pred) {
  return oneapi::dpl::find_if(policy, first, last, pred) != last;
}

template <typename P, typename It, typename Pred>
__syclone::__policy_result<P, bool> none_of(P &&policy, It first, It last, Pred pred) {
  return oneapi::dpl::find_if(policy, first, last, pred) == last;
}

template <typename P, typename It, typename Pred>
__syclone::__policy_result<P, bool> all_of(P &&policy, It first, It last, Pred pred) {
  return oneapi::dpl::find_if(policy, first, last, __syclone::__not_fn<Pred>{pred}) == last;
}

// equal(policy, first1, last1, first2[, last2][, pred]).
template <typename P, typename It1, typename It2, typename Pred>
__syclone::__policy_result<P, bool> equal(P &&policy, It1 first1, It1 last1, It2 first2, Pred pred) {
  if constexpr (std::is_same_v<Pred, It2>) {
    if (__syclone::__distance(first1, last1) != __syclone::__distance(first2, pred)) return false;
    return oneapi::dpl::equal(policy, first1, last1, first2, __syclone::__equal{});
  } else if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first1, last1);
    if (n == 0) return true;
    __syclone::__stage stage(policy.queue());
    __syclone::__zip_range<decltype(__syclone::__prepare(stage, first1, n, false)),
                           decltype(__syclone::__prepare(stage, first2, n, false))>
        pairs{{__syclone::__prepare(stage, first1, n, false), __syclone::__prepare(stage, first2, n, false)}};
    return __syclone::__find_first(stage, n, __syclone::__pair_differs<Pred>{pred}, pairs) == n;
  } else {
    return std::equal(first1, last1, first2, pred);
  }
}

template <typename P, typename It1, typename It2>
__syclone::__policy_result<P, bool> equal(P &&policy, It1 first1, It1 last1, It2 first2) {
  return oneapi::dpl::equal(policy, first1, last1, first2, __syclone::__equal{});
}

template <typename P, typename It, typename Comp>
__syclone::__policy_result<P, It> min_element(P &&policy, It first, It last, Comp comp) {
  if constexpr (__syclone::__on_device<P>) {
    return __syclone::__extreme_element<false>(policy, first, last, comp);
  } else {
    return std::min_element(first, last, comp);
  }
}
template <typename P, typename It>
__syclone::__policy_result<P, It> min_element(P &&policy, It first, It last) {
  return oneapi::dpl::min_element(policy, first, last, __syclone::__less{});
}

template <typename P, typename It, typename Comp>
__syclone::__policy_result<P, It> max_element(P &&policy, It first, It last, Comp comp) {
  if constexpr (__syclone::__on_device<P>) {
    return __syclone::__extreme_element<true>(policy, first, last, comp);
  } else {
    return std::max_element(first, last, comp);
  }
}
template <typename P, typename It>
__syclone::__policy_result<P, It> max_element(P &&policy, It first, It last) {
  return oneapi::dpl::max_element(policy, first, last, __syclone::__less{});
}

template <typename P, typename It, typename Comp>
__syclone::__policy_result<P, std::pair<It, It>> minmax_element(P &&policy, It first, It last, Comp comp) {
  return std::pair<It, It>(oneapi::dpl::min_element(policy, first, last, comp),
                           oneapi::dpl::max_element(policy, first, last, comp));
}
template <typename P, typename It>
__syclone::__policy_result<P, std::pair<It, It>> minmax_element(P &&policy, It first, It last) {
  return oneapi::dpl::minmax_element(policy, first, last, __syclone::__less{});
}

template <typename P, typename It, typename Comp>
__syclone::__policy_result<P, void> stable_sort(P &&policy, It first, It last, Comp comp) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n < 2) return;
    __syclone::__stage stage(policy.queue());
    auto v = __syclone::__prepare(stage, first, n, true);
    __syclone::__merge_sort<__syclone::__value_t<It>>(stage, n, comp, v);
  } else {
    std::stable_sort(first, last, comp);
  }
}
template <typename P, typename It>
__syclone::__policy_result<P, void> stable_sort(P &&policy, It first, It last) {
  oneapi::dpl::stable_sort(policy, first, last, __syclone::__less{});
}
template <typename P, typename It, typename Comp>
__syclone::__policy_result<P, void> sort(P &&policy, It first, It last, Comp comp) {
  oneapi::dpl::stable_sort(policy, first, last, comp);
}
template <typename P, typename It>
__syclone::__policy_result<P, void> sort(P &&policy, It first, It last) {
  oneapi::dpl::stable_sort(policy, first, last, __syclone::__less{});
}

// The keys sorted, each value moved with its key (stable here, which
// oneDPL allows).
template <typename P, typename KeyIt, typename ValueIt, typename Comp>
__syclone::__policy_result<P, void> sort_by_key(P &&policy, KeyIt keys_first, KeyIt keys_last, ValueIt values_first,
                                                Comp comp) {
  std::ptrdiff_t n = keys_last - keys_first;
  if (n < 2) return;
  if constexpr (__syclone::__on_device<P>) {
    auto first = oneapi::dpl::make_zip_iterator(keys_first, values_first);
    oneapi::dpl::stable_sort(policy, first, first + n, __syclone::__by_key<Comp>{comp});
  } else {
    std::vector<std::pair<__syclone::__value_t<KeyIt>, __syclone::__value_t<ValueIt>>> pairs;
    pairs.reserve(std::size_t(n));
    for (std::ptrdiff_t i = 0; i < n; ++i) pairs.emplace_back(keys_first[i], values_first[i]);
    std::stable_sort(pairs.begin(), pairs.end(), __syclone::__by_key<Comp>{comp});
    for (std::ptrdiff_t i = 0; i < n; ++i) {
      keys_first[i] = pairs[std::size_t(i)].first;
      values_first[i] = pairs[std::size_t(i)].second;
    }
  }
}
template <typename P, typename KeyIt, typename ValueIt>
__syclone::__policy_result<P, void> sort_by_key(P &&policy, KeyIt keys_first, KeyIt keys_last, ValueIt values_first) {
  oneapi::dpl::sort_by_key(policy, keys_first, keys_last, values_first, __syclone::__less{});
}
template <typename P, typename KeyIt, typename ValueIt, typename Comp>
__syclone::__policy_result<P, void> stable_sort_by_key(P &&policy, KeyIt keys_first, KeyIt keys_last,
                                                       ValueIt values_first, Comp comp) {
  oneapi::dpl::sort_by_key(policy, keys_first, keys_last, values_first, comp);
}
template <typename P, typename KeyIt, typename ValueIt>
__syclone::__policy_result<P, void> stable_sort_by_key(P &&policy, KeyIt keys_first, KeyIt keys_last,
                                                       ValueIt values_first) {
  oneapi::dpl::sort_by_key(policy, keys_first, keys_last, values_first, __syclone::__less{});
}

template <typename P, typename It, typename Comp>
__syclone::__policy_result<P, bool> is_sorted(P &&policy, It first, It last, Comp comp) {
  if constexpr (__syclone::__on_device<P>) {
    std::size_t n = __syclone::__distance(first, last);
    if (n < 2) return true;
    __syclone::__stage stage(policy.queue());
    auto in = __syclone::__prepare(stage, first, n, false);
    __syclone::__chunk_sums<std::size_t> descents(stage, n - 1);
    descents.run(stage, __syclone::__get_descent<Comp>{comp}, __syclone::__combine_values<__syclone::__plus>{},
                 std::size_t(0), true, in);
    return descents.total.read(0) == 0;
  } else {
    return std::is_sorted(first, last, comp);
  }
}
template <typename P, typename It>
__syclone::__policy_result<P, bool> is_sorted(P &&policy, It first, It last) {
  return oneapi::dpl::is_sorted(policy, first, last, __syclone::__less{});
}

// The vectorized searches of oneDPL: for each value of [values_first,
// values_last), result gets its position in the sorted [first, last)
// (lower_bound, upper_bound) or whether it is there (binary_search).
template <typename P, typename It, typename ValueIt, typename Out, typename Comp>
__syclone::__policy_result<P, Out> lower_bound(P &&policy, It first, It last, ValueIt values_first,
                                               ValueIt values_last, Out result, Comp comp) {
  return __syclone::__vectorized_search<__syclone::__search_kind::lower>(policy, first, last, values_first,
                                                                         values_last, result, comp);
}
template <typename P, typename It, typename ValueIt, typename Out>
__syclone::__policy_result<P, Out> lower_bound(P &&policy, It first, It last, ValueIt values_first,
                                               ValueIt values_last, Out result) {
  return oneapi::dpl::lower_bound(policy, first, last, values_first, values_last, result, __syclone::__less{});
}
template <typename P, typename It, typename ValueIt, typename Out, typename Comp>
__syclone::__policy_result<P, Out> upper_bound(P &&policy, It first, It last, ValueIt values_first,
                                               ValueIt values_last, Out result, Comp comp) {
  return __syclone::__vectorized_search<__syclone::__search_kind::upper>(policy, first, last, values_first,
                                                                         values_last, result, comp);
}
template <typename P, typename It, typename ValueIt, typename Out>
__syclone::__policy_result<P, Out> upper_bound(P &&policy, It first, It last, ValueIt values_first,
                                               ValueIt values_last, Out result) {
  return oneapi::dpl::upper_bound(policy, first, last, values_first, values_last, result, __syclone::__less{});
}
template <typename P, typename It, typename ValueIt, typename Out, typename Comp>
__syclone::__policy_result<P, Out> binary_search(P &&policy, It first, It last, ValueIt values_first,
                                                 ValueIt values_last, Out result, Comp comp) {
  return __syclone::__vectorized_search<__syclone::__search_kind::contains>(policy, first, last, values_first,
                                                                            values_last, result, comp);
}
template <typename P, typename It, typename ValueIt, typename Out>
__syclone::__policy_result<P, Out> binary_search(P &&policy, It first, It last, ValueIt values_first,
                                                 ValueIt values_last, Out result) {
  return oneapi::dpl::binary_search(policy, first, last, values_first, values_last, result, __syclone::__less{});
}

// Segments are runs of keys for which equal(previous, next) holds.
template <typename P, typename KeyIt, typename ValueIt, typename KeyOut, typename ValueOut, typename Equal,
          typename Op>
__syclone::__policy_result<P, std::pair<KeyOut, ValueOut>> reduce_by_segment(P &&policy, KeyIt keys_first,
                                                                               KeyIt keys_last, ValueIt values_first,
                                                                               KeyOut keys_result,
                                                                               ValueOut values_result, Equal equal,
                                                                               Op op) {
  static_assert(__syclone::__on_device<P>, "oneapi::dpl::reduce_by_segment runs with a device policy");
  std::size_t n = __syclone::__distance(keys_first, keys_last);
  if (n == 0) return {keys_result, values_result};
  __syclone::__stage stage(policy.queue());
  auto keys = __syclone::__prepare(stage, keys_first, n, false);
  auto values = __syclone::__prepare(stage, values_first, n, false);
  __syclone::__temporary<std::size_t> starts(stage.queue(), n);
  std::size_t segments = __syclone::__segment_starts(stage, n, equal, keys, starts);
  auto keys_out = __syclone::__prepare(stage, keys_result, segments, true);
  auto values_out = __syclone::__prepare(stage, values_result, segments, true);
  __syclone::__pointer_view<std::size_t> start_view{starts.get()};
  __syclone::__for_indices(stage, segments,
                           __syclone::__segment_reduce<__syclone::__value_t<ValueIt>, Op>{op, n, segments},
                           start_view, keys, values, keys_out, values_out);
  return {keys_result + std::ptrdiff_t(segments), values_result + std::ptrdiff_t(segments)};
}
template <typename P, typename KeyIt, typename ValueIt, typename KeyOut, typename ValueOut, typename Equal>
__syclone::__policy_result<P, std::pair<KeyOut, ValueOut>> reduce_by_segment(P &&policy, KeyIt keys_first,
                                                                               KeyIt keys_last, ValueIt values_first,
                                                                               KeyOut keys_result,
                                                                               ValueOut values_result, Equal equal) {
  return oneapi::dpl::reduce_by_segment(policy, keys_first, keys_last, values_first, keys_result, values_result,
                                        equal, __syclone::__plus{});
}
template <typename P, typename KeyIt, typename ValueIt, typename KeyOut, typename ValueOut>
__syclone::__policy_result<P, std::pair<KeyOut, ValueOut>> reduce_by_segment(P &&policy, KeyIt keys_first,
                                                                               KeyIt keys_last, ValueIt values_first,
                                                                               KeyOut keys_result,
                                                                               ValueOut values_result) {
  return oneapi::dpl::reduce_by_segment(policy, keys_first, keys_last, values_first, keys_result, values_result,
                                        __syclone::__equal{}, __syclone::__plus{});
}

namespace __syclone {
template <bool Inclusive, typename P, typename KeyIt, typename ValueIt, typename Out, typename T, typename Equal,
          typename Op>
Out __scan_by_segment(P &&policy, KeyIt keys_first, KeyIt keys_last, ValueIt values_first, Out result, T init,
                      Equal equal, Op op) {
  static_assert(__on_device<P>, "oneapi::dpl's scans by segment run with a device policy");
  std::size_t n = __distance(keys_first, keys_last);
  if (n == 0) return result;
  __stage stage(policy.queue());
  auto keys = __prepare(stage, keys_first, n, false);
  auto values = __prepare(stage, values_first, n, false);
  auto out = __prepare(stage, result, n, true);
  __temporary<std::size_t> starts(stage.queue(), n);
  std::size_t segments = __segment_starts(stage, n, equal, keys, starts);
  __pointer_view<std::size_t> start_view{starts.get()};
  __for_indices(stage, segments, __segment_scan<T, Op, Inclusive>{op, n, segments, init}, start_view, values, out);
  return result + std::ptrdiff_t(n);
}
}  // namespace __syclone

template <typename P, typename KeyIt, typename ValueIt, typename Out, typename Equal, typename Op>
__syclone::__policy_result<P, Out> inclusive_scan_by_segment(P &&policy, KeyIt keys_first, KeyIt keys_last,
                                                             ValueIt values_first, Out result, Equal equal, Op op) {
  using T = __syclone::__value_t<ValueIt>;
  return __syclone::__scan_by_segment<true>(policy, keys_first, keys_last, values_first, result, T(), equal, op);
}
template <typename P, typename KeyIt, typename ValueIt, typename Out, typename Equal>
__syclone::__policy_result<P, Out> inclusive_scan_by_segment(P &&policy, KeyIt keys_first, KeyIt keys_last,
                                                             ValueIt values_first, Out result, Equal equal) {
  return oneapi::dpl::inclusive_scan_by_segment(policy, keys_first, keys_last, values_first, result, equal,
                                                __syclone::__plus{});
}
template <typename P, typename KeyIt, typename ValueIt, typename Out>
__syclone::__policy_result<P, Out> inclusive_scan_by_segment(P &&policy, KeyIt keys_first, KeyIt keys_last,
                                                             ValueIt values_first, Out result) {
  return oneapi::dpl::inclusive_scan_by_segment(policy, keys_first, keys_last, values_first, result,
                                                __syclone::__equal{}, __syclone::__plus{});
}

template <typename P, typename KeyIt, typename ValueIt, typename Out, typename T, typename Equal, typename Op>
__syclone::__policy_result<P, Out> exclusive_scan_by_segment(P &&policy, KeyIt keys_first, KeyIt keys_last,
                                                             ValueIt values_first, Out result, T init, Equal equal,
                                                             Op op) {
  return __syclone::__scan_by_segment<false>(policy, keys_first, keys_last, values_first, result, init, equal, op);
}
template <typename P, typename KeyIt, typename ValueIt, typename Out, typename T, typename Equal>
__syclone::__policy_result<P, Out> exclusive_scan_by_segment(P &&policy, KeyIt keys_first, KeyIt keys_last,
                                                             ValueIt values_first, Out result, T init, Equal equal) {
  return oneapi::dpl::exclusive_scan_by_segment(policy, keys_first, keys_last, values_first, result, init, equal,
                                                __syclone::__plus{});
}
template <typename P, typename KeyIt, typename ValueIt, typename Out, typename T>
__syclone::__policy_result<P, Out> exclusive_scan_by_segment(P &&policy, KeyIt keys_first, KeyIt keys_last,
                                                             ValueIt values_first, Out result, T init) {
  return oneapi::dpl::exclusive_scan_by_segment(policy, keys_first, keys_last, values_first, result, init,
                                                __syclone::__equal{}, __syclone::__plus{});
}
template <typename P, typename KeyIt, typename ValueIt, typename Out>
__syclone::__policy_result<P, Out> exclusive_scan_by_segment(P &&policy, KeyIt keys_first, KeyIt keys_last,
                                                             ValueIt values_first, Out result) {
  using T = __syclone::__value_t<ValueIt>;
  return oneapi::dpl::exclusive_scan_by_segment(policy, keys_first, keys_last, values_first, result, T(0),
                                                __syclone::__equal{}, __syclone::__plus{});
}

}  // namespace dpl
}  // namespace oneapi
