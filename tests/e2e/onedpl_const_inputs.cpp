// oneDPL algorithms over read-only inputs: `const T *` USM pointers and
// `const std::vector<T> &` ranges. The library names the element type of
// such an input as `std::remove_reference_t<decltype(*it)>`, a `const T`,
// in a local alias of a function template; the device pass must see the
// same kernel types the host compiler does (it saw `T` and registered the
// kernel under another name: "no device image" at launch). Also function
// objects whose call operator is not const, as code ported from Thrust
// writes them, which oneDPL calls from its const kernels.
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/execution>
#include <oneapi/dpl/numeric>
#include <sycl/sycl.hpp>
#include <cstdio>
#include <functional>
#include <vector>

struct Square {
  float operator()(float x) const { return x * x; }
};

struct Offset {
  explicit Offset(float by) : by(by) {}
  float operator()(float x) { return x + by; } // not const
 private:
  float by;
};

static float sum_of(sycl::queue &q, const float *p, int n) {
  return std::reduce(oneapi::dpl::execution::make_device_policy(q), p, p + n, 0.0f, std::plus<float>());
}

static float norm2(sycl::queue &q, const float *p, int n) {
  return std::transform_reduce(oneapi::dpl::execution::make_device_policy(q), p, p + n, 0.0f,
                               std::plus<float>(), Square());
}

static long evens(sycl::queue &q, const std::vector<int> &v) {
  return std::count_if(oneapi::dpl::execution::make_device_policy(q), v.begin(), v.end(),
                       [](int x) { return x % 2 == 0; });
}

int main() {
  sycl::queue q;
  constexpr int n = 5000;
  float *data = sycl::malloc_shared<float>(n, q);
  float *copy = sycl::malloc_shared<float>(n, q);
  std::vector<int> ints(n);
  for (int i = 0; i < n; ++i) {
    data[i] = float(i % 7);
    ints[i] = i;
  }
  const float *in = data;
  const float sum = sum_of(q, in, n);
  const float squares = norm2(q, in, n);
  const long even = evens(q, ints);
  auto policy = oneapi::dpl::execution::make_device_policy(q);
  std::copy(policy, in, in + n, copy);
  const float *largest = std::max_element(policy, in, in + n);
  float *shifted = sycl::malloc_shared<float>(n, q);
  std::transform(policy, in, in + n, shifted, Offset(0.5f));

  float expected_sum = 0, expected_squares = 0;
  for (int i = 0; i < n; ++i) {
    expected_sum += data[i];
    expected_squares += data[i] * data[i];
  }
  bool ok = sum == expected_sum && squares == expected_squares && even == n / 2 &&
            *largest == 6.0f && largest - in == 6;
  for (int i = 0; i < n; ++i) ok = ok && copy[i] == data[i] && shifted[i] == data[i] + 0.5f;
  if (!ok)
    std::printf("sum %f (%f), squares %f (%f), evens %ld, largest %f at %td\n", sum, expected_sum,
                squares, expected_squares, even, *largest, largest - in);
  sycl::free(data, q);
  sycl::free(copy, q);
  sycl::free(shifted, q);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
