// std::array and a constexpr size captured by value into a kernel; the
// captured array walked with iterators (forward and reverse, compared and
// subtracted), and a captured class whose member functions return
// pointers into its array member.
#include <sycl/sycl.hpp>
#include <array>
#include <iostream>
#include <iterator>

constexpr int Taps = 4;

struct Window {
  float values[3];
  const float *first() const { return values; }
  const float *last() const { return values + 3; }
};

int main() {
  sycl::queue q;
  constexpr size_t N = 1000;
  std::array<float, Taps> weights{0.5f, 0.25f, 0.125f, 0.125f};
  float *in = sycl::malloc_shared<float>(N + Taps, q);
  float *out = sycl::malloc_shared<float>(N, q);
  for (size_t i = 0; i < N + Taps; ++i) in[i] = float(i % 17);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
    float acc = 0.0f;
    for (int t = 0; t < Taps; ++t) acc += weights[t] * in[i[0] + t];
    out[i[0]] = acc;
  }).wait();
  bool ok = true;
  for (size_t i = 0; i < N && ok; ++i) {
    float want = 0.0f;
    for (int t = 0; t < Taps; ++t) want += weights[t] * in[i + t];
    ok = out[i] == want;
  }

  // Iterators over captured objects.
  std::array<int, 5> digits{1, 2, 3, 4, 5};
  Window w{{0.5f, 1.5f, 2.5f}};
  int *r = sycl::malloc_shared<int>(6, q);
  q.single_task([=] {
    r[0] = int(digits.end() - digits.begin());
    r[1] = int(std::distance(std::begin(digits), std::end(digits)));
    int forward = 0;
    for (auto it = digits.begin(); it != digits.end(); ++it) forward = forward * 10 + *it;
    r[2] = forward;
    int backward = 0;
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) backward = backward * 10 + *it;
    r[3] = backward;
    float sum = 0.0f;
    for (const float *p = w.first(); p < w.last(); ++p) sum += *p;
    r[4] = int(sum * 10);
    r[5] = int(w.last() - w.first());
  }).wait();
  ok = ok && r[0] == 5 && r[1] == 5 && r[2] == 12345 && r[3] == 54321 && r[4] == 45 && r[5] == 3;
  if (!ok)
    std::cout << r[0] << " " << r[1] << " " << r[2] << " " << r[3] << " " << r[4] << " " << r[5] << "\n";
  sycl::free(r, q);
  sycl::free(in, q);
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
