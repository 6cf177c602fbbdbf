// oneDPL's random engines and distributions in a kernel, as oneAPI's
// Jacobi solver samples fill their matrices: each work-item makes an
// engine from one seed and an offset (`minstd_rand engine(seed, i * 3)`),
// so the work-items draw disjoint parts of one stream; uniform real and
// integer distributions and a normal one. Checked against std::minstd_rand
// on the host (the same values, offsets skipped by `discard`), and the
// distributions by their ranges, counts and moments.
#include <oneapi/dpl/random>
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>
#include <random>

int main() {
  sycl::queue q;
  const int n = 4096;
  float *real = sycl::malloc_shared<float>(n, q);
  int *dice = sycl::malloc_shared<int>(n, q);
  float *gauss = sycl::malloc_shared<float>(n, q);
  unsigned *skipped = sycl::malloc_shared<unsigned>(1, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     oneapi::dpl::minstd_rand engine(777, i[0] * 3);
     oneapi::dpl::uniform_real_distribution<float> unit(-1.f, 1.f);
     oneapi::dpl::uniform_int_distribution<int> die(1, 6);
     real[i] = unit(engine);
     dice[i] = die(engine);
     oneapi::dpl::minstd_rand other(2024, i[0] * 2);
     oneapi::dpl::normal_distribution<float> normal(5.f, 2.f);
     gauss[i] = normal(other);
     if (i[0] == 0) {
       oneapi::dpl::minstd_rand e(42);
       e.discard(100000);
       skipped[0] = e();
     }
   }).wait();

  int errors = 0;
  std::minstd_rand reference(42);
  reference.discard(100000);
  if (skipped[0] != reference()) {
    printf("wrong: discard\n");
    errors++;
  }
  std::minstd_rand stream(777);
  int counts[7] = {};
  bool in_order = true;
  for (int i = 0; i < n; ++i) {
    unsigned first = stream();
    stream();
    stream();
    float expect = -1.f + 2.f * float(first - 1) / float(2147483647 - 1);
    in_order = in_order && real[i] >= -1.f && real[i] < 1.f && std::fabs(real[i] - expect) < 1e-5f;
    if (dice[i] >= 1 && dice[i] <= 6) counts[dice[i]]++;
  }
  if (!in_order) {
    printf("wrong: the work-items' draws are not the stream's\n");
    errors++;
  }
  for (int d = 1; d <= 6; ++d) {
    if (counts[d] < n / 6 - n / 20 || counts[d] > n / 6 + n / 20) {
      printf("wrong: %d came up %d times\n", d, counts[d]);
      errors++;
    }
  }
  double mean = 0, var = 0;
  for (int i = 0; i < n; ++i) mean += gauss[i];
  mean /= n;
  for (int i = 0; i < n; ++i) var += (gauss[i] - mean) * (gauss[i] - mean);
  var /= n - 1;
  if (std::fabs(mean - 5.0) > 0.15 || std::fabs(std::sqrt(var) - 2.0) > 0.15) {
    printf("wrong: normal mean %f, deviation %f\n", mean, std::sqrt(var));
    errors++;
  }
  sycl::free(real, q);
  sycl::free(dice, q);
  sycl::free(gauss, q);
  sycl::free(skipped, q);
  if (errors == 0) printf("PASSED\n");
  return errors == 0 ? 0 : 1;
}
