// What a kernel's first launch costs after the host has prepared its data:
// the queue is made, the host spends about HOST_MS milliseconds filling
// its arrays, then four kernels are launched and waited for one after the
// other, twice. Prints the wall time of each first and second launch. On
// a GPU the runtime builds these range and single_task kernels' pipelines
// while the host works (`SYCLONE_PREWARM`, native-runtime
// device/prewarm.rs); compare with SYCLONE_PREWARM=0.
//
//   first_launch [HOST_MS=100]
#include <sycl/sycl.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

using clock_type = std::chrono::steady_clock;

double ms_since(clock_type::time_point t) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - t).count();
}

int main(int argc, char **argv) {
  double host_ms = argc > 1 ? std::atof(argv[1]) : 100;
  auto start = clock_type::now();
  sycl::queue q;
  double open_ms = ms_since(start);
  constexpr size_t n = 1 << 22;
  float *x = sycl::malloc_device<float>(n, q);
  float *y = sycl::malloc_device<float>(n, q);
  float *stats = sycl::malloc_shared<float>(4, q);

  // The host's own work: data made on the host, for about host_ms.
  std::vector<float> hx(n), hy(n);
  auto prep = clock_type::now();
  unsigned seed = 1;
  do {
    for (size_t i = 0; i < n; ++i) {
      seed = seed * 1664525u + 1013904223u;
      hx[i] = float(seed >> 8) / float(1 << 24);
      hy[i] = std::sqrt(hx[i]);
    }
  } while (ms_since(prep) < host_ms);
  q.memcpy(x, hx.data(), n * sizeof(float));
  q.memcpy(y, hy.data(), n * sizeof(float)).wait();

  auto saxpy = [&] {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { y[i] = 2.5f * x[i] + y[i]; });
  };
  auto smooth = [&] {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      size_t l = i[0] == 0 ? 0 : i[0] - 1, r = i[0] + 1 == n ? i[0] : i[0] + 1;
      x[i] = 0.25f * y[l] + 0.5f * y[i] + 0.25f * y[r];
    });
  };
  auto waves = [&] {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      float v = x[i];
      for (int k = 1; k <= 8; ++k) v += sycl::sin(v * float(k)) * sycl::exp(-0.1f * float(k));
      y[i] = v;
    });
  };
  auto summary = [&] {
    q.single_task([=] {
      float lo = y[0], hi = y[0];
      for (size_t i = 1; i < 1024; ++i) {
        lo = sycl::fmin(lo, y[i]);
        hi = sycl::fmax(hi, y[i]);
      }
      stats[0] = lo;
      stats[1] = hi;
    });
  };
  std::function<void()> kernels[] = {saxpy, smooth, waves, summary};
  const char *names[] = {"saxpy", "smooth", "waves", "summary"};
  double first[4], second[4];
  for (double *times : {first, second}) {
    for (int k = 0; k < 4; ++k) {
      auto t = clock_type::now();
      kernels[k]();
      q.wait();
      times[k] = ms_since(t);
    }
  }
  std::printf("%s: queue made in %.1f ms, host work %.0f ms\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(), open_ms, ms_since(prep));
  double total_first = 0, total_second = 0;
  for (int k = 0; k < 4; ++k) {
    std::printf("%-8s first launch %7.2f ms, second %7.2f ms\n", names[k], first[k], second[k]);
    total_first += first[k];
    total_second += second[k];
  }
  std::printf("all four: first launches %.2f ms, second %.2f ms\n", total_first, total_second);
  bool ok = stats[0] <= stats[1];
  sycl::free(x, q);
  sycl::free(y, q);
  sycl::free(stats, q);
  std::printf(ok ? "PASSED\n" : "FAILED\n");
  return ok ? 0 : 1;
}
