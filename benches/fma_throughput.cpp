// Multiply-add throughput under the floating-point contraction modes.
//   fma_throughput [log2_work_items=20] [steps=2048]
// Each work-item runs `steps` multiply-adds on four independent
// accumulators, written two ways: as one expression (`acc = acc * x + y`,
// which -ffp-contract=on, the default, fuses into one FMA) and as two
// statements (`t = acc * x; acc = t + y`, which only -ffp-contract=fast
// lets the driver fuse). Build it with each -ffp-contract= and compare:
// prints GFLOP/s (2 flops per multiply-add) for both forms.
#include <sycl/sycl.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

template <typename Kernel>
double gflops(sycl::queue &q, size_t n, int steps, Kernel k) {
  q.parallel_for(sycl::range<1>(n), k).wait();  // pipeline creation
  double best = 0;
  for (int rep = 0; rep < 5; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    q.parallel_for(sycl::range<1>(n), k).wait();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double rate = 2.0 * 4 * double(steps) * double(n) / secs / 1e9;
    best = rate > best ? rate : best;
  }
  return best;
}

int main(int argc, char **argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 20;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 2048;
  const size_t n = size_t(1) << log2n;
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(2 * n, q);
  const float x = 0.999f, y = 0.001f;
  double one_expression = gflops(q, n, steps, [=](sycl::id<1> i) {
    float a0 = float(i % 7), a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3;
    for (int s = 0; s < steps; ++s) {
      a0 = a0 * x + y;
      a1 = a1 * x + y;
      a2 = a2 * x + y;
      a3 = a3 * x + y;
    }
    out[i] = a0 + a1 + a2 + a3;
  });
  double two_statements = gflops(q, n, steps, [=](sycl::id<1> i) {
    float a0 = float(i % 7), a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3;
    for (int s = 0; s < steps; ++s) {
      float t0 = a0 * x, t1 = a1 * x, t2 = a2 * x, t3 = a3 * x;
      a0 = t0 + y;
      a1 = t1 + y;
      a2 = t2 + y;
      a3 = t3 + y;
    }
    out[n + i] = a0 + a1 + a2 + a3;
  });
  // a_k = 1 + (a_0 - 1) x^k (y / (1 - x) = 1): both forms agree with it.
  size_t bad = 0;
  for (size_t i = 0; i < 2 * n; ++i) {
    double a0 = double(i % n % 7), want = 0;
    for (int k = 0; k < 4; ++k) want += 1 + (a0 + k - 1) * std::pow(double(x), steps);
    if (std::fabs(out[i] - want) > 1e-3 * want) bad++;
  }
  std::printf("device: %s, %zu work-items, %d steps\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(), n, steps);
  std::printf("one expression: %.0f GFLOP/s; two statements: %.0f GFLOP/s\n", one_expression,
              two_statements);
  sycl::free(out, q);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
