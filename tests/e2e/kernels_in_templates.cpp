// Kernels written inside function templates, member function templates and
// class templates, instantiated with several types: each instance is its own
// kernel, keyed by the enclosing function's mangled signature (also where a
// parameter names a member of a template parameter).
#include <sycl/sycl.hpp>
#include <array>
#include <iostream>
#include <vector>

template <typename T>
void scale(sycl::queue &q, std::vector<T> &v, T factor) {
  sycl::buffer<T, 1> b(v.data(), sycl::range<1>(v.size()));
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(b, h, sycl::read_write);
    h.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { a[i] *= factor; });
  });
}

namespace algo {
template <typename T, typename U>
auto add_into(sycl::queue &q, const std::vector<T> &x, std::vector<U> &y) {
  sycl::buffer<T, 1> bx(x.data(), sycl::range<1>(x.size()));
  sycl::buffer<U, 1> by(y.data(), sycl::range<1>(y.size()));
  q.submit([&](sycl::handler &h) {
    sycl::accessor ax(bx, h, sycl::read_only);
    sycl::accessor ay(by, h, sycl::read_write);
    h.parallel_for(sycl::range<1>(y.size()), [=](sycl::id<1> i) { ay[i] += static_cast<U>(ax[i]); });
  });
  return y.size();
}
} // namespace algo

template <int N, typename T>
T sum_first(sycl::queue &q, const T *data) {
  T result = 0;
  {
    sycl::buffer<T, 1> in(data, sycl::range<1>(N));
    sycl::buffer<T, 1> out(&result, sycl::range<1>(1));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(in, h, sycl::read_only);
      sycl::accessor r(out, h, sycl::write_only);
      h.single_task([=]() {
        T s = 0;
        for (int i = 0; i < N; ++i) s += a[i];
        r[0] = s;
      });
    });
  }
  return result;
}

struct Filler {
  template <typename T>
  void fill(sycl::queue &q, std::vector<T> &v, const T &value) const {
    sycl::buffer<T, 1> b(v.data(), sycl::range<1>(v.size()));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { a[i] = value; });
    });
  }
};

template <typename T>
struct Accumulator {
  T bias;
  void apply(sycl::queue &q, std::vector<T> &v) {
    sycl::buffer<T, 1> b(v.data(), sycl::range<1>(v.size()));
    T add = bias;
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { a[i] += add; });
    });
  }
};

template <typename T, std::size_t N>
void square_all(sycl::queue &q, std::array<T, N> &arr) {
  sycl::buffer<T, 1> b(arr.data(), sycl::range<1>(N));
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(b, h, sycl::read_write);
    h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { a[i] = a[i] * a[i]; });
  });
}

// Named kernels whose names carry a `const` type: written (`tripled<const
// T>`) and deduced (`T` from a `const float*` argument), beside the same
// names without it; each is its own kernel.
template <typename T> class doubled;
template <typename T> class tripled;
template <typename T>
void double_into(sycl::queue &q, T *src, float *dst) {
  q.parallel_for<doubled<T>>(sycl::range<1>(4), [=](sycl::id<1> i) { dst[i] = src[i] * 2; });
}
template <typename T>
void triple_const_into(sycl::queue &q, const T *src, float *dst) {
  q.parallel_for<tripled<const T>>(sycl::range<1>(4), [=](sycl::id<1> i) { dst[i] = src[i] * 3; });
}

// Parameters naming members of a template parameter (`typename
// P::value_type *`): the kernel's key spells them in their dependent form;
// a null pointer argument there deduces nothing; the declaration repeated
// after the definition (a header's prototype) is the same function.
struct Halves {
  using value_type = float;
  using scale_type = int;
  float *data;
};
template <typename P>
void halve(P params, typename P::value_type *spare, const typename P::scale_type &by, sycl::queue &q) {
  float *data = params.data;
  int divisor = by;
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { data[i] = data[i] / divisor + (spare ? 1.0f : 0.0f); })
      .wait();
}
template <typename P>
void halve(P params, typename P::value_type *spare, const typename P::scale_type &by, sycl::queue &q);

int main() {
  sycl::queue q;
  bool ok = true;

  float *halves = sycl::malloc_shared<float>(4, q);
  for (int i = 0; i < 4; ++i) halves[i] = 2.0f * i;
  halve(Halves{halves}, nullptr, 2, q);
  ok = ok && halves[3] == 3.0f;
  sycl::free(halves, q);

  float *src = sycl::malloc_shared<float>(4, q), *dst = sycl::malloc_shared<float>(4, q);
  for (int i = 0; i < 4; ++i) src[i] = float(i);
  const float *csrc = src;
  double_into(q, csrc, dst);  // doubled<const float>
  q.wait();
  ok = ok && dst[3] == 6.0f;
  src[3] = 5.0f;
  double_into(q, src, dst);  // doubled<float>
  q.wait();
  ok = ok && dst[3] == 10.0f;
  src[3] = 1.0f;
  triple_const_into(q, src, dst);  // tripled<const float>
  q.wait();
  ok = ok && dst[3] == 3.0f;
  sycl::free(src, q);
  sycl::free(dst, q);

  std::vector<int> vi(16, 2);
  std::vector<float> vf(16, 1.5f);
  scale(q, vi, 3);
  scale(q, vf, 2.0f);
  q.wait();
  ok = ok && vi[5] == 6 && vf[7] == 3.0f;

  std::vector<int> xs(8, 4);
  std::vector<double> ys(8, 0.5);
  std::vector<float> zs(8, 1.0f);
  auto n1 = algo::add_into(q, xs, ys);
  auto n2 = algo::add_into(q, xs, zs);
  q.wait();
  ok = ok && n1 == 8 && n2 == 8 && ys[3] == 4.5 && zs[2] == 5.0f;

  int ints[6] = {1, 2, 3, 4, 5, 6};
  float floats[4] = {0.5f, 0.25f, 0.125f, 0.125f};
  ok = ok && sum_first<6>(q, ints) == 21 && sum_first<3>(q, ints) == 6;
  ok = ok && sum_first<4>(q, floats) == 1.0f;

  Filler filler;
  std::vector<unsigned> vs(10);
  std::vector<double> vd(10);
  filler.fill(q, vs, 7u);
  filler.fill<double>(q, vd, 2.5);
  q.wait();
  ok = ok && vs[9] == 7 && vd[0] == 2.5;

  Accumulator<int> acc_i{10};
  Accumulator<float> acc_f{0.5f};
  acc_i.apply(q, vi);
  acc_f.apply(q, vf);
  q.wait();
  ok = ok && vi[0] == 16 && vf[0] == 3.5f;

  std::array<int, 4> a4{1, 2, 3, 4};
  std::array<long, 3> a3{5, 6, 7};
  square_all(q, a4);
  square_all(q, a3);
  q.wait();
  ok = ok && a4[3] == 16 && a3[2] == 49;

  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
