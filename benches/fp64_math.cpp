// The cost of the double-precision math functions in device code, which
// GLSL.std.450 lacks (the model <bits/syclone_fp64_math.h> computes them in
// double arithmetic), beside the same kernels in float (GLSL.std.450's,
// the device's own instructions). Each kernel evaluates one function per
// element over n elements and stores the result; prints nanoseconds per
// element for float and double, and their ratio. The results are checked
// against the host's <cmath> (error 1e-12 for double, 1e-5 for float,
// relative to the result or to 1, whichever is larger).
//   fp64_math [elements=4194304] [launches=5]
#include <sycl/sycl.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

enum Fn { Exp, Log, Sin, Pow, Atan2 };
const char *names[] = {"exp", "log", "sin", "pow", "atan2"};

template <typename T> T apply(Fn fn, T x) {
  switch (fn) {
  case Exp: return sycl::exp(x);
  case Log: return sycl::log(x);
  case Sin: return sycl::sin(x);
  case Pow: return sycl::pow(x, T(2.5));
  case Atan2: return sycl::atan2(x, T(1.5));
  }
  return x;
}

template <typename T> double run(sycl::queue &q, Fn fn, size_t n, int launches, bool &ok) {
  T *x = sycl::malloc_device<T>(n, q);
  T *y = sycl::malloc_device<T>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { x[i] = T(0.5) + T(i[0] % 1000) * T(0.01); }).wait();
  auto launch = [&] {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { y[i] = apply(fn, x[i]); }).wait();
  };
  launch();
  auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < launches; ++k) launch();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / launches;
  T got[1000];
  q.memcpy(got, y, sizeof got).wait();
  const double tol = sizeof(T) == 8 ? 1e-12 : 1e-5;
  for (int i = 0; i < 1000; ++i) {
    double want = apply<double>(fn, 0.5 + i * 0.01);
    if (std::fabs(got[i] - want) > tol * std::fmax(1.0, std::fabs(want))) {
      std::printf("%s(%g): got %.17g, want %.17g\n", names[fn], 0.5 + i * 0.01, double(got[i]), want);
      ok = false;
      break;
    }
  }
  sycl::free(x, q);
  sycl::free(y, q);
  return s * 1e9 / n;
}

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1 << 22;
  const int launches = argc > 2 ? std::atoi(argv[2]) : 5;
  sycl::queue q;
  std::printf("%s, %zu elements\n", q.get_device().get_info<sycl::info::device::name>().c_str(), n);
  if (!q.get_device().has(sycl::aspect::fp64)) {
    std::printf("no fp64\n");
    return 0;
  }
  bool ok = true;
  std::printf("%-6s %12s %12s %8s\n", "fn", "float ns/el", "double ns/el", "ratio");
  for (Fn fn : {Exp, Log, Sin, Pow, Atan2}) {
    double f = run<float>(q, fn, n, launches, ok);
    double d = run<double>(q, fn, n, launches, ok);
    std::printf("%-6s %12.3f %12.3f %8.1f\n", names[fn], f, d, d / f);
  }
  std::printf(ok ? "results checked\n" : "FAILED\n");
  return ok ? 0 : 1;
}
