// syclcc-flags: -std=c++20
// Abbreviated function templates (C++20 `auto` parameters) in device code:
// free functions taking `auto`, `const auto &`, `auto *` and `auto... xs`,
// members of a class (a functor whose call operator takes the reducers
// as `auto &`, a member template mixing an explicit template parameter with
// an `auto` one), and kernels launched from an abbreviated template.
#include <sycl/sycl.hpp>
#include <iostream>

int twice(auto x) { return int(x * 2); }
float halve(const auto &x) { return float(x) * 0.5f; }
void bump(auto *p, int by) { *p += by; }
int count_args(auto... xs) { return int(sizeof...(xs)); }
auto sum_all(auto first, auto... rest) { return (first + ... + rest); }

struct CountAndMax {
  const int *data;
  void operator()(sycl::id<1> i, auto &count, auto &peak) const {
    if (data[i] % 3 == 0) count += 1;
    peak.combine(data[i]);
  }
};

struct Accumulator {
  template <typename T>
  void add(T &acc, auto v) const { acc += T(v); }
};

// The kernel's name comes from a lambda in each instance of this template.
void fill_scaled(sycl::queue &q, auto *out, int n, auto scale) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = decltype(scale)(i[0]) * scale; }).wait();
}

int main() {
  sycl::queue q;
  int errors = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok && errors++ < 10) std::cout << "FAILED: " << what << "\n";
  };

  int *r = sycl::malloc_shared<int>(8, q);
  q.single_task([=] {
     int v = 1;
     bump(&v, 4);
     float f = 1.5f;
     bump(&f, 2);
     Accumulator acc;
     long total = 0;
     acc.add(total, 2.5f);
     acc.add(total, short(7));
     r[0] = twice(21);
     r[1] = twice(2.5f);
     r[2] = int(halve(9) * 2.0f);
     r[3] = v;
     r[4] = int(f * 2.0f);
     r[5] = count_args() * 10 + count_args(1, 2.0f, 'c');
     r[6] = int(sum_all(1, 2L, short(3)) + sum_all(0.5f, 0.5f));
     r[7] = int(total);
   }).wait();
  const int want[8] = {42, 5, 9, 5, 7, 3, 7, 9};
  for (int k = 0; k < 8; ++k) check(r[k] == want[k], "abbreviated templates in a kernel");

  const int n = 1000;
  int *data = sycl::malloc_shared<int>(n, q);
  for (int i = 0; i < n; ++i) data[i] = (i * 37) % 101;
  int *count = sycl::malloc_shared<int>(1, q);
  int *peak = sycl::malloc_shared<int>(1, q);
  *count = 0;
  *peak = -1;
  q.parallel_for(sycl::range<1>(n), sycl::reduction(count, sycl::plus<int>()),
                 sycl::reduction(peak, sycl::maximum<int>()), CountAndMax{data})
      .wait();
  int want_count = 0, want_peak = -1;
  for (int i = 0; i < n; ++i) {
    want_count += data[i] % 3 == 0;
    want_peak = std::max(want_peak, data[i]);
  }
  check(*count == want_count && *peak == want_peak, "a functor taking its reducers as auto &");

  float *fo = sycl::malloc_shared<float>(n, q);
  fill_scaled(q, data, n, 3);
  fill_scaled(q, fo, n, 0.25f);
  for (int i = 0; i < n; ++i) check(data[i] == 3 * i && fo[i] == 0.25f * i, "kernels in an abbreviated template");

  sycl::free(r, q);
  sycl::free(data, q);
  sycl::free(count, q);
  sycl::free(peak, q);
  sycl::free(fo, q);
  std::cout << (errors ? "FAILED" : "PASSED") << "\n";
  return errors != 0;
}
