// Aggregates in device code: default member initializers, designated
// initializers, nested aggregates with brace elision, local arrays indexed
// at run time, array and aggregate members initialized by braced
// mem-initializers (`m_data{args...}`); a class with a defaulted default
// constructor beside others, whose members have default initializers;
// default member initializers that read earlier members and call member
// functions of the aggregate they initialize (also nested in another).
#include <sycl/sycl.hpp>
#include <iostream>

struct Params {
  float scale = 2.0f;
  int bias = 3;
  int clamp_hi = 1000;
};

struct Pair {
  int lo, hi;
};

struct Table {
  Pair ranges[2];
  int weights[4];
};

// Braced mem-initializers of array members, from a pack and from values,
// and of an aggregate member.
template <typename T, int N>
struct Small {
  template <typename... Args>
  Small(const Args &...args) : m_data{static_cast<T>(args)...}, m_bounds{0, N} {}
  T m_data[N];
  Pair m_bounds;
};

// Not an aggregate (it declares a constructor); `Counter c;` runs the
// defaulted constructor, which uses the default member initializers.
struct Counter {
  Counter() = default;
  explicit Counter(int start) : count(start) {}
  int count = 7;
  int step = 3;
};

// Default member initializers reading the members before them.
struct Dims {
  int w;
  int h = w + 1;
  int area = w * h;
  int perimeter = twice(w + h);
  int twice(int x) const { return 2 * x; }
};

struct Framed {
  Dims inner;
  int border = inner.area + inner.perimeter;
  Dims outer{inner.w + border};
};

int main() {
  sycl::queue q;
  {
    int *dims = sycl::malloc_shared<int>(64 * 8, q);
    q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> id) {
       int i = static_cast<int>(id[0]);
       Dims d{i};
       Dims e{i, 2};
       Framed f{{i}};
       int *o = dims + i * 8;
       o[0] = d.h;
       o[1] = d.area;
       o[2] = d.perimeter;
       o[3] = e.area;
       o[4] = e.perimeter;
       o[5] = f.border;
       o[6] = f.outer.area;
       o[7] = f.outer.perimeter;
     }).wait();
    for (int i = 0; i < 64; ++i) {
      Dims d{i}, e{i, 2};
      Framed f{{i}};
      int want[8] = {d.h, d.area, d.perimeter, e.area, e.perimeter, f.border, f.outer.area, f.outer.perimeter};
      for (int k = 0; k < 8; ++k)
        if (dims[i * 8 + k] != want[k]) {
          std::cout << "FAILED: member defaults of item " << i << " [" << k << "]: " << dims[i * 8 + k]
                    << " != " << want[k] << "\n";
          return 1;
        }
    }
    sycl::free(dims, q);
  }
  Counter host_counter;  // also in host code the device pass checks
  const int base = host_counter.count + host_counter.step;  // 10
  constexpr int N = 256;
  int *out = sycl::malloc_shared<int>(N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    Params p;                        // defaults
    Params custom{.scale = 1.0f, .bias = -1};  // clamp_hi defaulted
    Table t{{{0, 10}, {10, 20}}, {1, 2, 3, 4}};
    Table elided{0, 5, 5, 9, 4, 3, 2, 1};  // brace elision
    int tmp[4] = {i, i + 1, i + 2};  // last element zero
    int k = i % 4;
    int v = static_cast<int>(p.scale * i) + p.bias + tmp[k];
    v += static_cast<int>(custom.scale) + custom.bias + (custom.clamp_hi == 1000 ? 1 : 100);
    v += t.ranges[1].hi - t.ranges[0].lo + t.weights[k] + elided.ranges[1].lo + elided.weights[k];
    Small<int, 3> small(i, 2, 3.5f);  // the last element converts to 3
    v += small.m_data[0] - i + small.m_data[2] - 3 + small.m_bounds.hi - 3;
    Counter fresh, started(2);
    v += fresh.count + fresh.step + started.count + started.step - base;  // + 5
    tmp[k] = v;
    out[i] = tmp[k] < p.clamp_hi ? tmp[k] : p.clamp_hi;
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    int tmp[4] = {i, i + 1, i + 2, 0};
    int k = i % 4;
    int v = 2 * i + 3 + tmp[k] + 1 - 1 + 1 + 20 - 0 + (k + 1) + 5 + (4 - k) + 5;
    int want = v < 1000 ? v : 1000;
    if (out[i] != want) {
      std::cout << "FAILED at " << i << ": " << out[i] << " != " << want << "\n";
      ok = false;
      break;
    }
  }
  sycl::free(out, q);
  if (ok) std::cout << "PASSED\n";
  return ok ? 0 : 1;
}
