// std::initializer_list in kernels: std::min/max/minmax over braced lists
// (with and without a comparator), lists deduced for function templates and
// for `auto`, range-for over braced lists and list variables, size/begin/end,
// user functions taking lists, a class filled by an initializer-list
// constructor, lists of structs, and a pointer moved into a list made after
// its first use.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <initializer_list>
#include <iostream>
#include <iterator>
#include <utility>

struct Point {
  int x;
  int y;
};

// A fixed-capacity vector, filled from a braced list.
struct SmallVec {
  float data[4];
  int count;
  SmallVec(std::initializer_list<float> values) : count(0) {
    for (float v : values) {
      if (count < 4) data[count++] = v;
    }
  }
  float sum() const {
    float s = 0.f;
    for (int i = 0; i < count; ++i) s += data[i];
    return s;
  }
};

float weighted(std::initializer_list<float> weights, float x) {
  float s = 0.f;
  float p = 1.f;
  for (auto it = weights.begin(); it != weights.end(); ++it) {
    s += *it * p;
    p *= x;
  }
  return s;
}

template <typename T> T total(std::initializer_list<T> values) {
  T s{};
  for (const T &v : values) s += v;
  return s;
}

int sum_x(std::initializer_list<Point> points) {
  int s = 0;
  for (const Point &p : points) s += p.x;
  return s;
}

template <typename... Ts> int largest(Ts... xs) { return std::max({xs...}); }

int main() {
  sycl::queue q;
  constexpr int N = 24;
  int *ints = sycl::malloc_shared<int>(N, q);
  float *floats = sycl::malloc_shared<float>(N, q);
  for (int i = 0; i < N; ++i) {
    ints[i] = 0;
    floats[i] = 0.f;
  }
  ints[0] = 4;
  floats[0] = 2.5f;

  q.single_task([=] {
    int a = ints[0] + 3, b = 7, c = 5; // a = 7
    ints[1] = std::max({a, b, c});
    ints[2] = std::min({a, b, c, 9});
    ints[3] = std::max({a, b, c}, [](int l, int r) { return l % 4 < r % 4; }); // 7 % 4 = 3
    ints[4] = std::min({10, a, 12}, [](int l, int r) { return l > r; });     // largest
    auto mm = std::minmax({c, 2, a, 11});
    ints[5] = mm.first;
    ints[6] = mm.second;
    auto mr = std::minmax({c, 2, a}, [](int l, int r) { return l > r; });
    ints[7] = mr.first;
    ints[8] = mr.second;

    int s = 0;
    for (int x : {1, 2, 3, 4}) s += x;
    ints[9] = s;

    auto list = {a, b, c, 1};
    int t = 0;
    for (int x : list) t += x;
    ints[10] = t;
    ints[11] = static_cast<int>(list.size());
    ints[12] = *list.begin() + *(list.end() - 1); // 7 + 1
    ints[13] = static_cast<int>(std::end(list) - std::begin(list));
    ints[14] = total({3, 4, 5});
    ints[15] = sum_x({{1, 2}, {3, 4}, {5, 6}});
    Point far = std::max({Point{1, 9}, Point{4, 0}, Point{2, 2}},
                         [](Point l, Point r) { return l.x < r.x; });
    ints[16] = far.x * 10 + far.y;
    ints[17] = largest(3, a, 2);
    // A pointer moved into a list made after its first use.
    std::initializer_list<int> small = {1, 2};
    const int *p = small.begin();
    int first = *p;
    std::initializer_list<int> big = {5, 6, 7};
    p = big.begin() + 1;
    ints[22] = first * 10 + *p;

    float f = floats[0];
    floats[1] = std::max({f, 1.5f, -3.f});
    floats[2] = std::min({f, 1.5f, -3.f});
    floats[3] = total({0.5f, f});
    floats[4] = weighted({1.f, 2.f, 3.f}, f); // 1 + 2*2.5 + 3*6.25
    SmallVec v{1.f, 2.f, f};
    floats[5] = v.sum();
    floats[6] = static_cast<float>(v.count);
    float g = 0.f;
    for (float x : {f, 0.25f}) g += x;
    floats[7] = g;
  }).wait();

  // Each work-item keeps its own list: the backing arrays are per work-item.
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) {
    int k = static_cast<int>(i[0]);
    auto row = {k, k * k, 10 - k};
    int best = std::max(row);
    int low = std::min(row);
    ints[18 + k] = best * 100 + low;
  }).wait();

  const int want_ints[] = {4, 7, 5, 7, 12, 2, 11, 7, 2, 10, 20, 4, 8, 4, 12, 9, 40, 7,
                           1000, 901, 802, 903, 16};
  const float want_floats[] = {2.5f, 2.5f, -3.f, 3.f, 24.75f, 5.5f, 3.f, 2.75f};
  bool ok = true;
  for (int i = 0; i < 23; ++i) {
    if (ints[i] != want_ints[i]) {
      std::cout << "ints[" << i << "] = " << ints[i] << ", expected " << want_ints[i] << "\n";
      ok = false;
    }
  }
  for (int i = 0; i < 8; ++i) {
    if (floats[i] != want_floats[i]) {
      std::cout << "floats[" << i << "] = " << floats[i] << ", expected " << want_floats[i]
                << "\n";
      ok = false;
    }
  }
  sycl::free(ints, q);
  sycl::free(floats, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
