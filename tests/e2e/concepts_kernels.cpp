// syclcc-flags: -std=c++20
// C++20 concepts in device code, as a SYCL user writes them: constrained
// function templates (type-constraints, requires-clauses, trailing
// requires-clauses, constrained `auto` parameters) called from kernels, a
// constrained class template used as a kernel functor, another captured by
// a lambda, concepts of <concepts> and of the user's own with
// requires-expressions, and `requires` in `if constexpr` inside kernels.
#include <sycl/sycl.hpp>
#include <concepts>
#include <iostream>
#include <type_traits>

template <typename T> concept Arithmetic = std::is_arithmetic_v<T>;

// Something indexable with a size, as a user's own concept.
template <typename C> concept IndexedView = requires(const C &c, int i) {
  typename C::value_type;
  { c.size() } -> std::convertible_to<int>;
  { c[i] } -> std::convertible_to<typename C::value_type>;
};

template <Arithmetic T> T axpy(T a, T x, T y) { return a * x + y; }

template <typename T>
  requires std::floating_point<T>
T half_of(T v) { return v / T(2); }

template <typename T> T widen(T v) requires (sizeof(T) <= 2) { return T(v * 2); }

auto twice(std::integral auto v) { return v * 2; }
auto clamp_to(std::floating_point auto v, std::floating_point auto hi) { return v < hi ? v : hi; }

template <IndexedView V> typename V::value_type sum_view(const V &v) {
  typename V::value_type total{};
  for (int i = 0; i < v.size(); ++i) total += v[i];
  return total;
}

// A fixed-size view over a device pointer.
template <Arithmetic T, int N> struct Window {
  using value_type = T;
  const T *data;
  int size() const { return N; }
  T operator[](int i) const { return data[i]; }
};

// A constrained class template as the kernel functor.
template <std::floating_point T> struct Saxpy {
  T a;
  const T *x;
  T *y;
  void operator()(sycl::id<1> i) const { y[i] = axpy(a, x[i], y[i]); }
};

// Members chosen by the class's arguments.
template <Arithmetic T> struct Scale {
  T factor;
  T apply(T v) const requires std::integral<T> { return v * factor + 1; }
  T apply(T v) const requires std::floating_point<T> { return v * factor; }
};

struct Tally {
  int hits = 0;
  void note() { ++hits; }
};
struct Inert {};

// Does what the argument allows: `requires` in `if constexpr`.
template <typename T> int poke(T &t) {
  if constexpr (requires { t.note(); }) {
    t.note();
    return 10;
  } else if constexpr (requires { t += 1; }) {
    t += 1;
    return 20;
  } else {
    return 30;
  }
}

int main() {
  sycl::queue q;
  int errors = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok && errors++ < 10) std::cout << "FAILED: " << what << "\n";
  };

  // Constrained templates called from a kernel.
  int *r = sycl::malloc_shared<int>(12, q);
  float *f = sycl::malloc_shared<float>(4, q);
  int *in = sycl::malloc_shared<int>(8, q);
  for (int i = 0; i < 8; ++i) in[i] = i * i;
  const Scale<int> si{3};
  const Scale<float> sf{0.5f};
  q.single_task([=] {
     r[0] = axpy(2, 3, 4);
     r[1] = int(axpy(2.0, 3.0, 0.5) * 2);
     r[2] = widen(short(21));
     r[3] = twice(21) + int(twice(7L));
     r[4] = sum_view(Window<int, 8>{in});
     r[5] = si.apply(4);
     Tally t;
     int n = 5;
     Inert inert;
     const int pt = poke(t);
     r[6] = pt + t.hits;
     const int pn = poke(n);
     r[7] = pn + n;
     r[8] = poke(inert);
     constexpr bool has_size = requires(Window<int, 8> w) { w.size(); };
     r[9] = has_size + (IndexedView<Tally> ? 10 : 0);
     f[0] = half_of(9.0f);
     f[1] = clamp_to(2.5f, 1.25f);
     f[2] = sf.apply(3.0f);
     std::floating_point auto h = half_of(3.0);
     f[3] = float(h);
   }).wait();
  const int want[10] = {10, 13, 42, 56, 140, 13, 11, 26, 30, 1};
  for (int k = 0; k < 10; ++k) check(r[k] == want[k], "constrained templates in a kernel");
  check(f[0] == 4.5f && f[1] == 1.25f && f[2] == 1.5f && f[3] == 1.5f,
        "floating-point constrained templates in a kernel");

  // A constrained class template as the kernel functor.
  const int n = 1024;
  float *x = sycl::malloc_shared<float>(n, q);
  float *y = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  q.parallel_for(sycl::range<1>(n), Saxpy<float>{2.0f, x, y}).wait();
  for (int i = 0; i < n; ++i) check(y[i] == 2.0f * i + 1.0f, "a constrained functor");

  // A constrained class template captured by a kernel lambda, over a buffer.
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i) host[i] = i % 17;
  {
    sycl::buffer<int> buf(host.data(), sycl::range<1>(n));
    Scale<int> s{2};
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { acc[i] = s.apply(acc[i]) + twice(int(i[0] % 3)); });
    });
  }
  for (int i = 0; i < n; ++i) check(host[i] == (i % 17) * 2 + 1 + 2 * (i % 3), "a captured constrained class");

  sycl::free(r, q);
  sycl::free(f, q);
  sycl::free(in, q);
  sycl::free(x, q);
  sycl::free(y, q);
  std::cout << (errors ? "FAILED" : "PASSED") << "\n";
  return errors != 0;
}
