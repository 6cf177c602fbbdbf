// Conversion function templates (`template <class T> operator T() const`,
// `operator T*()`, `operator T&()`): the template argument deduced from the
// type the conversion must yield, in copy-initialization, static_cast and
// functional casts, conditions, function arguments and overload resolution
// (user-defined conversion sequences), inside kernels and on the host.
#include <sycl/sycl.hpp>
#include <iostream>
#include <type_traits>

struct Pair {
  int a, b;
};

// Converts to any arithmetic type (one more than its value) or to a class
// built from it.
struct Any {
  int v;
  template <class T> operator T() const {
    if constexpr (std::is_arithmetic_v<T>)
      return T(v) + T(1);
    else
      return T{v, 2 * v};
  }
};

// A non-template conversion beats the template for the same type; the
// template gives the exact type otherwise.
struct Mixed {
  int v;
  operator int() const { return v * 10; }
  template <class T> operator T() const { return T(v) * T(100); }
};

// A pointer view of its storage, for any pointee it is asked for (const
// included).
struct View {
  float *data;
  template <class T> operator T *() const { return data; }
};

// A reference to its counter, modifiable through the reference.
struct Counter {
  int n;
  template <class T> operator T &() { return n; }
};

// Only to floating-point types (SFINAE on the deduced type): overload
// resolution picks the function whose parameter it converts to.
struct Real {
  double x;
  template <class T, std::enable_if_t<std::is_floating_point_v<T>, int> = 0> operator T() const {
    return T(x * 2);
  }
};

// `explicit`: static_cast and direct-initialization only.
struct Strict {
  int v;
  template <class T> explicit operator T() const { return T(v - 1); }
};

// To another instance of its own template.
template <class T> struct Box {
  T v;
  template <class U> operator Box<U>() const { return Box<U>{U(v) * U(2)}; }
};

float takes_float(float f) { return f * 2.0f; }
long takes_long(long l) { return l + 3; }
int overloaded(int i) { return i; }
int overloaded(double d) { return int(d) + 1000; }
int through_ptr(const float *p) { return int(p[0]); }

int main() {
  sycl::queue q;
  constexpr int N = 32;
  int *out = sycl::malloc_shared<int>(N * 9, q);
  float *data = sycl::malloc_shared<float>(N, q);
  for (int i = 0; i < N; i++) data[i] = float(i) * 0.5f;

  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = int(id[0]);
    int *o = out + i * 9;
    Any a{i};
    int ai = a;                          // T = int
    float af = a;                        // T = float
    long al = static_cast<long>(a);      // T = long
    double ad(a);                        // T = double
    Pair p = a;                          // T = Pair
    o[0] = ai + int(af * 2) + int(al) + int(ad) + p.a + p.b;
    o[1] = int(takes_float(a)) + int(takes_long(a)); // argument conversions
    Mixed m{i};
    int mi = m;     // the non-template operator int
    short ms = m;   // the template, exact
    double md = m;  // the template, exact
    o[2] = mi + ms + int(md);
    View v{data};
    float *fp = v;        // T = float
    const float *cp = v;  // T = const float
    o[3] = int(fp[i] * 4) + int(cp[i] * 2) + through_ptr(v);
    Counter c{i};
    int &r = c;   // T = int
    r += 5;
    o[4] = c.n;
    Real re{i * 0.25};
    o[5] = overloaded(re); // only `double` is viable
    Strict s{i};
    o[6] = static_cast<int>(s) + int(s) + (bool(s) ? 1 : 0);
    o[7] = (a ? 1 : 0) + (Any{-1} ? 10 : 0); // contextual conversion to bool: T = bool
    Box<int> bi{i};
    Box<float> bf = bi;                        // U = float
    auto bd = static_cast<Box<double>>(bi);    // U = double
    Pair pc = static_cast<Pair>(a);            // T = Pair
    o[8] = int(bf.v * 10) + int(bd.v) + pc.b;
  }).wait();

  int errors = 0;
  auto check = [&](bool ok, int i, const char *what) {
    if (!ok && errors++ < 10) std::cout << "FAILED at " << i << ": " << what << "\n";
  };
  for (int i = 0; i < N; i++) {
    const int *o = out + i * 9;
    check(o[0] == (i + 1) + 2 * (i + 1) + (i + 1) + (i + 1) + i + 2 * i, i, "deduced targets");
    check(o[1] == 2 * (i + 1) + (i + 1 + 3), i, "argument conversions");
    check(o[2] == 10 * i + 100 * i + 100 * i, i, "non-template preferred");
    check(o[3] == 2 * i + i + 0, i, "pointer conversions");
    check(o[4] == i + 5, i, "reference conversion");
    check(o[5] == int(i * 0.5) + 1000, i, "overload by viable conversion");
    check(o[6] == 2 * (i - 1) + (i != 1 ? 1 : 0), i, "explicit conversions");
    check(o[7] == 11, i, "contextual bool");
    check(o[8] == 20 * i + 2 * i + 2 * i, i, "to another instance, to a class by a cast");
  }

  // The same on the host.
  Any a{4};
  double hd = a;
  Mixed m{2};
  float mf = m;
  View v{data};
  const float *cp = v;
  Real re{1.5};
  if (hd != 5.0 || mf != 200.0f || cp[2] != 1.0f || overloaded(re) != 1003) {
    std::cout << "FAILED: host conversions\n";
    errors++;
  }

  sycl::free(out, q);
  sycl::free(data, q);
  std::cout << (errors ? "FAILED" : "PASSED") << "\n";
  return errors != 0;
}
