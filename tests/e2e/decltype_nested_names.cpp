// `decltype(expr)::member` as a nested-name-specifier: member types
// (`decltype(a)::value_type x;`, `typename decltype(t)::value_type` in
// templates), static member functions and data members, nested classes,
// enumerators of an enumeration named by decltype, accessors' and
// std::array's member types, in kernels and in the functions they call.
#include <sycl/sycl.hpp>
#include <array>
#include <iostream>
#include <type_traits>

template <class T> struct Vec3 {
  using value_type = T;
  static constexpr int size() { return 3; }
  static constexpr int dims = 3;
  struct Inner {
    T w;
    T twice() const { return w * T(2); }
  };
  template <class U> using rebind = Vec3<U>;
  T x, y, z;
};

enum class Mode { plain = 1, scaled = 4 };

template <class V> auto sum_of(const V &v) {
  typename std::decay_t<decltype(v)>::value_type s{};
  return s;
}

template <class V> auto total(V v) {
  typename decltype(v)::value_type s = v.x + v.y + v.z;
  return s * decltype(v)::size();
}

int main() {
  sycl::queue q;
  constexpr int N = 16;
  int *out = sycl::malloc_shared<int>(N * 4, q);
  sycl::buffer<float, 1> buf(N);
  {
    sycl::host_accessor h(buf);
    for (int i = 0; i < N; i++) h[i] = float(i) * 0.5f;
  }
  q.submit([&](sycl::handler &cgh) {
    sycl::accessor acc(buf, cgh, sycl::read_only);
    cgh.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
      int i = int(id[0]);
      int *o = out + i * 4;
      Vec3<float> a{acc[i], 1.0f, 2.0f};
      decltype(a)::value_type x = a.x * 4;          // float
      int n = decltype(a)::size() + decltype(a)::dims;
      decltype(a)::Inner in{x};
      decltype(a)::rebind<int> ai{i, 1, 2};
      typename decltype(acc)::value_type v = acc[i];  // accessor<float>: float
      std::array<short, 3> arr{short(i), 2, 3};
      decltype(arr)::value_type s = arr[0];           // short
      decltype(arr)::size_type len = arr.size();
      Mode m = Mode::scaled;
      int k = int(decltype(m)::plain) + int(decltype(m)::scaled);
      static_assert(std::is_same_v<decltype(x), float> && std::is_same_v<decltype(s), short>);
      static_assert(std::is_same_v<decltype(ai), Vec3<int>>);
      o[0] = int(x) + n + int(in.twice());
      o[1] = total(a) > 0 ? int(total(ai)) : -1;
      o[2] = int(v * 2) + s + int(len) + k;
      o[3] = int(sum_of(a)) + int(sizeof(decltype(a)::value_type));
    });
  }).wait();

  int errors = 0;
  for (int i = 0; i < N; i++) {
    const int *o = out + i * 4;
    float xi = float(i) * 0.5f * 4;
    bool ok = o[0] == int(xi) + 6 + int(xi * 2) && o[1] == (i + 3) * 3 &&
              o[2] == i + i + 3 + 5 && o[3] == 4;
    if (!ok && errors++ < 5)
      std::cout << "FAILED at " << i << ": " << o[0] << " " << o[1] << " " << o[2] << " " << o[3] << "\n";
  }
  sycl::free(out, q);
  std::cout << (errors ? "FAILED" : "PASSED") << "\n";
  return errors != 0;
}
