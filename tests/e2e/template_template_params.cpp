// Template template parameters: class templates and alias templates passed
// as template arguments to class and function templates (explicitly, by
// default and deduced from an argument), forwarded through a parameter
// pack of constructor arguments, and kernels launched from function
// templates parameterized by a template (their names must match the host
// compiler's).
#include <sycl/sycl.hpp>
#include <cstdio>

template <typename T, int N = 2>
struct Box {
  T v[N];
};
template <typename T>
struct One {
  T v;
};
template <typename T>
using Pair = Box<T, 2>;

template <template <typename, int> class C>
struct Holder {
  C<int, 3> c;
};
template <template <typename...> class C = One>
struct Wrap {
  C<int> c;
};

// Deduced: `C` and its arguments from the argument's type.
template <template <typename, int> class C, typename T, int N>
int count(const C<T, N>& c) {
  return N + int(c.v[0]);
}
template <template <typename> class C, typename T>
T get(const C<T>& c) {
  return c.v;
}
template <template <typename> class A>
int via_alias() {
  A<int> a;
  a.v[1] = 4;
  return a.v[1];
}

// A benchmark-style harness: the template and its arguments' defaults come
// from the template template parameter's declaration.
template <typename T, bool Twice = false, bool Negate = false>
struct Scale {
  Scale(int base, size_t n) : value(T(base + int(n)) * (Twice ? 2 : 1) * (Negate ? -1 : 1)) {}
  T value;
};
template <class Bench, typename... Args>
float make(Args&&... args) {
  Bench b(1, args...);
  return float(b.value);
}
template <template <typename T, bool A = false, bool B = false> typename S>
float launch(size_t n) {
  return make<S<float>>(n) + make<S<float, true>>(n) + make<S<int, true, true>>(n);
}

// A kernel in a function template whose parameter is a template.
template <template <typename> class C>
void fill_from(sycl::queue& q, int* out, int base) {
  q.parallel_for(sycl::range<1>{4}, [=](sycl::id<1> i) {
    C<int> c{base + int(i[0])};
    out[i] = get(c) * 10;
  }).wait();
}

int main() {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(8, q);
  q.single_task([=] {
     Box<int, 3> b{{5, 0, 0}};
     p[0] = count(b);
     One<float> o{2.5f};
     p[1] = int(get(o) * 2);
     Wrap<> w;
     w.c.v = 9;
     p[2] = w.c.v;
     p[3] = via_alias<Pair>();
     Holder<Box> h;
     h.c.v[2] = 5;
     p[4] = h.c.v[2] + int(sizeof(h.c));
     p[5] = int(launch<Scale>(2));
   }).wait();
  int* f = sycl::malloc_shared<int>(4, q);
  fill_from<One>(q, f, 3);

  const int want[6] = {8, 5, 9, 4, 5 + 12, 3 + 6 - 6};
  int bad = 0;
  for (int i = 0; i < 6; ++i)
    if (p[i] != want[i]) {
      std::printf("p[%d] = %d, want %d\n", i, p[i], want[i]);
      ++bad;
    }
  for (int i = 0; i < 4; ++i)
    if (f[i] != (3 + i) * 10) {
      std::printf("f[%d] = %d, want %d\n", i, f[i], (3 + i) * 10);
      ++bad;
    }
  sycl::free(p, q);
  sycl::free(f, q);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
