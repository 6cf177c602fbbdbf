// Host code may use what the device pass does not model (<valarray> has no
// model here); a kernel that captures such an entity is an error naming it.
#include <sycl/sycl.hpp>
#include <valarray>

struct Stats {
  int count;
  std::valarray<double> samples; // expected-note {{'samples' is declared here}}
};

int main() {
  sycl::queue q;
  std::valarray<double> weights(1.0, 4); // expected-note {{'weights' is declared here}}
  Stats stats{4, weights};
  double host_sum = weights.sum() + stats.samples.sum();
  int *p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = int(i[0]); }); // fine: nothing opaque
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { // expected-note 1+ {{in the kernel invoked here}}
    p[i] = int(weights[i]); // expected-error {{kernel argument 'weights' has a type the device compiler does not know}}
  });
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { // expected-note 1+ {{in the kernel invoked here}}
    p[i] = stats.count; // expected-error {{kernel argument 'stats.samples' has a type the device compiler does not know}}
  });
  q.wait();
  return host_sum > 0 ? 0 : 1;
}
