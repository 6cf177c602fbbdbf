// std::complex<float> in kernels (code ported from CUDA's cuComplex or
// thrust::complex): construction, arithmetic with complex and real
// operands (a real divided by a complex too), comparisons,
// abs/arg/norm/conj/polar/exp/log/log10/sqrt/pow and the trigonometric,
// hyperbolic and inverse functions, checked against the host's libstdc++
// std::complex; the literals of std::complex_literals and stream output in
// host code.
#include <sycl/sycl.hpp>
#include <cmath>
#include <complex>
#include <cstdio>
#include <sstream>

using cf = std::complex<float>;

static cf combine(cf a, cf b) {
  cf r = a * b + a / b - cf(0.5f, -0.25f);
  r += 2.0f * std::conj(a);
  r *= cf(1.0f, 1.0f);
  r -= a * 0.5f;
  return r / 3.0f + std::polar(std::abs(b), std::arg(a));
}

int main() {
  sycl::queue q;
  const int n = 64;
  cf *in = sycl::malloc_shared<cf>(n, q);
  cf *out = sycl::malloc_shared<cf>(n * 4, q);
  float *reals = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < n; ++i) in[i] = cf(0.1f * (i - 20), 0.05f * (i % 13) + 0.01f);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> idx) {
     const int i = static_cast<int>(idx[0]);
     cf a = in[i], b = in[(i + 7) % n];
     out[i * 4] = combine(a, b);
     out[i * 4 + 1] = std::exp(a) + std::log(b);
     out[i * 4 + 2] = std::sqrt(a) - std::pow(b, 2.0f);
     cf z;
     z.real(a.imag());
     z.imag(std::norm(b));
     out[i * 4 + 3] = -z + (a == b ? cf(100.f) : cf(0.f)) + (a != a ? cf(200.f) : cf(0.f));
     reals[i] = std::real(a) + std::imag(b);
   }).wait();
  int errors = 0;
  auto close = [](cf x, cf y) { return std::abs(x - y) <= 1e-3f * (1.0f + std::abs(y)); };
  for (int i = 0; i < n; ++i) {
    cf a = in[i], b = in[(i + 7) % n];
    cf z(a.imag(), std::norm(b));
    cf want[4] = {combine(a, b), std::exp(a) + std::log(b), std::sqrt(a) - std::pow(b, 2.0f), -z};
    for (int k = 0; k < 4; ++k)
      if (!close(out[i * 4 + k], want[k]) && errors++ < 5)
        std::printf("element %d result %d: (%g, %g), want (%g, %g)\n", i, k, out[i * 4 + k].real(),
                    out[i * 4 + k].imag(), want[k].real(), want[k].imag());
    if (reals[i] != a.real() + b.imag()) errors++;
  }

  // The transcendental functions, from a value written with a literal.
  using namespace std::complex_literals;
  const cf base = 0.75f + 0.5if;
  const int fns = 10;
  cf *t = sycl::malloc_shared<cf>(n * fns, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> idx) {
     const int i = static_cast<int>(idx[0]);
     cf a = base * (0.05f * (i - n / 2)) + cf(0.1f, -0.2f);
     cf *r = t + i * fns;
     r[0] = std::sin(a);
     r[1] = std::cos(a);
     r[2] = std::tan(a);
     r[3] = std::sinh(a) + std::cosh(a);
     r[4] = std::tanh(a);
     r[5] = std::asin(a);
     r[6] = std::acos(a);
     r[7] = std::atan(a);
     r[8] = std::log10(a) + 2.0f / a;
     r[9] = std::pow(2.0f, a) + std::proj(a);
   }).wait();
  for (int i = 0; i < n; ++i) {
    cf a = base * (0.05f * (i - n / 2)) + cf(0.1f, -0.2f);
    cf want[fns] = {std::sin(a),  std::cos(a),  std::tan(a),  std::sinh(a) + std::cosh(a),
                    std::tanh(a), std::asin(a), std::acos(a), std::atan(a),
                    std::log10(a) + 2.0f / a,   std::pow(2.0f, a) + std::proj(a)};
    for (int k = 0; k < fns; ++k)
      if (!close(t[i * fns + k], want[k]) && errors++ < 10)
        std::printf("element %d function %d: (%g, %g), want (%g, %g)\n", i, k, t[i * fns + k].real(),
                    t[i * fns + k].imag(), want[k].real(), want[k].imag());
  }
  std::ostringstream text;
  text << base << ' ' << std::complex<double>(2.0 + 1i);
  if (text.str() != "(0.75,0.5) (2,1)") {
    std::printf("stream output: %s\n", text.str().c_str());
    errors++;
  }
  sycl::free(t, q);
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(reals, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
