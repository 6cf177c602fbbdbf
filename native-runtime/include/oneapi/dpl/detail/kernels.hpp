// The kernels the algorithms are made of. Each is a function object the
// kernel calls with its index and the views it captured (`__launch`);
// the algorithms combine a few shapes:
// - one work-item per element (for_each, transform, searches);
// - chunks: each work-item folds a run of consecutive elements
//   (`__chunk_reduce`), one work-item folds the chunks' results in order
//   (`__chunk_prefix`), each work-item finishes its chunk with its
//   prefix (scans, compaction); operations need only be associative;
// - a merge sort of positions: each pass merges runs pairwise, every
//   element finding its place by binary search in the other run (stable).
#pragma once
#include <sycl/sycl.hpp>
#include <cstddef>
#include <cstdint>
#include "device_ranges.hpp"

namespace oneapi {
namespace dpl {
namespace __syclone {

// Runs body(i, views...) for every i in [0, n): the algorithms' kernel.
template <typename Body, typename... Views>
void __launch(sycl::handler &h, std::size_t n, Body body, Views... views) {
  h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { body(i[0], views...); });
}

// Runs body(item, views...) in one work-group of `size` work-items.
template <typename Body, typename... Views>
void __launch_group(sycl::handler &h, std::size_t size, Body body, Views... views) {
  h.parallel_for(sycl::nd_range<1>(size, size), [=](sycl::nd_item<1> it) { body(it, views...); });
}

// Submits one kernel of n work-items over the ranges' views.
template <typename Body, typename... Ranges>
void __for_indices(__stage &stage, std::size_t n, Body body, const Ranges &...ranges) {
  if (n == 0) return;
  stage.submit([&](sycl::handler &h) { __launch(h, n, body, ranges.view(h)...); });
}

// ---- Function objects the algorithms default to ----

struct __plus {
  template <typename A, typename B>
  auto operator()(const A &a, const B &b) const {
    return a + b;
  }
};
struct __multiplies {
  template <typename A, typename B>
  auto operator()(const A &a, const B &b) const {
    return a * b;
  }
};
struct __less {
  template <typename A, typename B>
  bool operator()(const A &a, const B &b) const {
    return a < b;
  }
};
struct __equal {
  template <typename A, typename B>
  bool operator()(const A &a, const B &b) const {
    return a == b;
  }
};
struct __minus {
  template <typename A, typename B>
  auto operator()(const A &a, const B &b) const {
    return a - b;
  }
};

// ---- How the chunked kernels read an element ----

// T(f(in[i])).
template <typename T, typename F>
struct __get_transformed {
  mutable F f;
  template <typename View>
  T operator()(const View &in, std::size_t i) const {
    return T(f(in[i]));
  }
};
struct __identity {
  template <typename X>
  X operator()(X x) const {
    return x;
  }
};
// 1 where pred(in[i]), else 0.
template <typename Pred>
struct __get_flag {
  mutable Pred pred;
  template <typename View>
  std::size_t operator()(const View &in, std::size_t i) const {
    return pred(in[i]) ? 1 : 0;
  }
};
// i where pred(in[i]), else n (the first such i is the smallest).
template <typename Pred>
struct __get_index_if {
  mutable Pred pred;
  std::size_t n;
  template <typename View>
  std::size_t operator()(const View &in, std::size_t i) const {
    return pred(in[i]) ? i : n;
  }
};
// 1 where a segment starts at i.
template <typename Equal>
struct __get_segment_start {
  mutable Equal equal;
  template <typename View>
  std::size_t operator()(const View &keys, std::size_t i) const {
    return i == 0 || !equal(keys[i - 1], keys[i]) ? 1 : 0;
  }
};
struct __get_index {
  template <typename View>
  std::size_t operator()(const View &, std::size_t i) const {
    return i;
  }
};

// op(a, b), for the chunked kernels' combine(in, a, b).
template <typename Op>
struct __combine_values {
  mutable Op op;
  template <typename View, typename A, typename B>
  auto operator()(const View &, const A &a, const B &b) const {
    return op(a, b);
  }
};
struct __combine_min {
  template <typename View>
  std::size_t operator()(const View &, std::size_t a, std::size_t b) const {
    return b < a ? b : a;
  }
};
// Of two positions a < b, the one whose element comp orders first
// (min_element) or last (Max: max_element); the earlier one of equal
// elements either way.
template <typename Comp, bool Max>
struct __combine_extreme {
  mutable Comp comp;
  template <typename View>
  std::size_t operator()(const View &in, std::size_t a, std::size_t b) const {
    if constexpr (Max) {
      return comp(in[a], in[b]) ? b : a;
    } else {
      return comp(in[b], in[a]) ? b : a;
    }
  }
};

// ---- Chunks ----

struct __chunking {
  std::size_t n, length, count;
  explicit __chunking(std::size_t elements) : n(elements) {
    length = (n + 4095) / 4096;
    if (length < 64) length = 64;
    count = (n + length - 1) / length;
  }
};

// partial[c] = get(in, b) ⊕ ... over chunk c.
template <typename T, typename Get, typename Combine>
struct __chunk_reduce {
  Get get;
  mutable Combine combine;
  std::size_t n, length;
  template <typename Partials, typename View>
  void operator()(std::size_t c, Partials partial, View in) const {
    std::size_t b = c * length, e = b + length < n ? b + length : n;
    T acc = get(in, b);
    for (std::size_t i = b + 1; i < e; ++i) acc = T(combine(in, acc, get(in, i)));
    partial[c] = acc;
  }
};

// One work-group: prefix[c] = init ⊕ partial[0] ⊕ ... ⊕ partial[c - 1],
// total[0] = init ⊕ every partial (without init where has_init is false).
// Each work-item folds a run of consecutive partials; the first prefixes
// the runs in order; each then prefixes its run's partials.
template <typename T, typename Combine>
struct __chunk_prefix {
  mutable Combine combine;
  std::size_t chunks;
  T init;
  bool has_init;
  template <typename Runs, typename Flags, typename Prefix, typename Total, typename Partials, typename View>
  void operator()(sycl::nd_item<1> it, Runs run, Flags valid, Prefix prefix, Total total, Partials partial,
                  View in) const {
    std::size_t t = it.get_local_id(0), size = it.get_local_range(0);
    std::size_t per = (chunks + size - 1) / size, b = t * per, e = b + per < chunks ? b + per : chunks;
    if (b < e) {
      T acc = partial[b];
      for (std::size_t c = b + 1; c < e; ++c) acc = T(combine(in, acc, partial[c]));
      run[t] = acc;
    }
    sycl::group_barrier(it.get_group());
    if (t == 0) {
      // run[k] becomes the prefix of run k; valid[k] whether it has one.
      T acc = init;
      bool have = has_init;
      for (std::size_t k = 0; k < size && k * per < chunks; ++k) {
        T v = run[k];
        run[k] = acc;
        valid[k] = have ? 1 : 0;
        acc = have ? T(combine(in, acc, v)) : v;
        have = true;
      }
      total[0] = acc;
    }
    sycl::group_barrier(it.get_group());
    if (b < e) {
      T acc = run[t];
      bool have = valid[t] != 0;
      for (std::size_t c = b; c < e; ++c) {
        prefix[c] = acc;
        acc = have ? T(combine(in, acc, partial[c])) : T(partial[c]);
        have = true;
      }
    }
  }
};

// Scans chunk c from its prefix: out[i] = prefix ⊕ ... ⊕ get(in, i)
// (Inclusive) or the value before it.
template <typename T, typename Get, typename Op, bool Inclusive>
struct __chunk_scan {
  Get get;
  mutable Op op;
  std::size_t n, length;
  T init;
  bool has_init;
  template <typename Prefix, typename View, typename Out>
  void operator()(std::size_t c, Prefix prefix, View in, Out out) const {
    std::size_t b = c * length, e = b + length < n ? b + length : n;
    bool have = c > 0 || has_init;
    T acc = c > 0 ? T(prefix[c]) : init;
    for (std::size_t i = b; i < e; ++i) {
      T v = get(in, i);
      if constexpr (Inclusive) {
        acc = have ? T(op(acc, v)) : v;
        have = true;
        out[i] = acc;
      } else {
        out[i] = acc;
        acc = T(op(acc, v));
      }
    }
  }
};

// Writes the elements of chunk c that pass to out from its prefix count
// (copy_if), or their positions (Positions: where segments start).
template <typename Pred, bool Positions>
struct __chunk_compact {
  mutable Pred pred;
  std::size_t n, length;
  template <typename Prefix, typename View, typename Out>
  void operator()(std::size_t c, Prefix prefix, View in, Out out) const {
    std::size_t b = c * length, e = b + length < n ? b + length : n;
    std::size_t at = prefix[c];
    for (std::size_t i = b; i < e; ++i) {
      if (pred(in, i)) {
        if constexpr (Positions) {
          out[at] = i;
        } else {
          out[at] = in[i];
        }
        ++at;
      }
    }
  }
};

// The chunk phase of a reduction or scan: the partials and prefixes of
// `get` folded with `combine`, and the total.
template <typename T>
struct __chunk_sums {
  __chunking chunks;
  __temporary<T> partial, prefix, total;
  __chunk_sums(__stage &stage, std::size_t n)
      : chunks(n), partial(stage.queue(), chunks.count), prefix(stage.queue(), chunks.count),
        total(stage.queue(), 1) {}

  template <typename Get, typename Combine, typename Range>
  void run(__stage &stage, Get get, Combine combine, T init, bool has_init, const Range &in) {
    __pointer_view<T> partials{partial.get()}, prefixes{prefix.get()}, totals{total.get()};
    __for_indices(stage, chunks.count, __chunk_reduce<T, Get, Combine>{get, combine, chunks.n, chunks.length},
                  partials, in);
    std::size_t group = chunks.count < __prefix_group ? chunks.count : __prefix_group;
    __chunk_prefix<T, Combine> body{combine, chunks.count, init, has_init};
    stage.submit([&](sycl::handler &h) {
      sycl::local_accessor<T, 1> runs(sycl::range<1>(group), h);
      sycl::local_accessor<int, 1> valid(sycl::range<1>(group), h);
      __launch_group(h, group, body, runs, valid, prefixes, totals, partials, in.view(h));
    });
  }
  // The work-group that prefixes the partials: a size every Vulkan device
  // has.
  static constexpr std::size_t __prefix_group = 128;
};

// ---- Sorting ----

struct __iota_positions {
  template <typename Positions>
  void operator()(std::size_t i, Positions p) const {
    p[i] = std::uint32_t(i);
  }
};

// One merge pass: runs of `width` positions merged pairwise from src to dst.
template <typename Comp>
struct __merge_pass {
  mutable Comp comp;
  std::size_t n, width;
  template <typename Positions, typename View>
  void operator()(std::size_t i, Positions src, Positions dst, View v) const {
    std::size_t base = i - i % (2 * width);
    std::size_t mid = base + width < n ? base + width : n;
    std::size_t end = base + 2 * width < n ? base + 2 * width : n;
    auto x = v[src[i]];
    if (i < mid) {
      // After the right run's elements that order before it.
      std::size_t lo = mid, hi = end;
      while (lo < hi) {
        std::size_t m = (lo + hi) / 2;
        if (comp(v[src[m]], x))
          lo = m + 1;
        else
          hi = m;
      }
      dst[i + (lo - mid)] = src[i];
    } else {
      // After the left run's elements that do not order after it.
      std::size_t lo = base, hi = mid;
      while (lo < hi) {
        std::size_t m = (lo + hi) / 2;
        if (!comp(x, v[src[m]]))
          lo = m + 1;
        else
          hi = m;
      }
      dst[base + (i - mid) + (lo - base)] = src[i];
    }
  }
};

struct __copy_to {
  template <typename From, typename To>
  void operator()(std::size_t i, From from, To to) const {
    to[i] = from[i];
  }
};
// v[i] = saved[order[i]].
struct __gather {
  template <typename Saved, typename Order, typename View>
  void operator()(std::size_t i, Saved saved, Order order, View v) const {
    v[i] = saved[order[i]];
  }
};

// Sorts the n elements of `range` (of values T) stably by comp.
template <typename T, typename Comp, typename Range>
void __merge_sort(__stage &stage, std::size_t n, Comp comp, const Range &range) {
  if (n < 2) return;
  __temporary<std::uint32_t> a(stage.queue(), n), b(stage.queue(), n);
  __pointer_view<std::uint32_t> src{a.get()}, dst{b.get()};
  __for_indices(stage, n, __iota_positions{}, src);
  for (std::size_t width = 1; width < n; width *= 2) {
    __for_indices(stage, n, __merge_pass<Comp>{comp, n, width}, src, dst, range);
    __pointer_view<std::uint32_t> t = src;
    src = dst;
    dst = t;
  }
  __temporary<T> saved(stage.queue(), n);
  __pointer_view<T> saved_view{saved.get()};
  __for_indices(stage, n, __copy_to{}, range, saved_view);
  __for_indices(stage, n, __gather{}, saved_view, src, range);
  stage.queue().wait();
}

// ---- Searches in a sorted range ----

enum class __search_kind { lower, upper, contains };

template <typename Comp, __search_kind Kind>
struct __search {
  mutable Comp comp;
  std::size_t n;
  template <typename Keys, typename Values, typename Out>
  void operator()(std::size_t j, Keys keys, Values values, Out out) const {
    auto x = values[j];
    std::size_t lo = 0, hi = n;
    while (lo < hi) {
      std::size_t m = (lo + hi) / 2;
      bool right = Kind == __search_kind::upper ? !comp(x, keys[m]) : comp(keys[m], x);
      if (right)
        lo = m + 1;
      else
        hi = m;
    }
    if constexpr (Kind == __search_kind::contains) {
      out[j] = lo < n && !comp(x, keys[lo]);
    } else {
      out[j] = lo;
    }
  }
};

// ---- Segments (runs of equal keys) ----

// Per segment s (from start[s] to the next start, or n): the keys' first
// and the values folded (Reduce), or the values scanned in place
// (Inclusive, or exclusive from init).
template <typename T, typename Op>
struct __segment_reduce {
  mutable Op op;
  std::size_t n, segments;
  template <typename Starts, typename Keys, typename Values, typename KeysOut, typename ValuesOut>
  void operator()(std::size_t s, Starts start, Keys keys, Values values, KeysOut keys_out,
                  ValuesOut values_out) const {
    std::size_t b = start[s], e = s + 1 < segments ? std::size_t(start[s + 1]) : n;
    keys_out[s] = keys[b];
    T acc = values[b];
    for (std::size_t i = b + 1; i < e; ++i) acc = T(op(acc, values[i]));
    values_out[s] = acc;
  }
};
template <typename T, typename Op, bool Inclusive>
struct __segment_scan {
  mutable Op op;
  std::size_t n, segments;
  T init;
  template <typename Starts, typename Values, typename Out>
  void operator()(std::size_t s, Starts start, Values values, Out out) const {
    std::size_t b = start[s], e = s + 1 < segments ? std::size_t(start[s + 1]) : n;
    T acc = init;
    for (std::size_t i = b; i < e; ++i) {
      T v = values[i];
      if constexpr (Inclusive) {
        acc = i == b ? v : T(op(acc, v));
        out[i] = acc;
      } else {
        out[i] = acc;
        acc = T(op(acc, v));
      }
    }
  }
};

// Where each segment of keys starts (equal: whether neighbours are in one
// segment); returns how many segments there are.
template <typename Equal, typename Range>
std::size_t __segment_starts(__stage &stage, std::size_t n, Equal equal, const Range &keys,
                             __temporary<std::size_t> &starts) {
  __chunk_sums<std::size_t> counts(stage, n);
  auto flag = __get_segment_start<Equal>{equal};
  counts.run(stage, flag, __combine_values<__plus>{}, std::size_t(0), true, keys);
  __pointer_view<std::size_t> prefixes{counts.prefix.get()}, out{starts.get()};
  __for_indices(stage, counts.chunks.count,
                __chunk_compact<__get_segment_start<Equal>, true>{flag, n, counts.chunks.length}, prefixes, keys,
                out);
  return counts.total.read(0);
}

}  // namespace __syclone
}  // namespace dpl
}  // namespace oneapi
