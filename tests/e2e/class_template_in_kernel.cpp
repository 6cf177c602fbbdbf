// A class template with a static constexpr member and a member function
// template, instantiated inside a kernel; member class templates (and
// their partial specializations) of two instances of a class template,
// each its own class (CUB's `BlockLoad<T, N, ...>::LoadInternal<ALG, 0>`).
#include <sycl/sycl.hpp>
#include <iostream>

template <typename T, int Scale>
struct Scaler {
  static constexpr int factor = Scale;
  T offset;
  T apply(T x) const { return x * factor + offset; }
  template <typename U>
  U convert(T x) const { return static_cast<U>(apply(x)); }
};

template <typename T>
T clamp_to(T x, T lo, T hi) { return x < lo ? lo : (x > hi ? hi : x); }

enum Algorithm { Direct, Striped };

template <typename T, int Items>
struct Tile {
  template <Algorithm A, int Dummy>
  struct Loader;
  template <int Dummy>
  struct Loader<Striped, Dummy> {
    T base;
    void load(const T *in, T (&items)[Items]) const {
      for (int k = 0; k < Items; ++k) items[k] = in[k] + base;
    }
  };
  template <int Extra>
  struct Count {
    static int value() { return Items * 10 + Extra; }
  };
  static T sum_of(const T *in) {
    T items[Items];
    Loader<Striped, 0>{T(1)}.load(in, items);
    T s = 0;
    for (int k = 0; k < Items; ++k) s += items[k];
    return s + Count<1>::value();
  }
};

int main() {
  sycl::queue q;
  constexpr int N = 128;
  int *tiles = sycl::malloc_shared<int>(8, q);
  for (int k = 0; k < 8; ++k) tiles[k] = k;
  q.single_task([=] { tiles[7] = Tile<int, 2>::sum_of(tiles) * 1000 + Tile<int, 3>::sum_of(tiles); }).wait();
  bool tiles_ok = tiles[7] == (1 + 2 + 21) * 1000 + (1 + 2 + 3 + 31);
  if (!tiles_ok) std::cout << "FAILED: member class templates of two instances: " << tiles[7] << "\n";
  sycl::free(tiles, q);
  int *out = sycl::malloc_shared<int>(N, q);
  Scaler<float, 3> s{0.5f};
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
    float x = static_cast<float>(i[0]);
    out[i[0]] = clamp_to(s.convert<int>(x), 0, 300);
  }).wait();
  bool ok = tiles_ok;
  for (int i = 0; i < N; ++i) {
    int want = static_cast<int>(i * 3 + 0.5f);
    if (want > 300) want = 300;
    ok = ok && out[i] == want;
  }
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
